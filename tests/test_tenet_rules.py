"""TENET's moving rules, one test per sentence of the text (seed 004, "Spielregeln",
"Versetzen", "Spielablauf"), on the layout of docs/rulings.md §6.

K1 runs start, X1-6, K1.2, X1-7, K1.4, X1-8, K1.6, X1-9, K1.8, K1.9, K1.10, X1-2, …, X1-5;
the planet circle P1 runs K1.9 (= P1.0), P1.1 … P1.7; the Pott is P1.4.
"""

from __future__ import annotations

import json

import pytest
from tenet_helpers import balls, make, says, verdict

from companion.errors import CompanionError
from companion.games.tenet.board import DICE, board, check_roll, doublet, parse_roll
from companion.games.tenet.moves import TooManyTurns, search, targets
from companion.games.tenet.rules import legal_moves, on_board
from companion.model.position import position_from_json
from companion.texts import render

# ------------------------------------------------------------------ the dice


def test_a_roll_is_three_miwin_dice_kept_in_the_order_III_IV_V() -> None:
    assert parse_roll("9,4,2") == (9, 4, 2)
    assert parse_roll("9 4 2") == (9, 4, 2)
    with pytest.raises(CompanionError, match="three Miwin dice"):
        parse_roll("9,4")


def test_a_roll_may_be_said_in_any_order_and_is_matched_to_the_dice() -> None:
    # "3,1,2": III shows no 3, so the 1 is III's, the 3 IV's and the 2 V's
    assert parse_roll("3,1,2") == (1, 3, 2)
    assert parse_roll("2 4 9") == (2, 9, 4)  # the first order that fits (also 9,4,2)
    assert check_roll((9, 4, 9)) == (9, 9, 4)  # a Pasch of nines: III and IV show 9
    with pytest.raises(CompanionError, match="die III shows 1 2 5 6 7 9, not 3, and no other"):
        parse_roll("3,4,8")  # III shows none of them
    with pytest.raises(CompanionError, match="no value is on all three"):
        parse_roll("9,9,9")


def test_two_orders_of_the_same_numbers_have_the_same_effect() -> None:
    # 1, 2, 3 fit the dice two ways (III=1 IV=3 V=2, or III=2 IV=1 V=3): the rules read
    # only the numbers, so both give the same moves
    pos = make({"red": ["K1.2"], "blue": []})
    one = [m.announcement for m in legal_moves(pos, (1, 3, 2))]
    other = [m.announcement for m in legal_moves(pos, (2, 1, 3))]
    assert one == other and one


def test_no_value_is_on_all_three_dice_so_a_roll_has_at_most_one_pair() -> None:
    faces = [set(f) for _, f in DICE]
    assert not set.intersection(*faces)
    assert doublet((5, 5, 3)) == (5, 3)
    assert doublet((9, 4, 2)) is None


# ------------------------------------------------------------------ a) b) c) splitting


def test_a_one_ball_may_move_all_three_numbers_also_back_and_forth() -> None:
    pos = make({"red": ["K1.4"], "blue": []}, stone="P3.3")
    v = verdict(pos, (2, 5, 3), "5 von K1.4 nach K1.9; 3 von K1.9 nach K1.6; 2 von K1.6 nach K1.8")
    assert v.verdict == "legal"
    assert v.move is not None and balls(v.move.after, "red") == ["K1.8"]
    assert v.move.after.to_move == "blue"


def test_b_two_numbers_with_one_ball_and_one_with_another() -> None:
    pos = make({"red": ["K1.4", "K2.4"], "blue": []}, stone="P3.3")
    v = verdict(pos, (2, 5, 3), "5 von K1.4 nach K1.9; 3 von K1.9 nach K1.6; 2 von K2.4 nach K2.6")
    assert v.verdict == "legal"


def test_c_one_number_with_each_of_three_balls() -> None:
    pos = make({"red": ["K1.4", "K2.4", "K3.4"], "blue": []}, stone="P3.3")
    v = verdict(pos, (2, 5, 3), "5 von K1.4 nach K1.9; 3 von K2.4 nach X1-2; 2 von K3.4 nach K3.6")
    assert v.verdict == "legal"


