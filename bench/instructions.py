"""Instructions of the watcher's changed-board look, for valgrind (a count, not a time).

Timing a read on a shared machine measures the machine's load as much as the code; an
instruction count under ``valgrind --tool=callgrind`` does not depend on it. The frames
and colours of ``bench/watcher.py`` (the Gravitation start and the board with one piece
moved, calibrated from an empty photo and the start photo) are made once, outside
valgrind, then a watcher looks at them in turn: 4 looks, then ``--looks`` more. Run it
twice under callgrind, with ``--looks 0`` and ``--looks 20``; the difference of the two
"I refs" over 20 is one look (docs/vision.md)::

    python bench/instructions.py --save /tmp/frames.pkl
    export OPENBLAS_NUM_THREADS=1   # its threads spin: counts are not repeatable without
    valgrind --tool=callgrind python bench/instructions.py --load /tmp/frames.pkl --looks 0
    valgrind --tool=callgrind python bench/instructions.py --load /tmp/frames.pkl --looks 20

``--colours default`` reads with a fresh install's colours instead.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import watcher

from companion.model.position import start_position
from companion.table.referee import Referee
from companion.table.watch import Watcher
from companion.vision import BoardReader

WARM = 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", type=Path, help="make the frames and colours, write them here")
    parser.add_argument("--load", type=Path, help="the frames and colours --save wrote")
    parser.add_argument("--looks", type=int, default=20, help="looks after the 4 warm ones")
    parser.add_argument("--colours", choices=("calibrated", "default"), default="calibrated")
    args = parser.parse_args()
    if args.save:
        sets, calibrated = watcher.frames()
        args.save.write_bytes(pickle.dumps((sets["changed board"], calibrated)))
        return
    if not args.load or not args.load.is_file():
        parser.exit(2, "bench/instructions.py: give --save FILE, or --load FILE it wrote\n")
    cv2.setNumThreads(1)
    images, calibrated = pickle.loads(args.load.read_bytes())
    start = start_position(players=["red", "yellow"])
    reader = BoardReader(start.layout, None if args.colours == "default" else calibrated)
    look = Watcher(Referee.start(start, lambda *_: []), reader).look
    for n in range(WARM + args.looks):
        look(images[n % len(images)])


if __name__ == "__main__":
    main()
