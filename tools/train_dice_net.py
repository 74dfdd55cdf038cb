"""Train a dice network of companion/vision/dice/net.py (finder or reader), export to ONNX.

Run ``.venv/bin/python tools/train_dice_net.py --stage finder|reader`` from the project
root, with torch installed for training only (``pip install torch==2.13.0 onnx``; the
companion itself runs the exported file through ``cv2.dnn``). Data, all from outside the
test split:

* the real photos of ``../shared/data/dice-real-scenes`` of the ``train`` split, less the
  fifth held out (:func:`companion.vision.dice.truth.train_parts`): a crop around every
  labelled die, its centre moved by up to 0.35 of its side and its size misjudged by
  0.65-1.5× for the finder (as the pip candidates are), 0.2 and 0.72-1.3× for the reader
  (as the finder's places are), labelled with its value and where the die really is; and
  crops at the pip candidates (:mod:`companion.vision.dice.spots`) and random places that
  are not on a die (further than 0.6 of a side from every die), labelled "no die";
* the real single-die crops of ``../shared/data/dice-real-crops``, pasted turned onto the
  synthetic tables of :mod:`companion.synth.tables` (wood, felt, cardboard, leather, plain)
  and onto die-free parts of the train photos;
* those synthetic tables alone, made-up desks and rendered trays.

Every crop is turned by any angle when cut (a die's value does not depend on its turn);
in every epoch anew its colour channels are shuffled or the whole crop inverted (white
dice with black pips become black dice with white pips), light, contrast, blur, noise and
JPEG loss varied. After every epoch the crops of the held-out photos (cut the same way,
not altered) are measured; the epoch with the lowest loss on them is exported. The seed
is fixed; the figures the whole reader reaches are measured by ``bench/dice.py``.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.synth.dice import DiceScene, SceneOptions, render_scene  # noqa: E402
from companion.synth.tables import BACKGROUNDS, background  # noqa: E402
from companion.vision.dice.detector import detect  # noqa: E402
from companion.vision.dice.net import CLASSES, FINDER, READER, look, normalise  # noqa: E402
from companion.vision.dice.pips import D6_VALUES  # noqa: E402
from companion.vision.dice.sources import REAL, photos  # noqa: E402
from companion.vision.dice.spots import candidates  # noqa: E402
from companion.vision.dice.truth import CROPS, SCENES, Scene, train_parts  # noqa: E402

# Set by --stage (see main): the crop's size and span, how far off a die's centre and how
# wrong in size a crop may be and still be labelled with that die.
CROP, SPAN = FINDER.crop, FINDER.span
NEAR = 0.35  # a crop centred this near a die (in its sides) shows that die
SIZES = (0.65, 1.5)
FAR = 0.6  # a crop centred further than this from every die shows none
#: --side-faces: the rendered trays' cameras up to this many degrees off vertical (a camera
#: at standing height sees two or three faces of each die), and a side face whose root of
#: area is at least this share of the top face's is taught as no die
SIDE_FACES_TILT = 60.0
SIDE_FACE_LEAST = 0.35
#: --crowds: rendered tables of 10-40 small d6, often touching (a tray sees a handful; a table seen
#: from standing height may see a crowd of them)
CROWDS = SceneOptions(kind="d6", dice=(10, 40), die_mm=(6.0, 9.0), touching=0.6, max_tilt=45.0)
#: --inner: crops inside a die's face, this share of its side wide, as no die, from dice at
#: least INNER_LEAST pixels wide (a smaller die's pips are a few pixels: a crop of one is a
#: blob like a small die in a blurry photo)
INNER = (0.2, 0.45)
INNER_LEAST = 40.0
SHIPPED = READER  # the reader that tells the hard dice (--hard)


def turned_crop(image: np.ndarray, x: float, y: float, side: float, angle: float) -> np.ndarray:
    """Like companion.vision.dice.net.crop, turned by ``angle`` radians about (x, y)."""
    scale = CROP / (SPAN * side)
    c, s = math.cos(angle) * scale, math.sin(angle) * scale
    m = np.array([[c, -s, 0.0], [s, c, 0.0]])
    m[:, 2] = np.array([CROP / 2, CROP / 2]) - m[:, :2] @ np.array([x, y])
    return cv2.warpAffine(
        image, m, (CROP, CROP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def sample_die(
    rng: random.Random, image: np.ndarray, x: float, y: float, side: float, value: int
) -> tuple[np.ndarray, int, tuple[float, float, float]]:
    """A crop near a die, and its label: value, and the die's offset and size in the crop."""
    r = NEAR * side * math.sqrt(rng.random())
    a = rng.uniform(0, 2 * math.pi)
    cx, cy = x + r * math.cos(a), y + r * math.sin(a)
    est = side * math.exp(rng.uniform(math.log(SIZES[0]), math.log(SIZES[1])))
    angle = rng.uniform(0, 2 * math.pi)
    patch = turned_crop(image, cx, cy, est, angle)
    span = SPAN * est
    dx, dy = (x - cx) / span, (y - cy) / span
    # the offset as the turned crop shows it
    c, s = math.cos(angle), math.sin(angle)
    return patch, value, (c * dx - s * dy, s * dx + c * dy, math.log(side / est))


