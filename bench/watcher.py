"""The live loop's CPU per frame: a still table, a changed board, a dice frame.

How it is measured: one process, one OpenCV thread (cv2.setNumThreads(1)), CPU time of
this process (time.process_time) per call of the watcher's vision step
(:meth:`companion.table.watch.Watcher.look`, what the camera thread does for every frame before
it hands anything to the referee). The frames are the synthetic camera's, 1280×960:

* **still table** — the same photo of a set-up Gravitation board, again and again (as a
  camera over a table where nobody moves sees it, camera noise included: each frame gets
  fresh Gaussian noise, sigma 2);
* **changed board** — photos of two different positions in turn, so every frame is a
  change that must be read, by a reader calibrated as a club's is (``calibrate colours``
  from an empty photo and the start photo of the same camera, pose and light): its
  colours, the print around the fields and the board between them, which a fresh
  install's default colours do not check (printed too, without a target);
* **hand test** — what the two hand tests (the print around the fields and the board
  between them, :mod:`companion.vision.board.between`) add to a calibrated read where
  they run: the still wait runs them only on a frame that could complete a still board
  other than the last one (about once a move), so it is printed beside the budget;
* **dice frame** — the dice tray (no board in the picture): two photos of two dice in
  turn, each read afresh, by a watcher that has seen the board first (as at a table: the
  referee starts from a set-up board, so the marker search knows the board's markers are
  found at half size and a frame without them costs a half-size search, not a full one);
* **dice, no board yet** — the same by a watcher that has never seen the board (each
  frame pays a half-size and a full-size marker search that find nothing): not a target,
  printed to show what the first dice frames of a camera that has not yet seen its
  board cost;
* **empty tray** — two photos of the empty tray in turn (no die), by a watcher that has
  seen the board and then a roll (the dice frame's first photo, read at every level:
  its dice are sure), as at a table between two throws;
* **dice rolling** — two photos of two dice still rolling (motion blur, the synthetic
  camera's ``moving`` dice) in turn, by the same watcher: the frames of a throw before
  the dice settle;
* **empty tray, first frames** — the empty tray by a watcher that has seen the board but
  no dice yet (no scale learnt: the first frames of a camera): not a target.

The dice frames other than the dice frame are measured against it too (the ratio to the
dice frame's median): at a table most dice frames are empty trays and rolling dice.

Medians over --frames frames after --warm frames, --repeats times; the median of the
repeats is printed, with the Pi 4 projection (one core about 5× slower). Targets (issue
"A Raspberry Pi's budget"): still table ≤ 2 ms, changed board ≤ 8 ms, dice frame ≤ 12 ms
(the empty tray and the rolling dice are dice frames too: ≤ 12 ms).

    python bench/watcher.py [--frames 60] [--repeats 3]

Before issue 31's last round the changed board was read with the default colours only,
so its figure left out what a calibrated board costs.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from companion.model.position import start_position
from companion.synth import default_camera, photograph
from companion.synth.dice import render_scene, scene_options
from companion.table.referee import Referee
from companion.table.watch import Image, Watcher
from companion.vision import BoardReader
from companion.vision.board.profiles import Profiles
from companion.vision.calibration import Calibration
from companion.vision.colourfit import fit_colours
from companion.vision.dice import reader as dice_reader


def frames() -> tuple[dict[str, list[Image]], Profiles]:
    """The frames of every set, and the colours calibrated from an empty photo and the
    first board photo (same camera, pose and light)."""
    rng = np.random.default_rng(1)
    start = start_position(players=["red", "yellow"])
    moved = start.moved({"red.S1": "U1.13"})
    camera = default_camera()

    first = photograph(start, rng, camera=camera, scene_seed=3)
    board = first.image
    other = photograph(moved, rng, camera=camera, scene_seed=3).image
    rvec, tvec = first.rvec, first.tvec  # the empty board where the board was
    empty = photograph(start.layout, rng, camera=camera, rvec=rvec, tvec=tvec, scene_seed=3).image
    photos = [(empty, {}), (board, dict(start.occupant))]
    profiles = fit_colours(start.layout, Calibration(start.layout.name), photos).profiles
    assert profiles is not None and profiles.empty_between is not None
    dice = [
        cv2.resize(
            render_scene(seed, scene_options(dice=(2, 2), width=1280, height=960)).image,
            (1280, 960),
        )
        for seed in (11, 12)
    ]
    noise = np.random.default_rng(2)

    def noisy(image: Image) -> Image:
        grain = noise.normal(0, 2, image.shape)
        return np.clip(image + grain, 0, 255).astype(np.uint8)

    sets = {
        "still table": [noisy(board) for _ in range(8)],
        "changed board": [board, other],
        "changed board, default colours": [board, other],
        "hand test": [noisy(board) for _ in range(8)],
        "dice frame": [noisy(d) for d in dice],
        "dice, no board yet": [noisy(d) for d in dice],
        "empty tray": [noisy(tray(seed)) for seed in (21, 22)],
        "dice rolling": [noisy(tray(seed, dice=(2, 2), moving=1.0)) for seed in (31, 32)],
        "empty tray, first frames": [noisy(tray(seed)) for seed in (21, 22)],
    }
    return sets, profiles


def tray(seed: int, **options: object) -> Image:
    """A synthetic dice tray photo, 1280×960 (no die unless ``options`` say so)."""
    options = {"dice": (0, 0), **options}
    scene = render_scene(seed, scene_options(width=1280, height=960, **options))
    return np.asarray(cv2.resize(scene.image, (1280, 960)), np.uint8)


#: The dice frame kinds: each is compared with the dice frame (the ratio printed).
DICE_KINDS = ("dice frame", "empty tray", "dice rolling", "empty tray, first frames")


def primed(name: str, sets: dict[str, list[Image]], calibrated: Profiles) -> Watcher:
    """A watcher ready for the frames of set ``name``, as at a table: it has seen the
    board before any dice frame, and a roll before the empty tray and the rolling dice."""
    start = start_position(players=["red", "yellow"])
    profiles = None if "default" in name else calibrated
    watcher = Watcher(Referee.start(start, lambda *_: []), BoardReader(start.layout, profiles))
    if name in DICE_KINDS:
        watcher.look(sets["changed board"][0])  # the board seen before the roll
    if name in ("empty tray", "dice rolling"):
        watcher.look(sets["dice frame"][0])  # the last roll, its dice sure
    return watcher


def reads_per_frame(watcher: Watcher, images: list[Image], count: int) -> tuple[float, float]:
    """How many working copies the dice reader reads per frame (the pyramid's levels and
    the readings again at another size), and their pixels in 640×480 frames: a count the
    machine's load does not change."""
    seen: list[int] = []
    real = dice_reader._read

    def counting(image: Image, *args: Any, **kwargs: Any) -> Any:
        seen.append(image.shape[0] * image.shape[1])
        return real(image, *args, **kwargs)

    dice_reader._read = counting  # type: ignore[assignment]
    try:
        for n in range(count):
            watcher.look(images[n % len(images)])
    finally:
        dice_reader._read = real  # type: ignore[assignment]
    return len(seen) / count, sum(seen) / (640 * 480) / count


