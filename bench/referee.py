"""Referee latency: from the first still frame of a board after a move to the verdict.

Plays a seeded Gravitation game with the real rules engine, films it with the synthetic
camera (companion.synth.game: 1280×960 frames, JPEG 95, a hand over the board before half
of the moves, a rolling die before half of the rolls, one illegal move set back), decodes
every frame into memory, and feeds the frames to a fresh :class:`companion.table.watch.Watcher`
several times. For every judged move the latency is the CPU time (this process, one OpenCV
thread) of processing the frames from the first still frame of the new board up to the
frame whose feed returned the verdict
(inclusive): the watcher needs ``still_frames`` quiet frames, so this is 4 frames with the
defaults, one of them holding the judging. Frame decoding is not counted (a camera hands
over decoded frames); the wait between frames is not counted either — at a camera's frame
rate add (frames - 1) / fps, printed below for 10 fps.

    python bench/referee.py [--turns 12] [--players 3] [--reps 3] [--seed 5]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile
import time

import cv2
import numpy as np

from companion.games.game import legal_moves
from companion.model.position import start_position
from companion.synth.game import Filming, record_game
from companion.table.referee import Referee
from companion.table.watch import Watcher
from companion.vision import BoardReader


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    cv2.setNumThreads(1)  # one core, as the figures say

    colours = ["red", "yellow", "green", "blue", "white"][: args.players]
    start = start_position("gravitation", colours)
    with tempfile.TemporaryDirectory() as folder:
        t0 = time.perf_counter()
        rec = record_game(
            folder, start, args.seed, args.turns, filming=Filming(), illegal_turns=[3]
        )
        filmed = time.perf_counter() - t0
        frames = [np.asarray(cv2.imread(str(p)), np.uint8) for p in rec.frames]
    h, w = frames[0].shape[:2]

    runs: list[list[float]] = []  # per repetition: the latency of each judged move
    per_frame: dict[str, list[float]] = {"board": [], "dice": []}
    for _ in range(args.reps):
        referee = Referee.start(start, legal_moves)
        watcher = Watcher(referee, BoardReader(start.layout))
        costs, verdict_at = [], []
        for i, image in enumerate(frames):
            t = time.process_time()
            glance = watcher.feed(image)
            costs.append(time.process_time() - t)
            per_frame[glance.kind].append(costs[-1])
            if glance.verdict is not None and glance.verdict.kind in ("legal", "illegal"):
                verdict_at.append(i)
        firsts = [e.frame for e in rec.expected]
        if len(verdict_at) != len(firsts):
            raise SystemExit(
                f"the replay judged {len(verdict_at)} moves, the truth has {len(firsts)}"
            )
        boards = [  # forced passes are judged on the roll: not a board latency
            (a, b)
            for e, a, b in zip(rec.expected, firsts, verdict_at, strict=True)
            if e.kind != "pass"
        ]
        runs.append([sum(costs[a : b + 1]) for a, b in boards])
        spans = [b - a + 1 for a, b in boards]

    latency = [statistics.median(r[i] for r in runs) * 1000 for i in range(len(runs[0]))]
    frames_per = statistics.median(spans)
    print(
        f"machine: {platform.machine()} {platform.processor() or ''}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, OpenCV {cv2.__version__}"
    )
    print(
        f"corpus: one synthetic Gravitation game, {args.players} players, seed {args.seed}, "
        f"{len(rec.expected)} judged moves ({sum(e.verdict == 'illegal' for e in rec.expected)} "
        f"illegal, {sum(e.kind == 'pass' for e in rec.expected)} forced passes not timed), "
        f"{len(frames)} frames of {w}x{h} (filmed in {filmed:.1f} s)"
    )
    print(f"repetitions: {args.reps}; per judged move the median over them")
    print(
        f"latency first still frame -> verdict ({frames_per:.0f} frames): "
        f"median {statistics.median(latency):.1f} ms, worst {max(latency):.1f} ms"
    )
    for kind, times in per_frame.items():
        ms = [t * 1000 for t in times]
        print(
            f"  per {kind} frame: median {statistics.median(ms):.1f} ms, worst {max(ms):.1f} ms "
            f"({len(ms)} frames)"
        )
    wait = (frames_per - 1) / 10 * 1000
    print(
        f"at 10 fps the still wait adds {wait:.0f} ms: "
        f"{statistics.median(latency) + wait:.0f} ms from the first still frame to the verdict"
    )


if __name__ == "__main__":
    main()
