"""The Stein der Weisen: the Pasch rule, the stone after a first round without a Pasch,
the win on the Pott, and players joining mid-game (seed 004)."""

from __future__ import annotations

import pytest
from tenet_helpers import balls, make, verdict

from companion.errors import CompanionError, PositionError
from companion.games import GAMES
from companion.games.tenet.board import roll_from_reading
from companion.games.tenet.rules import join, legal_moves
from companion.model.position import position_from_json, start_position

# ------------------------------------------------------------------ the Pasch


def test_a_pasch_moves_no_ball_but_the_stone_to_the_pairs_planet() -> None:
    # "z.B. 3er Pasch ==> 3. Planet = Erde": III=2, IV=3, V=3
    pos = make({"red": ["K1.4"], "blue": []})
    (move,) = legal_moves(pos, (2, 3, 3))
    assert move.announcement == "Pasch 3: Stein auf Erde"
    assert move.after.stone == "P3.3" and move.after.placement == pos.placement
    v = verdict(pos, (2, 3, 3), "2 von K1.4 nach K1.6")
    assert v.verdict == "illegal" and "is a Pasch: no ball moves" in v.reason


def test_after_a_pasch_the_same_player_rolls_again() -> None:
    pos = make({"red": [], "blue": []})
    v = verdict(pos, (5, 5, 3), "Pasch 5: Stein auf Jupiter")
    assert v.verdict == "legal" and v.move is not None
    assert (v.move.after.to_move, v.move.after.stone) == ("red", "P5.3")


def test_every_player_may_take_own_balls_from_the_third_dies_planet_and_force_field() -> None:
    pos = make({"red": ["K3.4", "P3.2", "K1.4"], "blue": ["X3-5", "P3.6"]})
    (bare,) = legal_moves(pos, (5, 5, 3))
    assert bare.clearable() == ["K3.4 red", "P3.2 red", "P3.6 blue", "X3-5 blue"]
    assert "[their owners may take back: K3.4 red, P3.2 red," in bare.describe()
    v = verdict(pos, (5, 5, 3), "Pasch 5: Stein auf Jupiter, räumt K3.4, X3-5, P3.6")
    assert v.verdict == "legal" and v.move is not None
    assert balls(v.move.after, "red") == ["K1.4", "P3.2"]  # P3.2 stays: its owner's choice
    assert balls(v.move.after, "blue") == []
    v = verdict(pos, (5, 5, 3), "Pasch 5, räumt K1.4")
    assert v.verdict == "illegal" and "not on planet 3" in v.reason


def test_the_pair_must_be_named_right() -> None:
    pos = make({"red": [], "blue": []})
    v = verdict(pos, (5, 5, 3), "Pasch 3: Stein auf Erde")
    assert v.verdict == "illegal" and "the pair shows 5" in v.reason


def test_the_pasch_rule_comes_first_3_5_5_on_earth() -> None:
    # "sollte der Spieler 3 5 5 würfeln und er befindet sich auf der Erde, so wandert der
    # Stein zum Jupiter und Planet und Kraftfeld Nr. 3 können geräumt werden": III=5, IV=5, V=3
    pos = make({"red": ["P3.4"], "blue": []}, stone="P3.3")
    (move,) = legal_moves(pos, (5, 5, 3))
    assert move.kind == "pasch" and move.winner is None and move.after.stone == "P5.3"
    v = verdict(pos, (5, 5, 3), "Stein der Weisen")
    assert v.verdict == "illegal" and "Pasch rule comes first" in v.reason
    v = verdict(pos, (5, 5, 3), "Pasch 5: Stein auf Jupiter, räumt P3.4")
    assert v.verdict == "legal" and v.move is not None and balls(v.move.after, "red") == []


# ------------------------------------------------------------------ the first round


def test_the_stone_waits_in_the_zentrum_and_a_round_without_a_pasch_is_counted() -> None:
    pos = start_position("tenet", players=["red", "blue"])
    assert (pos.stone, pos.first_round) == ("start", 0)
    red = legal_moves(pos, (9, 4, 2))[0]
    mid = red.after
    while mid.to_move == "red":
        mid = legal_moves(mid, (9, 4, 2))[0].after
    assert (mid.to_move, mid.first_round) == ("blue", 1)


def test_after_a_round_without_a_pasch_one_die_is_rolled_for_the_stone() -> None:
    pos = make({"red": ["K1.4"], "blue": ["K2.4"]}, first_round=2)
    with pytest.raises(CompanionError, match="roll one die for the stone"):
        legal_moves(pos, (9, 4, 2))
    (move,) = legal_moves(pos, (7,))
    assert move.announcement == "Stein auf Uranus" and move.after.stone == "P7.3"
    assert move.after.to_move == "red" and move.after.first_round == 0
    assert verdict(pos, (7,), "Stein auf Uranus").verdict == "legal"
    assert verdict(pos, (7,), "Stein auf Erde").verdict == "illegal"


def test_a_pasch_in_the_first_round_puts_the_stone_in_play() -> None:
    pos = make({"red": [], "blue": []}, first_round=1, to_move="blue")
    (move,) = legal_moves(pos, (9, 9, 4))
    assert (move.after.stone, move.after.first_round) == ("P9.3", 0)


def test_the_stone_stands_on_start_or_a_stone_field_only() -> None:
    with pytest.raises(PositionError, match=r"'stone' on 'P3\.4'"):
        make({"red": [], "blue": []}, stone="P3.4")
    with pytest.raises(PositionError, match="only while the stone is still on start"):
        make({"red": [], "blue": []}, stone="P3.3", first_round=1)


# ------------------------------------------------------------------ the win


