"""`companion moves --turns` for TENET: whole turns, the winning ones first, lazily, bounded."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from tenet_helpers import make

from companion.cli import main
from companion.games.tenet.board import board
from companion.games.tenet.moves import TooManyTurns, search
from companion.games.tenet.rules import on_board, pasch_move
from companion.games.tenet.turns import turns

# "3 2 1" of the Merkur table: red's ball x on the exit X1-7, z on P1.2, the stone on Merkur
MERKUR = make({"red": ["X1-7", "P1.2"], "blue": ["K1.4"]}, stone="P1.3")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refuses an option's value itself
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "tenet.json"
    path.write_text(MERKUR.dumps())
    return path


def test_a_winning_turn_is_listed_first(capsys: pytest.CaptureFixture[str], game: Path) -> None:
    code, out, _ = run(capsys, "moves", str(game), "--roll", "3,1,2", "--turns", "--limit", "3")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4
    assert lines[0] == (
        "2 von P1.2 nach P1.4; Stein der Weisen  (P1.2 → P1.4)  [red takes the stone and wins]"
    )
    assert lines[-1] == "… more not listed (--limit 3)"


def test_turns_as_json_say_whether_more_were_left_out(
    capsys: pytest.CaptureFixture[str], game: Path
) -> None:
    code, out, _ = run(capsys, "moves", str(game), "--roll", "1,3,2", "--turns", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 20 and data["more"] is True  # the default limit
    assert data["moves"][0]["winner"] == "red"
    assert all(len(m["steps"]) >= 1 for m in data["moves"])


def test_a_bad_limit_is_refused_in_one_line(capsys: pytest.CaptureFixture[str], game: Path) -> None:
    code, _, err = run(capsys, "moves", str(game), "--roll", "1,3,2", "--turns", "--limit", "0")
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize(
    ("balls", "roll"),
    [
        ({"red": ["P1.2"], "blue": ["K1.4"]}, (1, 3, 2)),
        ({"red": ["P3.4"], "blue": []}, (9, 3, 2)),
    ],
)
def test_every_whole_turn_once_as_the_full_search_finds_them(
    balls: dict[str, list[str]], roll: tuple[int, int, int]
) -> None:
    pos = make(balls, stone="P1.3" if "P1.2" in balls["red"] else "P3.3")
    listed = list(turns(pos, roll))
    b = board(pos.layout)
    planet = 1 if pos.stone == "P1.3" else 3
    full = search(b, on_board(pos), "red", roll, planet)
    assert len(listed) == len({m.outcome for m in listed})
    assert {(on_board(m.after), m.winner is not None) for m in listed} == {
        (t.board, t.won) for t in full
    }
    wins = [m.winner is not None for m in listed]
    assert wins == sorted(wins, reverse=True)  # the winning turns first


def test_turns_come_lazily_where_the_full_search_gives_up() -> None:
    # every entry field held by blue: more than 20,000 different boards after two dice
    entries = sorted(f.id for f in MERKUR.layout if f.label == "entry")
    pos = make({"red": [], "blue": entries})
    with pytest.raises(TooManyTurns):
        search(board(pos.layout), on_board(pos), "red", (1, 3, 2), None)
    first = list(itertools.islice(turns(pos, (1, 3, 2)), 5))
    assert len(first) == 5 and all(len(m.steps) == 3 for m in first)


def test_a_pasch_is_one_turn_per_clearing_fewest_fields_first_in_board_order() -> None:
    # Pasch 5, third die 3: the balls on K3.4 and K3.12 may go back to start, or not
    pos = make({"red": ["K3.4", "P5.2"], "blue": ["K3.12"]})
    assert [m.announcement for m in turns(pos, (5, 5, 3))] == [
        "Pasch 5: Stein auf Jupiter",
        "Pasch 5: Stein auf Jupiter, räumt K3.4",
        "Pasch 5: Stein auf Jupiter, räumt K3.12",
        "Pasch 5: Stein auf Jupiter, räumt K3.4, K3.12",  # the ring's order, not the ids'
    ]


def test_a_pasch_puts_the_fields_it_clears_in_board_order_however_they_come() -> None:
    # the last review: the live clearing and self-play each ordered them; now pasch_move does
    pos = make({"red": ["K3.4", "P5.2"], "blue": ["K3.12"]})
    move = pasch_move(pos, (5, 5, 3), ["K3.12", "K3.4"])  # as seen gone, in the ids' order
    assert move.cleared == ("K3.4", "K3.12")
    assert move.announcement == "Pasch 5: Stein auf Jupiter, räumt K3.4, K3.12"
