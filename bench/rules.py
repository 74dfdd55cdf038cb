"""Benchmark of the rules engines, Gravitation and Tunnel X: move generation and self-play.

Run: ``python bench/rules.py [--positions 1000] [--games 20] [--seed 1] [--game NAME]``

Corpus, per game: positions met in random self-play with 2 to 5 players, each stored
with the roll that was thrown in it. Gravitation: phase 3, half of the games with every
option switched on (death_push, prediction; declare_before_roll off because self-play
does not declare), half with the defaults. Tunnel X: half of the games with variant_2_1.
Every position and roll is timed three times with ``time.perf_counter`` after one
warm-up pass over the whole corpus; a position's time is the median of its three; the
figures are the median, 90th and 99th percentile and maximum over the corpus, also
split by options, player count and doublet. Self-play speed is whole random games
(capped at 200 turns each) per second, Todesstoß rolls included. Dense boards, the slow
tail self-play rarely reaches: ``--dense`` positions with five players and all 25 pieces
on random ring fields, default options, each with a random roll, timed once. Tunnel X
only, the worst case: ``--full-ring`` boards with one full ring (U3, U4 or U5, four
pieces of each of five players on it, the fifth on a random ring field) and the roll
1+1 (11 points, tunnelling, no protection), timed once each. Gravitation only, boards
that fit hundreds of outcomes: ``--crowded`` positions with 25 pieces on the rings and
every store full (``crowded``'s docstring), each of the 9 boards judged once by the
referee. Both games are measured the same way, one after the other, from the same seed.

Then what the referee and the checker pay (``--search`` positions, companion/figures/rules.py,
the same figures as ``companion bench``): CPU time (``time.process_time``) to read a
roll, judge a board (a legal move's, and one with a piece on a wrong field) and check an
announcement (right, and with a count too many) over random reachable positions (self-play,
2-5 players, every option on) and the worst rolls known; the Moves each built; the worst
position found with its time and its peak memory (tracemalloc, run again); the board that
fits 2,031 outcomes (five full stores) and a piece off it; TENET's roll with 1,068 next
steps and its costliest board search known (three players), and that board with a ball
more. Each of those is one call, timed once: on a loaded machine run it twice.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import percentile, print_legal_moves, timed  # bench/timing.py, beside this file

from companion.figures import rules
from companion.games.game import legal_moves
from companion.games.zwianer.live import LegalMoves
from companion.games.zwianer.selfplay import self_play
from companion.model.layoutfile import load_layout
from companion.model.position import Position

OPTIONS = {
    "gravitation": ({}, {"death_push": True, "prediction": True, "always_sum": False}),
    "tunnelx": ({}, {"variant_2_1": True}),
}


def game_options(game: str, n: int) -> tuple[dict[str, bool], str]:
    """The options of the n-th self-play game: defaults for even n, switched on for odd."""
    return OPTIONS[game][n % 2], "options on" if n % 2 else "options off"


def corpus(rng: random.Random, size: int, game: str) -> list[tuple[Position, tuple[int, int], str]]:
    found = []
    n = 0
    while len(found) < size * 3:
        options, tag = game_options(game, n)
        for turn in self_play(rng, 2 + n % 4, 3, options, max_turns=120, game=game):
            found.append((turn.position, turn.roll, tag))
        n += 1
    rng.shuffle(found)
    return found[:size]


def dense(game: str, rng: random.Random, count: int) -> None:
    """Random positions with all 25 pieces on the rings: the slow tail of both engines."""
    layout = load_layout("gravitation")
    rings = [f.id for f in layout if f.ring is not None]
    colours = layout.colours
    times, sizes, worst = [], [], (0.0, (0, 0), 0)
    for _ in range(count):
        fields = rng.sample(rings, 25)
        pieces = {c: fields[5 * n : 5 * n + 5] for n, c in enumerate(colours)}
        phase = 3 if game == "gravitation" else None
        pos = Position.create(game, layout, colours, rng.choice(colours), pieces, phase=phase)
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        t, moves = timed(legal_moves, pos, roll)
        times.append(t)
        sizes.append(len(moves))
        worst = max(worst, (t, roll, len(moves)))
    print(
        f"dense boards ({count}, 25 pieces on the rings): median {statistics.median(times):.2f} "
        f"ms, p90 {percentile(times, 0.9):.1f} ms, max {worst[0]:.0f} ms "
        f"(roll {worst[1][0]}+{worst[1][1]}, {worst[2]} moves); "
        f"moves median {statistics.median(sizes):.0f}"
    )


def full_ring(rng: random.Random, count: int) -> None:
    """Tunnel X's worst case: a full ring, 25 pieces, 1+1 played as 11 through them."""
    layout = load_layout("gravitation")
    colours = layout.colours
    times, sizes = [], []
    for _ in range(count):
        ring = rng.choice(["U3", "U4", "U5"])
        members = list(layout.ring_fields(ring))
        others = [f.id for f in layout if f.ring not in (None, ring)]
        spare = rng.sample(others, 5)
        pieces = {c: [*members[n::5], spare[n]] for n, c in enumerate(colours)}
        pos = Position.create("tunnelx", layout, colours, rng.choice(colours), pieces)
        t, moves = timed(legal_moves, pos, (1, 1))
        times.append(t)
        sizes.append(len(moves))
    print(
        f"full-ring boards ({count}, roll 1+1): median {statistics.median(times):.0f} ms, "
        f"max {max(times):.0f} ms; moves median {statistics.median(sizes):.0f}, max {max(sizes)}"
    )


