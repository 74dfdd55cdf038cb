"""The worked examples "Würfel-Kombinationen zum Planeten Merkur mit Gewinn" (seed 004).

The text refers to a picture we do not have, and its distances (six fields from the
crossing F to the Pott, 15 or 16 fields from x to y) do not fit the board of
docs/rulings.md §6, where the planet circle has 8 fields (the Pott 4 from K1.9 either
way) and a force-field circle 18. So each example is rebuilt with the same idea, the
same dice where the board allows, and the comment says how it was read:

* the stone is on Merkur (planet 1, ``P1.3``), the Pott is ``P1.4``; the 1 is kept
  unmoved and takes the stone once a red ball stands on the Pott;
* "aus dem linken Ausgang A" is a walk from start through the entry X1-6 along K1,
  "aus dem rechten Ausgang B" one through X1-5; F, "der Schnittpunkt zum Planetenkreis",
  is K1.9 (= P1.0); x, y and z are red's own balls ("sich selber werfen").
"""

from __future__ import annotations

import itertools

import pytest
from tenet_helpers import make, verdict

from companion.errors import CompanionError
from companion.games.tenet_board import check_roll

STONE = "P1.3"


def wins(balls: list[str], roll: tuple[int, int, int], text: str) -> bool:
    v = verdict(make({"red": balls, "blue": []}, stone=STONE), roll, text)
    assert v.verdict == "legal", v.reason
    return v.move is not None and v.move.winner == "red"


def rollable(values: tuple[int, int, int]) -> bool:
    """Can Miwin's dice show these three values in some order?"""
    for order in itertools.permutations(values):
        try:
            check_roll(order)
        except CompanionError:
            continue
        return True
    return False


def test_4_1_z_walks_four_onto_the_pott() -> None:
    # "4 1 ?: Mit vier … kommen Sie mit der vorderen Figur z auf den Pott": z on F
    assert wins(["K1.9"], (1, 4, 7), "4 von K1.9 nach P1.4; Stein der Weisen")


@pytest.mark.parametrize(
    ("roll", "text"),
    [
        ((2, 1, 6), "6 von K1.9 nach P1.6; 2 von P1.6 nach P1.4"),
        ((7, 1, 3), "7 von K1.9 nach P1.7; 3 von P1.7 nach P1.4"),
        ((1, 8, 4), "8 von K1.9 nach K1.9; 4 von K1.9 nach P1.4"),
    ],
)
def test_4_1_or_any_difference_of_four(roll: tuple[int, int, int], text: str) -> None:
    # "und jeder Differenz von vier (zB. 3 zurück, 7 vorwärts) … (2,6; 3,7; 4,8; 5,9)"
    assert wins(["K1.9"], roll, text)


def test_5_9_1_and_1_1_5_cannot_be_rolled_with_miwins_dice() -> None:
    # "1,5 fällt zum Gewinnen aus, da 1,1,5 ein Pasch ist": with Miwin's dice 1, 5 and 9
    # are all on III and IV only, so neither 1,1,5 nor 5,9,1 can be thrown at all.
    assert not rollable((1, 1, 5)) and not rollable((5, 9, 1))
    assert rollable((2, 6, 1)) and rollable((3, 7, 1)) and rollable((4, 8, 1))


def test_two_dice_land_x_on_y_at_the_crossing_and_y_is_put_on_the_pott() -> None:
    # "Mit jeder Augensumme zweier Würfel, die 15 oder 16 ergibt … können Sie die auf dem
    # Schnittpunkt stehende Figur y auf den Pott versetzen, wenn Sie mit … x ziehen": on
    # this board x stands 7 fields before y (3 + 4), y is put onto the Pott (rule f: the
    # planet circle through K1.9).
    text = "3 von K1.2 nach X1-8; 4 von X1-8 nach K1.9, versetzt rot nach P1.4"
    assert wins(["K1.2", "K1.9"], (1, 3, 4), text)