def inner_crop(
    rng: random.Random, image: np.ndarray, x: float, y: float, side: float
) -> np.ndarray:
    """A crop inside a die's face, INNER of its side wide (a pip of a large die, seen close,
    looks like a die showing 1 with no edge in view): no die is centred there."""
    cx = x + side * rng.uniform(-0.3, 0.3)
    cy = y + side * rng.uniform(-0.3, 0.3)
    return turned_crop(image, cx, cy, side * rng.uniform(*INNER), rng.uniform(0, 6.3))


def augment(rng: random.Random, patch: np.ndarray) -> np.ndarray:
    p = patch.astype(np.float32)
    if rng.random() < 0.5:
        p = p[:, :, rng.sample(range(3), 3)]
    if rng.random() < 0.25:
        p = 255 - p
    if rng.random() < 0.15:
        p = np.repeat(p.mean(axis=2, keepdims=True), 3, axis=2)
    p = p * rng.uniform(0.6, 1.4) + rng.uniform(-40, 40)
    p = 255 * (np.clip(p, 0, 255) / 255) ** rng.uniform(0.7, 1.4)
    if rng.random() < 0.3:
        p = cv2.GaussianBlur(p, (0, 0), rng.uniform(0.3, 1.0))
    p = p + np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(0, 6), p.shape)
    p = np.clip(p, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        _, buf = cv2.imencode(".jpg", p, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(40, 90)])
        p = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    if rng.random() < 0.5:
        p = p[:, ::-1]
    return np.ascontiguousarray(p)


