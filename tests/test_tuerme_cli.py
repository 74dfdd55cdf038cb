"""`companion moves` and `companion check` on a race-game position ("game": "tuerme")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main

EXAMPLE = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "tuerme.json")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_moves_lists_the_bridge_and_the_dissolving_top_piece(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "moves", EXAMPLE, "--roll", "5,2")
    assert code == 0
    assert out.splitlines() == [
        "5 und 2  (T.12 → T.19)",
        "2, Brücke und 5  (T.12 → T.25)",
        "auflösen, 5 und 2  (T.50 → T.57)",
    ]


def test_moves_json_gives_every_move_with_its_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", EXAMPLE, "--roll", "2,2", "--json", "--gloss")
    data = json.loads(out)
    assert code == 0 and data["count"] == len(data["moves"]) == 6
    first = data["moves"][0]
    assert first["roll_again"] and first["position"]["to_move"] == "red"
    assert first["gloss"] == "a piece moves 2, then moves 2"


def test_check_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", EXAMPLE, "--roll", "5,2", "2, Brücke und 5")[0] == 0
    code, out, _ = run(capsys, "check", EXAMPLE, "--roll", "5,2", "5 und 2", "--from", "T.40")
    assert code == 1 and out.startswith("illegal: yellow's tower on T.43 is in the way")
    code, out, _ = run(capsys, "check", EXAMPLE, "--roll", "5,2", "5 und 2")
    assert code == 1 and out.startswith("ambiguous:")
    code, _, err = run(capsys, "check", EXAMPLE, "--roll", "5,2", "fünf und Turm")
    assert code == 2 and err.count("\n") == 1 and "at character 10" in err


def test_check_json_has_the_verdict_and_the_position_after(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "check", EXAMPLE, "--roll", "5,2", "7", "--to", "T.19", "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "legal" and data["announcement"] == "5 und 2"
    assert "T.19" in data["position"]["pieces"]["red"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--roll", "7,2", "5 und 2"], "each die shows 1 to 6"),
        (["--roll", "5", "5 und 2"], "a roll is two dice"),
        (["--roll", "5,2", "--to", "Z.9", "5 und 2"], "--to 'Z.9'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code, _, err = run(capsys, "check", EXAMPLE, *argv)
    assert code == 2 and words in err and err.count("\n") == 1


def test_a_broken_tower_in_the_position_file_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(Path(EXAMPLE).read_text())
    del data["stacks"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "moves", str(path), "--roll", "5,2")
    assert code == 2 and "a mixed tower on T.50" in err


def test_the_console_examples_of_docs_tuerme_md_are_what_the_commands_print(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each `$ companion …` line of docs/tuerme.md and the lines under it, up to any '…'."""
    import shlex

    doc = (Path(__file__).resolve().parents[1] / "docs" / "tuerme.md").read_text()
    block = doc.split("```console\n")[1].split("```")[0]
    runs = [chunk.split("\n", 1) for chunk in block.split("$ companion ")[1:]]
    assert len(runs) >= 5
    root = str(Path(__file__).resolve().parents[1])
    for command, shown in runs:
        argv = [a.replace("docs/", f"{root}/docs/") for a in shlex.split(command)]
        _, out, _ = run(capsys, *argv)
        assert len(out.splitlines()) == len(shown.strip().splitlines()), command
        for want, got in zip(shown.strip().splitlines(), out.splitlines(), strict=True):
            assert got.startswith(want.split("…")[0]), (command, want, got)
