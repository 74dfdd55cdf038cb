"""`companion moves` and `companion check`: exit codes, JSON, one-line errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from gravitation_helpers import make, station

from companion.cli import main


@pytest.fixture
def start_file(tmp_path: Path) -> Path:
    path = tmp_path / "start.json"
    path.write_text(make({"red": station("red", 1, 2, 3, 4, 5), "yellow": []}).dumps())
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_moves_lists_announcements(capsys: pytest.CaptureFixture[str], start_file: Path) -> None:
    code, out, _ = run(capsys, "moves", str(start_file), "--roll", "5,2")
    assert code == 0
    assert "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0  (red's S1 → U1.10)" in out.splitlines()


def test_moves_json(capsys: pytest.CaptureFixture[str], start_file: Path) -> None:
    code, out, _ = run(capsys, "moves", str(start_file), "--roll", "5,2", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == len(data["moves"])
    first = data["moves"][0]
    assert first["announcement"] == "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"
    assert first["position"]["energy"] == {"red": 0, "yellow": 0}


def test_check_legal_exit_0(capsys: pytest.CaptureFixture[str], start_file: Path) -> None:
    code, out, _ = run(
        capsys,
        "check",
        str(start_file),
        "--roll",
        "5,2",
        "--json",
        "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0",
    )
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "legal"
    assert data["position"]["pieces"]["red"][0] == "U1.10"
    assert data["position"]["to_move"] == "yellow"


def test_check_illegal_exit_1(capsys: pytest.CaptureFixture[str], start_file: Path) -> None:
    code, out, _ = run(
        capsys,
        "check",
        str(start_file),
        "--roll",
        "5,2",
        "--json",
        "Wurf 7, Umlaufbahn 5, 4, 3, 2, 1, 0",
    )
    data = json.loads(out)
    assert code == 1 and data["verdict"] == "illegal"
    assert data["reason"].startswith("Umlaufbahn 5 should be 6: 7 − 1")
    assert data["announcement"] == "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"


def test_check_ambiguous_exit_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "fork.json"
    path.write_text(make({"red": ["U1.38"], "yellow": ["U1.39", "U1.0"]}).dumps())
    code, out, _ = run(capsys, "check", str(path), "--roll", "1,1", "--json", "Wurf 2, Tunnel 1, 0")
    assert code == 1 and json.loads(out)["verdict"] == "ambiguous"
    code, out, _ = run(
        capsys, "check", str(path), "--roll", "1,1", "--to", "U3.0", "Wurf 2, Tunnel 1, 0"
    )
    assert code == 0


def test_check_invalid_exit_2(capsys: pytest.CaptureFixture[str], start_file: Path) -> None:
    code, out, err = run(capsys, "check", str(start_file), "--roll", "5,2", "--json", "Wurf x")
    assert code == 2 and json.loads(out)["verdict"] == "invalid"
    assert err.count("\n") == 1 and "needs a number" in err


def test_position_from_stdin(
    capsys: pytest.CaptureFixture[str], start_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(start_file.read_text()))
    code, out, _ = run(
        capsys, "check", "-", "--roll", "5,2", "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"
    )
    assert code == 0 and "legal" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["moves", "missing.json", "--roll", "5,2"],
        ["moves", "{start}", "--roll", "7,2"],
        ["moves", "{start}", "--roll", "five"],
        ["moves", "{start}"],
        ["check", "{start}", "--roll", "5,2", "--to", "U9.9", "Wurf 7"],
        ["check", "{bad}", "--roll", "5,2", "Wurf 7"],
    ],
)
def test_bad_input_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], start_file: Path, tmp_path: Path, argv: list[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "gravitation", "players": ["red"]}')
    argv = [a.format(start=start_file, bad=bad) for a in argv]
    code, _, err = run(capsys, *argv) if "--roll" in argv else (None, "", "")
    if code is None:
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
        return
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
