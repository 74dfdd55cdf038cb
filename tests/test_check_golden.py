"""`companion check` answers today as it answered when the checkers were folded together.

A record of the command's exit code, standard output and standard error for each game
(Gravitation, Tunnel X, the race game, TENET) over a few hundred announcements: the legal
moves' own words, the same words with one number changed or the last word dropped,
words that do not parse, with ``--to``/``--from`` right and wrong, with ``--json``, and
in German. The record (tests/data/check_golden.json) keeps the text answers whole and, for
``--json``, the answer without its two position objects plus a SHA-256 of all it printed:
byte-identical, yet readable in a diff.

Re-record only for a change of behaviour meant to be one:
``.venv/bin/python tests/test_check_golden.py --record``.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tenet_helpers import make as make_tenet

from companion.cli import main
from companion.games.game import game
from companion.model.position import Position, load_position

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "docs" / "examples"
RECORD = HERE / "data" / "check_golden.json"

#: Each position by name, with the rolls it is checked with.
ROLLS: dict[str, tuple[str, ...]] = {
    "station": ("5,2", "3,3"),
    "push": ("3,2", "4,1"),
    "fork": ("1,1", "2,1"),
    "tunnelx": ("4,4", "4,2"),
    "tuerme": ("5,2", "6,1", "3,3"),
    "tenet": ("9,4,2", "5,3,2"),
    "tenet_near": ("9,4,2", "1,4,2", "1,3,2"),
}


def positions() -> dict[str, Position]:
    found = {name: load_position(EXAMPLES / f"{name}.json") for name in ROLLS if name in _FILES}
    found["tenet_near"] = make_tenet({"red": ["K1.2", "P1.2"], "blue": ["X1-7"]}, stone="P1.3")
    return found


_FILES = ("station", "push", "fork", "tunnelx", "tuerme", "tenet")


def _other_number(words: str) -> str:
    """The announcement with its last number one higher (or a number added)."""
    numbers = list(re.finditer(r"\d+", words))
    if not numbers:
        return words + " 1"
    last = numbers[-1]
    return f"{words[: last.start()]}{int(last.group()) + 1}{words[last.end() :]}"


def _shorter(words: str) -> str:
    parts = re.split(r"(?<=[,;]) ", words)
    return " ".join(parts[:-1]).rstrip(",;") if len(parts) > 1 else words.split()[0]


def cases() -> Iterator[tuple[str, str, list[str]]]:
    """(position name, roll, the arguments after the position) for every case."""
    found = positions()
    for name, rolls in ROLLS.items():
        position = found[name]
        fields = sorted(position.layout.fields)
        for roll in rolls:
            moves = list(
                game(position.game).legal_moves(position, game(position.game).parse_roll(roll))
            )
            chosen = moves[:4] + moves[-2:] if len(moves) > 6 else moves
            said = [m.announcement for m in chosen]
            wrong = [_other_number(w) for w in said[:3]] + [_shorter(w) for w in said[:3]]
            garbled = ["Wurf sieben, Umlaufbahn", "3 von nach", "fünf und Turm", "Stein auf Q"]
            german = said[:2] + wrong[:1] + wrong[-1:] + garbled
            for words in dict.fromkeys(said + wrong + garbled):
                for flags in ([], ["--json"], ["--lang", "de"]):
                    if flags[:1] != ["--lang"] or words in german:
                        yield name, roll, [*flags, words]
            for m in chosen[:3]:
                move = m.to_json()
                start = move.get("from") or (move.get("steps") or [{}])[0].get("from")
                end = move.get("to") or (move.get("steps") or [{}])[-1].get("to")
                elsewhere = next(f for f in fields if f not in (start, end))
                for flags in (
                    ["--to", str(end)],
                    ["--to", elsewhere],
                    ["--from", str(start)],
                    ["--from", elsewhere, "--json"],
                    ["--to", str(end), "--from", str(start), "--json"],
                    ["--to", "Z9.99"],
                    ["--from", "nowhere"],
                ):
                    yield name, roll, [*flags, m.announcement]
                for words in (_other_number(m.announcement), _shorter(m.announcement)):
                    # the nearest moves: those ending where the camera saw the piece first
                    yield name, roll, ["--to", str(end), "--json", words]
                    yield name, roll, ["--from", str(start), words]
        yield name, "0,0", ["Wurf 7"]  # a roll no die shows: bad input


def answer(path: Path, roll: str, rest: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", str(path), "--roll", roll, *rest])
    return code, out.getvalue(), err.getvalue()


def summary(code: int, out: str, err: str, rest: list[str]) -> dict[str, Any]:
    """What the record keeps of one answer."""
    if "--json" in rest and out:
        data = json.loads(out)
        data.pop("position", None)
        data.pop("move", None)
        shown: Any = data
    else:
        shown = out
    digest = hashlib.sha256(f"{code}\0{out}\0{err}".encode()).hexdigest()
    return {"exit": code, "out": shown, "err": err, "sha256": digest}


def record(tmp: Path) -> list[dict[str, Any]]:
    files = {}
    for name, position in positions().items():
        files[name] = tmp / f"{name}.json"
        files[name].write_text(position.dumps())
    rows = []
    for name, roll, rest in cases():
        got = summary(*answer(files[name], roll, rest), rest)
        rows.append({"position": name, "roll": roll, "args": rest, **got})
    return rows


def test_check_answers_as_recorded(tmp_path: Path) -> None:
    want = json.loads(RECORD.read_text())
    got = record(tmp_path)
    assert [r["args"] for r in got] == [r["args"] for r in want]  # the same cases
    for g, w in zip(got, want, strict=True):
        assert g == w, (g["position"], g["roll"], g["args"])


def test_the_record_covers_every_verdict_and_game() -> None:
    rows = json.loads(RECORD.read_text())
    for game_name in ("station", "tunnelx", "tuerme", "tenet"):
        exits = {r["exit"] for r in rows if r["position"] == game_name}
        assert exits == {0, 1, 2}, game_name
    verdicts = {r["out"]["verdict"] for r in rows if isinstance(r["out"], dict)}
    assert verdicts == {"legal", "illegal", "ambiguous", "invalid"}


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        rows = record(Path(tmp))
    RECORD.parent.mkdir(exist_ok=True)
    RECORD.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(rows)} answers recorded in {RECORD}")
elif __name__ == "__main__":
    pytest.main([__file__, "-q"])
