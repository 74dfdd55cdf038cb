"""Calibration: ChArUco intrinsics, the calibration file, and the `companion calibrate` flow."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.errors import CompanionError
from companion.model.layout import Layout
from companion.model.position import start_position
from companion.synth import Camera, photograph, random_camera
from companion.synth.board import photograph_flat, random_pose
from companion.vision.calibration import (
    Calibration,
    calibration_from_json,
    load_calibration,
    save_calibration,
)
from companion.vision.charuco import (
    CHARUCO_SQUARE_MM,
    CHARUCO_SQUARES,
    calibrate_camera,
    charuco_image,
)

TARGET_MM = (CHARUCO_SQUARES[0] * CHARUCO_SQUARE_MM, CHARUCO_SQUARES[1] * CHARUCO_SQUARE_MM)


def target_photos(camera: Camera, count: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    texture = charuco_image(4.0)
    return [photograph_flat(texture, *TARGET_MM, camera, rng)[0] for _ in range(count)]


@pytest.fixture(scope="module")
def pi_camera() -> Camera:
    cam = random_camera(np.random.default_rng(2))
    dist = np.array([-0.12, 0.03, 0.0, 0.0, 0.0])
    return Camera(cam.matrix, dist, cam.width, cam.height)


def test_charuco_photos_give_back_focal_length_and_lens(pi_camera):
    cal = calibrate_camera(target_photos(pi_camera, 8, seed=1))
    assert cal.images == 8 and cal.rms_px < 0.5
    got = cal.intrinsics
    assert got.matrix[0, 0] == pytest.approx(pi_camera.matrix[0, 0], rel=0.01)
    assert got.matrix[0, 2] == pytest.approx(pi_camera.matrix[0, 2], abs=4)
    # the lens as a whole: points out where a board is seen land where the true lens puts them
    corner = np.array([[200.0, 150.0], [1080.0, 810.0], [1100.0, 200.0]])
    true = cv2.undistortPoints(corner, pi_camera.matrix, pi_camera.distortion, P=pi_camera.matrix)
    assert np.abs(got.undistort(corner) - true.reshape(-1, 2)).max() < 1.5


def test_too_few_target_photos_is_a_one_line_error(pi_camera):
    photos = [*target_photos(pi_camera, 2, seed=3), np.full((960, 1280, 3), 90, np.uint8)]
    with pytest.raises(CompanionError, match=r"found in 2 of 3 photos; need at least 4") as err:
        calibrate_camera(photos)
    assert "\n" not in str(err.value)


def test_the_calibration_file_round_trips(tmp_path, pi_camera):
    from companion.model.layoutfile import load_layout
    from companion.vision import Intrinsics, default_profiles
    from companion.vision.calibration import CameraCalibration, ManualCorners

    cal = Calibration(
        "gravitation",
        CameraCalibration(Intrinsics(pi_camera.matrix, pi_camera.distortion, 1280, 960), 0.21, 9),
        ManualCorners(
            np.array([[-1.0, -1], [1, -1], [1, 1], [-1, 1]]),
            np.array([[1, 2], [3, 4], [5, 6], [7, 9.0]]),
        ),
        default_profiles(load_layout("gravitation")),
        name="table 1",
    )
    path = save_calibration(cal, tmp_path / "cam.json")
    again = load_calibration(path)
    assert again.to_json() == cal.to_json()
    assert json.loads(path.read_text())["camera"]["images"] == 9


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "other"}, "not a calibration file"),
        ({"format": "companion-calibration/1"}, "'layout' must name"),
        (
            {"format": "companion-calibration/1", "layout": "g", "camera": {"matrix": [1]}},
            "camera: bad or missing entry",
        ),
        (
            {"format": "companion-calibration/1", "layout": "g", "board": {"method": "manual"}},
            "board: bad or missing entry",
        ),
        (
            {"format": "companion-calibration/1", "layout": "g", "colours": {"pieces": {}}},
            "bad colour profiles",
        ),
    ],
)
def test_a_broken_calibration_file_is_named_in_one_line(data, message):
    with pytest.raises(CompanionError, match=message) as err:
        calibration_from_json(data, "cam.json")
    assert str(err.value).startswith("cam.json") and "\n" not in str(err.value)


@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=5),
        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=4),
        max_leaves=12,
    )
)
def test_any_json_is_a_calibration_or_a_one_line_error(data):
    for value in (
        data,
        {"format": "companion-calibration/1", "layout": "g", "camera": data},
        {"format": "companion-calibration/1", "layout": "g", "colours": data},
    ):
        try:
            calibration_from_json(value)
        except CompanionError as exc:
            assert "\n" not in str(exc)


# --------------------------------------------------------------------------- the flow


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(path: Path, image: np.ndarray) -> Path:
    cv2.imwrite(str(path), image)
    return path


@pytest.mark.slow
def test_the_calibration_flow_from_target_to_reading(
    capsys, tmp_path, gravitation: Layout, pi_camera
):
    """The steps of calibration/README.md, as a person would run them."""
    cal = tmp_path / "pi-cam-gravitation.json"
    code, out, _ = run(capsys, "calibrate", "target", "-o", tmp_path / "charuco.png")
    assert code == 0 and "30 mm" in out
    printed = cv2.imread(str(tmp_path / "charuco.png"), cv2.IMREAD_GRAYSCALE)
    assert printed.shape == (1500, 2100)

    photos = [
        write(tmp_path / f"target{k}.png", im)
        for k, im in enumerate(target_photos(pi_camera, 6, seed=5))
    ]
    code, out, err = run(capsys, "calibrate", "camera", *photos, "-c", cal, "--name", "pi cam")
    assert code == 0, err
    assert "6 photos used" in out

    rng = np.random.default_rng(6)
    rvec, tvec = random_pose(gravitation.width, gravitation.height, pi_camera, rng)
    empty_pos = start_position(layout=gravitation, players=["red", "yellow"])

    def shot(position, name):  # type: ignore[no-untyped-def]
        photo = photograph(position, rng, camera=pi_camera, rvec=rvec, tvec=tvec, scene_seed=1)
        return write(tmp_path / name, photo.image), photo

    start_path, _ = shot(start_position(layout=gravitation), "start.png")
    empty_path, empty_photo = shot(gravitation, "empty.png")
    assert empty_photo.truth == {}
    game = empty_pos.moved({"red.S1": "U1.13", "yellow.S1": "U3.2"})
    game_path, game_photo = shot(game, "game.png")
    code, out, err = run(
        capsys, "calibrate", "colours", "--empty", empty_path, "--start", start_path, "-c", cal
    )
    assert code == 0, err
    assert "measured on 2 photos" in out

    code, out, _ = run(capsys, "calibrate", "show", "-c", cal)
    assert "pi cam" in out and "red, yellow, green, blue, white" in out

    # the calibration photo itself reads back exactly (white pieces there are clipped at 255)
    code, out, _ = run(capsys, "read-board", start_path, "--calibration", cal, "--json")
    assert json.loads(out)["fields"] == dict(start_position(layout=gravitation).occupant)

    code, out, err = run(capsys, "read-board", game_path, "--calibration", cal, "--json")
    assert code == 0, err
    line = json.loads(out)
    assert line["found"] and not line["busy"]
    assert line["fields"] == game_photo.truth
    assert line["fields"]["U1.13"] == "red"

    code, out, _ = run(capsys, "calibrate", "check", game_path, "-c", cal, "-o", tmp_path / "p.png")
    assert code == 0 and (tmp_path / "p.png").exists()


def test_four_clicked_corners_replace_the_markers(capsys, tmp_path, gravitation, pi_camera):
    rng = np.random.default_rng(12)
    position = start_position(layout=gravitation, players=["green", "blue"])
    photo = photograph(position, rng, camera=pi_camera)
    hw = gravitation.width / 2
    corners = np.array([[-hw, -hw, 0], [hw, -hw, 0], [hw, hw, 0], [-hw, hw, 0]])
    px = cv2.projectPoints(corners, photo.rvec, photo.tvec, pi_camera.matrix, pi_camera.distortion)[
        0
    ]
    points = [f"{x:.1f},{y:.1f}" for x, y in px.reshape(4, 2)]
    cal = tmp_path / "cal.json"
    code, _, err = run(capsys, "calibrate", "corners", "--points", *points, "-c", cal)
    assert code == 0, err
    image = photo.image.copy()
    assert load_calibration(cal).corners is not None
    # the four-corner board needs a lens calibration as well to hit the stations exactly
    data = json.loads(cal.read_text())
    data["camera"] = {
        "width": 1280,
        "height": 960,
        "matrix": pi_camera.matrix.tolist(),
        "distortion": pi_camera.distortion.tolist(),
    }
    cal.write_text(json.dumps(data))
    code, out, err = run(
        capsys, "read-board", write(tmp_path / "g.png", image), "--calibration", cal, "--json"
    )
    assert code == 0, err
    assert json.loads(out)["fields"] == photo.truth


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["calibrate", "corners", "--points", "1,1", "2,2", "3,3", "x", "-c", "{tmp}/c.json"],
            "'x' is not X,Y",
        ),
        (
            ["calibrate", "corners", "--points", "1,1", "2,2", "3,3", "4,4", "-c", "{tmp}/c.json"],
            "do not span an area",
        ),
        (["calibrate", "colours", "-c", "{tmp}/c.json"], "give at least one of"),
        (["calibrate", "show", "-c", "{tmp}/missing.json"], "cannot read calibration"),
        (["calibrate", "camera", "{tmp}/nope.png", "-c", "{tmp}/c.json"], "cannot read the image"),
        (["calibrate", "target", "-o", "{tmp}/t.png", "--px-per-mm", "0"], "must be positive"),
    ],
)
def test_calibrate_mistakes_are_one_line_and_exit_2(capsys, tmp_path, argv, message):
    code, out, err = run(capsys, *[a.format(tmp=tmp_path) for a in argv])
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def die_photo() -> np.ndarray:
    """A red die with white pips showing five, on a green cloth."""
    image = np.full((240, 320, 3), (40, 120, 30), np.uint8)
    cv2.rectangle(image, (130, 90), (190, 150), (40, 40, 200), -1)
    for dx, dy in ((-18, -18), (18, -18), (0, 0), (-18, 18), (18, 18)):
        cv2.circle(image, (160 + dx, 120 + dy), 5, (245, 245, 245), -1)
    return image


def test_a_die_is_measured_body_and_pips(capsys, tmp_path):
    photo = write(tmp_path / "die.png", die_photo())
    cal = tmp_path / "cal.json"
    code, out, err = run(
        capsys,
        "calibrate",
        "dice",
        photo,
        "--name",
        "d6",
        "--at",
        "160,120",
        "--radius",
        "28",
        "-c",
        cal,
    )
    assert code == 0, err
    die = load_calibration(cal).dice["d6"]
    assert np.allclose(die.body_bgr, (40, 40, 200), atol=3)
    assert np.allclose(die.pips_bgr, (245, 245, 245), atol=3)
    code, out, _ = run(capsys, "calibrate", "show", "-c", cal)
    assert "dice: d6" in out


def test_a_die_outside_the_photo_is_one_line_exit_2(capsys, tmp_path):
    photo = write(tmp_path / "die.png", die_photo())
    code, out, err = run(
        capsys, "calibrate", "dice", photo, "--name", "d6", "--at", "5,5", "-c", tmp_path / "c.json"
    )
    assert code == 2 and out == ""
    assert "is not inside the 320x240 photo" in err and err.count("\n") == 1


def test_a_start_photo_of_two_players_is_calibrated_with_players(tmp_path, capsys):
    # trial s9: `calibrate colours --empty --start` on a red/yellow start expected every
    # colour: "S1 von Blau (Blau) … fehlt ein Stein" and "15 der 25 Felder … (z. B.
    # green.S1); sind die Fotos vertauscht?". --players says who plays
    start = tmp_path / "start.json"
    start.write_text(start_position(players=["red", "yellow"]).dumps())
    empty, shot, cal = tmp_path / "empty.jpg", tmp_path / "start.jpg", tmp_path / "cal.json"
    assert main(["render", "--layout", "gravitation", "--photo", "-o", str(empty)]) == 0
    assert main(["render", str(start), "--photo", "-o", str(shot)]) == 0
    argv = ["--lang", "de", "calibrate", "colours", "--empty", empty, "--start", shot]
    code, out, _ = run(capsys, *argv, "-c", cal)
    assert code == 0 and "vertauscht" in out and "S1 von Grün" in out  # as players say it
    code, out, _ = run(capsys, *argv, "--players", "Rot,Gelb", "-c", tmp_path / "two.json")
    assert code == 0 and "Hinweis" not in out, out
    learnt = load_calibration(tmp_path / "two.json").profiles
    assert learnt is not None and set(learnt.colours) == {"red", "yellow"}
