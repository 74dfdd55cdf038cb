"""The move list on the table page (issue 21.3): it says how many moves there are and
which of them it shows, pages through all the referee lists, says when a roll has more,
and tells moves said alike apart by their path."""

from __future__ import annotations

import re
from collections import Counter

from conftest import position

from companion.position import start_position
from companion.web import Table, create_app


def table_after(roll, pos=None):  # type: ignore[no-untyped-def]
    table = Table.new(pos or position())
    table.referee.confirm_board()
    table.referee.observe_dice(roll)
    app = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "2468"})
    return table, app.test_client()


def buttons(page: str) -> list[int]:
    """The move numbers the page's buttons play."""
    return [int(n) for n in re.findall(r'action="/play/(\d+)"', page)]


def test_the_list_says_which_part_it_shows_and_pages_through_every_move():
    table, client = table_after([1, 1])  # 65 legal moves from the start
    assert len(table.referee.legal) == 65
    page = client.get("/status?lang=de").get_data(as_text=True)
    assert "Erlaubte Züge: 1–20 von 65" in page and "Seite 1 von 4" in page
    reached = []
    for n in range(1, 5):
        page = client.get(f"/status?moves={n}&lang=en").get_data(as_text=True)
        reached += buttons(page)
    assert reached == list(range(65)) and "Legal moves: 61–65 of 65" in page
    assert "more" not in page.split("</summary>")[0]
    for wrong in ("0", "99", "x", "²", "-1"):  # any page asked for: one that exists
        assert buttons(client.get(f"/status?moves={wrong}").get_data(as_text=True))


def test_a_roll_with_more_moves_than_the_list_says_so():
    pos = position().moved({"red.S1": "U2.7", "red.S2": "U3.3", "red.S3": "U4.10"})
    _, client = table_after([6, 6], pos)
    page = client.get("/status?lang=de").get_data(as_text=True)
    assert "Erlaubte Züge: 1–20 der ersten 100 (es gibt mehr)" in page
    assert "mehr als 100 Züge" in page and "am Brett ausführen" in page
    assert buttons(client.get("/status?moves=5").get_data(as_text=True))[-1] == 99


def test_moves_said_alike_are_told_apart_by_their_path():
    table, client = table_after([1, 1])
    said = Counter(m.announcement for m in table.referee.legal)
    alike = [a for a, n in said.items() if n > 1]
    assert alike, "the start with 1+1 has moves said alike"
    rows = []
    for n in range(1, 5):
        page = client.get(f"/status?moves={n}&lang=en").get_data(as_text=True)
        rows += re.findall(
            r'class="move">([^<]*)</button>\s*(?:<span class="gloss">[^<]*</span>\s*)?'
            r'<span class="fields path">([^<]*)<',
            page,
        )
    for announcement in alike:
        paths = [p for a, p in rows if a == announcement]
        assert len(paths) == said[announcement] and len(set(paths)) == len(paths), paths
    assert all("→" in p for _, p in rows)


def test_the_list_shows_only_the_moves_of_a_piece_to_a_field():
    table, client = table_after([1, 1])
    legal = table.referee.legal
    start = "red.S2"
    ends = {m.end for m in legal if m.start == start}
    page = client.get(f"/status?from={start}&lang=de").get_data(as_text=True)
    assert buttons(page) == [i for i, m in enumerate(legal) if m.start == start]
    assert f"Nur die Züge von {start} nach …" in page and f"von allen {len(legal)}" in page
    end = sorted(ends)[0]
    page = client.get(f"/status?from={start}&to={end}").get_data(as_text=True)
    assert buttons(page) == [i for i, m in enumerate(legal) if (m.start, m.end) == (start, end)]
    ringed = client.get(f"/board.svg?from={start}&to={end}").get_data(as_text=True)
    assert ringed.count('stroke="#ff3df2" stroke-width="1.8"') == 2  # both fields ringed


def test_a_filter_left_from_an_earlier_roll_filters_nothing():
    _, client = table_after([1, 1])
    page = client.get("/status?from=U5.1&to=nowhere").get_data(as_text=True)
    assert buttons(page) == list(range(20)) and "Nur die Züge" not in page


def test_the_english_page_gives_each_move_its_english_reading():
    table = Table.new(start_position("gravitation", ["red", "yellow"]))
    table.referee.confirm_board()
    table.referee.observe_dice([5, 2])
    page = create_app({"TABLE": table, "TESTING": True}).test_client()
    english = page.get("/status?lang=en").get_data(as_text=True)
    german = page.get("/status?lang=de").get_data(as_text=True)
    assert table.referee.legal[0].gloss in english and 'class="gloss"' not in german
