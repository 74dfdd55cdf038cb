"""Taking back and setting right, over the referee's state: the undo of the last move,
the operator's correction of the position, and a correction of a move recorded and gone on
from (the corrected game is built by :mod:`.correction`).

Each leaves the referee in SETUP, waiting for the pieces to stand as the page shows them;
what it keeps of the roll is the rule each function states. :class:`.referee.Referee`'s
``undo``, ``correct`` and ``rewrite`` are the steps that call these (their events one
transaction, the listeners told after); ``undo_takes_roll`` and ``undo_clears`` ask
:func:`takes_roll` and :func:`clears`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError
from companion.games.game import Game
from companion.model.boards import seen
from companion.model.position import Position
from companion.table import moves
from companion.table.answers import MoveLike, Phase, Played, Rules, Verdict
from companion.texts import colour, text

if TYPE_CHECKING:
    from companion.table.referee import Referee


def undo(ref: Referee) -> Verdict:
    """Take back the last accepted move (journal keeps both the move and the undo).

    The move only: the roll it was made with stays, and once the pieces stand as
    before, the same player moves again with it (no second roll: an undo is no way
    to roll a bad roll again). A roll read before the pieces are set back must be
    the same one. A move the roll forced (:func:`takes_roll`) is taken back
    with its roll: the player rolls (or types the roll) again. A Pasch's clearing
    (:func:`clears`) is taken back alone: the Pasch stands, and its player rolls
    next once the balls stand as before."""
    ref._fresh = False
    if not ref._history:
        return ref._say(Verdict("info", text("referee.nothing_to_undo")))
    clearing = clears(ref.game, ref._history, seen(ref.position))
    with_roll = not clearing and takes_roll(ref._history, ref.rules)
    undone, before, _, roll = ref._history.pop()
    said_how = {"with_roll": True} if with_roll else {"clearing": True} if clearing else {}
    ref._record("undo", {"undoes": undone, **said_how})
    ref.position, ref.last_move, ref.last_roll = before, None, None
    ref.roll, ref.candidates, ref._legal = None, [], []
    ref.phase, ref._pasch, ref.announced = Phase.SETUP, None, None
    kept = None if with_roll or clearing else roll or None
    ref._pending_roll, ref._kept_roll = kept, kept is not None
    ref._last_board, ref._unseen = None, False
    ref._changed()
    if clearing:  # the Pasch stands, and its clearing window is open again
        ref._pasch = (ref._history[-1].before, roll)
        said = text("referee.undone_clearing", player=colour(before.to_move))
        return ref._say(Verdict("info", said))
    if not roll:
        return ref._say(Verdict("info", text("referee.undone")))
    key = "referee.undone_with_roll" if with_roll else "referee.undone_roll"
    said = text(key, player=colour(before.to_move), dice="+".join(map(str, roll)))
    return ref._say(Verdict("info", said))


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


def correct(ref: Referee, position: Position) -> Verdict:
    """The operator sets the position (after a misread or a dispute)."""
    ref._fresh = False
    ref._record("correction", {"position": position.to_json()})
    ref.position, ref.roll, ref.candidates, ref._legal = position, None, [], []
    ref.phase, ref._pasch, ref.announced = Phase.SETUP, None, None
    ref._last_board, ref._unseen = None, False
    ref._changed()
    return ref._say(Verdict("info", text("referee.corrected")))


def rewrite(
    ref: Referee,
    event: Mapping[str, Any],
    position: Position,
    last: MoveLike | None,
    said: str,
) -> Verdict:
    """Record a correction of a move (``event``, built by companion.table.correction) and go
    on from ``position``, the game as corrected; ``last`` is its last move, ``said``
    the verdict's sentence. A roll being played stays when the same player is still
    to move; the pieces are then set up as the page shows them."""
    ref._fresh = False
    if ref.journal is None:
        return ref._say(Verdict("info", text("referee.nothing_to_correct")))
    keep = ref.roll if ref.roll and position.to_move == ref.position.to_move else None
    if keep and ref.position.spent:
        keep = None  # a TENET turn begun: its steps are the moves corrected
    ref._record("correction", {**event, "pending_roll": list(keep) if keep else None})
    ref._history = moves.history(list(ref.journal.events(ref.game_id)))
    ref.position, ref.roll, ref.candidates, ref._legal = position, None, [], []
    ref.last_move = last
    ref.last_roll = tuple(int(d) for d in event["moves"][-1]["roll"]) if last else None
    ref.phase, ref._pasch, ref._pending_roll = Phase.SETUP, None, keep
    ref.announced = None
    ref._kept_roll = False
    ref._last_board, ref._unseen = None, False
    ref._changed()
    if last is not None and last.winner:
        ref.phase = Phase.OVER
        ref._record("finish", {"winner": last.winner})
    return ref._say(Verdict("info", said))
