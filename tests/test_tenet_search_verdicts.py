"""TENET's board search gives the verdicts it gave before it was bounded (issue 19).

``tests/tenet_verdicts.json`` holds what ``tenet_live.explain`` answered, before its
search was changed to visit fewer states, for the boards of seeded self-play games: each
whole turn's board, that board with a ball of another player added on a free field, and
that board with one of the mover's balls moved to a free field. For each: the turns that
fit (their announcement and the dice they leave), the nearest whole turns named on a
rejection, or the error. A faster search must find the same turns, in the same order.

The nearest turns are a hint, searched within a bound (``tenet_live.NEAR_STATES``, since
issue 19 less than before): they must be the same unless that bound cut the search short,
which it does on a few boards only.

Regenerate the file only when the rules themselves change (never to make a search pass):
``python tests/test_tenet_search_verdicts.py --write``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.errors import CompanionError
from companion.games import TENET
from companion.games.tenet.live import explain, seen
from companion.games.tenet.selfplay import whole_turns
from companion.model.layoutfile import load_layout

EXPECTED = Path(__file__).with_name("tenet_verdicts.json")

#: The games: (seed, players), 40 whole turns each (fewer when someone wins).
GAMES = ((1, 2), (2, 3), (3, 5), (4, 9), (5, 3), (6, 4))
TURNS = 40


def boards() -> list[tuple[str, Any, tuple[int, ...], dict[str, str]]]:
    """(name, position before the turn, roll, board seen) for every board of the games."""
    colours = load_layout(TENET.default_layout).colours
    out = []
    for seed, players in GAMES:
        rng = random.Random(seed)
        for n, (before, roll, after) in enumerate(whole_turns(seed, colours[:players], TURNS)):
            name = f"game {seed} ({players} players) turn {n} roll {roll}"
            board = seen(after)
            free = sorted(f for f in before.layout.fields if f not in board and f != "start")
            out.append((f"{name}: the turn's board", before, roll, board))
            others = [c for c in before.players if c != before.to_move]
            if others:
                foreign = {**board, rng.choice(free): rng.choice(others)}
                out.append((f"{name}: a foreign ball added", before, roll, foreign))
            mine = sorted(f for f, c in board.items() if c == before.to_move)
            if mine:
                moved = dict(board)
                moved[rng.choice(free)] = moved.pop(rng.choice(mine))
                out.append((f"{name}: a ball of the mover elsewhere", before, roll, moved))
    return out


def answer(position: Any, roll: tuple[int, ...], board: dict[str, str]) -> dict[str, Any]:
    """What the search answers, as the referee uses it (``cut``: the hint's bound reached)."""
    try:
        found = explain(position, roll, board)
    except CompanionError as exc:
        return {"error": str(exc)}
    assert not found.unsure, "no self-play board needs the whole budget"
    return {
        "fits": [[m.announcement, list(m.after.spent), m.after.to_move] for m in found.fits],
        "near": [m.announcement for m in found.near],
        "cut": found.cut,
    }


@pytest.mark.slow
def test_the_search_answers_as_before_on_every_self_play_board() -> None:
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    found = boards()
    assert [name for name, *_ in found] == list(expected), "the self-play games changed"
    hints_cut = 0
    for name, position, roll, board in found:
        said, before = answer(position, roll, board), expected[name]
        assert said.get("fits") == before.get("fits") and said.get("error") == before.get("error")
        if said.get("near") != before.get("near"):
            assert said["cut"], f"{name}: another hint, not cut short"
            hints_cut += 1
    assert hints_cut <= 18  # of 304 hints (16 when the bound was set)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    answers = {name: answer(p, r, b) for name, p, r, b in boards()}
    for said in answers.values():
        said.pop("cut", None)
    EXPECTED.write_text(json.dumps(answers, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(answers)} boards written to {EXPECTED}")
