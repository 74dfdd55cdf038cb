"""A still board read against the position the referee shows, pure: what is said of it
before any move is looked for in it, and the move (or moves) of the roll it shows.

The referee hands these a board the camera saw still that is not its position; it says
and journals what they answer, and changes its phase (docs/referee.md). A board is
never read as a move while the page is ahead of the pieces, while they are being set
up, or while it shows more pieces of a colour than a player has: no move leads there.
Nothing here holds a referee.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.games.game import Game
from companion.model.boards import differences, seen, too_many
from companion.model.position import Position
from companion.table import moves
from companion.table.answers import SHOWN, Board, MoveLike, Phase, Played, Verdict
from companion.texts import colour, message, text


def objection(position: Position, phase: Phase, board: Board, ahead: bool) -> Verdict | None:
    """What a still board other than ``position`` is told before a move is looked for
    in it: the page is ahead of the pieces (``ahead``: never read the old board as a
    move), the pieces are being set up, or a colour stands on more fields than a player
    has pieces (no position of the game: ask, judge nothing, #31; while setting up, the
    fields to set are named instead). None: a move may be read from it."""
    expected = seen(position)
    if ahead:
        return Verdict("setup", text("referee.set_as_shown", diff=differences(expected, board)))
    if phase is Phase.SETUP:
        return Verdict("setup", text("referee.set_up", diff=differences(expected, board)))
    crowded = too_many(position, board)
    if crowded is not None:
        player, shown, each = crowded
        why = text("referee.too_many", colour=colour(player), shown=shown, each=each)
        return Verdict("setup", why)
    return None


def moved_before_roll(position: Position, board: Board) -> Verdict:
    """The pieces moved while the referee waits for a roll (or the game is over)."""
    diff = differences(seen(position), board)
    return Verdict("setup", text("referee.moved_before_roll", diff=diff))


def walked_back(position: Position, history: Sequence[Played], board: Board) -> bool:
    """TENET in mid-turn: the board before the last step again is no change made after
    it, so the dice left are not searched for a way back (R§6 steps go forward only in
    time: a turn grows by what the camera sees after its last step)."""
    return bool(position.spent and history) and board == seen(history[-1].before)


@dataclass(frozen=True)
class Found:
    """The moves a still board fits. One, and no verdict: the move made. Several: the
    first SHOWN, to choose from (the verdict asks which). None: the verdict says why
    (``illegal``, its choices the closest moves) or asks (a search's budget spent)."""

    fits: tuple[MoveLike, ...]
    verdict: Verdict | None = None


def looked_up(
    game: Game,
    position: Position,
    roll: tuple[int, ...],
    legal: Sequence[MoveLike],
    board: Board,
) -> Found:
    """The moves of ``roll`` from ``position`` that lead to ``board``: looked up among
    the ``legal`` moves, searched from the board, or whole turns searched (the game's
    :meth:`~companion.games.game.Game.match`)."""
    try:
        found = game.match(position, roll, legal, board)
    except CompanionError as exc:
        return Found((), Verdict("illegal", message(exc)))
    if found.unsure:  # a search's budget spent: ask, neither accept nor reject
        return Found((), Verdict("ambiguous", found.unsure))
    outcomes = moves.outcomes(found.fits, SHOWN + 1)
    if len(outcomes) == 1:
        return Found((outcomes[0],))
    if outcomes:
        fits = tuple(outcomes[:SHOWN])
        why = (
            text("referee.ambiguous")
            if len(outcomes) <= SHOWN
            else text("referee.ambiguous_many", count=SHOWN)
        )
        return Found(fits, Verdict("ambiguous", why, choices=tuple(m.announcement for m in fits)))
    reason = text("referee.no_move_leads", diff=differences(seen(position), board))
    near = found.nearest()  # looked for only now
    return Found((), Verdict("illegal", reason, choices=tuple(m.announcement for m in near)))
