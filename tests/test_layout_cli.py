"""``companion layout``: a club writes its board's layout file without Python (issue 31),
then calibrates it and reads it as calibration/README.md tells."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.model.layoutfile import load_layout

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "board-real-photos"


def test_a_19x19_grid_is_written_and_loads(tmp_path: Path, capsys):
    out = tmp_path / "go19.json"
    assert main(["layout", "grid", "19", "--spacing", "22", "-o", str(out)]) == 0
    assert "361 fields" in capsys.readouterr().out
    layout = load_layout(out)
    assert layout.name == "go19" and len(layout.fields) == 361
    assert layout.fields["r18c18"].x == pytest.approx(9 * 22)
    assert layout.piece_diameter == pytest.approx(19.8)


def test_fields_measured_by_hand_are_written_from_a_table(tmp_path: Path):
    table = tmp_path / "club.csv"
    table.write_text("id,x,y\n# the four corners\nA,-100,-100\nB,100,-100\nC,100,100\nD,-100,100\n")
    out = tmp_path / "club.json"
    assert main(["layout", "fields", str(table), "--piece-diameter", "25", "-o", str(out)]) == 0
    assert sorted(load_layout(out).fields) == ["A", "B", "C", "D"]


def test_a_german_spreadsheet_table_is_read_as_the_same_board(tmp_path: Path):
    # trial s10 (M9): German Excel writes ';' between cells and a decimal comma, with a
    # byte-order mark; it was "Zeile 1: erwartet ID,X,Y (mm)"
    english, german = tmp_path / "en.csv", tmp_path / "de.csv"
    english.write_text("id,x,y\nA,-100.5,-100\nB,100,-100\nC,100,100.25\n")
    german.write_text("\ufeffID;X;Y\nA;-100,5;-100\nB;100;-100\nC;100;100,25\n")
    for table in (english, german):
        assert main(["layout", "fields", str(table), "-o", str(tmp_path / "b.json")]) == 0
        board = load_layout(tmp_path / "b.json")
        assert (board.fields["A"].x, board.fields["C"].y) == (-100.5, 100.25)


def test_a_line_that_is_no_field_says_both_forms_a_table_may_take(tmp_path: Path, capsys):
    table = tmp_path / "club.csv"
    table.write_text("A,-100,5,20\n")  # a decimal comma between commas cannot be read
    assert main(["--lang", "de", "layout", "fields", str(table), "-o", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert "Zeile 1" in err and "ID;X;Y" in err and "Dezimalkomma" in err, err


def test_two_fields_closer_than_a_piece_are_named(tmp_path: Path, capsys):
    # trial s10 (M9): A1 at -100 and A2 at -99 (a typo) came out as one speck, unsaid
    table = tmp_path / "club.csv"
    table.write_text("A1,-100,0\nA2,-99,0\nB,100,0\nC,0,100\n")
    out = tmp_path / "club.json"
    assert main(["layout", "fields", str(table), "--piece-diameter", "20", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert "A1 and A2 are 1 mm apart, closer than a piece is wide (20 mm)" in said, said
    assert out.exists()  # a warning: a tight real board may do it (module docstring)
    assert main(["layout", "fields", str(table), "--piece-diameter", "1", "-o", str(out)]) == 0
    assert "apart" not in capsys.readouterr().out
    crowded = tmp_path / "crowded.csv"
    crowded.write_text("".join(f"F{i},{15 * i},0\n" for i in range(10)))
    assert main(["--lang", "de", "layout", "fields", str(crowded), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.count("Hinweis:") == 4 and "und 6 weitere Paare" in said, said


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["grid", "1", "--spacing", "22"], "2 to 40 lines"),
        (["fields", "missing.csv"], "cannot read"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys, args, says):
    assert main(["layout", *args, "-o", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_a_spacing_out_of_range_is_one_line_and_exit_2(tmp_path: Path, capsys):
    # checked by the command, not argparse, so that it is said in the run's language
    assert main(["layout", "grid", "9", "--spacing", "0.5", "-o", str(tmp_path / "x.json")]) == 2
    assert capsys.readouterr().err == "companion layout: --spacing: 0.5 is not between 1 and 1000\n"


@pytest.mark.skipif(not (DATA / "truth.json").exists(), reason="no real photos")
def test_the_real_9x9_board_is_calibrated_and_read_end_to_end(tmp_path: Path, capsys):
    """layout grid 9 -> calibrate corners (four grid points clicked) -> calibrate colours
    (empty frame and one known frame) -> read-board: every stone of another frame."""
    truth = json.loads((DATA / "truth.json").read_text())
    go9, cal = tmp_path / "go9.json", tmp_path / "cal.json"
    assert main(["layout", "grid", "9", "--spacing", "24", "--piece-diameter", "21",
                 "--piece-height", "8", "--margin", "48", "-o", str(go9)]) == 0  # fmt: skip
    points = [f"{x},{y}" for x, y in truth["go9-move_0.jpg"]["corners_px"]]
    assert main(["calibrate", "corners", "-c", str(cal), "--layout", str(go9),
                 "--fields", "r0c0", "r0c8", "r8c8", "r8c0", "--points", *points]) == 0  # fmt: skip

    def board(name: str) -> dict[str, str]:
        stones = truth[name]["stones"]
        return {"r{}c{}".format(*rc.split(",")): c for rc, c in stones.items()}

    known = tmp_path / "known.json"
    known.write_text(json.dumps({"fields": board("go9-move_13.jpg")}))
    assert main(["calibrate", "colours", "-c", str(cal), "--empty", str(DATA / "go9-move_0.jpg"),
                 "--position", str(DATA / "go9-move_13.jpg"), str(known)]) == 0  # fmt: skip
    capsys.readouterr()
    photo = str(DATA / "go9-move_7.jpg")
    assert (
        main(["read-board", photo, "--layout", str(go9), "--calibration", str(cal), "--json"]) == 0
    )
    read = json.loads(capsys.readouterr().out)
    assert read["fields"] == board("go9-move_7.jpg") and not read["busy"]
