"""Correcting one recorded move on the page (the referee PIN; companion.table.correction).

``/correct/<n>`` shows move n as recorded, the board before it and the legal moves of its
roll there (found as on the table: by piece, field or words); picking one opens
``/correct/<n>/check``, which replays the game with it and says, for every later move,
whether it stands, and for the first that does not, which and why. Only its "yes" (and,
where a later move no longer stands, the tick "take back from move m on") records the
correction.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import islice
from urllib.parse import parse_qsl

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from companion.errors import CompanionError
from companion.model.position import Position
from companion.render import draw_board, to_svg
from companion.store.events import Event, said_after
from companion.table.answers import SHOWN, MoveLike
from companion.table.correction import (
    Plan,
    Played,
    apply,
    path,
    path_data,
    plan,
    played,
    roll_after,
)
from companion.table.reopening import roll_kept
from companion.table.since import mark, redone, went_on
from companion.table.table import Table, rules
from companion.texts import message, text
from companion.web.i18n import language, say
from companion.web.movelist import MoveList, find, pick

correct = Blueprint("correct", __name__)

#: A move picked for move N is one query field ``pN``: its number in the list that the
#: search found (``n``), its words (``a``) and that search (``from``, ``to``, ``said``).
PICK = re.compile(r"p(\d{1,4})")


def _table() -> Table:
    table: Table = current_app.config["TABLE"]
    return table


@correct.app_template_global()
def recorded_path(move: Played) -> str:
    """Where a recorded move took its player's pieces, "(U1.17 → U2.18)": beside the
    words it was recorded with, since other moves may be said with the same words."""
    return "(" + say(path(move.before, move.after)) + ")"


def _moves(events: list[Event] | None = None) -> list[Played]:
    """The moves of the game being played (``events``: its events, where the caller
    read them already), or the page's refusal: no journal, the game over."""
    table = _table()
    if table.journal is None:
        abort(404, "err_correct_no_journal")
    finished = {g.id for g in table.journal.games() if g.finished is not None}
    if table.referee.game_id in finished:
        abort(409, "err_correct_over")
    return played(_events() if events is None else events)


def _move(moves: list[Played], number: int) -> Played:
    if not 1 <= number <= len(moves):
        abort(404, "err_correct_no_such")
    move = moves[number - 1]
    if not move.correctable:
        abort(409, "err_correct_set")
    return move


def _found(position: Position, roll: tuple[int, ...], args: Mapping[str, str]) -> MoveList:
    first = list(islice(rules(position, roll), SHOWN + 1))
    return find(position, roll, first[:SHOWN], len(first) > SHOWN, rules, args)


def _picks(args: Mapping[str, str]) -> dict[int, dict[str, str]]:
    """The moves picked so far, by move number, each as its query (``pN``)."""
    found = (PICK.fullmatch(k) for k in args)
    return {int(m.group(1)): dict(parse_qsl(args[m.group(0)])) for m in found if m}


def _chosen(position: Position, roll: tuple[int, ...], query: Mapping[str, str]) -> MoveLike | None:
    text = query.get("n", "")
    index = int(text) if text.isascii() and text.isdigit() and len(text) < 6 else -1
    return pick(_found(position, roll, query), index, query.get("a", ""))


def _plan(moves: list[Played], number: int, args: Mapping[str, str]) -> Plan:
    """The correction the query names: the move picked for move ``number``, and the
    moves picked for later moves that no longer stood, each in the position the replay
    reaches before it."""
    move = _move(moves, number)
    picks = _picks(args)
    chosen = _chosen(move.before, move.roll, picks.get(number, {}))
    if chosen is None:
        abort(409, "err_no_move")
    mended: dict[int, MoveLike] = {}
    while True:
        corrected = plan(moves, number, chosen, rules, mended)
        broken = corrected.broken
        if broken is None or broken.played.number not in picks:
            return corrected
        later = broken.played
        fix = _chosen(corrected.position, later.roll, picks[later.number])
        if fix is None or later.number in mended:
            return corrected
        mended[later.number] = fix


def _kept(args: Mapping[str, str]) -> dict[str, str]:
    """The picks of the query, to be carried along."""
    return {k: v for k, v in args.items() if PICK.fullmatch(k)}


