"""The author's table "Würfel-Kombinationen zum Planeten Merkur mit Gewinn" (seed 004),
played literally on the reconstructed board ``tenet-2`` (docs/rulings.md Added 6.18).

One test per line of the table: every roll the line lists wins, said as the line says
it; the Pasch rolls it excludes do not. The stone is on Merkur (planet 1, ``P1.5``), the
Pott is ``P1.6``; the 1 stays unmoved and takes the stone. The figures are red's own
("sich selber werfen") and stand where the table puts them:

* A, the left exit, is the entry ``E1-9``; B, the right exit, ``E1-2``; 4 fields apart
  along Merkur's force field K1 (start → B → … → A is 5);
* x, "links vom Ausgang A", on ``K1.4``: 3 from the start through A, 7 through B;
* F, "der Schnittpunkt zum Planetenkreis", the left crossing ``P1.0``: 11 from the
  start through A, 8 from x ("mit der hinteren Figur x");
* the right crossing ``P1.12``, where the right y stands: 15 from x over the top of K1,
  16 the other way round through A and B ("y-x = 15 oder = 16");
* z, "die vordere Figur", on ``P1.2``: 2 from F, 4 from the Pott, which is 6 from F.
"""

from __future__ import annotations

import itertools

import pytest

from companion.errors import CompanionError
from companion.games.tenet.board import Board, board, check_roll
from companion.games.tenet.check import check
from companion.model.layoutfile import load_layout
from companion.model.position import Position

BOARD = load_layout("tenet-2")
STONE, POTT = "P1.5", "P1.6"
A, B = "E1-9", "E1-2"
X, F, Y_RIGHT, Z = "K1.4", "P1.0", "P1.12", "P1.2"


def make(red: list[str]) -> Position:
    pieces = {"red": red + ["start"] * (9 - len(red)), "blue": ["start"] * 9}
    return Position.create("tenet", BOARD, ["red", "blue"], "red", pieces, stone=STONE)


def wins(red: list[str], roll: tuple[int, int, int], text: str) -> bool:
    v = check(make(red), roll, text)
    assert v.verdict == "legal", v.reason
    return v.move is not None and v.move.winner == "red"


def rollable(values: tuple[int, int, int]) -> bool:
    """Can Miwin's dice show these three values?"""
    try:
        check_roll(values)
    except CompanionError:
        return False
    return True


def pasch_moves_the_stone(red: list[str], roll: tuple[int, int, int]) -> bool:
    """The excluded rolls are a Pasch: no ball moves and nobody wins."""
    v = check(make(red), roll, f"Pasch {next(d for d in roll if roll.count(d) == 2)}")
    return v.verdict == "legal" and v.move is not None and v.move.winner is None


def test_the_distances_the_table_rests_on() -> None:
    walks = {
        (start, value): {p[-1] for p in _board().walks(start, value)}
        for start, value in [("start", 3), ("start", 7), ("start", 11), (X, 8), (F, 6)]
    }
    assert X in walks["start", 3] and X in walks["start", 7]
    assert F in walks["start", 11] and F in walks[X, 8] and POTT in walks[F, 6]
    k1 = BOARD.ring_fields("K1")
    i, j = k1.index(X), k1.index(Y_RIGHT)
    assert {(j - i) % len(k1), (i - j) % len(k1)} == {15, 16}
    assert (k1.index(A) - k1.index(B)) % len(k1) == 4


def _board() -> Board:
    return board(BOARD)


# "4 1 ?: Mit vier und jeder Differenz von vier (zB. 3 zurück, 7 vorwärts) kommen Sie mit
# der vorderen Figur z auf den Pott. (2,6; 3,7; 4,8; 5,9 ); 1,5 fällt zum Gewinnen aus, da
# 1,1,5 ein Pasch ist!"
@pytest.mark.parametrize(
    ("roll", "text"),
    [
        ((1, 4, 7), "4 von P1.2 nach P1.6"),
        ((2, 1, 6), "2 von P1.2 nach P1.0; 6 von P1.0 nach P1.6"),
        ((2, 1, 6), "6 von P1.2 nach P1.8; 2 von P1.8 nach P1.6"),
        ((7, 1, 3), "3 von P1.2 nach P1.18; 7 von P1.18 nach P1.6"),  # 3 zurück, 7 vorwärts
        ((1, 8, 4), "4 von P1.2 nach P1.17; 8 von P1.17 nach P1.6"),
    ],
)
def test_4_1_z_onto_the_pott_with_four_or_a_difference_of_four(
    roll: tuple[int, int, int], text: str
) -> None:
    assert wins([Z], roll, text)


