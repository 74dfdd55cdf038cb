"""Leave-one-source-out figures of the dice readers (bench/dice.py's first table).

Each reader is measured on every source of :mod:`companion.vision.dice.sources`. A reader
that learnt from a source is measured on it only as "seen" (labelled so, never a headline):
the learned detector is measured, for each source, by the model trained on every *other*
source (``tools/train_dice_detector.py --models byler,floor,vignette`` wrote
``bench/loso/SOURCE.onnx``), alone and as the finder of dice that today's reader network
reads ("det.+reader"), and today's pipeline with its reader network trained on every other source
(``tools/train_dice_net.py --stage reader --learn-from …`` wrote
``bench/loso/reader-SOURCE.onnx``; docs/dice.md says with which settings).

Per source and reader it prints:

* **per die**: labelled dice read right (a reading whose centre lies in the die's box, with
  its value) over labelled dice, every reading counted as the referee gets it;
* **sure**: of the readings at or above the reader's unsure bar (0.7), the share that are
  right: what the referee trusts without asking;
* **phantoms**: readings in no labelled box, per 100 labelled dice (all, and sure ones),
  and of those, how many lie **beside** a labelled die (within 1.5 of its sides of its
  centre: mostly another face of it that a camera not straight above sees, read as a die);
* **wrong >= 0.9**: misread or phantom readings with confidence at least 0.9, per 100 dice.

The worst source left out is printed last, for each reader.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from companion.vision.dice.sources import Photo
from companion.vision.dice.truth import Box, score

Image = npt.NDArray[np.uint8]
Reading = tuple[int, float, float, float]  # value, x, y, confidence
Reader = Callable[[Image], list[Reading]]
SURE = 0.7
VERY_SURE = 0.9


@dataclass
class Tally:
    """Counts over the photos of one source for one reader."""

    dice: int = 0
    right: int = 0
    sure: int = 0
    sure_right: int = 0
    phantoms: int = 0
    sure_phantoms: int = 0
    beside: int = 0
    very_sure_wrong: int = 0
    photos: int = 0
    photos_right: int = 0
    seconds: float = 0.0

    def row(self, timed: bool = True) -> str:
        """The tally in one line; ``timed``: with the CPU time a photo took."""
        per100 = 100 / max(self.dice, 1)
        line = (
            f"per die {self.right / max(self.dice, 1):7.2%}  "
            f"sure {self.sure_right / max(self.sure, 1):7.2%}  "
            f"phantoms {self.phantoms * per100:5.1f} (sure {self.sure_phantoms * per100:4.1f}, "
            f"beside a die {self.beside * per100:4.1f})  "
            f"wrong>=0.9 {self.very_sure_wrong * per100:4.2f}  "
            f"photos right {self.photos_right}/{self.photos}"
        )
        if not timed:
            return line
        return line + f"  {1000 * self.seconds / max(self.photos, 1):5.0f} ms/photo"


def grade(boxes: Sequence[Box], readings: Sequence[Reading], tally: Tally) -> None:
    """Add one photo's readings to ``tally``, scored by :func:`vision.dice.truth.score`,
    the rule of every dice figure (a reading takes the nearest box holding it that no
    earlier reading took; one in no free box is a phantom)."""
    at_sure = score(tuple(boxes), list(readings), SURE)
    sure = sum(r[3] >= SURE for r in readings)
    tally.dice += at_sure.dice
    tally.right += at_sure.right
    tally.sure += sure
    tally.sure_right += sure - at_sure.sure_wrong
    tally.phantoms += at_sure.extra
    tally.sure_phantoms += sum(1 for *_, label in at_sure.trusted if label == 0)
    tally.beside += sum(1 for r in readings if _beside(boxes, r[1], r[2]))
    tally.very_sure_wrong += score(tuple(boxes), list(readings), VERY_SURE).sure_wrong
    tally.photos += 1
    tally.photos_right += at_sure.scenes_right


def _beside(boxes: Sequence[Box], x: float, y: float) -> bool:
    """Whether a reading at (x, y) lies in no box but within 1.5 sides of one's centre."""
    if any(b.holds(x, y) for b in boxes):
        return False
    return any(np.hypot(x - bx, y - by) < 1.5 * side for bx, by, side in (b.place for b in boxes))


