"""The practice form speaks each game's own dice and words (issue 21): its examples are a
roll of that game and a move it allows, the answer is in view after "Prüfen", and a game
without spelt-out steps shows no empty table."""

from __future__ import annotations

import re

import pytest

from companion.position import start_position
from companion.web import Table, create_app

GAMES = [
    ("gravitation", ["red", "yellow"]),
    ("tuerme", ["red", "blue"]),
    ("tenet", ["red", "green"]),
]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_the_practice_forms_example_is_a_legal_move_of_the_game(game, players):
    client = create_app({"TABLE": Table.new(start_position(game, players)), "TESTING": True})
    page = client.test_client()
    form = page.get("/teach").get_data(as_text=True)
    roll, words = re.findall(r'placeholder="([^"]*)"', form)[:2]
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)  # type: ignore[union-attr]
    answer = page.post("/teach", data={"roll": roll, "announcement": words, "csrf_token": token})
    assert answer.status_code == 200 and 'class="verdict legal"' in answer.get_data(as_text=True)
    assert 'action="/teach#practice"' in form and 'id="practice"' in form
    assert '<table class="steps">' not in form  # nothing played yet: no empty table
