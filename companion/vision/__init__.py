"""Vision: locate the board, read every field, tell still frames from busy ones; read dice.

Vision never imports the rules: it reports what it sees (which colour stands on which
field, and how sure it is); the referee compares that with the game.

Imported by synth, the tray, the table, the page and the command line (docs/architecture.md).
"""

from companion.vision.board.learn import default_profiles
from companion.vision.board.locate import Intrinsics, Location, Locator
from companion.vision.board.profiles import Profiles
from companion.vision.board.reader import BoardRead, BoardReader

__all__ = [
    "BoardRead",
    "BoardReader",
    "Intrinsics",
    "Location",
    "Locator",
    "Profiles",
    "default_profiles",
]
