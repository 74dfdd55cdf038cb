"""Words said at the table, and which judgement of :mod:`.announcing` applies to them now:
before the move, against the roll being played; after it, against the move the referee
last accepted (docs/referee.md, "Announce, then move").

Pure: :func:`answer` takes where the game stands (:class:`Standing`, which the referee
builds) and the words, and returns the verdict, whether the journal keeps it with the
words, and the announcement to keep. The referee's ``announce`` step applies it (its
events one transaction, its listeners told after); nothing here holds a referee.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.games.game import Game
from companion.model.position import Position
from companion.table import announcing, moves
from companion.table.answers import MoveLike, Played, Verdict
from companion.texts import text


@dataclass(frozen=True)
class Standing:
    """Where the game stands for words said now."""

    game: Game
    position: Position
    #: The roll waiting for its move, None unless the referee waits for one: words said
    #: now may announce the move before it is made (the referee's ``announcing_first``).
    roll: tuple[int, ...] | None
    history: Sequence[Played]  # the moves kept, the last one last
    last_move: MoveLike | None
    last_roll: tuple[int, ...] | None


@dataclass(frozen=True)
class Answer:
    """The verdict on words said, and what the referee does with it."""

    verdict: Verdict
    #: The field the journal keeps the verdict for, with the words (True: before the
    #: move, False: after it); None: said only (words too long, no move to check).
    recorded: bool | None = None
    #: The announcement kept: the move announced (None: none yet) and the moves the words
    #: fit, to choose from; None: the referee's announcement stays as it is.
    keeps: tuple[MoveLike | None, tuple[MoveLike, ...]] | None = None


def answer(now: Standing, said_text: str, before_move: bool | None) -> Answer:
    """The answer to what the player said: before the move, checked against the roll
    being played (:func:`first`); after it, against the last move (:func:`announcing.after`).

    ``before_move`` is the field the words were typed in. True (the page's "before the
    move" field): judged against the waiting roll only, a wrong one answered with this
    roll's nearest moves, never charged to the last move (new-user trial s7: "Wurf 9"
    for yellow's 5+4 was answered as red's late announcement of 6+2). False (the "last
    move" field): the last move's only. None (the microphone, a script): the waiting
    roll's when it names a legal move of it, else the last move's, late."""
    too_long = announcing.too_long(said_text)
    if too_long is not None:  # the page keeps the words in their field
        return Answer(too_long)
    # TENET, a turn begun: the last move is a step of it, and words that name a next
    # step are its announcement before it, in either field (new-user trial s11 H2:
    # they were judged as the first step, "no red ball on K1.5", recorded illegal)
    going = bool(now.position.spent) and now.roll is not None
    judged = None
    if before_move is not False or going:
        judged = first(now, said_text, before_move)
    move, ahead = now.last_move, going and judged is None
    if ahead and move is not None and announcing.next_step(now.game, now.history, move, said_text):
        judged = first(now, said_text, True)  # wrong: told why from here
    if judged is not None:
        return replace(judged, recorded=True)
    if before_move:  # a page from before the move was made: no roll waits for one now
        return Answer(Verdict("info", text("referee.no_roll_to_announce")))
    move, roll = now.last_move, now.last_roll
    if move is None or roll is None or not now.history:
        return Answer(Verdict("info", text("referee.nothing_to_check")))
    verdict = announcing.after(now.game, now.history, move, roll, said_text)
    return Answer(verdict, recorded=False)


def first(now: Standing, said_text: str, only: bool | None) -> Answer | None:
    """The answer to words said before the move (:func:`announcing.first`), or None
    where they are not that (no roll waits for its move, or they are a late
    announcement of the last move: ``only`` says they came from the "before the move"
    field, never so). In a TENET turn begun they name the rest of the turn from here
    (words of the whole turn from its first step: the rest after the steps made). A
    legal announcement of the roll is kept: the next still board must show its move (in
    TENET, its first steps). Words that fit several moves keep those moves to choose
    from; other words of no legal move forget an earlier announcement."""
    if now.roll is None:
        return None
    heard = said_text
    so_far = moves.turn_said(now.history) + "; " if now.position.spent else None
    if so_far is not None and said_text.startswith(so_far):
        said_text = said_text[len(so_far) :]  # the whole turn said: its rest is ahead
    judged = announcing.first(
        now.game, now.position, now.roll, said_text, lambda: late(now, heard, only)
    )
    if judged is None:
        return None
    if judged.move is not None or judged.maybe_last:
        return Answer(judged.verdict, keeps=(judged.move, tuple(judged.fits)))
    return Answer(judged.verdict)


def late(now: Standing, said_text: str, only: bool | None) -> bool:
    """Whether words of no legal move of the waiting roll are a late announcement of
    the last move: a move was made, the words came from no "before the move" field
    (``only``), and in TENET's turn begun they may be its steps; else they name a
    legal move of the last roll. Any other words are the player to move's, told what
    is wrong with them for this roll: charged to the last move, a wrong word of the
    player to move marked a legal move illegal in the record (new-user trial s12 H1:
    blue's "Wurf sieben" heard for 4+2 was judged as yellow's late announcement)."""
    if only or not now.history or now.last_move is None:
        return False
    roll = now.last_roll
    if now.position.spent or roll is None:
        return True
    return announcing.names_a_move(now.game, now.history, roll, said_text)
