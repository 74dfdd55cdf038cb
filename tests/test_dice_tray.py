"""The dice tray: dice are read within it only, wherever the clutter beside it is.

A tray is calibrated as a box on a photo (``companion calibrate tray PHOTO --box``) and
kept in fractions of the frame; the reader reads the tray's part of a frame and gives the
dice in the whole frame's pixels.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.errors import CompanionError
from companion.model.position import start_position
from companion.synth.dice import render_scene, scene_options
from companion.table.referee import Referee
from companion.table.watch import Watcher
from companion.texts import render
from companion.vision import BoardReader
from companion.vision.calibration import (
    Calibration,
    DiceColour,
    calibration_from_json,
    load_calibration,
    save_calibration,
)
from companion.vision.dice.reader import DEFAULT_PROFILES, SURE, read_dice
from companion.vision.dice.tray import Tray, parse_box
from companion.vision.dice.truth import SCENES, Box, load_scenes, score

needs_photos = pytest.mark.skipif(
    not (SCENES / "truth.json").is_file(), reason=f"no real photos in {SCENES}"
)


def beside(photo: np.ndarray, clutter: np.ndarray) -> np.ndarray:
    """``photo`` in the middle of a frame twice as wide, halves of ``clutter`` either side."""
    half = clutter.shape[1] // 2
    return np.hstack([clutter[:, :half], photo, clutter[:, half:]])


def real_frame() -> tuple[np.ndarray, list[Box]]:
    """A real photo of seven dice with 22 other dice beside it; the seven's boxes."""
    scenes = {s.path.name: s for s in load_scenes(SCENES, "train")}
    tray = scenes["IMG_20191208_112200.jpg"]
    clutter = cv2.imread(str(load_scenes(SCENES, "train")[3].path))
    frame = beside(cv2.imread(str(tray.path)), clutter)
    shift = clutter.shape[1] // 2
    boxes = [Box(b.x0 + shift, b.y0, b.x1 + shift, b.y1, b.value) for b in tray.boxes]
    return frame, boxes


@needs_photos
def test_only_the_dice_in_the_tray_are_read_in_the_frames_pixels() -> None:
    frame, boxes = real_frame()
    tray = Tray.of_box((320, 0, 960, 640), 1280, 640)
    reading = read_dice(frame, tray=tray)
    s = score(boxes, [(d.value, d.x, d.y, d.confidence) for d in reading.dice], SURE)
    assert (s.right, s.extra) == (7, 0)
    # without the tray the dice beside it are read too
    assert any(not 320 <= d.x < 960 for d in read_dice(frame).dice)


@needs_photos
def test_a_die_cut_by_the_trays_edge_is_not_read() -> None:
    frame, boxes = real_frame()
    die = next(b for b in boxes if b.value == 2)
    edge = round((die.x0 + die.x1) / 2)  # the tray's right edge through the die's middle
    reading = read_dice(frame, tray=Tray.of_box((320, 0, edge, 640), 1280, 640))
    assert reading.dice and all(d.x + d.side / 2 <= edge for d in reading.dice)
    assert not any(die.holds(d.x, d.y) for d in reading.dice)


def test_rendered_dice_beside_the_tray_are_not_read() -> None:
    tray = render_scene(11, scene_options(dice=(3, 3), touching=0.0, max_tilt=10.0))
    clutter = render_scene(12, scene_options(dice=(4, 4), touching=0.0, max_tilt=10.0))
    frame = np.vstack([clutter.image[:240], tray.image, clutter.image[240:]])  # 640 × 960
    reading = read_dice(frame, tray=Tray(0.0, 0.25, 1.0, 0.75))
    assert sorted(reading.values) == sorted(d.value for d in tray.dice)
    for die in reading.dice:  # in the frame's pixels: the tray starts 240 px down
        assert min(np.hypot(die.x - t.x, die.y - 240 - t.y) for t in tray.dice) < die.side / 4
    alone = read_dice(tray.image)  # the tray's photo alone reads the same, 240 px higher
    assert [(d.value, d.x, d.y + 240) for d in alone.dice] == [
        (d.value, d.x, d.y) for d in reading.dice
    ]
    assert len(read_dice(frame).dice) > len(reading.dice)


# --------------------------------------------------------------------------- the box


