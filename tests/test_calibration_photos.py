"""Colour calibration refuses photos that do not show what they are said to show.

Fitting alone would learn anything: with the empty-board and start photos swapped it
learns the printed stations as pieces, and reads both photos back "right". The shared
check (companion.calibration.fit_colours) is what the CLI and the page both get.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest
from calibration_helpers import photos

from companion.calibration import Calibration, fit_colours, load_calibration, start_placement
from companion.cli import main
from companion.errors import CompanionError
from companion.layout import Layout


def test_the_empty_board_and_the_start_fit_and_read_back(gravitation: Layout):
    shots = photos()
    cal = fit_colours(
        gravitation,
        Calibration("gravitation"),
        [(shots["empty"], {}), (shots["start"], start_placement(gravitation))],
    )
    assert cal.profiles is not None and "red" in cal.profiles.colours


def test_swapped_photos_are_refused_with_the_reason(gravitation: Layout):
    shots = photos()
    with pytest.raises(CompanionError, match=r"^empty: the board is not empty: blue.S1 \(blue\)"):
        fit_colours(
            gravitation,
            Calibration("gravitation"),
            [(shots["start"], {}), (shots["empty"], start_placement(gravitation))],
            ["empty", "start"],
        )
    with pytest.raises(CompanionError, match=r"^start: .*are the photos swapped\?$"):
        fit_colours(
            gravitation,
            Calibration("gravitation"),
            [(shots["empty"], start_placement(gravitation))],
            ["start"],
        )


def test_an_empty_board_with_pieces_on_it_is_refused_naming_the_fields(gravitation: Layout):
    """Fitting it would learn the pieces as the look of their fields (a ruined calibration)."""
    with pytest.raises(
        CompanionError,
        match=r"^empty: the board is not empty: blue.S1 \(blue\), .* and 19 more; clear",
    ):
        fit_colours(gravitation, Calibration("gravitation"), [(photos()["start"], {})], ["empty"])


def test_a_start_photo_with_a_piece_out_of_place_is_refused(gravitation: Layout):
    shots = photos()
    with pytest.raises(CompanionError) as caught:
        fit_colours(
            gravitation,
            Calibration("gravitation"),
            [(shots["empty"], {}), (shots["moved"], start_placement(gravitation))],
            ["empty", "start"],
        )
    message = str(caught.value)
    assert message.startswith("start: does not read back as its position")
    assert "U1.13 shows red, should be empty (2 fields differ: U1.13, red.S1)" in message
    assert "\n" not in message


def test_the_cli_refuses_swapped_photos_and_writes_nothing(capsys, tmp_path: Path):
    shots = photos()
    for name in ("empty", "start"):
        cv2.imwrite(str(tmp_path / f"{name}.png"), shots[name])
    cal = tmp_path / "cal.json"
    argv = ["calibrate", "colours", "-c", str(cal)]
    swapped = [
        *argv,
        "--empty",
        str(tmp_path / "start.png"),
        "--start",
        str(tmp_path / "empty.png"),
    ]
    assert main(swapped) == 2
    err = capsys.readouterr().err
    assert "start.png (empty board): the board is not empty: blue.S1 (blue)" in err
    assert err.count("\n") == 1
    assert not cal.exists()
    right = [*argv, "--empty", str(tmp_path / "empty.png"), "--start", str(tmp_path / "start.png")]
    assert main(right) == 0
    assert load_calibration(cal).profiles is not None


def test_the_cli_restores_the_previous_calibration_and_resets_to_the_defaults(
    capsys, tmp_path: Path
):
    shots = photos()
    for name in ("empty", "start"):
        cv2.imwrite(str(tmp_path / f"{name}.png"), shots[name])
    cal = tmp_path / "cal.json"
    assert main(["calibrate", "restore", "-c", str(cal)]) == 2
    assert "no previous calibration to restore" in capsys.readouterr().err
    fit = ["calibrate", "colours", "-c", str(cal), "--empty", str(tmp_path / "empty.png")]
    assert main([*fit, "--start", str(tmp_path / "start.png")]) == 0
    assert main(["calibrate", "corners", "-c", str(cal), "--points", *CORNERS]) == 0
    with_corners = cal.read_text(encoding="utf-8")
    assert main(["calibrate", "restore", "-c", str(cal)]) == 0
    assert load_calibration(cal).manual is None  # the step before the corners
    assert main(["calibrate", "reset", "-c", str(cal)]) == 0
    assert not cal.exists()
    assert main(["calibrate", "restore", "-c", str(cal)]) == 0
    assert cal.read_text(encoding="utf-8") != with_corners and load_calibration(cal).profiles


CORNERS = ["10,10", "600,12", "590,460", "12,450"]
