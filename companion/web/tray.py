"""The dice tray's page (docs/tray.md): the last roll read, asked and said, the history,
the counts of each face as bar charts with the fairness test in words, a button that
throws synthetic dice (the synthetic camera), photos posted from a phone, downloads.

The tray is the app's ``TRAY`` (a :class:`~companion.tray.session.Tray`), set by
``companion serve --tray`` or by choosing "Würfelschale" on the set-up form
(:func:`open_tray`); while it is set, the table page is the tray and the camera loop feeds
it (``Live.tray``). Choosing a game again closes it (:func:`close_tray`).
"""

from __future__ import annotations

import json
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from companion.errors import CompanionError
from companion.games.dice import in_order
from companion.texts import message, text
from companion.tray.chart import bar_chart
from companion.tray.export import csv_text, json_record
from companion.tray.session import Outcome, Tray, said
from companion.tray.tally import ALL, tally
from companion.web.i18n import say, say_colour, t

tray_pages = Blueprint("tray", __name__)

#: Rolls listed on the page, newest first; all of them are in the downloads.
LISTED = 200


def current() -> Tray:
    """The app's tray; 404 where the app runs a game."""
    tray: Tray | None = current_app.config.get("TRAY")
    if tray is None:
        abort(404)
    return tray


def open_tray(app: Flask, kind: str = "d6") -> Tray:
    """Make the app a dice tray (the journal's last open tray session taken up): the page,
    the camera loop and, on the synthetic camera, a synthetic tray to throw into."""
    table = app.config["TABLE"]
    tray = Tray(table.journal, kind)
    wire(app, tray)
    return tray


def wire(app: Flask, tray: Tray) -> None:
    """Tell the page's live updates and the voice of each change; feed the camera loop."""
    from companion.tray.synthetic import TrayCamera

    app.config["TRAY"] = tray
    broker = app.extensions["companion_events"]
    tray.listeners.append(lambda t: broker.publish("tray", {"rolls": len(t.rolls)}))
    voice = app.config.get("VOICE")
    if voice is not None:
        tray.listeners.append(
            lambda t: voice.say(str(t.last.note)) if t.last.state in ("roll", "asked") else None
        )
    live = app.config.get("LIVE")
    if live is not None:
        live.tray = tray
        if live.photographer is not None and live.photographer.tray_camera is None:
            live.photographer.tray_camera = TrayCamera()


def close_tray(app: Flask) -> None:
    """Back to the game: the camera loop feeds the referee again."""
    app.config["TRAY"] = None
    live = app.config.get("LIVE")
    if live is not None:
        live.tray = None
        if live.photographer is not None:
            live.photographer.tray_camera = None


def _synthetic() -> Any:
    live = current_app.config.get("LIVE")
    photographer = live.photographer if live is not None else None
    return photographer.tray_camera if photographer is not None else None


@tray_pages.get("/tray")
def page() -> str:
    tray = current()
    with tray.lock:
        rolls = tray.rolls
        last = tray.last
        question = tray.question
        names = dict(tray.names)
    groups = tally(rolls)
    charts = []
    for g in groups:
        who = t("tray_all") if g.colour == ALL else say_colour(g.colour)
        title = f"{who} ({g.kind})"
        charts.append((title, bar_chart(g, title), say(g.fairness.words()), g))
    colours = sorted({d.colour for r in rolls for d in r.dice if d.colour})
    places = (
        [] if question is None else [_place(*question.place(i)) for i in range(len(question.dice))]
    )
    return render_template(
        "tray.html",
        rolls=list(reversed(rolls[-LISTED:])),
        count=len(rolls),
        last=rolls[-1] if rolls else None,
        note=_note(last),
        state=last.state,
        question=question,
        places=places,
        charts=charts,
        names=names,
        colours=colours,
        kind=tray.kind,
        synthetic=_synthetic() is not None,
        last_said=say(said(rolls[-1])) if rolls else "",
    )


def _note(outcome: Outcome) -> str:
    """The line of the tray's last outcome: the camera's marked as such, "Kamera: keine
    Würfel zu sehen", so that it does not read as the answer to the photo shown under it
    (new-user trial s10, L16)."""
    said_now = say(outcome.note)
    return t("tray_camera_sees", note=said_now) if outcome.camera else said_now


