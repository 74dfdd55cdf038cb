"""Dice typed on the page are not said as "read" when refused, and Miwin's three dice
are named on the page where they are typed (new-user trial s14 L7: "read 7, 3: each die
shows 1 to 6", and the three selects had their names III, IV, V only as aria-label)."""

from __future__ import annotations

import re

from conftest import position, post

from companion.model.position import start_position
from companion.texts import render
from companion.web import Table, create_app


def test_a_refused_roll_is_said_as_dice_not_as_read():
    table = Table.new(position())
    table.referee.confirm_board()
    verdict = table.referee.observe_dice([7, 3])
    assert verdict is not None
    english, german = render(verdict.reason, "en"), render(verdict.reason, "de")
    assert english.startswith("dice 7, 3: each die shows 1 to 6") and "read" not in english
    assert german.startswith("Würfel 7, 3: ") and "Gelesen" not in german


def test_miwins_dice_are_named_beside_their_selects():
    tenet = start_position("tenet", players=["red", "blue"])
    client = create_app({"TABLE": Table.new(tenet), "TESTING": True}).test_client()
    post(client, "/confirm")
    page = client.get("/status").get_data(as_text=True)
    form = page[
        page.index('class="dice-form"') : page.index("</form>", page.index('class="dice-form"'))
    ]
    names = re.findall(r'<span class="die-name">([^<]*)</span>\s*<select', form)
    assert names == ["III", "IV", "V"]


def test_two_d6_have_no_names_beside_them():
    client = create_app({"TABLE": Table.new(position()), "TESTING": True}).test_client()
    post(client, "/confirm")
    assert 'class="die-name"' not in client.get("/status").get_data(as_text=True)
