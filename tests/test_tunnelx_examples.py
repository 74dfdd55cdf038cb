"""The worked examples of 000, Tunnel X: "Tunneln ohne Pasch" and "Tunneln mit Pasch".

Their pictures were lost; only the text is left. Both name pieces A-E and the same
sequence: "W4: Wurf 4", "3: Bewegung auf 3", "T2: Tunnel 2 → B geht zurück", "T1: Tunnel
1", and with the doublet "C, D und E werden zurückgesetzt", "0: Bewegung auf 0".

Reconstruction on the default layout (one board for both examples, so the only
difference is the doublet): A (red, moving) on U1.39; one free field U1.0 for "3"; B
(yellow) on U1.1, tunnelled to the free U1.2 for "T2"; the chain C (green) U1.3, D
(yellow) U1.4, E (green) U1.5 tunnelled to the free U1.6 for "T1"; U1.7 free for "0".
U1.4 is red's formation field F1, a special field: so without a doublet D is protected
and "B, C und E" go home (the first sentence of the first example), with a doublet
"B, C, D und E" go home (the second). U1.39, U1.1, U1.3 and U1.5 carry no special field,
and U1.1 and U1.5 have no line but the ring, so the chain lands where the text says. The
first example's list stops at T1; a count ends at 0 (the second example shows the last
step), so its announcement is the same, "Wurf 4, 3, Tunnel 2, Tunnel 1, 0". Both dice
examples use one die of 4: 4+2 without, 4+4 with the doublet.
"""

from __future__ import annotations

from gravitation_helpers import make_tunnelx

from companion.games.game import legal_moves
from companion.games.zwianer.check import check
from companion.games.zwianer.moves import Move

A, B, C, D, E = "U1.39", "U1.1", "U1.3", "U1.4", "U1.5"
SAID = "Wurf 4, 3, Tunnel 2, Tunnel 1, 0"


def board():  # type: ignore[no-untyped-def]
    return make_tunnelx({"red": [A], "yellow": [B, D], "green": [C, E]})


def the_move(roll: tuple[int, int]) -> Move:
    pos = board()
    assert pos.layout.fields[D].special and not pos.layout.fields[B].special
    (move,) = [m for m in legal_moves(pos, roll) if m.start == A and m.announcement == SAID]
    assert move.path == (A, "U1.0", B, "U1.2", C, D, E, "U1.6", "U1.7")
    return move


def test_tunnelling_without_a_doublet() -> None:
    move = the_move((4, 2))
    assert [d.field for d in move.destroyed] == [B, C, E]  # "B, C und E ... müssen zurück"
    after = move.after.occupant
    assert after[D] == "yellow" and after["U1.7"] == "red"
    assert all(f not in after for f in (B, C, E))
    assert sorted(move.after.pieces["green"]) == sorted(
        ["green.S1", "green.S2", "green.S3", "green.S4", "green.S5"]
    )
    verdict = check(board(), (4, 2), SAID, to="U1.7")
    assert verdict.verdict == "legal" and verdict.move == move


def test_tunnelling_with_a_doublet() -> None:
    move = the_move((4, 4))
    assert [d.field for d in move.destroyed] == [B, C, D, E]  # "B, C, D und E ... müssen zurück"
    assert set(move.after.occupant) & {B, C, D, E} == set()
    assert move.after.pieces["yellow"] == tuple(f"yellow.S{n}" for n in range(1, 6))
    verdict = check(board(), (4, 4), SAID)
    assert verdict.verdict == "legal" and verdict.move == move


def test_the_first_tunnel_alone_sends_b_home() -> None:
    # "T2 → Der Spielstein 'B' geht zurück": B goes home as soon as it is tunnelled; with
    # the other die of 4+2, A stops right after B ("Wurf 2, 1, Tunnel 0") and only B goes.
    moves = [m for m in legal_moves(board(), (4, 2)) if m.start == A]
    (move,) = [m for m in moves if m.announcement == "Wurf 2, 1, Tunnel 0"]
    assert [d.field for d in move.destroyed] == [B] and move.end == "U1.2"
