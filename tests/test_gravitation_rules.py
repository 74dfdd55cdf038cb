"""One test (or a few) per rule of rulings §2-§3 and per option switch."""

from __future__ import annotations

import pytest
from gravitation_helpers import make, station

from companion.errors import CompanionError
from companion.games.zwianer.check import check
from companion.games.zwianer.gravitation import (
    demandable,
    dice_choices,
    legal_moves,
    parse_roll,
    with_demands,
)
from companion.games.zwianer.pushes import resolve_death_push
from companion.model.position import Position

U3 = [f"U3.{i}" for i in range(20)]


def said(pos, roll, start=None):  # type: ignore[no-untyped-def]
    """The legal moves by announcement (of the piece on ``start``, else of any piece)."""
    moves = [m for m in legal_moves(pos, roll) if start is None or m.start == start]
    return {m.announcement: m for m in moves}


# ------------------------------------------------------------------ dice


def test_sum_or_one_die() -> None:
    pos = make({"red": ["U1.20"], "yellow": []})
    assert [c.value for c in dice_choices(pos, (5, 2))] == [7, 5, 2]


def test_always_sum_option() -> None:
    pos = make({"red": ["U1.20"], "yellow": []}, always_sum=True)
    assert [c.value for c in dice_choices(pos, (5, 2))] == [7]


def test_one_one_is_2_or_11_with_tunnel_in_phase_3_and_gravity_in_phase_2() -> None:
    three = dice_choices(make({"red": [], "yellow": []}), (1, 1))
    two = dice_choices(make({"red": [], "yellow": []}, phase=2), (1, 1))
    assert [(c.value, c.tunnel) for c in three] == [(2, True), (11, True)]
    assert [(c.value, c.tunnel) for c in two] == [(2, False), (11, False)]


def test_prediction_hit_doubles_a_die_and_miss_keeps_the_smaller() -> None:
    hit = make({"red": [], "yellow": []}, predict=5, prediction=True)
    assert {c.value for c in dice_choices(hit, (5, 3))} == {8, 5, 3, 13, 11}
    miss = make({"red": [], "yellow": []}, predict=6, prediction=True)
    assert [c.value for c in dice_choices(miss, (5, 3))] == [3]


def test_prediction_needs_its_option() -> None:
    with pytest.raises(CompanionError, match="prediction"):
        make({"red": [], "yellow": []}, predict=5)


def test_parse_roll() -> None:
    assert parse_roll("5,2") == parse_roll("5+2") == parse_roll("5 2") == (5, 2)
    for bad in ("7,2", "5", "a,b", "0,1", ""):
        with pytest.raises(CompanionError):
            parse_roll(bad)


# ------------------------------------------------------------------ gravity


def test_falling_inward_is_free_and_staying_costs_the_target_orbit() -> None:
    moves = said(make({"red": ["U1.0"], "yellow": []}), (4, 3))
    assert moves["Wurf 7, Gravitation 7, Umlaufbahn 5, 4, 3, 2, 1, 0"].end == "U2.5"
    assert moves["Wurf 7, Gravitation 7, Gravitation 7, Gravitation 7, Umlaufbahn 2, 1, 0"].end == (
        "U4.2"
    )


def test_climbing_out_pays_every_orbit() -> None:
    # U3 → U2 along the red spoke with 7: 7 - 3 = 4, then 4 - 2 = 2, then two steps.
    moves = said(make({"red": ["U3.4"], "yellow": []}), (4, 3))
    assert moves["Wurf 7, Umlaufbahn 4, Umlaufbahn 2, 1, 0"].end == "U2.10"


def test_blue_lines_only_inward_yellow_only_outward() -> None:
    # U2.2 (blue spoke) cannot climb; U4.3 (yellow spoke) cannot fall.
    blue = legal_moves(make({"red": ["U2.2"], "yellow": []}), (6, 5))
    assert not any(m.start == "U2.2" and m.end and m.end.startswith("U1") for m in blue)
    yellow = legal_moves(make({"red": ["U4.3"], "yellow": []}), (6, 5))
    assert not any(m.start == "U4.3" and m.end and m.end.startswith("U5") for m in yellow)


def test_an_occupied_field_on_a_gravity_line_blocks() -> None:
    moves = legal_moves(make({"red": ["U1.0"], "yellow": ["U2.0"]}), (4, 3))
    assert not any(m.start == "U1.0" and "Gravitation" in m.announcement for m in moves)


