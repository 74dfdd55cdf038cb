"""Weak readings looked at again, and dice that show only their pips (the fifth pass)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.synth.dice import DiceScene, render_scene, scene_options
from companion.vision.dice import DiceReading, read_dice
from companion.vision.pipgrid import grid_turn
from companion.vision.pips import LAYOUTS


def tray(seed: int) -> DiceScene:
    """A tray of the benchmark's kind (d6 on even seeds, Miwin's dice on odd ones)."""
    return render_scene(seed, scene_options(kind=("d6", "miwin")[seed % 2], dice=(1, 5)))


def every_die_right(scene: DiceScene, reading: DiceReading) -> bool:
    """Each die read once, at its place, with its value and kind; nothing else read."""
    for true in scene.dice:
        near = [d for d in reading.dice if (d.x - true.x) ** 2 + (d.y - true.y) ** 2 < 25**2]
        if len(near) != 1 or (near[0].value, near[0].kind) != (true.value, true.kind):
            return False
    return len(reading.dice) == len(scene.dice)


@pytest.mark.parametrize("value", sorted(set(LAYOUTS) - {1}))
@pytest.mark.parametrize("degrees", [0.0, 10.0, 22.5, 40.0, 80.0])
def test_the_pips_of_every_face_say_how_it_is_turned(value: int, degrees: float) -> None:
    t = np.radians(degrees)
    rotation = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    grid = np.array(LAYOUTS[value], float) * 11.0 @ rotation.T + (40.0, 40.0)
    turn = grid_turn([(float(x), float(y)) for x, y in grid])
    assert turn is not None
    assert abs((turn - t + np.pi / 4) % (np.pi / 2) - np.pi / 4) < 1e-6


def test_a_single_pip_does_not_say_how_the_face_is_turned() -> None:
    assert grid_turn([(40.0, 40.0)]) is None


@pytest.mark.parametrize(
    "seed",
    [
        70238,  # a white 4 at a slant, read as a 2 from a crop that cut its pips off
        71400,  # a yellow 5 turned by about 25°: upright and at 45° its corner pips touch
        71208,  # a white 6: the second centring saw two pips and moved the crop off it
        71064,  # a lone green 4: no top face by its outline, so no second look at all
        71488,  # a blue 4 whose side strip's second look (two of its pips) read a 2
        71343,  # a black Miwin 4 centred by a wide crop that saw two pips and side faces
        71147,  # a black Miwin 8 on a dark mat: only its side faces came out as squares
    ],
)
def test_a_weak_reading_at_a_slant_is_read_again_turned_as_its_pips(seed: int) -> None:
    scene = tray(seed)
    assert every_die_right(scene, read_dice(scene.image, ("d6", "miwin")[seed % 2]))


@pytest.mark.parametrize(
    "seed",
    [
        70413,  # a red Miwin 9 beside a blue 2: top and sides longer than a die
        70560,  # a white 4 on a light grey mat: only its pips differ from the table
        71050,  # a white 2 on a light grey mat: its two pips a diagonal apart
        71093,  # a black Miwin 4 on a dark grey mat
    ],
)
def test_a_die_with_no_reading_near_it_is_found_by_what_is_left(seed: int) -> None:
    scene = tray(seed)
    assert every_die_right(scene, read_dice(scene.image, ("d6", "miwin")[seed % 2]))


@pytest.mark.parametrize("seed", [70489, 71124, 71479])
def test_a_part_of_a_face_or_a_side_strip_read_weakly_is_not_a_die(seed: int) -> None:
    # A weak reading from a square much smaller than the throw's dice, still weak after
    # its second look, was reported as an extra die.
    scene = tray(seed)
    assert every_die_right(scene, read_dice(scene.image, ("d6", "miwin")[seed % 2]))