def clutter(rng: random.Random) -> np.ndarray:
    """A made-up desk beside the tray: keyboard keys with letters, cables, screws, dots.

    Keys with a letter in the middle are the classic false die (a light square with a dark
    spot); none of this is a die, so everything here is "no die"."""
    h, w = 240, 320
    base = np.array([rng.randrange(256) for _ in range(3)], np.float64)
    image = np.empty((h, w, 3), np.uint8)
    image[:] = base.astype(np.uint8)
    key = rng.randint(14, 40)
    cap = tuple(rng.randrange(256) for _ in range(3))
    ink = tuple(rng.randrange(256) for _ in range(3))
    for y in range(rng.randint(-key, 0), h, key + rng.randint(2, 6)):
        shift = rng.randint(0, key)
        for x in range(-shift, w, key + rng.randint(2, 6)):
            cv2.rectangle(image, (x, y), (x + key, y + key), cap, -1, cv2.LINE_AA)
            text = rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,-#*")
            font = rng.choice([cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_PLAIN])
            org = (x + key // 4 + rng.randint(-2, 2), y + 3 * key // 4 + rng.randint(-2, 2))
            cv2.putText(image, text, org, font, key / 40, ink, rng.randint(1, 2), cv2.LINE_AA)
    for _ in range(rng.randint(0, 4)):
        pts = np.array([[rng.randrange(w), rng.randrange(h)] for _ in range(4)], np.int32)
        colour = tuple(rng.randrange(256) for _ in range(3))
        cv2.polylines(image, [pts], False, colour, rng.randint(2, 9), cv2.LINE_AA)
    for _ in range(rng.randint(0, 12)):
        colour = tuple(rng.randrange(256) for _ in range(3))
        centre = (rng.randrange(w), rng.randrange(h))
        cv2.circle(image, centre, rng.randint(2, 6), colour, -1, cv2.LINE_AA)
    return cv2.GaussianBlur(image, (0, 0), rng.uniform(0.3, 1.2))


def far_from(dice: list[tuple[float, float, float]], x: float, y: float) -> bool:
    return all(math.hypot(x - dx, y - dy) > FAR * s for dx, dy, s in dice)


def near_any(dice: list[tuple[float, float, float]], x: float, y: float) -> bool:
    return any(math.hypot(x - dx, y - dy) <= FAR * s for dx, dy, s in dice)


def scene_crops(
    rng: random.Random,
    scenes: list[Scene],
    per_die: int,
    add: Callable[..., None],
    hard: int = 1,
    shrink: tuple[float, float] | None = None,
    proposals: Path | None = None,
    inner: int = 0,
) -> list[np.ndarray]:
    """Crops of real labelled photos: near every die (labelled with it), at the pip
    candidates and random places away from dice ("no die"). Returns die-free patches of
    the photos, for pasting single dice onto. A die the shipped reader reads wrong or
    unsure (below 0.9) given its box gets ``hard`` times the crops; with ``shrink`` (the
    least and most factor), a third more crops come from each photo shrunk by a factor
    drawn between them."""
    empties: list[np.ndarray] = []
    for scene in scenes:
        image = cv2.imread(str(scene.path))
        h, w = image.shape[:2]
        dice = [b.place for b in scene.boxes]
        typical = float(np.median([s for _, _, s in dice]))
        weights = [1] * len(dice)
        if hard > 1:
            seen = look(image, dice, SHIPPED)
            readings = [s.best(D6_VALUES) for s in seen]
            weights = [
                hard if value != b.value or sure < 0.9 else 1
                for (value, sure), b in zip(readings, scene.boxes, strict=True)
            ]
        for (x, y, side), box, weight in zip(dice, scene.boxes, weights, strict=True):
            for _ in range(per_die * weight):
                add(*sample_die(rng, image, x, y, side, box.value))
            for _ in range(inner if side >= INNER_LEAST else 0):
                add(inner_crop(rng, image, x, y, side), 0, (0, 0, 0))
        if shrink:
            # the same table further away (a webcam over a wider table sees dice of
            # 20-30 pixels, a camera at standing height 10-30)
            f = rng.uniform(*shrink)
            small = cv2.resize(image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
            for (x, y, side), box in zip(dice, scene.boxes, strict=True):
                for _ in range(max(1, per_die // 3)):
                    add(*sample_die(rng, small, x * f, y * f, side * f, box.value))
            for _ in range(len(dice)):
                x, y = rng.uniform(0, w), rng.uniform(0, h)
                if far_from(dice, x, y):
                    side = typical * f * math.exp(rng.uniform(-0.5, 0.5))
                    add(turned_crop(small, x * f, y * f, side, rng.uniform(0, 6.3)), 0, (0, 0, 0))
        for c in candidates(image):
            if far_from(dice, c.x, c.y):
                add(turned_crop(image, c.x, c.y, c.side, rng.uniform(0, 6.3)), 0, (0, 0, 0))
        if proposals is not None:
            # where the learned detector finds a die that is none (its phantoms: a tray's
            # rim, a carpet's pattern), as the reader will see them behind it: no die
            for f in detect(image, proposals, 0.2):
                if far_from(dice, f.x, f.y):
                    for _ in range(3):
                        add(turned_crop(image, f.x, f.y, f.side, rng.uniform(0, 6.3)), 0, (0, 0, 0))
        for _ in range(4 * len(dice)):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            side = typical * math.exp(rng.uniform(-0.5, 0.5))
            if far_from(dice, x, y):
                add(turned_crop(image, x, y, side, rng.uniform(0, 6.3)), 0, (0, 0, 0))
        for _ in range(3):
            x, y = rng.uniform(60, w - 60), rng.uniform(60, h - 60)
            if far_from(dice, x, y) and all(
                math.hypot(x - dx, y - dy) > 2 * s for dx, dy, s in dice
            ):
                empties.append(image[int(y) - 60 : int(y) + 60, int(x) - 60 : int(x) + 60])
    return empties


def held_out(seed: int) -> tuple[list[np.ndarray], list[int], list[tuple[float, float, float]]]:
    """Crops of the held-out train photos (vision.dice.truth.train_parts), made as the
    training crops are but not altered: what the choice of epoch is measured on."""
    rng = random.Random(seed + 1)
    xs: list[np.ndarray] = []
    ys: list[int] = []
    regs: list[tuple[float, float, float]] = []

    def add(patch: np.ndarray, label: int, reg: tuple[float, float, float]) -> None:
        xs.append(patch)
        ys.append(label)
        regs.append(reg)

    scene_crops(rng, train_parts(SCENES)[1], 2, add)
    return xs, ys, regs


def build(
    rng: random.Random,
    per_die: int,
    synthetic: int,
    clutters: int,
    everything: bool,
    hard: int,
    shrink: tuple[float, float] | None,
    learn_from: tuple[str, ...] = ("byler",),
    proposals: Path | None = None,
    side_faces: bool = False,
    inner: int = 0,
    crowds: int = 0,
) -> tuple[list, list, list]:
    xs: list[np.ndarray] = []
    ys: list[int] = []
    regs: list[tuple[float, float, float]] = []

    def add(patch: np.ndarray, label: int, reg: tuple[float, float, float]) -> None:
        xs.append(patch)  # altered anew in every epoch (see main)
        ys.append(label)
        regs.append(reg)

    fit, held = train_parts(SCENES)
    scenes: list = []
    if "byler" in learn_from:
        scenes += fit + held if everything else fit
    for source in learn_from:
        if source != "byler":  # every photo of another real source (sources.py)
            scenes += photos(source)
    empties = scene_crops(rng, scenes, per_die, add, hard, shrink, proposals, inner)
    print(f"real scenes of {', '.join(learn_from)}: {len(xs)} crops", flush=True)
    tables = [
        background(name, 240, 320, np.random.default_rng(seed))
        for seed in range(12)
        for name in BACKGROUNDS
    ]
    for table in tables:
        for _ in range(40):
            side = rng.uniform(20, 70)
            x, y = rng.uniform(0, 320), rng.uniform(0, 240)
            add(turned_crop(table, x, y, side, rng.uniform(0, 6.3)), 0, (0, 0, 0))
    for _ in range(clutters):
        desk = clutter(rng)
        for c in candidates(desk)[:30]:
            add(turned_crop(desk, c.x, c.y, c.side, rng.uniform(0, 6.3)), 0, (0, 0, 0))
        for _ in range(10):
            side = rng.uniform(20, 70)
            x, y = rng.uniform(0, 320), rng.uniform(0, 240)
            add(turned_crop(desk, x, y, side, rng.uniform(0, 6.3)), 0, (0, 0, 0))
    files = sorted(CROPS.glob("*.png"))
    for f in files:
        face = cv2.imread(str(f))
        for _ in range(max(1, per_die // 2)):
            canvas = rng.choice(tables) if rng.random() < 0.5 else rng.choice(empties)
            ch, cw = canvas.shape[:2]
            size = 120
            x0, y0 = rng.randrange(cw - size + 1), rng.randrange(ch - size + 1)
            part = cv2.resize(canvas[y0 : y0 + size, x0 : x0 + size], (size, size)).copy()
            side = rng.uniform(30, 46)
            die = cv2.resize(face, (int(side), int(side)))
            o = (size - int(side)) // 2
            part[o : o + int(side), o : o + int(side)] = die
            add(*sample_die(rng, part, size / 2, size / 2, side, int(f.name[0])))
            # the same die off-centre: no die centred here
            a = rng.uniform(0, 2 * math.pi)
            r = side * rng.uniform(0.75, 1.2)
            add(
                turned_crop(
                    part,
                    size / 2 + r * math.cos(a),
                    size / 2 + r * math.sin(a),
                    side * rng.uniform(0.7, 1.3),
                    rng.uniform(0, 6.3),
                ),
                0,
                (0, 0, 0),
            )
    for seed in range(synthetic):
        # the project's rendered trays: every table texture, tilted cameras, d6 and Miwin
        # dice (the only source of 7, 8 and 9), shrunk so the dice are 20-70 pixels wide
        # seeds from 5,000,000 on: the tests and bench/dice.py render lower seeds
        options = SceneOptions(kind=("d6", "miwin")[seed % 2], dice=(1, 6))
        if side_faces:
            options = replace(options, max_tilt=SIDE_FACES_TILT)
        scene = render_scene(5_000_000 + seed, options)
        rendered_crops(rng, scene, rng.uniform(0.35, 1.0), per_die, add, inner, side_faces)
    for seed in range(crowds):
        # crowds of small dice, often touching, seen from up to 45 degrees off
        # vertical: 10-45 pixels wide once shrunk (seeds from 6,000,000 on)
        scene = render_scene(6_000_000 + seed, CROWDS)
        rendered_crops(rng, scene, rng.uniform(0.5, 1.0), per_die, add, inner, side_faces)
    print(f"all: {len(xs)} crops, {sum(y == 0 for y in ys)} without a die", flush=True)
    return xs, ys, regs


def rendered_crops(
    rng: random.Random,
    scene: DiceScene,
    f: float,
    per_die: int,
    add: Callable[[np.ndarray, int, tuple[float, float, float]], None],
    inner: int,
    side_faces: bool,
) -> None:
    """The crops of one rendered scene shrunk by ``f``: each die (and, where asked, pips seen
    close and the side faces a tilted camera shows, as no die), and the pip candidates far
    from every die as no die."""
    image = cv2.resize(scene.image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    dice = [(d.x * f, d.y * f, d.side * f) for d in scene.dice]
    for (x, y, side), die in zip(dice, scene.dice, strict=True):
        for _ in range(max(1, per_die // 2)):
            add(*sample_die(rng, image, x, y, side, die.value))
        for _ in range(inner if side >= INNER_LEAST else 0):
            add(inner_crop(rng, image, x, y, side), 0, (0, 0, 0))
        if not side_faces:
            continue
        # a side face the camera sees is a face of the die, not the one it shows: a
        # crop centred there, as wide as the die, holds no die to read
        for sx, sy, seen in die.sides_seen:
            if seen >= SIDE_FACE_LEAST * die.side:
                for _ in range(max(1, per_die // 2)):
                    scale = side * rng.uniform(0.85, 1.15)
                    angle = rng.uniform(0, 6.3)
                    add(turned_crop(image, sx * f, sy * f, scale, angle), 0, (0, 0, 0))
    for c in candidates(image):
        if far_from(dice, c.x, c.y):
            add(turned_crop(image, c.x, c.y, c.side, rng.uniform(0, 6.3)), 0, (0, 0, 0))


def loss_of(out: torch.Tensor, y: torch.Tensor, reg: torch.Tensor) -> torch.Tensor:
    """Class cross-entropy, plus where the die is (for crops of a die only)."""
    ce = nn.functional.cross_entropy(out[:, :CLASSES], y, label_smoothing=0.02)
    die = (y > 0).float().unsqueeze(1)
    box = nn.functional.smooth_l1_loss(out[:, CLASSES:], reg, reduction="none") * die
    return ce + 4 * box.sum() / max(1.0, float(die.sum()))


def taught(out: torch.Tensor, teacher: object, batch: np.ndarray) -> torch.Tensor:
    """How far the network's class probabilities lie from a teacher's on the same altered
    crops (KL divergence, the teacher's answer as the target): distillation, so that one
    network of today's size learns what several readers read together (a file of
    tools/merge_readers.py, whose class columns are the log of their mean probabilities).
    The teacher is run by cv2.dnn, as at run time."""
    teacher.setInput(batch)  # type: ignore[attr-defined]
    answer = torch.from_numpy(np.asarray(teacher.forward(), np.float32))  # type: ignore[attr-defined]
    target = torch.softmax(answer[:, :CLASSES], 1)
    mine = torch.log_softmax(out[:, :CLASSES], 1)
    return nn.functional.kl_div(mine, target, reduction="batchmean")


class DiceNet(nn.Module):
    """Four 3×3 convolutions, each halving the crop, and a small dense head."""

    def __init__(self, widths: tuple[int, ...], hidden: int = 64) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        before = 3
        for width in widths:
            layers += [nn.Conv2d(before, width, 3, padding=1), nn.BatchNorm2d(width)]
            layers += [nn.ReLU(), nn.MaxPool2d(2)]
            before = width
        self.features = nn.Sequential(*layers)
        flat = widths[-1] * (CROP // 16) ** 2
        self.head = nn.Sequential(
            nn.Flatten(), nn.Linear(flat, hidden), nn.ReLU(), nn.Linear(hidden, CLASSES + 3)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-die", type=int, default=10, help="crops per labelled die")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--synthetic", type=int, default=400, help="rendered trays")
    parser.add_argument("--clutter", type=int, default=200, help="made-up desks (no dice)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--stage", choices=["finder", "reader"], default="finder")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument(
        "--widths",
        help="channels of the four convolutions, e.g. 16,32,64,128 (default: the stage's)",
    )
    parser.add_argument("--hidden", type=int, default=64, help="width of the dense head")
    parser.add_argument(
        "--shrink",
        action="store_true",
        help="also cut crops from each real learning photo shrunk to --shrink-least..0.9 "
        "of its size",
    )
    parser.add_argument(
        "--shrink-least",
        type=float,
        default=0.55,
        help="the smallest factor of --shrink (0.55: the shipped reader's)",
    )
    parser.add_argument(
        "--learn-from",
        default="byler",
        help="the real sources to learn from, comma-separated, of "
        + ", ".join(REAL)
        + " (companion/vision/dice/sources.py); leave one out to measure it never seen",
    )
    parser.add_argument(
        "--hard-by",
        type=Path,
        help="the reader that tells the hard dice (default: the shipped one; to retrain "
        "the shipped reader as it was made, the one shipped before it)",
    )
    parser.add_argument("--crop", type=int, help="input side in pixels (default: the stage's)")
    parser.add_argument(
        "--hard",
        type=int,
        default=1,
        help="crops per die, times this, for the real dice the shipped reader reads wrong "
        "or below 0.9 given their box",
    )
    parser.add_argument(
        "--all-train",
        action="store_true",
        help="learn from the held-out fifth too and export the last epoch (after the "
        "settings were chosen on it); its figures are then no longer held out",
    )
    parser.add_argument(
        "--proposals-by",
        type=Path,
        help="a learned detector (tools/train_dice_detector.py): crops where it finds dice "
        "on the real learning photos, its phantoms as no die (for the detector+reader)",
    )
    parser.add_argument(
        "--teacher",
        type=Path,
        help="a reader ONNX file (several merged by tools/merge_readers.py) whose class "
        "probabilities the reader learns besides the labels (distillation)",
    )
    parser.add_argument(
        "--side-faces",
        action="store_true",
        help=f"rendered trays seen from up to {SIDE_FACES_TILT:.0f} degrees off vertical, "
        "and the side faces they show beside each die's top face as no die",
    )
    parser.add_argument(
        "--inner",
        type=int,
        default=0,
        help="crops per die inside its face (a pip seen close), as no die",
    )
    parser.add_argument(
        "--crowds", type=int, default=0, help="rendered tables of 10-40 small dice, often touching"
    )
    parser.add_argument("--cache", type=Path, help="folder to keep the built crops in")
    parser.add_argument("-o", "--output", type=Path, help="default: the stage's model file")
    args = parser.parse_args()
    global CROP, SPAN, NEAR, SIZES, SHIPPED
    stage = FINDER if args.stage == "finder" else READER
    CROP, SPAN = args.crop or stage.crop, stage.span
    if args.hard_by:
        SHIPPED = READER._replace(model=args.hard_by)
    if args.stage == "reader":
        # the reader sees crops the finder has centred on a die: on the train photos, a
        # third of its places are more than 0.12 of a side off and a third of its sides
        # outside 0.85-1.18 of the die's; a tenth are 0.19 off, 0.73 or 1.12 as wide
        NEAR, SIZES = 0.2, (0.72, 1.3)
    widths = (12, 24, 32, 48) if args.stage == "finder" else (16, 32, 48, 64)
    if args.widths:
        widths = tuple(int(w) for w in args.widths.split(","))
    args.output = args.output or stage.model
    rng = random.Random(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    t0 = time.time()
    name = f"{args.stage}-{args.per_die}-{args.synthetic}-{args.clutter}-{args.seed}"
    name += f"-{CROP}px" + (f"-hard{args.hard}" if args.hard > 1 else "")
    name += f"-shrink{args.shrink_least}" if args.shrink else ""
    learn_from = tuple(s.strip() for s in args.learn_from.split(",") if s.strip())
    if not learn_from or any(s not in REAL for s in learn_from):
        parser.error(f"--learn-from: name real sources of {', '.join(REAL)}")
    name += "" if learn_from == ("byler",) else "-from-" + "-".join(learn_from)
    name += f"-by-{args.hard_by.stem}" if args.hard_by else ""
    if args.proposals_by:
        # the detector's path, not its name: bench/loso/floor.onnx != r/floor.onnx
        where = hashlib.sha1(str(args.proposals_by.resolve()).encode()).hexdigest()[:8]
        name += f"-proposals-{args.proposals_by.stem}-{where}"
    name += "-sidefaces" if args.side_faces else ""
    name += f"-inner{args.inner}-{INNER_LEAST:.0f}px" if args.inner else ""
    name += f"-crowds{args.crowds}" if args.crowds else ""
    name += "-all.npz" if args.all_train else ".npz"
    cache = args.cache / name if args.cache else None
    if cache and cache.is_file():
        data = np.load(cache)
        x = data["x"]
        y, reg = (torch.from_numpy(data[k]) for k in ("y", "reg"))
        vx, vy, vreg = (torch.from_numpy(data[k]) for k in ("vx", "vy", "vreg"))
    else:
        shrink = (args.shrink_least, 0.9) if args.shrink else None
        xs, ys, regs = build(
            rng,
            args.per_die,
            args.synthetic,
            args.clutter,
            args.all_train,
            args.hard,
            shrink,
            learn_from,
            args.proposals_by,
            args.side_faces,
            args.inner,
            args.crowds,
        )
        x = np.stack(xs)  # uint8 crops, unaltered
        y = torch.tensor(ys)
        reg = torch.tensor(regs, dtype=torch.float32)
        vxs, vys, vregs = held_out(args.seed)
        vx = torch.from_numpy(normalise(np.stack(vxs)))
        vy = torch.tensor(vys)
        vreg = torch.tensor(vregs, dtype=torch.float32)
        if cache:
            cache.parent.mkdir(parents=True, exist_ok=True)
            arrays = {"x": x, "y": y, "reg": reg, "vx": vx, "vy": vy, "vreg": vreg}
            np.savez(cache, **{k: np.asarray(v) for k, v in arrays.items()})
    print(
        f"{len(x)} training crops ({int((y == 0).sum())} without a die), {len(vx)} held-out "
        f"({int((vy > 0).sum())} of dice), {time.time() - t0:.0f} s",
        flush=True,
    )
    teacher = cv2.dnn.readNetFromONNX(str(args.teacher)) if args.teacher else None
    model = DiceNet(widths, args.hidden)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = args.epochs * math.ceil(len(x) / 128)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    best, best_loss = copy.deepcopy(model.state_dict()), math.inf
    for epoch in range(args.epochs):
        model.train()
        order = torch.randperm(len(x))
        total = correct = 0
        loss_sum = 0.0
        for i in range(0, len(x), 128):
            idx = order[i : i + 128]
            # every crop is altered anew in every epoch: light, colours, blur, noise, JPEG
            batch = normalise(np.stack([augment(rng, x[j]) for j in idx.tolist()]))
            out = model(torch.from_numpy(batch))
            loss = loss_of(out, y[idx], reg[idx])
            if teacher is not None:
                loss = loss + taught(out, teacher, batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            loss_sum += float(loss.detach()) * len(idx)
            total += len(idx)
            correct += int((out[:, :CLASSES].argmax(1) == y[idx]).sum())
        model.eval()
        with torch.no_grad():
            out = torch.cat([model(vx[i : i + 512]) for i in range(0, len(vx), 512)])
            held_loss = float(loss_of(out, vy, vreg))
            guess = out[:, :CLASSES].argmax(1)
            dice = vy > 0
            held_dice = float((guess[dice] == vy[dice]).float().mean())
            held_all = float((guess == vy).float().mean())
        if held_loss < best_loss or args.all_train:  # all-train: the last epoch
            best, best_loss = copy.deepcopy(model.state_dict()), held_loss
        print(
            f"epoch {epoch + 1}: loss {loss_sum / total:.4f}, train accuracy "
            f"{correct / total:.4f}; held out: loss {held_loss:.4f}, accuracy {held_all:.4f}, "
            f"on dice {held_dice:.4f}{' (best)' if best_loss == held_loss else ''}; "
            f"{time.time() - t0:.0f} s",
            flush=True,
        )
    model.load_state_dict(best)
    model.eval()
    torch.onnx.export(
        model,
        (torch.zeros(1, 3, CROP, CROP),),
        str(args.output),
        input_names=["crops"],
        output_names=["out"],
        dynamic_axes={"crops": {0: "n"}, "out": {0: "n"}},
        opset_version=13,
        dynamo=False,
    )
    net = cv2.dnn.readNetFromONNX(str(args.output))  # the runtime must load it
    net.setInput(vx[:4].numpy())
    check = net.forward()
    with torch.no_grad():
        want = model(vx[:4]).numpy()
    print(
        f"wrote {args.output} ({args.output.stat().st_size} bytes); cv2.dnn agrees to "
        f"{float(np.abs(check - want).max()):.2e}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
