"""What players naturally say is understood, in every game (docs/notation.md).

Numbers as words, the joining words "dann", "und", "auf", TENET's own verb "werfen",
"auf den Pott", "auf die Brücke", "Fünferpasch", "Wurf 7" before a race-game move, and a
TENET roll in any order. Errors name the character counted from 1 in every game, and no
free-form text makes a checker fail with anything but its verdict.
"""

from __future__ import annotations

import re

import pytest
from gravitation_helpers import make as zwianer
from gravitation_helpers import station
from hypothesis import given, settings
from hypothesis import strategies as st
from tenet_helpers import make as tenet
from tuerme_helpers import make as race

from companion.errors import InvalidAnnouncement
from companion.games.game import check
from companion.games.tenet.notation import parse as parse_tenet
from companion.games.tuerme.notation import parse as parse_race
from companion.games.zwianer.notation import parse_announcement, render
from companion.model.layoutfile import load_layout

START = zwianer({"red": station("red", 1, 2, 3, 4, 5), "yellow": []})
RY = ["red", "yellow"]

# ------------------------------------------------------------------ ZwiAner


@pytest.mark.parametrize(
    "said",
    [
        "Wurf sieben, Umlaufbahn sechs, fünf, vier, drei, zwei, eins, null",
        "Wurf 7, dann Umlaufbahn 6, 5, 4, 3, 2, 1 und 0",
        "W7, U6, 5, 4, 3, 2, 1, 0",  # the rulebook's abbreviations ("W4: Wurf 4")
        "Wurf 7, Umlaufbahn 6, Bewegung auf 5, 4, 3, 2, 1, 0",  # "3: Bewegung auf 3"
    ],
)
def test_wurf_sieben_from_the_station(said: str) -> None:
    v = check(START, (5, 2), said)
    assert v.verdict == "legal", v.reason
    assert v.said == "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"


def test_number_words_reach_beyond_twelve() -> None:
    assert render(parse_announcement("Wurf dreizehn, Speicher einundzwanzig")) == (
        "Wurf 13, Speicher 21"
    )


# ------------------------------------------------------------------ the race game


@pytest.mark.parametrize(
    "said",
    ["2 auf die Brücke und 5", "zwei, über die Brücke, dann fünf", "Wurf 7, 2, Brücke und 5"],
)
def test_the_bridge_example_as_players_say_it(said: str) -> None:
    v = check(race({"red": ["12"]}, players=RY), (5, 2), said)
    assert v.verdict == "legal", v.reason
    assert v.announcement == "2, Brücke und 5"


def test_wurf_first_names_the_roll_and_is_held_against_it() -> None:
    pos = race({"red": ["40"]}, players=RY)
    assert check(pos, (5, 2), "Wurf 7").announcement == "5 und 2"  # the sum alone
    assert check(pos, (5, 2), "Wurf 5 und 2").verdict == "legal"  # the two dice
    assert check(pos, (5, 2), "Wurf sieben, fünf und zwei").said == "Wurf 7, 5 und 2"
    v = check(pos, (5, 2), "Wurf 8, 5 und 2")
    assert v.verdict == "illegal" and v.reason.startswith("Wurf 8 does not fit the roll 5+2")


def test_fuenferpasch_is_the_pasch_of_five() -> None:
    pos = race({"red": ["40"]}, players=RY)
    for said in ("Fünferpasch", "5er-Pasch", "Fünferpasch, 5 und 5", "5er Pasch, zehn"):
        v = check(pos, (5, 5), said)
        assert v.verdict == "legal", (said, v.reason)
        assert v.said == "Pasch, 5 und 5" or v.said == "Pasch, 10"
    assert check(pos, (5, 2), "Fünferpasch").reason.startswith("the roll 5+2 is no Pasch of 5")
    with pytest.raises(InvalidAnnouncement, match="a Pasch of 5 moves 5 und 5, not 3 und 3"):
        parse_race("Fünferpasch, 3 und 3")


# ------------------------------------------------------------------ TENET

MERKUR = "P1.3"  # the stone's field of Merkur (planet 1)


@pytest.mark.parametrize(
    "said",
    [
        "4 von K1.9 nach P1.4; Stein der Weisen",
        "vier von K1.9 auf den Pott, Stein der Weisen",
        "Mit vier von K1.9 auf den Pott von Merkur",
        "4 von k1.9 zum Pott. Gewonnen!",
    ],
)
def test_four_onto_the_pott(said: str) -> None:
    # seed 004: "4 1 ?: Mit vier … kommen Sie mit der vorderen Figur z auf den Pott"
    v = check(tenet({"red": ["K1.9"], "blue": []}, stone=MERKUR), (1, 4, 7), said)
    assert v.verdict == "legal", v.reason
    assert v.move is not None and v.move.winner == "red"


