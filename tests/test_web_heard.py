"""POST /heard: a recogniser's alternatives said to the referee, and /teach/heard, the
words compared for teaching (companion/web/hearing.py; the contract of issue 34)."""

from __future__ import annotations

import pytest
from conftest import csrf_of, position

from companion.web import Table, create_app

RIGHT = "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"  # red from U4 with 4+3 (test_referee_rules)
NOT_UNDERSTOOD = "nicht verstanden – bitte wiederholen"


@pytest.fixture
def app(tmp_path):  # type: ignore[no-untyped-def]
    table = Table.new(position(), tmp_path / "journal.sqlite")
    with table.lock:
        table.referee.confirm_board()
        table.referee.observe_dice([4, 3])
    return create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "2468"})


def client_of(app):  # type: ignore[no-untyped-def]
    """A client as `companion listen` is one: the page's cookie and CSRF token, no PIN."""
    client = app.test_client()
    page = client.get("/").get_data(as_text=True)
    client.token = csrf_of(page)
    return client


def heard(client, alternatives, source="offline", path="/heard", **more):  # type: ignore[no-untyped-def]
    body = {"alternatives": alternatives, "source": source, **more}
    return client.post(path, json=body, headers={"X-CSRFToken": client.token})


def events(app) -> list[str]:  # type: ignore[no-untyped-def]
    table = app.config["TABLE"]
    return [e.kind for e in table.journal.events(table.referee.game_id)]


def test_the_legal_alternative_is_heard_and_judged_before_the_move(app):
    client = client_of(app)
    answer = heard(client, ["Wurf 7 Umlaufbahn Knoll", RIGHT])
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["understood"] is True and data["heard"] == RIGHT
    assert data["message"] == f"Gehört: {RIGHT}"
    assert data["verdict"]["verdict"] == "legal" and data["verdict"]["announcement"] == RIGHT
    assert app.config["TABLE"].referee.announced is not None


def test_the_journal_keeps_the_source_the_alternatives_and_the_one_taken(app):
    heard(client_of(app), ["Wurf 7 Umlaufbahn Knoll", RIGHT], source="browser")
    table = app.config["TABLE"]
    said = [e for e in table.journal.events(table.referee.game_id) if e.kind == "verdict"][-1]
    assert said.data["said"] == RIGHT and said.data["heard"] == {
        "source": "browser",
        "alternatives": ["Wurf 7 Umlaufbahn Knoll", RIGHT],
        "taken": 1,
        "why": "legal",
    }


@pytest.mark.parametrize(
    "alternatives",
    [[], [""], ["hm", "ähm"], ["seven, orbit six"], ["Wurf sieben, Umlauf"], ["Guten Abend"]],
)
def test_silence_noise_another_language_or_half_a_sentence_change_nothing(app, alternatives):
    client = client_of(app)
    before, verdict = events(app), app.config["TABLE"].referee.verdict
    data = heard(client, alternatives).get_json()
    assert data == {"understood": False, "heard": "", "message": NOT_UNDERSTOOD, "verdict": None}
    assert events(app) == before and app.config["TABLE"].referee.verdict == verdict


def test_the_english_page_is_answered_in_english(app):
    client = client_of(app)
    client.get("/?lang=en")
    assert heard(client, ["hm"]).get_json()["message"] == "not understood – please say it again"


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"alternatives": ["Wurf 7"] * 11, "source": "browser"}, 400),
        ({"alternatives": [7], "source": "browser"}, 400),
        ({"alternatives": "Wurf 7", "source": "browser"}, 400),
        ({"alternatives": ["Wurf 7"], "source": "radio"}, 400),
        ({"alternatives": ["Wurf 7"], "source": "browser", "pad": "x" * 9000}, 413),
    ],
)
def test_a_body_out_of_bounds_is_refused_in_one_line(app, body, status):
    client = client_of(app)
    before = events(app)
    answer = client.post("/heard", json=body, headers={"X-CSRFToken": client.token})
    assert answer.status_code == status
    message = answer.get_json()["message"]
    assert "\n" not in message and answer.get_json()["understood"] is False
    assert events(app) == before


def test_words_heard_too_long_to_check_are_said_so_and_change_nothing(app):
    """Review s10: the microphone's too long words met a developer's JSON message."""
    client = client_of(app)
    before = events(app)
    answer = heard(client, [RIGHT + ", " + "Umlaufbahn " * 18])
    assert answer.status_code == 200 and answer.get_json()["understood"] is False
    assert answer.get_json()["message"].startswith("Die Ansage ist zu lang (")
    assert events(app) == before
    assert heard(client, [RIGHT + " " * 190]).get_json()["heard"] == RIGHT  # spaces run together