def test_4_1_the_pairs_with_1_5_cannot_win() -> None:
    # 1,1,5 is a Pasch; 5,9,1 is not even on Miwin's dice (1, 5, 9 are all III's and IV's)
    assert rollable((1, 1, 5)) is False and rollable((5, 9, 1)) is False
    assert all(rollable(r) for r in [(2, 6, 1), (3, 7, 1), (4, 8, 1)])


# "1 (y-x = 15 oder = 16): Mit jeder Augensumme zweier Würfel, die 15 oder 16 ergibt (6,9;
# 7,8 // 7,9) können Sie die, auf dem Schnittpunkt stehende Figur y, auf den Pott
# versetzen, wenn Sie mit der links vom Ausgang A stehenden Figur x ziehen."
@pytest.mark.parametrize(
    ("roll", "text"),
    [
        ((9, 1, 6), "6 von K1.4 nach X1-9; 9 von X1-9 nach P1.12, versetzt rot nach P1.6"),
        ((1, 8, 7), "8 von K1.4 nach P1.0; 7 von P1.0 nach P1.12, versetzt rot nach P1.6"),
        ((9, 1, 7), "7 von K1.4 nach K1.28; 9 von K1.28 nach P1.12, versetzt rot nach P1.6"),
    ],
)
def test_1_x_moves_15_or_16_onto_y_and_puts_it_on_the_pott(
    roll: tuple[int, int, int], text: str
) -> None:
    assert wins([X, Y_RIGHT], roll, text)


# "3 6 1: Mit drei gehen Sie aus dem linken Ausgang A und werfen die links davon befindliche
# Figur x auf den Schnittpunkt zum Planetenkreis, von dort gehen Sie „zu Fuß“ auf den Pott."
def test_3_6_1() -> None:
    text = "3 von Start nach K1.4, versetzt rot nach P1.0; 6 von P1.0 nach P1.6"
    assert wins([X], (1, 3, 6), text)
    assert wins(
        [X], (1, 3, 6), "drei von Start nach K1.4, werfe rot auf P1.0; sechs von P1.0 auf den Pott"
    )


# "3 2 1: … werfen die links davon befindliche Figur x auf den Schnittpunkt zum
# Planetenkreis F, von dort werfen Sie mit zwei die dort befindliche Figur auf den Pott."
def test_3_2_1() -> None:
    text = (
        "3 von Start nach K1.4, versetzt rot nach P1.0; "
        "2 von P1.0 nach P1.2, versetzt rot nach P1.6"
    )
    assert wins([X, Z], (1, 3, 2), text)


# "3 ? 1: Mit jeder drei-eins-Kombination (außer 3,3,1 / 3,1,1 da Pasch) … werfen die links
# davon befindliche Figur x auf den Abstand zu dem auf dem Schnittpunkt zum Planetenkreis
# stehender Figur y, den sie auf dem übrigen Würfel haben (zB 3,5,1 = fünf Felder
# Abstand). Nun werfen Sie den auf dem Schnittpunkt liegenden Stein y auf den Pott."
AT_DISTANCE = {2: "K1.17", 3: "K1.16", 4: "K1.15", 5: "K1.14", 6: "K1.13", 7: "P1.0"}
AT_DISTANCE |= {8: "K1.11", 9: "X1-9"}  # along K1 from the right y, over the top


@pytest.mark.parametrize("other", [2, 4, 5, 6, 7, 8, 9])
def test_3_any_1_x_put_at_the_third_dies_distance_from_y(other: int) -> None:
    put = AT_DISTANCE[other]
    text = (
        f"3 von Start nach K1.4, versetzt rot nach {put}; "
        f"{other} von {put} nach P1.12, versetzt rot nach P1.6"
    )
    assert wins([X, Y_RIGHT], (3, other, 1), text)


@pytest.mark.parametrize("roll", [(3, 3, 1), (1, 3, 1)])
def test_3_any_1_not_with_a_pasch(roll: tuple[int, int, int]) -> None:
    assert pasch_moves_the_stone([X, Y_RIGHT], roll)


# "8 6 1 oder 8 2 1: Mit acht kommen Sie mit der hinteren Figur x auf den Schnittpunkt zum
# Planetenkreis F, von dort gehen Sie zu Fuß oder Sie werfen mit zwei die dort befindliche
# Figur z auf den Pott."
def test_8_6_1_or_8_2_1() -> None:
    assert wins([X], (6, 1, 8), "8 von K1.4 nach P1.0; 6 von P1.0 nach P1.6")
    text = "8 von K1.4 nach P1.0; 2 von P1.0 nach P1.2, versetzt rot nach P1.6"
    assert wins([X, Z], (2, 1, 8), text)


