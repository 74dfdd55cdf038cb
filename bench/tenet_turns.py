"""Benchmark of ``companion moves --turns`` for TENET: how long the first whole turns take.

Run: ``python bench/tenet.turns.py [--positions 40] [--dense 20] [--limit 20] [--seed 1]``

Positions: the roll starts (three dice, no Pasch) met in random self-play of 2 to 9
players (companion.games.tenet.selfplay), and ``--dense`` crowded boards (nine players,
five balls each on random fields, the stone on a random planet, a random roll without a
Pasch), as bench/tenet.py makes them. For each, the CPU time (``time.process_time``, one
run, after the board tables are built) until tenet.turns.turns has given its first turn
and its first ``--limit`` turns (the command's default 20), and whether a winning turn
came first. Figures: median, p90, p99 and max over the positions.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tenet import crowded as crowded_board  # bench/tenet.py, beside this file
from timing import summary  # bench/timing.py, beside this file

from companion.games.tenet.board import doublet
from companion.games.tenet.rules import legal_moves
from companion.games.tenet.selfplay import self_play
from companion.games.tenet.turns import turns
from companion.model.layoutfile import load_layout
from companion.model.position import Position


def roll_starts(rng: random.Random, count: int) -> list[tuple[Position, tuple[int, ...]]]:
    found: list[tuple[Position, tuple[int, ...]]] = []
    n = 0
    while len(found) < count:
        for p in self_play(rng, 2 + n % 8, max_turns=40):
            if len(p.roll) == 3 and doublet(p.roll) is None and not p.position.spent:
                found.append((p.position, p.roll))
        n += 1
    rng.shuffle(found)
    return found[:count]


def crowded(rng: random.Random, count: int) -> list[tuple[Position, tuple[int, ...]]]:
    layout = load_layout("tenet")
    return [crowded_board(rng, layout) for _ in range(count)]


def measure(name: str, cases: list[tuple[Position, tuple[int, ...]]], limit: int) -> None:
    first, some, wins = [], [], 0
    for pos, roll in cases:
        legal_moves(pos, roll)  # warm-up: board tables and walk caches
        t0 = time.process_time()
        listed = turns(pos, roll)
        head = next(listed, None)
        t1 = time.process_time()
        rest = list(itertools.islice(listed, limit - 1))
        t2 = time.process_time()
        first.append((t1 - t0) * 1000)
        some.append((t2 - t0) * 1000)
        wins += head is not None and head.winner is not None
        del rest
    print(f"{name} ({len(cases)}): first turn {summary(first)}")
    print(f"{name} ({len(cases)}): first {limit} turns {summary(some)}; a win first {wins} times")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--dense", type=int, default=20)
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, python {platform.python_version()}")
    print(f"seed {args.seed}, load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rng = random.Random(args.seed)
    measure("self-play roll starts", roll_starts(rng, args.positions), args.limit)
    if args.dense:
        measure("crowded boards", crowded(rng, args.dense), args.limit)


if __name__ == "__main__":
    main()