def crowded(rng: random.Random, count: int) -> None:
    """Boards that fit hundreds of outcomes: five players' 25 pieces on the rings (half the
    time on U1 and U2 only), every store full, prediction on and a random guess, a roll
    without a doublet; the referee judges the three boards that most of the roll's first
    3,000 moves leave, and each of them with a moved piece put on a random free field."""
    from companion.games.game import legal_move_generator
    from companion.table.referee import Referee

    layout = load_layout("gravitation")
    rings = [f.id for f in layout if f.ring is not None]
    inner = [f for f in rings if f.startswith(("U1.", "U2."))]
    colours = layout.colours
    times: list[float] = []
    worst = (0.0, 0, "")
    for _ in range(count):
        fields = rng.sample(rng.choice([rings, inner]), 25)
        pieces = {c: fields[5 * n : 5 * n + 5] for n, c in enumerate(colours)}
        pos = Position.create(
            "gravitation",
            layout,
            colours,
            rng.choice(colours),
            pieces,
            phase=3,
            energy={c: 5 for c in colours},
            options={"prediction": True},
        )
        pos = replace(pos, prediction=rng.choice([4, 5, 6]))
        a = rng.randint(1, 6)
        roll = (a, rng.choice([b for b in range(1, 7) if b != a]))
        outcomes: dict[object, set[object]] = {}
        for move in LegalMoves(pos, roll).first(3000):
            outcomes.setdefault(move.after.placement, set()).add(move.outcome)
        for placement in sorted(outcomes, key=lambda p: -len(outcomes[p]))[:3]:
            board = dict(placement)
            moved = [f for f in board if pos.occupant.get(f) != board[f]] or sorted(board)
            off = dict(board)
            off[rng.choice([f for f in layout.fields if f not in off])] = off.pop(rng.choice(moved))
            for seen in (board, off):
                referee = Referee.start(pos, legal_move_generator)
                referee.confirm_board()
                referee.observe_dice(list(roll))
                t0 = time.process_time()
                verdict = referee.observe_board(seen)
                ms = (time.process_time() - t0) * 1000
                times.append(ms)
                if ms > worst[0]:
                    kind = verdict.kind if verdict else "none"
                    worst = (ms, len(outcomes[placement]), f"{kind}, roll {roll[0]}+{roll[1]}")
    print(
        f"crowded boards ({count} positions, {len(times)} boards judged, CPU): median "
        f"{statistics.median(times):.1f} ms, p99 {percentile(times, 0.99):.1f} ms, max "
        f"{worst[0]:.1f} ms ({worst[2]}, a board of {worst[1]} outcomes in the first 3,000 moves)"
    )


def measure(
    game: str,
    rng: random.Random,
    positions: int,
    games: int,
    dense_count: int,
    full_count: int,
    crowded_count: int = 0,
) -> None:
    print(f"== {game}")
    found = corpus(rng, positions, game)
    for pos, roll, _ in found:  # warm-up: layout tables, caches
        legal_moves(pos, roll)
    times, sizes = [], []
    groups: dict[str, list[float]] = {}
    for pos, roll, tag in found:
        t, moves = timed(legal_moves, pos, roll, repeats=3)
        times.append(t)
        sizes.append(len(moves))
        groups.setdefault(tag, []).append(t)
        groups.setdefault(f"{len(pos.players)} players", []).append(t)
        groups.setdefault("doublet" if roll[0] == roll[1] else "no doublet", []).append(t)
    phase = " (phase 3)" if game == "gravitation" else ""
    print(f"corpus: {len(found)} positions with their rolls{phase}, 2-5 players")
    print_legal_moves(times, groups, sizes)
    turns = 0
    t0 = time.perf_counter()
    for n in range(games):
        options, _ = game_options(game, n)
        turns += sum(1 for _ in self_play(rng, 2 + n % 4, 3, options, max_turns=200, game=game))
    elapsed = time.perf_counter() - t0
    print(
        f"self-play: {games} games ({turns} turns, at most 200 each) in {elapsed:.2f} s: "
        f"{games / elapsed:.2f} games/s, {turns / elapsed:.0f} turns/s"
    )
    if dense_count:
        dense(game, rng, dense_count)
    if game == "tunnelx" and full_count:
        full_ring(rng, full_count)
    if game == "gravitation" and crowded_count:
        crowded(rng, crowded_count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dense", type=int, default=100, help="dense boards (0: none)")
    parser.add_argument("--full-ring", type=int, default=10, help="Tunnel X full-ring boards")
    parser.add_argument(
        "--crowded", type=int, default=50, help="Gravitation boards with full stores (0: none)"
    )
    parser.add_argument("--game", choices=sorted(OPTIONS), help="only this game")
    parser.add_argument(
        "--search", type=int, default=300, help="positions judged and checked (0: none)"
    )
    args = parser.parse_args()
    print(f"machine: {platform.machine()} {platform.processor() or ''}".strip())
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"python {platform.python_version()}, seed {args.seed}, load average {load}")
    for game in [args.game] if args.game else ["gravitation", "tunnelx"]:
        seed = random.Random(args.seed)
        measure(game, seed, args.positions, args.games, args.dense, args.full_ring, args.crowded)
    if args.search:
        print("== the referee and the checker, searching from what they saw or heard")
        rules.rules(args.search, args.seed)


if __name__ == "__main__":
    main()
