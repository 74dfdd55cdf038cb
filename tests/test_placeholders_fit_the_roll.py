"""The table's fields show an example of words that fit the roll on the table (new-user
trial s13 L7: "3, Brücke und 6" on a roll of 2+2), and the teaching page says what the
words at its head are (a bare „2 und 2“)."""

from __future__ import annotations

import re

from tuerme_helpers import make

from companion.table.table import Table
from companion.web import create_app


def tuerme_on_two_two(tmp_path):  # type: ignore[no-untyped-def]
    """Yellow, pieces on T.22 and T.23, rolls 2+2."""
    start = make({"red": [], "yellow": ["22", "23"], "green": [], "blue": []}, "yellow")
    table = Table.new(start, tmp_path / "j.sqlite")
    table.referee.confirm_board()
    table.referee.observe_dice([2, 2])
    return table


def placeholders(page: str) -> list[str]:
    return re.findall(r'placeholder="([^"]*)"', page)


def test_the_move_search_and_the_announcement_before_the_move_fit_the_roll(tmp_path):
    table = tuerme_on_two_two(tmp_path)
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    shown = placeholders(client.get("/status?lang=de").get_data(as_text=True))
    assert shown and all("Brücke und 6" not in p for p in shown), shown
    assert any("2 und 2" in p for p in shown), shown


def test_the_last_moves_field_fits_the_last_roll(tmp_path):
    table = tuerme_on_two_two(tmp_path)
    table.referee.play(0)
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    page = client.get("/status?lang=de").get_data(as_text=True)
    field = re.search(r'id="announce-last".*?placeholder="([^"]*)"', page, re.S)
    assert field is not None and "2 und 2" in field.group(1), page


def test_the_teaching_page_says_its_first_words_are_the_last_move(tmp_path):
    table = tuerme_on_two_two(tmp_path)
    table.referee.play(0)
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    page = client.get("/teach?lang=de").get_data(as_text=True)
    assert re.search(r"<h2[^>]*>Der letzte Zug: „[^“]*2 und 2", page), page
