"""The `companion` command: exit 0 on success, 2 on bad input with one line on stderr."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest
from conftest import two_player

from companion.cli import main


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_start_prints_a_position_that_render_draws(capsys, tmp_path):
    code, out, err = run(
        capsys,
        "start",
        "--players",
        "red,yellow,green",
        "--phase",
        "2",
        "--option",
        "death_push=on",
    )
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["players"] == ["red", "yellow", "green"] and data["phase"] == 2
    assert data["options"]["death_push"] is True
    path = tmp_path / "start.json"
    path.write_text(out)
    code, out, err = run(capsys, "render", str(path), "-o", str(tmp_path / "start.svg"))
    assert code == 0 and (tmp_path / "start.svg").exists()


def test_render_of_all_five_players_to_png(capsys, tmp_path, write_json):
    code, _, _ = run(capsys, "start")
    position = write_json(json.loads(capsys.readouterr().out or "{}") or None)
    # start printed to the first readouterr; re-run to keep this test simple
    code, out, _ = run(capsys, "start")
    position.write_text(out)
    code, out, err = run(
        capsys, "render", str(position), "-o", str(tmp_path / "five.png"), "--json"
    )
    assert code == 0, err
    assert json.loads(out) == {"output": str(tmp_path / "five.png"), "layout": "gravitation"}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (two_player(energy={"red": 7}), "energy of red is 7, outside 0..5"),
        (two_player(pieces={"red": ["U0.0"]}), "red has 1 piece, ZwiAner::Gravitation needs 5"),
        ([1, 2, 3], "a position must be a JSON object"),
    ],
)
def test_a_malformed_position_exits_2_with_one_line(capsys, tmp_path, write_json, data, reason):
    path = write_json(data)
    code, out, err = run(capsys, "render", str(path), "-o", str(tmp_path / "x.svg"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and reason in err and err.startswith("companion render: ")


def test_with_lang_de_a_wrong_count_of_pieces_is_said_in_german(capsys, write_json):
    path = write_json(two_player(pieces={"red": ["U0.0"]}))  # trial s6 met it in English
    code, _, err = run(capsys, "--lang", "de", "check", str(path), "--roll", "5,2", "Wurf 7")
    assert code == 2 and err.count("\n") == 1
    assert "Rot hat 1 Stein; ZwiAner::Gravitation braucht 5 je Spieler" in err


def test_check_answers_words_too_long_as_the_page_does(capsys, write_json):
    # review s10: 330 characters the page refuses were judged in full on the command line
    path = write_json(two_player())
    said = "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0; " * 8
    code, out, err = run(capsys, "--lang", "de", "check", str(path), "--roll", "4,3", said)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("companion check: Die Ansage ist zu lang (319 Zeichen, höchstens 300)")


def test_a_malformed_layout_file_exits_2_naming_file_and_entry(capsys, tmp_path, write_json):
    layout = write_json(
        {
            "name": "bad",
            "board": {"width": 1, "height": 1},
            "piece_diameter": 1,
            "fields": [{"id": "a", "kind": "ring", "x": 0, "y": 0}],
            "lines": [{"from": "a", "to": "b", "colour": "green"}],
            "players": [],
        },
        "bad-layout.json",
    )
    position = write_json(two_player(), "pos.json")
    code, _, err = run(
        capsys, "render", str(position), "--layout", str(layout), "-o", str(tmp_path / "x.svg")
    )
    assert code == 2
    assert err == f"companion render: {layout}: line #0 a->b: unknown field 'b'\n"


def test_missing_files_and_usage_errors_are_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "render", str(tmp_path / "none.json"), "-o", "x.svg")
    assert code == 2 and err.count("\n") == 1  # the path once, the reason as read-dice says it
    missing = f"{tmp_path / 'none.json'}: cannot read the position (No such file or directory)"
    assert err == f"companion render: {missing}\n"
    with pytest.raises(SystemExit) as exit_:
        main(["render"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_console_script_runs(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "companion", "start", "--players", "blue,white"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["to_move"] == "blue"


@pytest.mark.parametrize("name", ["gravitation", "tuerme", "tenet"])
def test_render_draws_an_empty_board_from_a_layout_name(capsys, tmp_path, name):
    out_file = tmp_path / f"{name}.png"
    code, out, err = run(capsys, "render", "--layout", name, "-o", str(out_file), "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"output": str(out_file), "layout": name}
    assert out_file.read_bytes().startswith(b"\x89PNG")


def test_render_without_position_or_layout_says_what_is_missing(capsys, tmp_path):
    code, out, err = run(capsys, "render", "-o", str(tmp_path / "x.svg"))
    assert code == 2 and out == ""
    assert err == "companion render: nothing to draw: give a POSITION file or --layout NAME\n"
    code, _, err = run(capsys, "render", "--layout", "ludo", "-o", str(tmp_path / "x.svg"))
    assert code == 2 and err.count("\n") == 1 and "no layout 'ludo'" in err
    code, _, err = run(capsys, "render", "--layout", "tenet", "--scale", "0", "-o", "x.png")
    assert code == 2 and "--scale must be more than 0" in err


def test_an_absurd_scale_is_refused_in_one_line(capsys, tmp_path):
    code, _, err = run(
        capsys,
        "render",
        "--layout",
        "gravitation",
        "-o",
        str(tmp_path / "x.png"),
        "--scale",
        "1000",
    )
    assert code == 2 and err.count("\n") == 1 and "at most 20" in err


def test_a_port_in_use_is_one_line_before_serving(capsys, tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code, _, err = run(capsys, "serve", "--port", str(port))
    assert code == 2
    assert err == f"companion serve: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    assert not (tmp_path / "home-data" / "companion" / "journal.sqlite").exists()  # no new game


def test_an_address_that_does_not_resolve_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "serve", "--host", "999.1.1.1", "--port", "8098")
    assert code == 2
    assert err.startswith("companion serve: cannot listen on 999.1.1.1:8098:")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "players"),
    [
        ([], ("red", "yellow")),  # ./run.sh: a first game is two players, not five
        (["--game", "tuerme"], None),
        (["--game", "tenet"], ("red", "orange")),  # one to nine may play; a first game is two
        (["--players", "blue,green,red"], ("blue", "green", "red")),
    ],
)
def test_serve_starts_a_two_player_game_unless_told_otherwise(monkeypatch, tmp_path, argv, players):
    from companion.cli import serve
    from companion.games import GAMES
    from companion.model.layoutfile import load_layout

    started = []
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(serve, "_serve", lambda args, config, start, *rest: started.append(start))
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    main(["serve", "--port", str(port), *argv])
    if players is None:  # the game's first two seats
        spec = GAMES["tuerme"]
        players = load_layout(spec.default_layout).colours[:2]
    assert started[0].players == players


def test_players_are_named_in_either_language(capsys):
    code, out, _ = run(capsys, "start", "--players", "Rot,Gelb")
    assert code == 0 and json.loads(out)["players"] == ["red", "yellow"]


def test_with_lang_de_a_position_that_cannot_be_read_is_said_in_german(capsys, tmp_path):
    missing = tmp_path / "none.json"
    code, _, err = run(capsys, "--lang", "de", "moves", str(missing), "--roll", "5,2")
    assert code == 2
    assert (
        err == f"companion moves: {missing}: kann die Stellung nicht lesen (Datei nicht gefunden)\n"
    )


def test_with_lang_de_a_photo_that_cannot_be_read_is_said_in_german(capsys, tmp_path):
    missing, broken = tmp_path / "none.jpg", tmp_path / "broken.jpg"
    broken.write_bytes(b"hello, I am text")
    code, _, err = run(capsys, "--lang", "de", "read-dice", str(missing))
    assert code == 2
    assert (
        err == f"companion read-dice: {missing}: kann das Bild nicht lesen (Datei nicht gefunden)\n"
    )
    code, _, err = run(capsys, "--lang", "de", "read-board", str(broken))
    assert code == 2
    assert err == (
        f"companion read-board: {broken}: kein lesbares Bild (beschädigt oder nicht JPEG/PNG)\n"
    )


def test_with_lang_de_a_position_that_is_not_json_is_said_in_german(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{a: 1}")
    code, _, err = run(capsys, "--lang", "de", "check", str(bad), "Wurf 7", "--roll", "5,2")
    assert code == 2
    assert err == (
        f"companion check: {bad}: kein JSON: Name in doppelten Anführungszeichen erwartet in "
        "Zeile 1\n"
    )
    code, _, err = run(capsys, "--lang", "en", "check", str(bad), "Wurf 7", "--roll", "5,2")
    assert err == (
        f"companion check: {bad}: not JSON: Expecting property name enclosed in double quotes "
        "at line 1\n"
    )


@pytest.mark.parametrize(
    ("command", "content", "said"),
    [
        (
            ["read-dice", "x.jpg", "--calibration"],
            None,
            "kann die Kalibrierung nicht lesen (Datei nicht gefunden)",
        ),
        (
            ["read-dice", "x.jpg", "--calibration"],
            b"\xff\xfe{",
            "kann die Kalibrierung nicht lesen (kein UTF-8-Text)",
        ),
        (["read-board", "x.jpg", "--layout"], None, "kein Brett 'FILE': weder eingebaut ("),
        (
            ["read-board", "x.jpg", "--layout"],
            b"\xff\xfe{",
            "kann die Brettdatei nicht lesen (kein UTF-8-Text)",
        ),
    ],
)
def test_with_lang_de_calibration_and_layout_files_are_said_in_german(
    capsys, tmp_path, command, content, said
):
    # review s6 finding 7: these stayed English, a decode error as Python's codec says it
    import cv2
    import numpy as np

    path, photo = tmp_path / "file.json", tmp_path / "x.png"
    cv2.imwrite(str(photo), np.zeros((48, 64, 3), np.uint8))
    if content is not None:
        path.write_bytes(content)
    argv = [str(photo) if a == "x.jpg" else a for a in command]
    code, _, err = run(capsys, "--lang", "de", *argv, str(path))
    assert code == 2 and err.count("\n") == 1
    assert said.replace("'FILE'", repr(str(path))) in err and "codec" not in err