def test_station_steps_cost_one_point_each() -> None:
    pos = make({"red": [*station("red", 2, 3, 4, 5), "U1.30"], "yellow": []})
    moves = said(pos, (4, 3), "red.S2")
    # red.S1 is free: S2 → S1 costs 1, then the orbit's gravity 1, then the ring.
    assert moves["Wurf 7, 6, Umlaufbahn 5, 4, 3, 2, 1, 0"].end == "U1.9"


def test_store_withdrawal_and_deposit() -> None:
    moves = said(make({"red": ["U1.20"], "yellow": []}, energy={"red": 2}), (4, 3))
    take = moves["Wurf 7, Speicher 9, Umlaufbahn 8, 7, 6, 5, 4, 3, 2, 1, 0"]
    put = moves["Wurf 7, Speicher 4, Umlaufbahn 3, 2, 1, 0"]
    assert (take.store, take.after.energy_of("red")) == (2, 0)
    assert (put.store, put.after.energy_of("red")) == (-3, 5)
    assert "Wurf 7, Speicher 10, Umlaufbahn 9, 8, 7, 6, 5, 4, 3, 2, 1, 0" not in moves
    assert "Wurf 7, Speicher 3, Umlaufbahn 2, 1, 0" not in moves  # only room for 3


def test_crash_when_nothing_can_pay_gravity() -> None:
    # Station blocked (yellow on the entry field U1.5), the U5 piece cannot pay 7 with 4.
    pos = make({"red": ["U5.5", *station("red", 1, 2, 3, 4)], "yellow": ["U1.5"]})
    moves = legal_moves(pos, (3, 1))
    assert [(m.kind, m.announcement, m.end) for m in moves] == [
        ("crash", "Wurf 4, Absturz", "red.S5")
    ]


def test_a_player_who_can_move_must_not_crash() -> None:
    pos = make({"red": ["U5.5", "U1.30"], "yellow": []})
    assert all(m.kind != "crash" for m in legal_moves(pos, (3, 1)))


def test_pass_when_every_piece_is_in_a_blocked_station() -> None:
    pos = make({"red": station("red", 1, 2, 3, 4, 5), "yellow": ["U1.5"]})
    (move,) = legal_moves(pos, (4, 3))
    assert move.kind == "pass" and move.after.to_move == "yellow"


# ------------------------------------------------------------------ Stoß


def test_push_chain_moves_the_last_piece_and_pushes_again() -> None:
    pos = make({"red": ["U2.20"], "yellow": ["U2.22", "U2.23", "U2.25"]})
    move = said(pos, (4, 3))["Wurf 7, Umlaufbahn 5, 4, Stoß 4, 3, Stoß 3, 2, 1, 0"]
    assert [(p.start, p.end) for p in move.pushes] == [("U2.23", "U2.24"), ("U2.25", "U2.28")]


def test_push_defence_spends_the_pushed_players_store() -> None:
    pos = make({"red": ["U2.20"], "yellow": ["U2.22"]}, energy={"yellow": 3})
    moves = said(pos, (3, 2))
    stopped = moves["Wurf 5, Umlaufbahn 3, 2, Stoß 2, Abwehr 0"]
    assert stopped.pushes[0].defence == 2 and stopped.after.energy_of("yellow") == 1
    assert stopped.after.occupant["U2.22"] == "yellow"
    assert moves["Wurf 5, Umlaufbahn 3, 2, Stoß 2, Abwehr 1, 0"].pushes[0].end == "U2.23"


def test_no_defence_for_own_pieces() -> None:
    pos = make({"red": ["U2.20", "U2.22"], "yellow": []}, energy={"red": 3})
    assert not any("Abwehr" in m.announcement for m in legal_moves(pos, (3, 2)))


def test_full_ring_is_destroyed() -> None:
    pos = make({"red": U3[0:5], "yellow": U3[5:10], "green": U3[10:15], "blue": U3[15:20]}, phase=3)
    move = said(pos, (4, 2))["Wurf 6, Umlaufbahn 3, Stoß 3"]
    assert len(move.destroyed) == 20
    assert not any(f.startswith("U3.") for f in move.after.occupant)
    assert sorted(move.after.pieces["red"]) == station("red", 1, 2, 3, 4, 5)


