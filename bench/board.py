"""Benchmark of board reading: real photos, boards of other looks, the Gravitation board.

Run: ``python bench/board.py [--count 300] [--busy 100] [--seed 1] [--looks 4]``

First the headline, real webcam frames of a 9x9 Go game (bench/realboard.py: calibrated on
the empty frame and one known frame, every other frame read; the same frames relit; a
per-field nearest-colour baseline). Then boards of five other looks with glare, shadows,
tilt and hands, each set-up calibrated from known boards (bench/boardlooks.py, seed 2:
seed 1 was used to develop). Then the Gravitation board (issue 6):

Each photo is a random position of the gravitation layout (2-5 players, pieces in the
stations or on random ring fields) taken by a random Pi-like camera (focal length,
centre, barrel distortion) from a random pose (any turn, tilted up to 14°) at 1280×960,
with a light gradient, vignetting, soft shadows, glare, a colour tint, focus blur, noise
and JPEG (companion/synth). Every photo is read twice with the default colour profiles:
"calibrated" passes the camera's intrinsics (as after ``companion calibrate camera``),
"fresh install" has none (the lens is guessed from the markers). The busy photos add a
hand over the board. Time is the CPU time of ``BoardReader.read`` on the decoded frame
(marker detection, sampling, classification), one read per photo and mode, single
thread, CPU time (time.process_time); photo generation is not timed.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import boardlooks
import realboard

from companion.model.layoutfile import load_layout
from companion.synth import HARSH, NORMAL, photograph, random_position
from companion.vision import BoardReader, Intrinsics

REAL = Path(__file__).resolve().parent.parent / ".." / "shared" / "data" / "board-real-photos"


@dataclass
class Tally:
    fields: int = 0
    fields_right: int = 0
    boards: int = 0
    boards_right: int = 0
    not_found: int = 0
    flagged_busy: int = 0
    sure_wrong: int = 0  # wrong fields read with confidence >= 0.9
    times: list[float] = field(default_factory=list)
    classify: list[float] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300, help="clean photos")
    parser.add_argument("--busy", type=int, default=100, help="photos with a hand")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--harsh", action="store_true", help="the HARSH conditions of synth")
    parser.add_argument("--real", type=Path, default=REAL, help="folder of the real photos")
    parser.add_argument("--real-only", action="store_true", help="skip the synthetic photos")
    parser.add_argument("--looks", type=int, default=4, help="set-ups per board look (0: none)")
    parser.add_argument("--looks-photos", type=int, default=25, help="photos per set-up")
    parser.add_argument("--looks-hands", type=int, default=6, help="hand photos per set-up")
    parser.add_argument("--looks-seed", type=int, default=2, help="(1 was used to develop)")
    parser.add_argument(
        "--boards",
        default="grid7,gravitation,tall,go19-edge",
        help="the boards the looks are painted on (bench/boardlooks.py)",
    )
    args = parser.parse_args()
    cv2.setNumThreads(1)
    if (args.real / "truth.json").exists():
        report_real(args.real)
    if args.real_only:
        return
    if args.looks:
        report_looks(args)
    if args.count + args.busy == 0:
        return
    layout = load_layout("gravitation")
    readers = {"calibrated": BoardReader(layout), "fresh install": BoardReader(layout)}
    clean = {name: Tally() for name in readers}
    busy = {name: Tally() for name in readers}
    rng = np.random.default_rng(args.seed)
    conditions = HARSH if args.harsh else NORMAL
    started = time.time()
    for n in range(args.count + args.busy):
        hand = n >= args.count
        shot = photograph(random_position(layout, rng), rng, hand=hand, conditions=conditions)
        cam = shot.camera
        readers["calibrated"].locator.intrinsics = Intrinsics(
            cam.matrix, cam.distortion, cam.width, cam.height
        )
        for name, reader in readers.items():
            tally = (busy if hand else clean)[name]
            t0 = time.process_time()
            read = reader.read(shot.image)
            tally.times.append(time.process_time() - t0)
            location = reader.locator.locate(shot.image)
            if location is not None:  # the part after locating: sample, light, classify
                t0 = time.process_time()
                reader.read(shot.image, location)
                tally.classify.append(time.process_time() - t0)
            tally.boards += 1
            if not read.found:
                tally.not_found += 1
                continue
            tally.flagged_busy += read.busy
            if hand:
                continue
            wrong = [
                f"{f}: {shot.truth.get(f, 'empty')} read as {read.fields.get(f, 'empty')}"
                for f in layout.fields
                if shot.truth.get(f) != read.fields.get(f)
            ]
            tally.sure_wrong += sum(
                read.confidence.get(f, 0.0) >= 0.9
                for f in layout.fields
                if shot.truth.get(f) != read.fields.get(f)
            )
            tally.fields += len(layout.fields)
            tally.fields_right += len(layout.fields) - len(wrong)
            tally.boards_right += not wrong
            if wrong:
                tally.wrong.append(f"photo {n}: " + "; ".join(wrong[:4]))
    report(args, clean, busy, time.time() - started)


def report_real(folder: Path) -> None:
    """The headline: real webcam frames of a 9×9 Go game (bench/realboard.py)."""
    started = time.time()
    game = realboard.load(folder)
    headline, every, baseline = realboard.evaluate(game)
    print(f"REAL PHOTOS: {folder} (9x9 Go, fixed webcam, 960x540), {time.time() - started:.0f} s")

    def line(name: str, s: realboard.Score) -> None:
        print(
            f"  {name}: fields {s.right}/{s.fields} = {100 * s.right / max(s.fields, 1):.2f} %, "
            f"boards {s.boards_right}/{s.boards} = {100 * s.boards_right / max(s.boards, 1):.1f} %,"
            f" wrong with confidence >= 0.9: {s.sure_wrong}, unsure fields: {s.unsure}, "
            f"busy: {s.busy}, calibrations refused: {s.refused}"
        )
        for w in s.wrong[:4]:
            print(f"      {w}")

    line("reader, known = fullest frame  ", headline)
    line("reader, every known frame      ", every)
    line("naive reader (bench/naive.py)  ", baseline)
    ours, theirs = realboard.relit(game)
    line("reader, frames relit (x4)      ", ours)
    line("naive reader, frames relit (x4)", theirs)
    if headline.times:
        print(f"  CPU per read: median {1000 * statistics.median(headline.times):.1f} ms\n")


def report_looks(args: argparse.Namespace) -> None:
    """Boards of other looks, calibrated from known boards (bench/boardlooks.py)."""
    for board in args.boards.split(","):
        report_board(args, board)


def report_board(args: argparse.Namespace, board: str) -> None:
    """Every look painted on one board (bench/boardlooks.py)."""
    started = time.time()
    setups = boardlooks.generate(
        args.looks, args.looks_photos, args.looks_hands, args.looks_seed, board
    )
    made = time.time() - started
    scores = boardlooks.evaluate(setups)
    print(
        f"BOARD LOOKS on {board}: {args.looks} set-ups per look x ({args.looks_photos} photos "
        f"+ {args.looks_hands} with a hand), 1280x960, NORMAL light, seed {args.looks_seed}; "
        f"rendering {made:.0f} s, reading {time.time() - started - made:.0f} s"
    )
    total = boardlooks.LookScore()
    for name, s in scores.items():
        line_look(name, s)
        for key in vars(total):
            value = getattr(total, key)
            setattr(total, key, value + getattr(s, key))
    line_look("all looks", total)
    print()


def line_look(name: str, s: boardlooks.LookScore) -> None:
    fields, boards = max(s.fields, 1), max(s.boards, 1)
    cpu = 1000 * statistics.median(s.times) if s.times else 0.0
    print(
        f"  {name:10} fields {100 * s.right / fields:.3f} % ({s.right}/{s.fields}), boards right "
        f"{100 * s.boards_right / boards:.1f} % ({s.boards_right}/{s.boards}; busy {s.busy}), "
        f"wrong sure (>=0.9) {s.sure_wrong}, wrong judged {s.judged_wrong}, hands "
        f"{s.hands_caught}/{s.hands}, said moved {s.moved}, refused {s.refused}, "
        f"CPU median {cpu:.1f} ms | naive reader "
        f"fields {100 * s.baseline_right / fields:.3f} %, boards "
        f"{100 * s.baseline_boards / boards:.1f} %"
    )
    if name != "all looks":
        for note in s.notes[:3]:
            print(f"      {note}")


def report(
    args: argparse.Namespace, clean: dict[str, Tally], busy: dict[str, Tally], wall: float
) -> None:
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"OpenCV {cv2.__version__} (1 thread), NumPy {np.__version__}")
    print(
        f"corpus: {args.count} clean + {args.busy} busy synthetic 1280x960 photos of random "
        f"gravitation positions, seed {args.seed}, {'HARSH' if args.harsh else 'NORMAL'} "
        f"conditions; one read per photo and mode; {wall:.0f} s"
    )
    for name in clean:
        c, b = clean[name], busy[name]
        times = sorted(c.times + b.times)
        print(f"\n[{name}]")
        field_rate = 100 * c.fields_right / max(c.fields, 1)
        board_rate = 100 * c.boards_right / max(c.boards, 1)
        print(f"  per field:      {c.fields_right}/{c.fields} = {field_rate:.3f} %")
        print(f"  whole boards:   {c.boards_right}/{c.boards} = {board_rate:.2f} %", end="")
        print(f" (not found: {c.not_found})")
        print(f"  busy detected:  {b.flagged_busy}/{b.boards} hand photos", end="")
        print(f" (not found: {b.not_found})")
        print(f"  false busy:     {c.flagged_busy}/{c.boards} clean photos")
        print(f"  wrong fields with confidence >= 0.9: {c.sure_wrong}")
        print(
            f"  time per frame: median {1000 * statistics.median(times):.1f} ms, "
            f"p95 {1000 * times[int(0.95 * (len(times) - 1))]:.1f} ms"
        )
        after = sorted(c.classify + b.classify)
        if after:
            print(f"  of which after locating (sample, light, classify): median "
                  f"{1000 * statistics.median(after):.1f} ms")  # fmt: skip
        for line in c.wrong[:5]:
            print(f"    {line}")


if __name__ == "__main__":
    main()
