"""A roll is said in one order everywhere, the larger die first (docs/referee.md, "How a
roll is said"): new-user trials s5 and s6 met "Probekamera: Würfel geworfen (3+5)" and
then "Rot würfelt 5+3" for the same roll, and a typed "3,5" was said "3+5" where the
camera's reading of the same dice said "5+3"."""

from __future__ import annotations

import re

import numpy as np
from conftest import on_synthetic_camera, position
from test_newcomer import post

from companion.games.dice import D6
from companion.games.game import game, parse_roll
from companion.web import Table, create_app


def test_a_typed_roll_and_a_roll_seen_are_the_same_roll_in_the_same_order():
    assert parse_roll("gravitation", "3,5") == parse_roll("gravitation", "5+3") == (5, 3)
    assert parse_roll("tuerme", "1 6") == (6, 1)
    assert parse_roll("tenet", "3,8,5") == parse_roll("tenet", "8,5,3")  # as III, IV, V
    # the dice reader lists the dice top to bottom, so the smaller may come first; the
    # watcher hands the game's roll_seen the reader's list and says what it returns
    read = [{"value": 3, "kind": "d6"}, {"value": 5, "kind": "d6"}]
    assert game("gravitation").roll_seen(read, position()) == (5, 3)


def test_the_page_says_a_typed_roll_larger_first_in_the_verdict_and_the_history():
    table = Table.new(position())
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    post(client, "/confirm")
    post(client, "/dice", die1="3", die2="5")
    page = client.get("/?lang=de").get_data(as_text=True)
    assert "Rot würfelt 5+3" in page and "3+5" not in page
    assert table.referee.roll == (5, 3)


def test_the_synthetic_cameras_throw_is_said_as_the_referee_then_says_it():
    seed = next(s for s in range(99) if _smaller_first(s))  # a throw of 3+5, not 5+3
    table = Table.new(position())
    table.referee.confirm_board()
    live = on_synthetic_camera(table, seed)
    photographer = live.photographer
    client = create_app(
        {"TABLE": table, "LIVE": live, "PANEL": None, "TESTING": True}
    ).test_client()
    thrown = photographer.throw()
    assert thrown is not None and photographer.thrown == thrown[::-1]  # thrown smaller first
    for _ in range(8):
        live.step()
        if table.referee.roll is not None:
            break
    said = "+".join(map(str, thrown))
    assert table.referee.roll == thrown
    assert re.search(
        rf"Rot würfelt {re.escape(said)}\b", client.get("/?lang=de").get_data(as_text=True)
    )


def _smaller_first(seed: int) -> bool:
    rng = np.random.default_rng(seed)
    first, second = int(rng.choice(D6)), int(rng.choice(D6))
    return first < second
