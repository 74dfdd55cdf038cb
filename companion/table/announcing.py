"""Words said about a move, judged (docs/referee.md, "Announce, then move"): before the
move against the roll being played, and after it against the move made.

Before the move, the game's checker reads the words as `companion check` does
(:func:`judge`, :func:`first`): the answer is the verdict the players hear, with the move
to expect or the moves to choose from. The next still board is then read against the
announced move (:func:`shown`): its board, or in TENET the first steps of a turn announced
whole (:func:`first_steps`), the rest of it expected next (:func:`going_on`); the words the
journal kept over a restart are kept again (:func:`again`). After the move the words are
judged against it (:func:`after`). :func:`hearing` says where words heard now may name a move.

Pure functions of the game, the position, the roll, the words, the board and the moves
kept: the referee (companion/table/referee.py) decides when words are an announcement
before the move, and keeps and says what these answer (the move announced, the moves to
choose, the journal's record: :func:`said_event`), so its module holds only the session's
state machine."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.games.game import Game
from companion.games.verdict import without_hint
from companion.model.boards import changes, differences, seen
from companion.model.position import Position
from companion.table import moves
from companion.table.answers import SHOWN, Board, MoveLike, Played, Verdict
from companion.texts import Text, colour, message, quoted, text

#: The most characters of words the referee checks (a TENET turn of three steps is about
#: 90): longer ones are answered "too long", never cut and judged in part (review nc16).
LONGEST = 300


@dataclass(frozen=True)
class Judged:
    """The verdict on words said before the move, and what the referee keeps of it."""

    verdict: Verdict
    #: legal: the move the next still board must show
    move: MoveLike | None = None
    #: words that fit several moves: each one a button for the player to choose
    fits: tuple[MoveLike, ...] = ()
    #: neither a legal move of this roll nor words the checker refused outright (an
    #: ambiguous, wrong or not understood announcement): such words may instead be a
    #: late announcement of the last move, where the referee reads them so, and else
    #: they replace what the referee kept of an earlier announcement
    maybe_last: bool = False


def said_length(said: str) -> int:
    """How long words are, as :data:`LONGEST` counts them: spaces run together, none at
    either end (review s10: 26 legal characters and 290 spaces were "too long")."""
    return len(" ".join(said.split()))


def too_long(said: str) -> Verdict | None:
    """Words past :data:`LONGEST` answered in one line, "too long" with their length, for
    every source (the page keeps them whole in their field, the command line checks
    nothing); None for words short enough."""
    count = said_length(said)
    if count <= LONGEST:
        return None
    return Verdict("info", text("referee.announcement_too_long", count=count, most=LONGEST))


def first(
    game: Game,
    position: Position,
    roll: tuple[int, ...],
    said: str,
    late: Callable[[], bool],
) -> Judged | None:
    """Words said while the referee waits for the move of ``roll`` and no step of the turn
    is made, judged as an announcement before the move (:func:`judge`), or None where they
    are rather a late announcement of the last move: words of no legal move of this roll
    that the checker did not refuse outright, where ``late()`` says they may be (asked only
    of such words: a move was made before, the words came from no "before the move" field,
    and they name a legal move of the last roll, :func:`names_a_move`). On the game's first
    move, and for the "before the move" field's words, a wrong announcement is told what is
    wrong with it for this roll (docs/referee.md, "Announce, then move")."""
    judged = judge(game, position, roll, said)
    return None if judged.maybe_last and late() else judged


def judge(game: Game, position: Position, roll: tuple[int, ...], said: str) -> Judged:
    """The words ``said`` checked by ``game``'s checker against ``roll`` in ``position``:
    legal (the board to expect, field by field), ambiguous (the moves they fit), not an
    announcement ("not understood": asked again, not refused) or wrong (the reason and
    the nearest announcements)."""
    player, dice = colour(position.to_move), "+".join(map(str, roll))
    try:
        checked = game.check(position, roll, said)
    except CompanionError as exc:
        why = text("referee.announced_first_wrong", player=player, dice=dice, reason=message(exc))
        return Judged(Verdict("illegal", why))
    move: MoveLike | None = getattr(checked, "move", None)
    if checked.verdict == "legal" and move is not None:
        return Judged(expected(position, roll, move), move)
    fits = tuple(getattr(checked, "candidates", ()))[:SHOWN]
    if checked.verdict == "ambiguous" and fits:
        # words that fit several moves: each one a button (Referee.choose) with where
        # it goes, not the command line's "--to" (new-user trial s7, Tunnel X)
        why = text("referee.announced_first_which", player=player, dice=dice, count=len(fits))
        said_so = checked.announcement or ""
        choices = tuple(m.announcement for m in fits)
        return Judged(Verdict("ask", why, said_so, choices), fits=fits, maybe_last=True)
    if checked.verdict == "invalid":  # no announcement at all: asked again, not refused
        why = text(
            "referee.announced_first_not_understood",
            player=player,
            dice=dice,
            reason=checked.reason,
        )
        return Judged(Verdict("info", why), maybe_last=True)
    near = tuple(m.announcement for m in fits)
    kind = "info" if checked.verdict == "ambiguous" else "illegal"
    why = text("referee.announced_first_wrong", player=player, dice=dice, reason=checked.reason)
    return Judged(Verdict(kind, why, checked.announcement or "", near), maybe_last=True)


def expected(position: Position, roll: tuple[int, ...], move: MoveLike) -> Verdict:
    """The verdict on a legal move of ``roll`` announced before it is made: it names the
    board to expect, field by field."""
    player, dice = colour(position.to_move), "+".join(map(str, roll))
    fields = changes(seen(position), seen(move.after))
    return Verdict(
        "legal",
        text("referee.announced_first", player=player, dice=dice, fields=fields),
        move.announcement,
    )


def legal_said(game: Game, position: Position, roll: tuple[int, ...], said: str) -> MoveLike | None:
    """The legal move of ``roll`` that ``said`` names from ``position``, else None: also
    where the rules cannot check it (TENET's "more than 100 turns"), so that words kept
    from before (the rest of a turn announced whole, an announcement kept over a
    restart) are dropped rather than stop the table."""
    try:
        checked = game.check(position, roll, said)
    except CompanionError:
        return None
    move: MoveLike | None = getattr(checked, "move", None)
    return move if checked.verdict == "legal" else None


def shown(
    game: Game,
    position: Position,
    roll: tuple[int, ...],
    legal: Sequence[MoveLike],
    move: MoveLike,
    board: Board,
) -> MoveLike | Verdict:
    """A still ``board`` after ``move`` was announced first in ``position`` (``legal``:
    the moves of ``roll``): the move it shows, or the verdict that it shows none.

    The announced move where the board is its board, or where the camera cannot tell
    them apart (another move's board that only the energy store tells apart: the words
    decide, nobody is asked which was meant). In TENET, where the board shows only the
    first steps of the turn announced whole (a pause between steps), those steps
    (:func:`moves.begins` tells them from the whole). Else a ``setup`` verdict asking for
    the pieces as announced, field by field: the referee waits for the next still board."""
    if seen(move.after) == board:
        return move
    try:
        found = game.match(position, roll, legal, board)
        fits = [] if found.unsure else moves.outcomes(found.fits, SHOWN + 1)
    except CompanionError:
        fits = []
    if any(moves.outcome(m) == moves.outcome(move) for m in fits):
        return move
    begun = next((m for m in fits if moves.begins(m, move)), None)
    begun = begun or first_steps(game, position, roll, move, board)
    if begun is not None:
        return begun
    diff = differences(seen(move.after), board)
    return Verdict("setup", text("referee.set_as_announced", diff=diff), move.announcement)


def first_steps(
    game: Game, position: Position, roll: tuple[int, ...], move: MoveLike, board: Board
) -> MoveLike | None:
    """The first steps of the turn ``move`` announced whole (TENET: steps joined by "; ")
    that leave ``board``, else None: also where a whole other turn leaves the same board
    (one ball 8 to K1.5, or 8, 6 and 4 round to K1.5) and the match named only that one;
    the words said decide. Only the announcement's own beginnings are checked, never the
    roll's legal moves listed (89,586 on a crowded Gravitation board: seconds on a Pi;
    review s9b)."""
    steps = move.announcement.split("; ")
    for k in range(len(steps) - 1, 0, -1):
        part = legal_said(game, position, roll, "; ".join(steps[:k]))
        if part is not None and moves.begins(part, move) and seen(part.after) == board:
            return part
    return None


def going_on(
    game: Game, position: Position, roll: tuple[int, ...], rest: str, so_far: Verdict
) -> tuple[MoveLike, Verdict] | None:
    """The rest of a turn announced whole, after some of its steps (TENET): the move the
    words ``rest`` name from ``position``, the one the referee expects next, and what the
    page says (new-user trial s9: it said only "moves on with 2, 3"): the rest of the turn
    as announced, and the board its next step leaves. ``so_far`` is the verdict on the
    steps made (its words stay the turn's words so far). None where ``rest`` names no
    legal move now: the referee expects nothing."""
    expect = legal_said(game, position, roll, rest)
    if expect is None:
        return None
    step = legal_said(game, position, roll, expect.announcement.split("; ")[0]) or expect
    fields = changes(seen(position), seen(step.after))
    left = moves.dice_left(roll, position.spent)
    why = text("referee.moves_on_as_announced", dice=left, rest=expect.announcement, fields=fields)
    return expect, Verdict("legal", why, so_far.announcement)


def again(
    game: Game, position: Position, roll: tuple[int, ...], said: str, so_far: str, now: Verdict
) -> tuple[MoveLike, Verdict] | None:
    """The announcement before the move that the journal kept over a restart (``said``),
    kept again: the move it names and the verdict, as the page said it before. In TENET,
    where steps of the turn were made (their words ``so_far``), the rest of the turn,
    said after ``now`` (the verdict on the roll: :func:`going_on`). None where the words
    no longer name a legal move."""
    if position.spent:  # the whole turn said before its first step, or its rest during it
        rest = said[len(so_far) + 2 :] if said.startswith(so_far + "; ") else said
        return going_on(game, position, roll, rest, now)
    move = legal_said(game, position, roll, said)
    return None if move is None else (move, expected(position, roll, move))


def otherwise(said: str, announced: str | None, move: MoveLike) -> str:
    """``said`` of a move, with "other than announced" where the player tapped a move
    that is not the ``announced`` one (None: none was, or it was that one)."""
    if announced is None:
        return said
    return text(
        "referee.played_otherwise", verdict=said, announced=announced, played=move.announcement
    )


def after(
    game: Game, history: Sequence[Played], move: MoveLike, roll: tuple[int, ...], said: str
) -> Verdict:
    """Words said after the move, judged against ``move``, the last one accepted, made
    with ``roll`` (``history``: the moves kept, the last turn's last). They are judged in
    the position before the turn; in TENET before its first step, so the whole turn is
    said even where the referee accepted it step by step, and words of its last steps
    only, said from where they began, are told so. Right when they name a legal move with
    the same outcome (the board, the stores); words that do not parse say nothing of the
    move: an ``info`` "not understood", and the move stands. The verdict names whose
    announcement of which roll it judged: the next player may already have rolled."""
    turn = moves.turn_begun(history)
    so_far = moves.turn_said(history)
    kind, why = game.announced(history[turn].before, roll, said, move.after)
    of = {  # whose announcement of which roll, as both sentences below name it
        "number": turn + 1,
        "player": colour(history[turn].before.to_move),
        "dice": "+".join(map(str, roll)),
    }
    if kind == "invalid":  # no announcement: nothing said of the move (no red)
        return Verdict("info", text("referee.announcement_not_understood", **of, reason=why))
    if kind != "legal" and later_steps(game, history, move, roll, said):
        why = text("referee.turn_said_whole", turn=so_far)
    elif kind != "legal":
        why = not_made(said, so_far, why)
    return Verdict(kind, text("referee.announcement_of", **of, reason=why), so_far)


def names_a_move(game: Game, history: Sequence[Played], roll: tuple[int, ...], said: str) -> bool:
    """Whether ``said`` names a legal move (or several) of ``roll`` in the position before
    the last turn of ``history``: words a late announcement of that turn may be."""
    judged = judge(game, history[moves.turn_begun(history)].before, roll, said)
    return judged.move is not None or bool(judged.fits)


def not_made(said: str, made: str, why: str) -> str:
    """Words that do not fit the move made (``made``: its words), said as such: what was
    said, what was made and ``why`` (the checker's reason), without the nearest legal
    announcements a reason before the move ends with: the move is made, its words are
    named (new-user trial s11 M5: "'Tausch' where the nearest legal move says
    'Sonderfeld'; nearest legal: …" read as a verdict on a next move). A reason that
    only compares the words with the nearest move is said as "another move": the move
    made stands beside them. Words that fit several moves are said so without the hint
    how to name one (review s12 finding 7: "tap the target field" after the move)."""
    inner = why.fields["reason"] if isinstance(why, Text) and why.key == "check.nearest" else why
    why = inner if isinstance(inner, str) else why
    if isinstance(why, Text) and why.key == "explain.where_nearest":
        why = text("referee.announcement_another")
    why = without_hint(why)
    return text("referee.announcement_not_made", said=quoted(said), made=quoted(made), why=why)


def later_steps(
    game: Game, history: Sequence[Played], move: MoveLike, roll: tuple[int, ...], said: str
) -> bool:
    """Whether ``said`` are the words of the last steps of the turn alone, said from where
    they began (TENET: told that the turn is announced whole from its first step)."""
    turn = moves.turn_begun(history)
    return any(
        game.announced(p.before, roll, said, move.after)[0] == "legal" for p in history[turn + 1 :]
    )


def next_step(game: Game, history: Sequence[Played], move: MoveLike, said: str) -> bool:
    """Whether ``said``, in a TENET turn begun (``move``: its last step), are rather words
    of its next steps than of the turn: they are no legal late announcement of the turn
    so far (with the parser's leniency: "8 von start auf k1.5" for "8 von Start nach
    K1.5", review s11 finding 2: they were recorded as an illegal next step), do not
    begin with its first step's words, nor are they its last steps alone
    (:func:`later_steps`). Judged from the turn's start they would be told of the balls
    before it: "no red ball on K1.5" for the ball the turn put there (new-user trial s11
    H2)."""
    if not move.after.spent or not history:
        return False
    turn = moves.turn_begun(history)
    roll = history[-1].roll
    if game.announced(history[turn].before, roll, said, move.after)[0] == "legal":
        return False  # a right late announcement of the turn so far
    first = history[turn].said
    return not said.startswith(first) and not later_steps(game, history, move, roll, said)


def said_event(
    verdict: Verdict, said: str, heard: Mapping[str, Any] | None, before_move: bool
) -> dict[str, Any]:
    """The journal's record of a verdict on words said: a verdict event (the journal's
    kinds stay as they are) with the words, whether they were said before the move, and
    how they were heard (a recogniser's alternatives, which one was taken)."""
    return {
        **verdict.to_json(),
        "said": said,
        "before_move": before_move,
        "heard": dict(heard) if heard is not None else None,
    }


def hearing(
    now: tuple[Position, tuple[int, ...]] | None,
    history: Sequence[Played],
    last_roll: tuple[int, ...] | None,
) -> list[tuple[Position, tuple[int, ...]]]:
    """Where words heard now may announce a legal move, in order: ``now``, the position
    and roll being played where words may announce its move first (None: they may not),
    then the position before the last turn with its roll (``last_roll``: after it, also
    late, while the next roll waits)."""
    where = [now] if now is not None else []
    if last_roll is not None and history:
        where.append((history[moves.turn_begun(history)].before, last_roll))
    return where