def test_death_push_waits_for_the_dice() -> None:
    pos = make({"red": ["U1.20"], "yellow": ["U1.21", "U1.22"]}, death_push=True)
    move = said(pos, (6, 5))["Wurf 11, Umlaufbahn 10, Stoß 10"]
    assert move.pending.pieces == (("U1.20", "red"), ("U1.21", "yellow"), ("U1.22", "yellow"))
    assert move.after.to_move == "red"  # nothing is decided yet
    (survive,) = resolve_death_push(move, [2, 3, 4])  # red even, first yellow odd, last even
    assert [d.field for d in survive.destroyed] == ["U1.21"]
    assert survive.pushes[-1].end == "U1.32" and survive.announcement.endswith("1, 0")
    (dead,) = resolve_death_push(move, [1, 2, 5])
    assert {d.field for d in dead.destroyed} == {"U1.20", "U1.22"}
    with pytest.raises(CompanionError):
        resolve_death_push(move, [1, 2])


def test_death_push_cannot_be_defended() -> None:
    pos = make({"red": ["U1.20"], "yellow": ["U1.21"]}, energy={"yellow": 5}, death_push=True)
    assert not any(
        "Abwehr 0" in m.announcement and "Stoß 10" in m.announcement
        for m in legal_moves(pos, (6, 5))
    )


# ------------------------------------------------------------------ doublets and specials


def test_doublet_tunnels_and_forks_by_the_last_obstacle() -> None:
    # U1.0 lies on a red spoke: after tunnelling through it the walk may go on along
    # U1 or fall along the red line to U2.0.
    pos = make({"red": ["U1.38"], "yellow": ["U1.39", "U1.0"]})
    ends = {
        m.end
        for m in legal_moves(pos, (1, 1))
        if m.announcement == "Wurf 2, Tunnel 1, 0" and m.start == "U1.38"
    }
    assert ends == {"U1.2", "U2.1", "U3.0"}


def test_doublet_in_phase_2_is_an_ordinary_roll() -> None:
    pos = make({"red": ["U2.20"], "yellow": ["U2.22"]}, phase=2)
    assert "Wurf 4, Umlaufbahn 2, 1, Stoß 1, 0" in said(pos, (2, 2))


def test_phase_1_has_no_gravity() -> None:
    pos = make({"red": ["U5.5"], "yellow": []}, phase=1)
    moves = legal_moves(pos, (3, 1))
    assert all(m.kind == "tunnel" for m in moves)
    assert "Wurf 4, 3, 2, 1, 0" in {m.announcement for m in moves}


def one_two(pos: Position) -> dict[str, str]:
    """The 1+2 moves of red's piece on U2.20 (swap or special field): announcement → end."""
    moves = legal_moves(pos, (1, 2))
    return {
        m.announcement: m.end for m in moves if m.kind in ("swap", "special") and m.start == "U2.20"
    }


def test_one_two_the_special_field_when_it_is_nearer() -> None:
    # "entweder den Platz mit dem nächsten fremden Spielstein tauschen oder bis zum
    # nächsten Sonderfeld ziehen (der kürzere Weg ist ausschlaggebend)": U2.20 is green's
    # F2 itself; the nearest other special field is blue's F3, U2.21 .. U2.24, the red
    # spoke to U3.12, then U3.13, U3.14 - seven steps; yellow is ten steps along U2.
    pos = make({"red": ["U2.20"], "yellow": ["U2.30"]})
    assert one_two(pos) == {"Wurf 3, Sonderfeld": "U3.14"}


def test_one_two_the_swap_when_the_foreign_piece_is_nearer() -> None:
    pos = make({"red": ["U2.20"], "yellow": ["U2.22"]})  # two steps
    assert one_two(pos) == {"Wurf 3, Tausch": "U2.22"}
    (swap,) = [m for m in legal_moves(pos, (1, 2)) if m.kind == "swap"]
    assert swap.after.occupant["U2.20"] == "yellow" and swap.after.occupant["U2.22"] == "red"


def test_one_two_a_tie_is_the_players_choice() -> None:
    pos = make({"red": ["U2.20"], "yellow": ["U2.27"]})  # seven steps, as the special field
    assert one_two(pos) == {"Wurf 3, Tausch": "U2.27", "Wurf 3, Sonderfeld": "U3.14"}


def test_one_two_may_also_be_played_as_wurf_3() -> None:
    # "oder auch mit 'Wurf 3' arbeiten": the ordinary 3 stays a third choice
    pos = make({"red": ["U2.20"], "yellow": ["U2.30"]})
    assert "Wurf 3, Umlaufbahn 1, 0" in {m.announcement for m in legal_moves(pos, (1, 2))}


