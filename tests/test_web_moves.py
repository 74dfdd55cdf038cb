"""The move list on the table page (issue 21.3): it says how many moves there are and
which of them it shows, pages through all the referee lists, says when a roll has more,
and tells moves said alike apart by their path."""

from __future__ import annotations

import html
import re
from collections import Counter
from urllib.parse import urlencode

import pytest
from conftest import position, post
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model.position import start_position
from companion.web import Table, create_app


def table_after(roll, pos=None):  # type: ignore[no-untyped-def]
    table = Table.new(pos or position())
    table.referee.confirm_board()
    table.referee.observe_dice(roll)
    app = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "2468"})
    return table, app.test_client()


def buttons(page: str) -> list[int]:
    """The move numbers the page's buttons play."""
    return [int(n) for n in re.findall(r'action="/play/(\d+)\?', page)]


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


def said(page: str) -> list[str]:
    """The announcements of the page's move buttons, in order."""
    return re.findall(r'class="move">([^<]*)</button>', page)


def test_the_list_shows_only_the_moves_of_a_piece_to_a_field():
    table, client = table_after([1, 1])
    legal = table.referee.legal
    start = "red.S2"
    ends = {m.end for m in legal if m.start == start}
    page = client.get(f"/status?from={start}&lang=de").get_data(as_text=True)
    assert said(page) == [m.announcement for m in legal if m.start == start][:20]
    assert "Nur die Züge ab S2 von Rot nach …" in page
    end = sorted(ends)[0]
    page = client.get(f"/status?from={start}&to={end}").get_data(as_text=True)
    assert said(page) == [m.announcement for m in legal if (m.start, m.end) == (start, end)]
    ringed = client.get(f"/board.svg?from={start}&to={end}").get_data(as_text=True)
    assert ringed.count('stroke="#ff3df2" stroke-width="1.8"') == 2  # both fields ringed


CROWDED = {"red.S1": "U2.7", "red.S2": "U3.3", "red.S3": "U4.10"}  # 247 moves with 6+6


def beyond_the_list(table):  # type: ignore[no-untyped-def]
    """A legal move of the roll that the referee's first 100 do not hold."""
    from companion.table.table import rules

    every = list(rules(table.position, table.referee.roll))
    assert len(every) > 200
    listed = {(m.announcement, m.start, m.end) for m in table.referee.legal}
    return next(m for m in every[150:] if (m.announcement, m.start, m.end) not in listed)


def test_a_move_past_the_first_100_is_found_by_its_piece_and_played():
    table, client = table_after([6, 6], position().moved(CROWDED))
    move = beyond_the_list(table)
    page = client.get(f"/status?from={move.start}&to={move.end}").get_data(as_text=True)
    assert move.announcement in said(page)
    number = buttons(page)[said(page).index(move.announcement)]
    played = post(
        client, f"/play/{number}?from={move.start}&to={move.end}", announcement=move.announcement
    )
    assert played.status_code == 302 and table.position == move.after


def test_a_move_past_the_first_100_is_found_by_its_words():
    table, client = table_after([6, 6], position().moved(CROWDED))
    move = beyond_the_list(table)
    page = client.get("/status", query_string={"said": move.announcement}).get_data(as_text=True)
    assert said(page)[0] == move.announcement and "Züge zu „" in page
    post(
        client, f"/play/0?{urlencode({'said': move.announcement})}", announcement=move.announcement
    )
    assert table.referee.last_move.announcement == move.announcement


def test_words_that_name_no_legal_move_give_the_reason_and_the_nearest():
    _, client = table_after([6, 6], position().moved(CROWDED))
    page = client.get("/status?lang=en&" + urlencode({"said": "Wurf 12, Umlaufbahn 3"}))
    text = page.get_data(as_text=True)
    assert 'class="verdict illegal"' in text and "The nearest legal moves" in text
    assert said(text)  # the nearest legal moves, each a button


def test_a_wrong_tenet_step_searched_gives_the_reason_and_the_nearest_steps_too():
    # trial s6: "K1.6 ist nicht 8 Felder von start …" and "keiner gefunden", no nearest
    table, client = table_after([5, 3, 8], start_position("tenet", ["red", "yellow"]))
    query = urlencode({"said": "8 von Start nach K1.6"})
    text = client.get(f"/status?lang=de&{query}").get_data(as_text=True)
    assert "K1.6 ist nicht 8 Felder von Start entlang" in text and "keiner gefunden" not in text
    assert "Darunter die nächsten erlaubten Züge" in text
    assert said(text)[:3] == [
        "8 von Start nach K1.26",
        "8 von Start nach K1.5",
        "8 von Start nach K1.9",
    ]
    post(client, f"/play/1?{query}", announcement="8 von Start nach K1.5")  # each a button
    assert table.referee.position.pieces["red"].count("K1.5") == 1


