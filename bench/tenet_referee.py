"""TENET at the live table: the time from a still board to the referee's verdict.

Plays seeded random TENET games (whole turns of random legal steps; on a Pasch each ball
on the third die's circles goes back to start with probability one half, as
companion.games.tenet.selfplay does) and hands the referee, after each roll, the board
after the turn as the camera compares it (tenet.live.seen: no start field). Timed (CPU
time, ``time.process_time``; one OpenCV thread for the camera) is
``Referee.observe_board``: the board-guided search for the turn and the verdict. The
reading of the frame is the same as for the other games and measured by bench/referee.py
(add it: about 4 frames of the board reader). Also timed: a board no turn explains (the
turn's board with one ball of another player added on a free field), whose rejection
searches a second time for the nearest turns. Both searches together stop at
``tenet.live.BUDGET`` step states: the states are printed (the work bound), how many
boards were left unsure (the referee asks the players) or had their hint's search stopped
at its bound (the nearest turns among those met), and
the costliest board's peak memory (tracemalloc, run again).

With ``--camera N`` the first N turns of a two-player game are also photographed by the
synthetic camera and fed through the Watcher (4 frames a board; the clearing after a
Pasch too): the time of those 4 feeds, reading included.

    python bench/tenet_referee.py [--games 6] [--turns 40] [--seed 1] [--camera 0]
                                  [--sizes 2,5,9]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
import tracemalloc

from companion.games import TENET
from companion.games.game import legal_moves
from companion.games.tenet.live import Explained, explain, seen
from companion.games.tenet.selfplay import Turn, whole_turns
from companion.model.layoutfile import load_layout
from companion.model.position import Position
from companion.table.answers import Phase
from companion.table.referee import Referee


def game(seed: int, players: int, turns: int) -> list[Turn]:
    """The whole turns of one random game: (before, roll, after)."""
    colours = load_layout(TENET.default_layout).colours
    colours = tuple(c for c in colours if c not in ("orange",))[:players]
    return whole_turns(seed, colours, turns)


def wrong_board(before: Position, after: Position, rng: random.Random) -> dict[str, str] | None:
    """The turn's board with a ball of another player on a free field (None: no room)."""
    board = seen(after)
    others = [c for c in before.players if c != before.to_move]
    free = [f for f in before.layout.fields if f not in board and f != "start"]
    if not others or not free:
        return None
    board[rng.choice(free)] = rng.choice(others)
    return board


def stats(values: list[float]) -> str:
    v = sorted(values)
    p90 = v[min(len(v) - 1, int(0.9 * len(v)))]
    p99 = v[min(len(v) - 1, int(0.99 * len(v)))]
    return (
        f"n={len(v):4d}  median {statistics.median(v) * 1000:7.1f} ms  "
        f"p90 {p90 * 1000:7.1f} ms  p99 {p99 * 1000:7.1f} ms  max {v[-1] * 1000:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--camera", type=int, default=0, metavar="N")
    parser.add_argument("--sizes", default="2,5,9", help="players per game, in turn")
    args = parser.parse_args()
    print(f"{platform.machine()}, Python {platform.python_version()}, load {os.getloadavg()}")

    legal: list[float] = []
    states: list[int] = []  # step states searched per judged turn
    rejected: list[float] = []
    rejected_states: list[int] = []
    answers: dict[str, int] = {}
    sizes = [int(n) for n in args.sizes.split(",")]
    worst: tuple[float, str, Position, tuple[int, ...], dict[str, str]] | None = None
    unsure = cut = 0

    def searched(found: Explained) -> None:
        nonlocal unsure, cut
        unsure += found.unsure
        cut += found.cut

    rng = random.Random(args.seed)
    for g in range(args.games):
        turns = game(args.seed + g, sizes[g % len(sizes)], args.turns)
        for before, roll, after in turns:
            wrong = wrong_board(before, after, rng)
            if wrong is not None:
                ref = Referee.start(before, legal_moves)
                ref.confirm_board()
                ref.observe_dice(list(roll))
                if ref.phase is Phase.MOVE:
                    t = time.process_time()
                    verdict = ref.observe_board(wrong)
                    rejected.append(time.process_time() - t)
                    found = explain(before, roll, wrong)  # again, untimed
                    rejected_states.append(found.visited)
                    searched(found)
                    if worst is None or rejected[-1] > worst[0]:
                        worst = (rejected[-1], "a ball more", before, roll, wrong)
                    key = f"wrong board: {verdict.kind if verdict else 'none'}"
                    answers[key] = answers.get(key, 0) + 1
            ref = Referee.start(before, legal_moves)
            ref.confirm_board()
            ref.observe_dice(list(roll))
            if ref.phase is not Phase.MOVE:
                answers["judged on the roll"] = answers.get("judged on the roll", 0) + 1
                continue
            t = time.process_time()
            verdict = ref.observe_board(seen(after))
            legal.append(time.process_time() - t)
            found = explain(before, roll, seen(after))  # again, untimed
            states.append(found.visited)
            searched(found)
            if worst is None or legal[-1] > worst[0]:
                worst = (legal[-1], "the turn's board", before, roll, seen(after))
            key = verdict.kind if verdict else "none"
            answers[key] = answers.get(key, 0) + 1
    print(f"games {args.games} of {sizes} players, at most {args.turns} turns each")
    print("answers:", dict(sorted(answers.items())))
    print("turn judged (observe_board)     ", stats(legal))
    print("wrong board rejected            ", stats(rejected))
    print(f"step states searched per turn: median {statistics.median(states)}, max {max(states)}")
    print(
        f"step states per rejected board (the hint's search included): median "
        f"{statistics.median(rejected_states)}, max {max(rejected_states)}; unsure boards "
        f"{unsure}, hint searches stopped at their bound {cut} "
        f"(of {len(states) + len(rejected_states)} boards)"
    )
    if worst is not None:
        _, kind, before, roll, board = worst
        tracemalloc.start()
        explain(before, roll, board)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        print(
            f"costliest board: {kind}, {len(before.players)} players, roll {roll}: "
            f"{worst[0] * 1000:.1f} ms, peak {peak:.2f} MB"
        )
    print(f"load at the end {os.getloadavg()}")
    if args.camera:
        camera(game(args.seed, 2, args.camera))


def camera(turns: list[Turn]) -> None:
    """The Watcher on photographed boards: 4 frames a board, reading included."""
    import cv2
    import numpy as np

    from companion.synth.board import photograph
    from companion.table.watch import Watcher
    from companion.vision import BoardReader

    cv2.setNumThreads(1)  # CPU time of one thread, as the other benchmarks
    start = turns[0][0]
    ref = Referee.start(start, legal_moves)
    watcher = Watcher(ref, BoardReader(start.layout), dice_kind="miwin")
    rng = np.random.default_rng(1)
    image = photograph(start, rng, scene_seed=2).image
    for _ in range(4):
        watcher.feed(image)
    times, kinds = [], []
    for _before, roll, after in turns:
        ref.observe_dice(list(roll))
        if ref.phase is not Phase.MOVE and seen(after) == seen(ref.position):
            continue  # judged on the roll (a Pasch nobody cleared after, the stone die)
        image = photograph(after, rng, scene_seed=2).image
        t = time.process_time()
        verdicts = [watcher.feed(image).verdict for _ in range(4)]
        times.append(time.process_time() - t)
        kinds += [v.kind for v in verdicts if v is not None]
    print("camera: 4 frames to the verdict ", stats(times), " verdicts", kinds.count("legal"))


if __name__ == "__main__":
    main()
