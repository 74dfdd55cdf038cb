"""`companion moves` and `companion check` on a Tunnel X position ("game": "tunnelx")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gravitation_helpers import make_tunnelx

from companion.cli import main

EXAMPLE = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "tunnelx.json")


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """The board of the rulebook's "Tunneln ohne Pasch" (see test_tunnelx_examples.py)."""
    path = tmp_path / "tunnelx.json"
    pos = make_tunnelx({"red": ["U1.39"], "yellow": ["U1.1", "U1.4"], "green": ["U1.3", "U1.5"]})
    path.write_text(pos.dumps())
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_position_file_names_the_game(example: Path) -> None:
    data = json.loads(example.read_text())
    assert data["game"] == "tunnelx" and "phase" not in data


def test_moves_lists_tunnels_and_who_goes_home(
    capsys: pytest.CaptureFixture[str], example: Path
) -> None:
    code, out, _ = run(capsys, "moves", str(example), "--roll", "4,2")
    assert code == 0
    line = "Wurf 4, 3, Tunnel 2, Tunnel 1, 0  (U1.39 → U1.7)  [sent home: U1.1, U1.3, U1.5]"
    assert line in out.splitlines()


def test_moves_json(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    code, out, _ = run(capsys, "moves", str(example), "--roll", "1,2", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == len(data["moves"])
    swap = [m for m in data["moves"] if m["kind"] in ("swap", "special")]
    assert swap and all(m["roll_again"] for m in swap)
    assert all(m["position"]["game"] == "tunnelx" for m in data["moves"])


def test_check_legal(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    code, out, _ = run(
        capsys, "check", str(example), "--roll", "4,4", "--json", "Wurf 4, 3, Tunnel 2, Tunnel 1, 0"
    )
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "legal"
    assert [d["field"] for d in data["move"]["destroyed"]] == ["U1.1", "U1.3", "U1.4", "U1.5"]
    assert data["position"]["to_move"] == "yellow"


@pytest.mark.parametrize(
    ("said", "reason"),
    [
        ("Wurf 6, 5, 4, 3, 2, 1, 0", "Wurf 6 does not fit the roll 4+2 (possible: 4, 2)"),
        ("Wurf 4, 3, 2, Tunnel 1, 0", "'2': the next field is occupied, so the piece tunnels"),
        ("Wurf 4, 3, 2, 1, 0", "'Wurf 4, 3, 2, 1, 0' ends on U2.2, U3.1, U4.0, not on U1.7"),
        ("Wurf 4, 3, Tunnel 2, 1", "the count ends at 1, not 0"),
        ("Wurf 4, Speicher 5, 4, 3, 2, 1, 0", "'Speicher': Tunnel X has no energy store"),
        ("Wurf 4, Umlaufbahn 3, 2, 1, 0", "'Umlaufbahn': Tunnel X has no gravity"),
        ("Wurf 4, 3, Stoß 2, 1, 0", "'Stoß': Tunnel X has no push"),
        ("Wurf 4, Absturz", "a player who cannot move passes"),
    ],
)
def test_check_illegal_explains(
    capsys: pytest.CaptureFixture[str], example: Path, said: str, reason: str
) -> None:
    code, out, _ = run(capsys, "check", str(example), "--roll", "4,2", "--to", "U1.7", said)
    assert code == 1 and reason in out and out.count("\n") == 1


def test_check_invalid_and_bad_input_exit_2(
    capsys: pytest.CaptureFixture[str], example: Path
) -> None:
    code, _, err = run(capsys, "check", str(example), "--roll", "4,2", "Wurf 4, Tunel 3")
    assert code == 2 and err.count("\n") == 1 and "unknown word 'Tunel'" in err
    code, _, err = run(capsys, "moves", str(example), "--roll", "4,9")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


def test_the_example_file_is_the_worked_example(capsys: pytest.CaptureFixture[str]) -> None:
    said = "Wurf 4, 3, Tunnel 2, Tunnel 1, 0"
    code, out, _ = run(capsys, "check", EXAMPLE, "--roll", "4,2", said)
    assert code == 0
    assert out.splitlines()[0] == (
        "legal: red moves U1.39 → U1.7, sends home yellow U1.1, green U1.3, green U1.5"
    )


def test_from_tells_station_pieces_apart(capsys: pytest.CaptureFixture[str]) -> None:
    # S3, S4 and S5 can each tunnel through the station and E on U1.5 to U1.8: the end
    # field is the same, so the referee needs the piece, not the field.
    said = "Wurf 4, Tunnel 3, Tunnel 2, 1, 0"
    example = EXAMPLE
    code, out, _ = run(capsys, "check", example, "--roll", "4,4", said)
    assert code == 1 and out.startswith("ambiguous:") and "(name the piece with --from)" in out
    code, out, _ = run(capsys, "check", example, "--roll", "4,4", "--from", "red.S5", said)
    assert code == 0 and out.startswith("legal: red moves red's S5 → U1.8")
    code, out, _ = run(capsys, "check", example, "--roll", "4,4", "--from", "U1.39", said)
    assert code == 1 and "not the one on U1.39" in out
    code, _, err = run(capsys, "check", example, "--roll", "4,4", "--from", "U9.1", said)
    assert code == 2 and err.count("\n") == 1 and "--from 'U9.1'" in err
