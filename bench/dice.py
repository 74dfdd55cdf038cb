"""Benchmark of the dice reader: accuracy and time on synthetic frames and real crops.

Run ``python bench/dice.py`` from the project root. It prints

(a) synthetic: a seeded set of rendered trays (``companion.synth.dice``, all backgrounds,
    camera tilt up to 30°, d6 and Miwin dice, touching dice, glints, shadows, uneven light,
    noise, defocus, JPEG loss; no motion blur, since a rolling die is reported as not
    settled, not read) — per-die accuracy (a die counts as right when a reading lies within
    half a die of it and has its value and kind), whole-frame accuracy (every die right, no
    extra die), confusion matrix;
(b) time: median and 90th percentile of ``read_dice`` on 640×480 frames with two dice, after
    a warm-up, on this machine, OpenCV on one thread; wall clock and the process's CPU time
    (the latter is what the reader costs when other programs share the cores);
(c) real: the pip reader alone on the 64×64 crops in ``--real-dir`` (file name's first
    character = truth), accuracy and confusion matrix; skipped with a message if absent.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import cv2

from companion.synth.dice import DiceScene, SceneOptions, render_scene
from companion.vision.dice import DiceReading, read_dice
from companion.vision.pips import D6_VALUES, read_face

ROOT = Path(__file__).resolve().parent.parent
# Next to the project (../shared), or next to the folder of worktrees (../../shared).
DEFAULT_REAL = next(
    (
        p / "shared" / "data" / "dice-real-crops"
        for p in (ROOT.parent, ROOT.parent.parent)
        if (p / "shared" / "data" / "dice-real-crops").is_dir()
    ),
    ROOT.parent / "shared" / "data" / "dice-real-crops",
)


def match(scene: DiceScene, reading: DiceReading) -> tuple[int, list[tuple[int, int]], int]:
    """(dice read right, (truth, read) pairs with 0 for a missed die, extra dice)."""
    free = list(reading.dice)
    right, pairs = 0, []
    for true in scene.dice:
        near = [d for d in free if (d.x - true.x) ** 2 + (d.y - true.y) ** 2 < 25**2]
        if not near:
            pairs.append((true.value, 0))
            continue
        got = min(near, key=lambda d: (d.x - true.x) ** 2 + (d.y - true.y) ** 2)
        free.remove(got)
        pairs.append((true.value, got.value))
        right += got.value == true.value and got.kind == true.kind
    return right, pairs, len(free)


def confusion(pairs: list[tuple[int, int]], values: range) -> str:
    counts = Counter(pairs)
    read = [0, *values]
    lines = ["truth\\read " + " ".join(f"{v:>5}" for v in read)]
    for t in values:
        if any(counts[(t, r)] for r in read):
            lines.append(f"{t:>10} " + " ".join(f"{counts[(t, r)]:>5}" for r in read))
    return "\n".join(lines)


def synthetic(frames: int, seed: int) -> None:
    total = right = whole = extras = 0
    pairs: list[tuple[int, int]] = []
    for i in range(frames):
        kind = ("d6", "miwin")[i % 2]
        opts = SceneOptions(kind=kind, dice=(1, 5))
        scene = render_scene(seed + i, opts)
        reading = read_dice(scene.image, kind)
        r, p, extra = match(scene, reading)
        total += len(scene.dice)
        right += r
        extras += extra
        whole += r == len(scene.dice) and extra == 0
        pairs += p
    print(f"(a) synthetic: {frames} frames, {total} dice (seeds {seed}..{seed + frames - 1})")
    print(f"    per die {right / total:.2%} ({right}/{total}), whole frame {whole / frames:.2%}")
    print(f"    extra dice reported: {extras}")
    print(confusion(pairs, range(1, 10)))


def timing(frames: int, seed: int) -> None:
    opts = SceneOptions(dice=(2, 2), touching=0.0)
    images = [render_scene(seed + i, opts).image for i in range(frames)]
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)  # one core, as on a busy Pi; and fair on a shared machine
    for image in images[:5]:
        read_dice(image)
    wall, cpu = [], []
    for image in images:
        t, c = time.perf_counter(), time.process_time()
        read_dice(image)
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    cv2.setNumThreads(threads)
    processor = platform.processor() or platform.machine()
    load = os.getloadavg()[0]
    print(
        f"(b) time: {frames} frames 640x480 with two d6, one thread, {processor}, load {load:.1f}"
    )
    for name, times in (("wall clock", wall), ("process CPU", cpu)):
        times.sort()
        p90 = times[int(0.9 * len(times))]
        print(f"    {name}: median {statistics.median(times):.2f} ms, 90th percentile {p90:.2f} ms")


def real(folder: Path) -> None:
    files = sorted(folder.glob("*.png"))
    if not files:
        print(f"(c) real crops: skipped, no PNG files in {folder} (use --real-dir)")
        return
    pairs = []
    t = time.perf_counter()
    for f in files:
        image = cv2.imread(str(f))
        pairs.append((int(f.name[0]), read_face(image, D6_VALUES).value))
    ms = (time.perf_counter() - t) * 1000 / len(files)
    right = sum(t == r for t, r in pairs)
    print(f"(c) real crops: {len(files)} faces in {folder}, pip reader alone ({ms:.2f} ms each)")
    print(f"    per die {right / len(files):.2%} ({right}/{len(files)})")
    print(confusion(pairs, range(1, 7)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=800, help="synthetic frames (a)")
    parser.add_argument("--timing-frames", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--real-dir", type=Path, default=DEFAULT_REAL)
    parser.add_argument("--skip", choices=["synthetic", "timing", "real"], action="append")
    args = parser.parse_args()
    skip = set(args.skip or ())
    print(
        f"python {platform.python_version()}, OpenCV {cv2.__version__} "
        f"({cv2.getNumThreads()} threads), {os.cpu_count()} CPUs, {platform.node()}"
    )
    if "synthetic" not in skip:
        synthetic(args.frames, args.seed)
    if "timing" not in skip:
        timing(args.timing_frames, args.seed + 10**6)
    if "real" not in skip:
        real(args.real_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
