"""The settled-roll detector: a roll counts once consecutive frames agree."""

from __future__ import annotations

import pytest

from companion.vision.dice.reader import DiceReading, Die
from companion.vision.dice.settle import SettleDetector, same_roll


def roll(*dice: tuple[int, float, float], settled: bool = True) -> DiceReading:
    return DiceReading(tuple(Die(v, "d6", x, y, 0.9, settled) for v, x, y in dice))


def test_three_agreeing_frames_make_a_roll_reported_once() -> None:
    detector = SettleDetector(frames=3)
    frame = roll((5, 100, 100), (2, 200, 120))
    assert detector.feed(frame) is None
    assert detector.feed(roll((5, 102, 99), (2, 199, 121))) is None
    assert detector.feed(frame) == frame
    assert detector.feed(frame) is None  # the same dice are not news


def test_a_die_still_rolling_holds_the_roll_back() -> None:
    detector = SettleDetector(frames=2)
    assert detector.feed(roll((4, 50, 50), settled=False)) is None
    assert detector.feed(roll((4, 50, 50), settled=False)) is None
    assert detector.feed(roll((4, 50, 50))) is None
    assert detector.feed(roll((4, 50, 50))) is not None


def test_a_changing_value_or_place_restarts_the_count() -> None:
    detector = SettleDetector(frames=2)
    detector.feed(roll((3, 50, 50)))
    assert detector.feed(roll((4, 50, 50))) is None  # tumbled to another face
    assert detector.feed(roll((4, 80, 50))) is None  # slid away
    assert detector.feed(roll((4, 81, 50))) is not None


def test_the_next_throw_is_reported_even_with_the_same_values() -> None:
    detector = SettleDetector(frames=2)
    detector.feed(roll((6, 50, 50)))
    assert detector.feed(roll((6, 50, 50))) is not None
    detector.feed(roll())  # dice picked up
    detector.feed(roll((6, 300, 200)))
    assert detector.feed(roll((6, 300, 200))) is not None


def test_an_empty_tray_is_never_a_roll() -> None:
    detector = SettleDetector(frames=2)
    assert detector.feed(roll()) is None
    assert detector.feed(roll()) is None
    assert not detector.is_settled()


def test_same_roll_matches_dice_one_to_one() -> None:
    a = roll((1, 10, 10), (1, 30, 10))
    assert same_roll(a, roll((1, 31, 11), (1, 9, 10)), tolerance=3)
    assert not same_roll(a, roll((1, 10, 10), (1, 11, 10)), tolerance=3)
    assert not same_roll(a, roll((1, 10, 10)), tolerance=3)


def test_reset_forgets_and_frames_must_be_positive() -> None:
    detector = SettleDetector(frames=2)
    detector.feed(roll((2, 5, 5)))
    detector.reset()
    assert detector.feed(roll((2, 5, 5))) is None
    with pytest.raises(ValueError):
        SettleDetector(frames=0)