def test_during_a_tenet_turn_the_page_takes_the_next_steps_announcement():
    # trial s11 H2: after the first step only "Ansage des letzten Zugs" was left, and the
    # next step typed there was judged as the first: "keine Kugel von Rot auf K1.5"
    _, client = table_after([6, 3, 8], start_position("tenet", ["red", "yellow"]))
    post(client, "/play/0", announcement="8 von Start nach K1.5")
    page = client.get("/status?lang=de").get_data(as_text=True)
    assert 'name="when" value="first"' in page and "Ansage vor dem Zug" in page
    post(client, "/announce", announcement="6 von K1.5 nach K1.11", when="last")
    state = client.get("/state.json").get_json()
    assert state["verdict"]["verdict"] == "legal", state["verdict"]
    assert "keine Kugel" not in client.get("/status?lang=de").get_data(as_text=True)


def test_a_list_that_changed_since_the_page_was_drawn_plays_nothing():
    table, client = table_after([1, 1])
    before = table.position
    answer = post(client, "/play/3?from=red.S2", announcement="Wurf 2, 1, 0")
    assert answer.status_code == 409 and table.position == before


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


@given(st.text(max_size=80))
@settings(max_examples=60)
def test_any_words_typed_into_the_search_are_answered(words):
    page = SEARCH_CLIENT.get("/status?" + urlencode({"said": words, "from": words}))
    assert page.status_code == 200


def _search_client():  # type: ignore[no-untyped-def]
    _, client = table_after([6, 6], position().moved(CROWDED))
    return client


SEARCH_CLIENT = _search_client()


def test_the_history_reads_a_recorded_announcement_as_the_move_list_does():
    """The history has only the words the journal kept; their English reading is the one
    the move had in the list, in every game."""
    from companion.table.table import rules
    from companion.web.table import announcement_gloss

    for game, roll in (("gravitation", (6, 6)), ("tuerme", (6, 1)), ("tenet", (1, 2, 3))):
        pos = start_position(game, ["red", "yellow"])
        moves = list(rules(pos, roll))[:60]
        assert moves, game
        for m in moves:
            assert announcement_gloss(game, m.announcement) == m.gloss, (game, m.announcement)


@pytest.mark.parametrize("said", ["x" * 5000, "Wurf 7, Umlaufbahn " * 300])
def test_a_long_search_is_not_echoed_back_whole(said):
    from test_languages import visible

    _, client = table_after([3, 4])
    page = client.get("/status?lang=de&" + urlencode({"said": said})).get_data(as_text=True)
    shown = visible(page.split('id="legal"')[1])
    assert said[:59] + "…" in shown and said[:61] not in shown


def test_a_search_that_finds_nothing_of_a_piece_counts_no_moves():
    _, client = table_after([3, 4])
    page = client.get("/status?lang=de&from=red.S1&to=U1.17&said=x").get_data(as_text=True)
    assert "Nur die Züge ab S1 von Rot" in page and "von allen 0" not in page


def test_a_long_announcement_is_not_echoed_back_whole():
    table, client = table_after([3, 4])
    table.referee.play(0)
    table.referee.announce("x" * 300)
    page = html.unescape(client.get("/status?lang=en").get_data(as_text=True))
    assert "'" + "x" * 59 + "…'" in page and "x" * 61 not in page


def test_tenet_words_that_name_no_step_give_the_checkers_reason():
    _, client = table_after([1, 3, 2], start_position("tenet", ["red", "blue"]))
    for words, reason in (
        ("Quatsch", "&#39;Quatsch&#39; is no TENET word at character 1"),
        ("1 von E1-9 nach K1.7", "no red ball on E1-9"),
    ):
        page = client.get("/status?lang=en&" + urlencode({"said": words}))
        text = page.get_data(as_text=True)
        assert f'<p class="verdict illegal">{reason}' in text, words


