"""Choose the dice reader's temperature leave-one-source-out, and say what its confidences mean.

    python bench/dice_temperature.py [--model READER.onnx] [--grid 1,1.9,2,2.2]

A die's confidence is the reader network's probability softened by the network's
temperature (``companion.vision.dice.net.soften``, ``Stage.temperature``). For each
temperature of ``--grid`` this reads every photo of each source with today's pipeline and
that temperature (every rule on the softened confidences, as shipped): byler's ``test``
split (the shipped reader learnt byler's ``train``: its row is "seen"), floor, vignette and
the rendered trays. For each source left out, the chosen temperature is the least of the
grid under which every *other* source has at most ``--bar`` dice per 100 wrong at
confidence >= 0.9 (issue 30's bar); the row of the source left out at that temperature is
its figure. Then, at the temperature the model ships with (``--at``), the share of
readings right in each band of confidence, with counts: what 0.7 or 0.9 means on each
source. A reader trained again needs its temperature chosen again with this.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from dice_sources import Reading, Tally, grade  # noqa: E402

from companion.vision.dice.net import READER  # noqa: E402
from companion.vision.dice.reader import read_dice  # noqa: E402
from companion.vision.dice.sources import Photo, photos  # noqa: E402
from companion.vision.dice.truth import score  # noqa: E402

SOURCES = ("test", "floor", "vignette", "synthetic")
BANDS = (0.0, 0.7, 0.8, 0.9, 1.01)


def source_photos(name: str) -> list[Photo]:
    if name == "test":
        return [p for p in photos("byler") if p.split == "test"]
    return photos(name)


def readings(model: Path, temperature: float, shots: list[Photo]) -> list[list[Reading]]:
    stage = READER._replace(model=model, temperature=temperature)
    out = []
    for photo in shots:
        dice = read_dice(photo.image(), reader=stage).dice
        out.append([(d.value, d.x, d.y, d.confidence) for d in dice])
    return out


def bands(shots: list[Photo], read: list[list[Reading]]) -> str:
    """Per band of confidence: readings, and the share right (a phantom is wrong)."""
    cells = []
    for lo, hi in itertools.pairwise(BANDS):
        n = wrong = 0
        for photo, rs in zip(shots, read, strict=True):
            n += sum(lo <= r[3] < hi for r in rs)
            wrong += score(photo.boxes, rs, lo).sure_wrong - score(photo.boxes, rs, hi).sure_wrong
        right = f"{(n - wrong) / n:.0%}" if n else "–"
        cells.append(f"{lo:.1f}-{min(hi, 1.0):.1f}: {right} of {n}")
    return "; ".join(cells)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, default=READER.model)
    parser.add_argument("--grid", default="1,1.9,2,2.2", help="temperatures to try")
    parser.add_argument("--bar", type=float, default=0.5, help="wrong >= 0.9 per 100 dice")
    parser.add_argument("--at", type=float, default=READER.temperature, help="for the bands")
    args = parser.parse_args()
    grid = sorted(float(t) for t in args.grid.split(","))
    print(f"{args.model.name}, temperatures {grid}, {os.cpu_count()} CPUs")
    shots = {name: source_photos(name) for name in SOURCES}
    tallies: dict[tuple[str, float], Tally] = {}
    for t in sorted({*grid, args.at}):
        for name in SOURCES:
            read = readings(args.model, t, shots[name])
            tally = Tally()
            for photo, rs in zip(shots[name], read, strict=True):
                grade(photo.boxes, rs, tally)
            tallies[name, t] = tally
            counts = f"({tally.very_sure_wrong} of {tally.dice})"
            print(f"T {t:4.2f} {name:9s} {tally.row(timed=False)} {counts}", flush=True)
            if t == args.at:
                print(f"           {name:9s} right by confidence: {bands(shots[name], read)}")
    print("\nleft out: the least T whose other sources are all within the bar, and its row there")
    for out in SOURCES:
        ok = [
            t
            for t in grid
            if all(
                100 * tallies[s, t].very_sure_wrong / tallies[s, t].dice <= args.bar
                for s in SOURCES
                if s != out
            )
        ]
        if not ok:
            print(f"{out:9s} no temperature of the grid keeps the other sources within the bar")
            continue
        print(f"{out:9s} T {ok[0]:4.2f}  {tallies[out, ok[0]].row(timed=False)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