def test_a_ball_on_the_pott_of_the_stones_planet_and_one_die_with_its_number_wins() -> None:
    pos = make({"red": ["P3.4"], "blue": []}, stone="P3.3")
    (move,) = legal_moves(pos, (9, 3, 2))
    assert (move.kind, move.winner, move.announcement) == ("claim", "red", "Stein der Weisen")
    assert move.describe() == "(claim)  [red takes the stone and wins]"
    v = verdict(pos, (9, 3, 2), "9 von Start nach K1.9")
    assert v.verdict == "illegal" and "the game was over" in v.reason


def test_reaching_the_pott_with_the_planets_die_unmoved_wins_at_once() -> None:
    pos = make({"red": ["K3.9"], "blue": []}, stone="P3.3")
    v = verdict(pos, (9, 3, 4), "4 von K3.9 nach P3.4; Stein der Weisen")
    assert v.verdict == "legal" and v.move is not None and v.move.winner == "red"


def test_no_win_when_the_planets_die_was_moved_or_the_stone_is_elsewhere() -> None:
    pos = make({"red": ["K3.9"], "blue": []}, stone="P3.3")
    v = verdict(pos, (9, 3, 4), "3 von K3.9 nach P3.3; Stein der Weisen")
    assert v.verdict == "illegal" and "no Stein der Weisen" in v.reason
    pos = make({"red": ["P3.4"], "blue": []}, stone="P5.3")
    assert all(m.winner is None for m in legal_moves(pos, (9, 3, 4)))
    pos = make({"red": ["P3.4"], "blue": []})  # the stone still in the Zentrum
    assert all(m.winner is None for m in legal_moves(pos, (9, 3, 4)))


def test_only_the_player_to_move_takes_the_stone() -> None:
    pos = make({"red": [], "blue": ["P3.4"]}, stone="P3.3")
    assert all(m.winner is None for m in legal_moves(pos, (9, 3, 4)))


# ------------------------------------------------------------------ joining


def test_a_new_player_puts_nine_balls_on_start_and_plays_along() -> None:
    pos = make({"red": ["K1.4"], "blue": ["P2.2"]}, stone="P3.3", to_move="blue")
    joined = join(pos, "green")
    assert joined.players == ("red", "blue", "green") and joined.to_move == "blue"
    assert joined.pieces["green"] == ("start",) * 9
    assert position_from_json(joined.to_json()) == joined
    assert join(join(pos, "green"), "white").players[-1] == "white"
    with pytest.raises(PositionError, match="red already plays"):
        join(pos, "red")


def test_a_joined_player_takes_the_next_turn_after_the_last_seat() -> None:
    pos = make({"red": ["K1.4"], "blue": ["P2.2"]}, stone="P3.3", to_move="blue")
    joined = join(pos, "green")
    after = legal_moves(joined, (9, 4, 2))[0].after
    while after.to_move == "blue":
        after = legal_moves(after, (9, 4, 2))[0].after
    assert after.to_move == "green"


# ------------------------------------------------------------------ the dice reader


def test_the_dice_readers_report_becomes_the_roll_in_die_order() -> None:
    reading = [
        {"kind": "miwin-V", "value": 2},
        {"kind": "miwin-III", "value": 9},
        {"kind": "miwin-IV", "value": 4},
    ]
    assert roll_from_reading(reading) == (9, 4, 2)
    with pytest.raises(CompanionError, match="no die of kind miwin-IV"):
        roll_from_reading(reading[:2])
    with pytest.raises(CompanionError, match="die IV shows"):
        roll_from_reading([*reading[:2], {"kind": "miwin-IV", "value": 2}])
    with pytest.raises(CompanionError, match="needs Miwin dice"):
        roll_from_reading([{"kind": "d6", "value": 2}])


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("stone", 5, "'stone' must be a field id"),
        ("stone", "K3.4", "the stone stands on start or a P<k>.3 field"),
        ("first_round", -1, "outside 0..2"),
        ("first_round", True, "must be a whole number"),
        ("spent", "9", "must be a list"),
        ("spent", [9, 9], "at most two different dice"),
        ("spent", [0], "die values 1..9"),
    ],
)
def test_the_turn_state_in_a_position_file_is_checked(
    key: str, value: object, message: str
) -> None:
    data = make({"red": [], "blue": []}).to_json() | {key: value}
    with pytest.raises(PositionError) as err:
        position_from_json(data)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_other_games_have_no_stone() -> None:
    data = start_position("gravitation").to_json() | {"stone": "start"}
    with pytest.raises(PositionError, match="ZwiAner::Gravitation has no Stein der Weisen"):
        position_from_json(data)


def test_the_spec_says_which_game_has_a_stone_and_where_it_starts() -> None:
    """The position's checks and the board picture ask the spec, not the game's name."""
    assert {name: spec.stone for name, spec in GAMES.items() if spec.stone} == {"tenet": "start"}
    assert start_position("tenet").stone == "start"
    with pytest.raises(PositionError, match=r"'spent' lists die values 1\.\.9"):
        position_from_json(start_position("tenet").to_json() | {"spent": [10]})


def test_one_to_nine_players_each_with_nine_balls_on_start_and_the_stone_in_the_zentrum() -> None:
    # "Spieleranzahl: Eins bis neun"; "Zu Beginn setzen alle Mitspieler ihre Kugeln ins
    # gemeinsame Startfeld. Der Stein der Weisen kommt ins Zentrum."
    alone = start_position("tenet", players=["red"])
    assert alone.stone == "start" and alone.pieces["red"] == ("start",) * 9
    assert legal_moves(alone, (9, 4, 2))
    full = start_position("tenet")
    assert len(full.players) == 9
    with pytest.raises(PositionError, match="takes 1 to 9 players, not 10"):
        join(full, "pink")
