"""What a newcomer's first evening at the table found (issue #33): each bug as an example."""

from __future__ import annotations

import json
import re

import pytest
from conftest import position

from companion.web import Table, create_app


@pytest.fixture
def client():  # type: ignore[no-untyped-def]
    pos = position(energy={"red": 4, "yellow": 1}).moved({"red.S1": "U2.7"})
    app = create_app({"TABLE": Table.new(pos), "TESTING": True, "REFEREE_PIN": "2468"})
    return app.test_client()


def token(client, path="/"):  # type: ignore[no-untyped-def]
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def post(client, path, **data):  # type: ignore[no-untyped-def]
    return client.post(path, data={**data, "csrf_token": token(client)})


def unlock(client):  # type: ignore[no-untyped-def]
    return client.post("/unlock", data={"pin": "2468", "csrf_token": token(client, "/unlock")})


def played_once(client):  # type: ignore[no-untyped-def]
    post(client, "/confirm")
    post(client, "/dice", die1="5", die2="2")
    post(client, "/play/0")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_reloaded_page_knows_the_verdict_it_shows_so_the_voice_is_silent(client, lang):
    # The page compares the verdict of /state.json with the one it was drawn with and
    # speaks when they differ: both must be in the page's language, or every reload speaks.
    played_once(client)
    page = client.get(f"/?lang={lang}").get_data(as_text=True)
    drawn = json.loads(re.search(r"let lastVerdict = (.*);\n", page).group(1))
    assert drawn == client.get("/state.json").get_json()["verdict"]
