"""Teaching mode: the last move spelled out with its arithmetic, and a practice form.

Practising changes nothing in the game: the checker judges the typed announcement for
the table's position and the roll the learner gives, and explains what is wrong.
"""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request

from companion.checker import check
from companion.errors import CompanionError
from companion.games.dice import parse_roll
from companion.games.moves import Move
from companion.render import draw_board, to_svg
from companion.teach import spell_out
from companion.texts import message
from companion.web.i18n import language, say

teaching = Blueprint("teaching", __name__)


@teaching.route("/teach", methods=["GET", "POST"])
def page() -> tuple[str, int] | str:
    table = current_app.config["TABLE"]
    position = table.position
    last = table.referee.last_move
    steps = spell_out(last) if isinstance(last, Move) else []
    verdict, error, status = None, None, 200
    roll_text = request.form.get("roll", "")
    said = request.form.get("announcement", "")[:300]
    if request.method == "POST":
        try:
            roll = parse_roll(roll_text)
            verdict = check(position, roll, said)
        except CompanionError as exc:
            error, status = say(message(exc)), 400
    practice_steps = spell_out(verdict.move) if verdict is not None and verdict.move else []
    return render_template(
        "teach.html",
        position=position,
        last=last,
        steps=steps,
        verdict=verdict,
        error=error,
        roll=roll_text,
        said=said,
        practice_steps=practice_steps,
        board=to_svg(draw_board(position.layout, position, lang=language())),
    ), status
