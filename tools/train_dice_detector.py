"""Train the dice detectors of companion/vision/dice/detector.py and export them to ONNX.

Run ``python tools/train_dice_detector.py --models all,byler,floor,vignette -o DIR`` from the
project root with torch installed for training only (``pip install torch onnx``; BSD-licensed,
as this code path is; the companion runs the exported files with ``cv2.dnn``). Each name is
one model: ``all`` learns from every source of :mod:`companion.vision.dice.sources`, a
source's name from every source but that one (``DIR/floor.onnx`` never saw ``floor``: what
``bench/dice.py`` (0) measures on it). All models learn at once from the same batches, one
cut per source drawn equally often whatever its size, made by ``--workers`` processes
(a GPU is fed by 15 of them: docs/dice.md says what was run where):

* the real photos, each sample a 192×192 cut of one, scaled so that its dice are 10-120 px
  (log-uniform), turned by any angle and mirrored (a d6's pip count does not depend on
  either), its colours shuffled, made grey, inverted, darkened, tinted, blurred, noised and
  JPEG-compressed at random;
* the synthetic source: rendered trays (:mod:`companion.synth.dice`, seeds from 100,000 on,
  never the measured 0-199) and tables of pattern (carpet dots, grid paper, keyboards, wood
  grain, lint) with the real face crops of ``dice-real-crops`` pasted on them, recoloured.
  The patterns carry no dice of their own: they teach "no die here" on what looks like pips.
* ``--crowds N``: a source of its own, ``crowds``: N rendered tables of 10-40 small dice,
  often touching, seen from up to 45° off vertical (a pile on a table seen from standing
  height, as floor's photos show); with ``--facing`` from up to 70°, each die labelled by
  the face the camera sees largest, as floor's photos are. Every model learns from it
  except one whose name ends in ``-plain`` (``floor-plain``: neither floor nor the
  crowds), the control that says what the crowds are worth.

The network is a CenterNet on a small backbone (depthwise-separable convolutions, stride
16 with two upsampling steps back to stride 4): heat map (penalty-reduced focal loss),
value (cross-entropy at the centre cells), log side and offset (L1 at the centre cell).
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import functools
import math
import multiprocessing
import random
import shlex
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.synth.dice import SceneOptions, render_scene  # noqa: E402
from companion.vision.dice.detector import CHANNELS, STRIDE  # noqa: E402
from companion.vision.dice.sources import SOURCES, photos  # noqa: E402
from companion.vision.dice.truth import CROPS  # noqa: E402

CUT = 192  # the side of one training sample, in input pixels
Sample = tuple[np.ndarray, np.ndarray]  # picture, boxes (N×5: x0 y0 x1 y1 value)


# ---------------------------------------------------------------- the network


def sep(cin: int, cout: int, stride: int = 1, dilation: int = 1) -> nn.Sequential:
    """A depthwise-separable 3×3 convolution with batch norm and ReLU."""
    return nn.Sequential(
        nn.Conv2d(cin, cin, 3, stride, dilation, dilation, groups=cin, bias=False),
        nn.BatchNorm2d(cin),
        nn.ReLU(inplace=True),
        nn.Conv2d(cin, cout, 1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class Detector(nn.Module):
    def __init__(self, width: int = 32) -> None:
        super().__init__()
        w = width
        self.stem = nn.Sequential(
            nn.Conv2d(3, 16, 3, 2, 1, bias=False), nn.BatchNorm2d(16), nn.ReLU(inplace=True)
        )
        self.s4 = nn.Sequential(sep(16, w, 2), sep(w, w))
        self.s8 = nn.Sequential(sep(w, 2 * w, 2), sep(2 * w, 2 * w))
        self.s16 = nn.Sequential(
            sep(2 * w, 3 * w, 2), sep(3 * w, 3 * w, dilation=2), sep(3 * w, 3 * w, dilation=4)
        )
        self.lat16 = nn.Conv2d(3 * w, w, 1)
        self.lat8 = nn.Conv2d(2 * w, w, 1)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.mix8 = sep(w, w)
        self.mix4 = sep(w, w)
        self.head = nn.Conv2d(w, CHANNELS, 1)
        self.head.bias.data[0] = -4.0  # few cells hold a die: start the heat low

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f4 = self.s4(self.stem(x))
        f8 = self.s8(f4)
        f16 = self.s16(f8)
        m8 = self.mix8(self.up(self.lat16(f16)) + self.lat8(f8))
        m4 = self.mix4(self.up(m8) + f4)
        out: torch.Tensor = self.head(m4)
        return out


# ---------------------------------------------------------------- data


def load(source: str) -> list[Sample]:
    """Every photo of a real source with its boxes (the synthetic source: :func:`synthetic`)."""
    out = []
    for p in photos(source):
        boxes = np.array([(b.x0, b.y0, b.x1, b.y1, b.value) for b in p.boxes], np.float32)
        out.append((p.image(), boxes.reshape(-1, 5)))
    return out


def synthetic(rng: random.Random, n: int, processes: int = 1) -> list[Sample]:
    """Rendered trays, and real face crops pasted on made-up patterned tables (half each)."""
    seeds = [rng.randrange(1 << 30) for _ in range(n)]
    with multiprocessing.Pool(max(1, processes)) as pool:
        return pool.map(_synthetic_one, list(enumerate(seeds)), chunksize=4)


#: --crowds: 10-40 small d6, often touching, seen from up to 45 degrees off vertical (the same
#: tables the reader's trainer renders for its --crowds)
CROWDS = SceneOptions(kind="d6", dice=(10, 40), die_mm=(6.0, 9.0), touching=0.6, max_tilt=45.0)


#: --facing: the crowds seen from up to 70 degrees off vertical, each die labelled by the
#: face the camera sees largest (as floor's photos are labelled), not its top face
FACING_TILT = 70.0


def crowds(n: int, processes: int = 1, facing: bool = False) -> list[Sample]:
    """``n`` rendered crowds of small dice (seeds from 200,000 on)."""
    with multiprocessing.Pool(max(1, processes)) as pool:
        return pool.map(functools.partial(_crowd_one, facing=facing), range(n), chunksize=4)


def _crowd_one(i: int, facing: bool = False) -> Sample:
    if not facing:
        scene = render_scene(200_000 + i, CROWDS)
        dice = [(d.value, d.x, d.y, d.side) for d in scene.dice]
    else:
        scene = render_scene(200_000 + i, dataclasses.replace(CROWDS, max_tilt=FACING_TILT))
        dice = [d.facing for d in scene.dice]
    boxes = [(x - s / 2, y - s / 2, x + s / 2, y + s / 2, v) for v, x, y, s in dice]
    return scene.image, np.array(boxes, np.float32).reshape(-1, 5)


def _synthetic_one(job: tuple[int, int]) -> Sample:
    """The i-th synthetic photo: even i a rendered tray, odd i crops pasted on a pattern."""
    i, seed = job
    if i % 2 == 0:
        scene = render_scene(100_000 + i, SceneOptions(kind="d6", dice=(0, 10)))
        boxes = [
            (d.x - d.side / 2, d.y - d.side / 2, d.x + d.side / 2, d.y + d.side / 2, d.value)
            for d in scene.dice
        ]
        return scene.image, np.array(boxes, np.float32).reshape(-1, 5)
    return pasted(random.Random(seed), _crops())


@functools.cache
def _crops() -> list[tuple[np.ndarray, int]]:
    """The real face crops of dice-real-crops, with their values (read once per process)."""
    return [(cv2.imread(str(f)), int(f.name[0])) for f in sorted(CROPS.glob("[1-6]_*.png"))]


def pattern(rng: random.Random, h: int, w: int) -> np.ndarray:
    """A table that is not a die anywhere: carpet dots, grid paper, grain, keys, lint."""
    base = np.array([rng.randrange(256) for _ in range(3)], np.float64)
    image = np.empty((h, w, 3), np.uint8)
    image[:] = base
    ink = tuple(rng.randrange(256) for _ in range(3))
    kind = rng.choice(["dots", "grid", "grain", "keys", "lint"])
    if kind == "dots":  # a patterned carpet: spots the size of pips, in rows or scattered
        step, r = rng.randint(8, 40), rng.randint(2, 7)
        for y in range(0, h, step):
            for x in range(rng.randint(0, step), w, step):
                if rng.random() < 0.8:
                    cv2.circle(image, (x + rng.randint(-3, 3), y), r, ink, -1, cv2.LINE_AA)
    elif kind == "grid":
        step = rng.randint(10, 40)
        for v in range(0, max(h, w), step):
            cv2.line(image, (v, 0), (v, h), ink, 1, cv2.LINE_AA)
            cv2.line(image, (0, v), (w, v), ink, 1, cv2.LINE_AA)
    elif kind == "grain":
        noise = cv2.resize(
            np.random.default_rng(rng.randrange(1 << 30)).random((h // 8, 4)), (w, h)
        )
        rings = np.sin(noise * rng.uniform(20, 80))[:, :, None]
        image = np.clip(base + rings * rng.uniform(10, 50), 0, 255).astype(np.uint8)
        for _ in range(rng.randint(0, 3)):  # knots
            centre = (rng.randrange(w), rng.randrange(h))
            cv2.ellipse(image, centre, (rng.randint(3, 12), rng.randint(2, 6)), 0, 0, 360, ink, -1)
    elif kind == "keys":
        key = rng.randint(14, 40)
        for y in range(0, h, key + 4):
            for x in range(0, w, key + 4):
                cv2.rectangle(image, (x, y), (x + key, y + key), ink, -1)
                cv2.putText(
                    image,
                    rng.choice("ABC0.o*"),
                    (x + key // 4, y + 3 * key // 4),
                    cv2.FONT_HERSHEY_SIMPLEX,
                    key / 40,
                    tuple(base),
                    1,
                    cv2.LINE_AA,
                )
    else:  # lint and crumbs on felt
        for _ in range(rng.randint(10, 60)):
            p = (rng.randrange(w), rng.randrange(h))
            q = (p[0] + rng.randint(-8, 8), p[1] + rng.randint(-8, 8))
            cv2.line(image, p, q, ink, rng.randint(1, 2), cv2.LINE_AA)
    noise = np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(2, 10), (h, w, 1))
    return np.clip(image + noise, 0, 255).astype(np.uint8)


def pasted(rng: random.Random, crops: list[tuple[np.ndarray, int]]) -> Sample:
    """Real face crops pasted, turned and recoloured, on a patterned table."""
    h, w = 480, 640
    image = pattern(rng, h, w)
    boxes = []
    side = rng.uniform(24, 90)
    for _ in range(rng.randint(0, 8)):
        face, value = rng.choice(crops)
        if rng.random() < 0.5:  # a body of another colour: pips and face recoloured
            face = 255 - face if rng.random() < 0.5 else face[:, :, rng.sample(range(3), 3)]
        s = side * rng.uniform(0.9, 1.1)
        x, y = rng.uniform(s, w - s), rng.uniform(s, h - s)
        if any(abs(x - (b[0] + b[2]) / 2) < s and abs(y - (b[1] + b[3]) / 2) < s for b in boxes):
            continue
        a = rng.uniform(0, 360)
        m = cv2.getRotationMatrix2D((32, 32), a, s / 64)
        m[:, 2] += (x - 32, y - 32)
        layer = cv2.warpAffine(face, m, (w, h))
        mask = cv2.warpAffine(np.full((64, 64), 255, np.uint8), m, (w, h))
        shadow = cv2.GaussianBlur(
            cv2.warpAffine(mask, np.float32([[1, 0, 4], [0, 1, 4]]), (w, h)), (0, 0), 4
        )
        image = (image * (1 - 0.4 * shadow[:, :, None] / 255)).astype(np.uint8)
        image[mask > 128] = layer[mask > 128]
        half = s * (abs(math.cos(math.radians(a))) + abs(math.sin(math.radians(a)))) / 2
        boxes.append((x - half, y - half, x + half, y + half, value))
    return image, np.array(boxes, np.float32).reshape(-1, 5)


def cut(rng: random.Random, sample: Sample) -> Sample:
    """One training cut of a photo: scaled, turned, mirrored; boxes moved with it."""
    image, boxes = sample
    sides = (boxes[:, 2] - boxes[:, 0] + boxes[:, 3] - boxes[:, 1]) / 2
    want = math.exp(rng.uniform(math.log(10), math.log(120)))
    scale = want / float(np.median(sides)) if len(boxes) else rng.uniform(0.3, 1.5)
    if len(boxes) and rng.random() < 0.8:
        b = boxes[rng.randrange(len(boxes))]
        cx = (b[0] + b[2]) / 2 + rng.uniform(-0.4, 0.4) * CUT / scale
        cy = (b[1] + b[3]) / 2 + rng.uniform(-0.4, 0.4) * CUT / scale
    else:
        cx, cy = rng.uniform(0, image.shape[1]), rng.uniform(0, image.shape[0])
    m = cv2.getRotationMatrix2D((cx, cy), rng.uniform(0, 360), scale)
    m[:, 2] += (CUT / 2 - cx, CUT / 2 - cy)
    if rng.random() < 0.5:  # mirrored
        m[0] = -m[0]
        m[0, 2] += CUT
    border = tuple(
        int(v) for v in image[rng.randrange(image.shape[0]), rng.randrange(image.shape[1])]
    )
    out = cv2.warpAffine(
        image,
        m,
        (CUT, CUT),
        flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=border,
    )
    centres = np.stack(
        [(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2, np.ones(len(boxes))], 1
    )
    moved = centres @ m.T
    placed = np.concatenate([moved, (sides * scale)[:, None], boxes[:, 4:5]], 1)
    return out, placed.astype(np.float32)


def recolour(rng: random.Random, image: np.ndarray) -> np.ndarray:
    """Another table's light and camera: colours, grey, inversion, light, blur, noise, JPEG.
    (Light and gamma as one lookup table per channel: the workers' time is the training's.)"""
    p = image
    if rng.random() < 0.4:
        p = p[:, :, rng.sample(range(3), 3)]
    if rng.random() < 0.3:
        p = cv2.cvtColor(cv2.cvtColor(p, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    if rng.random() < 0.15:
        p = 255 - p
    levels = np.arange(256, dtype=np.float32)
    gain, offset, gamma = rng.uniform(0.5, 1.4), rng.uniform(-50, 40), rng.uniform(0.6, 1.6)
    lut = np.stack(
        [
            255 * (np.clip(levels * rng.uniform(0.8, 1.2) * gain + offset, 0, 255) / 255) ** gamma
            for _ in range(3)
        ],
        axis=1,
    )
    p = cv2.LUT(np.ascontiguousarray(p), lut.reshape(1, 256, 3).astype(np.uint8))
    if rng.random() < 0.3:
        p = cv2.GaussianBlur(p, (0, 0), rng.uniform(0.4, 1.5))
    sigma = rng.uniform(0, 8)
    noise = np.random.default_rng(rng.randrange(1 << 30)).standard_normal(p.shape, np.float32)
    out = np.clip(p + noise * sigma, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        _, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, rng.randint(30, 90)])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def targets(dice: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Heat map (1×g×g), value/side/offset targets (4×g×g: value-1 or -1, log side, dx, dy)
    and where they apply (g×g), for dice placed as (x, y, side, value) in a cut."""
    g = CUT // STRIDE
    heat = np.zeros((g, g), np.float32)
    reg = np.zeros((4, g, g), np.float32)
    reg[0] = -1
    mask = np.zeros((g, g), np.float32)
    yy, xx = np.mgrid[0:g, 0:g]
    for x, y, side, value in dice:
        if not (0 <= x < CUT and 0 <= y < CUT) or side < 4:
            continue
        gx, gy = x / STRIDE, y / STRIDE
        sigma = max(0.7, side / STRIDE / 5)
        heat = np.maximum(
            heat, np.exp(-((xx + 0.5 - gx) ** 2 + (yy + 0.5 - gy) ** 2) / (2 * sigma**2))
        )
        cx, cy = int(gx), int(gy)
        heat[cy, cx] = 1.0
        for ny in range(max(0, cy - 1), min(g, cy + 2)):  # the value is learnt around the centre
            for nx in range(max(0, cx - 1), min(g, cx + 2)):
                reg[0, ny, nx] = value - 1
        reg[1:, cy, cx] = (math.log(side / STRIDE), gx - cx, gy - cy)
        mask[cy, cx] = 1
    return heat[None], reg, mask


