"""What the referee answers and what it asks of a game's moves: the :class:`Phase` a table
is in, the :class:`Verdict` said to the players, a move :class:`Played`, and the shape of
a move (:class:`MoveLike`) and of the rules (:class:`Rules`) that the referee judges with.
The page, the watcher and the command line read these without holding a referee."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from companion.model.position import Position
from companion.texts import text


class MoveLike(Protocol):
    """What the referee needs of a rules engine's move."""

    @property
    def after(self) -> Position: ...
    @property
    def announcement(self) -> str: ...
    @property
    def destroyed(self) -> Sequence[Any]: ...
    @property
    def winner(self) -> str | None: ...


@dataclass(frozen=True)
class Recorded:
    """A move as the journal recorded it (its words, the position after it), where the
    rules no longer build it after a restart."""

    announcement: str
    after: Position
    winner: str | None = None
    destroyed: tuple[Any, ...] = ()


class Rules(Protocol):
    def __call__(self, position: Position, roll: tuple[int, ...]) -> Sequence[MoveLike]: ...


#: How many legal moves the referee lists (for the page and :meth:`Referee.play`) and
#: counts; a roll may have a hundred thousand, which nobody picks from a list.
SHOWN = 100


class Phase(enum.Enum):
    SETUP = "set up the pieces"
    ROLL = "waiting for the roll"
    MOVE = "waiting for the move"
    DECIDE = "which move was meant?"
    REJECTED = "set the pieces back"
    OVER = "game over"

    @property
    def text(self) -> str:
        """The phase in the players' words (the page's ``phase_*``, companion/texts)."""
        return text(f"phase_{self.name.lower()}")


@dataclass(frozen=True)
class Verdict:
    """The referee's answer to an observation; ``kind`` is what the page and LEDs show."""

    kind: str  # legal | illegal | ambiguous | setup | ask | info
    reason: str
    announcement: str = ""
    choices: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.kind,
            "reason": self.reason,
            "announcement": self.announcement,
            "choices": list(self.choices),
        }


Board = Mapping[str, str]  # field id → piece colour, occupied fields only


class Played(NamedTuple):
    """One move of the game as it stands: its journal id (0 without a journal), the
    position before it, the words it is announced with (one step's, in TENET) and the
    roll it was made with (an undo keeps it: docs/referee.md, "Undo")."""

    id: int
    before: Position
    said: str
    roll: tuple[int, ...] = ()