def _place(row: int, column: int) -> str:
    """Where a die lies in the picture in the page's words: "oben links", "Mitte"."""
    if (row, column) == (1, 1):
        return t("tray_place_centre")
    words = [
        t(f"tray_place_row_{row}") if row != 1 else "",
        t(f"tray_place_column_{column}") if column != 1 else "",
    ]
    return " ".join(w for w in words if w)


@tray_pages.get("/tray/question.jpg")
def question_picture() -> Response:
    """The photo or frame the open question asks about, each die circled and numbered."""
    question = current().question
    if question is None or not question.picture:
        abort(404)
    answer = Response(question.picture, mimetype="image/jpeg")
    answer.headers["Cache-Control"] = "no-store"
    return answer


@tray_pages.get("/tray/state.json")
def state_json() -> Response:
    tray = current()
    state = {
        "rolls": len(tray.rolls),
        "state": tray.last.state,
        "note": _note(tray.last),
        "question": tray.question is not None,
    }
    return Response(json.dumps(state, ensure_ascii=False), mimetype="application/json")


@tray_pages.post("/tray/throw")
def throw() -> BaseResponse:
    """The synthetic camera's tray: dice thrown, read by the camera loop in a moment."""
    tray = current()
    camera = _synthetic()
    if camera is None:
        flash(t("tray_no_synthetic"))
        return redirect(url_for("tray.page"))
    values = camera.throw(tray.kind)
    tray.thrown()
    shown = in_order(values) if tray.kind == "d6" else values  # as a roll is said everywhere
    flash(t("tray_thrown", dice=" ".join(map(str, shown))))
    return redirect(url_for("tray.page"))


@tray_pages.post("/tray/photo")
def photo() -> BaseResponse:
    """A photo from a phone, read as the camera's frames are; a bad one is one line."""
    tray = current()
    sent = request.files.get("photo")
    if sent is None or not sent.filename:
        flash(t("tray_no_photo"))
        return redirect(url_for("tray.page"))
    try:
        outcome = tray.photo(sent.read(), name=sent.filename[:60])
    except CompanionError as exc:
        flash(say(message(exc)))  # one line; every roll before it is kept
        return redirect(url_for("tray.page"))
    if outcome.state != "asked":  # a question stands in the page's note and its form
        flash(say(outcome.note))
    return redirect(url_for("tray.page"))


@tray_pages.post("/tray/answer")
def answer() -> BaseResponse:
    """The values of the unsure dice, as the players read them ("none": not a die, left
    out), or the question dropped for a new throw (``again``)."""
    tray = current()
    values = {}
    for key, value in request.form.items():
        if key.startswith("die.") and key[4:].isdigit():
            values[int(key[4:])] = value
    try:
        outcome = tray.again() if request.form.get("again") else tray.answer(values)
    except CompanionError as exc:
        flash(say(message(exc)))
    else:
        flash(say(outcome.note))
    return redirect(url_for("tray.page"))


@tray_pages.post("/tray/names")
def names() -> BaseResponse:
    """What each colour's dice stand for ("rot greift an, blau verteidigt")."""
    tray = current()
    tray.name({k[5:]: v for k, v in request.form.items() if k.startswith("name.") and len(k) < 40})
    return redirect(url_for("tray.page"))


@tray_pages.post("/tray/new")
def new() -> BaseResponse:
    """A new tray session (the referee's: the old one stays in the journal)."""
    tray = current()
    kind = request.form.get("kind", tray.kind)
    if kind not in ("d6", "miwin"):
        flash(say(text("tray.kind_unknown", kind=kind[:20])))
        return redirect(url_for("tray.page"))
    tray.kind = kind
    tray.new_session()
    flash(t("tray_new_done"))
    return redirect(url_for("tray.page"))


@tray_pages.get("/tray/rolls.csv")
def rolls_csv() -> Response:
    tray = current()
    return Response(
        csv_text(tray.rolls),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=tray-{tray.log.session}.csv"},
    )


@tray_pages.get("/tray/rolls.json")
def rolls_json() -> Response:
    tray = current()
    record = json_record(tray.log.session, tray.rolls)
    return Response(json.dumps(record, ensure_ascii=False), mimetype="application/json")