def test_a_body_that_is_no_json_and_a_post_without_the_token_are_refused(app):
    client = client_of(app)
    assert (
        client.post("/heard", data="Wurf 7", headers={"X-CSRFToken": client.token}).status_code
        == 400
    )
    refused = client.post("/heard", json={"alternatives": [RIGHT]})  # no token
    assert refused.status_code == 400 and refused.get_json() == {
        "understood": False,
        "heard": "",
        "message": "Das Formular ist abgelaufen oder kam von anderswo; bitte die Seite neu laden.",
        "verdict": None,
    }


def test_after_the_move_the_words_are_judged_as_its_announcement(app):
    table = app.config["TABLE"]
    with table.lock:
        move = next(m for m in table.referee.legal if m.announcement == RIGHT)
        table.referee.play_move(move)
    data = heard(
        client_of(app), ["Wurf sieben Umlaufbahn sechs fünf vier drei zwei eins null"]
    ).get_json()
    assert data["understood"] and data["verdict"]["verdict"] == "legal"
    assert data["verdict"]["reason"].startswith("Ansage zu Zug 1 von Rot (Wurf 4+3)")


def test_teaching_by_ear_answers_word_by_word(app):
    table = app.config["TABLE"]
    with table.lock:
        table.referee.play_move(next(m for m in table.referee.legal if m.announcement == RIGHT))
    before = events(app)
    client = client_of(app)
    data = heard(
        client, ["Wurf sieben Umlaufbahn sieben fünf vier drei zwei eins"], path="/teach/heard"
    ).get_json()
    assert data["understood"] and data["expected"] == RIGHT
    kinds = [(w["expected"], w["said"], w["kind"]) for w in data["words"]]
    assert kinds[3] == ("6", "sieben", "wrong") and kinds[-1] == ("0", "", "missing")
    assert data["message"] == (
        "Gehört: Wurf sieben Umlaufbahn sieben fünf vier drei zwei eins – 8 von 10 Wörtern richtig."
    )
    assert data["right"] is False
    assert heard(client, [RIGHT.lower()], path="/teach/heard").get_json()["right"] is True
    assert events(app) == before  # practice changes nothing


def test_the_board_draws_the_move_announced_before_it_is_made(app):
    client = client_of(app)
    assert "#ff3df2" not in client.get("/board.svg").get_data(as_text=True)  # no move yet
    heard(client, [RIGHT])
    assert "#ff3df2" in client.get("/board.svg").get_data(as_text=True)  # the move to make


def test_a_late_announcement_of_the_last_move_is_taken_while_the_next_roll_waits(app):
    table = app.config["TABLE"]
    with table.lock:
        table.referee.play_move(next(m for m in table.referee.legal if m.announcement == RIGHT))
        table.referee.observe_dice([4, 1])  # yellow rolled; red's words come late
    data = heard(client_of(app), ["Wurf 7, Umlaufbahn 11", RIGHT]).get_json()
    assert data["heard"] == RIGHT  # legal for red's move: taken over the better-ranked one
    assert data["verdict"]["reason"].startswith("Ansage zu Zug 1 von Rot (Wurf 4+3)")


@pytest.mark.parametrize("game", ["tenet", "tuerme", "tunnelx"])
def test_every_game_hears_noise_as_not_understood(game):
    from companion.model.position import start_position

    players = ["red", "blue"] if game == "tenet" else ["red", "yellow"]
    app = create_app({"TABLE": Table.new(start_position(game, players=players)), "TESTING": True})
    data = heard(client_of(app), ["hm", "Guten Abend"]).get_json()
    assert data["understood"] is False and data["message"] == NOT_UNDERSTOOD


def test_two_legal_moves_heard_are_asked_about_and_nothing_changes(app):
    before = events(app)
    answer = heard(client_of(app), [RIGHT, "Wurf 4, Umlaufbahn 3, 2, 1, 0"]).get_json()
    assert answer["understood"] is False and answer["verdict"] is None
    assert answer["message"] == (
        f"nicht sicher verstanden: „{RIGHT}“ oder „Wurf 4, Umlaufbahn 3, 2, 1, 0“? – bitte "
        "wiederholen"
    )
    assert events(app) == before and app.config["TABLE"].referee.announced is None


def test_the_table_lists_its_legal_announcements_for_the_offline_recogniser(app):
    answer = app.test_client().get("/legal")  # read-only: no page, no token, no PIN
    data = answer.get_json()
    assert answer.status_code == 200 and data["game"] == "gravitation"
    assert {RIGHT, "Wurf 4, Umlaufbahn 3, 2, 1, 0"} <= set(data["announcements"])
    assert len(set(data["announcements"])) == len(data["announcements"])


def test_no_legal_announcements_while_no_roll_waits(tmp_path):
    app = create_app({"TABLE": Table.new(position(), tmp_path / "j.sqlite"), "TESTING": True})
    answer = app.test_client().get("/legal").get_json()
    assert answer == {"game": "gravitation", "announcements": []}


def test_the_legal_announcements_are_only_read(app):
    assert app.test_client().post("/legal", json={}).status_code == 405
