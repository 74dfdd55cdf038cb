"""What a calibrated dice tray is worth with clutter beside the dice: real dice beside a real board.

Run ``python bench/dice_tray.py [--split test]`` from the project root. Every labelled photo
of the split of ``../shared/data/dice-real-scenes`` (640×640) is read three ways:

* **alone** — the photo as it is (what ``bench/dice.py`` measures);
* **beside a board** — the same photo with a real photo of a Go board with black and white
  stones to its right (``../shared/data/board-real-photos``, 960×540 scaled to 640 high, the
  frames taken in turn): a 1778×640 frame, as a camera that sees the tray and the board
  beside it; every stone is a pip-like spot;
* **with the tray** — that frame read with the tray calibrated as the dice photo's part of
  it (``Tray.of_box((0, 0, 640, 640), 1778, 640)``).

Scored by :mod:`companion.vision.dice.truth` (a die is right when a reading's centre lies in
its labelled box with its value; a reading in no box is extra). CPU: the process's time per
``read_dice`` (``time.process_time``, one OpenCV thread), median over the photos. Both sets
are real photos; only their putting side by side is made up.
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2
import numpy as np

from companion.vision.dice.reader import SURE, read_dice
from companion.vision.dice.tray import Tray
from companion.vision.dice.truth import SCENES, Score, data_dir, load_scenes, score

BOARDS = data_dir("board-real-photos")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("train", "test"), default="test")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    boards = [cv2.resize(cv2.imread(str(p)), (1138, 640)) for p in sorted(BOARDS.glob("*.jpg"))]
    if not boards or not (SCENES / "truth.json").is_file():
        raise SystemExit(f"needs {SCENES} and {BOARDS}")
    ways = ("alone", "beside a board", "with the tray")
    scores = {way: Score() for way in ways}
    cpu: dict[str, list[float]] = {way: [] for way in ways}
    scenes = load_scenes(SCENES, args.split)
    for n, scene in enumerate(scenes):
        photo = cv2.imread(str(scene.path))
        frame = np.hstack([photo, boards[n % len(boards)]])
        tray = Tray.of_box((0, 0, photo.shape[1], photo.shape[0]), frame.shape[1], frame.shape[0])
        for way, image, within in zip(ways, (photo, frame, frame), (None, None, tray), strict=True):
            start = time.process_time()
            dice = read_dice(image, tray=within).dice
            cpu[way].append(time.process_time() - start)
            scores[way].add(
                score(scene.boxes, [(d.value, d.x, d.y, d.confidence) for d in dice], SURE)
            )
    print(f"# {len(scenes)} real photos of the {args.split} split, each beside a real Go board")
    for way in ways:
        s = scores[way]
        print(
            f"{way:15s} {s.right}/{s.dice} dice right ({s.rate:.1%}), {s.extra} extra, "
            f"{s.missed} missed, {s.misread} misread, {s.scenes_right} scenes entirely right; "
            f"{statistics.median(cpu[way]) * 1000:.1f} ms CPU median"
        )


if __name__ == "__main__":
    main()
