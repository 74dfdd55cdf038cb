"""A camera that does not move reads its dice frames at one pyramid level: the empty tray
and the dice still rolling too, not only the dice that lie still (levels are counted, not
timed: bench/watcher.py times them)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.model.position import start_position
from companion.synth import default_camera, photograph
from companion.synth.dice import render_scene, scene_options
from companion.table.referee import Referee
from companion.table.watch import Watcher
from companion.vision import BoardReader
from companion.vision.dice import reader as reader_module
from companion.vision.dice import steady as steady_module
from companion.vision.dice.reader import (
    DEFAULT_PROFILES,
    PYRAMID,
    DiceReading,
    Die,
    Image,
    read_dice,
)
from companion.vision.dice.steady import LOOK_AROUND, SteadyDice

TRAY = render_scene(7, scene_options(dice=(3, 3)))  # three dice read at half size
NEXT = render_scene(8, scene_options(dice=(3, 3)))  # the next throw, same camera
EMPTY = [render_scene(seed, scene_options(dice=(0, 0))).image for seed in (21, 22)]
ROLLING = [render_scene(s, scene_options(dice=(2, 2), moving=1.0)).image for s in (31, 32, 33)]


@pytest.fixture
def levels(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many pyramid levels each reading of a frame read."""
    read: list[int] = []
    real = steady_module.read_dice

    def counting(view, kind, profiles, tray, scales=PYRAMID, **how):  # type: ignore[no-untyped-def]
        read.append(len(scales))
        return real(view, kind, profiles, tray, scales, **how)

    monkeypatch.setattr(steady_module, "read_dice", counting)
    return read


def frame(steady: SteadyDice, image: Image) -> DiceReading:
    return steady.read(image, "d6", DEFAULT_PROFILES, None)


def truth(scene: object) -> list[int]:
    return sorted(d.value for d in scene.dice)  # type: ignore[attr-defined]


def test_an_empty_tray_after_a_roll_is_read_at_its_dices_level(levels: list[int]) -> None:
    steady = SteadyDice()
    frame(steady, TRAY.image)  # the first frame: every level
    for n in range(LOOK_AROUND):
        assert frame(steady, EMPTY[n % 2]).dice == ()
    assert levels == [3] + [1] * LOOK_AROUND and steady.level == pytest.approx(1 / 2)
    frame(steady, EMPTY[0])  # no sure die for LOOK_AROUND frames: every level, once
    frame(steady, EMPTY[1])
    assert levels[-2:] == [3, 1] and steady.level == pytest.approx(1 / 2)  # the level stays


def test_an_empty_tray_at_full_size_is_one_working_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    # read-dice reads a photo without dice again at half size, a quarter and an eighth
    # (its dice might be too large for full size); the level kept says they are not
    steady = SteadyDice()
    frame(steady, cv2.resize(TRAY.image, None, fx=0.5, fy=0.5))  # dice of 45 px: full size
    assert steady.level == 1.0
    copies: list[tuple[int, ...]] = []
    real = reader_module._read

    def counting(image, *args, **kwargs):  # type: ignore[no-untyped-def]
        copies.append(image.shape[:2])
        return real(image, *args, **kwargs)

    monkeypatch.setattr(reader_module, "_read", counting)
    frame(steady, EMPTY[0])
    assert copies == [(480, 640)]
    assert read_dice(EMPTY[0], scales=(1.0,)).dice == ()  # read-dice as before:
    assert copies[1:] == [(480, 640), (240, 320), (120, 160), (60, 80)]


def test_dice_still_rolling_are_read_at_one_level(levels: list[int]) -> None:
    steady = SteadyDice()
    frame(steady, TRAY.image)
    for image in ROLLING:
        frame(steady, image)
    assert levels == [3, 1, 1, 1]


def test_a_roll_after_empty_frames_is_read_right_and_settled_at_every_level(
    levels: list[int],
) -> None:
    steady = SteadyDice()
    frame(steady, TRAY.image)
    for image in EMPTY + ROLLING:
        frame(steady, image)
    seen = [frame(steady, NEXT.image) for _ in range(3)]
    assert all(sorted(r.values) == truth(NEXT) for r in seen)
    assert levels == [3] + [1] * 8
    roll = steady.settled(NEXT.image, seen[-1], "d6", DEFAULT_PROFILES, None)
    assert sorted(roll.values) == truth(NEXT) and levels[-1] == 3  # read-dice's reading
    frame(steady, EMPTY[0])
    assert levels[-1] == 1


def test_the_first_frames_read_every_level_until_a_die_is_sure(levels: list[int]) -> None:
    steady = SteadyDice()
    for image in EMPTY + ROLLING:
        frame(steady, image)
    assert levels == [3] * 5 and steady.level is None


def test_dice_three_times_larger_than_before_move_the_level(levels: list[int]) -> None:
    steady = SteadyDice()
    frame(steady, TRAY.image)  # dice of about 90 px, read at half size
    scene = render_scene(0, scene_options(dice=(3, 3)))
    close_up = cv2.resize(scene.image, None, fx=3, fy=3)  # dice of about 210 px
    readings = [frame(steady, close_up) for _ in range(3)]
    assert levels == [3, 1, 3, 1]  # the size changed: every level once, then its level
    assert steady.level == pytest.approx(1 / 3)
    assert all(sorted(r.values) == truth(scene) for r in readings[1:])


