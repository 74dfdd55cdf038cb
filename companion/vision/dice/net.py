"""Two small learned looks at one place of a photo: is a die there, where, and which value.

Both networks (trained by ``tools/train_dice_net.py`` on the real ``train`` photos, the
real single-die crops, rendered trays and made-up desks; files beside this module) see a
square crop centred on a place and a fixed number of estimated face sides wide, and answer
ten class scores (0: no die centred here; 1-9: a die showing that many pips, 7-9 on Miwin
dice only) and where the die's centre and side really are, relative to the crop.

* :data:`FINDER` looks at every candidate: a wide, coarse crop, so that a die whose centre
  is a third of a side off is still seen whole; its answer is where the die is.
* :data:`READER` looks at every die the finder saw, on a tight crop centred on it at about
  the photo's own resolution (small pips stay pips); its answer is the value and the
  confidence.

They run through OpenCV's own ``cv2.dnn``: no other runtime dependency. A crop is
normalised by its own mean and spread, so the networks see pips against their die whatever
the light; they were trained with dice turned any way, colours swapped and inverted, light,
blur and noise varied, so that a die's colour and the table are not what they learnt.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[Any]

CLASSES = 10  # no die, 1..9 pips
#: Patches a network sees at once: its working memory grows with the batch, and a busy
#: photo (a board, a keyboard) has hundreds of candidates; a whole batch of them took
#: 110 MB at once, which broke the 200 MB budget of `companion serve`.
BATCH = 64


class Stage(NamedTuple):
    """One of the two networks: its file, input side (pixels), span (in face sides)."""

    model: Path
    crop: int
    span: float
    turns: int  # the crop is read turned by 0, 90, ... degrees, up to this many times
    #: a place whose unturned answer is at least this sure is not read turned (1: always)
    enough: float
    #: a die's confidence is the network's probability with its log-odds divided by this
    #: (:func:`soften`): the network is surer than its hits on tables it never saw
    temperature: float = 1.0


HERE = Path(__file__).parent
#: Finds dice around candidates: a wide crop, so a die a third of a side off is seen whole.
FINDER = Stage(HERE / "dicefinder.onnx", 32, 1.5, 1, 1.0)
#: Reads a die the finder centred: a tight crop at about the photo's own resolution. Its
#: temperature 2 was chosen leave-one-source-out: the least of 1.9, 2.0 and 2.2 under which
#: at most 0.5 of 100 dice are read wrong at 0.9 or more on every other source, the same
#: (2.0) with each real source and the rendered trays left out (docs/dice.md).
READER = Stage(HERE / "dicereader.onnx", 40, 1.2, 4, 0.97, 2.0)
#: The sources of vision.dice.sources the shipped reader learnt from: figures measured on
#: them are "seen", never a headline (bench/dice.py (0)).
READER_LEARNT_FROM = ("byler", "synthetic")


class Look(NamedTuple):
    """What the network says about one crop: class probabilities and where the die is."""

    probabilities: npt.NDArray[np.float32]  # CLASSES: no die, 1..9 pips
    x: float  # the die's centre in the frame (pixels)
    y: float
    side: float  # the die's face side (pixels)

    def best(self, values: frozenset[int]) -> tuple[int, float]:
        """The likeliest of ``values`` (the faces this kind of die has) and its probability.

        The probability of any other value counts against the confidence: a d6 that looks
        like a 7 is not a sure 6."""
        value = max(values, key=lambda v: self.probabilities[v])
        return value, float(self.probabilities[value])

    @property
    def die(self) -> float:
        """The probability that a die is centred near this place."""
        return 1.0 - float(self.probabilities[0])


def soften(probability: float, temperature: float) -> float:
    """``probability`` with its log-odds divided by ``temperature``: the same order, less
    sure where ``temperature`` > 1 (0.9 becomes 0.75, 0.99 0.91 at 2)."""
    if temperature == 1.0:
        return probability
    p = min(max(probability, 1e-7), 1.0 - 1e-7)
    return 1.0 / (1.0 + math.exp(-math.log(p / (1.0 - p)) / temperature))


def crop(image: Image, x: float, y: float, side: float, stage: Stage) -> Image:
    """A stage's input for a place (x, y) with face side ``side``: a square BGR patch of
    ``stage.crop`` pixels, ``stage.span`` sides wide, the frame's edge repeated beyond it."""
    n = stage.crop
    scale = n / (stage.span * side)
    m = np.array([[scale, 0.0, n / 2 - scale * x], [0.0, scale, n / 2 - scale * y]], np.float64)
    out: Image = cv2.warpAffine(
        image, m, (n, n), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return out


def normalise(patches: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    """N×n×n×3 BGR patches → N×3×n×n floats, each patch by its own mean and
    spread (the same function prepares the training data)."""
    x = patches.astype(np.float32)
    mean = x.mean(axis=(1, 2, 3), keepdims=True)
    std = x.std(axis=(1, 2, 3), keepdims=True) + 8.0
    out: npt.NDArray[np.float32] = np.ascontiguousarray(((x - mean) / std).transpose(0, 3, 1, 2))
    return out


def _forward(net: Any, patches: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    net.setInput(normalise(patches))
    return np.asarray(net.forward(), np.float32)


def _answers(net: Any, patches: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    """The network's raw answers for N patches, BATCH at a time."""
    return np.concatenate(
        [_forward(net, patches[i : i + BATCH]) for i in range(0, len(patches), BATCH)]
    )


def _softmax(logits: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    out: npt.NDArray[np.float32] = e / e.sum(axis=1, keepdims=True)
    return out


@cache
def onnx_net(model: Path) -> Any:
    """The network in an ONNX file, loaded once, run by ``cv2.dnn``."""
    # OpenCV 5's new engine runs these small networks 1.6-1.9 times slower than its classic
    # one (same answers to 1e-5); OpenCV 4 has only the classic one and no engine argument.
    engine = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
    if engine is None:
        return cv2.dnn.readNetFromONNX(str(model))
    return cv2.dnn.readNetFromONNX(str(model), engine)


def look(image: Image, places: list[tuple[float, float, float]], stage: Stage) -> list[Look]:
    """A stage's answer for each place (x, y, side) of a BGR image, in one batch."""
    if not places:
        return []
    patches = np.stack([crop(image, x, y, side, stage) for x, y, side in places])
    net = onnx_net(stage.model)
    out = _answers(net, patches)  # N×13: 10 logits, dx, dy, log side ratio
    probabilities = _softmax(out[:, :-3])
    # The crop turned by 90, 180 and 270 degrees shows the same value: where the first
    # answer is not sure, the mean of the four answers is steadier than one (the place
    # comes from the unturned crop).
    unsure = np.flatnonzero(probabilities.max(axis=1) < stage.enough)
    if stage.turns > 1 and len(unsure):
        turned = np.concatenate(
            [np.rot90(patches[unsure], k, axes=(1, 2)) for k in range(1, stage.turns)]
        )
        more = _softmax(_answers(net, turned)[:, :-3]).reshape(stage.turns - 1, len(unsure), -1)
        probabilities[unsure] = (probabilities[unsure] + more.sum(axis=0)) / stage.turns
    looks = []
    for (x, y, side), p, (dx, dy, ds) in zip(places, probabilities, out[:, -3:], strict=True):
        span = stage.span * side
        looks.append(Look(p, x + float(dx) * span, y + float(dy) * span, side * float(np.exp(ds))))
    return looks
