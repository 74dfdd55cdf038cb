"""Tunnel X, rule by rule, as 000 (second part) states them and RULINGS §4 reads them."""

from __future__ import annotations

import pytest
from gravitation_helpers import COLOURS, make, make_tunnelx

from companion.errors import CompanionError
from companion.games.game import game, legal_moves
from companion.games.zwianer.gravitation import legal_moves as gravitation_moves
from companion.games.zwianer.moves import Move
from companion.games.zwianer.notation.tokens import Kind
from companion.games.zwianer.tunnelx import dice_choices
from companion.games.zwianer.tunnelx import legal_moves as tunnelx_moves


def moves_of(pos, roll, start=None):  # type: ignore[no-untyped-def]
    return [m for m in legal_moves(pos, roll) if start is None or m.start == start]


def said(moves: list[Move]) -> set[str]:
    return {m.announcement for m in moves}


def test_only_one_die_counts() -> None:
    # "es darf nur mit einem der beiden Würfelwerte gearbeitet werden"
    pos = make_tunnelx({"red": ["U1.10"], "yellow": []})
    moves = moves_of(pos, (5, 2))
    assert {m.value for m in moves} == {5, 2}
    assert {m.dice for m in moves} == {"one die"}


def test_every_step_costs_one_along_any_line_in_its_direction() -> None:
    # From U1.0: clockwise along U1, or inward along the red spoke (no gravity to pay).
    pos = make_tunnelx({"red": ["U1.0"], "yellow": []})
    assert {m.end for m in moves_of(pos, (2, 6), "U1.0") if m.value == 2} == {
        "U1.2",
        "U2.1",
        "U3.0",
    }
    assert said(moves_of(pos, (2, 6), "U1.0")) >= {"Wurf 2, 1, 0", "Wurf 6, 5, 4, 3, 2, 1, 0"}


def test_lines_keep_their_direction() -> None:
    # The yellow spoke runs outward only: from U2.6 onto U1.6, never back.
    pos = make_tunnelx({"red": ["U1.6"], "yellow": []})
    assert "U2.6" not in {f for m in moves_of(pos, (1, 3), "U1.6") for f in m.path}


def test_the_tunnel_effect_example() -> None:
    # 000 Tunneleffekt: "Wurf 4, 3, 2" - an obstacle - "Tunnel 1, 0".
    pos = make_tunnelx({"red": ["U2.20"], "yellow": ["U2.23"]})
    tunnelled = [m for m in moves_of(pos, (4, 5)) if m.announcement == "Wurf 4, 3, 2, Tunnel 1, 0"]
    # after the tunnel the lines of U2.24 fork: on along U2, out to U1.24, in to U3.12
    assert {m.end for m in tunnelled} == {"U2.25", "U1.24", "U3.12"}
    (move,) = [m for m in tunnelled if m.end == "U2.25"]
    assert move.path == ("U2.20", "U2.21", "U2.22", "U2.23", "U2.24", "U2.25")
    assert move.kind == "tunnel"
    # Sonderregel 1: U2.23 is no special field, so the yellow piece goes home
    assert [(d.field, d.colour, d.home) for d in move.destroyed] == [
        ("U2.23", "yellow", "yellow.S1")
    ]
    assert move.after.occupant.get("U2.23") is None


def test_sonderregel_1_a_special_field_protects() -> None:
    # U2.12 is yellow's formation field F2: a piece tunnelled through there stays.
    pos = make_tunnelx({"red": ["U2.10"], "green": ["U2.12"]})
    (move,) = [m for m in moves_of(pos, (3, 5)) if m.announcement == "Wurf 3, 2, Tunnel 1, 0"]
    assert move.end == "U2.14" and move.destroyed == ()
    assert move.after.occupant["U2.12"] == "green"


def test_sonderregel_1_own_pieces_go_home_too() -> None:
    # "Alle Spielsteine die durchtunnelt wurden": the mover's own pieces included.
    pos = make_tunnelx({"red": ["U2.10", "U2.11"], "yellow": []})
    (move,) = [m for m in moves_of(pos, (2, 5), "U2.10") if m.announcement == "Wurf 2, Tunnel 1, 0"]
    assert [(d.field, d.home) for d in move.destroyed] == [
        ("U2.11", "red.S2")
    ]  # the highest free station field


