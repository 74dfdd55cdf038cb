"""One learned detector: every die found and its top face read in one pass of one network.

Not yet the companion's dice reader (that is :mod:`.reader`): issue 30's replacement for
candidates + two networks + rules, measured leave-one-source-out by ``bench/dice.py`` (0)
and kept until a trained model beats the reader there (docs/dice.md, "Tables never seen").

The network (an ONNX file written by ``tools/train_dice_detector.py``) is a small
CenterNet: it looks at the whole photo once and answers, on a grid of STRIDE pixels,

* how likely a die's top face is centred in each cell (one heat map),
* which value that face shows (six scores, d6),
* the face's side (its logarithm, in cells) and the centre's offset within the cell.

Post-processing is short: a die is a cell that is the largest of its 3×3 neighbours and
above FLOOR; its confidence is the heat there times the probability of the value read.
Dice whose centres lie closer than half the smaller side are one die (the surer is kept).

The photo is read at one scale first; where the dice found are much smaller or larger
than the sizes the network learnt best (DIE_SIDE), it is read once more scaled so that they
are DIE_SIDE wide. Nothing in here was tuned to one table: the thresholds are chosen
leave-one-source-out by ``bench/dice.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

from .net import onnx_net

Image = npt.NDArray[np.uint8]
#: the network's grid, in input pixels
STRIDE = 4
#: output channels: heat, six values, log side, offset x, offset y
CHANNELS = 10
#: input sides are multiples of this (the network halves the picture four times)
MULTIPLE = 16
#: a peak must be at least this sure to be a die at all
FLOOR = 0.2
#: the long side of the first reading's working copy
WORK_SIDE = 512
#: the die side the network reads best, and the range read without a second pass
DIE_SIDE = 36.0
GOOD = (20.0, 64.0)


class Found(NamedTuple):
    """One die the network found: value 1-6, centre and side (photo pixels), confidence."""

    value: int
    x: float
    y: float
    side: float
    confidence: float


def prepare(image: Image) -> npt.NDArray[np.float32]:
    """A BGR picture → 1×3×H×W floats, by its own mean and spread (training does the same)."""
    x = image.astype(np.float32)
    x = (x - x.mean()) / (x.std() + 8.0)
    out: npt.NDArray[np.float32] = np.ascontiguousarray(x.transpose(2, 0, 1)[None])
    return out


def decode(out: npt.NDArray[np.float32], scale: float, floor: float = FLOOR) -> list[Found]:
    """The dice in one output map (10×h×w), placed in the photo (``scale`` = input / photo)."""
    heat = 1 / (1 + np.exp(-out[0]))
    peaks = (heat >= floor) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
    found = []
    for cy, cx in zip(*np.nonzero(peaks), strict=True):
        logits = out[1:7, cy, cx]
        p = np.exp(logits - logits.max())
        p /= p.sum()
        value = int(np.argmax(p))
        side = float(np.exp(out[7, cy, cx])) * STRIDE / scale
        x = (cx + float(out[8, cy, cx])) * STRIDE / scale
        y = (cy + float(out[9, cy, cx])) * STRIDE / scale
        found.append(Found(value + 1, x, y, side, float(heat[cy, cx] * p[value])))
    return _one_each(found)


def _one_each(found: list[Found]) -> list[Found]:
    """Drop a die whose centre lies within half a side of a surer one."""
    kept: list[Found] = []
    for f in sorted(found, key=lambda f: -f.confidence):
        if all(np.hypot(f.x - k.x, f.y - k.y) >= 0.5 * min(f.side, k.side) for k in kept):
            kept.append(f)
    return kept


def detect(image: Image, model: Path, floor: float = FLOOR) -> list[Found]:
    """Every die in a BGR photo: read once at WORK_SIDE, and again at the scale where the
    dice found are DIE_SIDE wide when they are outside GOOD."""
    scale = WORK_SIDE / max(image.shape[:2])
    found = _at(image, scale, model, floor)
    sure = [f.side for f in found if f.confidence >= 0.5]
    if sure:
        typical = float(np.median(sure)) * scale
        if not GOOD[0] <= typical <= GOOD[1]:
            again = min(scale * DIE_SIDE / typical, 2048 / max(image.shape[:2]))
            found = _at(image, again, model, floor)
    return found


def _at(image: Image, scale: float, model: Path, floor: float) -> list[Found]:
    """The dice found with the photo scaled by about ``scale`` (sides to MULTIPLE)."""
    h, w = image.shape[:2]
    ih = max(MULTIPLE, round(h * scale / MULTIPLE) * MULTIPLE)
    iw = max(MULTIPLE, round(w * scale / MULTIPLE) * MULTIPLE)
    interp = cv2.INTER_AREA if ih < h else cv2.INTER_LINEAR
    small = np.asarray(cv2.resize(image, (iw, ih), interpolation=interp), np.uint8)
    net = onnx_net(model)
    net.setInput(prepare(small))
    out = np.asarray(net.forward(), np.float32)[0]
    found = decode(out, 1.0, floor)
    sx, sy = w / iw, h / ih
    return [Found(f.value, f.x * sx, f.y * sy, f.side * (sx + sy) / 2, f.confidence) for f in found]
