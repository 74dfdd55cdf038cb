"""The game record to take home (:mod:`companion.store.record`), open to everyone who can see
the page, as ``companion export`` prints it: ``/game/<id>.json`` (every journal event,
and the turns) and ``/game/<id>.txt`` (one line per turn)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify
from werkzeug.exceptions import NotFound

from companion.store.journalcheck import JournalError
from companion.store.record import game_record, record_text
from companion.table.settled import WITH_RULES
from companion.table.table import Table
from companion.texts import render_json
from companion.web.i18n import language, t

record = Blueprint("record", __name__)


def _record(game_id: int) -> dict[str, Any]:
    table: Table = current_app.config["TABLE"]
    if table.journal is None:
        raise NotFound("err_record_no_journal")
    with table.lock:  # the referee writes to the same journal connection
        try:
            return game_record(table.journal, game_id, WITH_RULES)
        except JournalError:  # no such game (the journal's own words are English)
            raise NotFound(t("err_no_game", game=game_id)) from None


@record.get("/game/<int:game_id>.json")
def game_json(game_id: int) -> Response:
    response = jsonify(render_json(_record(game_id), language()))  # the turns' objections
    response.headers["Content-Disposition"] = f'attachment; filename="game-{game_id}.json"'
    return response


@record.get("/game/<int:game_id>.txt")
def game_txt(game_id: int) -> Response:
    text = record_text(_record(game_id), language())
    response = Response(text, mimetype="text/plain")
    response.headers["Content-Disposition"] = f'attachment; filename="game-{game_id}.txt"'
    return response
