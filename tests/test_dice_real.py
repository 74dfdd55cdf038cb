"""The dice reader on real photos: the scoring, and a fixed sample of the real scenes.

The sample test guards the accuracy measured by ``bench/dice.py``: a change that loses
real-photo accuracy fails here. It needs ``../shared/data`` and skips without it.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.vision.dice.reader import SURE, read_dice
from companion.vision.dice.truth import SCENES, Box, Scene, Score, load_scenes, score

BOXES = (Box(0, 0, 40, 40, 5), Box(50, 0, 90, 40, 2))


def test_a_die_is_right_when_its_centre_lies_in_a_box_of_its_value() -> None:
    s = score(BOXES, [(5, 20, 20, 0.9), (2, 70, 20, 0.9)], SURE)
    assert (s.right, s.missed, s.misread, s.extra, s.scenes_right) == (2, 0, 0, 0, 1)


def test_missed_misread_and_extra_dice_are_counted_apart() -> None:
    s = score(BOXES, [(3, 20, 20, 0.95), (4, 200, 200, 0.2), (5, 22, 22, 0.9)], SURE)
    assert (s.right, s.missed, s.misread, s.extra, s.scenes_right) == (0, 1, 1, 2, 0)
    assert s.sure_wrong == 2  # the misread 3 and the second reading in the first box
    assert s.trusted == [(22, 22, 5, 0), (20, 20, 3, 5)]  # where, read, labelled (0: none)
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
    assert total.rate >= 0.96, f"{total.right}/{total.dice} real dice right"  # 97.0 % measured


needs_photos = pytest.mark.skipif(
    not (SCENES / "truth.json").is_file(), reason=f"no real photos in {SCENES}"
)
PHOTO = "images/IMG_20191208_112200.jpg"  # a train photo with seven dice


def train_scene(name: str) -> Scene:
    (scene,) = [s for s in load_scenes(SCENES, "train") if s.path == SCENES / name]
    return scene


def photo() -> tuple[np.ndarray, list[int]]:
    scene = train_scene(PHOTO)
    return cv2.imread(str(scene.path)), sorted(b.value for b in scene.boxes)


def read_as(
    scene: Scene, scale: float = 1.0, alter: Callable[[np.ndarray], np.ndarray] | None = None
) -> Score:
    """``scene``'s photo altered, and scaled by ``scale`` (a camera further away), read and
    scored in the photo's own pixels."""
    image = cv2.imread(str(scene.path))
    image = alter(image) if alter else image
    image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    dice = [(d.value, d.x / scale, d.y / scale, d.confidence) for d in read_dice(image).dice]
    return score(scene.boxes, dice, SURE)


