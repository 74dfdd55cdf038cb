"""A plain board (``companion layout grid 19 ...``) given to each of the 9 commands that
take --layout: one line and exit 2 where a game is asked of it (serve, replay and start
ended in "internal error (IndexError)", exit 3, in trial s8), or what it needs first; and
a board file ``{"fields": …}`` drawn on it by render."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main

REFUSAL = "layout 'go19' is a plain board (no players, no game)"


@pytest.fixture
def go19(tmp_path: Path) -> Path:
    out = tmp_path / "go19.json"
    assert main(["layout", "grid", "19", "--spacing", "22", "-o", str(out)]) == 0
    return out


@pytest.fixture
def position(tmp_path: Path, capsys) -> Path:
    assert main(["start", "--game", "tenet"]) == 0
    out = tmp_path / "tenet.json"
    out.write_text(capsys.readouterr().out)
    return out


def refused(capsys, args: list[str], says: str = REFUSAL) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1, err


def test_serve_refuses_a_plain_board(go19: Path, tmp_path: Path, capsys):
    refused(capsys, ["serve", "--layout", str(go19), "--data-dir", str(tmp_path / "d")])


def test_serve_refuses_it_in_german(go19: Path, tmp_path: Path, capsys):
    args = ["--lang", "de", "serve", "--layout", str(go19), "--data-dir", str(tmp_path / "d")]
    refused(capsys, args, "Brett 'go19' ist ein einfaches Brett")


def test_the_refusal_names_the_game_and_what_a_plain_board_can_do(
    go19: Path, tmp_path: Path, capsys
):
    # trial s10 (M10): "… aber nicht als tuerme spielen", the game's id, and not where to
    # draw, calibrate and read the board instead
    args = ["--lang", "de", "serve", "--layout", str(go19), "--data-dir", str(tmp_path / "d")]
    refused(capsys, [*args, "--game", "tuerme"], "nicht als Wettlauf mit Türmen und Brücken")
    refused(capsys, args, "auf der Kommandozeile gezeichnet, kalibriert und gelesen (render, ")
    english = ["serve", "--layout", str(go19), "--data-dir", str(tmp_path / "d")]
    refused(capsys, english, "not played as ZwiAner::Gravitation")


def test_start_refuses_a_plain_board(go19: Path, capsys):
    refused(capsys, ["start", "--layout", str(go19)])


def test_replay_refuses_a_plain_board(go19: Path, tmp_path: Path, capsys):
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "0001.png"), np.zeros((48, 64, 3), np.uint8))
    refused(capsys, ["replay", str(frames), "--layout", str(go19)])


@pytest.mark.parametrize(
    "args",
    [
        ["join", "{p}", "yellow"],
        ["render", "{p}", "-o", "{d}/x.png"],
        ["moves", "{p}", "--roll", "6+8+4"],
        ["check", "{p}", "8 von Start nach K1.5", "--roll", "6+8+4"],
    ],
)
def test_commands_with_a_position_refuse_a_plain_board(
    go19: Path, position: Path, tmp_path: Path, capsys, args
):
    filled = [a.format(p=position, d=tmp_path) for a in args]
    refused(capsys, [*filled, "--layout", str(go19)])


def test_read_board_says_what_a_plain_board_needs_first(go19: Path, tmp_path: Path, capsys):
    photo = tmp_path / "empty.png"
    cv2.imwrite(str(photo), np.zeros((480, 640, 3), np.uint8))
    refused(capsys, ["read-board", str(photo), "--layout", str(go19)], "calibrate its four corners")


def test_calibrate_says_what_a_plain_board_needs_first(go19: Path, tmp_path: Path, capsys):
    photo = tmp_path / "empty.png"
    cv2.imwrite(str(photo), np.zeros((480, 640, 3), np.uint8))
    args = ["calibrate", "colours", "--layout", str(go19), "--empty", str(photo)]
    refused(capsys, [*args, "-c", str(tmp_path / "go.json")], "calibrate its four corners")


STONES = '{"fields": {"r3c3": "black", "r15c15": "white", "r9c9": "black"}}'


def test_render_draws_the_stones_of_a_board_file_on_a_plain_board(go19: Path, tmp_path: Path):
    # trial s8: the shape calibration/README.md offers was "unknown key 'fields' in position"
    stones = tmp_path / "stones.json"
    stones.write_text(STONES)
    empty, drawn = tmp_path / "empty.svg", tmp_path / "stones.svg"
    assert main(["render", "--layout", str(go19), "-o", str(empty)]) == 0
    assert main(["render", str(stones), "--layout", str(go19), "-o", str(drawn)]) == 0
    circles = drawn.read_text().count("<circle") - empty.read_text().count("<circle")
    assert circles == 3 * 2  # each stone and its shadow
    photo = tmp_path / "stones.png"
    assert main(["render", str(stones), "--layout", str(go19), "--photo", "-o", str(photo)]) == 0
    assert cv2.imread(str(photo)) is not None


def test_render_asks_for_the_board_of_a_board_file(tmp_path: Path, capsys):
    stones = tmp_path / "stones.json"
    stones.write_text(STONES)
    says = 'is a board file ({"fields": …}) without its board: give --layout FILE'
    refused(capsys, ["render", str(stones), "-o", str(tmp_path / "x.png")], says)


def test_calibrate_colours_says_that_layout_is_missing(tmp_path: Path, capsys):
    # trial s8: "layout 'gravitation' has no field 'r3c3'", not that --layout was left out
    stones, photo = tmp_path / "stones.json", tmp_path / "stones.png"
    stones.write_text(STONES)
    cv2.imwrite(str(photo), np.zeros((48, 64, 3), np.uint8))
    args = ["calibrate", "colours", "--position", str(photo), str(stones)]
    says = "layout 'gravitation' has no field 'r3c3'; for a board of your own give --layout FILE"
    refused(capsys, [*args, "-c", str(tmp_path / "new.json")], says)


def test_render_reads_a_board_file_from_stdin_as_from_a_path(
    go19: Path, tmp_path: Path, monkeypatch, capsys
):
    # trial s8 leftover: `render - --layout go19.json` said "unknown key 'fields'"
    import io

    by_path, by_stdin = tmp_path / "path.svg", tmp_path / "stdin.svg"
    stones = tmp_path / "stones.json"
    stones.write_text(STONES)
    assert main(["render", str(stones), "--layout", str(go19), "-o", str(by_path)]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO(STONES))
    assert main(["render", "-", "--layout", str(go19), "-o", str(by_stdin)]) == 0
    assert by_stdin.read_text() == by_path.read_text()


def test_a_board_file_on_stdin_is_named_stdin_where_it_is_wrong(
    go19: Path, monkeypatch, tmp_path: Path, capsys
):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO('{"fields": {"r99c0": "black"}}'))
    refused(
        capsys,
        ["render", "-", "--layout", str(go19), "-o", str(tmp_path / "x.svg")],
        "stdin: layout 'go19' has no field 'r99c0'",
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(STONES))
    refused(
        capsys,
        ["render", "-", "-o", str(tmp_path / "x.svg")],
        'stdin is a board file ({"fields": …}) without its board: give --layout FILE',
    )


def test_corners_on_a_plain_board_are_said_stored_and_show_speaks_of_no_markers(
    go19: Path, tmp_path: Path, capsys
):
    # trial s10 (L2): "Brett: über vier Felder gefunden" for points only stored, and
    # `calibrate show` "das Objektiv wird aus den Markern geschätzt" on a board without any
    cal = str(tmp_path / "go.json")
    points = ["--points", "100,100", "500,100", "500,400", "100,400"]
    fields = ["--fields", "r0c0", "r0c18", "r18c18", "r18c0"]
    args = ["--lang", "de", "calibrate", "corners", "--layout", str(go19), *points, *fields]
    assert main([*args, "-c", cal]) == 0
    out = capsys.readouterr().out
    assert "gespeichert" in out and "gefunden" not in out, out
    assert main(["--lang", "de", "calibrate", "show", "-c", cal]) == 0
    out = capsys.readouterr().out
    assert "Marker" not in out and "Kamera: nicht kalibriert" in out, out
