"""What a checker answers about a spoken announcement: one type for every game, and the
steps every checker takes the same way.

Each game parses its own words and finds its own moves (companion/games/zwianer/check.py for the
ZwiAner games, games/tuerme/check.py, games/tenet/check.py); the answer has one shape,
the ``companion check --json`` contract of DESIGN.md: the verdict, the reason in a
player's words, the canonical announcement (of the move, or of the nearest legal one),
the position after the move, and what the player said.

What the checkers share is here: the ``--to``/``--from`` fields checked
(:func:`check_fields`), words that do not parse made the verdict "invalid"
(:func:`judged`), words that fit several moves told legal or ambiguous
(:func:`fitting`), and an illegal verdict naming the nearest legal announcements
(:func:`nearest`, :func:`illegal`). How a game reads its words, plays them and explains
a refusal stays the game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

from companion.errors import CompanionError, InvalidAnnouncement
from companion.model.position import Position
from companion.texts import Joined, board, message, quoted, swapped, text

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
    @property
    def outcome(self) -> Hashable: ...  # what the board shows after it

    def to_json(self) -> dict[str, Any]: ...


M = TypeVar("M", bound=Checked)
S = TypeVar("S")  # what a game's parser makes of the words


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
            where = board(position.layout.name)
            said = text("position.no_such_field", flag=flag, field=repr(fid), layout=where)
            raise CompanionError(said)


def judged(
    words: str,
    parse: Callable[[str], S],
    judge: Callable[[S], Verdict[M]],
    spell: Callable[[S], str],
) -> Verdict[M]:
    """The verdict on ``words``: "invalid" (the reason, the offset where they stop making
    sense) when ``parse`` raises InvalidAnnouncement, else what ``judge`` makes of them,
    with ``spell`` giving the canonical spelling of what was said (``Verdict.said``)."""
    try:
        said = parse(words)
    except InvalidAnnouncement as exc:
        return Verdict("invalid", message(exc), offset=exc.offset)
    return replace(judge(said), said=spell(said))


def fitting(said: str, there: Sequence[M], describe: Callable[[M], str]) -> Verdict[M]:
    """The verdict on words (``said``, quoted in the reason) that fit the moves ``there``
    (one at least): legal when they all leave one outcome, else ambiguous, with up to
    four of them described and the flag that tells them apart (``--from`` when they all
    end on one field)."""
    first: dict[Hashable, M] = {}
    for m in there:
        first.setdefault(m.outcome, m)
    distinct = list(first.values())  # one per outcome, in their order
    if len(distinct) == 1:
        return Verdict("legal", describe(there[0]), move=there[0])
    more = text("check.more", count=len(distinct) - 4) if len(distinct) > 4 else ""
    one_end = len({m.end for m in distinct}) == 1  # then only the piece tells them apart
    reason = text(
        "check.ambiguous",
        said=quoted(said),
        count=len(distinct),
        moves=Joined((describe(m) for m in distinct[:4]), "; "),
        more=more,
        hint=text("check.hint_from") if one_end else text("check.hint_to"),
    )
    return Verdict("ambiguous", reason, candidates=tuple(distinct))


#: An ambiguity said without the way to name the move (:func:`without_hint`).
HINTLESS = {"check.ambiguous": "check.ambiguous_bare"}


def without_hint(reason: str) -> str:
    """``reason`` with each "fits N moves" said without its hint (``--to`` on the command
    line, "tap the target field" on the page): for words said after the move, and for
    the game's record, where it reads as advice for a move still to make (review s12
    finding 7)."""
    said = swapped(reason, HINTLESS)
    return said if isinstance(said, str) else reason


def nearest(moves: Iterable[M], key: Callable[[M], Any], to: str | None = None) -> tuple[M, ...]:
    """The first three moves by ``key`` (smallest first), those ending on ``to`` (the
    field the camera saw the piece end on) before the rest; one per announcement."""
    out: list[M] = []
    for m in sorted(moves, key=lambda m: (to is not None and m.end != to, key(m))):
        if all(m.announcement != o.announcement for o in out):
            out.append(m)
        if len(out) == 3:
            break
    return tuple(out)


def illegal(reason: str, near: Sequence[M]) -> Verdict[M]:
    """The verdict "illegal": ``reason``, followed by the nearest legal announcements."""
    if near:
        listed = Joined((quoted(m.announcement) for m in near), " | ", ", ")
        reason = text("check.nearest", reason=reason, nearest=listed)
    return Verdict("illegal", reason, candidates=tuple(near))


def announced(said: Verdict[Any], made: Position) -> tuple[str, str]:
    """Whether the checker's verdict on what a player said fits the move the referee saw:
    ``("legal", why)`` when the words name a legal move (or, ambiguous, moves) with the
    same outcome as ``made`` (the board, the stores); ``("invalid", why)`` when they do
    not parse (no verdict on the move); else ``("illegal", why)``."""
    if said.verdict == "invalid":
        return "invalid", said.reason
    fits = [m for m in ((said.move,) if said.move else said.candidates) if m is not None]
    outcome = (made.placement, made.energy)
    if said.verdict in ("legal", "ambiguous") and any(
        (m.after.placement, m.after.energy) == outcome for m in fits
    ):
        return "legal", text("referee.announcement_fits")
    if said.verdict != "illegal":
        return "illegal", text("referee.announcement_other", reason=said.reason)
    return "illegal", said.reason
