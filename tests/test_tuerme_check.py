"""The race game's checker: legal, illegal (with the rule and the nearest legal words),
ambiguous (unless --to or --from decides) and invalid (with the place), and its words."""

from __future__ import annotations

import pytest
from tuerme_helpers import make

from companion.errors import CompanionError, InvalidAnnouncement
from companion.games.game import check
from companion.games.tuerme.notation import parse

RY = ["red", "yellow"]


def test_the_bridge_example_said_as_it_is_played() -> None:
    pos = make({"red": ["12"]}, players=RY)
    v = check(pos, (5, 2), "2, Brücke und 5")
    assert v.verdict == "legal" and v.to_json()["position"]["pieces"]["red"][0] == "T.25"
    assert check(pos, (5, 2), "zwei Brücke, dann fünf").verdict == "legal"


def test_the_sum_names_the_move_without_a_bridge_between_the_dice() -> None:
    pos = make({"red": ["12"]}, players=RY)
    v = check(pos, (5, 2), "7")
    assert v.verdict == "legal" and v.announcement == "5 und 2"


def test_words_that_fit_two_pieces_are_ambiguous_until_the_camera_decides() -> None:
    pos = make({"red": ["20", "40"]}, players=RY)
    v = check(pos, (5, 2), "5 und 2")
    assert v.verdict == "ambiguous" and "--to" in v.reason
    assert check(pos, (5, 2), "5 und 2", to="T.47").verdict == "legal"
    assert check(pos, (5, 2), "5 und 2", start="T.20").verdict == "legal"


def test_a_foreign_tower_in_the_way_is_named() -> None:
    pos = make({"red": ["40"], "yellow": ["43", "43"]}, players=RY)
    v = check(pos, (5, 2), "5 und 2")
    assert v.verdict == "illegal"
    assert "yellow's tower on T.43 is in the way" in v.reason and "Pasch" in v.reason


def test_the_wrong_dice_name_the_roll() -> None:
    pos = make({"red": ["40"]}, players=RY)
    v = check(pos, (5, 2), "5 und 3")
    assert v.verdict == "illegal" and "does not fit the roll 5+2" in v.reason
    assert v.to_json()["nearest"] == ["5 und 2"]


def test_overshooting_the_goal_says_it_needs_the_exact_count() -> None:
    pos = make({"red": ["60"]}, players=RY)
    v = check(pos, (5, 2), "5 und 2")
    assert v.verdict == "illegal" and "exact count" in v.reason


def test_coming_in_needs_a_6() -> None:
    pos = make({}, players=RY)
    v = check(pos, (5, 2), "5 und 2")
    assert v.verdict == "illegal" and "only with a 6" in v.reason
    assert check(pos, (6, 2), "raus und 2").verdict == "legal"
    assert "'raus' needs a 6" in check(pos, (5, 2), "raus und 2").reason
    assert check(pos, (6, 2), "6 und 2").verdict == "legal"


def test_a_tower_on_the_first_12_fields_is_refused_with_the_rule() -> None:
    pos = make({"red": ["1"], "yellow": ["8"]}, players=RY)
    v = check(pos, (5, 2), "5 und 2, drauf", start="T.1")
    assert v.verdict == "illegal" and "first 12 fields" in v.reason


def test_a_claim_the_board_does_not_show_is_illegal() -> None:
    pos = make({"red": ["40"]}, players=RY)
    assert "set on nothing" in check(pos, (5, 2), "5 und 2, drauf").reason
    assert "no Pasch" in check(pos, (5, 2), "Pasch, 5 und 2").reason
    assert "not in the goal" in check(pos, (5, 2), "5 und 2, Ziel").reason


def test_freeing_needs_its_roll_and_a_captured_piece() -> None:
    tower = {"40": ["yellow", "red"]}
    pos = make({"red": ["40"], "yellow": ["40"]}, "yellow", stacks=tower, players=RY)
    assert check(pos, (1, 1), "befreien, 1 und 1").verdict == "legal"
    assert "only with 1+1, 6+6 or 1+6" in check(pos, (3, 3), "befreien, 3 und 3").reason
    red = make({"red": ["40"]}, players=RY)
    assert "no captured piece" in check(red, (1, 1), "befreien, 1 und 1").reason


def test_passing_is_legal_only_without_a_move() -> None:
    home = make({}, players=RY)
    assert check(home, (5, 2), "passe").verdict == "legal"
    assert check(home, (5, 2), "kein Zug").verdict == "legal"
    v = check(make({"red": ["40"]}, players=RY), (5, 2), "passe")
    assert v.verdict == "illegal" and "Zugzwang" in v.reason


def test_one_die_into_the_goal() -> None:
    pos = make({"red": ["63"]}, players=RY)
    assert check(pos, (4, 1), "nur 1, Ziel").verdict == "legal"
    assert check(pos, (4, 1), "1, Ziel").verdict == "legal"
    assert "only into the goal" in check(make({"red": ["40"]}, players=RY), (4, 1), "nur 4").reason


@pytest.mark.parametrize(
    ("text", "offset", "words"),
    [
        ("hallo", 0, "unknown word 'hallo'"),
        ("5 und 2 und 3", 13, "3 values named"),
        ("Brücke 5", 0, "'Brücke' follows"),
        ("5 Turm 2", 2, "comes first"),
        ("13", 2, "neither one die"),
        ("raus", 4, "name the other die"),
        ("", 0, "no die's value"),
        ("passe 5", 0, "stands alone"),
    ],
)
def test_words_that_do_not_parse_name_the_place(text: str, offset: int, words: str) -> None:
    with pytest.raises(InvalidAnnouncement, match=words) as err:
        parse(text)
    assert err.value.offset == offset
    v = check(make({"red": ["40"]}, players=RY), (5, 2), text)
    assert v.verdict == "invalid" and v.to_json()["offset"] == offset


def test_an_unknown_field_for_to_is_bad_input() -> None:
    with pytest.raises(CompanionError, match=r"--to 'T\.99'"):
        check(make({"red": ["40"]}, players=RY), (5, 2), "5 und 2", to="T.99")


def test_digits_of_other_scripts_are_unknown_words() -> None:
    """Found by hypothesis: '²' is a digit to Python's isdigit, but no die's value."""
    v = check(make({"red": ["40"]}, players=RY), (1, 1), "²")
    assert v.verdict == "invalid" and "unknown word '²'" in v.reason


def test_the_superzahl_is_never_said_as_seven() -> None:
    pos = make({"red": ["30"]}, players=RY)
    assert check(pos, (1, 6), "Superzahl, 6 und 6", start="T.30").verdict == "legal"
    for words in ("6 und 1", "1 und 6", "7"):
        v = check(pos, (1, 6), words)
        assert v.verdict == "illegal", words
    assert "1 und 1 or 6 und 6" in check(pos, (1, 6), "6 und 1").reason


def test_what_was_said_is_kept_beside_the_nearest_legal_announcement() -> None:
    pos = make({"red": ["40"]}, players=RY)
    verdict = check(pos, (5, 2), "fünf und zwei brücke").to_json()
    assert verdict["said"] == "5 und 2, Brücke" and verdict["announcement"] == "5 und 2"
    assert check(pos, (5, 2), "sieben").to_json()["said"] == "7"
    assert check(pos, (5, 2), "nur 5, ziel").to_json()["said"] == "nur 5, Ziel"
    assert "said" not in check(pos, (5, 2), "hallo").to_json()
