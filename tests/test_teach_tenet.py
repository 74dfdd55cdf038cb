"""Learn teaches TENET as it teaches Gravitation (new-user trial s14 M3): a legal answer
is explained word by word, with the roll; an empty answer says what to say, in words a
child reads; the page links to Help's words of the announcement."""

from __future__ import annotations

import re

from conftest import csrf_of

from companion.model.position import start_position
from companion.web import Table, create_app


def practise(roll: str, said: str, lang: str = "en") -> str:
    table = Table.new(start_position("tenet", ["red", "green"]))
    page = create_app({"TABLE": table, "TESTING": True}).test_client()
    token = csrf_of(page.get(f"/teach?lang={lang}").get_data(as_text=True))
    form = {"roll": roll, "announcement": said, "csrf_token": token}
    return page.post(f"/teach?lang={lang}", data=form).get_data(as_text=True)


def rows(page: str) -> list[list[str]]:
    table = page.split('id="practice-verdict"')[1]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", table)
    ]


def test_a_legal_step_is_explained_word_by_word_with_the_roll():
    said = rows(practise("8,6,3", "8 von Start nach K1.5"))
    assert [r[0] for r in said] == ["8", "von Start", "nach K1.5"]
    die, start, end = said
    assert "6+3+8" in die[1] and "8 fields" in die[2]
    assert "start field" in start[2]
    assert "K1.5" in end[2] and "6, 3" in end[1]  # the dice still to move


def test_an_empty_answer_says_what_to_say():
    for lang, words in (
        ("en", "Say which die, from where, to where: e.g. &#39;4 von Start nach K1.1&#39;."),
        ("de", "Sag, welcher Würfel, von wo, nach wo: z. B. „4 von Start nach K1.1“."),
    ):
        answer = practise("8,6,3", "  ", lang)
        assert words in answer and "character 1" not in answer and "Zeichen 1" not in answer


def test_learn_links_to_helps_words_of_the_announcement():
    table = Table.new(start_position("tenet", ["red", "green"]))
    page = create_app({"TABLE": table, "TESTING": True}).test_client()
    assert 'href="/help#words"' in page.get("/teach").get_data(as_text=True)


def test_the_stone_taken_without_a_step_is_explained_as_the_win():
    from tenet_helpers import make

    from companion.games.game import game
    from companion.games.tenet.rules import legal_moves
    from companion.texts import render

    pos = make({"red": ["P3.4"], "blue": []}, stone="P3.3")
    (move,) = legal_moves(pos, (9, 3, 2))
    (said,) = game("tenet").spell_out(move)
    assert said.words == "Stein der Weisen" and "wins" in render(said.meaning, "en")
