"""A second look at each die (test-time augmentation), measured on rolls, leave-one-source-out.

    PYTHONPATH=. python bench/dice_second_look.py --cache /tmp/second [--weight 10] [SOURCE ...]

Every photo of each source (byler, floor, vignette, the rendered trays, and the 200 throws
of two d6 of ``companion sample dice --seed 0..199``, as bench/dice_rolls.py reads them) is
read by the shipped pipeline; then the reader network looks again at each die found, on a
crop centred on the die at the scale it was read, under 16 views that keep a d6's value:
the crop turned by 0, 90, 180 and 270 degrees, the same mirrored, and those 8 cut turned by
45 degrees. The class probabilities of every view are cached (``CACHE/SOURCE.json``).

A *variant* makes a die's confidence from its views: the first 4, 8 or 16 views, their
``mean`` or ``min`` probability of the value read, softened by the reader's temperature as
the shipped confidence is (``net.soften``); ``replace`` takes it as the confidence,
``lower`` only where it is lower than the shipped one, ``vote`` also takes the value with
the largest mean probability over the views, ``flag`` lowers it only where that value is
another than the one read, ``any`` only where one view's likeliest value is another;
``share`` is the shipped confidence times the share of views whose likeliest value is the
one read. Printed: per source, what the referee does with the photos at 0.7
(bench/dice_rolls.py: accepted right, accepted WRONG, asked) and the per-die figures
(bench/dice_sources.py: per die, sure right, phantoms, wrong >= 0.9); the accepted
right/WRONG counts at every bar for a few variants; then the variant, rule and bar chosen
leave-one-source-out on the real sources at ``--weight`` (a wrong roll taken = that many
questions) and what it does on the source left out. docs/dice.md, "A second look at each
die, tried", has the figures of 2026-11-28.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from dice_rolls import BARS, RULES, tally
from dice_sources import Reading, Tally, grade, left_out

from companion.vision.dice.net import READER, _answers, _softmax, crop, onnx_net, soften
from companion.vision.dice.reader import WORK_SIDE, DiceReading, read_dice
from companion.vision.dice.sources import photos
from companion.vision.dice.truth import Box

Image = np.ndarray
VIEWS = {"4 turns": 4, "8 turns+mirrors": 8, "16 (+45 deg)": 16}
AGGREGATES = ("mean", "min")
MODES = ("replace", "lower", "vote", "flag", "any", "share")
Variant = tuple[str, ...]
VARIANTS: list[Variant] = [("shipped",)] + [
    (v, a, m) for m in MODES for v in VIEWS for a in AGGREGATES
]
SOURCES = ("byler", "floor", "vignette", "synthetic", "throws")
REAL = ("byler", "floor", "vignette")


def _turned(image: Image, x: float, y: float, side: float, angle: float) -> Image:
    """The reader's crop at (x, y) cut turned by ``angle`` radians."""
    n = READER.crop
    scale = n / (READER.span * side)
    c, s = math.cos(angle) * scale, math.sin(angle) * scale
    m = np.array([[c, s, n / 2 - c * x - s * y], [-s, c, n / 2 + s * x - c * y]])
    out: Image = cv2.warpAffine(
        image, m, (n, n), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return out


def views(image: Image, x: float, y: float, side: float) -> list[Image]:
    """16 crops of one die that show the same value: 4 turns, 4 mirrored, each at 0 and 45°."""
    out = []
    for patch in (crop(image, x, y, side, READER), _turned(image, x, y, side, math.pi / 4)):
        for p in (patch, patch[:, ::-1]):
            out += [np.rot90(p, k) for k in range(4)]
    return out


def second_look(image: Image, reading: DiceReading) -> np.ndarray:
    """The reader's class probabilities for each die of ``reading`` under each view:
    dice × 16 × 10, each die cropped at the scale it was read."""
    s = min(1.0, WORK_SIDE / max(image.shape[:2])) * reading.scale
    if s != 1.0:
        size = (max(1, round(image.shape[1] * s)), max(1, round(image.shape[0] * s)))
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    if not reading.dice:
        return np.zeros((0, 16, 10), np.float32)
    patches = [v for d in reading.dice for v in views(image, d.x * s, d.y * s, d.side * s)]
    out = _answers(onnx_net(READER.model), np.ascontiguousarray(np.stack(patches)))
    return _softmax(out[:, :-3]).reshape(len(reading.dice), 16, -1)


def _photos(source: str) -> Iterator[tuple[str, Image, list[list[float]]]]:
    """(name, BGR image, boxes [x0, y0, x1, y1, value]) of each photo of ``source``."""
    if source != "throws":
        for photo in photos(source):
            boxes = [[b.x0, b.y0, b.x1, b.y1, b.value] for b in photo.boxes]
            yield photo.name, photo.image(), boxes
        return
    from companion.synth.dice import render_scene, scene_options

    for seed in range(200):  # as bench/dice_rolls.throws: the throws of trial s10
        scene = render_scene(seed, scene_options(kind="d6", dice=(2, 2), moving=0.0))
        jpeg = cv2.imencode(".jpg", scene.image)[1]
        image = np.asarray(cv2.imdecode(jpeg, cv2.IMREAD_COLOR), np.uint8)
        yield f"seed-{seed}", image, [[0, 0, 0, 0, d.value] for d in scene.dice]


def collect(source: str, cache: Path) -> dict[str, Any]:
    """Every photo of ``source`` read and looked at again (CPU seconds of each apart),
    from ``cache`` where kept."""
    kept = cache / f"{source}.json"
    if kept.is_file():
        stored: dict[str, Any] = json.loads(kept.read_text())
        return stored
    rows, read_s, look_s = [], 0.0, 0.0
    for name, image, boxes in _photos(source):
        start = time.process_time()
        reading = read_dice(image)
        read_s += time.process_time() - start
        start = time.process_time()
        p = second_look(image, reading)
        look_s += time.process_time() - start
        dice = [
            [d.value, d.x, d.y, d.confidence, d.side, np.round(p[i], 5).tolist()]
            for i, d in enumerate(reading.dice)
        ]
        rows.append({"photo": name, "boxes": boxes, "dice": dice})
    data = {"read_s": read_s, "look_s": look_s, "photos": rows}
    cache.mkdir(parents=True, exist_ok=True)
    kept.write_text(json.dumps(data))
    return data


def name(variant: Variant) -> str:
    return " ".join(variant)


def confidence(die: list[Any], variant: Variant) -> tuple[int, float]:
    """The value and confidence a die gets under ``variant``."""
    value, _, _, shipped, _, p = die
    if variant == ("shipped",):
        return int(value), float(shipped)
    views_, aggregate, mode = variant
    q = np.asarray(p)[: VIEWS[views_]]
    likeliest = 1 + np.argmax(q[:, 1:7], axis=1)  # each view's d6 value
    if mode == "share":  # the shipped confidence times the share of views that agree
        return int(value), float(shipped) * float(np.mean(likeliest == value))
    if mode == "vote":
        value = 1 + int(np.argmax(q[:, 1:7].mean(axis=0)))
    agreed = soften(float(getattr(np, aggregate)(q[:, value])), READER.temperature)
    if mode == "flag":  # lowered only where the views' likeliest value is another
        other = 1 + int(np.argmax(q[:, 1:7].mean(axis=0))) != value
        return int(value), min(shipped, agreed) if other else float(shipped)
    if mode == "any":  # lowered where any one view reads another value
        return int(value), min(shipped, agreed) if np.any(likeliest != value) else float(shipped)
    return int(value), min(shipped, agreed) if mode == "lower" else agreed


def readings(data: dict[str, Any], variant: Variant) -> list[tuple[list[int], list[Reading]]]:
    out = []
    for photo in data["photos"]:
        read = [(*confidence(d, variant), d[1], d[2]) for d in photo["dice"]]
        labelled = [int(b[4]) for b in photo["boxes"]]
        out.append((labelled, [(v, x, y, c) for v, c, x, y in read]))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", nargs="*", default=list(SOURCES))
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--weight", type=float, default=10.0)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    w = args.weight
    data = {s: collect(s, args.cache) for s in args.sources}
    rolls = {(s, name(v)): readings(data[s], v) for s in data for v in VARIANTS}
    for s, d in data.items():
        n = len(d["photos"])
        dice = sum(len(p["dice"]) for p in d["photos"])
        print(
            f"== {s}: {n} photos, {dice} dice read; CPU: the pipeline {1000 * d['read_s'] / n:.1f}"
            f" ms a photo, 16 views {1000 * d['look_s'] / max(dice, 1):.2f} ms a die"
        )
        for v in VARIANTS:
            print(f"  {name(v):28s} die >= 0.70  {tally(rolls[s, name(v)], 'die', 0.7).row(w)}")
        if s == "throws":
            continue
        for v in VARIANTS:
            t = Tally()
            for photo, (_, read) in zip(d["photos"], rolls[s, name(v)], strict=True):
                grade([Box(b[0], b[1], b[2], b[3], int(b[4])) for b in photo["boxes"]], read, t)
            print(f"  {name(v):28s} {t.row(timed=False)}")
        for v in [
            ("shipped",),
            *((k, a, "replace") for k in ("4 turns", "8 turns+mirrors") for a in AGGREGATES),
        ]:
            by_bar = [(b, tally(rolls[s, name(v)], "die", b)) for b in BARS[:-1]]
            cells = " ".join(f"{b:.2f}:{t.right}/{t.wrong}" for b, t in by_bar)
            print(f"  right/WRONG by bar, {name(v):24s} {cells}")
    real = [s for s in REAL if s in data]
    if len(real) < 2:
        return 0
    options = [(name(v), rule, bar) for v in VARIANTS for rule in RULES for bar in BARS]
    gain = {
        (s, o): round(100 * tally(rolls[s, o[0]], o[1], o[2]).score(w))
        for s in real
        for o in options
    }
    shipped = ("shipped", "die", 0.7)
    at_sure = [o for o in options if o[1:] == ("die", 0.7)]
    print("== the variant chosen leave-one-source-out at the shipped rule and bar, die >= 0.7")
    for out, (o, others) in left_out(gain, real, at_sure).items():
        print(
            f"  {out} left out: {o[0]} (the others' score {others[o] / 100:.1f}, "
            f"shipped {others[shipped] / 100:.1f}); on {out}: "
            f"{tally(rolls[out, o[0]], 'die', 0.7).row(w)}"
        )
    print(f"== chosen leave-one-source-out (variant, rule, bar; a wrong roll = {w:g} questions)")
    for out, (o, others) in left_out(gain, real, options).items():
        print(
            f"  {out} left out: {o} (the others' score {others[o] / 100:.1f}, "
            f"shipped {others[shipped] / 100:.1f})"
        )
        print(f"    on {out}: chosen  {tally(rolls[out, o[0]], o[1], o[2]).row(w)}")
        print(f"    on {out}: shipped {tally(rolls[out, 'shipped'], 'die', 0.7).row(w)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
