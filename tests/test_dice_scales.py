"""Dice read at the scale where they read best: close-ups of large dice as well as trays.

The real-photo test reads ``../shared/data`` and skips without it."""

from __future__ import annotations

import cv2
import pytest

from companion.synth.dice import render_scene, scene_options
from companion.vision.dice.reader import read_dice
from companion.vision.dice.sources import available, photos
from companion.vision.dice.truth import score


def test_large_dice_of_a_close_up_are_read_at_a_third_of_the_photo() -> None:
    # Three rendered dice 110 px wide in the working copy: at full size their pips are
    # wider than the spot finder's window, and it read 6 1 1 2.
    scene = render_scene(0, scene_options(dice=(3, 3)))
    close_up = cv2.resize(scene.image, None, fx=3, fy=3)
    assert read_dice(close_up, scales=(1.0,)).values != (3, 2, 6)
    reading = read_dice(close_up)
    assert reading.values == (3, 2, 6) and reading.scale == pytest.approx(1 / 3)
    assert sorted(reading.values) == sorted(d.value for d in scene.dice)


@pytest.mark.skipif(not available("vignette"), reason="no ../shared/data/dice-real-more")
def test_a_real_close_up_on_grid_paper_is_read_whole() -> None:
    # A camera the reader never saw, four dice of about 100 px: none right at one scale.
    (photo,) = [p for p in photos("vignette") if p.name.endswith("00121_jpg_rfba8399f3.jpg")]
    image = photo.image()

    def right(scales: tuple[float, ...] | None = None) -> int:
        reading = read_dice(image) if scales is None else read_dice(image, scales=scales)
        dice = [(d.value, d.x, d.y, d.confidence) for d in reading.dice]
        return score(photo.boxes, dice, 0.7).right

    assert right((1.0,)) == 0
    assert right() == len(photo.boxes) == 4


def test_a_tray_of_ordinary_dice_is_still_read_at_full_size() -> None:
    scene = render_scene(7, scene_options(dice=(3, 3)))
    assert sorted(read_dice(scene.image).values) == sorted(d.value for d in scene.dice)


def test_a_steady_camera_reads_one_level_a_frame_and_every_level_a_roll() -> None:
    from companion.vision.dice.reader import DEFAULT_PROFILES
    from companion.vision.dice.steady import SteadyDice

    scene = render_scene(0, scene_options(dice=(3, 3)))
    close_up = cv2.resize(scene.image, None, fx=3, fy=3)
    steady = SteadyDice()
    first = steady.read(close_up, "d6", DEFAULT_PROFILES, None)
    assert not steady.single and steady.level == pytest.approx(1 / 3)  # every level
    frame = steady.read(close_up, "d6", DEFAULT_PROFILES, None)
    assert steady.single and frame.values == first.values == (3, 2, 6)  # the level kept
    roll = steady.settled(close_up, frame, "d6", DEFAULT_PROFILES, None)
    assert roll.values == (3, 2, 6) and not steady.single  # read whole once per roll
