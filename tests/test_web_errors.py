"""Error pages speak the page's language, look like the site and never show a traceback."""

from __future__ import annotations

import re

import pytest
from conftest import position
from flask import abort

from companion.web import Table, create_app
from companion.web.security import declare_open


@pytest.fixture
def client():  # type: ignore[no-untyped-def]
    app = create_app(
        {
            "TABLE": Table.new(position()),
            "REFEREE_PIN": "2468",
            "POSTS_PER_MINUTE": 3,
            "MAX_STREAMS": 0,
        }
    )
    app.add_url_rule("/only-the-referee", "forbidden", lambda: abort(403))
    app.add_url_rule("/broken", "broken", lambda: 1 / 0)
    declare_open(app, "forbidden")
    declare_open(app, "broken")
    return app.test_client()


def heading(response) -> str:  # type: ignore[no-untyped-def]
    return re.search(r"<h1>(.*?)</h1>", response.get_data(as_text=True), re.S).group(1)


WORDS = {
    "de": {
        404: "Nicht gefunden",
        403: "Nicht erlaubt",
        405: "Falsche Methode",
        400: "Das Formular ist abgelaufen",
        413: "höchstens 64 KB",
        429: "bitte kurz warten",
        500: "Fehler im Schiedsrichter",
        503: "Zu viele offene Seiten",
    },
    "en": {
        404: "Not found",
        403: "Not allowed",
        405: "Wrong method",
        400: "The form expired",
        413: "at most 64 KB",
        429: "please wait a moment",
        500: "Referee error",
        503: "Too many pages and camera views open",
    },
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_error_in_the_pages_language_and_look(client, lang):
    client.get(f"/unlock?lang={lang}")  # the language is kept for the session
    answers = {
        404: client.get("/nowhere"),
        403: client.get("/only-the-referee"),
        405: client.put("/"),
        413: client.post("/unlock", data="x" * 100_000, content_type="text/plain"),
        400: client.post("/unlock", data={"pin": "0"}),
        429: [client.post("/unlock", data={"pin": "0"}) for _ in range(3)][-1],
        500: client.get("/broken"),
        503: client.get("/events"),
    }
    for code, response in answers.items():
        page = response.get_data(as_text=True)
        assert response.status_code == code and response.mimetype == "text/html"
        assert WORDS[lang][code] in page, (code, page)
        assert f'<html lang="{lang}">' in page and "companion.css" in page and "<nav>" in page
        assert str(code) in heading(response)
        assert "Traceback" not in page and "ZeroDivision" not in page


def test_the_headers_of_an_error_are_kept(client):
    assert set(client.put("/").headers["Allow"].split(", ")) >= {"GET", "HEAD"}
    busy = client.get("/events?lang=en")
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "10"


def test_a_german_browser_gets_german_errors_without_asking(client):
    response = client.get("/nowhere", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert "Diese Seite gibt es nicht." in response.get_data(as_text=True)
    response = client.get("/nowhere", headers={"Accept-Language": "en-GB"})
    assert "There is no such page." in response.get_data(as_text=True)