def test_3_2_1_out_of_exit_a_x_to_f_then_two_displaces_z_onto_the_pott() -> None:
    # "Mit drei gehen Sie aus dem linken Ausgang A und werfen die links davon befindliche
    # Figur x auf den Schnittpunkt … F, von dort werfen Sie mit zwei die dort befindliche
    # Figur auf den Pott."
    text = (
        "3 von Start nach X1-7, versetzt rot nach K1.9; "
        "2 von K1.9 nach P1.2, versetzt rot nach P1.4"
    )
    assert wins(["X1-7", "P1.2"], (1, 3, 2), text)


def test_3_x_1_out_of_exit_a_then_x_walks_to_the_pott() -> None:
    # "3 6 1: … von dort gehen Sie 'zu Fuß' auf den Pott": the Pott is 4 from F here, so
    # the walk takes the 4 (III=1, IV=3, V=4).
    text = "3 von Start nach X1-7, versetzt rot nach K1.9; 4 von K1.9 nach P1.4"
    assert wins(["X1-7"], (1, 3, 4), text)


def test_8_2_1_the_rear_ball_walks_eight_to_f_and_two_displaces_z() -> None:
    # "Mit acht kommen Sie mit der hinteren Figur x auf den Schnittpunkt … F, von dort …
    # werfen Sie mit zwei die dort befindliche Figur z auf den Pott."
    text = "8 von X1-6 nach K1.9; 2 von K1.9 nach P1.2, versetzt rot nach P1.4"
    assert wins(["X1-6", "P1.2"], (2, 1, 8), text)


def test_7_2_1_out_of_exit_b() -> None:
    # "Mit sieben gehen Sie aus dem rechten Ausgang B und werfen die … Figur x auf … F"
    text = (
        "7 von Start nach X1-2, versetzt rot nach K1.9; "
        "2 von K1.9 nach P1.2, versetzt rot nach P1.4"
    )
    assert wins(["X1-2", "P1.2"], (7, 1, 2), text)


def test_3_5_1_x_put_at_the_distance_of_the_third_die_then_y_onto_the_pott() -> None:
    # "werfen die … Figur x auf den Abstand zu dem auf dem Schnittpunkt … stehender Figur
    # y, den sie auf dem übrigen Würfel haben (zB 3,5,1 = fünf Felder Abstand). Nun werfen
    # Sie den auf dem Schnittpunkt liegenden Stein y auf den Pott."
    text = (
        "3 von Start nach X1-7, versetzt rot nach K1.4; "
        "5 von K1.4 nach K1.9, versetzt rot nach P1.4"
    )
    assert wins(["X1-7", "K1.9"], (5, 1, 3), text)
    # "zB 7,9,1 = neun Felder Abstand": nine fields from K1.9 along K1 is the start
    # field on this board, where no ball is put by rule d; the example does not carry over.


def test_neighbour_rule_3_5_1_x_next_to_z_on_the_planet_then_five_to_the_pott() -> None:
    # "Mit drei … werfen Sie die … Figur x auf das hintere Nachbarfeld der Figur z … Dann
    # ziehen Sie mit fünf auf den Pott." (rule g: next to a ball of its own colour)
    text = "3 von Start nach X1-7, versetzt rot nach P1.1; 5 von P1.1 nach P1.4"
    assert wins(["X1-7", "P1.2"], (5, 1, 3), text)


def test_neighbour_rule_3_7_1_seven_round_the_planet_and_the_one_still_left() -> None:
    # "Mit drei werfen Sie die … Figur x auf das hintere Nachbarfeld der rechten Figur y
    # auf dem Planetenkreis. Dann ziehen Sie mit sieben auf den Pott und haben noch die
    # Eins um den Stein der Weisen zu bekommen." x jumps its own y on the way.
    text = "3 von Start nach X1-7, versetzt rot nach P1.5; 7 von P1.5 nach P1.4"
    assert wins(["X1-7", "P1.6"], (7, 1, 3), text)
