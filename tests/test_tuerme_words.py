"""The race game's words as the players read them: the help page's pictures, an
announcement that does not fit quoted as said, fields named as the board names them
(new-user trial s10, the Munich club)."""

from __future__ import annotations

import pytest
from conftest import csrf_of
from tuerme_helpers import make
from tuerme_helpers import said as said_moves

from companion.games.game import check
from companion.games.tuerme.rules import legal_moves
from companion.model.position import load_position, start_position
from companion.texts import render
from companion.texts.help import GLOSSARY
from companion.web.pictures import _TUERME, _position

EXAMPLE = dict(GLOSSARY["tuerme"])
ROLLS = {
    "raus": (6, 3),
    "Brücke": (2, 5),
    "Turm": (5, 2),
    "auflösen": (5, 2),
    "befreien": (1, 1),
    "drauf": (5, 2),
    "Ziel": (4, 1),
    "Superzahl": (1, 6),
    "passe": (5, 2),
}


@pytest.mark.parametrize("word", list(EXAMPLE))
def test_each_help_picture_shows_the_board_its_example_is_played_on(word):
    # trial s10: „auflösen, 5 und 2, drauf“ under a tower with yellow on top, ringed 5 on
    shown = _TUERME[word]
    layout = start_position("tuerme", players=["red", "yellow"]).layout
    pos = _position("tuerme", layout, ("red", "yellow"), shown)
    start = None if word == "passe" else shown.marked[0]
    verdict = check(pos, ROLLS[word], EXAMPLE[word], start=start)
    assert verdict.verdict == "legal", verdict.reason
    assert verdict.move is not None
    assert verdict.move.kind == "pass" or verdict.move.end in shown.marked


def test_the_dissolved_tower_has_red_on_top_and_red_leaves_it_alone():
    shown = _TUERME["auflösen"]
    layout = start_position("tuerme", players=["red", "yellow"]).layout
    pos = _position("tuerme", layout, ("red", "yellow"), shown)
    start = shown.marked[0]
    assert pos.stacks[start] == ("yellow", "red")  # bottom, top
    move = check(pos, (5, 2), EXAMPLE["auflösen"], start=start).move
    assert move is not None and move.after.stacks[start] == ("yellow",)


# -------------------------------------------- an announcement that does not fit the roll


def judged(text: str, roll: tuple[int, int], lang: str) -> str:
    pos = load_position("docs/examples/tuerme.json")
    return render(check(pos, roll, text).reason, lang)


@pytest.mark.parametrize(
    ("lang", "said"), [("de", "„raus und 4“ passt nicht zum Wurf 6+3"), ("en", "'raus und 4'")]
)
def test_words_that_do_not_fit_the_roll_are_quoted_as_said(lang, said):
    # trial s10: "6 und 4 passt nicht zum Wurf 6+3", words the player never said
    reason = judged("raus und 4", (6, 3), lang)
    assert reason.startswith(said) and "6 und 4" not in reason


@pytest.mark.parametrize(
    ("lang", "rule"),
    [("de", "zwei Einsen oder zwei Sechsen"), ("en", "two ones or two sixes")],
)
def test_the_superzahl_is_said_as_two_ones_or_two_sixes(lang, rule):
    # trial s10: "6 und 1 passt nicht zum Wurf 6+1" read as a contradiction
    reason = judged("raus und 1", (6, 1), lang)
    assert rule in reason and "6 und 1 passt" not in reason and "6 und 1 does" not in reason
    assert reason.startswith("„raus und 1“" if lang == "de" else "'raus und 1'")


def test_a_pass_on_the_superzahl_names_no_dice_that_were_not_rolled():
    # why_no_move plays the roll as rolled: 1+6 is never played as 1 and 6
    pos = make(
        {
            "red": ["57", "red.goal", "red.goal", "red.goal", "red.goal", "red.goal"],
            "yellow": ["59", "59"],
        },
        players=["red", "yellow"],
    )
    move = legal_moves(pos, (1, 6))[0]
    assert move.kind == "pass", move.announcement
    assert "passt nicht zum Wurf" not in str(move.why) and "does not fit" not in str(move.why)


# ------------------------------------------------------- fields named for their players


@pytest.mark.parametrize(
    ("lang", "home"), [("de", "von Haus von Rot:"), ("en", "from red's home:")]
)
def test_pieces_refused_differently_are_named_by_their_fields_as_players_say_them(lang, home):
    # trial s10: "…; von red.home: ein Stein von Rot kommt nur mit einer 6 aus dem Haus"
    pos = make({"red": ["20", "60"], "yellow": []}, players=["red", "yellow"])
    reason = render(check(pos, (4, 1), "4 und 1, Ziel").reason, lang)
    assert home in reason and "red.home" not in reason


def test_an_unknown_word_is_placed_before_the_examples_and_quoted_as_german_quotes():
    # trial s10: "unbekanntes Wort 'hallo' (z. B. '5 und 2, Brücke', …) bei Zeichen 1"
    pos = load_position("docs/examples/tuerme.json")
    reason = render(check(pos, (6, 3), "hallo").reason, "de")
    assert reason.startswith("unbekanntes Wort „hallo“ bei Zeichen 1; z. B. „5 und 2, Brücke“")
    assert "'" not in reason