def test_a_step_moves_one_die_and_the_same_player_moves_on_with_the_others() -> None:
    pos = make({"red": ["K1.4"], "blue": []}, stone="P3.3")
    v = verdict(pos, (2, 5, 3), "2 von K1.4 nach K1.6")
    assert v.verdict == "legal" and v.move is not None
    assert (v.move.after.to_move, v.move.after.spent) == ("red", (2,))
    after = legal_moves(v.move.after, (2, 5, 3))
    assert {m.steps[0].value for m in after} == {5, 3}


def test_a_die_already_moved_cannot_be_moved_again() -> None:
    pos = make({"red": ["K1.6"], "blue": []}, stone="P3.3", spent=[2])
    v = verdict(pos, (2, 5, 3), "2 von K1.6 nach K1.8")
    assert v.verdict == "illegal" and "not among the dice left" in v.reason
    assert render(v.reason, "de").startswith(
        "2 ist nicht unter den Würfeln, die noch zu ziehen sind: 5, 3 (gewürfelt: 2, 5, 3); "
    )


def test_a_die_not_rolled_is_said_with_the_roll_once() -> None:
    # new-user trial s5: "(9, 8, 6 des Wurfs 9,8,6)", the same numbers said two ways
    pos = make({"red": ["K1.6"], "blue": []}, stone="P3.3")
    v = verdict(pos, (9, 8, 6), "5 von K1.6 nach K1.8")
    assert render(v.reason, "de").startswith("5 ist nicht unter den Würfeln des Wurfs (9, 8, 6); ")
    assert render(v.reason, "en").startswith("5 is not among the dice of the roll (9, 8, 6); ")


# ------------------------------------------------------------------ one circle, one direction


def test_each_number_is_walked_whole_in_one_direction_along_one_circle() -> None:
    pos = make({"red": ["K1.4"], "blue": []}, stone="P3.3")
    assert {"3 von K1.4 nach X1-9", "3 von K1.4 nach X1-6"} <= says(pos, (2, 5, 3))
    v = verdict(pos, (2, 5, 3), "3 von K1.4 nach K1.2")  # 1 forward, 2 back: not one direction
    assert v.verdict == "illegal" and "not 3 fields from K1.4 along one circle" in v.reason


def test_no_turning_round_a_corner_except_where_the_move_starts_on_a_crossing() -> None:
    pos = make({"red": ["K1.2"], "blue": []}, stone="P3.3")
    # K1.2 is on K1 only: two steps reach X1-6 then K6's next field only by turning
    v = verdict(pos, (2, 5, 3), "2 von K1.2 nach K6.16")
    assert v.verdict == "illegal" and "changes circles only where its move starts" in v.reason
    # X1-7 lies on K1 and K7: from there the ball may take either circle
    pos = make({"red": ["X1-7"], "blue": []}, stone="P3.3")
    assert {"2 von X1-7 nach X1-8", "2 von X1-7 nach X7-9", "2 von X1-7 nach X2-7"} <= says(
        pos, (2, 5, 3)
    )


def test_jumping_own_balls_is_allowed_foreign_balls_block_the_way() -> None:
    pos = make({"red": ["K1.2", "X1-7"], "blue": []}, stone="P3.3")
    assert verdict(pos, (2, 5, 3), "3 von K1.2 nach X1-8").verdict == "legal"
    pos = make({"red": ["K1.2"], "blue": ["X1-7"]}, stone="P3.3")
    v = verdict(pos, (2, 5, 3), "3 von K1.2 nach X1-8")
    assert v.verdict == "illegal" and "blocked by blue on X1-7" in v.reason


def test_no_ball_moves_onto_or_over_the_start_field() -> None:
    pos = make({"red": ["K1.2"], "blue": []}, stone="P3.3")
    v = verdict(pos, (2, 5, 3), "2 von K1.2 nach Start")
    assert v.verdict == "illegal" and "start field" in v.reason
    v = verdict(pos, (2, 5, 3), "5 von K1.2 nach X1-4")  # round through the start
    assert v.verdict == "illegal"


def test_a_full_turn_round_a_planet_lands_where_it_started() -> None:
    pos = make({"red": ["P1.4"], "blue": []}, stone="P3.3")
    v = verdict(pos, (1, 8, 2), "8 von P1.4 nach P1.4")
    assert v.verdict == "legal"


# ------------------------------------------------------------------ entering