def sample(rng: random.Random, photos: list[Sample]) -> tuple[np.ndarray, ...]:
    """One training cut of one of ``photos`` with its targets: picture (H×W×3 bytes, made
    network input by :func:`normalised` on the GPU), heat, reg, mask."""
    image, dice = cut(rng, rng.choice(photos))
    heat, reg, mask = targets(dice)
    return recolour(rng, image), heat, reg, mask


def normalised(images: torch.Tensor) -> torch.Tensor:
    """N×H×W×3 bytes → N×3×H×W floats, each by its own mean and spread, as
    :func:`companion.vision.dice.detector.prepare` does for one picture."""
    x = images.float()
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    std = x.std(dim=(1, 2, 3), keepdim=True, unbiased=False)
    return ((x - mean) / (std + 8.0)).permute(0, 3, 1, 2).contiguous()


class Cuts(torch.utils.data.IterableDataset):  # type: ignore[type-arg]
    """Endless batches, one of ``per_source`` cuts from every source, made by worker
    processes (each seeded by its id) so that the GPU is never waiting for pictures."""

    def __init__(self, data: list[list[Sample]], per_source: int, seed: int) -> None:
        self.data, self.per_source, self.seed = data, per_source, seed

    def __iter__(self):  # type: ignore[no-untyped-def]
        info = torch.utils.data.get_worker_info()
        rng = random.Random(self.seed * 1000 + (info.id if info else 0))
        while True:
            parts = [[sample(rng, photos) for _ in range(self.per_source)] for photos in self.data]
            yield tuple(
                torch.from_numpy(np.stack([[cut[k] for cut in part] for part in parts]))
                for k in range(4)
            )


