"""Correcting one recorded move on the page: behind the PIN, asked first, and every later
move checked again; a move that no longer stands is named and taken back only when the
referee ticks it."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from test_correction import BLOCKS, STORED, four_moves

from companion.web import create_app

PIN = "2468"


def page_of(tmp_path, undo: int = 0):  # type: ignore[no-untyped-def]
    table = four_moves(tmp_path / "j.sqlite")
    for _ in range(undo):
        table.referee.undo()
    client = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": PIN}).test_client()
    return table, client


def token(client, path="/unlock"):  # type: ignore[no-untyped-def]
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def unlocked(client):  # type: ignore[no-untyped-def]
    client.post("/unlock", data={"pin": PIN, "csrf_token": token(client)})
    return client


def picked(client, number: int, said: str) -> dict[str, str]:
    """The form fields of the move said so on move ``number``'s correction page."""
    page = client.get(f"/correct/{number}?" + urlencode({"said": said})).get_data(as_text=True)
    index = re.search(r'name="n" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    return {"n": index, "a": said, "said": said}


def test_correcting_needs_the_pin(tmp_path):
    _, client = page_of(tmp_path)
    asked = client.get("/correct/2")
    assert asked.status_code == 302 and "/unlock" in asked.headers["Location"]
    assert client.post("/correct/2", data={"sure": "yes"}).status_code in (400, 403)


def test_the_history_offers_to_correct_each_move(tmp_path):
    _, client = page_of(tmp_path)
    page = client.get("/status?lang=de").get_data(as_text=True)
    assert [int(n) for n in re.findall(r'href="/correct/(\d+)"', page)] == [1, 2, 3, 4]
    assert "Gelb 5+2: " in page


def test_correct_a_move_in_the_middle_and_the_later_moves_stand(tmp_path):
    _, client = page_of(tmp_path, undo=1)  # three moves
    unlocked(client)
    fields = picked(client, 2, STORED)
    check = client.get("/correct/2/check?lang=en&" + urlencode(fields)).get_data(as_text=True)
    assert re.search(r'id="check-3">[^<]*stands', check) and "take back" not in check.lower()
    done = client.post(
        "/correct/2", data={**fields, "sure": "yes", "csrf_token": token(client, "/")}
    )
    assert done.status_code == 302
    history = client.get("/status?lang=de").get_data(as_text=True)
    assert STORED in history and "Zug 2 berichtigt" in history


def test_a_correction_that_breaks_a_later_move_names_it_and_asks(tmp_path):
    table, client = page_of(tmp_path)
    unlocked(client)
    fields = picked(client, 2, BLOCKS)
    check = client.get("/correct/2/check?lang=de&" + urlencode(fields)).get_data(as_text=True)
    assert re.search(r'id="check-3">[^<]*steht so nicht mehr: ', check)
    assert "Zug 3 ist nach der Berichtigung so nicht mehr erlaubt" in check
    assert "die Züge 3 bis 4 zurücknehmen" in check
    form = {**fields, "sure": "yes", "csrf_token": token(client, "/")}
    before = table.position
    assert client.post("/correct/2", data=form).status_code == 409  # not ticked: nothing
    assert table.position == before
    assert client.post("/correct/2", data={**form, "drop": "yes"}).status_code == 302
    assert (
        len(re.findall(r'href="/correct/\d+"', client.get("/status").get_data(as_text=True))) == 2
    )


def test_the_english_history_gives_each_announcement_its_english_reading(tmp_path):
    _, client = page_of(tmp_path)
    english = client.get("/status?lang=en").get_data(as_text=True)
    german = client.get("/status?lang=de").get_data(as_text=True)
    history = english.split('class="history"')[1]
    assert history.count('class="gloss"') == 4 and "orbit" in history
    assert 'class="gloss"' not in german.split('class="history"')[1]
