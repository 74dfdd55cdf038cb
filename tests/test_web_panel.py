"""The virtual panel on the table page (issue 21.8): every LED labelled, seat lights only
for the players in the game, each press answered, and no second undo beside the page's."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import csrf_of, mock_panel, position

from companion.web import Table, create_app


@pytest.fixture()
def client() -> Iterator[object]:
    table = Table.new(position())  # red and yellow play; the panel has five seats
    with mock_panel(table) as (panel, _):
        app = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "2468", "PANEL": panel})
        yield app.test_client()


def lights(page: str) -> list[str]:
    """The label beside each LED dot."""
    return [
        " ".join(label.split())
        for label in re.findall(r'<span class="led [^>]*></span>\s*([^<]*)</li>', page)
    ]


def test_each_led_is_labelled_and_only_the_players_seats_are_shown(client):
    page = client.get("/status?lang=de").get_data(as_text=True)  # type: ignore[attr-defined]
    assert lights(page) == [
        "Platz Rot: am Zug",
        "Platz Gelb",  # only the seat lit is to move (new-user trial s7: both said so)
        "Zug erlaubt (grün)",
        "Zug nicht erlaubt (rot)",
    ]
    assert 'class="led on seat-red"' in page and "seat-green" not in page


def test_the_panel_points_at_the_page_undo_once_a_move_is_there_to_take_back(tmp_path):
    # new-user trial s6: the note "… im Verlauf" stood there before any move, with no history
    table = Table.new(position(), tmp_path / "journal.sqlite")
    with mock_panel(table) as (panel, _):
        client = create_app({"TABLE": table, "TESTING": True, "PANEL": panel}).test_client()
        assert "Letzten Zug zurücknehmen" not in client.get("/status?lang=de").get_data(True)
        table.referee.confirm_board()
        table.referee.observe_dice([4, 3])
        table.referee.play(0)
        assert "„Letzten Zug zurücknehmen“" in client.get("/status?lang=de").get_data(True)


def test_the_panel_offers_no_second_undo_and_answers_every_press(client):
    page = client.get("/status?lang=de").get_data(as_text=True)  # type: ignore[attr-defined]
    assert "/panel/undo" not in page
    assert re.findall(r'action="/panel/(\w+)"', page) == ["read_dice", "confirm"]
    csrf = csrf_of(page)
    answer = client.post(  # type: ignore[attr-defined]
        "/panel/read_dice", data={"csrf_token": csrf}, follow_redirects=True
    ).get_data(as_text=True)
    assert "Knopf „Würfel lesen“ gedrückt." in answer and "Keine Kamera angeschlossen" in answer


def test_words_that_are_no_announcement_light_no_red_and_the_move_stands(client):
    def post(path: str, **data: str) -> str:
        page = client.get("/status").get_data(as_text=True)  # type: ignore[attr-defined]
        csrf = csrf_of(page)
        return client.post(  # type: ignore[attr-defined]
            path, data={"csrf_token": csrf, **data}, follow_redirects=True
        ).get_data(as_text=True)

    post("/confirm")
    post("/dice", die1="5", die2="2")
    post("/play/0")
    post("/announce", announcement="blabla 99")
    page = client.get("/status?lang=de").get_data(as_text=True)  # type: ignore[attr-defined]
    assert 'class="verdict info"' in page and "nicht verstanden" in page
    assert "Der Zug bleibt stehen; bitte die Ansage wiederholen oder neu eintippen" in page
    assert 'class="led off verdict_bad"' in page and 'class="announcement"' not in page


def test_a_confirm_press_says_what_it_confirmed(client):
    # new-user trial s10: only "Knopf „Bestätigen“ gedrückt." while a move was expected
    page = client.get("/status?lang=de").get_data(as_text=True)  # type: ignore[attr-defined]
    csrf = csrf_of(page)
    answer = client.post(  # type: ignore[attr-defined]
        "/panel/confirm", data={"csrf_token": csrf}, follow_redirects=True
    ).get_data(as_text=True)
    assert "Knopf „Bestätigen“ gedrückt: die Steine stehen, wie der Schiedsrichter sie zeigt" in (
        answer
    )
