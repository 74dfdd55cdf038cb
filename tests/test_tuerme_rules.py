"""One test (or a few) per sentence of the race game's rule text (seed 003) and per
ruling of docs/rulings.md §5. Fields are loop numbers: red starts on 0, yellow on 16."""

from __future__ import annotations

from tuerme_helpers import ends, make, said

from companion.games.tuerme.rules import legal_moves
from companion.model.position import start_position

RY = ["red", "yellow"]


# ------------------------------------------------------------ 1. Spielvorbereitung


def test_four_players_have_four_pieces_and_two_or_three_have_six() -> None:
    four = start_position("tuerme", players=["red", "yellow", "green", "blue"])
    three = start_position("tuerme", players=["red", "yellow", "green"])
    two = start_position("tuerme", players=RY)
    assert [len(v) for v in four.pieces.values()] == [4, 4, 4, 4]
    assert [len(v) for v in three.pieces.values()] == [6, 6, 6]
    assert [len(v) for v in two.pieces.values()] == [6, 6]


def test_the_pieces_wait_outside_the_board_and_come_in_with_a_6_played_first() -> None:
    pos = start_position("tuerme", players=RY)
    assert set(pos.pieces["red"]) == {"red.home"}
    assert {m.announcement: m.end for m in legal_moves(pos, (6, 3))} == {"raus und 3": "T.3"}
    assert [m.announcement for m in legal_moves(pos, (5, 3))] == ["passe"]


def test_six_and_six_brings_a_piece_in_and_moves_it_six() -> None:
    pos = start_position("tuerme", players=RY)
    assert {m.end for m in legal_moves(pos, (6, 6))} == {"T.6"}


# ------------------------------------------------------------ 3. Spielverlauf


def test_one_piece_moves_by_both_dice() -> None:
    pos = make({"red": ["20", "40"]}, players=RY)
    assert ends(pos, (5, 2), "40") == {"T.47"}
    assert ends(pos, (5, 2), "20") == {"T.27", "T.33"}  # 33: 2 onto bridge 22 → 28, then 5
    assert len({m.start for m in legal_moves(pos, (5, 2))}) == 2  # never 5 here and 2 there


def test_a_doublet_rolls_again_and_other_rolls_pass_the_dice_on() -> None:
    pos = make({"red": ["40"]}, players=RY)
    assert said(pos, (3, 3))["3 und 3"].after.to_move == "red"
    assert said(pos, (5, 2))["5 und 2"].after.to_move == "yellow"


def test_there_is_no_passing_while_a_move_is_possible() -> None:
    pos = make({"red": ["40"]}, players=RY)
    assert "passe" not in said(pos, (5, 2))


def test_own_and_foreign_single_pieces_are_jumped() -> None:
    pos = make({"red": ["40", "42"], "yellow": ["44"]}, players=RY)
    assert "T.47" in ends(pos, (5, 2), "40")


def test_the_bridge_example_two_fields_before_a_bridge_with_5_and_2() -> None:
    """ "Steht ein Spielstein z.B. zwei Felder vor einer Brücke, und der Spieler wirft eine
    5 und eine 2, so darf er die Abkürzung benutzen"."""
    pos = make({"red": ["12"]}, players=RY)
    moves = said(pos, (5, 2))
    assert moves["2, Brücke und 5"].end == "T.25"  # 12 +2 = bridge 14 → 20, +5
    assert moves["5 und 2"].end == "T.19"  # the bridge is a "darf", not a must


def test_a_bridge_is_taken_only_when_a_die_ends_exactly_on_it() -> None:
    pos = make({"red": ["11"]}, players=RY)
    assert ends(pos, (5, 2), "11") == {"T.18"}  # passes 14 without stopping there
    pos = make({"red": ["9"]}, players=RY)
    assert ends(pos, (3, 2), "9") == {"T.14", "T.20"}  # ends on it: may stay or cross


def test_the_bridges_are_the_seven_red_fields() -> None:
    pos = make({"red": ["40"]}, players=RY)
    bridges = {f.id for f in pos.layout if f.label == "bridge"}
    assert bridges == {f"T.{n}" for n in (14, 22, 30, 38, 46, 54, 62)}


