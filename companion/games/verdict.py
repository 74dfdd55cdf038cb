"""What a checker answers about a spoken announcement: one type for every game.

Each game parses its own words and finds its own moves (companion/games/zwianer/check.py for the
ZwiAner games, games/tuerme/check.py, games/tenet/check.py); the answer has one shape,
the ``companion check --json`` contract of DESIGN.md: the verdict, the reason in a
player's words, the canonical announcement (of the move, or of the nearest legal one),
the position after the move, and what the player said.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from companion.errors import CompanionError
from companion.position import Position
from companion.texts import text

VERDICTS = ("legal", "illegal", "invalid", "ambiguous")


class Checked(Protocol):
    """What a checker needs of its game's move."""

    @property
    def announcement(self) -> str: ...
    @property
    def after(self) -> Position: ...
    @property
    def start(self) -> str | None: ...  # where the (first) moved piece stood
    @property
    def end(self) -> str | None: ...  # and where it ended

    def to_json(self) -> dict[str, Any]: ...


M = TypeVar("M", bound=Checked)


@dataclass(frozen=True)
class Verdict(Generic[M]):
    """The answer: ``move`` for a legal verdict; ``candidates`` the moves an ambiguous
    announcement fits, or the nearest legal moves to an illegal one."""

    verdict: str  # one of VERDICTS
    reason: str
    move: M | None = None
    candidates: tuple[M, ...] = ()
    offset: int | None = None  # where parsing failed (verdict "invalid")
    said: str | None = None  # what the player said, in canonical spelling (when it parsed)

    @property
    def announcement(self) -> str | None:
        """The canonical announcement of the move, or of the nearest legal move."""
        if self.move is not None:
            return self.move.announcement
        return self.candidates[0].announcement if self.candidates else None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "verdict": self.verdict,
            "reason": self.reason,
            "announcement": self.announcement,
            "position": self.move.after.to_json() if self.move is not None else None,
            "move": self.move.to_json() if self.move is not None else None,
        }
        if self.verdict == "ambiguous":
            data["candidates"] = [
                {"announcement": m.announcement, "from": m.start, "to": m.end}
                for m in self.candidates
            ]
        elif self.verdict == "illegal":
            data["nearest"] = [m.announcement for m in self.candidates]
        if self.offset is not None:
            data["offset"] = self.offset
        if self.said is not None:
            data["said"] = self.said
        return data


def named(verdict: Verdict[M]) -> tuple[list[M], str, str]:
    """The moves a verdict names (its move, or the moves the words fit, or the nearest
    legal ones), the verdict and its reason: what Game.named answers for a checker."""
    moves = [verdict.move] if verdict.move is not None else list(verdict.candidates)
    return moves, verdict.verdict, verdict.reason


def check_fields(position: Position, to: str | None, start: str | None) -> None:
    """CompanionError unless ``--to`` and ``--from`` (where given) are fields of the board."""
    for flag, fid in (("--to", to), ("--from", start)):
        if fid is not None and fid not in position.layout.fields:
            raise CompanionError(
                f"{flag} {fid!r}: layout {position.layout.name!r} has no such field"
            )


def announced(said: Verdict[Any], made: Position) -> tuple[str, str]:
    """Whether the checker's verdict on what a player said fits the move the referee saw:
    ``("legal", why)`` when the words name a legal move (or, ambiguous, moves) with the
    same outcome as ``made`` (the board, the stores); else ``("illegal", why)``."""
    if said.verdict == "invalid":
        return "illegal", text("referee.announcement_unparsed", reason=said.reason)
    fits = [m for m in ((said.move,) if said.move else said.candidates) if m is not None]
    outcome = (made.placement, made.energy)
    if said.verdict in ("legal", "ambiguous") and any(
        (m.after.placement, m.after.energy) == outcome for m in fits
    ):
        return "legal", text("referee.announcement_fits")
    if said.verdict != "illegal":
        return "illegal", text("referee.announcement_other", reason=said.reason)
    return "illegal", said.reason
