"""The tower race game (docs/tuerme.md): its track, rules, notation, checker and self-play.

:mod:`.track` lays the track out on the board's fields; :mod:`.rules` is the engine (one
or two pieces walked by the dice, towers, homes and goals); :mod:`.notation` reads and says
a move, :mod:`.check` judges one; :mod:`.selfplay` plays random games.
"""