def test_a_bridge_past_the_own_finish_lane_is_no_shortcut() -> None:
    """Added 5.3: red's bridge 62 → 4 and yellow's 14 → 20 would start a second lap."""
    red = make({"red": ["60"]}, players=RY)
    assert ends(red, (1, 1), "60") == {"T.62"}
    yellow = make({"yellow": ["12"]}, "yellow", players=RY)
    assert ends(yellow, (1, 1), "12") == {"T.14"}
    other = make({"yellow": ["60"]}, "yellow", players=RY)
    assert ends(other, (1, 1), "60") == {"T.62", "T.4"}  # for yellow 62 → 4 is mid-lap


# ------------------------------------------------------------ 3.2 Die Türme


def test_a_piece_ending_on_a_piece_is_set_on_it_and_they_are_a_tower() -> None:
    pos = make({"red": ["40", "47"]}, players=RY)
    move = said(pos, (5, 2), "40")["5 und 2, drauf"]
    assert move.after.stacks["T.47"] == ("red", "red")


def test_a_tower_of_one_colour_moves_like_a_single_piece() -> None:
    pos = make({"red": ["40", "40"]}, players=RY)
    move = said(pos, (5, 2))["Turm, 5 und 2"]
    assert move.after.stacks["T.47"] == ("red", "red") and "T.40" not in move.after.stacks


def test_own_towers_are_jumped_at_any_time() -> None:
    pos = make({"red": ["40", "43", "43"]}, players=RY)
    assert "T.47" in ends(pos, (5, 2), "40")


def test_foreign_towers_are_passed_only_with_a_doublet() -> None:
    pos = make({"red": ["40"], "yellow": ["43", "43"]}, players=RY)
    assert ends(pos, (5, 2), "40") == set()
    assert ends(pos, (4, 4), "40") == {"T.48"}


def test_a_foreign_tower_on_the_stop_between_the_dice_blocks_too() -> None:
    pos = make({"red": ["40"], "yellow": ["42", "42"]}, players=RY)
    assert ends(pos, (5, 2), "40") == set()  # 2 first would stop on it, 5 first passes it


def test_a_mixed_tower_belongs_to_the_piece_on_top_and_the_lower_one_is_captured() -> None:
    pos = make({"red": ["40"], "yellow": ["47"]}, players=RY)
    move = said(pos, (5, 2))["5 und 2, drauf"]
    assert move.after.stacks["T.47"] == ("yellow", "red") and move.builds == "yellow"
    assert move.after.occupant["T.47"] == "red"


def test_the_occupier_jumps_his_mixed_tower_and_the_others_need_a_doublet() -> None:
    tower = {"43": ["yellow", "red"]}
    red = make({"red": ["40", "43"], "yellow": ["43"]}, stacks=tower, players=RY)
    assert "T.47" in ends(red, (5, 2), "40")
    yellow = make({"red": ["43"], "yellow": ["40", "43"]}, "yellow", stacks=tower, players=RY)
    assert ends(yellow, (5, 2), "40") == set()
    assert ends(yellow, (2, 2), "40") == {"T.44"}


def test_the_occupier_cannot_move_his_mixed_tower() -> None:
    pos = make({"red": ["43"], "yellow": ["43"]}, stacks={"43": ["yellow", "red"]}, players=RY)
    assert {m.kind for m in legal_moves(pos, (5, 2))} == {"top"}


def test_no_towers_on_the_first_12_fields() -> None:
    pos = make({"red": ["1"], "yellow": ["8"]}, players=RY)
    assert ends(pos, (5, 2), "1") == set()
    pos = make({"red": ["5"], "yellow": ["12"]}, players=RY)
    assert ends(pos, (5, 2), "5") == {"T.12"}  # the 13th field of red's way


def test_the_first_12_fields_are_those_of_the_moving_pieces_own_way() -> None:
    """Added 5.4: yellow, late in its lap, may build on red's first fields."""
    pos = make({"red": ["8"], "yellow": ["1"]}, "yellow", players=RY)
    assert ends(pos, (5, 2), "1") == {"T.8"}
    strict = make(
        {"red": ["8"], "yellow": ["1"]}, "yellow", players=RY, towers_free_after_every_start=True
    )
    assert ends(strict, (5, 2), "1") == set()


