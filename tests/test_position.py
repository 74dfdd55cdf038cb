"""Positions: the JSON contract of DESIGN.md, checked with one-line errors."""

from __future__ import annotations

import json
import re

import pytest
from conftest import position, two_player
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CompanionError, PositionError
from companion.model.position import parse_position, position_from_json, start_position


def test_the_design_example_round_trips():
    data = {
        "game": "gravitation",
        "phase": 3,
        "layout": "gravitation",
        "players": ["red", "yellow"],
        "to_move": "red",
        "pieces": {
            "red": ["red.S1", "red.S2", "U1.13", "U4.2", "U5.0"],
            "yellow": ["yellow.S1", "yellow.S2", "yellow.S3", "yellow.S4", "U2.30"],
        },
        "energy": {"red": 2, "yellow": 0},
        "options": {"always_sum": False, "death_push": False},
    }
    pos = position_from_json(data)
    assert pos.occupant["U1.13"] == "red"
    assert pos.energy_of("red") == 2
    again = position_from_json(pos.to_json())
    assert again == pos and hash(again) == hash(pos)
    assert pos.to_json()["options"]["roll_again_on_own_special"] is True  # default filled in


def test_the_start_position_of_five_players():
    pos = start_position()
    assert pos.players == ("red", "yellow", "green", "blue", "white")
    assert pos.to_move == "red" and pos.phase == 3
    assert pos.pieces["blue"] == tuple(f"blue.S{k}" for k in range(1, 6))
    assert set(pos.energy) == {0}


def test_positions_are_immutable_and_moves_make_new_ones():
    pos = position()
    after = pos.moved({"red.S1": "U1.5"}).with_energy("red", 3)
    assert pos.occupant.get("U1.5") is None
    assert after.occupant["U1.5"] == "red" and after.energy_of("red") == 3
    with pytest.raises(AttributeError):
        pos.to_move = "yellow"  # type: ignore[misc]


def test_a_swap_is_one_move():
    pos = position(
        pieces={
            "red": ["U1.1", "red.S2", "red.S3", "red.S4", "red.S5"],
            "yellow": ["U1.2", "yellow.S2", "yellow.S3", "yellow.S4", "yellow.S5"],
        }
    )
    swapped = pos.moved({"U1.1": "U1.2", "U1.2": "U1.1"})
    assert swapped.occupant["U1.1"] == "yellow" and swapped.occupant["U1.2"] == "red"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {
                "pieces": {
                    "red": ["U1.0", "U1.0", "red.S3", "red.S4", "red.S5"],
                    "yellow": [f"yellow.S{k}" for k in range(1, 6)],
                }
            },
            "two pieces on U1.0 (red and red)",
        ),
        (
            {
                "pieces": {
                    "red": ["U1.0", "red.S2", "red.S3", "red.S4", "red.S5"],
                    "yellow": ["U1.0", "yellow.S2", "yellow.S3", "yellow.S4", "yellow.S5"],
                }
            },
            "two pieces on U1.0 (red and yellow)",
        ),
        (
            {
                "pieces": {
                    "red": ["U7.0", "red.S2", "red.S3", "red.S4", "red.S5"],
                    "yellow": [f"yellow.S{k}" for k in range(1, 6)],
                }
            },
            "red piece on unknown field 'U7.0'",
        ),
        (
            {"pieces": {"red": ["red.S1"], "yellow": [f"yellow.S{k}" for k in range(1, 6)]}},
            "red has 1 piece, ZwiAner::Gravitation needs 5",
        ),
        (
            {
                "pieces": {
                    "red": ["yellow.S1", "red.S2", "red.S3", "red.S4", "red.S5"],
                    "yellow": ["U1.1", "yellow.S2", "yellow.S3", "yellow.S4", "yellow.S5"],
                }
            },
            "red piece on yellow's S1, a station of yellow",
        ),
        ({"energy": {"red": 6, "yellow": 0}}, "energy of red is 6, outside 0..5"),
        ({"energy": {"red": -1}}, "energy of red is -1, outside 0..5"),
        ({"energy": {"red": 1.5}}, "energy of red must be a whole number"),
        ({"players": ["red", "purple"]}, "unknown player 'purple'"),
        ({"players": ["red"]}, "ZwiAner::Gravitation takes 2 to 5 players, not 1"),
        ({"to_move": "green"}, "to_move 'green' is not one of the players"),
        (
            {"options": {"sudden_death": True}},
            "unknown option 'sudden_death' for ZwiAner::Gravitation",
        ),
        ({"options": {"death_push": "yes"}}, "option death_push must be true or false"),
        ({"phase": 4}, "phase 4 is not a phase of ZwiAner::Gravitation"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"colour": "red"}, "unknown key 'colour' in position"),
    ],
)
def test_a_malformed_position_is_named_in_one_line(changes, message):
    with pytest.raises(PositionError, match=re.escape(message)) as err:
        position_from_json(two_player(**changes))
    assert "\n" not in str(err.value)


def test_the_source_is_named_and_bad_json_is_one_line():
    with pytest.raises(PositionError, match=r"^game\.json: not JSON: .* at line 1$"):
        parse_position("{'game': 1}", source="game.json")
    with pytest.raises(PositionError, match=r"^game\.json: energy of red is 9"):
        parse_position(json.dumps(two_player(energy={"red": 9})), source="game.json")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(st.dictionaries(st.sampled_from(list(two_player())), json_values, max_size=4))
def test_any_garbage_is_a_position_error_never_a_crash(changes):
    try:
        position_from_json(two_player(**changes))
    except CompanionError as exc:
        assert str(exc) and "\n" not in str(exc)


@given(st.text(max_size=200))
def test_any_text_is_a_position_error_never_a_crash(text):
    try:
        parse_position(text)
    except CompanionError as exc:
        assert "\n" not in str(exc)
