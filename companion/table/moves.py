"""The moves as the referee weighs them, in pure functions that keep no state: a move's
outcome and the first move of each outcome, the move a roll forces, whether a move is the
first steps of a turn, the dice a turn begun leaves, the game's moves as the journal
keeps them (the referee's history, for undo) and where in them the last turn began.

The referee (companion/table/referee.py) asks these while it judges; they read moves,
positions and journal events and change nothing, so the referee's module holds only
the session's state machine."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.model.position import Position
from companion.store.events import kept, read_position
from companion.table.answers import MoveLike, Played
from companion.texts import Joined


def history(events: Sequence[Any]) -> list[Played]:
    """Each move of the game as it stands (journal id, position before, words), for undo
    and for the words of a turn begun before a power cut."""
    found: list[Played] = []
    layouts: dict[object, Any] = {}
    before: Mapping[str, Any] | None = None
    for step in kept(events):
        if step.kind == "start":
            found = []
        elif step.kind == "move" and before is not None:
            said = step.announcement or ""
            found.append(Played(step.id, read_position(before, layouts), said, step.roll))
        before = step.after
    return found


def turn_begun(history: Sequence[Played]) -> int:
    """Where the last turn began in ``history``: a TENET turn is several moves (its steps,
    each but the first made with dice spent), any other game's turn one."""
    turn = len(history) - 1
    while turn > 0 and history[turn].before.spent:
        turn -= 1
    return turn


def turn_said(history: Sequence[Played]) -> str:
    """The words of the last turn so far, from its first step: a TENET turn is announced
    whole (docs/notation.md, TENET), its steps joined as the checker reads them."""
    return "; ".join(p.said for p in history[turn_begun(history) :])


def dice_left(roll: Sequence[int], spent: Sequence[int]) -> list[int]:
    """The dice of ``roll`` not yet ``spent`` (TENET: a turn goes on with the rest)."""
    left = list(roll)
    for value in spent:
        left.remove(value)
    return left


def dice_said(roll: Sequence[int], spent: Sequence[int]) -> Joined:
    """The dice of ``roll`` not yet ``spent`` as players say them: "6 und 3" (TENET:
    an undone step leaves the turn's other steps played, new-user trial s14 L6)."""
    return Joined(dice_left(roll, spent), " and ", de=" und ")


def begins(part: MoveLike, whole: MoveLike) -> bool:
    """Whether ``part`` is the first steps of the turn ``whole`` (TENET: its words begin
    the whole turn's, steps joined by "; ", and the turn goes on after it)."""
    return bool(part.after.spent) and whole.announcement.startswith(part.announcement + "; ")


def forced(legal: Sequence[MoveLike], position: Position) -> MoveLike | None:
    """The move of a roll whose every move has one outcome that leaves the board as it
    is (a pass), else None. Stops at the first move that shows otherwise."""
    first: MoveLike | None = None
    for m in legal:
        if first is None:
            if m.after.placement != position.placement:
                return None
            first = m
        elif outcome(m) != outcome(first):
            return None
    return first


def outcome(m: MoveLike) -> tuple[Any, ...]:
    """What a move leaves: the board, the stores, who moves next, the dice spent and the
    winner. Two moves with one outcome mean the same to the players."""
    return (m.after.placement, m.after.energy, m.after.to_move, m.after.spent, m.winner)


def outcomes(moves: Iterable[MoveLike], most: int) -> list[MoveLike]:
    """The first move of each outcome (board, stores, who moves next, dice spent, winner:
    one outcome, one meaning), in the order found, up to ``most`` outcomes: the search
    stops there (a board may fit thousands of outcomes, which nobody picks from)."""
    found: dict[Any, MoveLike] = {}
    for m in moves:
        found.setdefault(outcome(m), m)
        if len(found) == most:
            break
    return list(found.values())
