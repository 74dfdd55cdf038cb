"""Finding and reading dice in whole synthetic frames of the dice tray."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.errors import CompanionError
from companion.synth.dice import DiceScene, SceneOptions, render_scene, scene_options
from companion.vision.dice.reader import (
    DEFAULT_PROFILES,
    SURE,
    DiceReading,
    miwin_profile,
    read_dice,
)

CLEAN = scene_options(noise=(0.0, 2.0), jpeg=(85, 95), defocus=(0.0, 0.3), uneven_light=0.1)


def right(scene: DiceScene, reading: DiceReading) -> int:
    """Dice read with the right value and kind at the right place."""
    count = 0
    for true in scene.dice:
        near = [d for d in reading.dice if (d.x - true.x) ** 2 + (d.y - true.y) ** 2 < 20**2]
        count += len(near) == 1 and near[0].value == true.value and near[0].kind == true.kind
    return count


def score(options: SceneOptions, seeds: range, kind: str = "d6") -> tuple[int, int, int]:
    """(dice right, dice in all, extra dice reported) over the scenes of ``seeds``.

    Each test asks for every die of its difficulty (the reader before the second pass
    missed one die of the wood and one of the perspective tests); the accuracy itself
    is measured by ``bench/dice.py`` on thousands of dice.
    """
    good = total = extra = 0
    for seed in seeds:
        scene = render_scene(seed, options)
        reading = read_dice(scene.image, kind)
        good += right(scene, reading)
        total += len(scene.dice)
        extra += max(0, len(reading.dice) - len(scene.dice))
    return good, total, extra


def test_two_white_dice_on_felt_seen_from_above() -> None:
    opts = scene_options(dice=(2, 2), backgrounds=("felt",), max_tilt=0.0, touching=0.0)
    scene = render_scene(7, opts)
    reading = read_dice(scene.image)
    assert sorted(reading.values) == sorted(d.value for d in scene.dice)
    assert all(d.kind == "d6" for d in reading.dice)
    assert all(0.5 < d.confidence <= 1.0 for d in reading.dice)


# The reader is trained and measured on real photos (tests/test_dice_real.py, bench/dice.py);
# the rendered trays test that it copes with each difficulty at all. Each floor is the
# figure measured when the reader was made (dice right, extra dice), with a die of margin.
# The six synthetic-tuned passes read every die of these; on real photos they read 58 %.
SYNTHETIC = {
    "wood": (scene_options(backgrounds=("wood",)), range(20, 26), "d6", 11, 4),
    "felt": (scene_options(backgrounds=("felt",)), range(20, 26), "d6", 10, 4),
    "cardboard": (scene_options(backgrounds=("cardboard",)), range(20, 26), "d6", 9, 5),
    "leather": (scene_options(backgrounds=("leather",)), range(20, 26), "d6", 10, 3),
    "plain": (scene_options(backgrounds=("plain",)), range(20, 26), "d6", 9, 4),
    "tilted 30°": (scene_options(max_tilt=30.0, dice=(2, 3)), range(40, 48), "d6", 15, 3),
    "uneven light": (scene_options(uneven_light=0.6), range(60, 66), "d6", 9, 4),
    "glints, noise, JPEG": (
        scene_options(glints=1.0, noise=(4.0, 7.0), jpeg=(35, 50), defocus=(0.5, 1.0)),
        range(80, 86),
        "d6",
        10,
        3,
    ),
    "touching": (
        scene_options(dice=(2, 2), touching=1.0, max_tilt=15.0),
        range(100, 106),
        "d6",
        7,
        4,
    ),
    "miwin": (
        scene_options(kind="miwin", dice=(3, 3), touching=0.0),
        range(120, 126),
        "miwin",
        15,
        2,  # seed 124: the 6 read a second time 32 px off its centre, unsure (< 0.5)
    ),
    "dense miwin 8 and 9": (
        scene_options(kind="miwin", dice=(3, 3), values=(9, 9, 8), touching=0.3),
        range(200, 216),
        "miwin",
        45,
        3,  # seed 208: a 6, 3 and 2 at a die's corner where two touch, all unsure (< 0.5)
    ),
    "dark dice on dark mats": (
        scene_options(kind="miwin", dice=(3, 3), backgrounds=("plain", "leather"), touching=0),
        range(300, 324),
        "miwin",
        63,
        4,
    ),
    "five touching miwin": (
        scene_options(kind="miwin", dice=(5, 5), touching=0.6),
        range(430, 446),
        "miwin",
        68,
        3,
    ),
}


@pytest.mark.parametrize("name", list(SYNTHETIC))
def test_rendered_trays(name: str) -> None:
    options, seeds, kind, at_least, extra_at_most = SYNTHETIC[name]
    good, total, extra = score(options, seeds, kind)
    assert good >= at_least and extra <= extra_at_most, (good, total, extra)


def test_a_tilted_camera_sees_side_faces_beside_each_top_face() -> None:
    """The renderer says where the side faces it drew lie (the trainer teaches them as no
    die): from straight above they are slivers, from 50 degrees off vertical most dice
    show one as large as a third of their top face, always beside it."""
    above = [d for s in range(10) for d in render_scene(s, scene_options(max_tilt=0)).dice]
    tilted = [
        d
        for s in range(10)
        for d in render_scene(s, scene_options(max_tilt=50.0, dice=(2, 4))).dice
    ]
    assert not any(f[2] >= 0.35 * d.side for d in above for f in d.sides_seen)
    large = [d for d in tilted if any(f[2] >= 0.35 * d.side for f in d.sides_seen)]
    assert len(large) >= 0.8 * len(tilted)
    assert all(
        np.hypot(f[0] - d.x, f[1] - d.y) < 1.5 * d.side for d in tilted for f in d.sides_seen
    )


def test_the_face_seen_largest_is_the_top_from_above_and_often_a_side_from_standing_height() -> (
    None
):
    """What a person at the table names when reading a die seen obliquely (the real
    ``floor`` photos are labelled so): the renderer says which face it drew largest."""
    above = [d for s in range(10) for d in render_scene(s, scene_options(max_tilt=0)).dice]
    assert all(d.facing == (d.value, d.x, d.y, d.side) for d in above)
    low = [d for s in range(10) for d in render_scene(s, scene_options(max_tilt=75.0)).dice]
    sideways = [d for d in low if (d.facing[1], d.facing[2]) != (d.x, d.y)]
    assert len(sideways) >= 0.25 * len(low)
    assert all(d.facing[0] != d.value and d.facing[0] != 7 - d.value for d in sideways)
    assert all((d.facing[1], d.facing[2], d.facing[3]) in d.sides_seen for d in sideways)


def test_read_dice_says_which_miwin_die_shows_which_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 10: a value belongs to a die (III, IV or V), and the JSON names it per die.
    scene = render_scene(11, scene_options(kind="miwin", dice=(3, 3), touching=0.0))
    path = tmp_path / "tenet.png"
    cv2.imwrite(str(path), scene.image)
    assert main(["read-dice", str(path), "--kind", "miwin", "--json"]) == 0
    dice = json.loads(capsys.readouterr().out)["dice"]
    assert len(dice) == 3
    for true in scene.dice:
        (die,) = [d for d in dice if (d["x"] - true.x) ** 2 + (d["y"] - true.y) ** 2 < 20**2]
        assert (die["kind"], die["value"]) == (true.kind, true.value)
    assert {d["kind"] for d in dice} == {"miwin-III", "miwin-IV", "miwin-V"}


def test_miwin_profiles_match_the_authors_colours() -> None:
    assert miwin_profile((180, 90, 30), DEFAULT_PROFILES).kind == "miwin-III"  # blue
    assert miwin_profile((30, 30, 170), DEFAULT_PROFILES).kind == "miwin-IV"  # red
    assert miwin_profile((20, 25, 25), DEFAULT_PROFILES).kind == "miwin-V"  # black
    assert DEFAULT_PROFILES.miwin[0].faces == frozenset({1, 2, 5, 6, 7, 9})


def test_calibrated_colours_override_the_defaults() -> None:
    calibrated = DEFAULT_PROFILES.override({"miwin-V": (60, 140, 60)})  # a green set
    assert miwin_profile((60, 140, 60), calibrated).kind == "miwin-V"
    with pytest.raises(CompanionError, match="miwin-VI"):
        DEFAULT_PROFILES.override({"miwin-VI": (0, 0, 0)})


def test_a_rolling_die_is_not_read_as_a_sure_die() -> None:
    # A tumbling die smears by a quarter to half its size: it is mostly not found at all,
    # and what is read of it is unsure or marked not settled; the settle detector (several
    # frames that agree) decides when a roll is over.
    rolling = scene_options(dice=(1, 1), moving=1.0, touching=0.0)
    readings = [read_dice(render_scene(s, rolling).image) for s in range(140, 152)]
    sure = [d for r in readings for d in r.dice if d.settled and d.confidence >= SURE]
    assert len(sure) <= 3
    still = [read_dice(render_scene(s, CLEAN).image) for s in range(140, 152)]
    assert sum(r.settled for r in still) >= 11


def test_an_empty_tray_has_no_dice() -> None:
    for seed in range(3):
        scene = render_scene(seed, scene_options(dice=(0, 0)))
        assert scene.dice == ()
        assert read_dice(scene.image).dice == ()


def test_bad_images_and_kinds_are_one_line_errors() -> None:
    with pytest.raises(CompanionError, match="dice kind"):
        read_dice(np.zeros((10, 10, 3), np.uint8), "d20")
    with pytest.raises(CompanionError, match="colour image"):
        read_dice(np.zeros((10, 10), np.uint8))
