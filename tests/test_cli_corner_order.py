"""A club's own symmetric board located by four corners given in a turned order (new-user
trial s9): `render --photo` lies the board as its random camera pose turns it (r0c0 at
the bottom left for seed 0), the corners clicked "as it looks" were taken, and `calibrate
colours` refused with "r2c6 should look as on …; is a hand over it?", no word of the
corners. Now the refusal names the order to give, and `calibrate corners -h` says which
corner is which."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.cli.calibrate import _turns
from companion.model.layoutfile import load_layout
from companion.synth.board import NORMAL, random_camera, random_pose

STONES = '{"fields": {"r0c0": "black", "r0c8": "white", "r8c8": "black"}}'


def corners_in_photo(layout: Path, seed: int = 0) -> list[str]:
    """Where `render --photo --seed SEED` puts the board's top-left, top-right,
    bottom-right and bottom-left corner (its pose comes first from the seed)."""
    board = load_layout(str(layout))
    rng = np.random.default_rng(seed)
    camera = random_camera(rng)
    rvec, tvec = random_pose(board.width, board.height, camera, rng, fill=NORMAL.fill)
    w, h = board.width / 2, board.height / 2
    mm = np.array([[-w, -h, 0], [w, -h, 0], [w, h, 0], [-w, h, 0]], float)
    px = cv2.projectPoints(mm, rvec, tvec, camera.matrix, camera.distortion)[0].reshape(-1, 2)
    return [f"{x:.1f},{y:.1f}" for x, y in px]


def as_said(points: list[str]) -> str:
    """The points as the refusal writes them ("912", not "912.0")."""
    return " ".join(p.replace(".0,", ",").removesuffix(".0") for p in points)


@pytest.fixture
def go9(tmp_path: Path) -> Path:
    out = tmp_path / "go9.json"
    grid = ["layout", "grid", "9", "--spacing", "24", "--margin", "48", "-o", str(out)]
    assert main(grid) == 0
    (tmp_path / "stones.json").write_text(STONES)
    (tmp_path / "empty.json").write_text('{"fields": {}}')
    for name in ("stones", "empty"):
        photo = ["render", str(tmp_path / f"{name}.json"), "--layout", str(out), "--photo"]
        assert main([*photo, "-o", str(tmp_path / f"{name}.png")]) == 0
    return out


def colours(tmp_path: Path, go9: Path, points: list[str], lang: str = "en") -> int:
    cal = str(tmp_path / "go9-cal.json")
    corners = ["calibrate", "corners", "--layout", str(go9), "-c", cal, "--points", *points]
    assert main(["--lang", lang, *corners]) == 0
    stones = [str(tmp_path / "stones.png"), str(tmp_path / "stones.json")]
    fit = ["calibrate", "colours", "--layout", str(go9), "-c", cal]
    return main(
        ["--lang", lang, *fit, "--empty", str(tmp_path / "empty.png"), "--position", *stones]
    )


def test_corners_given_turned_are_refused_with_the_order_to_give(go9, tmp_path, capsys):
    right = corners_in_photo(go9)  # seed 0: r0c0's corner is at the photo's bottom left
    as_it_looks = right[1:] + right[:1]  # the photo's top left first
    assert colours(tmp_path, go9, as_it_looks) == 2
    err = capsys.readouterr().err
    order = as_said(right)
    assert f"the corners are probably turned: in the order --points {order} the photos" in err
    assert err.count("\n") == 1 and "Nothing saved" in err
    assert "or the pieces do not stand as the file says" in err  # alike on a grid (s9b)
    assert colours(tmp_path, go9, order.split()) == 0  # as it said: measured


def test_corners_turned_half_round_are_refused_though_nothing_contradicts(go9, tmp_path, capsys):
    # before, taken with a note: r0c0 and r8c8 both hold black, and the white stone on
    # the light board contradicts no empty field, so the board was learnt upside down
    right = corners_in_photo(go9)
    assert colours(tmp_path, go9, right[2:] + right[:2], lang="de") == 2
    err = capsys.readouterr().err
    assert "Felder der bekannten Fotos anders als gesagt – die Ecken sind wohl verdreht" in err
    assert f"in der Reihenfolge --points {as_said(right)} passen" in err


def test_only_turns_that_lay_the_fields_on_fields_are_tried(go9, tmp_path):
    assert _turns(load_layout(str(go9))) == [1, 2, 3]
    club = tmp_path / "club.csv"
    club.write_text("A,-20,-20\nB,20,-20\nC,20,20\n")  # three corners of a square: no turn
    out = tmp_path / "club.json"
    assert main(["layout", "fields", str(club), "--piece-diameter", "10", "-o", str(out)]) == 0
    assert _turns(load_layout(str(out))) == []


def test_corners_help_says_which_corner_is_which(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "de", "calibrate", "corners", "-h"])
    said = " ".join(capsys.readouterr().out.split())
    assert "wie das Layout das Brett zeichnet" in said and "r0c0 oben links" in said
