"""The dice reader on real photos: the scoring, and a fixed sample of the real scenes.

The sample test guards the accuracy measured by ``bench/dice.py``: a change that loses
real-photo accuracy fails here. It needs ``../shared/data`` and skips without it.
"""

from __future__ import annotations

import cv2
import pytest

from companion.vision.dice import SURE, read_dice
from companion.vision.dicetruth import SCENES, Box, Score, load_scenes, score

BOXES = (Box(0, 0, 40, 40, 5), Box(50, 0, 90, 40, 2))


def test_a_die_is_right_when_its_centre_lies_in_a_box_of_its_value() -> None:
    s = score(BOXES, [(5, 20, 20, 0.9), (2, 70, 20, 0.9)], SURE)
    assert (s.right, s.missed, s.misread, s.extra, s.scenes_right) == (2, 0, 0, 0, 1)


def test_missed_misread_and_extra_dice_are_counted_apart() -> None:
    s = score(BOXES, [(3, 20, 20, 0.95), (4, 200, 200, 0.2), (5, 22, 22, 0.9)], SURE)
    assert (s.right, s.missed, s.misread, s.extra, s.scenes_right) == (0, 1, 1, 2, 0)
    assert s.sure_wrong == 2  # the misread 3 and the second reading in the first box
    assert s.pairs == [(5, 3), (2, 0)]


def test_scores_add_up() -> None:
    total = Score()
    total.add(score(BOXES, [(5, 20, 20, 0.9)], SURE))
    total.add(score(BOXES, [(5, 20, 20, 0.9), (2, 70, 20, 0.9)], SURE))
    assert (total.dice, total.right, total.scenes_right, total.rate) == (4, 3, 1, 0.75)


@pytest.mark.skipif(not (SCENES / "truth.json").is_file(), reason=f"no real photos in {SCENES}")
def test_a_fixed_sample_of_real_photos_is_read() -> None:
    scenes = load_scenes(SCENES, "test")[:40]
    total = Score()
    for scene in scenes:
        dice = read_dice(cv2.imread(str(scene.path))).dice
        total.add(score(scene.boxes, [(d.value, d.x, d.y, d.confidence) for d in dice], SURE))
    assert total.rate >= 0.50, f"{total.right}/{total.dice} real dice right"
