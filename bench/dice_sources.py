"""Leave-one-source-out figures of the dice readers (bench/dice.py's first table).

Each reader is measured on every source of :mod:`companion.vision.dice.sources`. A reader
that learnt from a source is measured on it only as "seen" (labelled so, never a headline):
the learned detector is measured, for each source, by the model trained on every *other*
source (``tools/train_dice_detector.py --models byler,floor,vignette`` wrote
``bench/loso/SOURCE.onnx``), alone and as the finder of dice that today's reader network
reads ("det.+reader"), and today's pipeline with its reader network trained on every other source
(``tools/train_dice_net.py --stage reader --learn-from …`` wrote
``bench/loso/reader-SOURCE.onnx``; docs/dice.md says with which settings), and today's
pipeline whose dice the detector without the source does not back are made unsure
("pipeline, detector agrees", :func:`agreed`; not in the companion: docs/dice.md, "Two
readers agreeing, tried").

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from companion.vision.dice.detector import Found
from companion.vision.dice.sources import Photo
from companion.vision.dice.truth import Box, score

T = TypeVar("T")

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
#: leave-one-source-out by :func:`choose_heat` (``bench/dice.py --heats 0.2,…,0.8``: the
#: bar whose dice read right less phantoms, summed over the other two real sources with
#: their own detectors, is largest; the detectors of 2026-11-28 in bench/loso)
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


def choose_heat(loso: Path, heats: Sequence[float]) -> dict[str, float]:
    """The heat bar of "det.+reader" for each real source left out, chosen without it:
    every real source is read by its own leave-one-out detector at every bar of
    ``heats``; for a source left out, the bar whose dice read right less phantoms, summed
    over the *other* real sources, is its bar (ties to the lower bar). Prints every
    measurement and the choice (what made :data:`LOCATED_FLOOR`)."""
    from companion.vision.dice.sources import REAL, available, photos

    sources = [s for s in REAL if available(s) and (loso / f"{s}.onnx").is_file()]
    gain: dict[tuple[str, float], int] = {}
    for source in sources:
        shown = photos(source)
        for heat in heats:
            tally = measure(located(loso / f"{source}.onnx", heat), shown)
            gain[source, heat] = tally.right - tally.phantoms
            print(f"(h) {source:9s} heat >= {heat:.2f}  {tally.row(timed=False)}", flush=True)
    chosen = {}
    for out, (heat, others) in left_out(gain, sources, sorted(heats)).items():
        sums = ", ".join(f"{h:.2f}: {v}" for h, v in others.items())
        print(f"(h) {out} left out: heat {heat:.2f} (right less phantoms, others: {sums})")
        chosen[out] = heat
    return chosen


def left_out(
    gain: Mapping[tuple[str, T], int], sources: Sequence[str], options: Sequence[T]
) -> dict[str, tuple[T, dict[T, int]]]:
    """For each source left out, the option of ``options`` whose ``gain`` summed over the
    *other* sources is largest (ties to the earlier option), with those sums: what the
    source left out itself scores never takes part in choosing for it. The one rule of
    every leave-one-source-out choice of this bench."""
    chosen = {}
    for out in sources:
        others = {v: sum(gain[s, v] for s in sources if s != out) for v in options}
        best = max(options, key=lambda v: (others[v], -options.index(v)))
        chosen[out] = (best, others)
    return chosen


#: "pipeline, detector agrees": (mode, heat, cap) for each source left out, chosen
#: leave-one-source-out by :func:`choose_agreement` (``bench/dice.py --agree``, 2026-11-28,
#: the detectors of bench/loso; docs/dice.md, "Two readers agreeing, tried")
AGREEMENT = {
    "byler": ("place", 0.2, 0.5),
    "floor": ("place", 0.1, 0.5),
    "vignette": ("place+value", 0.6, 0.8),
}
#: the modes of the agreement: a die of the pipeline keeps its confidence where the
#: detector has a find near it ("place"), and, with "place+value", that find reads its value
MODES = ("place", "place+value")

Sided = tuple[int, float, float, float, float]  # value, x, y, confidence, side


def agreed(dice: Sequence[Sided], finds: Sequence[Found], mode: str, cap: float) -> list[Reading]:
    """The pipeline's ``dice`` with the confidence of each that the detector does not back
    capped at ``cap``: backed where a find of the detector (each of ``finds`` reached the
    heat bar) lies within half the die's side of its centre, and, in mode "place+value",
    the nearest such find reads the die's value. Values and places are unchanged: two
    readers that learnt differently agreeing is evidence; one of them alone is not."""
    out = []
    for value, x, y, confidence, side in dice:
        near = [f for f in finds if np.hypot(f.x - x, f.y - y) < 0.5 * side]
        backed = bool(near)
        if backed and mode == "place+value":
            backed = min(near, key=lambda f: np.hypot(f.x - x, f.y - y)).value == value
        out.append((value, x, y, confidence if backed else min(confidence, cap)))
    return out


def _sided(image: Image) -> list[Sided]:
    """The shipped pipeline's dice with their sides."""
    from companion.vision.dice.reader import read_dice

    return [(d.value, d.x, d.y, d.confidence, d.side) for d in read_dice(image).dice]


