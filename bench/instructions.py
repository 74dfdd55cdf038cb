"""Instructions of one look of the watcher, for valgrind (a count, not a time).

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

``--colours default`` reads with a fresh install's colours instead. ``--set`` names
another of ``bench/watcher.py``'s sets (its dice frames: ``dice frame``, ``empty tray``,
``dice rolling``, ``empty tray, first frames``), read by a watcher prepared as that bench
prepares it (the board seen first; a roll before the empty tray and the rolling dice).
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

WARM = 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", type=Path, help="make the frames and colours, write them here")
    parser.add_argument("--load", type=Path, help="the frames and colours --save wrote")
    parser.add_argument("--looks", type=int, default=20, help="looks after the 4 warm ones")
    parser.add_argument("--colours", choices=("calibrated", "default"), default="calibrated")
    parser.add_argument("--set", default="changed board", help="which of the bench's sets")
    args = parser.parse_args()
    if args.save:
        args.save.write_bytes(pickle.dumps(watcher.frames()))
        return
    if not args.load or not args.load.is_file():
        parser.exit(2, "bench/instructions.py: give --save FILE, or --load FILE it wrote\n")
    cv2.setNumThreads(1)
    sets, calibrated = pickle.loads(args.load.read_bytes())
    name = "changed board, default colours" if args.colours == "default" else args.set
    if name not in sets:
        parser.exit(2, f"bench/instructions.py: no set {name!r} (sets: {', '.join(sets)})\n")
    images = sets[name]
    look = watcher.primed(name, sets, calibrated).look
    for n in range(WARM + args.looks):
        look(images[n % len(images)])


if __name__ == "__main__":
    main()
