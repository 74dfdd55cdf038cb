"""TENET with Miwin's dice (docs/tenet.md): the board, the rules, the notation, the checker.

:mod:`.board` is the board's circles, planets and dice; :mod:`.moves` walks one step and
searches the longest ways; :mod:`.rules` is the engine (a turn, its steps, the Pasch, the
stone); :mod:`.notation` reads and says a turn, :mod:`.check` judges one; :mod:`.turns`
lists whole turns, :mod:`.live` searches the turn that explains a board the camera saw;
:mod:`.selfplay` plays random games.
"""