@given(
    st.integers(16, 5000),
    st.integers(16, 5000),
    st.floats(0, 0.49),
    st.floats(0, 0.49),
    st.floats(0.51, 1),
    st.floats(0.51, 1),
)
def test_a_box_on_a_photo_comes_back_as_pixels_on_any_frame_size(w, h, a, b, c, d) -> None:
    box = (a * w, b * h, c * w, d * h)
    tray = Tray.of_box(box, w, h)
    left, top, right, bottom = tray.box(w, h)
    assert all(abs(p - q) <= 1 for p, q in zip((left, top, right, bottom), box, strict=True))
    left, top, right, bottom = tray.box(w // 2, h // 2)  # the dice view of that frame
    assert 0 <= left < right <= w // 2 and 0 <= top < bottom <= h // 2


@given(st.text(max_size=30))
def test_any_box_text_is_four_pixels_or_a_one_line_error(text: str) -> None:
    try:
        x0, y0, x1, y1 = parse_box(text)
    except CompanionError as exc:
        assert str(exc).startswith("--box: ") and "\n" not in str(exc)
    else:
        assert x0 < x1 and y0 < y1


@pytest.mark.parametrize(
    ("corners", "message"),
    [
        ((0.5, 0.0, 0.2, 1.0), "needs x0 < x1"),
        ((0.1, 0.1, 0.105, 0.9), "at least 2% of the frame"),
        ((-0.1, 0.0, 0.5, 1.0), "within 0..1"),
        ((0.0, 0.0, 1.5, 1.0), "within 0..1"),
        ((float("nan"), 0.0, 1.0, 1.0), "within 0..1"),
    ],
)
def test_a_tray_that_is_no_rectangle_of_the_frame_is_refused(corners, message) -> None:
    with pytest.raises(CompanionError, match=message):
        Tray(*corners)


def test_a_tray_of_exactly_two_percent_is_a_tray() -> None:
    assert Tray(0.01, 0.0, 0.03, 1.0).box(1000, 500) == (10, 0, 30, 500)
    assert Tray(0.07, 0.5, 0.09, 0.52).box(100, 100) == (7, 50, 9, 52)


def test_a_box_outside_the_photo_is_refused() -> None:
    with pytest.raises(CompanionError, match="not inside the 640x480 photo"):
        Tray.of_box((100, 100, 700, 400), 640, 480)


# --------------------------------------------------------------------------- the file


def test_the_tray_and_the_dice_colours_round_trip(tmp_path: Path) -> None:
    blue = DiceColour(np.array([150.0, 90, 30]), np.array([3.0, 3, 3]), np.array([240.0] * 3))
    cal = Calibration("gravitation", dice={"miwin-III": blue}, tray=Tray(0.1, 0.2, 0.7, 0.9))
    again = load_calibration(save_calibration(cal, tmp_path / "cam.json"))
    assert again.tray == Tray(0.1, 0.2, 0.7, 0.9) and again.to_json() == cal.to_json()
    # the measured colour replaces Miwin III's default; the others keep theirs
    profiles = {p.kind: p.colour for p in again.dice_profiles.miwin}
    assert profiles["miwin-III"] == (150, 90, 30)
    assert profiles["miwin-IV"] == DEFAULT_PROFILES.miwin[1].colour


def test_a_d6_colour_leaves_the_miwin_profiles_as_they_are() -> None:
    white = DiceColour(np.array([230.0] * 3), np.array([3.0] * 3), np.array([20.0] * 3))
    assert Calibration("gravitation", dice={"d6": white}).dice_profiles == DEFAULT_PROFILES


@pytest.mark.parametrize(
    ("tray", "message"),
    [
        ([0.1, 0.2, 0.7], r"tray: expected \[x0, y0, x1, y1\]"),
        ({"x0": 0.1}, r"tray: expected \[x0, y0, x1, y1\]"),
        ([0.1, "0.2", 0.7, 0.9], "are not four numbers"),
        ([0.1, True, 0.7, 0.9], "are not four numbers"),
        ([0.7, 0.2, 0.1, 0.9], "tray x 0.7-0.1, y 0.2-0.9: needs x0 < x1"),
        ([0, 0, 2, 1], "within 0..1"),
    ],
)
def test_a_broken_tray_names_the_file_and_the_entry(tray, message) -> None:
    data = {"format": "companion-calibration/1", "layout": "g", "tray": tray}
    with pytest.raises(CompanionError, match=message) as err:
        calibration_from_json(data, "cam.json")
    assert str(err.value).startswith("cam.json: tray") and "\n" not in str(err.value)


# --------------------------------------------------------------------------- the step


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def frame(tmp_path: Path) -> Path:
    """A 640 × 960 photo: three dice in the middle half (the tray), four above and below."""
    tray = render_scene(11, scene_options(dice=(3, 3), touching=0.0, max_tilt=10.0))
    clutter = render_scene(12, scene_options(dice=(4, 4), touching=0.0, max_tilt=10.0))
    path = tmp_path / "frame.png"
    cv2.imwrite(str(path), np.vstack([clutter.image[:240], tray.image, clutter.image[240:]]))
    return path


def test_calibrate_tray_says_what_it_reads_inside_and_leaves_out(capsys, tmp_path, frame) -> None:
    cal = tmp_path / "cal.json"
    code, out, err = run(capsys, "calibrate", "tray", frame, "--box", "0,240,640,720", "-c", cal)
    assert code == 0, err
    assert "tray: x 0-1, y 0.25-0.75 of the frame; 3 dice read inside it" in out
    assert "4 outside it left out" in out
    assert load_calibration(cal).tray == Tray(0.0, 0.25, 1.0, 0.75)
    assert "tray: x 0-1, y 0.25-0.75 of the frame" in run(capsys, "calibrate", "show", "-c", cal)[1]
    code, out, _ = run(capsys, "calibrate", "tray", "--clear", "-c", cal)
    assert code == 0 and load_calibration(cal).tray is None
    code, out, _ = run(capsys, "calibrate", "restore", "-c", cal)  # the backup had the tray
    assert code == 0 and load_calibration(cal).tray == Tray(0.0, 0.25, 1.0, 0.75)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["{frame}", "--box", "0,240,700,720"], "frame.png: --box 0,240,700,720 is not inside"),
        (["{frame}", "--box", "0,240,640"], "'0,240,640' is not X0,Y0,X1,Y1 in pixels"),
        (["{frame}", "--box", "600,240,40,720"], "needs X0 < X1 and Y0 < Y1"),
        (
            ["{frame}", "--box", "0,0,5,5"],
            "frame.png: --box 0,0,5,5: each side must be at least 2%",
        ),
        (["{frame}"], "give PHOTO and --box X0,Y0,X1,Y1 (or --clear)"),
        (["{frame}", "--clear"], "--clear takes no PHOTO and no --box"),
        (["{tmp}/nope.png", "--box", "0,0,9,9"], "cannot read the image"),
    ],
)
def test_calibrate_tray_mistakes_are_one_line_exit_2(
    capsys, tmp_path, frame, argv, message
) -> None:
    cal = tmp_path / "cal.json"
    argv = [a.format(frame=frame, tmp=tmp_path) for a in argv]
    code, out, err = run(capsys, "calibrate", "tray", *argv, "-c", cal)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1
    assert not cal.exists()  # nothing written


