"""Benchmark of the TENET engine: next steps, checking whole turns, self-play, worst cases.

Run: ``python bench/tenet.py [--positions 300] [--games 6] [--seed 1] [--dense 40]
[--whole 8]``

Corpus: the steps met in random self-play (companion.games.tenet.selfplay), games of 2,
3, … 9 players in turn (at least one each), at most 40 rolls a game, each stored with its
roll. After one warm-up pass over the corpus, legal_moves of every position and roll is
timed three times with ``time.process_time`` (CPU time); a position's time is the median of its
three; the figures are the median, 90th and 99th percentile and maximum over the corpus,
also by player count.
Checking: at the positions where a roll begins (three dice, no Pasch), a random legal
whole turn is said at once and ``check`` is timed once. Self-play speed: whole random
games (capped at 100 rolls, nobody took the stone) per second, and steps per second.
Crowded boards, the slow tail: ``--dense`` positions with nine players and five balls
each on random fields, the stone on a random planet, a random roll without a Pasch,
timed once each. Whole turns, why the engine lists steps: ``--whole`` positions where a
roll begins, the number of different whole turns counted by tenet.moves.search (or
"over LIMIT" when it gives up), timed once.
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

from timing import summary, timed  # bench/timing.py, beside this file

from companion.games import TENET
from companion.games.tenet.board import DICE, board, doublet, stone_planet
from companion.games.tenet.check import check
from companion.games.tenet.moves import LIMIT, TooManyTurns, search
from companion.games.tenet.rules import legal_moves, on_board
from companion.games.tenet.selfplay import Played, roll_dice, self_play
from companion.model.layout import Layout
from companion.model.layoutfile import load_layout
from companion.model.position import Position


def corpus(rng: random.Random, size: int) -> list[Played]:
    found: list[Played] = []
    n = 0
    while n < 8 or len(found) < size * 3:  # every player count from 2 to 9 at least once
        found += self_play(rng, 2 + n % 8, max_turns=40)
        n += 1
    rng.shuffle(found)
    return found[:size]


def steps(found: list[Played]) -> None:
    for p in found:  # warm-up: board tables, walk caches
        legal_moves(p.position, p.roll)
    times, sizes = [], []
    groups: dict[str, list[float]] = {}
    for p in found:
        t, moves = timed(legal_moves, p.position, p.roll, repeats=3)
        times.append(t)
        sizes.append(len(moves))
        players = len(p.position.players)
        tag = "2-3 players" if players <= 3 else "4-6 players" if players <= 6 else "7-9 players"
        groups.setdefault(tag, []).append(t)
    print(f"corpus: {len(found)} positions with their rolls, 2-9 players")
    print(f"legal_moves per position and roll: {summary(times)}")
    for tag in sorted(groups):
        print(f"  {tag}  n={len(groups[tag]):4d}  {summary(groups[tag])}")
    print(f"steps listed per position: median {statistics.median(sizes):.0f}, max {max(sizes)}")


def turn_starts(found: list[Played]) -> list[Played]:
    return [
        p for p in found if not p.position.spent and len(p.roll) == 3 and doublet(p.roll) is None
    ]


def checking(rng: random.Random, found: list[Played]) -> None:
    times, lengths = [], []
    for p in turn_starts(found):
        pos, said = p.position, []
        while True:
            move = rng.choice(legal_moves(pos, p.roll))
            said.append(move.announcement)
            pos = move.after
            if not pos.spent or move.winner:
                break
        t, verdict = timed(check, p.position, p.roll, "; ".join(said))
        times.append(t)
        lengths.append(len(said))
        assert verdict.verdict == "legal", verdict.reason
    print(
        f"check of a whole random turn said at once ({len(times)} turns, "
        f"{statistics.mean(lengths):.1f} steps on average): {summary(times)}"
    )


def selfplay(rng: random.Random, games: int) -> None:
    total = 0
    t0 = time.process_time()
    for n in range(games):
        total += sum(1 for _ in self_play(rng, (2, 5, 9)[n % 3], max_turns=100))
    elapsed = time.process_time() - t0
    print(
        f"self-play: {games} games of 2, 5 or 9 players ({total} steps, at most 100 rolls "
        f"each) in {elapsed:.1f} s: {games / elapsed:.3f} games/s, {total / elapsed:.0f} steps/s"
    )


def crowded(rng: random.Random, layout: Layout) -> tuple[Position, tuple[int, ...]]:
    """Nine players with five balls each at random on the board, the stone on a random
    planet, a player to move and a roll that is no doublet (bench/tenet.turns.py too)."""
    fields = [f.id for f in layout if f.kind != "centre"]
    sample = rng.sample(fields, 45)
    pieces = {c: [*sample[5 * n : 5 * n + 5], *["start"] * 4] for n, c in enumerate(layout.colours)}
    stone = board(layout).stone_field[rng.randint(1, 9)]
    pos = Position.create(
        "tenet", layout, layout.colours, rng.choice(layout.colours), pieces, stone=stone
    )
    roll = roll_dice(rng, pos)
    while doublet(roll) is not None:
        roll = tuple(rng.choice(faces) for _, faces in DICE)
    return pos, roll


def dense(rng: random.Random, count: int) -> None:
    layout = load_layout(TENET.default_layout)
    times, sizes, worst = [], [], (0.0, (0,), 0)
    for _ in range(count):
        pos, roll = crowded(rng, layout)
        t, moves = timed(legal_moves, pos, roll)
        times.append(t)
        sizes.append(len(moves))
        worst = max(worst, (t, roll, len(moves)))
    print(
        f"crowded boards ({count}, 9 players x 5 balls on the board): {summary(times)} "
        f"(worst roll {','.join(map(str, worst[1]))}, {worst[2]} steps); "
        f"steps median {statistics.median(sizes):.0f}, max {max(sizes)}"
    )


def whole(found: list[Played], count: int) -> None:
    rows = []
    for p in turn_starts(found)[:count]:
        pos = p.position
        b = board(pos.layout)
        planet = stone_planet(pos.layout, pos.stone or "start")
        t0 = time.process_time()
        try:
            n = str(len(search(b, on_board(pos), pos.to_move, p.roll, planet)))
        except TooManyTurns:
            n = f"over {LIMIT}"
        rows.append(f"{n} ({(time.process_time() - t0):.1f} s)")
    print(f"different whole turns at {len(rows)} roll starts: " + ", ".join(rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dense", type=int, default=40, help="crowded boards (0: none)")
    parser.add_argument("--whole", type=int, default=8, help="whole-turn counts (0: none)")
    args = parser.parse_args()
    print(f"machine: {platform.machine()} {platform.processor() or ''}".strip())
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"python {platform.python_version()}, seed {args.seed}, load average {load}")
    rng = random.Random(args.seed)
    found = corpus(rng, args.positions)
    steps(found)
    checking(rng, found)
    selfplay(rng, args.games)
    if args.dense:
        dense(rng, args.dense)
    if args.whole:
        whole(found, args.whole)


if __name__ == "__main__":
    main()
