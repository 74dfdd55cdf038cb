"""Words said at the table, judged over the referee's state: before the move, against the
roll being played; after it, against the move the referee last accepted (docs/referee.md,
"Announce, then move").

The sentences are the pure functions of :mod:`.announcing`; these functions decide which
of them applies to words said now, keep a legal announcement on the referee
(:attr:`.referee.Referee.announced`, the moves it fits in ``candidates``), and record
the verdict with the words. :meth:`.referee.Referee.announce` is the step that calls
them (its events one transaction, its listeners told after).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.table import announcing, moves
from companion.table.answers import Verdict
from companion.texts import text

if TYPE_CHECKING:
    from companion.table.referee import Referee


def announce(
    ref: Referee, said_text: str, heard: Mapping[str, Any] | None, before_move: bool | None
) -> Verdict:
    """The verdict on what the player said (:meth:`.referee.Referee.announce` says which
    field ``before_move`` names), said and recorded."""
    too_long = announcing.too_long(said_text)
    if too_long is not None:  # the page keeps the words in their field
        return ref._say(too_long)
    # TENET, a turn begun: the last move is a step of it, and words that name a next
    # step are its announcement before it, in either field (new-user trial s11 H2:
    # they were judged as the first step, "no red ball on K1.5", recorded illegal)
    going = bool(ref.position.spent) and ref.announcing_first
    first = None
    if before_move is not False or going:
        first = announce_first(ref, said_text, before_move)
    move, ahead = ref.last_move, going and first is None
    if ahead and move is not None and announcing.next_step(ref.game, ref._history, move, said_text):
        first = announce_first(ref, said_text, True)  # wrong: told why from here
    if first is not None:
        return said_verdict(ref, first, said_text, heard, before_move=True)
    if before_move:  # a page from before the move was made: no roll waits for one now
        return ref._say(Verdict("info", text("referee.no_roll_to_announce")))
    move, roll = ref.last_move, ref.last_roll
    if move is None or roll is None or not ref._history:
        return ref._say(Verdict("info", text("referee.nothing_to_check")))
    verdict = announcing.after(ref.game, ref._history, move, roll, said_text)
    return said_verdict(ref, verdict, said_text, heard, before_move=False)


def said_verdict(
    ref: Referee,
    verdict: Verdict,
    said: str,
    heard: Mapping[str, Any] | None,
    before_move: bool,
) -> Verdict:
    """The verdict on words said, recorded with them (:func:`announcing.said_event`)."""
    ref._record("verdict", announcing.said_event(verdict, said, heard, before_move))
    return ref._say(verdict)


def announce_first(ref: Referee, said_text: str, only: bool | None) -> Verdict | None:
    """The verdict on words said before the move (:func:`announcing.first`), or None
    where they are not that (no roll waits for its move, or they are a late
    announcement of the last move: ``only`` says they came from the "before the move"
    field, never so). In a TENET turn begun they name the rest of the turn from here
    (words of the whole turn from its first step: the rest after the steps made). A
    legal announcement of the roll is kept (:attr:`.referee.Referee.announced`): the
    next still board must show its move (in TENET, its first steps). Words that fit
    several moves keep those moves to choose from (:meth:`.referee.Referee.choose`);
    other words of no legal move forget an earlier announcement."""
    if not ref.announcing_first or ref.roll is None:
        return None
    heard = said_text
    so_far = moves.turn_said(ref._history) + "; " if ref.position.spent else None
    if so_far is not None and said_text.startswith(so_far):
        said_text = said_text[len(so_far) :]  # the whole turn said: its rest is ahead
    judged = announcing.first(
        ref.game, ref.position, ref.roll, said_text, lambda: late(ref, heard, only)
    )
    if judged is None:
        return None
    if judged.move is not None or judged.maybe_last:
        ref.announced, ref.candidates = judged.move, list(judged.fits)
    return judged.verdict


def late(ref: Referee, said_text: str, only: bool | None) -> bool:
    """Whether words of no legal move of the waiting roll are a late announcement of
    the last move: a move was made, the words came from no "before the move" field
    (``only``), and in TENET's turn begun they may be its steps; else they name a
    legal move of the last roll. Any other words are the player to move's, told what
    is wrong with them for this roll: charged to the last move, a wrong word of the
    player to move marked a legal move illegal in the record (new-user trial s12 H1:
    blue's "Wurf sieben" heard for 4+2 was judged as yellow's late announcement)."""
    if only or not ref._history or ref.last_move is None:
        return False
    roll = ref.last_roll
    if ref.position.spent or roll is None:
        return True
    return announcing.names_a_move(ref.game, ref._history, roll, said_text)