def test_every_roll_may_enter_from_start_counting_the_entry_field() -> None:
    pos = make({"red": [], "blue": []})
    entries = {f.id for f in pos.layout if f.label == "entry"}
    ones = {m.steps[0].end for m in legal_moves(pos, (1, 3, 2)) if m.steps[0].value == 1}
    assert ones == entries
    nines = {m.steps[0].end for m in legal_moves(pos, (9, 4, 2)) if m.steps[0].value == 9}
    assert nines == {f"K{k}.9" for k in range(1, 10)}


def test_the_direction_away_from_the_entry_field_is_free() -> None:
    pos = make({"red": [], "blue": []})
    twos = {m.steps[0].end for m in legal_moves(pos, (9, 4, 2)) if m.steps[0].value == 2}
    # X1-6 lies on K1 and K6: two steps reach the next field of either circle
    assert {"K1.2", "K6.16"} <= twos


def test_entry_fields_held_by_foreign_balls_let_a_ball_in_only_with_a_one() -> None:
    entries = sorted(f.id for f in make({"red": [], "blue": []}).layout if f.label == "entry")
    pos = make({"red": [], "blue": entries}, stone="P3.3")
    with_one = legal_moves(pos, (1, 3, 2))
    assert {m.steps[0].value for m in with_one} == {1}  # 3 and 2 are blocked by blue
    assert all(m.steps[0].hit == "blue" for m in with_one)
    without = legal_moves(pos, (9, 4, 2))
    assert [m.kind for m in without] == ["pass"] and without[0].after.to_move == "blue"


# ------------------------------------------------------------------ Versetzen d) e) f) g)


def test_landing_on_a_ball_displaces_it_own_or_foreign() -> None:
    pos = make({"red": ["K1.2", "K1.4"], "blue": []}, stone="P3.3")
    v = verdict(pos, (2, 5, 3), "2 von K1.2 nach K1.4, versetzt rot nach K1.12")
    assert v.verdict == "legal"
    v = verdict(pos, (2, 5, 3), "2 von K1.2 nach K1.4")
    assert v.verdict == "illegal" and "say where it goes" in v.reason


def test_d_on_a_force_field_circle_any_free_field_of_that_circle() -> None:
    pos = make({"red": ["K1.2"], "blue": ["K1.4", "K1.16"]}, stone="P3.3")
    occ = {"K1.4": "red", "K1.16": "blue"}  # red has moved K1.2 → K1.4
    b = board(pos.layout)
    free_k1 = [f for f in b.members["K1"] if f not in occ and f != "start"]
    assert targets(b, occ, "K1.4", "blue") == sorted(
        set(free_k1) | {"K1.14", "X1-4"}  # and g): next to the other blue ball on K1.16
    )
    v = verdict(pos, (2, 5, 3), "2 von K1.2 nach K1.4, versetzt blau nach K1.16")
    assert v.verdict == "illegal" and "K1.16 is not free" in v.reason


def test_e_on_a_planet_circle_any_free_field_of_it_or_back_to_start() -> None:
    pos = make({"red": ["P1.1"], "blue": ["P1.3"]}, stone="P3.3")
    assert verdict(pos, (2, 5, 3), "2 von P1.1 nach P1.3, versetzt blau nach Start").verdict == (
        "legal"
    )
    assert verdict(pos, (2, 5, 3), "2 von P1.1 nach P1.3, versetzt blau nach P1.6").verdict == (
        "legal"
    )
    pos = make({"red": ["K1.2"], "blue": ["K1.4"]}, stone="P3.3")
    v = verdict(pos, (2, 5, 3), "2 von K1.2 nach K1.4, versetzt blau nach Start")
    assert v.verdict == "illegal" and "rule e" in v.reason


def test_f_on_a_crossing_either_circle_may_be_chosen() -> None:
    pos = make({"red": ["K1.6"], "blue": ["X1-7"]}, stone="P3.3")
    for target in ("K1.12", "K7.4"):  # a field of K1, a field of K7
        text = f"3 von K1.6 nach X1-7, versetzt blau nach {target}"
        assert verdict(pos, (2, 5, 3), text).verdict == "legal", target
    # K1.9 is where K1 touches P1: the planet circle, and so the start field, is open too
    pos = make({"red": ["X1-9"], "blue": ["K1.9"]}, stone="P3.3")
    assert verdict(pos, (2, 5, 3), "2 von X1-9 nach K1.9, versetzt blau nach Start").verdict == (
        "legal"
    )


