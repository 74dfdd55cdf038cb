"""The organisers' part of the hub page (``/organise``): behind the hub's PIN, name the
tables ("Finale, Tisch 1"), take a table off the overview (its games stay) and start a
round whose name heads the overview. Nothing here changes a game: the tables referee
their own games, and the hub only shows them.

The PIN is the table's PIN machinery (:mod:`companion.web.security`): made once and kept
in ``DATA_DIR/hub/pin`` (mode 0600), a wait that doubles with each wrong try per address
and a bound on tries from anywhere, an unlock that expires and can be locked again, and
every form with a CSRF token.
"""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Blueprint, abort, current_app, redirect, render_template, request
from werkzeug.wrappers import Response

from companion.hub.messages import NAME
from companion.hub.store import HubStore
from companion.web.security import check_pin, is_referee, lock_session

organise = Blueprint("organise", __name__)

LONGEST_NAME = 60


def _store() -> HubStore:
    store: HubStore = current_app.extensions["hub_store"]
    return store


def _words(field: str) -> str:
    text = " ".join(request.form.get(field, "").split())
    if len(text) > LONGEST_NAME or not text.isprintable():
        abort(400, f"{field}: at most {LONGEST_NAME} printable characters")
    return text


def _organiser() -> None:
    if not is_referee():
        abort(403, "the organisers' PIN is needed: /organise")


@organise.get("/organise")
def page() -> str:
    if not is_referee():
        return render_template("hub_unlock.html", wrong=request.args.get("wrong") == "1")
    return render_template(
        "hub_organise.html", tables=_store().tables(), round=_store().current_round()
    )


@organise.post("/organise/unlock")
def unlock() -> Response:
    right = check_pin(request.form.get("pin", ""))
    return redirect("/organise" if right else "/organise?wrong=1")


@organise.post("/organise/lock")
def lock() -> Response:
    lock_session()
    return redirect("/")


@organise.post("/organise/table")
def table() -> Response:
    _organiser()
    club, name = request.form.get("club", ""), request.form.get("table", "")
    if not (NAME.fullmatch(club) and NAME.fullmatch(name)):
        abort(400, "no such table")
    _store().organise(club, name, _words("label"), request.form.get("archived") == "1")
    return redirect("/organise")


@organise.post("/organise/round")
def start_round() -> Response:
    _organiser()
    name = _words("name")
    if not name:
        abort(400, "name: the round needs a name")
    _store().start_round(name, datetime.now(UTC).isoformat(timespec="seconds"))
    return redirect("/organise")
