"""What a game's journal says the table was doing when the plug was pulled.

Every event goes to the journal first (companion/store), so after a power cut the referee
takes the game up exactly where it stood (:meth:`.referee.Referee.resume`). The position is
the journal's fold; this module reads the rest from the events, as pure functions: the roll
read but not yet moved on (or the roll of an undone move, which no other roll replaces), an
announcement made before the move and still standing, the last move with its roll (the
page's trail and its "last move" field), and a forced move played last (TENET's Pasch,
whose clearing may still follow). Each was lost or said wrongly after a restart until
new-user trial s8 and review s8b (docs/referee.md, "After a power cut").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.games.game import game as rules_of
from companion.model.position import Position
from companion.store.events import fold
from companion.table import moves
from companion.table.answers import MoveLike, Played, Recorded, Rules

#: The events that change what the referee waits for.
STEPS = ("roll", "move", "correction", "undo", "start")


@dataclass(frozen=True)
class Resumed:
    """A game as its journal left it: what :meth:`.referee.Referee.resume` starts from."""

    position: Position
    history: list[Played]
    #: the roll read and not yet moved on, and whether it is an undone move's (kept)
    pending_roll: tuple[int, ...] | None = None
    kept_roll: bool = False
    #: the words of a legal announcement made before the move of the pending roll
    pending_said: str | None = None
    last_move: MoveLike | None = None
    last_roll: tuple[int, ...] | None = None
    #: the position and roll of a forced move played last (TENET's Pasch)
    pasch: tuple[Position, tuple[int, ...]] | None = None


def resumed(events: Sequence[Any], rules: Rules) -> Resumed:
    """The game of ``events`` (one game's journal, in order) as it stood at their end
    (ValueError where they hold no start)."""
    position = fold(list(events)).position
    if position is None:
        raise ValueError("the journal holds no start of this game")
    history = moves.history(events)
    last = next((e for e in reversed(events) if e.kind in STEPS), None)
    roll, kept = pending_roll(events, last, position)
    said = said_first(events) if roll is not None and not kept else None
    last_move, last_roll = last_kept(events, history, position)
    pasch = forced_last(last, history, rules)
    return Resumed(position, history, roll, kept, said, last_move, last_roll, pasch)


def pending_roll(
    events: Sequence[Any], last: Any, position: Position
) -> tuple[tuple[int, ...] | None, bool]:
    """The dice of a roll that was read but not yet moved on (still valid), and whether
    they are an undone move's, which the same player moves with again."""
    if last is not None and last.kind == "roll":
        return tuple(int(d) for d in last.data["dice"]), False
    if last is not None and last.kind == "undo" and last.data.get("with_roll"):
        return None, False  # a forced move taken back with its roll (Referee.undo)
    if last is not None and last.kind == "undo" and last.data.get("clearing"):
        return None, False  # a Pasch's clearing taken back: the Pasch stands, a roll next
    if last is not None and last.kind == "undo":  # the roll of the move taken back
        undone = next((e for e in events if e.id == last.data.get("undoes")), None)
        dice = tuple(int(d) for d in undone.data.get("roll", ())) if undone else ()
        return dice or None, bool(dice)
    if last is not None and last.kind == "correction" and last.data.get("pending_roll"):
        dice = tuple(int(d) for d in last.data["pending_roll"])  # kept: a move's taken back
        return dice, bool(last.data.get("kept_roll"))
    if position.spent:  # a TENET turn begun: its roll goes on
        roll = next((e for e in reversed(events) if e.kind == "roll"), None)
        if roll is not None:
            return tuple(int(d) for d in roll.data["dice"]), False
    return None, False


def said_first(events: Sequence[Any]) -> str | None:
    """The words of a legal announcement before the move still standing at the end of
    the journal: the last verdict said before the move since the last roll, if legal
    (a later wrong one, or an undo or fix, forgot it)."""
    for event in reversed(events):
        if event.kind in ("roll", "undo", "correction", "start"):
            return None
        if event.kind == "verdict" and event.data.get("before_move") is True:
            legal = event.data.get("verdict") == "legal" and event.data.get("said")
            return str(event.data["said"]) if legal else None
    return None


def last_kept(
    events: Sequence[Any], history: Sequence[Played], position: Position
) -> tuple[MoveLike | None, tuple[int, ...] | None]:
    """The last move and its roll, as the page showed them before the restart (its
    trail, the "last move" announcement field): the rules' own move where its words name
    it, else the move as recorded; none after an undo, a new game or the operator's fix."""
    last = next((e for e in reversed(events) if e.kind in STEPS[1:]), None)
    if not history or last is None or last.kind in ("undo", "start"):
        return None, None
    if last.kind == "correction" and "moves" not in last.data:
        return None, None  # the operator set the pieces: no move of the players
    played = history[-1]
    roll = tuple(int(d) for d in played.roll)
    try:
        named = rules_of(position.game).named(played.before, roll, played.said, 5000)[0]
    except (CompanionError, ValueError):
        named = ()
    now = (position.placement, position.energy, position.to_move, position.spent)
    for move in named:
        if move.announcement == played.said and moves.outcome(move)[:4] == now:
            return move, roll
    return Recorded(played.said, position), roll


def forced_last(
    last: Any, history: Sequence[Played], rules: Rules
) -> tuple[Position, tuple[int, ...]] | None:
    """The position and roll of a forced move (TENET's Pasch) that was the last thing
    played, so that balls its owners take back are still its clearing (R§6), as they
    were before the plug was pulled (review s8b), also after its clearing was taken back
    (review s11 finding 5); else None."""
    if last is not None and last.kind == "undo" and last.data.get("clearing") and history:
        pasch = history[-1]
        return pasch.before, tuple(int(d) for d in pasch.roll)
    if last is None or last.kind != "move" or not history:
        return None
    played = history[-1]
    roll = tuple(int(d) for d in played.roll)
    try:
        forced = moves.forced(rules(played.before, roll), played.before) if roll else None
    except CompanionError:
        return None
    return (played.before, roll) if forced is not None else None