# ---------------------------------------------------------------- training


def loss_of(
    out: torch.Tensor, heat: torch.Tensor, reg: torch.Tensor, mask: torch.Tensor
) -> torch.Tensor:
    p = torch.sigmoid(out[:, :1]).clamp(1e-4, 1 - 1e-4)
    pos = heat.eq(1).float()
    focal = -(
        pos * (1 - p) ** 2 * torch.log(p) + (1 - pos) * (1 - heat) ** 4 * p**2 * torch.log(1 - p)
    )
    n = pos.sum().clamp(min=1)
    values = reg[:, 0].long()
    ce = nn.functional.cross_entropy(out[:, 1:7], values.clamp(min=0), reduction="none")
    ce = (ce * (values >= 0)).sum() / (values >= 0).sum().clamp(min=1)
    l1 = (torch.abs(out[:, 7:10] - reg[:, 1:4]) * mask[:, None]).sum() / n
    return focal.sum() / n + ce + l1


def export(model: nn.Module, path: Path) -> str:
    """Write ``model`` as ONNX for cv2.dnn and say how closely cv2.dnn agrees with torch."""
    model = copy.deepcopy(model).float().cpu().eval()
    torch.onnx.export(
        model,
        (torch.zeros(1, 3, 384, 512),),
        str(path),
        input_names=["image"],
        output_names=["out"],
        dynamic_axes={"image": {2: "h", 3: "w"}, "out": {2: "gh", 3: "gw"}},
        opset_version=13,
        dynamo=False,
    )
    net = cv2.dnn.readNetFromONNX(str(path))
    probe = torch.randn(1, 3, 240, 320)
    net.setInput(probe.numpy())
    with torch.no_grad():
        want = model(probe).numpy()
    agree = float(np.abs(net.forward() - want).max())
    return f"{path.name} ({path.stat().st_size} bytes, cv2.dnn agrees to {agree:.1e})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--models",
        default="all",
        help="comma-separated: 'all' (every source) or a source to leave out, one model each "
        "(e.g. all,byler,floor,vignette); all are trained at once on the same batches",
    )
    parser.add_argument("-o", "--output", type=Path, required=True, help="a folder")
    parser.add_argument("--minutes", type=float, default=10.0, help="training time")
    parser.add_argument("--batch", type=int, default=8, help="cuts per source and step")
    parser.add_argument(
        "--widths", default="32", help="comma-separated backbone widths, a model each"
    )
    parser.add_argument("--workers", type=int, default=0, help="processes making cuts")
    parser.add_argument("--synthetic", type=int, default=500, help="synthetic photos made")
    parser.add_argument("--every", type=float, default=2.0, help="minutes between exports")
    parser.add_argument(
        "--crowds", type=int, default=0, help="rendered crowds of small dice, a source of their own"
    )
    parser.add_argument(
        "--facing",
        action="store_true",
        help="the crowds from up to 70 degrees off vertical, labelled by the face seen largest",
    )
    parser.add_argument(
        "--bf16", action="store_true", help="bfloat16 autocast on the GPU (the loss in float32)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("command:", shlex.join([sys.executable, *sys.argv]), flush=True)  # to run again
    names = args.models.split(",")
    for name in names:
        name = name.removesuffix("-plain")
        if name != "all" and name not in SOURCES:
            parser.error(f"--models: {name!r} is neither 'all' nor one of {', '.join(SOURCES)}")
    rng = random.Random(args.seed)
    torch.manual_seed(args.seed)
    cv2.setNumThreads(1)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    t0 = time.time()
    sources = [*SOURCES, "crowds"] if args.crowds else list(SOURCES)
    data = [
        load(s)
        if s not in ("synthetic", "crowds")
        else synthetic(rng, args.synthetic, args.workers)
        if s == "synthetic"
        else crowds(args.crowds, args.workers, args.facing)
        for s in sources
    ]
    print(f"loaded {[len(d) for d in data]} photos in {time.time() - t0:.0f} s", flush=True)
    widths = [int(w) for w in args.widths.split(",")]
    # one model per name and width, named NAME (or NAME-wWIDTH where several widths are given)
    width = {n if len(widths) == 1 else f"{n}-w{w}": w for n in names for w in widths}

    def used(model: str) -> list[int]:
        """The sources ``model`` learns from: all but the one it is named after ("-plain":
        nor the crowds)."""
        name = model.split("-w")[0]
        left_out = {name.removesuffix("-plain")}
        if name.endswith("-plain"):
            left_out.add("crowds")
        return [i for i, s in enumerate(sources) if s not in left_out]

    uses = {m: used(m) for m in width}
    print("learns from:", {m: [sources[i] for i in u] for m, u in uses.items()}, flush=True)
    loader = torch.utils.data.DataLoader(
        Cuts(data, args.batch, args.seed),
        batch_size=None,
        num_workers=args.workers,
        persistent_workers=args.workers > 0,
        prefetch_factor=4 if args.workers else None,
        pin_memory=device == "cuda",
    )
    batches = iter(loader)  # the workers fork before CUDA starts in this process
    models = {m: Detector(w).to(device) for m, w in width.items()}
    if args.bf16 and device == "cuda":
        models = {m: model.to(memory_format=torch.channels_last) for m, model in models.items()}
    opts = {
        n: torch.optim.AdamW(m.parameters(), lr=2e-3, weight_decay=1e-4) for n, m in models.items()
    }
    torch.backends.cudnn.benchmark = True
    args.output.mkdir(parents=True, exist_ok=True)
    t0, step, seconds, last_export = time.time(), 0, args.minutes * 60, time.time()
    running = {n: 0.0 for n in uses}
    waited = 0.0  # seconds spent waiting for the workers' cuts: who sets the pace
    fetched = time.time()
    for parts in batches:
        waited += time.time() - fetched
        elapsed = time.time() - t0
        if elapsed >= seconds:
            break
        lr = 2e-3 * 0.5 * (1 + math.cos(math.pi * min(1.0, elapsed / seconds)))
        parts = [p.to(device, non_blocking=True) for p in parts]
        for n, model in models.items():
            x, heat, reg, mask = (p[uses[n]].flatten(0, 1) for p in parts)
            for group in opts[n].param_groups:  # cosine to zero over the time given
                group["lr"] = lr
            with torch.autocast("cuda", torch.bfloat16, enabled=args.bf16 and device == "cuda"):
                out = model(normalised(x))
            loss = loss_of(out.float(), heat, reg, mask)
            opts[n].zero_grad()
            loss.backward()
            opts[n].step()
            running[n] = 0.98 * running[n] + 0.02 * loss.item() if step else loss.item()
        step += 1
        if step % 200 == 0:
            losses = ", ".join(f"{n} {v:.3f}" for n, v in running.items())
            print(
                f"step {step}: loss {losses}; {elapsed:.0f} s ({waited:.0f} s waiting for cuts)",
                flush=True,
            )
        if time.time() - last_export > args.every * 60:
            for n, model in models.items():
                export(model, args.output / f"{n}.onnx")
            last_export = time.time()
        fetched = time.time()
    for n, model in models.items():
        print("wrote", export(model, args.output / f"{n}.onnx"), f"after {step} steps", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