def test_the_watcher_reads_every_level_once_when_it_comes_back_from_the_board(
    levels: list[int],
) -> None:
    start = start_position(players=["red", "yellow"])
    board = photograph(start, np.random.default_rng(3), camera=default_camera()).image
    watcher = Watcher(Referee.start(start, lambda *_: []), BoardReader(start.layout))
    for image in [TRAY.image, EMPTY[0], board, EMPTY[1], EMPTY[0], ROLLING[0]]:
        watcher.look(image)
    assert levels == [3, 1, 3, 1, 1]  # the board frame reads no dice


def test_a_new_tray_calibration_reads_every_level_once(levels: list[int]) -> None:
    start = start_position(players=["red", "yellow"])
    watcher = Watcher(Referee.start(start, lambda *_: []), BoardReader(start.layout))
    watcher.look(TRAY.image)
    watcher.look(EMPTY[0])
    watcher.use_dice(None)  # the page saved a tray: the camera may have moved
    watcher.look(EMPTY[1])
    watcher.look(EMPTY[0])
    assert levels == [3, 1, 3, 1]


def test_dice_three_times_smaller_than_before_move_the_level(levels: list[int]) -> None:
    steady = SteadyDice()
    close_up = cv2.resize(TRAY.image, None, fx=3, fy=3)  # dice of about 270 px
    frame(steady, close_up)
    level = steady.level
    readings = [frame(steady, NEXT.image) for _ in range(3)]  # dice of about 90 px
    assert levels == [3, 1, 3, 1] and steady.level != level
    assert all(sorted(r.values) == truth(NEXT) for r in readings[1:])


# What the watcher tells the referee, with a made-up reader: a sure 3 first, then a
# second throw that lies still.
def watched(monkeypatch: pytest.MonkeyPatch, second) -> Watcher:  # type: ignore[no-untyped-def]
    throw = {"first": True}

    def fake(view, kind, profiles, tray, scales=PYRAMID, **how):  # type: ignore[no-untyped-def]
        if throw["first"]:
            return DiceReading((Die(3, "d6", 200, 200, 0.95, True, 40),), 0.5)
        return second(scales)

    monkeypatch.setattr(steady_module, "read_dice", fake)
    start = start_position(players=["red", "yellow"])
    watcher = Watcher(Referee.start(start, lambda *_: []), BoardReader(start.layout))
    pictures = np.random.default_rng(0)
    for _ in range(3):
        watcher.look(pictures.integers(0, 255, (480, 640, 3), dtype=np.uint8))
    throw["first"] = False
    return watcher


def test_unsure_dice_lying_still_are_one_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    # read 4 at the kept level and 6 at every level, both unsure: the level sees them, so
    # no look at every level makes the same dice look like the next throw
    def second(scales):  # type: ignore[no-untyped-def]
        value = 6 if len(scales) > 1 else 4
        return DiceReading((Die(value, "d6", 300, 200, 0.5, True, 40),), 0.5)

    watcher, rolls = watched(monkeypatch, second), []
    pictures = np.random.default_rng(1)
    for _ in range(3 * LOOK_AROUND):
        glance = watcher.look(pictures.integers(0, 255, (480, 640, 3), dtype=np.uint8))
        if glance.settled is not None:
            rolls.append(glance.settled.values)
    assert rolls == [(6,)]  # the roll read at every level, once


def test_dice_the_kept_level_cannot_see_are_found_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    # another set of dice, a third of the size: nothing at the kept level, a sure 5 at
    # every level; the picture is still, so the watcher reads it again only now and then
    def second(scales):  # type: ignore[no-untyped-def]
        if len(scales) == 1:
            return DiceReading((), scales[0])
        return DiceReading((Die(5, "d6", 300, 200, 0.95, True, 13),), 1.0)

    watcher = watched(monkeypatch, second)
    still = np.random.default_rng(1).integers(0, 255, (480, 640, 3), dtype=np.uint8)
    frames = next(n for n in range(1, 200) if watcher.look(still).settled is not None)
    assert frames <= LOOK_AROUND + 4  # was 113 while only frames read counted


def test_a_roll_read_otherwise_at_every_level_is_told_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # the kept level (half size) reads a sure 4; every level reads a sure 6 at a third,
    # which then becomes the level: the frames that follow read the 6 the referee got
    def second(scales):  # type: ignore[no-untyped-def]
        if len(scales) > 1 or scales[0] < 0.4:
            return DiceReading((Die(6, "d6", 300, 200, 0.95, True, 40),), 1 / 3)
        return DiceReading((Die(4, "d6", 300, 200, 0.95, True, 40),), 0.5)

    watcher, rolls = watched(monkeypatch, second), []
    pictures = np.random.default_rng(1)
    for _ in range(12):
        glance = watcher.look(pictures.integers(0, 255, (480, 640, 3), dtype=np.uint8))
        if glance.settled is not None:
            rolls.append(glance.settled.values)
    assert rolls == [(6,)]
