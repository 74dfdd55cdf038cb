"""What the players said, heard by a speech recogniser: ``POST /heard`` for the referee,
``POST /teach/heard`` for the teaching page (docs/web.md, "The referee listens"), and
``GET /legal``, the legal announcements now, for ``companion listen`` to score the
heard words' rivals against its audio (:mod:`companion.listen.rivals`).

Both take JSON ``{"alternatives": ["…", …], "source": "browser" | "offline"}``: the
recogniser's alternatives, best first (the phone's Web Speech API, or ``companion
listen`` on the Pi). The body is small by contract (:data:`MOST_BYTES`, at most
:data:`~companion.listen.heard.MOST_ALTERNATIVES` alternatives of at most
:data:`~companion.listen.heard.LONGEST` characters, spaces run together); a longer one
is answered "too long", not understood, as typed words are; anything else is answered
4xx with one line (in the answer's ``message``). Words that are no announcement change nothing:
"nicht verstanden – bitte wiederholen". Like every post of the page, a post needs the
page's CSRF token (header ``X-CSRFToken``), and like the typed announcement it needs no
PIN: the players' own words are everyone's, as their dice and moves are.
"""

from __future__ import annotations

import contextlib
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from companion.errors import CompanionError
from companion.listen.heard import DOUBT, LONGEST, MOST_ALTERNATIVES, compare, pick
from companion.listen.rivals import legal_announcements
from companion.table.table import Table
from companion.texts import render, render_json, text
from companion.web.i18n import language, t
from companion.web.teaching import shown_words

hearing = Blueprint("hearing", __name__)

#: The largest body read (10 alternatives of 200 characters, escaped, fit with room).
MOST_BYTES = 8 * 1024
SOURCES = ("browser", "offline")


def _answer(status: int, message: str, **more: Any) -> tuple[Response, int]:
    """The contract's answer: understood, heard, message, verdict (and ``more``)."""
    body: dict[str, Any] = {"understood": False, "heard": "", "message": message, "verdict": None}
    body.update(more)
    return jsonify(body), status


def _alternatives() -> tuple[list[str], str] | tuple[Response, int]:
    """The body's alternatives and source, or the 4xx answer that says what is wrong."""
    if (request.content_length or 0) > MOST_BYTES:
        return _answer(413, t("heard_too_large", most=MOST_BYTES // 1024))
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        return _answer(400, t("heard_bad_body"))
    said, source = data.get("alternatives"), data.get("source", "browser")
    if (
        not isinstance(said, list)
        or len(said) > MOST_ALTERNATIVES
        or not all(isinstance(a, str) for a in said)
        or source not in SOURCES
    ):
        return _answer(400, t("heard_bad_body"))
    longest = max((len(" ".join(a.split())) for a in said), default=0)
    if longest > LONGEST:  # said, as typed words too long are (review s10): not a bad body
        why = text("referee.announcement_too_long", count=longest, most=LONGEST)
        return _answer(200, render(why, language()))
    return said, source


@hearing.get("/legal")
def legal() -> Response:
    """The table's game and the canonical announcements of every move legal now, where
    words heard may announce one (the referee's :meth:`hearing`: before the move, and
    the last turn's, late), in order, each once: ``{"game": …, "announcements": […]}``.
    Read-only (no CSRF token, no PIN: the moves are on the board for everyone); empty
    before the first roll. The offline recogniser has the audio, the table the position:
    this is the table's half of telling two legal moves one word apart."""
    table: Table = current_app.config["TABLE"]
    with table.lock:  # positions are immutable: listed after the lock is let go, as a
        ref = table.referee  # TENET roll's turns cost 0.2 s here, 1 s on a Pi
        contexts, game = ref.hearing(), ref.position.game
    said: dict[str, None] = {}
    for position, roll in contexts:
        with contextlib.suppress(CompanionError, ValueError):  # a roll it cannot list
            said.update(dict.fromkeys(legal_announcements(position, roll)))
    return jsonify({"game": game, "announcements": list(said)})


@hearing.post("/heard")
def heard() -> tuple[Response, int]:
    """The alternatives heard, the one taken (:func:`~companion.listen.heard.pick`) said
    to the referee as the typed announcement is: before the move or after it."""
    read = _alternatives()
    if isinstance(read[0], Response):
        return read
    said, source = read
    table: Table = current_app.config["TABLE"]
    with table.lock:
        ref = table.referee
        taken = pick(said, ref.position, also=ref.hearing())
        if taken.why == DOUBT:  # two legal moves heard: ask, never take the wrong one
            first, second = taken.between
            return _answer(200, t("heard_doubt", first=first, second=second))
        if not taken.understood:
            return _answer(200, t("heard_not_understood"))
        verdict = ref.announce(taken.words, {"source": source, **taken.to_json()})
    return _answer(
        200,
        t("heard_words", words=taken.words),
        understood=True,
        heard=taken.words,
        verdict=render_json(verdict.to_json(), language()),
    )


@hearing.post("/teach/heard")
def teach() -> tuple[Response, int]:
    """Teaching by ear: the words heard against the announcement of the move the teaching
    page shows (the last move, or the example move where none was made yet), word by
    word. The recogniser's best alternative that parses is taken; changes nothing."""
    read = _alternatives()
    if isinstance(read[0], Response):
        return read
    said, _ = read
    table: Table = current_app.config["TABLE"]
    expected = shown_words(table)
    taken = pick(said, table.position)
    if not taken.understood or not expected:
        return _answer(200, t("heard_not_understood"), expected=expected, words=[])
    marks = compare(taken.words, expected)
    right = sum(m.right for m in marks)
    wanted = sum(1 for m in marks if m.expected)
    score = (
        t("teach_all_right")
        if right == len(marks)
        else t("teach_some_right", right=right, total=wanted)
    )
    message = f"{t('heard_words', words=taken.words)} – {score}"
    return _answer(
        200,
        message,
        understood=True,
        heard=taken.words,
        expected=expected,
        words=[m.to_json() for m in marks],
        right=right == len(marks),
    )