@correct.get("/correct/<int:number>")
def choose(number: int) -> str:
    """Move ``number`` as recorded, and the moves of its roll to pick the right one from."""
    with _table().lock:
        moves = _moves()
        move = _move(moves, number)
        found = _found(move.before, move.roll, request.args)
        board = _drawn(move.before)
    return render_template("correct.html", move=move, moves=found, board=board, fixing=None)


@correct.get("/correct/<int:number>/check")
def check(number: int) -> str:
    """What the correction would do: each later move stands, or the first that does not."""
    with _table().lock:
        events = _events()  # read once: the moves, the words said after, the mark
        moves = _moves(events)
        corrected = _plan(moves, number, request.args)
        said = _said_after(events, corrected.corrected.id)
        shown = mark(events)
        roll, kept = roll_after(_table().referee, corrected)
    return render_template(
        "correct_check.html",
        plan=corrected,
        picked=_kept(request.args),
        said_after=said,
        shown=shown,
        roll_kept=roll_kept(corrected.position, roll) if kept and roll else None,
    )


def _events() -> list[Event]:
    """The events of the game being played (the table keeps a journal: :func:`_moves`)."""
    table = _table()
    return [] if table.journal is None else list(table.journal.events(table.referee.game_id))


def _said_after(events: list[Event], move: int) -> list[str]:
    """The words players said after move ``move`` (the "last move" field) in the game's
    ``events``: the game's record judges them again against the move as corrected
    (companion/table/settled.py), which the confirm page says (new-user trial s13 L3)."""
    words = {e.id: e.data.get("said") for e in events if e.kind == "verdict"}
    return [
        str(words[v])
        for v, steps in said_after(events).items()
        if steps[-1].id == move and isinstance(words.get(v), str)
    ]


@correct.get("/correct/<int:number>/fix")
def fix(number: int) -> str:
    """The move that no longer stands after the correction, and the moves of its roll in
    the position the replay reaches before it: which was it?"""
    with _table().lock:
        moves = _moves()
        corrected = _plan(moves, number, request.args)
        broken = corrected.broken
        if broken is None:  # every later move stands (the page was old): ask yes or no
            return check(number)
        position = corrected.position
        found = _found(position, broken.played.roll, request.args)
        board = _drawn(position)
    return render_template(
        "correct.html",
        move=broken.played,
        moves=found,
        board=board,
        fixing=corrected,
        picked=_kept(request.args),
    )


def _drawn(position: Position) -> str:
    return to_svg(draw_board(position.layout, position, lang=language(), spots=True))


@correct.post("/correct/<int:number>")
def record(number: int) -> Response:
    """Record the correction the referee said yes to (``sure=yes``); where a later move
    no longer stands, only with ``drop=yes``: it and every move after it are taken back."""
    if request.form.get("sure") != "yes":
        return redirect(url_for("correct.choose", number=number))
    with _table().lock:
        events = _events()
        moves = _moves(events)
        done = _still_shown(events, moves, number, request.form)
        if done is not None:  # a double tap, a reload: to the table, as a move's (s14b)
            flash(done)
            return redirect(url_for("table.index"))
        corrected = _plan(moves, number, request.form)
        if corrected.broken is not None and request.form.get("drop") != "yes":
            abort(409, "err_correct_drop")
        try:
            apply(_table().referee, corrected)  # the table's verdict says what was done
        except CompanionError as exc:  # the game went on since the page asked
            abort(409, say(message(exc)))
    return redirect(url_for("table.index"))


def _still_shown(
    events: list[Event], moves: list[Played], number: int, form: Mapping[str, str]
) -> str | None:
    """Answer 409 where the game went on since the check page was shown (its ``shown``:
    :func:`companion.table.since.mark`), saying what happened: the plan made now would
    take back moves that page never listed (new-user trial s14 H1). The same correction
    sent again (a double tap, a reload) records nothing: the sentence that says it is
    done (trial s14 L5), for the table's page; None where the page is still the game's.
    ``events`` and ``moves``: the game's, as the yes found it."""
    given = form.get("shown", "")
    shown = int(given) if given.isascii() and given.isdigit() and len(given) < 19 else -1
    why = went_on(events, shown)
    if why is None:
        return None
    move = _move(moves, number)
    chosen = _chosen(move.before, move.roll, _picks(form).get(number, {}))
    if chosen is not None and redone(events, shown, move.id, path_data(move.before, chosen.after)):
        return say(text("since.redone", number=number, said=chosen.announcement))
    abort(409, say(why))
