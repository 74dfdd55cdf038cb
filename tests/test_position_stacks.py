"""Positions of the games where a field holds several pieces: the race game's towers,
homes and goals, TENET's common start field."""

import json

import pytest

from companion.errors import PositionError
from companion.model.layoutfile import load_layout
from companion.model.position import position_from_json, start_position


def race(pieces, stacks=None, players=("red", "yellow")):
    data = {"game": "tuerme", "players": list(players), "pieces": pieces}
    if stacks is not None:
        data["stacks"] = stacks
    return position_from_json(data)


def waiting(colour, n=6):
    return [f"{colour}.home"] * n


def test_race_pieces_wait_at_home_six_each_for_two_or_three_players():
    pos = start_position("tuerme", players=("red", "yellow", "green"))
    assert pos.pieces["red"] == ("red.home",) * 6
    assert pos.stacks["green.home"] == ("green",) * 6


def test_race_with_four_players_has_four_pieces_each():
    pos = start_position("tuerme")
    assert pos.players == ("red", "yellow", "green", "blue")
    assert pos.pieces["blue"] == ("blue.home",) * 4


def test_tenet_balls_start_together_on_the_common_start_field():
    pos = start_position("tenet", players=("red", "black"))
    assert pos.stacks["start"] == ("black",) * 9 + ("red",) * 9


def test_tenet_may_be_played_alone():
    assert start_position("tenet", players=("blue",)).players == ("blue",)


def test_a_tower_of_one_colour_needs_no_order():
    pos = race({"red": ["T.20", "T.20", *waiting("red", 4)], "yellow": waiting("yellow")})
    assert pos.stacks["T.20"] == ("red", "red")
    assert "stacks" not in pos.to_json()


def test_a_mixed_tower_belongs_to_the_piece_on_top():
    pieces = {"red": ["T.20", *waiting("red", 5)], "yellow": ["T.20", *waiting("yellow", 5)]}
    pos = race(pieces, stacks={"T.20": ["yellow", "red"]})
    assert pos.stacks["T.20"] == ("yellow", "red")
    assert pos.occupant["T.20"] == "red"


def test_a_mixed_tower_round_trips_through_json():
    pieces = {"red": ["T.20", *waiting("red", 5)], "yellow": ["T.20", *waiting("yellow", 5)]}
    pos = race(pieces, stacks={"T.20": ["red", "yellow"]})
    again = position_from_json(json.loads(pos.dumps()))
    assert again == pos
    assert again.to_json()["stacks"] == {"T.20": ["red", "yellow"]}


def test_a_mixed_tower_without_its_order_is_refused():
    pieces = {"red": ["T.20", *waiting("red", 5)], "yellow": ["T.20", *waiting("yellow", 5)]}
    with pytest.raises(PositionError, match=r"mixed tower on T\.20"):
        race(pieces)


def test_stacks_must_list_the_pieces_that_stand_there():
    pieces = {"red": ["T.20", *waiting("red", 5)], "yellow": ["T.20", *waiting("yellow", 5)]}
    with pytest.raises(PositionError, match=r"'stacks' on T\.20 lists red, red"):
        race(pieces, stacks={"T.20": ["red", "red"]})
    with pytest.raises(PositionError, match="no piece stands"):
        race(pieces, stacks={"T.20": ["red", "yellow"], "T.21": ["red"]})


def test_a_tower_is_two_pieces_high_at_most():
    pieces = {"red": ["T.20"] * 3 + waiting("red", 3), "yellow": waiting("yellow")}
    with pytest.raises(PositionError, match=r"more than 2 pieces on T\.20"):
        race(pieces)


def test_a_piece_never_waits_in_another_colours_home():
    pieces = {"red": ["yellow.home", *waiting("red", 5)], "yellow": waiting("yellow")}
    with pytest.raises(PositionError, match=r"red piece on yellow's home, a home of yellow"):
        race(pieces)


def test_gravitation_still_allows_one_piece_a_field():
    data = start_position("gravitation", players=("red", "yellow")).to_json()
    data["pieces"]["red"] = ["U1.3", "U1.3", "red.S3", "red.S4", "red.S5"]
    with pytest.raises(PositionError, match=r"two pieces on U1.3 \(red and red\)"):
        position_from_json(data)


def test_restacked_puts_pools_in_colour_order_so_equal_boards_compare_equal():
    pos = start_position("tenet", players=("red", "black"))
    one = pos.restacked({"start": ["red"] * 9 + ["black"] * 8, "K1.6": ["black"]})
    two = pos.restacked({"K1.6": ["black"], "start": ["black"] * 8 + ["red"] * 9})
    assert one == two
    assert one.pieces["black"] == ("start",) * 8 + ("K1.6",)


def test_bad_stacks_json_is_one_line():
    with pytest.raises(PositionError, match="'stacks' must map fields"):
        race({"red": waiting("red"), "yellow": waiting("yellow")}, stacks={"T.1": "red"})


def test_a_game_is_played_on_its_own_kind_of_board():
    with pytest.raises(PositionError, match="is played on a tuerme board, not on layout"):
        start_position("tuerme", players=("red", "yellow"), layout=load_layout("gravitation"))
