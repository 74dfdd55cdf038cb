"""The ZwiAner games, Gravitation and Tunnel X: one board, one notation, one checker.

The two rules engines (:mod:`.gravitation`, :mod:`.tunnelx`) share the board graph
(:mod:`.walk`), the turn being built (:mod:`.turn`), pushes (:mod:`.pushes`), the 1+2 roll
(:mod:`.onetwo`) and the :class:`~.moves.Move`; :mod:`.engines` finds either by name.
:mod:`.notation` reads and writes the spoken announcement, :mod:`.check` judges one,
:mod:`.teach` spells one out with its arithmetic, :mod:`.live` searches the moves that
leave a board the camera saw, :mod:`.selfplay` plays random games, and :mod:`.game` is
the two games as the referee asks them (companion/games/game.py).
"""