def test_tunnelling_own_station_pieces_leaves_them_there() -> None:
    # "Spielsteine können die Startbasis jederzeit verlassen": from S5 through S4..S1.
    pos = make_tunnelx({"red": [], "yellow": []})
    (move,) = [m for m in moves_of(pos, (3, 4), "red.S5") if m.value == 3]
    assert move.announcement == "Wurf 3, Tunnel 2, 1, 0"
    assert move.path[-3:] == ("U1.5", "U1.6", "U1.7") and move.destroyed == ()
    assert {"red.S1", "red.S2", "red.S3", "red.S4"} <= set(move.after.pieces["red"])


def test_sonderregel_2_no_protection_on_a_doublet() -> None:
    pos = make_tunnelx({"red": ["U2.10"], "green": ["U2.12"]})
    (move,) = [m for m in moves_of(pos, (3, 3)) if m.announcement == "Wurf 3, 2, Tunnel 1, 0"]
    assert [(d.field, d.colour) for d in move.destroyed] == [("U2.12", "green")]


def test_a_doublet_is_one_die_only() -> None:
    pos = make_tunnelx({"red": ["U1.10"], "yellow": []})
    assert {m.value for m in moves_of(pos, (4, 4))} == {4}


def test_sonderregel_3_one_one_is_2_or_11() -> None:
    pos = make_tunnelx({"red": ["U2.10"], "green": ["U2.12"]})
    moves = moves_of(pos, (1, 1), "U2.10")
    assert {m.value for m in moves} == {2, 11}
    assert {m.dice for m in moves} == {"1+1 as 2", "1+1 as 11"}
    (move,) = [m for m in moves if m.announcement == "Wurf 2, 1, Tunnel 0"]
    assert move.destroyed  # a doublet: the special field does not protect


def test_sonderregel_4_swap_when_the_foreign_piece_is_nearer() -> None:
    # Yellow two fields ahead on U1; the nearest free special field is further away.
    pos = make_tunnelx({"red": ["U1.30"], "yellow": ["U1.32"]})
    special = [m for m in moves_of(pos, (1, 2), "U1.30") if m.value == 3]
    assert said(special) == {"Wurf 3, Tausch"}
    (move,) = special
    assert move.after.occupant["U1.32"] == "red" and move.after.occupant["U1.30"] == "yellow"
    assert move.roll_again and move.after.to_move == "red"  # "musst du noch einmal würfeln"


def test_sonderregel_4_special_field_when_it_is_nearer() -> None:
    # U1.36 is white's F1, two steps away; yellow on U1.0 is four.
    pos = make_tunnelx({"red": ["U1.34"], "yellow": ["U1.0"]})
    (move,) = [m for m in moves_of(pos, (2, 1), "U1.34") if m.value == 3]
    assert move.announcement == "Wurf 3, Sonderfeld" and move.end == "U1.36"
    assert move.roll_again


def test_sonderregel_4_a_tie_offers_both() -> None:
    # From U1.30: yellow on U1.36 six steps along U1; the nearest free special field is
    # white's F3, U3.18, also six steps (U1.30 → U1.32 → U2.32 → U3.16 → U3.17 → U3.18).
    pos = make_tunnelx({"red": ["U1.30"], "yellow": ["U1.36"]})
    special = {(m.announcement, m.end) for m in moves_of(pos, (1, 2), "U1.30") if m.value == 3}
    assert special == {("Wurf 3, Tausch", "U1.36"), ("Wurf 3, Sonderfeld", "U3.18")}


def test_sonderregel_4_swap_only_on_the_same_ring() -> None:
    # A foreign piece one step away, but on U2: no swap ("in der gleichen Umlaufbahn").
    pos = make_tunnelx({"red": ["U1.30"], "yellow": ["U2.31"]})
    assert "Wurf 3, Tausch" not in said(moves_of(pos, (1, 2), "U1.30"))


def test_sonderregel_4_also_lets_the_dice_count_as_usual() -> None:
    pos = make_tunnelx({"red": ["U1.30"], "yellow": ["U1.32"]})
    ordinary = [m for m in moves_of(pos, (1, 2), "U1.30") if m.value in (1, 2)]
    assert "Wurf 1, 0" in said(ordinary)
    assert not any(m.roll_again for m in ordinary)


def full_u5(red: list[str], mover_extra: str) -> dict[str, list[str]]:
    """U5 completely occupied: red's pieces on ``red``, the rest dealt to four others."""
    others = [f"U5.{i}" for i in range(20) if f"U5.{i}" not in red]
    pieces = {"red": [*red, mover_extra][:5]}
    for n, colour in enumerate(COLOURS[1:]):
        pieces[colour] = others[n::4]
    return pieces


