"""The dice tray's fairness test on simulated dice: a loaded die is caught, a fair one is
flagged about as often as the level says (docs/tray.md)."""

import math

import numpy as np
import pytest

from companion.texts import render
from companion.tray.fairness import LEVEL, chi2_sf, counts, fairness, uniformity

LOADED_SIX = [0.15, 0.15, 0.15, 0.15, 0.15, 0.25]


def simulated(probabilities, rolls, trials, seed):
    """Per-face counts of ``trials`` sessions of ``rolls`` rolls each, seeded."""
    rng = np.random.default_rng(seed)
    faces = rng.choice(6, size=(trials, rolls), p=probabilities)
    return [
        dict(zip(range(1, 7), np.bincount(row, minlength=6).tolist(), strict=True)) for row in faces
    ]


def test_the_survival_function_matches_the_tables():
    assert chi2_sf(11.0705, 5) == pytest.approx(0.05, abs=1e-5)
    assert chi2_sf(15.0863, 5) == pytest.approx(0.01, abs=1e-5)
    assert chi2_sf(3.8415, 1) == pytest.approx(0.05, abs=1e-5)
    assert chi2_sf(4.0, 2) == pytest.approx(math.exp(-2.0), rel=1e-12)
    assert chi2_sf(100.0, 5) < 1e-18
    assert chi2_sf(0.0, 5) == 1.0


def test_a_die_with_a_six_at_25_percent_is_caught_within_600_rolls():
    caught = [uniformity(c).p < 0.01 for c in simulated(LOADED_SIX, 600, 1000, seed=35)]
    assert sum(caught) / len(caught) >= 0.9  # measured: 957 of 1,000 (95.7 %)


def test_fair_dice_are_flagged_about_as_often_as_the_level():
    fair = [1 / 6] * 6
    flagged = [uniformity(c).suspect for c in simulated(fair, 600, 2000, seed=36)]
    share = sum(flagged) / len(flagged)
    margin = 3 * math.sqrt(LEVEL * (1 - LEVEL) / len(flagged))  # three binomial sd: 0.0067
    assert abs(share - LEVEL) <= margin  # measured: 11 of 2,000 (0.55 %)


def test_a_loaded_die_is_named_in_words():
    verdict = fairness([6] * 50 + [1, 2, 3, 4, 5] * 20)
    assert verdict.suspect and verdict.face == 6 and verdict.too_often
    assert render(verdict.words(), "de") == "die 6 kommt zu oft: p < 0,001 (nach 150 Würfeln)"
    assert render(verdict.words(), "en") == "the 6 comes up too often: p < 0.001 (after 150 dice)"


def test_a_face_that_comes_too_rarely_is_named_too():
    verdict = fairness([1, 2, 3, 4, 5] * 30 + [6] * 5)
    assert verdict.face == 6 and not verdict.too_often
    assert render(verdict.words(), "de").startswith("die 6 kommt zu selten: p = 0,001")


def test_even_counts_say_no_sign_of_a_loaded_die():
    verdict = fairness([1, 2, 3, 4, 5, 6] * 100)
    assert verdict.p == 1.0 and not verdict.suspect
    assert render(verdict.words(), "de") == (
        "nach 600 Würfeln kein Hinweis auf einen gezinkten Würfel (p = 1,00)"
    )


def test_too_few_rolls_are_said_not_tested():
    verdict = fairness([6, 6, 6])
    assert verdict.p is None and not verdict.suspect
    # each die read is one sample: counted as dice, not rolls (trial s6: "3 Würfe" for one photo)
    assert render(verdict.words(), "en") == "3 dice: a test for loaded dice needs at least 30"
    one = fairness([6]).words()
    assert render(one, "en") == "1 die: a test for loaded dice needs at least 30"
    assert (
        render(one, "de") == "1 Würfel: für einen Test auf gezinkte Würfel braucht es mindestens 30"
    )


def test_a_miwin_die_is_tested_over_its_own_faces():
    faces = (1, 2, 5, 6, 7, 9)  # Miwin III
    assert counts([9, 9, 1], faces) == {1: 1, 2: 0, 5: 0, 6: 0, 7: 0, 9: 2}
    with pytest.raises(ValueError, match="3 is no face"):
        counts([3], faces)