def measure(reader: Reader, photos: Sequence[Photo]) -> Tally:
    """One reader over one source's photos."""
    tally = Tally()
    for photo in photos:
        image = photo.image()
        start = time.process_time()
        readings = reader(image)
        tally.seconds += time.process_time() - start
        grade(photo.boxes, readings, tally)
    return tally


def pipeline_with(model: Path | None = None) -> Reader:
    """Today's pipeline (spots, finder, reader, rules) of vision.dice.reader, with the
    reader network in ``model`` instead of the shipped one where given."""
    from companion.vision.dice.net import READER
    from companion.vision.dice.reader import read_dice

    stage = READER if model is None else READER._replace(model=model)

    def read(image: Image) -> list[Reading]:
        return [(d.value, d.x, d.y, d.confidence) for d in read_dice(image, reader=stage).dice]

    return read


#: Today's pipeline as shipped.
shipped = pipeline_with()


#: the detector's heat a die must reach in "det.+reader", for each source left out: chosen
#: leave-one-source-out (docs/dice.md: of 0.2-0.6, the one whose dice read right less
#: phantoms, summed over the other two real sources with their own detectors, is largest;
#: measured with the detectors of 2026-11-28 in bench/loso)
LOCATED_FLOOR = {"byler": 0.6, "floor": 0.5, "vignette": 0.6}


def located(model: Path, heat: float) -> Reader:
    """The learned detector finds the dice (place and side), the shipped reader network of
    today's pipeline reads each one's value and confidence: where each half is better.
    A die must reach ``heat`` on the detector's heat map."""
    from companion.vision.dice.detector import detect
    from companion.vision.dice.net import READER, look, soften
    from companion.vision.dice.pips import D6_VALUES

    def read(image: Image) -> list[Reading]:
        found = detect(image, model, heat)
        looks = look(image, [(f.x, f.y, f.side) for f in found], READER)
        out = []
        for f, seen in zip(found, looks, strict=True):
            value, probability = seen.best(D6_VALUES)  # softened as the pipeline's dice are
            out.append((value, f.x, f.y, soften(probability, READER.temperature)))
        return out

    return read


def detector(model: Path) -> Reader:
    """The learned detector of vision.dice.detector with the weights in ``model``."""
    from companion.vision.dice.detector import detect

    def read(image: Image) -> list[Reading]:
        return [(f.value, f.x, f.y, f.confidence) for f in detect(image, model)]

    return read


def table(sources: Sequence[str], loso: Path, every: int = 1) -> None:
    """Print the leave-one-source-out table (see the module docstring), worst rows last."""
    from pipcount import count_pips

    from companion.vision.dice.net import READER_LEARNT_FROM
    from companion.vision.dice.sources import available, photos

    rows: dict[str, list[tuple[str, Tally, bool]]] = {}
    for source in sources:
        if not available(source):
            print(f"(0) {source}: skipped, its photos are not on this machine")
            continue
        shown = photos(source)[::every]
        model = loso / f"{source}.onnx"
        readers: list[tuple[str, Reader, bool]] = [
            ("pip counter", count_pips, False),
            ("shipped", shipped, source in READER_LEARNT_FROM),
        ]
        if (without := loso / f"reader-{source}.onnx").is_file():
            readers.append(("reader w/o it", pipeline_with(without), False))
        if model.is_file():
            readers.append(("detector", detector(model), False))
            heat = LOCATED_FLOOR.get(source, 0.5)
            readers.append(("det.+reader", located(model, heat), source in READER_LEARNT_FROM))
        for name, reader, seen in readers:
            tally = measure(reader, shown)
            rows.setdefault(name, []).append((source, tally, seen))
            label = "seen (trained on it)" if seen else "left out"
            print(
                f"(0) {source:9s} {len(shown):4d} photos {tally.dice:5d} dice  {name:11s} "
                f"{label:20s} {tally.row()}",
                flush=True,
            )
        if not model.is_file():
            print(f"(0) {source:9s} detector: no {model} (tools/train_dice_detector.py)")
    for name, results in rows.items():
        real = [(s, t) for s, t, seen in results if not seen and s != "synthetic"]
        if real:
            source, worst = min(real, key=lambda st: st[1].right / max(st[1].dice, 1))
            print(f"(0) worst real source left out, {name}: {source}: {worst.row()}")
