"""``companion read-dice``: JSON Lines, readable lines, one-line errors with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.synth.dice import render_scene, scene_options


@pytest.fixture
def tray(tmp_path: Path) -> tuple[Path, list[int]]:
    scene = render_scene(3, scene_options(dice=(2, 2), touching=0.0, max_tilt=10.0))
    path = tmp_path / "tray.png"
    cv2.imwrite(str(path), scene.image)
    return path, sorted(d.value for d in scene.dice)


def test_json_lines_per_image(
    tray: tuple[Path, list[int]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, values = tray
    assert main(["read-dice", str(path), str(path), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    record = json.loads(lines[0])
    assert record["image"] == str(path) and record["settled"] is True
    assert sorted(d["value"] for d in record["dice"]) == values
    assert {"value", "kind", "x", "y", "confidence"} <= set(record["dice"][0])
    assert all(d["kind"] == "d6" for d in record["dice"])


def test_readable_line(tray: tuple[Path, list[int]], capsys: pytest.CaptureFixture[str]) -> None:
    path, values = tray
    assert main(["read-dice", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: 2 dice, total {sum(values)}")


def test_miwin_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scene = render_scene(5, scene_options(kind="miwin", dice=(3, 3), touching=0.0))
    path = tmp_path / "miwin.png"
    cv2.imwrite(str(path), scene.image)
    assert main(["read-dice", str(path), "--kind", "miwin", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert {d["kind"] for d in record["dice"]} <= {"miwin-III", "miwin-IV", "miwin-V"}


def test_no_dice_is_an_empty_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty-tray.png"
    cv2.imwrite(str(path), render_scene(1, scene_options(dice=(0, 0))).image)
    assert main(["read-dice", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["dice"] == []


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty file"),
        (b"\xff\xd8\xff\xe0 not really a jpeg", "truncated JPEG"),
        (b"hello, I am text", "not a readable image"),
    ],
)
def test_bad_files_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, reason: str
) -> None:
    path = tmp_path / "bad.jpg"
    path.write_bytes(content)
    assert main(["read-dice", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and reason in err and str(path) in err


def test_missing_file_and_unknown_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read-dice", "/no/such/tray.png"]) == 2
    assert "No such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        main(["read-dice", "x.png", "--kind", "d20"])
    assert exit_info.value.code == 2


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=2000))
def test_any_bytes_exit_cleanly(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "random.bin"
    path.write_bytes(data)
    assert main(["read-dice", str(path)]) in (0, 2)


def test_a_truncated_png_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, buf = cv2.imencode(".png", np.full((40, 40, 3), 128, np.uint8))
    path = tmp_path / "cut.png"
    path.write_bytes(buf.tobytes()[: len(buf) // 2])
    assert main(["read-dice", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_tiny_image_has_no_dice_and_no_traceback(tmp_path, capsys):
    import cv2
    import numpy as np

    from companion.cli import main

    path = tmp_path / "tiny.png"
    cv2.imwrite(str(path), np.zeros((2, 2, 3), np.uint8))
    assert main(["read-dice", str(path), "--json"]) == 0
    assert '"dice": []' in capsys.readouterr().out


def test_the_readmes_sample_tray_is_read_as_six_and_four(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tray = tmp_path / "tray.jpg"
    assert main(["sample", "dice", "-o", str(tray)]) == 0  # as the README has it
    capsys.readouterr()
    assert main(["read-dice", str(tray), "--json"]) == 0
    dice = json.loads(capsys.readouterr().out)["dice"]
    assert sorted(d["value"] for d in dice) == [4, 6]


def test_a_pip_beside_its_die_is_not_a_sure_die(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tray = tmp_path / "tray.jpg"  # a 2 whose lower pip was read as a die showing 1 at 0.96
    assert main(["sample", "dice", "-o", str(tray), "--seed", "4"]) == 0
    capsys.readouterr()
    assert main(["read-dice", str(tray), "--json"]) == 0
    dice = json.loads(capsys.readouterr().out)["dice"]
    assert sorted(d["value"] for d in dice if d["confidence"] >= 0.7) == [2, 5]


def test_an_unsure_die_is_marked_and_left_out_of_the_total() -> None:
    """A round grey button beside the tray read as a 2 at 41 %: the referee would ask,
    so the readable line must not add it to the total as if it were sure."""
    from companion.cli.read_dice import describe
    from companion.vision.dice.reader import DiceReading, Die

    reading = DiceReading(
        (
            Die(6, "d6", 379, 140, 1.0, True),
            Die(4, "d6", 386, 282, 0.99, True),
            Die(2, "d6", 54, 590, 0.41, True),
        )
    )
    # the count is of the sure dice too (issue 33.11); the counted dice come before
    # "not counted:", the unsure ones after it (new-user trial s6 read them all after it)
    assert describe(reading) == (
        "2 dice, total 10: 6 at 379,140 [100%]; 4 at 386,282 [99%]; "
        "1 unsure, not counted: 2 at 54,590 [41%]"
    )
    assert describe(reading, "de") == (
        "2 Würfel, Summe 10: 6 bei 379,140 [100 %]; 4 bei 386,282 [99 %]; "
        "1 unsicherer, nicht gezählt: 2 bei 54,590 [41 %]"
    )


def test_one_die_is_one_die_and_an_unsure_one_alone_is_said_apart() -> None:
    from companion.cli.read_dice import describe
    from companion.vision.dice.reader import DiceReading, Die

    reading = DiceReading((Die(5, "d6", 176, 411, 0.93, True), Die(3, "d6", 341, 437, 0.53, True)))
    assert (
        describe(reading)
        == "1 die, total 5: 5 at 176,411 [93%]; 1 unsure, not counted: 3 at 341,437 [53%]"
    )
    assert describe(reading, "de") == (
        "1 Würfel, Summe 5: 5 bei 176,411 [93 %]; 1 unsicherer, nicht gezählt: 3 bei 341,437 [53 %]"
    )
    only_unsure = DiceReading((Die(3, "d6", 341, 437, 0.53, True),))
    assert describe(only_unsure) == "0 dice, total 0; 1 unsure, not counted: 3 at 341,437 [53%]"


def test_json_says_which_dice_are_sure(monkeypatch, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from companion.vision.dice import reader
    from companion.vision.dice.reader import DiceReading, Die

    reading = DiceReading((Die(5, "d6", 176, 411, 0.93, True), Die(3, "d6", 341, 437, 0.53, True)))
    monkeypatch.setattr(reader, "read_dice", lambda *a, **k: reading)
    path = tmp_path / "two.png"
    cv2.imwrite(str(path), np.zeros((64, 64, 3), np.uint8))
    assert main(["read-dice", str(path), "--json"]) == 0
    dice = json.loads(capsys.readouterr().out)["dice"]
    assert [(d["sure"], d["confidence"]) for d in dice] == [(True, 0.93), (False, 0.53)]


# --------------------------------------------------------------------------- --calibration


def test_a_calibrated_tray_reads_only_its_dice_in_the_photos_pixels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tray = render_scene(11, scene_options(dice=(3, 3), touching=0.0, max_tilt=10.0))
    clutter = render_scene(12, scene_options(dice=(4, 4), touching=0.0, max_tilt=10.0))
    photo = tmp_path / "frame.png"  # the tray between two halves of a table with dice
    cv2.imwrite(str(photo), np.vstack([clutter.image[:240], tray.image, clutter.image[240:]]))
    cal = tmp_path / "cal.json"
    assert main(["calibrate", "tray", str(photo), "--box", "0,240,640,720", "-c", str(cal)]) == 0
    capsys.readouterr()
    assert main(["read-dice", str(photo), "--calibration", str(cal), "--json"]) == 0
    dice = json.loads(capsys.readouterr().out)["dice"]
    assert sorted(d["value"] for d in dice) == sorted(d.value for d in tray.dice)
    assert all(240 < d["y"] < 720 for d in dice)
    assert main(["read-dice", str(photo), "--json"]) == 0  # without it: all seven
    assert len(json.loads(capsys.readouterr().out)["dice"]) == 7


def test_the_measured_miwin_colours_tell_the_dice_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scene = render_scene(5, scene_options(kind="miwin", dice=(3, 3), touching=0.0))
    photo = tmp_path / "miwin.png"
    cv2.imwrite(str(photo), scene.image)
    cal = tmp_path / "cal.json"
    # a set whose III is red and whose IV is blue: measured so, they are read so
    swapped = {"miwin-IV": "miwin-III", "miwin-III": "miwin-IV"}
    for die in scene.dice:
        if die.kind in swapped:
            at = f"{die.x:.0f},{die.y:.0f}"
            argv = ["calibrate", "dice", str(photo), "--name", swapped[die.kind], "--at", at]
            assert main([*argv, "--radius", f"{die.side / 3:.0f}", "-c", str(cal)]) == 0
    capsys.readouterr()

    def kinds(*options: str) -> dict[int, str]:  # the kind read, by where the die lies
        assert main(["read-dice", str(photo), "--kind", "miwin", "--json", *options]) == 0
        dice = json.loads(capsys.readouterr().out)["dice"]
        return {round(d["x"] / 20): d["kind"] for d in dice}

    default, calibrated = kinds(), kinds("--calibration", str(cal))
    assert sorted(default.values()) == ["miwin-III", "miwin-IV", "miwin-V"]
    assert calibrated == {x: swapped.get(kind, kind) for x, kind in default.items()}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read calibration"),
        ('{"format": "companion-calibration/1", "layout": "g", "tray": [0, 0, 2, 1]}', "tray"),
        ("{", "calibration is not JSON"),
    ],
)
def test_a_bad_calibration_file_is_one_line_exit_2(
    tray: tuple[Path, list[int]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: str | None,
    message: str,
) -> None:
    cal = tmp_path / "cal.json"
    if content is not None:
        cal.write_text(content)
    assert main(["read-dice", str(tray[0]), "--calibration", str(cal)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and str(cal) in err and message in err and err.count("\n") == 1
