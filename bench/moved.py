"""Bench: a bumped camera or a pushed board is said as such, and never a hand or a still board.

Run: ``python bench/moved.py [--setups 1] [--photos 4] [--hands 3] [--bumps 8] [--seed 2]``

The set-ups of bench/boardlooks.py (every look on every board named, calibrated by four
clicked fields as a club does) are read three ways: their photos of random placements
(still), their photos with a hand over the board, and new photos after a bump: the camera
turned by 0.05-3° about a random axis, or the board pushed 1-30 mm and turned up to 4°
on the table (half each), under a new light. Counted: how many bumped frames say
"moved" (by the true shift, the median distance the fields' centres moved in the
photo, in fields' spacings), how many still and hand frames wrongly say it (the target:
none), and the fields read surely wrong. Photo generation is not timed; the CPU time of
the reads of bumped frames is.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import boardlooks
import realboard

from companion.errors import CompanionError
from companion.synth.board import NORMAL
from companion.synth.looks import LOOKS, photograph_look, random_placement
from companion.vision import BoardReader
from companion.vision.colourfit import fit_colours

SURE = 0.9
REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "board-real-photos"


def bumped(rvec, tvec, rng):  # type: ignore[no-untyped-def]
    """A pose after a bump: the camera turned a little, or the board pushed on the table."""
    rot = cv2.Rodrigues(np.asarray(rvec, np.float64))[0]
    t = np.asarray(tvec, np.float64).reshape(3)
    if rng.random() < 0.5:  # the camera turned: X_cam' = D X_cam
        axis = rng.normal(size=3)
        angle = np.radians(rng.uniform(0.05, 3.0))
        turn = cv2.Rodrigues(axis / np.linalg.norm(axis) * angle)[0]
        rot, t = turn @ rot, turn @ t
        what = "camera"
    else:  # the board pushed and turned on the table: X_board' = Z X + s
        angle = np.radians(rng.uniform(-4.0, 4.0))
        z = cv2.Rodrigues(np.array([0.0, 0.0, angle]))[0]
        push = rng.uniform(1.0, 30.0) * np.array([*_unit(rng), 0.0])
        t = rot @ push + t
        rot = rot @ z
        what = "board"
    return cv2.Rodrigues(rot)[0].reshape(3), t.reshape(3, 1), what


def _unit(rng):  # type: ignore[no-untyped-def]
    a = rng.uniform(0, 2 * np.pi)
    return np.cos(a), np.sin(a)


def shift_px(layout, camera, before, after):  # type: ignore[no-untyped-def]
    """The median distance the fields' centres moved in the photo, and their spacing."""
    mm = np.array([[f.x, f.y, 0.0] for f in layout])
    a = cv2.projectPoints(mm, *before, camera.matrix, camera.distortion)[0].reshape(-1, 2)
    b = cv2.projectPoints(mm, *after, camera.matrix, camera.distortion)[0].reshape(-1, 2)
    d2 = ((a[:, None] - a[None]) ** 2).sum(axis=2)
    np.fill_diagonal(d2, np.inf)
    spacing = float(np.median(np.sqrt(d2.min(axis=1))))
    return float(np.median(np.linalg.norm(b - a, axis=1))), spacing