def test_g_next_to_a_ball_of_the_same_colour_anywhere() -> None:
    pos = make({"red": ["K1.2"], "blue": ["K1.4", "P5.6"]}, stone="P3.3")
    v = verdict(pos, (2, 5, 3), "2 von K1.2 nach K1.4, versetzt blau nach P5.5")
    assert v.verdict == "legal"
    v = verdict(pos, (2, 5, 3), "2 von K1.2 nach K1.4, versetzt blau nach P5.2")
    assert v.verdict == "illegal" and "rule g" in v.reason


def test_the_colour_said_must_be_the_displaced_balls() -> None:
    pos = make({"red": ["K1.2"], "blue": ["K1.4"]}, stone="P3.3")
    v = verdict(pos, (2, 5, 3), "2 von K1.2 nach K1.4, versetzt gelb nach K1.12")
    assert v.verdict == "illegal" and "is blue, not yellow" in v.reason


# ------------------------------------------------------------------ every die that can move


def test_a_step_that_leaves_a_movable_die_unmovable_is_illegal() -> None:
    # met in self-play on the first board `tenet`: red's ball entering with the 4 would put
    # yellow on K2.8, where it blocks every way red's 7 could go; putting yellow elsewhere
    # keeps the 7 movable
    pos = position_from_json(json.loads(STRANDED))
    v = verdict(pos, (5, 4, 7), "4 von Start nach K2.14, versetzt gelb nach K2.8")
    assert v.verdict == "illegal" and "the 7 can no longer be moved" in v.reason
    assert verdict(pos, (5, 4, 7), "4 von Start nach K2.14, versetzt gelb nach K2.10").verdict == (
        "legal"
    )
    said = {m.announcement for m in legal_moves(pos, (5, 4, 7))}
    assert "4 von Start nach K2.14, versetzt gelb nach K2.8" not in said


STRANDED = """{"game": "tenet", "layout": "tenet", "to_move": "red",
 "players": ["red", "orange", "yellow", "green"],
 "pieces": {"red": ["start", "X1-8", "X2-8", "K2.4", "X5-9", "K7.4", "K8.8", "K9.2", "P6.6"],
 "orange": ["start", "start", "K5.16", "K6.4", "K6.9", "K6.16", "K8.12", "P5.7", "P6.7"],
 "yellow": ["K2.14", "X3-8", "K3.8", "K3.12", "K4.4", "K4.8", "X4-7", "K5.8", "X6-8"],
 "green": ["K1.6", "K1.12", "X3-7", "K4.2", "K5.6", "X5-7", "K6.8", "K6.14", "X7-9"]},
 "stone": "P7.3", "spent": [5]}"""


def test_no_pass_while_a_die_can_be_moved() -> None:
    entries = sorted(f.id for f in make({"red": [], "blue": []}).layout if f.label == "entry")
    pos = make({"red": ["P1.4"], "blue": entries}, stone="P3.3")
    assert verdict(pos, (1, 3, 2), "1 von P1.4 nach P1.5").verdict == "legal"
    v = verdict(pos, (1, 3, 2), "1 von P1.4 nach P1.5; passt")
    assert v.verdict == "illegal" and "no pass" in v.reason


def test_a_player_who_cannot_move_passes() -> None:
    entries = sorted(f.id for f in make({"red": [], "blue": []}).layout if f.label == "entry")
    pos = make({"red": [], "blue": entries}, stone="P3.3")
    v = verdict(pos, (9, 4, 2), "passt")
    assert v.verdict == "legal" and v.move is not None and v.move.after.to_move == "blue"
    v = verdict(make({"red": [], "blue": []}, stone="P3.3"), (9, 4, 2), "passt")
    assert v.verdict == "illegal"


def test_the_whole_turn_search_agrees_on_a_pass_and_a_claim(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entries = sorted(f.id for f in make({"red": [], "blue": []}).layout if f.label == "entry")
    pos = make({"red": [], "blue": entries}, stone="P3.3")
    b = board(pos.layout)
    (turn,) = search(b, on_board(pos), "red", (9, 4, 2), 3)
    assert turn.steps == () and not turn.won
    pos = make({"red": ["P3.4"], "blue": []}, stone="P3.3")
    (turn,) = search(b, on_board(pos), "red", (9, 3, 2), 3)
    assert turn.steps == () and turn.won
    monkeypatch.setattr("companion.games.tenet.moves.LIMIT", 500)
    with pytest.raises(TooManyTurns, match="more than 500 different boards"):
        search(b, on_board(make({"red": [], "blue": entries})), "red", (1, 3, 2), None)