def test_the_undo_page_names_the_house_a_piece_came_out_of():
    # trial s10: "Zug 13: Rot mit 6+2: „raus und 2“ ( → T.2)": the house still shows red
    from companion.table.correction import path

    pos = make({}, players=["red", "yellow"])
    move = said_moves(pos, (6, 2))["raus und 2"]
    assert render(path(pos, move.after), "de") == "Haus von Rot → T.2"
    tower = make({"red": ["40", "40"]}, players=["red", "yellow"])
    move = said_moves(tower, (5, 2))["auflösen, 5 und 2"]
    assert render(path(tower, move.after), "en") == "T.40 → T.47"


# ------------------------------------------- the board and the game said by their names


def test_the_board_and_the_game_are_named_not_given_by_id():
    # trial s10: "Spielbrett tuerme", "tuerme ist für 2 bis 4 Spieler",
    # "Brett 'tuerme' hat kein solches Feld"
    from companion.errors import CompanionError, PositionError
    from companion.render import draw_board, to_svg

    pos = load_position("docs/examples/tuerme.json")
    svg = to_svg(draw_board(pos.layout, pos, lang="de"))
    assert "<title>Spielbrett von Wettlauf mit Türmen und Brücken" in svg
    with pytest.raises(PositionError) as few:
        start_position("tuerme", players=["red"])
    assert render(few.value.args[0], "de").startswith("Wettlauf mit Türmen und Brücken ist für")
    with pytest.raises(CompanionError) as where:
        check(pos, (5, 2), "5 und 2", to="T.99")
    said = render(where.value.args[0], "de")
    assert "das Brett von Wettlauf mit Türmen und Brücken hat kein solches Feld" in said
    assert "'tuerme'" not in said


def test_a_piece_coming_in_is_said_with_a_colon_before_its_path():
    # trial s10: "erlaubt: Rot kommt heraus Haus von Rot → T.3"
    pos = make({}, players=["red", "yellow"])
    assert render(check(pos, (6, 3), "raus und 3").reason, "de") == (
        "Rot kommt heraus: Haus von Rot → T.3"
    )


# ------------------------------------------------------------------------ the race's pages


def race_page(path: str, roll: list[int] | None = None) -> str:
    from companion.web import Table, create_app

    table = Table.new(start_position("tuerme", players=["red", "yellow"]))
    table.referee.confirm_board()
    if roll is not None:
        table.referee.observe_dice(roll)
    app = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "2468"})
    return str(app.test_client().get(path).get_data(as_text=True))


def test_one_legal_move_is_counted_as_one():
    # trial s10: "Erlaubte Züge: 1–1 von 1"; everybody at home, 6+3: only „raus und 3“
    page = race_page("/status?lang=de", [6, 3])
    assert "Erlaubte Züge: einer" in page and "1–1 von 1" not in page


def test_the_calibration_page_names_the_race_games_start_at_home():
    # trial s10: "(jeder Stein auf seiner Station)" for a game that starts in the house
    from companion.texts import word

    assert "im Wettlauf im Haus" in word("cal_how", "de") and "seiner Station)" not in word(
        "cal_how", "de"
    )


@pytest.mark.parametrize(
    ("game", "said", "not_said"),
    [
        ("tuerme", "(jeder Stein im Haus seiner Farbe)", "Station"),
        ("gravitation", "(jeder Stein auf seiner Station)", "Wettlauf"),
        ("tunnelx", "(jeder Stein auf seiner Station)", "Wettlauf"),  # trial s11 L3
    ],
)
def test_the_calibration_page_says_where_the_pieces_of_the_game_played_start(game, said, not_said):
    # trial s10 L6: "(jeder Stein auf seiner Station)" on Türme; then one sentence for
    # every game, "auf seiner Station, im Wettlauf im Haus", whichever game was played

    from companion.web import Table, create_app

    table = Table.new(start_position(game, players=["red", "yellow"]))
    client = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "2468"}).test_client()
    form = client.get("/unlock").get_data(as_text=True)
    csrf = csrf_of(form)
    client.post("/unlock", data={"pin": "2468", "csrf_token": csrf})
    page = client.get("/calibrate?lang=de").get_data(as_text=True)
    assert said in page and not_said not in page


def test_the_pin_page_says_where_the_pin_is_found():
    # trial s10: "Für Änderungen am Spiel braucht es die Schiedsrichter-PIN." and no more
    from companion.texts import word

    assert "„companion pin“" in word("pin_where", "de")  # under the form (test_web_pin)
    assert "'companion pin'" in word("pin_where", "en")


@pytest.mark.parametrize(
    ("lang", "dice_moved", "ones", "sixes"),
    [
        ("de", "zieht beide Würfel", "zwei Einsen", "zwei Sechsen"),
        ("en", "moves both dice", "two ones", "two sixes"),
    ],
)
def test_the_help_moves_the_dice_counts_and_gives_the_superzahl_both_ways(
    lang, dice_moved, ones, sixes
):  # type: ignore[no-untyped-def]
    # trial s10 L9: "Die beiden Würfel werden nacheinander gezogen" (the counts are moved,
    # not the dice) and the Superzahl picture read "1+6 als zwei Sechsen" (rule text 3.4:
    # two ones or two sixes)
    from companion.texts import text

    how = render(text("help.tuerme.3"), lang)
    assert dice_moved not in how
    picture = render(text("pic.Superzahl"), lang)
    assert ones in picture and sixes in picture
