"""Reasons that name the rule (issue 20, item 5): each answer a player gets says which
rule decided, in the text's words where they help, not a guess at what went wrong."""

from __future__ import annotations

from pathlib import Path

from gravitation_helpers import COLOURS, make, make_tunnelx
from tuerme_helpers import make as make_tuerme

from companion.games.game import check as check_any
from companion.games.zwianer.check import check
from companion.model.position import load_position

ROOT = Path(__file__).resolve().parents[1]

U3 = [f"U3.{i}" for i in range(20)]


def full_u5() -> dict[str, list[str]]:
    """Five players, four pieces each on U5: the ring is full."""
    fields = [f"U5.{i}" for i in range(20)]
    return {c: fields[n::5][:4] for n, c in enumerate(COLOURS)}


def test_a_piece_in_a_full_ring_cannot_tunnel_it_steps_out_first() -> None:
    pos = make_tunnelx(full_u5(), "red")
    v = check(pos, (3, 2), "Wurf 3, Tunnel 2, 1, 0", start="U5.0")
    assert v.verdict == "illegal"
    assert "the next field is free" not in v.reason
    assert "U5 is full" in v.reason and "steps out" in v.reason
    assert "voll belegte" in v.reason  # the text's sentence


def test_tunnelling_where_nothing_blocks_names_the_free_field() -> None:
    pos = make_tunnelx({"red": ["U2.20"], "yellow": ["U2.30"]}, "red")
    v = check(pos, (3, 2), "Wurf 3, 2, Tunnel 1, 0")
    assert v.verdict == "illegal" and "nothing to tunnel through: " in v.reason
    assert v.reason.split(": ")[2].endswith("is free; nearest legal")


def test_moving_another_piece_than_the_demanded_one_names_the_demand() -> None:
    pos = make({"red": ["U1.12", "U1.30"], "yellow": []}, demands=["U1.12"])
    said = "Wurf 5, Umlaufbahn 4, 3, 2, 1, 0"
    for where in ({"start": "U1.30"}, {"to": "U1.34"}):
        v = check(pos, (3, 2), said, **where)
        assert v.verdict == "illegal", where
        assert "demand" in v.reason and "U1.12" in v.reason, v.reason
        assert "verlangt" in v.reason


def test_defending_a_push_of_ones_own_piece_names_the_stossabwehr_rule() -> None:
    pos = make({"red": ["U2.20", "U2.22"], "yellow": []}, energy={"red": 3})
    v = check(pos, (3, 2), "Wurf 5, Umlaufbahn 3, 2, Stoß 2, Abwehr 1, 0")
    assert v.verdict == "illegal" and "where the nearest legal move says" not in v.reason
    assert "U2.22 is red's own" in v.reason and "fremder Spielstein" in v.reason


def test_a_defence_without_energy_in_the_store_says_so() -> None:
    pos = make({"red": ["U2.20"], "yellow": ["U2.22"]})
    v = check(pos, (3, 2), "Wurf 5, Umlaufbahn 3, 2, Stoß 2, Abwehr 1, 0")
    assert v.verdict == "illegal" and "yellow has no energy in the store" in v.reason


def test_the_owner_of_a_mixed_tower_is_told_he_cannot_move_it() -> None:
    pos = make_tuerme({"red": ["40"], "yellow": ["40"]}, "yellow", stacks={"40": ["red", "yellow"]})
    v = check_any(pos, (5, 2), "Turm, 5 und 2")
    assert v.verdict == "illegal" and "has no own tower" not in v.reason
    assert "T.40" in v.reason and "captured" in v.reason
    assert "kann seinen Turm nicht bewegen" in v.reason


def test_a_full_orbit_destroyed_by_a_push_is_said_so() -> None:
    pos = make({"red": U3[0:5], "yellow": U3[5:10], "green": U3[10:15], "blue": U3[15:20]})
    v = check(pos, (4, 2), "Wurf 6, Umlaufbahn 3, Stoß 3")
    assert v.verdict == "legal" and "red moves U3.0 → red.S5" not in v.reason
    assert "full orbit U3" in v.reason and "all 20 pieces" in v.reason


def test_after_a_tenet_win_the_turn_is_not_passed_on() -> None:
    pos = load_position(ROOT / "docs" / "examples" / "tenet.json")
    said = (
        "3 von Start nach K1.4, versetzt rot nach P1.0; "
        "2 von P1.0 nach P1.2, versetzt rot nach P1.6"
    )
    v = check_any(pos, (1, 3, 2), said)
    assert v.verdict == "legal" and v.move is not None and v.move.winner == "red"
    after = v.move.after
    assert after.to_move == "red" and after.spent == () and after.first_round == pos.first_round
