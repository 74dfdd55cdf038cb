"""`companion moves`, `check` and `join` for TENET: exit codes, JSON, one-line errors, and
free text that never breaks the checker."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tenet_helpers import make

from companion.cli import main
from companion.games.tenet.check import check
from companion.games.tenet.notation import gloss

POSITION = make({"red": ["K1.2", "P1.2"], "blue": ["X1-7"]}, stone="P1.3")


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "tenet.json"
    path.write_text(POSITION.dumps())
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_moves_lists_each_next_step_with_its_announcement(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    code, out, _ = run(capsys, "moves", str(game), "--roll", "9,4,2", "--gloss")
    assert code == 0
    assert "2 von P1.2 nach P1.4  (P1.2 → P1.4)  [moves on with 9, 4]" in out
    assert "    2 from P1.2 to P1.4" in out
    assert "K1.2 → K1.4" not in out  # blue on X1-7 blocks the way


def test_moves_json_carries_the_position_after_each_step(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    code, out, _ = run(capsys, "moves", str(game), "--roll", "1,3,2", "--json")
    data = json.loads(out)
    assert code == 0 and data["roll"] == [1, 3, 2] and data["count"] == len(data["moves"])
    hit = next(m for m in data["moves"] if m["steps"][0]["hit"] == "blue")
    assert hit["position"]["spent"] and hit["position"]["stone"] == "P1.3"


def test_check_legal_exit_0_with_the_position_after(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    text = "2 von P1.2 nach P1.4; Stein der Weisen"
    code, out, _ = run(capsys, "check", str(game), "--roll", "1,4,2", "--json", text)
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "legal" and data["move"]["winner"] == "red"
    assert data["announcement"] == text and "P1.4" in data["position"]["pieces"]["red"]


def test_check_illegal_exit_1_names_the_rule_and_the_nearest(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    code, out, _ = run(
        capsys, "check", str(game), "--roll", "9,4,2", "--json", "2 von K1.2 nach K1.4"
    )
    data = json.loads(out)
    assert code == 1 and data["verdict"] == "illegal"
    assert "blocked by blue on X1-7" in data["reason"] and len(data["nearest"]) == 3


def test_check_to_and_from_must_fit_the_said_steps(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    argv = ["check", str(game), "--roll", "9,4,2", "2 von P1.2 nach P1.4"]
    assert run(capsys, *argv, "--to", "P1.4", "--from", "P1.2")[0] == 0
    code, out, _ = run(capsys, *argv, "--to", "K1.6")
    assert code == 1 and "moves no ball to K1.6" in out
    assert run(capsys, *argv, "--from", "K1.2")[0] == 1


def test_check_invalid_exit_2_says_where(capsys: pytest.CaptureFixture[str], game: Path) -> None:
    code, out, err = run(
        capsys, "check", str(game), "--roll", "9,4,2", "--json", "2 von K1.2 nach Q7"
    )
    assert code == 2 and json.loads(out)["offset"] == 16  # the unknown field's place
    assert "no field 'Q7' on the board at character 17" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["moves", "{game}", "--roll", "3,4,8"],  # die III shows none of them
        ["moves", "{game}", "--roll", "9,4"],
        ["moves", "{game}", "--roll", "7"],  # one die only for the stone
        ["check", "{game}", "--roll", "9,4,2", "--to", "K1.3", "2 von K1.2 nach K1.4"],
        ["join", "{game}", "red"],
        ["join", "{game}", "pink"],
    ],
)
def test_bad_input_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], game: Path, argv: list[str]
) -> None:
    code, _, err = run(capsys, *[a.format(game=game) for a in argv])
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


def test_join_prints_the_position_with_the_new_player(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    code, out, _ = run(capsys, "join", str(game), "green")
    data = json.loads(out)
    assert code == 0 and data["players"] == ["red", "blue", "green"]
    assert data["pieces"]["green"] == ["start"] * 9 and data["to_move"] == "red"


def test_gloss_reads_the_announcement_in_english() -> None:
    said = "3 von Start nach X1-7, versetzt rot nach P1.1; Stein der Weisen"
    assert gloss(said) == ("3 from Start to X1-7, puts red to P1.1; takes the Philosopher's Stone")


WORDS = st.sampled_from(
    [
        "von",
        "nach",
        "versetzt",
        "Pasch",
        "Stein",
        "auf",
        "der",
        "Weisen",
        "räumt",
        "passt",
        "Start",
        "K1.2",
        "K1.4",
        "X1-7",
        "P1.4",
        "rot",
        "blau",
        "Erde",
        "9",
        "4",
        "2",
        "99",
    ]
)
TEXT = st.one_of(
    st.text(max_size=60),
    st.lists(st.one_of(WORDS, st.sampled_from([",", ";", ":", " "])), max_size=14).map(" ".join),
)


@given(TEXT, st.sampled_from([(9, 4, 2), (1, 4, 2), (5, 5, 3)]))
def test_free_text_never_raises_and_gets_a_verdict(text: str, roll: tuple[int, ...]) -> None:
    v = check(POSITION, roll, text)
    assert v.verdict in ("legal", "illegal", "invalid")
    assert "\n" not in v.reason
    json.dumps(v.to_json())


def test_the_readme_example_is_true(capsys: pytest.CaptureFixture[str]) -> None:
    example = str(Path(__file__).parents[1] / "docs" / "examples" / "tenet.json")
    said = (
        "3 von Start nach K1.4, versetzt rot nach P1.0; "
        "2 von P1.0 nach P1.2, versetzt rot nach P1.6"
    )
    code, out, _ = run(capsys, "check", example, "--roll", "1,3,2", said)
    assert code == 0 and "[red takes the stone and wins]" in out
    code, out, _ = run(
        capsys,
        "check",
        example,
        "--roll",
        "1,3,2",
        "3 von Start nach K1.4, versetzt rot nach K1.13",
    )
    assert code == 1 and "K1.13 is not free" in out
