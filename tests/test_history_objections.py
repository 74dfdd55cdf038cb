"""The page's history marks a move whose words the referee objected to, as the game's
record does, and the correction's confirm page says that words said after the move are
judged again against the corrected move (new-user trial s13 L3)."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from conftest import position
from test_correction import STORED
from test_web_correct import PIN, picked, unlocked

from companion.table.table import Table
from companion.web import create_app


def yellow_said_wrong_after_move_2(tmp_path, before: int = 0):  # type: ignore[no-untyped-def]
    """Red 4+3, yellow 5+2, red 6+1, each the first move of its list; after yellow's move
    a player said "Wurf 3" (``before``: said before move ``before`` instead)."""
    table = Table.new(position(), tmp_path / "j.sqlite")
    ref = table.referee
    ref.confirm_board()
    for number, dice in enumerate(([4, 3], [5, 2], [6, 1]), start=1):
        ref.observe_dice(dice)
        if number == before:
            assert ref.announce("Wurf 3", before_move=True).kind == "illegal"
        ref.play(0)
        if number == 2 and not before:
            assert ref.announce("Wurf 3", before_move=False).kind == "illegal"
    client = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": PIN}).test_client()
    return table, client


def history_items(client) -> list[str]:  # type: ignore[no-untyped-def]
    page = client.get("/status?lang=de").get_data(as_text=True)
    section = page[page.index('class="history"') :]
    return re.findall(r"<li>.*?</li>", section, re.S)


def test_the_history_marks_a_move_whose_words_were_objected_to(tmp_path):
    _, client = yellow_said_wrong_after_move_2(tmp_path)
    items = history_items(client)
    assert len(items) == 3 and "objected" not in items[0] + items[2]
    assert re.search(r'class="objected[^"]*">nicht erlaubt: [^<]*Wurf 3', items[1])


def test_words_said_before_the_move_mark_the_move_of_that_roll(tmp_path):
    _, client = yellow_said_wrong_after_move_2(tmp_path, before=3)
    items = history_items(client)
    assert [("objected" in i) for i in items] == [False, False, True]


def test_the_confirm_page_says_the_words_said_after_the_move_are_judged_again(tmp_path):
    _, client = yellow_said_wrong_after_move_2(tmp_path)
    unlocked(client)
    fields = picked(client, 2, STORED)
    check = client.get("/correct/2/check?lang=de&" + urlencode(fields)).get_data(as_text=True)
    assert "Nach dem Zug gesagt: „Wurf 3“" in check and "neu" in check


def test_words_said_wrong_before_the_move_read_as_a_sentence_each(tmp_path):
    # new-user trial s14 L3: "[illegal: … nearest legal: 'Wurf 7, …' | '…']" twice, no
    # space between; the words said were not there, the verdict word stayed English
    table = Table.new(position(), tmp_path / "j.sqlite")
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([5, 2])
    ref.announce("Wurf 7, Umlaufbahn 5, 4")
    ref.announce("Wurf 7, Umlaufbahn 9")
    ref.play(0)
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    for lang, said in (
        ("de", "„Wurf 7, Umlaufbahn 5, 4“ – nicht erlaubt: Ansage von Rot vor dem Zug"),
        ("en", "'Wurf 7, Umlaufbahn 5, 4' – illegal: Announced by red before the move"),
    ):
        page = client.get(f"/status?lang={lang}").get_data(as_text=True)
        marks = re.findall(r'<span class="objected fields">([^<]*)</span>', page)
        assert len(marks) == 2 and marks[0].startswith(said.replace("'", "&#39;"))
        assert not any("|" in m or "nearest" in m or "nächste" in m or "[" in m for m in marks)