def test_no_towers_on_bridges() -> None:
    pos = make({"red": ["15"], "yellow": ["22"]}, players=RY)
    assert ends(pos, (5, 2), "15") == {"T.28"}  # only by crossing the bridge


def test_a_moving_tower_does_not_stop_on_a_bridge_it_must_cross() -> None:
    pos = make({"red": ["40", "40"]}, players=RY)
    assert {m.end for m in legal_moves(pos, (4, 2)) if m.kind == "tower"} == {"T.52"}


def test_a_moving_tower_does_not_stop_on_anyones_first_12_fields_with_the_option() -> None:
    pos = make({"yellow": ["45", "45"]}, "yellow", players=RY, towers_free_after_every_start=True)
    assert {m.end for m in legal_moves(pos, (5, 2)) if m.kind == "tower"} == set()  # 52: blue's
    assert "T.52" in {m.end for m in legal_moves(pos, (5, 2))}  # the top piece alone may


def test_a_tower_is_never_set_on_another_piece() -> None:
    pos = make({"red": ["40", "40"], "yellow": ["47"]}, players=RY)
    moves = said(pos, (5, 2))
    assert "Turm, 5 und 2" not in moves and "auflösen, 5 und 2, drauf" in moves


def test_no_field_holds_more_than_two_pieces() -> None:
    pos = make({"red": ["40"], "yellow": ["47", "47"]}, players=RY)
    assert ends(pos, (5, 2), "40") == set()


# ------------------------------------------------------------ 3.3 Auflösen eines Turmes


def test_the_top_piece_dissolves_a_tower_by_moving_on_alone() -> None:
    pos = make({"red": ["40", "40"]}, players=RY)
    move = said(pos, (5, 2))["auflösen, 5 und 2"]
    assert move.after.stacks["T.40"] == ("red",) and move.after.stacks["T.47"] == ("red",)
    mixed = make({"red": ["40"], "yellow": ["40"]}, stacks={"40": ["yellow", "red"]}, players=RY)
    move = said(mixed, (5, 2))["auflösen, 5 und 2"]
    assert move.after.stacks["T.40"] == ("yellow",)


def test_the_occupier_must_dissolve_when_no_other_piece_can_move() -> None:
    pos = make({"red": ["40"], "yellow": ["40"]}, stacks={"40": ["yellow", "red"]}, players=RY)
    assert [m.announcement for m in legal_moves(pos, (5, 2))] == ["auflösen, 5 und 2"]


def test_the_captured_piece_frees_itself_only_with_1_1_6_6_or_1_6() -> None:
    tower = {"40": ["yellow", "red"]}
    pos = make({"red": ["40"], "yellow": ["40"]}, "yellow", stacks=tower, players=RY)
    assert said(pos, (1, 1), "40")["befreien, 1 und 1"].end == "T.42"
    assert said(pos, (6, 6), "40")["befreien, 6 und 6"].end == "T.52"
    assert ends(pos, (1, 6), "40") == {"T.42", "T.52", "T.58"}  # 58: 6 onto bridge 46
    for roll in ((5, 2), (3, 3), (6, 5)):
        assert ends(pos, roll, "40") == set()
    move = said(pos, (1, 1), "40")["befreien, 1 und 1"]
    assert move.after.stacks["T.40"] == ("red",)  # the upper piece stays


# ------------------------------------------------------------ 3.4 Die Superzahl 1 + 6


def test_the_superzahl_moves_two_ones_or_two_sixes_never_seven() -> None:
    pos = make({"red": ["30"]}, players=RY)
    assert ends(pos, (1, 6), "30") == {"T.32", "T.42"}
    assert ends(pos, (6, 1), "30") == {"T.32", "T.42"}


def test_the_superzahl_jumps_a_mixed_tower_and_rolls_again() -> None:
    tower = {"41": ["red", "green"]}
    pos = make({"red": ["40", "41"], "green": ["41"]}, stacks=tower, players=["red", "green"])
    move = said(pos, (1, 6), "40")["Superzahl, 1 und 1"]
    assert move.end == "T.42" and move.roll_again and move.after.to_move == "red"


# ------------------------------------------------------------ 4. Ende des Spiels


def test_the_goal_sector_counts_one_field_and_is_reached_exactly() -> None:
    pos = make({"red": ["60"]}, players=RY)
    assert said(pos, (2, 2))["2 und 2, Ziel"].end == "red.goal"
    assert ends(pos, (3, 2), "60") == set()