# "7 6 1 oder 7 2 1: Mit sieben gehen Sie aus dem rechten Ausgang B und werfen die links
# davon befindliche Figur x auf den Schnittpunkt zum Planetenkreis F, von dort gehen Sie
# „zu Fuß“ oder Sie werfen mit zwei die dort befindliche Figur z auf den Pott."
def test_7_6_1_or_7_2_1_out_of_exit_b() -> None:
    walk = [p for p in _board().walks("start", 7) if p[-1] == X]
    assert (B, "K1.30", "K1.0", "K1.1", A, "K1.3", X) in walk  # right exit, then left
    assert wins(
        [X], (7, 1, 6), "7 von Start nach K1.4, versetzt rot nach P1.0; 6 von P1.0 nach P1.6"
    )
    text = (
        "7 von Start nach K1.4, versetzt rot nach P1.0; "
        "2 von P1.0 nach P1.2, versetzt rot nach P1.6"
    )
    assert wins([X, Z], (7, 1, 2), text)


# "7 ? 1 oder 3 ? 1: Mit jeder sieben-eins-Kombination und jeder drei-eins-Kombination
# (außer 7,7,1 / 7,1,1 / 3,1,1 / 3,3,1 da Pasch) … Gehen Sie aus dem rechten Ausgang B oder
# linken Ausgang A und werfen die links davon befindliche Figur x auf den Abstand zu dem
# … Figur y, den sie auf dem übrigen Würfel haben (zB 7,9,1 = neun Felder Abstand)."
@pytest.mark.parametrize("other", [2, 3, 4, 5, 6, 8, 9])
def test_7_any_1_out_of_exit_b(other: int) -> None:
    put = AT_DISTANCE[other]
    text = (
        f"7 von Start nach K1.4, versetzt rot nach {put}; "
        f"{other} von {put} nach P1.12, versetzt rot nach P1.6"
    )
    assert wins([X, Y_RIGHT], (7, other, 1), text)


@pytest.mark.parametrize("roll", [(7, 7, 1), (7, 1, 1), (1, 3, 1), (3, 3, 1)])
def test_7_any_1_and_3_any_1_not_with_a_pasch(roll: tuple[int, int, int]) -> None:
    assert pasch_moves_the_stone([X, Y_RIGHT], roll)


# Nachbarschaftsregeln. "3 5 1 oder 7 5 1: Mit drei oder sieben werfen Sie die links vom
# Eingang A befindliche Figur x auf das hintere Nachbarfeld der Figur z, oder auf das
# vordere Nachbarfeld der Figur y auf dem Planetenkreis. Dann ziehen Sie mit fünf auf den
# Pott."
@pytest.mark.parametrize(
    ("roll", "red"),
    [((5, 1, 3), [X, Z]), ((5, 1, 7), [X, Z]), ((5, 1, 3), [X, F]), ((5, 1, 7), [X, F])],
)
def test_3_5_1_or_7_5_1_next_to_z_or_y(roll: tuple[int, int, int], red: list[str]) -> None:
    three = roll[2]
    text = f"{three} von Start nach K1.4, versetzt rot nach P1.1; 5 von P1.1 nach P1.6"
    assert wins(red, roll, text)


# "3 7 1: Mit drei werfen Sie die links vom Eingang A befindliche Figur x auf das hintere
# Nachbarfeld der rechten Figur y auf dem Planetenkreis. Dann ziehen Sie mit sieben auf den
# Pott und haben noch die Eins um den Stein der Weisen zu bekommen."
def test_3_7_1_behind_the_right_y() -> None:
    text = "3 von Start nach K1.4, versetzt rot nach P1.13; 7 von P1.13 nach P1.6"
    assert wins([X, Y_RIGHT], (7, 1, 3), text)


def test_every_listed_roll_is_on_miwins_dice() -> None:
    listed = [(4, 1, 7), (2, 6, 1), (3, 7, 1), (4, 8, 1), (6, 9, 1), (7, 8, 1), (7, 9, 1)]
    listed += [(3, d, 1) for d in (2, 4, 5, 6, 7, 8, 9)] + [
        (7, d, 1) for d in (2, 3, 4, 5, 6, 8, 9)
    ]
    listed += [(8, 6, 1), (8, 2, 1), (3, 5, 1), (7, 5, 1), (3, 7, 1)]
    assert all(rollable(r) for r in listed)
    assert all(rollable(r) for r in itertools.permutations((3, 6, 1)))