def per_frame(look: Callable[[Image], object], images: list[Image], count: int, warm: int) -> float:
    """The median CPU (ms) of one call of ``look``."""
    return statistics.median(cpu_times(look, images, count, warm))


def cpu_times(
    look: Callable[[Image], object], images: list[Image], count: int, warm: int
) -> list[float]:
    """The CPU (ms) of each call of ``look`` on ``images`` in turn, after ``warm`` calls."""
    times = []
    for n in range(warm + count):
        image = images[n % len(images)]
        start = time.process_time()
        look(image)
        if n >= warm:
            times.append((time.process_time() - start) * 1000)
    return times


def hand_test(reader: BoardReader, images: list[Image], count: int, warm: int) -> float:
    """Median CPU (ms) the hand test between the fields adds to a calibrated read of a
    still frame (read with it minus read without it, each frame located as a watcher
    does)."""
    located = [(image, reader.locator.update(image)) for image in images]
    reader.play(("red", "yellow"))

    def read(between: bool) -> Callable[[Image], object]:
        def one(image: Image) -> object:
            location = next(where for frame, where in located if frame is image)
            return reader.read(image, location, hands=between)

        return one

    with_test = per_frame(read(True), images, count, warm)
    return with_test - per_frame(read(False), images, count, warm)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--warm", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--only",
        action="append",
        help="measure only this set (repeatable; the dice frame "
        "first where a ratio to it is wanted)",
    )
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(
        f"# {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
        "process CPU per frame, one OpenCV thread, 1280x960"
    )
    sets, calibrated = frames()
    targets = {
        "still table": 2.0,
        "changed board": 8.0,
        "dice frame": 12.0,
        "empty tray": 12.0,
        "dice rolling": 12.0,
    }
    chosen = args.only or list(sets)
    if unknown := [name for name in chosen if name not in sets]:
        parser.exit(2, f"bench/watcher.py: no set {unknown[0]!r} (sets: {', '.join(sets)})\n")
    dice_ms = None
    for name in chosen:
        images = sets[name]
        figures, means = [], []
        for _ in range(args.repeats):
            watcher = primed(name, sets, calibrated)
            if name == "hand test":
                figures.append(hand_test(watcher.board.reader, images, args.frames, args.warm))
                continue
            times = cpu_times(watcher.look, images, args.frames, args.warm)
            figures.append(statistics.median(times))
            means.append(statistics.mean(times))
        ms = statistics.median(figures)
        dice_ms = ms if name == "dice frame" else dice_ms
        said = f"{name:14s} median {ms:6.2f} ms CPU (Pi 4 ≈ {ms * 5:5.1f} ms)"
        if name in DICE_KINDS:  # the mean shows a frame read at every level now and then
            said += f", mean {statistics.median(means):6.2f} ms"
            reads, pixels = reads_per_frame(primed(name, sets, calibrated), images, args.frames)
            said += f", {reads:.2f} reads ({pixels:.2f} frames of pixels) a frame"
            said += f"; {ms / dice_ms:.2f}× the dice frame" if dice_ms else ""
        if name not in targets:
            print(f"{said}; no target")
            continue
        verdict = "met" if ms <= targets[name] else "NOT met"
        print(f"{said}; target ≤ {targets[name]:g} ms: {verdict}")


if __name__ == "__main__":
    main()