def test_no_rest_may_remain_when_the_first_die_reaches_the_goal() -> None:
    """Added 5.7: the piece goes in with that die alone; the other die is not played."""
    pos = make({"red": ["62"]}, players=RY)
    assert [m.announcement for m in legal_moves(pos, (2, 1))] == ["nur 2, Ziel"]
    assert ends(pos, (5, 3), "62") == set()


def test_one_die_alone_moves_a_piece_only_into_the_goal() -> None:
    pos = make({"red": ["63", "40"]}, players=RY)
    assert said(pos, (4, 1))["nur 1, Ziel"].end == "red.goal"  # else 63 could never finish
    assert ends(pos, (4, 1), "40") == {"T.45"}  # not 41 nor 44


def test_whoever_brings_all_pieces_into_the_goal_first_wins() -> None:
    pos = make({"red": ["red.goal"] * 5 + ["59"]}, players=RY)
    move = said(pos, (4, 1))["4 und 1, Ziel"]
    assert move.winner == "red"
    assert (
        said(make({"red": ["red.goal"] * 4 + ["59"]}, players=RY), (4, 1))["4 und 1, Ziel"].winner
        is None
    )


# ------------------------------------------------------------ rulings where the text is silent


def test_a_player_who_cannot_move_passes_and_still_rolls_again_on_a_doublet() -> None:
    pos = start_position("tuerme", players=RY)
    (move,) = legal_moves(pos, (2, 2))
    assert move.announcement == "passe" and move.after.to_move == "red"
    (move,) = legal_moves(pos, (2, 3))
    assert move.after.to_move == "yellow"


def test_the_stop_between_the_dice_may_be_on_an_occupied_field() -> None:
    """Added 5.6: only the field where the move ends must take the piece."""
    pos = make({"red": ["40", "42"], "yellow": ["47"]}, players=RY)
    assert "T.44" in ends(pos, (2, 2), "40")  # stops on red 42, ends on 44


def test_the_tower_and_its_top_piece_are_different_moves() -> None:
    pos = make({"red": ["40", "40"]}, players=RY)
    moves = said(pos, (5, 2))
    assert moves["Turm, 5 und 2"].outcome != moves["auflösen, 5 und 2"].outcome


def test_the_players_take_turns_in_their_order_round_the_table() -> None:
    """ "Die Spieler würfeln der Reihe nach (im Uhrzeigersinn)": seats red, yellow, green."""
    pos = start_position("tuerme", players=["red", "yellow", "green"])
    seen = []
    for _ in range(3):
        (move,) = legal_moves(pos, (2, 3))  # nobody can come in: each passes
        pos = move.after
        seen.append(pos.to_move)
    assert seen == ["yellow", "green", "red"]


def test_the_referees_own_pass_says_why_no_piece_can_move() -> None:
    from companion.table.referee import Referee
    from companion.table.table import rules
    from companion.texts import render

    referee = Referee.start(start_position("tuerme", players=RY), rules)
    referee.confirm_board()
    referee.observe_dice([5, 2])  # every piece at home: nothing comes in without a 6
    assert referee.verdict is not None and referee.verdict.announcement == "passe"
    assert render(referee.verdict.reason, "de") == (
        "Erlaubter Zug: kein Stein kann 5+2 ziehen "
        "(ein Stein von Rot kommt nur mit einer 6 aus dem Haus: erst die 6, dann der "
        "andere Würfel)"
    )  # the player, not the id (trial s6 met "red.home", s7 "Haus von Rot … zuerst gespielt")
    assert render(referee.verdict.reason, "en").endswith(
        "a piece of red's comes out of the house only with a 6: first the 6, then the other die)"
    )


def test_a_pass_finds_the_players_pieces_once(monkeypatch) -> None:
    # the last review: why_no_move asked for the pieces that legal_moves already had
    from companion.games.tuerme import rules

    asked = []
    found = rules.units
    monkeypatch.setattr(rules, "units", lambda position: asked.append(1) or found(position))
    (move,) = legal_moves(start_position("tuerme", players=RY), (5, 2))
    assert move.kind == "pass" and move.why and len(asked) == 1