@pytest.mark.parametrize(
    "said",
    [
        "3 von Start nach X1-7, versetzt rot nach K1.9; "
        "2 von K1.9 nach P1.2, versetzt rot nach P1.4",
        "drei von Start nach X1-7 und werfe die rote Figur auf K1.9, "
        "dann zwei von K1.9 nach P1.2 und wirf die Kugel auf den Pott",
        "3 aus dem Start nach X1-7, wirft rot nach K1.9; "
        "2 von K1.9 nach P1.2, wirft rot auf den Pott",
    ],
)
def test_three_two_one_with_the_texts_own_verb(said: str) -> None:
    # "Mit drei gehen Sie aus dem linken Ausgang A und werfen die links davon befindliche
    # Figur x auf den Schnittpunkt …, von dort werfen Sie mit zwei die dort befindliche
    # Figur auf den Pott."
    v = check(tenet({"red": ["X1-7", "P1.2"], "blue": []}, stone=MERKUR), (1, 3, 2), said)
    assert v.verdict == "legal", v.reason
    assert v.move is not None and v.move.winner == "red"


def test_a_pott_no_walk_reaches_is_refused_with_the_advice() -> None:
    v = check(tenet({"red": ["K1.2"], "blue": []}), (9, 4, 2), "2 von K1.2 auf den Pott")
    assert v.verdict == "illegal" and "name the planet" in v.reason


@pytest.mark.parametrize(
    ("said", "pair", "stone"),
    [
        ("Pasch 5: Stein auf Jupiter", 5, 5),
        ("Fünferpasch", 5, None),
        ("5er-Pasch, Stein zum Jupiter", 5, 5),
        ("Pasch fünf", 5, None),
        ("Fünfer Pasch: Stein auf Jupiter", 5, 5),
    ],
)
def test_a_pasch_said_as_players_say_it(said: str, pair: int, stone: int | None) -> None:
    words = parse_tenet(said, load_layout("tenet").fields)
    assert (words.pasch, words.stone) == (pair, stone)
    v = check(tenet({"red": [], "blue": []}), (5, 5, 3), said)
    assert v.verdict == "legal", v.reason


def test_a_tenet_roll_in_any_order() -> None:
    pos = tenet({"red": ["K1.2"], "blue": []})
    a = check(pos, (2, 9, 4), "2 von K1.2 nach K1.4")
    b = check(pos, (9, 4, 2), "2 von K1.2 nach K1.4")
    assert a.verdict == b.verdict == "legal"
    assert a.to_json()["position"] == b.to_json()["position"]


# ------------------------------------------------------------------ error places


@pytest.mark.parametrize(
    ("game", "said", "where"),
    [
        ("zwianer", "Wurf 7, Umlauf 6", 9),
        ("race", "fünf und Turm", 10),
        ("tenet", "2 von K1.2 nach Q7", 17),
    ],
)
def test_every_game_counts_the_error_place_from_one(game: str, said: str, where: int) -> None:
    pos = {
        "zwianer": START,
        "race": race({"red": ["40"]}, players=RY),
        "tenet": tenet({"red": ["K1.2"], "blue": []}),
    }[game]
    roll = (9, 4, 2) if game == "tenet" else (5, 2)
    v = check(pos, roll, said)
    # the place is said before any hint ("…; did you mean 'Umlaufbahn'?")
    assert v.verdict == "invalid" and re.search(rf"at character {where}\b", v.reason)
    assert v.to_json()["offset"] == where - 1


# ------------------------------------------------------------------ free-form text

WORDS = [
    "Wurf", "sieben", "7", "Umlaufbahn", "Stoß", "Tunnel", "Tausch", "und", "dann", "auf",
    "von", "nach", "Start", "K1.9", "P1.4", "X1-7", "den", "Pott", "Merkur", "versetzt",
    "wirft", "rot", "Pasch", "Fünferpasch", "5er", "Stein", "der", "Weisen", "räumt", "passt",
    "Brücke", "raus", "Turm", "drauf", "Ziel", "nur", "passe", ",", ";", ":", "-", "...",
]  # fmt: skip
POSITIONS = {
    "zwianer": (START, (5, 2)),
    "race": (race({"red": ["12", "40"], "yellow": ["43"]}, players=RY), (5, 2)),
    "tenet": (tenet({"red": ["K1.9", "X1-7"], "blue": ["K1.4"]}, stone=MERKUR), (1, 3, 2)),
}
TEXT = st.one_of(
    st.text(max_size=40),
    st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=4)), max_size=10).map(" ".join),
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(POSITIONS)), TEXT)
def test_free_form_text_gets_a_verdict_in_one_line(game: str, text: str) -> None:
    pos, roll = POSITIONS[game]
    v = check(pos, roll, text)
    assert v.verdict in ("legal", "illegal", "ambiguous", "invalid")
    assert "\n" not in v.reason and v.reason
    if v.verdict == "invalid":
        assert v.offset is not None and f"at character {v.offset + 1}" in v.reason
