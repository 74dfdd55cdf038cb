"""Taking back the last move, pure: what an undo keeps of its roll, and what it says.

The referee's ``undo`` step asks :func:`undone` and applies the answer: the move taken
back from its history, the undo journalled, the table back in SETUP at the position
before the move (docs/referee.md, "Undo"). Nothing here holds a referee: these are
functions of the moves kept (:class:`~.answers.Played`, the last one last), the rules and
the board the referee shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.games.game import Game
from companion.model.position import Position
from companion.table import moves
from companion.table.answers import Played, Rules, Verdict
from companion.texts import colour, text


@dataclass(frozen=True)
class Undone:
    """The last move taken back: what the referee is left with."""

    before: Position  # the position before the move: the pieces are set back to it
    event: Mapping[str, Any]  # the undo event's data (the move it takes back, and how)
    #: The roll the same player moves with again once the pieces stand as before (None:
    #: the player rolls again, or the move had no roll).
    pending: tuple[int, ...] | None
    #: TENET's Pasch standing again, its clearing taken back: its position and roll.
    pasch: tuple[Position, tuple[int, ...]] | None
    verdict: Verdict


def undone(history: Sequence[Played], rules: Rules, game: Game, board: Mapping[str, str]) -> Undone:
    """The last of ``history`` taken back (``board``: the position shown now, as seen).

    The move only: the roll it was made with stays, and once the pieces stand as
    before, the same player moves again with it (no second roll: an undo is no way
    to roll a bad roll again). A roll read before the pieces are set back must be
    the same one. A move the roll forced (:func:`takes_roll`) is taken back
    with its roll: the player rolls (or types the roll) again. A Pasch's clearing
    (:func:`clears`) is taken back alone: the Pasch stands, and its player rolls
    next once the balls stand as before."""
    clearing = clears(game, history, board)
    with_roll = not clearing and takes_roll(history, rules)
    undoes, before, _, roll = history[-1]
    said_how = {"with_roll": True} if with_roll else {"clearing": True} if clearing else {}
    kept = None if with_roll or clearing else roll or None
    player = colour(before.to_move)
    if clearing:  # the Pasch stands, and its clearing window is open again
        said = text("referee.undone_clearing", player=player)
        pasch = (history[-2].before, roll)
        return Undone(before, {"undoes": undoes, **said_how}, kept, pasch, Verdict("info", said))
    if not roll:
        said = text("referee.undone")
    else:
        key = "referee.undone_with_roll" if with_roll else "referee.undone_roll"
        key += "_on" if before.spent and not with_roll else ""  # TENET mid-turn (s14 L6)
        left = moves.dice_said(roll, before.spent)
        said = text(key, player=player, dice="+".join(map(str, roll)), left=left)
    return Undone(before, {"undoes": undoes, **said_how}, kept, None, Verdict("info", said))


def takes_roll(history: Sequence[Played], rules: Rules) -> bool:
    """Whether taking back the last move takes its roll back too: a move its roll
    forced at a turn's start, played at once, that moved TENET's stone (its Pasch or
    stone die). Kept, the roll would play it again at once, so a mistyped roll could
    never be mended, while the record called the move taken back (new-user trial s11
    H4). A forced pass keeps its roll: taken back with it, the player would throw
    again, and the panel's undo button needs no PIN (review s11)."""
    if not history:
        return False
    _, before, _, roll = history[-1]
    if not roll or before.spent:
        return False
    try:
        forced = moves.forced(rules(before, roll), before)
    except CompanionError:
        return False
    return forced is not None and forced.after.stone != before.stone


def clears(game: Game, history: Sequence[Played], board: Mapping[str, str]) -> bool:
    """Whether the last move is the clearing of TENET's Pasch (R§6): the balls taken
    back to start after the forced Pasch of the same roll. Taken back, it is the
    clearing only: the Pasch stands, its player rolls next, and the balls may still be
    cleared (review s11 finding 5: the record called the whole turn taken back, and
    the undo kept the roll, which played the Pasch a second time)."""
    if len(history) < 2:
        return False
    pasch, last = history[-2], history[-1]
    if not last.roll or last.roll != pasch.roll:
        return False
    return game.clearing(pasch.before, last.roll, board) is not None