@needs_photos
def test_read_dice_prints_the_values_of_a_real_photo(capsys: pytest.CaptureFixture[str]) -> None:
    _, values = photo()
    assert main(["read-dice", str(SCENES / PHOTO), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert sorted(d["value"] for d in record["dice"]) == values and record["settled"] is True


@needs_photos
def test_a_phone_sized_photo_reads_as_the_small_one() -> None:
    image, values = photo()
    big = cv2.resize(image, (3464, 3464), interpolation=cv2.INTER_CUBIC)  # 12 megapixels
    assert sorted(read_dice(big).values) == values


@needs_photos
def test_a_die_cut_by_the_frame_edge_is_not_read() -> None:
    image, _ = photo()
    reading = read_dice(image)
    die = reading.dice[0]
    cut = np.ascontiguousarray(image[:, int(die.x) :])  # the frame's edge through its centre
    assert all(d.x > die.side / 2 for d in read_dice(cut).dice)


@needs_photos
def test_a_close_up_whose_pips_are_larger_than_the_spot_finder_sees_is_read_smaller() -> None:
    image, values = photo()
    close = cv2.resize(image[274:499, 180:480], (3000, 2250), interpolation=cv2.INTER_CUBIC)
    reading = read_dice(close)  # dice about 380 px wide, 130 px in the working copy
    # every die is found (read at the working size alone, one is missed); the values are
    # as right as the reader is (about nine in ten), so one of seven may differ
    assert len(reading.dice) == len(values)
    assert sum((Counter(reading.values) & Counter(values)).values()) >= len(values) - 1


@needs_photos
def test_a_die_showing_one_among_touching_dice_is_not_taken_for_a_pip() -> None:
    # Ten touching dice, three of them showing 1. The finder also looks at two dice at
    # once, as a "die" twice as large, read unsure; a sure 1 on it was dropped as its pip.
    scene = train_scene("images/IMG_20191208_111919.jpg")
    reading = read_dice(cv2.imread(str(scene.path)))
    assert sorted(reading.values) == sorted(b.value for b in scene.boxes)


@needs_photos
def test_dice_further_away_are_not_read_as_one_large_die() -> None:
    # Seven dice, photographed from 4/3 as far: small dice are taken for pips and three of
    # them for one large face, read as a sure 3 that hid the dice under it (3 of 7 right).
    assert read_as(train_scene("images/IMG_20191209_095405.jpg"), 0.75).right >= 6


@needs_photos
def test_a_photo_taken_darker_is_read_as_one_taken_in_good_light() -> None:
    # Seven dice in a dim room (gamma 1.6, three quarters of the light): their pips differ
    # from the dice by less than the spot finder's contrasts, which scale with the light
    # (2 of 7 right at fixed contrasts).
    dim = np.array([255 * (v / 255) ** 1.6 * 0.75 for v in range(256)]).astype(np.uint8)
    scene = train_scene("images/IMG_20191209_095859.jpg")
    assert read_as(scene, alter=lambda image: cv2.LUT(image, dim)).right >= 6


@needs_photos
def test_small_dice_are_read_at_the_size_the_reader_was_made_for() -> None:
    # 22 dice about 19 px wide (the photo at half size, as a webcam over a wider table
    # sees them): their pips are two or three pixels, too small for the spot finder.
    s = read_as(train_scene("images/IMG_20191208_111228.jpg"), 0.5)
    assert (s.right, s.extra) == (22, 0)


@needs_photos
def test_dice_read_small_by_most_are_small_though_some_groups_look_large() -> None:
    # Seven dice about 22 px wide: the first reading finds some of them and a few groups of
    # them taken for large dice, enough to lift the upper quartile of the sides over 30 px
    # (2 of 7 right); their median says they are small, and they are read again larger.
    assert read_as(train_scene("images/IMG_20191208_112116.jpg"), 0.5).right == 7


@pytest.mark.skipif(not (SCENES / "truth.json").is_file(), reason=f"no real photos in {SCENES}")
def test_green_d6_read_as_miwin_dice_ask_about_the_face_their_kind_lacks() -> None:
    # New-user trial s14 M5: five green d6 (1, 2, 3, 3, 6) read with kind "miwin" came
    # out as four sure dice of the black kind; the 1, a face that kind lacks, was left
    # out without a word. Colour and pips contradict each other there: it is asked.
    image = cv2.imread(str(SCENES / "images" / "IMG_20191209_100006.jpg"))

    reading = read_dice(image, "miwin")

    assert len(reading.dice) == 5
    unsure = [d for d in reading.dice if d.confidence < SURE]
    # the one at the 1 (230, 393), still of its colour's kind: TENET needs one of each
    assert [(round(d.x, -1), round(d.y, -1), d.kind) for d in unsure] == [(230, 390, "miwin-V")]


def test_a_body_of_no_miwin_colour_is_foreign_a_lit_one_is_not() -> None:
    from companion.vision.dice.colours import DEFAULT_PROFILES, foreign

    assert foreign((230, 230, 230), DEFAULT_PROFILES)  # a white d6
    assert not foreign((191, 129, 88), DEFAULT_PROFILES)  # blue under a bright lamp
    assert not foreign((60, 60, 60), DEFAULT_PROFILES)  # black in a lit tray
