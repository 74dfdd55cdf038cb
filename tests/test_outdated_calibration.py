"""A calibration an older version made, whose hand tests the reader cannot run, says so.

The reader compares the board between the fields with the empty look the file holds,
point by point, and the print around each field with its stored ring: a file without
them, or with the board between the fields at the points of before (a packed grid
calibrated before the fourth round of issue 31), turns a test off. The page, the
start-up log and the command line say which, and what to do (issue 31, sixth round).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from calibration_helpers import made_before, old_points, photos
from conftest import position

from companion.cli import main, serve
from companion.model.layout import Layout, grid_layout_data
from companion.model.layoutfile import read_layout
from companion.settings.config import Config
from companion.table.table import Table
from companion.texts import render
from companion.vision.board.between import to_text
from companion.vision.board.learn import default_profiles
from companion.vision.calibration import (
    Calibration,
    board_reader,
    calibration_from_json,
    outdated,
    save_calibration,
)
from companion.vision.colourfit import fit_colours, start_placement

SAY_DE = "Kalibrierung der Farben neu aufnehmen: "
SAY_EN = "Calibrate the colours again: "


@pytest.fixture(scope="module")
def fitted(gravitation: Layout) -> Calibration:
    """The Gravitation board calibrated today, from its empty photo and the start."""
    shots = [(photos()["empty"], {}), (photos()["start"], start_placement(gravitation))]
    return fit_colours(gravitation, Calibration(layout="gravitation"), shots)


def before_the_hand_tests(profiles: dict[str, Any]) -> None:
    """No ring around the fields and no board between them: a file of issue 18's time."""
    del profiles["between"]
    for look in profiles["empty"]["fields"].values():
        look.pop("surround", None)


def test_a_calibration_of_today_runs_every_hand_test_and_says_nothing(fitted, gravitation):
    reader = board_reader(gravitation, fitted)
    assert reader.tests_off() == () and outdated(reader) is None


def test_the_default_colours_never_held_those_looks_and_say_nothing(gravitation):
    assert board_reader(gravitation, None).tests_off() == ()


def test_the_old_points_between_the_fields_say_that_test_is_off_and_what_to_do(fitted, gravitation):
    reader = board_reader(gravitation, made_before(fitted, old_points))
    assert reader.tests_off() == ("between_points",)
    said = outdated(reader)
    assert render(said, "de").startswith(SAY_DE)
    assert "das Brett zwischen den Feldern an den heutigen Stellen" in render(said, "de")
    assert "Farben einmessen und speichern" in render(said, "de")
    assert render(said, "en").startswith(SAY_EN)


def test_a_19x19_grid_calibrated_before_its_islands_holds_the_old_400_points():
    """The fourth round gave a packed grid its islands: 400 points became 2,581."""
    layout = read_layout(grid_layout_data("go19", 19, 22.0, 20.0, margin=12.0), "test:go19")
    profiles = default_profiles(layout)
    data = {"format": "companion-calibration/1", "layout": "go19", "colours": profiles.to_json()}
    data["colours"]["source"] = "calibrated"
    data["colours"]["between"] = to_text(np.full((400, 3), 120.0))
    # (the default colours hold no print inside the fields either, and white is alike to
    # a plain field there: that is said too, since the seventh round)
    off = board_reader(layout, calibration_from_json(data)).tests_off()
    assert off == ("between_points", "no_print")


def test_a_file_from_before_the_hand_tests_says_both_are_off(fitted, gravitation):
    reader = board_reader(gravitation, made_before(fitted, before_the_hand_tests))
    assert reader.tests_off() == ("no_surround", "no_between")
    said = outdated(reader)
    assert "hold the print around the fields and the board between the fields, so" in render(
        said, "en"
    )
    assert "kennt den Druck um die Felder und das Brett zwischen den Feldern nicht" in render(
        said, "de"
    )


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_read_board_calibrate_check_and_show_say_it(capsys, tmp_path, fitted):
    path = save_calibration(made_before(fitted, old_points), tmp_path / "old.json")
    photo = tmp_path / "start.png"
    cv2.imwrite(str(photo), photos()["start"])
    code, out, err = run(capsys, "--lang", "de", "read-board", photo, "--calibration", path)
    assert code == 0 and out.startswith(f"{photo}: ")  # the board is still read
    assert err.startswith(f"{path}: {SAY_DE}")
    code, out, err = run(capsys, "calibrate", "check", photo, "-c", path)
    assert code == 0 and err.startswith(f"{path}: {SAY_EN}")
    code, out, _ = run(capsys, "calibrate", "show", "-c", path)
    assert code == 0 and f"  {SAY_EN}" in out
    save_calibration(fitted, path)
    code, out, err = run(capsys, "calibrate", "show", "-c", path)
    assert "  hand tests: all run" in out
    assert run(capsys, "read-board", photo, "--calibration", path)[2] == ""


def test_serve_says_it_in_the_start_up_log(caplog, tmp_path, fitted):
    config = Config(data_dir=tmp_path)
    save_calibration(made_before(fitted, old_points), config.calibration_dir / "gravitation.json")
    with caplog.at_level(logging.WARNING, logger="companion"):
        _, reader = serve._camera(config, Table.new(position()), None)
        assert reader.tests_off() == ("between_points",)  # built
    assert f"gravitation.json: {SAY_EN}" in caplog.text


def test_the_example_calibration_in_the_project_runs_every_hand_test(gravitation):
    """calibration/README.md calls it a complete example: it must not say it is outdated."""
    example = Path(__file__).parent.parent / "calibration/example-synthetic-picam3-gravitation.json"
    calibration = calibration_from_json(json.loads(example.read_text()))
    assert board_reader(gravitation, calibration).tests_off() == ()