def agreeing(model: Path, mode: str, heat: float, cap: float) -> Reader:
    """ "pipeline, detector agrees": the shipped pipeline reads; a die the learned detector
    in ``model`` does not back (:func:`agreed`, its finds at ``heat`` or more) is capped
    at ``cap``."""
    from companion.vision.dice.detector import detect

    def read(image: Image) -> list[Reading]:
        return agreed(_sided(image), detect(image, model, heat), mode, cap)

    return read


def choose_agreement(
    loso: Path, heats: Sequence[float], caps: Sequence[float]
) -> dict[str, tuple[str, float, float]]:
    """The settings of "pipeline, detector agrees" for each real source left out, chosen
    without it, as :func:`choose_heat` chooses: every real source is read once by the
    pipeline and, at every bar of ``heats``, by its own leave-one-out detector (kept in
    memory); every setting (each mode of :data:`MODES`, heat, cap of ``caps``), and the
    pipeline alone, is scored on every source by the referee's decisions: sure dice right
    less sure dice wrong (misread or phantom) less dice wrong at >= 0.9 (a confident
    mistake counts twice). For a source left out, the setting whose score summed over
    the *other* real sources is largest is its setting (ties to the pipeline alone, then
    to the earlier setting). Prints every measurement and the choice."""
    from companion.vision.dice.detector import detect
    from companion.vision.dice.sources import REAL, available, photos

    sources = [s for s in REAL if available(s) and (loso / f"{s}.onnx").is_file()]
    settings = [("alone", 0.0, 1.0)] + [(m, h, c) for m in MODES for c in caps for h in heats]
    gain: dict[tuple[str, tuple[str, float, float]], int] = {}
    for source in sources:
        read = []
        for photo in photos(source):
            image = photo.image()
            finds = {h: detect(image, loso / f"{source}.onnx", h) for h in heats}
            read.append((photo.boxes, _sided(image), finds))
        for setting in settings:
            mode, heat, cap = setting
            tally = Tally()
            for boxes, dice, finds in read:
                if mode == "alone":
                    grade(boxes, [d[:4] for d in dice], tally)
                else:
                    grade(boxes, agreed(dice, finds[heat], mode, cap), tally)
            wrong = tally.sure - tally.sure_right
            gain[source, setting] = tally.sure_right - wrong - tally.very_sure_wrong
            print(
                f"(g) {source:9s} {mode:11s} heat >= {heat:.1f} cap {cap:.1f}  "
                f"{tally.row(timed=False)}  right and sure {tally.sure_right / tally.dice:6.2%}",
                flush=True,
            )
    chosen = {}
    for out, (setting, others) in left_out(gain, sources, settings).items():
        print(
            f"(g) {out} left out: {setting} (score on the others {others[setting]}, "
            f"the pipeline alone {others[settings[0]]})"
        )
        chosen[out] = setting
    return chosen


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
            if source in AGREEMENT:
                agree = agreeing(model, *AGREEMENT[source])
                readers.append(("pipeline, detector agrees", agree, source in READER_LEARNT_FROM))
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