# --------------------------------------------------------------------------- the live loop


def watcher(**options: object) -> Watcher:
    start = start_position("gravitation")
    return Watcher(Referee.start(start, lambda *_: []), BoardReader(start.layout), **options)


def test_the_watcher_reads_the_dice_in_its_tray_of_the_scaled_view(frame: Path) -> None:
    image = cv2.resize(cv2.imread(str(frame)), (1280, 1920))  # a camera frame twice the view
    glance = watcher(dice_tray=Tray(0.0, 0.25, 1.0, 0.75)).look(image)
    assert glance.kind == "dice" and glance.dice is not None and glance.dice_scale == 2.0
    assert len(glance.dice.dice) == 3
    assert all(480 < d.y * glance.dice_scale < 1440 for d in glance.dice.dice)


def test_a_new_tray_applies_from_the_next_frame_on_the_same_picture_too(frame: Path) -> None:
    image = cv2.imread(str(frame))
    live = watcher()
    assert len(live.look(image).dice.dice) == 7
    live.use_dice(Tray(0.0, 0.25, 1.0, 0.75))  # the calibration page saved a tray
    glance = live.look(image)
    assert len(glance.dice.dice) == 3 and glance.dice_tray == Tray(0.0, 0.25, 1.0, 0.75)
    live.use_dice(None)
    assert len(live.look(image).dice.dice) == 7


def test_the_live_view_draws_the_tray_at_its_place_on_any_view_size() -> None:
    from companion.vision.overlay import TRAY, draw_tray

    view = np.zeros((480, 640, 3), np.uint8)
    draw_tray(view, Tray(0.25, 0.5, 0.75, 1.0))
    drawn = np.argwhere(np.all(view == TRAY, axis=2))
    assert np.abs(drawn.min(axis=0) - (240, 160)).max() <= 1  # the lines 2 px wide
    assert np.abs(drawn.max(axis=0) - (479, 479)).max() <= 1


def test_a_tray_that_is_no_tray_is_refused_in_one_language():
    with pytest.raises(CompanionError) as refused:
        Tray(0.0, 0.0, 1.5, 1.0)
    assert render(refused.value.args[0], "de").startswith("Würfelschale x 0-1.5, y 0-1: ")
    assert render(refused.value.args[0], "en").startswith("tray x 0-1.5, y 0-1: ")
