"""The table page: the board of the referee's position, readable on a phone."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from conftest import position, post, token, unlock
from test_languages import visible

from companion.cli import main
from companion.web import Table, create_app


@pytest.fixture
def client():  # type: ignore[no-untyped-def]
    pos = position(energy={"red": 4, "yellow": 1}).moved({"red.S1": "U2.7"})
    app = create_app(
        {
            "TABLE": Table.new(pos),
            "TESTING": True,
            "REFEREE_PIN": "2468",
            "WRONG_PIN_PAUSE": 0,
            "SSE_TEST_SECONDS": 0.3,
        }
    )
    return app.test_client()


def test_the_table_shows_board_turn_and_stores(client):
    page = client.get("/").get_data(as_text=True)
    assert "<svg" in page and "ist am Zug" in page
    assert '<span id="to-move">Rot ist am Zug</span>' in page
    standings = page.split('id="standings"')[1].split("</table>")[0]
    assert ">Speicher</th>" in standings
    assert '<td class="energy">4/5</td>' in standings and '<td class="energy">1/5</td>' in standings
    assert "death_push" in page


def test_the_board_picture_and_the_position_as_json(client):
    svg = client.get("/board.svg")
    assert svg.mimetype == "image/svg+xml"
    ET.fromstring(svg.get_data(as_text=True))
    data = client.get("/position.json").get_json()
    assert "U2.7" in data["pieces"]["red"] and data["energy"] == {"red": 4, "yellow": 1}


def test_unknown_pages_and_big_bodies_are_refused_not_crashed(client):
    assert client.get("/nowhere").status_code == 404
    assert client.post("/", data="x" * 100_000).status_code in (405, 413)


def test_serve_refuses_a_bad_port_and_bad_players_in_one_line(capsys):
    assert main(["serve", "--port", "70000"]) == 2
    assert capsys.readouterr().err == "companion serve: --port 70000 is not a port number\n"
    assert main(["serve", "--players", "red,purple"]) == 2
    assert "unknown player 'purple'" in capsys.readouterr().err


def test_setting_up_a_game_needs_the_pin(client):
    response = client.get("/setup")
    assert response.status_code == 302 and "/unlock" in response.headers["Location"]
    wrong = client.post("/unlock", data={"pin": "1111", "csrf_token": token(client)})
    assert "Die PIN stimmt nicht." in wrong.get_data(as_text=True)
    assert client.get("/setup").status_code == 302
    assert unlock(client).status_code == 302
    assert client.get("/setup").status_code == 200


def test_a_form_without_its_csrf_token_is_refused(client):
    assert client.post("/unlock", data={"pin": "2468"}).status_code == 400
    unlock(client)
    response = client.post(
        "/setup", data={"game": "gravitation", "players": "red,blue", "csrf_token": "forged"}
    )
    assert response.status_code == 400
    assert client.get("/position.json").get_json()["players"] == ["red", "yellow"]


def test_a_new_game_is_set_up_and_announced_live(client):
    unlock(client)
    data = {
        "game": "gravitation",
        "phase": "2",
        "players": "blue,green,white",
        "option.death_push": "on",
        "discard": "yes",
        "csrf_token": token(client, "/setup"),
    }
    assert client.post("/setup", data=data).status_code == 302
    position = client.get("/position.json").get_json()
    assert position["players"] == ["blue", "green", "white"] and position["phase"] == 2
    assert position["options"]["death_push"] is True


def test_the_event_stream_carries_the_new_position(client):
    app = client.application
    with app.test_request_context():
        broker = app.extensions["companion_events"]
    response = client.get("/events", buffered=False)
    assert response.mimetype == "text/event-stream"
    broker.publish("state", {"to_move": "green"})
    text = b"".join(response.response).decode()
    assert 'event: state\ndata: {"to_move": "green"}' in text


def test_bad_set_up_input_is_answered_with_a_message_never_a_500(client):
    unlock(client)
    for players in ("red,purple", "red", "red,red", "x" * 500):
        data = {"game": "gravitation", "players": players, "csrf_token": token(client, "/setup")}
        response = client.post("/setup", data=data)
        assert response.status_code == 400, players
        assert 'class="flash"' in response.get_data(as_text=True)
    response = client.post("/setup", data={"game": "chess", "csrf_token": token(client)})
    assert (
        response.status_code == 400
        and "wird auf diesem Brett nicht gespielt" in response.get_data(as_text=True)
    )


def test_set_up_offers_the_games_of_the_board_in_view_first_and_every_other(client):
    unlock(client)
    page = client.get("/setup").get_data(as_text=True)
    offered = re.findall(r'<option value="(\w+)"', page)
    assert offered == ["gravitation", "tunnelx", "tuerme", "tenet", "tray"]  # 33.8; tray: #35
    data = {"game": "tuerme", "players": "red,yellow", "csrf_token": token(client, "/setup")}
    response = client.post("/setup", data=data)  # without the yes to throw the game away
    assert response.status_code == 400 and 'id="other-board"' in response.get_data(as_text=True)


def test_too_many_posts_are_slowed_down(client):
    client.application.extensions["companion_rate"].per_minute = 5
    codes = [client.post("/unlock", data={"pin": "0"}).status_code for _ in range(8)]
    assert codes[:5] == [400] * 5 and codes[5:] == [429] * 3


def test_the_page_speaks_english_on_request(client):
    assert "to move" in client.get("/?lang=en").get_data(as_text=True)
    assert "to move" in client.get("/").get_data(as_text=True)  # kept for the session
    assert "ist am Zug" in client.get("/?lang=de").get_data(as_text=True)


def test_a_fetch_in_the_kept_language_does_not_write_the_session(client):
    # The page fetches its changing parts with its own ?lang=; each answer that wrote the
    # session sent the whole cookie back, and one sent before a button's answer arrived put
    # back the session without the button's message ("Die Stimme am Tisch ist aus.").
    assert "Set-Cookie" in client.get("/?lang=de").headers
    assert "Set-Cookie" not in client.get("/status?lang=de").headers


def test_a_game_played_on_the_page_without_a_camera(client):
    assert "Bitte die Steine aufstellen" in client.get("/status").get_data(as_text=True)
    post(client, "/confirm")  # the pieces stand as shown
    assert client.get("/state.json").get_json()["phase"] == "roll"
    post(client, "/dice", die1="5", die2="2")
    state = client.get("/state.json").get_json()
    assert state["phase"] == "move" and state["roll"] == [5, 2]
    page = client.get("/status").get_data(as_text=True)
    assert "Erlaubte Züge" in page and "Wurf 7" in page
    post(client, "/play/0")
    state = client.get("/state.json").get_json()
    assert state["verdict"]["verdict"] == "legal" and state["phase"] in ("roll", "over")
    assert state["verdict"]["announcement"] in client.get("/status").get_data(as_text=True)


def test_undo_on_the_page_needs_the_pin(client):
    post(client, "/confirm")
    post(client, "/dice", die1="5", die2="2")
    post(client, "/play/0")
    moved = client.get("/position.json").get_json()
    assert post(client, "/undo").status_code == 302
    assert client.get("/position.json").get_json() == moved  # not taken back without the PIN
    unlock(client)
    page = client.get("/undo").get_data(as_text=True)
    assert "Zurückgenommen würde" in page and "Wurf 7" in page
    assert post(client, "/undo").headers["Location"] == "/undo"  # no yes: asked, not done
    assert client.get("/position.json").get_json() == moved
    post(client, "/undo", sure="yes")
    assert client.get("/position.json").get_json()["pieces"]["red"][0] == "U2.7"


def test_bad_dice_and_moves_are_answered_not_crashed(client):
    post(client, "/confirm")
    assert post(client, "/dice", die1="x", die2="2").status_code == 400
    post(client, "/dice", die1="9", die2="2")
    assert "ein Würfel zeigt 1 bis 6" in client.get("/status").get_data(as_text=True)
    assert post(client, "/play/999").status_code == 409


def test_teaching_by_ear_before_any_move_says_its_words_are_an_example(client):
    # new-user trial s7: "die Ansage dieses Zugs sagen" in a new game, with no move shown
    page = client.get("/teach?lang=de").get_data(as_text=True)
    assert "Noch ist kein Zug gespielt" in page and "den Wurf 5+2 sagen" in page
    assert "die Ansage dieses Zugs" not in page
    post(client, "/confirm")
    post(client, "/dice", die1="5", die2="2")
    post(client, "/play/0")
    assert "die Ansage dieses Zugs" in client.get("/teach?lang=de").get_data(as_text=True)


def test_teaching_spells_out_the_last_move_and_checks_practice(client):
    post(client, "/confirm")
    post(client, "/dice", die1="5", die2="2")
    post(client, "/play/0")
    page = client.get("/teach").get_data(as_text=True)
    assert "5 + 2 = 7" in page or "one die" in page
    practice = client.post(
        "/teach",
        data={
            "roll": "4,3",
            "announcement": "Wurf 7, Umlauf",
            "csrf_token": token(client, "/teach"),
        },
    )
    assert practice.status_code == 200 and "invalid" in practice.get_data(as_text=True)
    bad_roll = client.post(
        "/teach",
        data={"roll": "9", "announcement": "Wurf 7", "csrf_token": token(client, "/teach")},
    )
    assert bad_roll.status_code == 400 and "ein Wurf sind zwei Würfel" in bad_roll.get_data(
        as_text=True
    )
    no_roll = client.post(  # an empty field is asked for, not quoted as ''
        "/teach",
        data={"roll": " ", "announcement": "Wurf 7", "csrf_token": token(client, "/teach")},
    ).get_data(as_text=True)
    assert "bitte den Wurf eintragen: zwei Würfel wie 5,2" in no_roll and "nicht ''" not in no_roll


def test_the_announcement_of_the_last_move_is_checked_on_the_table(client):
    post(client, "/confirm")
    post(client, "/dice", die1="5", die2="2")
    post(client, "/play/0")
    said = client.get("/state.json").get_json()["verdict"]["announcement"]
    post(client, "/announce", announcement=said.lower())
    assert "Die Ansage passt zum ausgeführten Zug" in client.get("/status").get_data(as_text=True)


def test_while_a_roll_waits_the_announcement_field_comes_before_the_move(client):
    post(client, "/confirm")
    post(client, "/dice", die1="4", die2="3")
    page = client.get("/status").get_data(as_text=True)
    assert page.index('id="announce"') < page.index('id="legal"')  # above the move list
    assert "Ansage vor dem Zug" in page
    assert page.count("4+3") == 1  # said once, by the verdict above the field (trial s5)
    words = client.application.config["TABLE"].referee.legal[0].announcement
    post(client, "/announce", announcement=words)  # the post the microphone's words take
    page = client.get("/status").get_data(as_text=True)
    assert "Ansage von Rot vor dem Zug (Wurf 4+3): erlaubt. Jetzt so ziehen" in page


def test_the_before_the_move_field_answers_for_the_waiting_roll_after_a_move(client):
    # new-user trial s7: after the first move, words typed "before the move" that fit no
    # move of the roll were judged as the previous player's late announcement
    post(client, "/confirm")
    post(client, "/dice", die1="5", die2="2")
    post(client, "/play/0")
    post(client, "/dice", die1="4", die2="1")
    page = client.get("/status").get_data(as_text=True)
    assert 'name="when" value="first"' in page and 'id="announce-last"' in page
    post(client, "/announce", announcement="Wurf 9, Umlaufbahn 7", when="first")
    page = client.get("/status").get_data(as_text=True)
    assert "Ansage von Gelb vor dem Zug (Wurf 4+1)" in page and "Ansage zu Zug 1" not in page
    said = client.application.config["TABLE"].referee.last_move.announcement
    post(client, "/announce", announcement=said, when="last")  # the folded field
    assert "Ansage zu Zug 1 von Rot (Wurf 5+2)" in client.get("/status").get_data(as_text=True)


def test_a_wrong_announcement_before_the_move_lists_its_nearest_moves_once(client):
    # new-user trial s7 leftover: they stood in the sentence and again as the list
    post(client, "/confirm")
    post(client, "/dice", die1="5", die2="2")
    post(client, "/play/0")
    post(client, "/dice", die1="4", die2="1")
    post(client, "/announce", announcement="Wurf 9, Umlaufbahn 7", when="first")
    page = client.get("/status").get_data(as_text=True)
    verdict = visible(page.split('<div class="verdict')[1].split("</div>")[0])
    choices = client.application.config["TABLE"].referee.verdict.choices
    assert len(choices) == 3 and "Wurf 9 passt nicht zum Wurf 4+1 (möglich: 5, 4, 1)" in verdict
    assert [verdict.count(f"„{c}“") for c in choices] == [1, 1, 1], verdict
    assert "nächste erlaubte" not in verdict and verdict.count("Nächste erlaubte Ansagen") == 1


def test_a_refused_announcement_stays_in_its_field_until_the_next_verdict(client):
    # new-user trial s8: after any refused entry the field was empty (a long one typed again)
    post(client, "/confirm")
    post(client, "/dice", die1="5", die2="2")
    said = "Wurf 9, Umlaufbahn 7 " + "🎲" * 3
    post(client, "/announce", announcement=said, when="first")
    page = client.get("/status").get_data(as_text=True)
    form = page.split('id="announce"')[1].split("</form>")[0]
    assert f'value="{said}"' in form
    post(client, "/play/0")  # the next verdict: the words are gone
    assert f'value="{said}"' not in client.get("/status").get_data(as_text=True)


def test_an_announcement_too_long_to_check_is_said_so_and_kept_whole(client):
    # review nc16: words past the 300th character were cut silently and the rest judged
    post(client, "/confirm")
    post(client, "/dice", die1="4", die2="3")
    said = "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0; " * 8  # 319 characters and a space
    post(client, "/announce", announcement=said, when="first")
    page = client.get("/status").get_data(as_text=True)
    verdict = visible(page.split('<div class="verdict')[1].split("</div>")[0])
    assert "Die Ansage ist zu lang (319 Zeichen, höchstens 300): nicht geprüft" in verdict
    assert f'value="{said}"' in page.split('id="announce"')[1].split("</form>")[0]


def test_words_too_long_to_look_for_or_to_practise_are_said_so_too(client):
    # review nc16: the move list's word search cut at 200 characters, practice at 300
    from urllib.parse import urlencode

    post(client, "/confirm")
    post(client, "/dice", die1="4", die2="3")
    said = ("Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0; " * 8).strip()  # 319 characters
    found = client.get("/status?" + urlencode({"lang": "de", "said": said}))
    assert "Die Ansage ist zu lang (319 Zeichen, höchstens 300)" in found.get_data(as_text=True)
    practised = post(client, "/teach", roll="4,3", announcement=said).get_data(as_text=True)
    assert "Die Ansage ist zu lang (319 Zeichen, höchstens 300)" in practised
    assert f'value="{said}"' in practised


def test_the_unsure_roll_question_fills_the_dice_form_with_the_dice_read(client):
    # new-user trial s7: under the question the form showed 1,1 (each die's first face)
    post(client, "/confirm")
    client.application.config["TABLE"].referee.dice_unsure([6, 2], [6])
    page = client.get("/status").get_data(as_text=True)
    assert '<select name="die1" aria-label="1" class="unsure">' in page
    assert "<option selected>6</option>" in page and "<option selected>2</option>" in page
    assert "der mit ? ist unsicher" in page
    post(client, "/dice", die1="5", die2="2")  # the question answered: the form starts anew
    post(client, "/play/0")
    assert "selected" not in client.get("/status").get_data(as_text=True).split("dice-form")[-1]


def test_browser_speech_is_offered_off_by_default_in_the_pages_language(client):
    page = client.get("/").get_data(as_text=True)
    assert '<input type="checkbox" id="speak-toggle">' in page  # not checked
    assert 'const LANG = "de-DE"' in page and "Dieser Zug ist nicht erlaubt." in page
    page = client.get("/?lang=en").get_data(as_text=True)
    assert 'const LANG = "en-GB"' in page and "This move is not allowed." in page


def test_a_tenet_roll_is_typed_as_three_miwin_dice_on_the_page():
    from companion.model.position import start_position

    tenet = start_position("tenet", players=["red", "blue"])
    app = create_app({"TABLE": Table.new(tenet), "TESTING": True, "REFEREE_PIN": "2468"})
    client = app.test_client()
    post(client, "/confirm")
    page = client.get("/status").get_data(as_text=True)
    assert [f'aria-label="{n}"' in page for n in ("III", "IV", "V")] == [True] * 3
    assert "<option>9</option>" in page
    post(client, "/dice", die1="9", die2="4", die3="2")
    state = client.get("/state.json").get_json()
    assert state["phase"] == "move" and state["roll"] == [9, 4, 2]
    page = client.get("/status").get_data(as_text=True)
    assert '<span class="die">9</span><span class="die">4</span><span class="die">2</span>' in page
    assert "Ansage vor dem Zug" in page  # a whole turn, before its first step (trial s6)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_pin_page_keeps_the_language_the_link_asked_for(client, lang):
    # trial s6: /setup?lang=de led to /unlock?next=/setup, in the language of the cookie
    client.get("/?lang=en" if lang == "de" else "/?lang=de")  # the cookie says the other
    response = client.get(f"/setup?lang={lang}")
    assert response.status_code == 302 and f"lang={lang}" in response.headers["Location"]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert f'<html lang="{lang}"' in page