def test_a_double_tap_on_a_listed_move_lands_on_the_table_with_the_first_verdict():
    # trial s8: the second of two posts 30 ms apart ended on a bare "409 … gibt es jetzt nicht"
    table, client = table_after([4, 3])
    page = client.get("/").get_data(as_text=True)
    words = said(page)[0]
    first = post(client, "/play/0?", announcement=words)
    second = post(client, "/play/0?", announcement=words)
    assert first.status_code == second.status_code == 302
    assert len(table.referee._history) == 1  # played once
    back = client.get(second.headers["Location"]).get_data(as_text=True)
    assert "Erlaubter Zug" in back and words in back


def test_after_a_tapped_step_of_a_turn_announced_whole_the_page_says_the_rest():
    # new-user trial s9: the box said only "Weiter mit 9, 8" and the step's words
    table, client = table_after([9, 8, 2], start_position("tenet", ["red", "blue"]))
    rest = "9 von Start nach X3-4; 8 von K1.1 nach K1.9"
    post(client, "/announce", announcement="2 von Start nach K1.1; " + rest, when="first")
    step = urlencode({"said": "2 von Start nach K1.1"})
    post(client, f"/play/0?{step}", announcement="2 von Start nach K1.1")
    assert table.referee.position.spent == (2,)
    page = html.unescape(client.get("/status?lang=de").get_data(as_text=True))
    assert f"Weiter wie angesagt (9, 8): „{rest}“. Jetzt so ziehen: Rot auf X3-4" in page


def test_another_move_tapped_after_an_announcement_is_said_on_the_page():
    # new-user trial s9: Gravitation and TENET took it without a word
    table, client = table_after([4, 3])
    announced, tapped = table.referee.legal[0], table.referee.legal[1]
    post(client, "/announce", announcement=announced.announcement, when="first")
    assert table.referee.announced is not None
    post(client, "/play/1?", announcement=tapped.announcement)
    page = html.unescape(client.get("/status?lang=de").get_data(as_text=True))
    assert table.position == tapped.after
    assert (
        f"anders als angesagt: „{announced.announcement}“ – gespielt: „{tapped.announcement}“"
        in page
    )


def move_forms(page: str) -> list[tuple[str, str, dict[str, str]]]:
    """Each move button's form on the page: its address, its words and its fields."""
    found = re.findall(r'<form method="post" action="(/play/[^"]*)">(.*?)</form>', page, re.S)
    out = []
    for action, inside in found:
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', inside))
        fields = {k: html.unescape(v) for k, v in fields.items()}
        path = re.search(r'class="fields path">([^<]*)<', inside)
        out.append((html.unescape(action), html.unescape(path.group(1)) if path else "", fields))
    return out


def test_a_second_phone_tapping_another_move_said_alike_is_told_what_was_played(tmp_path):
    # new-user trial s14 M1: two phones tapped two moves said "Wurf 2, 1, 0" alike; the
    # second was told "legal move" although its move was not made (the double-tap rule
    # judged by the words alone). L2: a stale tap says what was played instead.
    table = Table.new(position(), tmp_path / "j.sqlite")
    table.referee.confirm_board()
    table.referee.observe_dice([1, 1])
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    forms = move_forms(client.get("/?lang=de").get_data(as_text=True))
    words = Counter(f["announcement"] for _, _, f in forms)
    (child, child_path, tapped), (parent, _, other) = [
        (a, p, f) for a, p, f in forms if words[f["announcement"]] > 1
    ][:2]
    assert tapped["announcement"] == other["announcement"]
    assert client.post(child, data=tapped).status_code == 302
    answer = client.post(parent + "&lang=de", data=other)  # a page from before the tap
    assert answer.status_code == 409
    said = html.unescape(answer.get_data(as_text=True))
    assert f"Zug 1 ist schon gespielt: Rot 1+1: „{tapped['announcement']}“ {child_path}" in said
    assert client.post(child, data=tapped).status_code == 302  # the same tap again: its verdict
    assert len(table.referee._history) == 1


def test_a_stale_tap_on_another_move_says_what_was_played_instead(tmp_path):
    # new-user trial s14 L2: the back button, a stale tap: a bare "no such move to make"
    table = Table.new(position(), tmp_path / "j.sqlite")
    table.referee.confirm_board()
    table.referee.observe_dice([4, 3])
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    page = client.get("/?lang=en").get_data(as_text=True)
    (first, way, tapped), (later, _, other) = move_forms(page)[:2]
    assert tapped["announcement"] != other["announcement"]
    assert client.post(first, data=tapped).status_code == 302
    answer = client.post(later + "&lang=en", data=other)
    said = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 409 and 'href="/"' in said  # and a way back to the table
    assert f"Move 1 was already played: red 4+3: “{tapped['announcement']}” {way}" in said
