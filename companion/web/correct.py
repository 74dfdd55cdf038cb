"""Correcting one recorded move on the page (the referee PIN; companion.correction).

``/correct/<n>`` shows move n as recorded, the board before it and the legal moves of its
roll there (found as on the table: by piece, field or words); picking one opens
``/correct/<n>/check``, which replays the game with it and says, for every later move,
whether it stands, and for the first that does not, which and why. Only its "yes" (and,
where a later move no longer stands, the tick "take back from move m on") records the
correction.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import islice

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.correction import Plan, Played, apply, plan, played
from companion.errors import CompanionError
from companion.referee import SHOWN
from companion.render import draw_board, to_svg
from companion.table import Table, rules
from companion.texts import message
from companion.web.i18n import language, say
from companion.web.movelist import MoveList, find, pick

correct = Blueprint("correct", __name__)

#: The query keys of a move picked from the list (its number, its words, the search).
PICKED = ("n", "a", "from", "to", "said")


def _table() -> Table:
    table: Table = current_app.config["TABLE"]
    return table


def _moves() -> list[Played]:
    table = _table()
    if table.journal is None:
        abort(404, "err_correct_no_journal")
    finished = {g.id for g in table.journal.games() if g.finished is not None}
    if table.referee.game_id in finished:
        abort(409, "err_correct_over")
    return played(table.journal.events(table.referee.game_id))


def _move(moves: list[Played], number: int) -> Played:
    if not 1 <= number <= len(moves):
        abort(404, "err_correct_no_such")
    move = moves[number - 1]
    if not move.correctable:
        abort(409, "err_correct_set")
    return move


def _found(move: Played, args: Mapping[str, str]) -> MoveList:
    first = list(islice(rules(move.before, move.roll), SHOWN + 1))
    return find(move.before, move.roll, first[:SHOWN], len(first) > SHOWN, rules, args)


def _plan(moves: list[Played], number: int, args: Mapping[str, str]) -> Plan:
    """The correction the query names (the move picked for move ``number``)."""
    move = _move(moves, number)
    text = args.get("n", "")
    index = int(text) if text.isascii() and text.isdigit() and len(text) < 6 else -1
    chosen = pick(_found(move, args), index, args.get("a", ""))
    if chosen is None:
        abort(409, "err_no_move")
    return plan(moves, number, chosen, rules)


@correct.get("/correct/<int:number>")
def choose(number: int) -> str:
    """Move ``number`` as recorded, and the moves of its roll to pick the right one from."""
    with _table().lock:
        moves = _moves()
        move = _move(moves, number)
        found = _found(move, request.args)
        board = to_svg(draw_board(move.before.layout, move.before, lang=language(), spots=True))
    return render_template("correct.html", move=move, moves=found, board=board)


@correct.get("/correct/<int:number>/check")
def check(number: int) -> str:
    """What the correction would do: each later move stands, or the first that does not."""
    with _table().lock:
        moves = _moves()
        corrected = _plan(moves, number, request.args)
    keep = {k: request.args[k] for k in PICKED if k in request.args}
    return render_template("correct_check.html", plan=corrected, picked=keep)


@correct.post("/correct/<int:number>")
def record(number: int) -> Response:
    """Record the correction the referee said yes to (``sure=yes``); where a later move
    no longer stands, only with ``drop=yes``: it and every move after it are taken back."""
    if request.form.get("sure") != "yes":
        return redirect(url_for("correct.choose", number=number))
    with _table().lock:
        moves = _moves()
        corrected = _plan(moves, number, request.form)
        if corrected.broken is not None and request.form.get("drop") != "yes":
            abort(409, "err_correct_drop")
        try:
            said = apply(_table().referee, corrected)
        except CompanionError as exc:  # the game went on since the page asked
            abort(409, say(message(exc)))
    del said  # the referee's verdict on the table page says it
    return redirect(url_for("table.index"))
