"""Four fields whose centres locate a board without markers (new-user trial s13 L1): a
Türme club gave four track fields, and a home outside them was sampled 2.3 px off its
piece and read unsure on the calibration photo itself. Nothing was wrong with the
points; the board's place is extrapolated beyond them, and a pixel's error grows with
the distance. `calibrate corners` now says which fields lie outside, and which four
fields would leave none out."""

from __future__ import annotations

import numpy as np

from companion.cli import main
from companion.model.layout import Layout, grid_layout_data
from companion.model.layoutfile import load_layout, read_layout
from companion.vision.calibration import beyond_points, manual_corners, widest_fields

POINTS = ["--points", "100,100", "500,100", "500,400", "100,400"]


def go9() -> Layout:
    return read_layout(grid_layout_data("go9", 9, 24.0, 20.0), "test:go9")


def test_fields_beyond_the_four_points_are_named_the_farthest_first() -> None:
    board = go9()
    square = np.array([[100, 100], [500, 100], [500, 400], [100, 400]], float)

    inner = manual_corners(square, board, ["r2c2", "r2c6", "r6c6", "r6c2"])
    outer = manual_corners(square, board, ["r0c0", "r0c8", "r8c8", "r8c0"])

    outside = beyond_points(board, inner)
    # more than a spacing out: the rim of the grid (32) and the four points diagonal to
    # the corners given (r1c1 …), a corner of the grid farthest; r1c4 is one spacing out
    assert outside[0] in {"r0c0", "r0c8", "r8c8", "r8c0"} and "r1c4" not in outside
    assert len(outside) == 36 and "r1c1" in outside and not beyond_points(board, outer)
    assert widest_fields(board) == ["r0c0", "r0c8", "r8c8", "r8c0"]


def corners(*extra: str) -> int:
    """`companion --lang de calibrate corners` at POINTS on the Türme board."""
    return main(["--lang", "de", "calibrate", "corners", *POINTS, "--layout", "tuerme", *extra])


def test_calibrate_corners_says_which_fields_lie_outside_and_which_four_to_take(capsys, tmp_path):
    track = ["--fields", "T.0", "T.10", "T.20", "T.30"]

    assert corners(*track, "-c", str(tmp_path / "club.json")) == 0
    out = capsys.readouterr().out

    widest = " ".join(widest_fields(load_layout("tuerme")))
    assert "außerhalb der vier Punkte" in out and widest in out, out
    # the board's own corners leave nothing outside: no such note
    assert corners("-c", str(tmp_path / "b.json")) == 0
    assert "außerhalb" not in capsys.readouterr().out


def test_on_a_round_board_the_note_asks_for_the_boards_own_corners(capsys, tmp_path):
    # review s14b: on Gravitation's round board the four fields it advised left 27 fields
    # outside, and giving them brought the same advice again
    widest = widest_fields(load_layout("gravitation"))
    on = ["--layout", "gravitation", "-c", str(tmp_path / "g.json")]
    assert main(["--lang", "de", "calibrate", "corners", *POINTS, "--fields", *widest, *on]) == 0
    out = capsys.readouterr().out
    assert "die vier Ecken des Bretts selbst" in out and " ".join(widest) not in out, out
