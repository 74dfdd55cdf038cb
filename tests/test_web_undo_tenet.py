"""Taking back TENET's Pasch on the page (new-user trial s11 H4): a roll typed by mistake
plays its Pasch at once, so the undo page names the stone's way in words and says that
the roll goes back with the move; the page and the record then agree."""

from __future__ import annotations

import html

from conftest import post, unlock

from companion.model.position import start_position
from companion.web import Table, create_app


def test_a_pasch_typed_by_mistake_is_taken_back_with_its_roll(tmp_path):  # type: ignore[no-untyped-def]
    table = Table.new(start_position("tenet", ["red", "yellow"]), tmp_path / "j.sqlite")
    app = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "2468"})
    client = app.test_client()
    post(client, "/confirm")
    post(client, "/dice", die1="5", die2="5", die3="3")  # played at once: nothing to pick
    assert table.referee.position.stone == "P5.5"
    unlock(client)
    page = html.unescape(client.get("/undo?lang=de").get_data(as_text=True))
    assert "( → )" not in page and "(Stein: Start → Jupiter)" in page
    assert "Der Wurf 5+5+3 wird mit ihm zurückgenommen: Rot würfelt noch einmal." in page
    assert "zieht mit ihm noch einmal" not in page
    post(client, "/undo", sure="yes")
    post(client, "/confirm")  # the Pasch moved no ball: the board stands as it was
    state = client.get("/state.json").get_json()
    assert state["phase"] == "roll" and table.referee.position.stone == "start"
    status = client.get("/status?lang=de").get_data(as_text=True)
    assert "Pasch 5" not in status  # the page's history, as the record: taken back
    # the note beside the verdict: the roll went back with the move, it does not stay
    assert "Zug 1 zurückgenommen" in status and "bleibt" not in status
    record = client.get(f"/game/{table.referee.game_id}.txt?lang=de").get_data(as_text=True)
    assert "1. Rot 5+5+3: Pasch 5: Stein auf Jupiter  (zurückgenommen)" in record
    assert "Pasch 5: Stein auf Jupiter; Pasch 5" not in record


def test_undoing_a_pasch_s_clearing_on_the_page_keeps_the_pasch(tmp_path):  # type: ignore[no-untyped-def]
    # review s11 finding 5: the page, the record and a restart agree that the Pasch stands
    from tenet_helpers import make

    from companion.games.tenet.live import seen
    from companion.table.referee import Referee

    board = make({"red": ["K3.9", "P5.2"], "blue": ["K3.12"]})
    table = Table.new(board, tmp_path / "j.sqlite")
    app = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "2468"})
    client = app.test_client()
    post(client, "/confirm")
    post(client, "/dice", die1="5", die2="5", die3="3")
    cleared = seen(table.referee.position)
    del cleared["K3.12"]
    table.referee.observe_board(cleared)
    unlock(client)
    page = html.unescape(client.get("/undo?lang=de").get_data(as_text=True))
    assert "Räumen zurückgenommen; der Pasch bleibt: Rot würfelt dann." in page
    assert "zieht mit ihm noch einmal" not in page and "würfelt noch einmal" not in page
    post(client, "/undo", sure="yes")
    status = html.unescape(client.get("/status?lang=de").get_data(as_text=True))
    assert "Räumen zurückgenommen; der Pasch bleibt" in status
    post(client, "/confirm")
    status = html.unescape(client.get("/status?lang=de").get_data(as_text=True))
    assert "Pasch 5: Stein auf Jupiter" in status and "räumt K3.12" not in status
    record = client.get(f"/game/{table.referee.game_id}.txt?lang=de").get_data(as_text=True)
    assert "räumt K3.12 (Räumen zurückgenommen; der Pasch bleibt)\n" in record
    again = Referee.resume(table.journal, table.referee.game_id, table.referee.rules)
    assert again.position.stone == table.referee.position.stone == "P5.3"


def test_undoing_one_step_of_a_turn_says_the_dice_really_left(tmp_path):  # type: ignore[no-untyped-def]
    # new-user trial s14 L6: undoing step 2 of 6+3+8 said "red moves with it again",
    # while red moves on with 6 and 3 only (the 8 stays played)
    from companion.table.table import rules

    table = Table.new(start_position("tenet", ["red", "yellow"]), tmp_path / "j.sqlite")
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([6, 3, 8])
    for said in ("8 von Start nach K1.5", "6 von K1.5 nach K1.11"):
        ref.play_move(next(m for m in rules(ref.position, ref.roll) if m.announcement == said))
    client = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "2468"}).test_client()
    unlock(client)
    page = html.unescape(client.get("/undo?lang=de").get_data(as_text=True))
    assert "Der Wurf 6+3+8 bleibt: Rot zieht weiter mit 6 und 3." in page
    post(client, "/undo", sure="yes")
    assert "Rot zieht weiter mit 6 und 3" in client.get("/status?lang=de").get_data(as_text=True)
    ref.confirm_board()  # the ball set back: the note beside the verdict says it too
    note = client.get("/status?lang=en").get_data(as_text=True).split('id="undone-note">')[1]
    assert note.startswith("Move 2 taken back; the roll 6+3+8 stays: red moves on with 6 and 3")