def real(folder: Path, rng: np.random.Generator) -> None:
    """The real 9 × 9 frames (bench/realboard.py, calibrated on the empty and the fullest
    frame), each read as it is and moved by 2-40 px in a random direction (the camera
    bumped: real pixels, a synthetic shift; the edge filled by repeating it)."""
    game = realboard.load(folder)
    frames, images = game.frames, game.images
    known = max(game.with_stones, key=lambda n: len(realboard.truth(frames[n])))
    photos = [(images[realboard.EMPTY], {}), (images[known], realboard.truth(frames[known]))]
    cal = fit_colours(realboard.GO9, game.base, photos)
    reader = BoardReader(realboard.GO9, cal.profiles, None, cal.manual)
    rows: Counter[str] = Counter()
    for name in game.with_stones:
        truth = realboard.truth(frames[name])
        for by in (0.0, 2.0, 5.0, 10.0, 20.0, 40.0):
            a = rng.uniform(0, 2 * np.pi)
            move = np.array([[1.0, 0.0, by * np.cos(a)], [0.0, 1.0, by * np.sin(a)]])
            image = images[name]
            size = (image.shape[1], image.shape[0])
            shifted = cv2.warpAffine(image, move, size, borderMode=cv2.BORDER_REPLICATE)
            read = reader.read(shifted)
            said = read.cause.kind or "clean"
            if said == "moved":
                said = "moved, by the shift" if read.cause.more else "moved, no shift found"
                if read.cause.more:
                    rows[f"{by:g} px: |said - true| px"] += abs(read.cause.more - round(by))
            wrong = [f for f in realboard.GO9.fields if truth.get(f) != read.fields.get(f)]
            sure = sum(read.confidence.get(f, 0.0) >= SURE for f in wrong)
            rows[f"{by:g} px: {said}"] += 1
            rows[f"{by:g} px: sure wrong fields"] += sure
            rows[f"{by:g} px: judged wrong"] += len(wrong) * (not read.busy)
    print(f"real 9x9 frames ({len(game.with_stones)}), moved in the image:")
    for key in sorted(rows, key=lambda k: (float(k.split()[0]), k)):
        print(f"  {key}: {rows[key]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setups", type=int, default=1, help="set-ups per look and board")
    parser.add_argument("--photos", type=int, default=4, help="still photos per set-up")
    parser.add_argument("--hands", type=int, default=3, help="hand photos per set-up")
    parser.add_argument("--bumps", type=int, default=8, help="bumped photos per set-up")
    parser.add_argument("--seed", type=int, default=2, help="(1 was used to develop)")
    parser.add_argument("--boards", default="grid7,gravitation,tall,go19-edge")
    parser.add_argument("--real", type=Path, default=REAL, help="the real 9x9 frames' folder")
    args = parser.parse_args()
    if args.real.is_dir():
        real(args.real, np.random.default_rng(args.seed))
    bump_rng = np.random.default_rng(args.seed + 1000)
    for board in filter(None, args.boards.split(",")):
        tally: Counter[str] = Counter()
        rows: list[tuple[float, str, str]] = []  # (shift in spacings, kind, cause)
        times: list[float] = []
        errors: list[float] = []  # |said - true| / true shift, where a shift was said
        for setup in boardlooks.generate(args.setups, args.photos, args.hands, args.seed, board):
            layout = setup.layout
            try:
                cal = fit_colours(layout, setup.calibration, setup.calibration_photos)
            except CompanionError:
                tally["refused"] += 1
                continue
            reader = BoardReader(layout, cal.profiles, cal.intrinsics, cal.manual)
            for _placement, image, hand, _ in setup.photos:
                read = reader.read(image)
                key = "hand" if hand else "still"
                tally[key] += 1
                tally[f"{key} busy"] += read.busy
                tally[f"{key} moved"] += read.cause.kind == "moved"
                if read.cause.kind == "moved":
                    print(f"  {board} {setup.look} {key} said moved: {read.reason}")
            assert setup.pose is not None
            camera, rvec, tvec = setup.pose
            look = next(lk for lk in LOOKS if lk.name == setup.look)
            for _ in range(args.bumps):
                rv, tv, what = bumped(rvec, tvec, bump_rng)
                placement = random_placement(layout, look, bump_rng)
                photo = photograph_look(
                    layout, look, placement, bump_rng, camera=camera, rvec=rv, tvec=tv,
                    conditions=NORMAL,
                )  # fmt: skip
                moved, spacing = shift_px(layout, camera, (rvec, tvec), (rv, tv))
                t0 = time.process_time()
                read = reader.read(photo.image)
                times.append(time.process_time() - t0)
                sure_wrong = sum(
                    placement.get(f) != read.fields.get(f) and read.confidence.get(f, 0) >= SURE
                    for f in layout.fields
                )
                wrong = sum(placement.get(f) != read.fields.get(f) for f in layout.fields)
                kind = read.cause.kind if read.found else "not found"
                if kind == "moved":
                    kind = "moved, by the shift" if read.cause.more else "moved, no shift found"
                    if read.cause.more:
                        errors.append(abs(read.cause.more - moved) / max(moved, 1.0))
                rows.append((moved / spacing, what, kind))
                tally["bumped sure wrong"] += sure_wrong
                tally["bumped judged wrong"] += wrong * (read.found and not read.busy)
        print(f"{board}: {dict(tally)}")
        for low, high in ((0, 0.125), (0.125, 0.5), (0.5, 1.0), (1.0, 100.0)):
            got = [r for r in rows if low <= r[0] < high]
            if not got:
                continue
            said = Counter(r[2] or "clean" for r in got)
            print(f"  bumped by {low}-{high} spacings: {len(got)} frames, said {dict(said)}")
        if errors:
            print(f"  shift said: error median {statistics.median(errors):.0%} of the true shift")
        if times:
            ms = statistics.median(times) * 1e3
            print(f"  CPU per read of a bumped frame: median {ms:.1f} ms")


if __name__ == "__main__":
    main()
