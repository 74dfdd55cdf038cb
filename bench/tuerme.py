"""Benchmark of the race-game engine: move generation, the checker and whole self-play games.

Run: ``python bench/tuerme.py [--positions 1000] [--games 30] [--seed 1]``

Corpus: positions met in random self-play (``companion.games.tuerme.selfplay``) with 2, 3 and
4 players in turn, half of the games with the option towers_free_after_every_start,
each stored with the roll thrown in it. Every position and roll is timed three times with
``time.perf_counter`` after one warm-up pass over the whole corpus; a position's time is
the median of its three; the figures are the median, 90th and 99th percentile and
maximum over the corpus, also split by player count and doublet (doublets and 1+6 pass
towers and add bridge choices). The checker is timed once per position on the canonical
announcement of a random legal move, with ``--to``. Self-play speed is whole random games
(until someone wins, at most 3000 turns) per second.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import percentile, print_legal_moves, timed  # bench/timing.py, beside this file

from companion.games.tuerme.check import check
from companion.games.tuerme.rules import legal_moves
from companion.games.tuerme.selfplay import self_play
from companion.model.position import Position


def corpus(rng: random.Random, size: int) -> list[tuple[Position, tuple[int, int]]]:
    found = []
    n = 0
    while len(found) < size * 3:
        options = {"towers_free_after_every_start": bool(n % 2)}
        found += [(t.position, t.roll) for t in self_play(rng, 2 + n % 3, options)]
        n += 1
    rng.shuffle(found)
    return found[:size]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"machine: {platform.machine()} {platform.processor() or ''}".strip())
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"python {platform.python_version()}, seed {args.seed}, load average {load}")
    found = corpus(rng, args.positions)
    for pos, roll in found:  # warm-up: the track tables
        legal_moves(pos, roll)
    times, sizes, checks = [], [], []
    groups: dict[str, list[float]] = {}
    for pos, roll in found:
        t, moves = timed(legal_moves, pos, roll, repeats=3)
        times.append(t)
        sizes.append(len(moves))
        groups.setdefault(f"{len(pos.players)} players", []).append(t)
        doublet = roll[0] == roll[1] or set(roll) == {1, 6}
        groups.setdefault("doublet/1+6" if doublet else "other roll", []).append(t)
        move = rng.choice(moves)
        t, verdict = timed(check, pos, roll, move.announcement, move.end)
        checks.append(t)
        assert verdict.verdict in ("legal", "ambiguous"), verdict.reason
    print(f"corpus: {len(found)} self-play positions with their rolls, 2-4 players")
    print_legal_moves(times, groups, sizes)
    print(
        f"check (canonical words, --to): median {statistics.median(checks):.3f} ms, "
        f"p99 {percentile(checks, 0.99):.3f} ms"
    )
    turns = finished = 0
    t0 = time.perf_counter()
    for n in range(args.games):
        played = list(self_play(rng, 2 + n % 3))
        turns += len(played)
        finished += played[-1].played.winner is not None
    elapsed = time.perf_counter() - t0
    print(
        f"self-play: {args.games} games ({finished} won, {turns} turns) in {elapsed:.2f} s: "
        f"{args.games / elapsed:.2f} games/s, {turns / elapsed:.0f} turns/s"
    )


if __name__ == "__main__":
    main()
