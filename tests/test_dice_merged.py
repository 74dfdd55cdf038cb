"""Touching dice whose top faces merged into one region are read as the dice they are."""

from __future__ import annotations

import numpy as np
import pytest

from companion.synth.dice import DiceScene, SceneOptions, render_scene
from companion.vision.dice import read_dice
from companion.vision.dicemerged import split_faces
from companion.vision.pips import LAYOUTS


def pips_of(value: int, centre: tuple[float, float], spacing: float) -> np.ndarray:
    return np.array(
        [(centre[0] + gx * spacing, centre[1] + gy * spacing) for gx, gy in LAYOUTS[value]]
    )


def test_the_pips_of_a_3_and_a_5_side_by_side_are_two_faces() -> None:
    side = 60.0  # the dice of the throw are 60 px wide, their pips 15 px apart
    pips = np.concatenate([pips_of(3, (100, 100), 15), pips_of(5, (160, 100), 15)])
    faces = split_faces(pips, side, 2)
    assert faces is not None
    assert sorted(len(f) for f in faces) == [3, 5]
    centres = sorted(tuple(np.round(f.mean(axis=0))) for f in faces)
    assert centres == [(100, 100), (160, 100)]


def test_one_face_is_not_split_into_two() -> None:
    # A 6 is two rows of three pips, but a die's side apart they are not: no two dice.
    assert split_faces(pips_of(6, (100, 100), 15), 60.0, 2) is None


def test_the_two_pips_of_a_2_are_not_two_1s() -> None:
    # Lone pips show no turn: a 2's pips lie a die's width apart along its diagonal.
    assert split_faces(pips_of(2, (100, 100), 17), 60.0, 2) is None


def tray(seed: int) -> DiceScene:
    """A tray of the benchmark's kind (d6 on even seeds, Miwin's dice on odd ones)."""
    return render_scene(seed, SceneOptions(kind=("d6", "miwin")[seed % 2], dice=(1, 5)))


@pytest.mark.parametrize(
    "seed",
    [
        60286,  # two touching white 3s: one 3 read between them
        61092,  # an ivory 6 beside a white 2: a 3 read between them
        61365,  # a blue Miwin 7 beside a blue 6: one 6 read between them
        61411,  # a blue Miwin 6 beside a blue 7, a black 4 below: both blue dice missed
        61287,  # a blue Miwin 6 beside a blue 1: the 1 missed
    ],
)
def test_two_touching_dice_of_one_colour_are_both_read(seed: int) -> None:
    scene = tray(seed)
    reading = read_dice(scene.image, ("d6", "miwin")[seed % 2])
    assert len(reading.dice) == len(scene.dice)
    for true in scene.dice:
        near = [d for d in reading.dice if (d.x - true.x) ** 2 + (d.y - true.y) ** 2 < 20**2]
        assert [d.value for d in near] == [true.value]