def test_roll_again_on_own_special_field() -> None:
    pos = make({"red": ["U1.2"], "yellow": []})
    (move,) = [m for m in legal_moves(pos, (1, 1)) if m.end == "U1.4"]
    assert move.roll_again and move.after.to_move == "red"
    off = make({"red": ["U1.2"], "yellow": []}, roll_again_on_own_special=False)
    (move,) = [m for m in legal_moves(off, (1, 1)) if m.end == "U1.4"]
    assert not move.roll_again and move.after.to_move == "yellow"


def test_demand_restricts_the_move_to_the_demanded_piece() -> None:
    pos = make({"red": ["U1.12", "U1.30"], "yellow": []}, demands=["U1.12"])
    assert {m.start for m in legal_moves(pos, (4, 3))} == {"U1.12"}


def test_declared_piece_crashes_if_the_roll_cannot_carry_it() -> None:
    pos = make({"red": ["U5.5", "U1.30"], "yellow": []}, declared="U5.5", declare_before_roll=True)
    (move,) = legal_moves(pos, (3, 1))
    assert move.kind == "crash" and move.start == "U5.5"


def test_win_with_all_five_in_formation() -> None:
    pos = make({"red": ["U1.2", "U2.4", "U3.2", "U4.2", "U5.2"], "yellow": []})
    (win,) = [m for m in legal_moves(pos, (1, 1)) if m.end == "U1.4"]
    assert win.winner == "red" and not win.roll_again


def test_phase_2_win_with_three_in_a_row() -> None:
    pos = make({"red": ["U2.2", "U3.2", "U4.2"], "yellow": []}, phase=2)
    moves = [m for m in legal_moves(pos, (2, 2)) if m.end == "U2.4"]
    assert moves and all(m.winner == "red" for m in moves)


def test_piece_count_and_store_bounds_are_kept() -> None:
    pos = make({"red": ["U2.20", "U1.3"], "yellow": ["U2.22"]}, energy={"red": 4, "yellow": 2})
    for m in legal_moves(pos, (5, 3)):
        assert len(m.after.placement) == 10
        assert all(0 <= e <= 5 for e in m.after.energy)


def test_demands_are_offered_to_the_owner_of_the_special_field() -> None:
    pos = make({"red": ["U1.12", "U1.30"], "yellow": []})
    assert demandable(pos) == {"yellow": ("U1.12",)}
    assert with_demands(pos, ["U1.12"]).demands == ("U1.12",)
    with pytest.raises(CompanionError, match=r"no demand possible on U1\.30"):
        with_demands(pos, ["U1.30"])


def test_crash_may_be_said_with_any_value_of_the_roll() -> None:
    pos = make({"red": ["U5.5", *station("red", 1, 2, 3, 4)], "yellow": ["U1.5"]})
    assert check(pos, (3, 1), "Wurf 3, Absturz").verdict == "legal"
    assert check(pos, (3, 1), "Wurf 4, Absturz").move.end == "red.S5"


def test_a_push_can_complete_another_players_formation() -> None:
    # yellow has four pieces in formation; red pushes the fifth onto U1.12 (yellow F1).
    yellow = ["U1.10", "U2.12", "U3.6", "U4.6", "U5.6"]
    pos = make({"red": ["U1.8"], "yellow": yellow})
    move = said(pos, (2, 1), "U1.8")["Wurf 3, Umlaufbahn 2, 1, Stoß 1, 0"]
    assert move.pushes[0].end == "U1.11"
    move = said(pos, (3, 1), "U1.8")["Wurf 4, Umlaufbahn 3, 2, Stoß 2, 1, 0"]
    assert move.winner == "yellow"


def test_only_the_first_push_can_be_a_todesstoss() -> None:
    # U1.20 with 11 pays 1 and pushes 10 at once: Todesstoß. Survivors push on: the
    # yellow piece walks on from U1.21 and meets green on U1.25 with 7 left:
    # an ordinary push that green may defend.
    pos = make(
        {"red": ["U1.20"], "yellow": ["U1.21"], "green": ["U1.25"]},
        energy={"green": 1},
        death_push=True,
    )
    (move,) = [m for m in legal_moves(pos, (6, 5)) if m.pending is not None and m.value == 11]
    done = resolve_death_push(move, [2, 4])
    assert {m.announcement for m in done} == {
        "Wurf 11, Umlaufbahn 10, Stoß 10, 9, 8, 7, Stoß 7, 6, 5, 4, 3, 2, 1, 0",
        "Wurf 11, Umlaufbahn 10, Stoß 10, 9, 8, 7, Stoß 7, Abwehr 6, 5, 4, 3, 2, 1, 0",
    }
