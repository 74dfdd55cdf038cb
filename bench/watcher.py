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
  board cost.

Medians over --frames frames after --warm frames, --repeats times; the median of the
repeats is printed, with the Pi 4 projection (one core about 5× slower). Targets (issue
"A Raspberry Pi's budget"): still table ≤ 2 ms, changed board ≤ 8 ms, dice frame ≤ 12 ms.

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
    }
    return sets, profiles


def per_frame(look: Callable[[Image], object], images: list[Image], count: int, warm: int) -> float:
    times = []
    for n in range(warm + count):
        image = images[n % len(images)]
        start = time.process_time()
        look(image)
        if n >= warm:
            times.append(time.process_time() - start)
    return statistics.median(times) * 1000


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
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(
        f"# {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
        "process CPU per frame, one OpenCV thread, 1280x960"
    )
    sets, calibrated = frames()
    targets = {"still table": 2.0, "changed board": 8.0, "dice frame": 12.0}
    start = start_position(players=["red", "yellow"])
    for name, images in sets.items():
        figures = []
        for _ in range(args.repeats):
            profiles = None if "default" in name else calibrated
            reader = BoardReader(start.layout, profiles)
            watcher = Watcher(Referee.start(start, lambda *_: []), reader)
            if name == "dice frame":
                watcher.look(sets["changed board"][0])  # the board seen before the roll
            if name == "hand test":
                figures.append(hand_test(reader, images, args.frames, args.warm))
                continue
            figures.append(per_frame(watcher.look, images, args.frames, args.warm))
        ms = statistics.median(figures)
        if name not in targets:
            print(f"{name:14s} median {ms:6.2f} ms CPU (Pi 4 ≈ {ms * 5:5.1f} ms); no target")
            continue
        verdict = "met" if ms <= targets[name] else "NOT met"
        print(
            f"{name:14s} median {ms:6.2f} ms CPU (Pi 4 ≈ {ms * 5:5.1f} ms); "
            f"target ≤ {targets[name]:g} ms: {verdict}"
        )


if __name__ == "__main__":
    main()