def test_a_full_ring_cannot_be_tunnelled_through() -> None:
    pos = make_tunnelx(full_u5(["U5.1", "U5.5", "U5.9"], "U4.0"))
    assert all(f"U5.{i}" in pos.occupant for i in range(20))
    for m in moves_of(pos, (2, 5), "U4.0"):
        assert not any(f.startswith("U5.") for f in m.path), m.announcement


def test_a_piece_in_a_full_ring_must_leave_it_first() -> None:
    pos = make_tunnelx(full_u5(["U5.0", "U5.1", "U5.5"], "U3.10"))
    assert moves_of(pos, (2, 5), "U5.1") == []  # no line out of U5.1, and no tunnelling
    moves = moves_of(pos, (3, 5), "U5.0")
    assert moves and all(m.path[1] == "U4.0" and m.tokens[1].kind is Kind.COUNT for m in moves)
    # once out, the ring is open again: back in through the blue line, tunnel U5.1 - U5.3
    assert "Wurf 3, 2, 1, Tunnel 0" in said(moves)


def test_a_player_who_cannot_move_passes() -> None:
    # Ruling: all red pieces stuck in a full U5 on fields with no line out: "Wurf 5", pass.
    red = ["U5.1", "U5.2", "U5.5", "U5.6", "U5.9"]
    pos = make_tunnelx(full_u5(red, ""))
    (move,) = moves_of(pos, (5, 3))
    assert move.kind == "pass" and move.announcement == "Wurf 5"
    assert move.after.placement == pos.placement and move.after.to_move == "yellow"
    # 1+2 still swaps with the nearest foreign piece on the same ring
    assert any(m.kind == "swap" for m in moves_of(pos, (1, 2)))


def test_variant_2_1_adds_the_sum_without_tunnel() -> None:
    pos = make_tunnelx({"red": ["U2.10"], "green": ["U2.12"]}, variant_2_1=True)
    moves = moves_of(pos, (3, 3), "U2.10")
    assert {(m.value, m.dice) for m in moves} == {(3, "one die"), (6, "sum")}
    added = [m for m in moves if m.value == 6]
    assert added and all(m.kind == "move" and not m.destroyed for m in added)
    assert all("U2.12" not in m.path for m in added)  # the obstacle blocks the ring
    tunnelled = [m for m in moves if m.value == 3 and m.destroyed]
    assert tunnelled  # one die, with tunnelling and no protection


def test_without_variant_2_1_a_doublet_has_no_sum() -> None:
    pos = make_tunnelx({"red": ["U2.10"], "green": ["U2.12"]})
    assert {c.value for c in dice_choices(pos, (3, 3))} == {3}


def test_win_with_all_five_in_the_formation() -> None:
    # red's formation: U1.4, U2.4, U3.2, U4.2, U5.2
    pos = make_tunnelx({"red": ["U1.4", "U2.4", "U3.2", "U4.2", "U5.0"], "yellow": []})
    (move,) = [m for m in moves_of(pos, (2, 6), "U5.0") if m.value == 2 and m.end == "U5.2"]
    assert move.winner == "red"
    for m in moves_of(pos, (3, 6)):  # only the moves that fill F5 win
        assert (m.winner == "red") == (m.end == "U5.2"), m.announcement


def test_positions_of_other_games_are_refused() -> None:
    with pytest.raises(CompanionError, match="not a Tunnel X position"):
        tunnelx_moves(make({"red": [], "yellow": []}), (3, 4))
    with pytest.raises(CompanionError, match="each die shows 1 to 6"):
        legal_moves(make_tunnelx({"red": [], "yellow": []}), (0, 4))


def test_one_dispatch_chooses_the_engine_by_game() -> None:
    pos = make({"red": ["U2.20"], "yellow": ["U2.22"]})
    tx = make_tunnelx({"red": ["U2.20"], "yellow": ["U2.22"]})
    assert game("gravitation").legal_moves(pos, (3, 2)) == gravitation_moves(pos, (3, 2))
    assert game("tunnelx").legal_moves(tx, (3, 2)) == tunnelx_moves(tx, (3, 2))
    assert legal_moves(pos, (3, 2)) == gravitation_moves(pos, (3, 2))
    with pytest.raises(CompanionError, match="no rules engine for game 'chess'"):
        game("chess")
