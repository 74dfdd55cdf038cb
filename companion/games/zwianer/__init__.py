"""The ZwiAner games, Gravitation and Tunnel X: one board, one notation, one checker.

The two rules engines (:mod:`.gravitation`, :mod:`.tunnelx`) share the board graph
(:mod:`.walk`), the turn being built (:mod:`.turn`), pushes (:mod:`.pushes`), the 1+2 roll
(:mod:`.onetwo`) and the :class:`~.moves.Move`; :mod:`.notation` reads and writes the
spoken announcement, :mod:`.check` judges one, :mod:`.live` searches the moves that leave
a board the camera saw, :mod:`.selfplay` plays random games.
"""
