"""Benchmark of the dice reader: accuracy on real photos first, the reader alone, synthetic, time.

Run ``python bench/dice.py`` from the project root. It prints, in this order,

(0) leave-one-source-out (bench/dice_sources.py): every source of real photos
    (``vision.dice.sources``: byler, floor, vignette) and the synthetic one, each read by
    the naive pip counter (bench/pipcount.py, the floor), today's pipeline, and the learned
    detector trained on every *other* source (``bench/loso/SOURCE.onnx``): per die, sure
    readings right, phantoms per 100 dice, wrong at >= 0.9; a row of a reader that learnt
    from that source says "seen"; the worst real source left out is printed last
    (``--heats 0.2,…,0.8`` instead chooses det.+reader's heat bar leave-one-source-out);
    "pipeline, detector agrees" is the pipeline with the confidence of a die that the
    detector does not back capped below the sure bar (``--agree 0.1,…,0.6`` chooses its
    settings leave-one-source-out);

(r) rolls (bench/dice_rolls.py): what the referee does with each photo of a throw, its
    labelled dice taken as the throw the game expects: accepts it right, accepts it WRONG
    (every die at the bar, as many as labelled, other values), or asks; for the pip
    counter (the floor) and the shipped reader under every bar, per die and as the product
    of the dice's confidences; then the rule and bar chosen leave-one-source-out with a
    wrong roll taken counted as ``--wrong-weight`` questions (and 5, 20, 50 beside it),
    the worst source left out last (``--cache DIR`` keeps the readings);

(a) real scenes: ``read_dice`` on every labelled photo of ``--scenes``
    (``../shared/data/dice-real-scenes``), the ``train`` and the ``test`` split apart, scored
    by :mod:`companion.vision.dice.truth` (a die is right when a reading's centre lies in its
    labelled box with its value): dice right, scenes entirely right, dice missed, misread and
    extra, and how many wrong dice (misread or extra) had a confidence at or above the
    reader's ``SURE`` bar (the referee would have trusted them), each named by photo and
    place to be looked at (some are slips of the labels); confusion matrix per split;
    the ``train`` split whole, then its fifth the training settings were chosen on
    (``vision.dice.truth.train_parts``: held out of the finder's training and of the
    readers trained to choose the settings; the shipped reader, trained once more on all of
    ``train`` with the chosen settings, has seen it), then ``test``;
(b) the reader network alone, given each labelled box of that fifth and of
    ``test`` (a crop centred on the box, its side the box's): dice right by size, and
    confusion matrix. The gap to (a) is what the spot finder and the finder cost;
(c) synthetic: a seeded set of rendered trays (``companion.synth.dice``, all backgrounds,
    camera tilt up to 30°, d6 and Miwin dice, touching dice, glints, shadows, uneven light,
    noise, defocus, JPEG loss; no motion blur) — per-die accuracy (a die counts as right when
    a reading lies within 25 px of it and has its value and kind), whole-frame accuracy,
    confusion matrix; plumbing and robustness, never the headline figure;
(d) altered: that fifth and the test photos as another table would show them (darker,
    washed out, warm and cool light, out of focus, noise and JPEG, a phone's 4.5x photo, a
    camera further away (0.75x) and a webcam over a wider table (0.5x: dice of 15-25 px),
    a camera tilted about 25 degrees (the photo warped as through it: the top faces
    foreshortened and smaller towards the far edge; no side faces appear, as they would),
    turned a quarter): dice right, missed, misread, extra;
(e) time: median and 90th percentile of ``read_dice`` per 640×480 photo (the top 640×480 of
    each real photo of the train split; the synthetic trays when the real set is absent),
    after a warm-up, OpenCV on one thread (``cv2.setNumThreads(1)``); the process's CPU time
    (what the reader costs when other programs share the cores) and wall clock.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import cv2
import dice_rolls
import numpy as np
from dice_sources import choose_agreement, choose_heat, table

from companion.synth.dice import DiceScene, SceneOptions, render_scene
from companion.vision.dice.net import READER, look
from companion.vision.dice.pips import D6_VALUES
from companion.vision.dice.reader import SURE, DiceReading, read_dice
from companion.vision.dice.sources import SOURCES
from companion.vision.dice.truth import SCENES, Score, load_scenes, score, train_parts

LOSO = Path(__file__).with_name("loso")


def match(scene: DiceScene, reading: DiceReading) -> tuple[int, list[tuple[int, int]], int]:
    """(dice read right, (truth, read) pairs with 0 for a missed die, extra dice)."""
    free = list(reading.dice)
    right, pairs = 0, []
    for true in scene.dice:
        near = [d for d in free if (d.x - true.x) ** 2 + (d.y - true.y) ** 2 < 25**2]
        if not near:
            pairs.append((true.value, 0))
            continue
        got = min(near, key=lambda d: (d.x - true.x) ** 2 + (d.y - true.y) ** 2)
        free.remove(got)
        pairs.append((true.value, got.value))
        right += got.value == true.value and got.kind == true.kind
    return right, pairs, len(free)


def confusion(pairs: list[tuple[int, int]], values: range) -> str:
    counts = Counter(pairs)
    read = [0, *values]
    lines = ["truth\\read " + " ".join(f"{v:>5}" for v in read)]
    for t in values:
        if any(counts[(t, r)] for r in read):
            lines.append(f"{t:>10} " + " ".join(f"{counts[(t, r)]:>5}" for r in read))
    return "\n".join(lines)


def synthetic(frames: int, seed: int) -> None:
    total = right = whole = extras = 0
    pairs: list[tuple[int, int]] = []
    for i in range(frames):
        kind = ("d6", "miwin")[i % 2]
        opts = SceneOptions(kind=kind, dice=(1, 5))
        scene = render_scene(seed + i, opts)
        reading = read_dice(scene.image, kind)
        r, p, extra = match(scene, reading)
        total += len(scene.dice)
        right += r
        extras += extra
        whole += r == len(scene.dice) and extra == 0
        pairs += p
    print(f"(c) synthetic: {frames} frames, {total} dice (seeds {seed}..{seed + frames - 1})")
    print(f"    per die {right / total:.2%} ({right}/{total}), whole frame {whole / frames:.2%}")
    print(f"    extra dice reported: {extras}")
    print(confusion(pairs, range(1, 10)))


def real_scenes(folder: Path) -> None:
    if not (folder / "truth.json").is_file():
        print(f"(a) real scenes: skipped, no truth.json in {folder} (use --scenes)")
        return
    fit, held = train_parts(folder)
    parts = (
        ("train", fit + held),
        (f"train, the fifth the settings were chosen on ({len(held)} photos)", held),
        ("test", load_scenes(folder, "test")),
    )
    for split, scenes in parts:
        total, trusted = Score(), []
        for scene in scenes:
            image = cv2.imread(str(scene.path))
            dice = [(d.value, d.x, d.y, d.confidence) for d in read_dice(image).dice]
            total.add(one := score(scene.boxes, dice, SURE))
            trusted += [(scene.path.name, *wrong) for wrong in one.trusted]
        print(
            f"(a) real scenes, {split}: {total.scenes} photos, {total.dice} dice in {folder}\n"
            f"    per die {total.rate:.2%} ({total.right}/{total.dice}), "
            f"scenes entirely right {total.scenes_right}/{total.scenes}\n"
            f"    missed {total.missed}, misread {total.misread}, extra {total.extra}; "
            f"wrong (misread or extra) with confidence >= {SURE}: {total.sure_wrong}"
        )
        print(confusion(total.pairs, range(1, 7)))
        for name, x, y, value, label in trusted:  # to look at: the labels have slips
            print(
                f"    trusted wrong: {name} at ({x:.0f}, {y:.0f}) read {value}, labelled "
                + (str(label) if label else "no die")
            )


def given_boxes(folder: Path) -> None:
    """The reader network alone, on a crop centred on each labelled box: what the finder's
    places cost, and how well the reader reads dice of each size."""
    if not (folder / "truth.json").is_file():
        print(f"(b) the reader given the boxes: skipped, no truth.json in {folder}")
        return
    parts = (("the fifth of train", train_parts(folder)[1]), ("test", load_scenes(folder, "test")))
    for name, scenes in parts:
        bands: dict[int, list[bool]] = {}  # lower bound of the side's 10 px band
        pairs = []
        for scene in scenes:
            image = cv2.imread(str(scene.path))
            places = [b.place for b in scene.boxes]
            for box, (_, _, side), seen in zip(
                scene.boxes, places, look(image, places, READER), strict=True
            ):
                value = seen.best(D6_VALUES)[0]
                pairs.append((box.value, value))
                bands.setdefault(min(60, max(20, int(side // 10) * 10)), []).append(
                    value == box.value
                )
        right = sum(t == r for t, r in pairs)
        print(f"(b) the reader given the labelled boxes, {name}: {len(pairs)} dice")
        print(
            f"    per die {right / len(pairs):.2%} ({right}/{len(pairs)}); by side: "
            + ", ".join(
                f"{'<30' if band == 20 else '60+' if band == 60 else f'{band}-{band + 9}'} px "
                f"{sum(ok) / len(ok):.1%} of {len(ok)}"
                for band, ok in sorted(bands.items())
            )
        )
        print(confusion(pairs, range(1, 7)))


def _lut(f: Callable[[np.ndarray], np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    table = np.clip(f(np.arange(256, dtype=np.float32)), 0, 255).astype(np.uint8)
    return lambda image: cv2.LUT(image, table)


def _noisy_jpeg(image: np.ndarray) -> np.ndarray:
    noise = np.random.default_rng(0).normal(0, 8, image.shape)
    noisy = np.clip(image + noise, 0, 255).astype(np.uint8)
    return cv2.imdecode(cv2.imencode(".jpg", noisy, [cv2.IMWRITE_JPEG_QUALITY, 50])[1], 1)


def _scaled(k: float) -> Callable[[np.ndarray], np.ndarray]:
    how = cv2.INTER_CUBIC if k > 1 else cv2.INTER_AREA
    return lambda image: cv2.resize(image, None, fx=k, fy=k, interpolation=how)


def _as_taken(x: float, y: float, h: int, w: int) -> tuple[float, float]:
    """A place in a photo altered in its colours alone is where it was."""
    return x, y


def _tilt(h: int, w: int) -> np.ndarray:
    """The homography of a camera tilted away from the table (about 25 degrees): the far
    edge of the photo a quarter narrower, and a quarter of its height nearer."""
    was = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    now = np.float32([[w / 8, h / 4], [w - w / 8, h / 4], [w, h], [0, h]])
    return cv2.getPerspectiveTransform(was, now)


def _tilted(image: np.ndarray) -> np.ndarray:
    h, w = image.shape[:2]
    return cv2.warpPerspective(image, _tilt(h, w), (w, h), borderMode=cv2.BORDER_REPLICATE)


def _untilted(x: float, y: float, h: int, w: int) -> tuple[float, float]:
    (place,) = cv2.perspectiveTransform(np.float32([[[x, y]]]), np.linalg.inv(_tilt(h, w)))[0]
    return float(place[0]), float(place[1])


#: Other light and other cameras, made from the real test photos: (name, the photo
#: altered, a die's place in the altered photo → its place in the original).
LOOKS: list[tuple[str, Callable[[np.ndarray], np.ndarray], Callable[..., tuple[float, float]]]]
LOOKS = [
    (
        "darker (gamma 1.6, 75 %)",
        _lut(lambda v: 255 * (v / 255) ** 1.6 * 0.75),
        _as_taken,
    ),
    ("washed out (80 + 70 %)", _lut(lambda v: 80 + 0.7 * v), _as_taken),
    (
        "warm lamp (blue 70 %, red 115 %)",
        lambda im: np.clip(im * np.float32([0.7, 1.0, 1.15]), 0, 255).astype(np.uint8),
        _as_taken,
    ),
    (
        "cool daylight (blue 115 %, red 75 %)",
        lambda im: np.clip(im * np.float32([1.15, 1.0, 0.75]), 0, 255).astype(np.uint8),
        _as_taken,
    ),
    (
        "out of focus (Gaussian sigma 1.2)",
        lambda im: cv2.GaussianBlur(im, (0, 0), 1.2),
        _as_taken,
    ),
    ("sensor noise (sigma 8) and JPEG 50", _noisy_jpeg, _as_taken),
    ("a phone's photo (4.5x: 2880x2880)", _scaled(4.5), lambda x, y, h, w: (x / 4.5, y / 4.5)),
    ("a camera further away (0.75x)", _scaled(0.75), lambda x, y, h, w: (x / 0.75, y / 0.75)),
    ("a webcam over a wider table (0.5x)", _scaled(0.5), lambda x, y, h, w: (2 * x, 2 * y)),
    ("an oblique camera (tilted about 25 degrees)", _tilted, _untilted),
    (
        "turned a quarter",
        lambda im: cv2.rotate(im, cv2.ROTATE_90_CLOCKWISE),
        lambda x, y, h, w: (y, h - 1 - x),
    ),
]


def altered(folder: Path, split: str) -> None:
    """The photos of ``split`` (``held``: the fifth of train the settings were chosen on) under
    other light and through other cameras: how far the figures of (a) hold where the
    table is not the one the networks learnt from."""
    if not (folder / "truth.json").is_file():
        print(f"(d) altered photos: skipped, no truth.json in {folder}")
        return
    scenes = train_parts(folder)[1] if split == "held" else load_scenes(folder, split)
    print(f"(d) the {len(scenes)} photos of {split} altered")
    for name, alter, back in LOOKS:
        total = Score()
        for scene in scenes:
            image = cv2.imread(str(scene.path))
            h, w = image.shape[:2]
            dice = [
                (d.value, *back(d.x, d.y, h, w), d.confidence) for d in read_dice(alter(image)).dice
            ]
            total.add(score(scene.boxes, dice, SURE))
        print(
            f"    {name}: {total.rate:.2%} ({total.right}/{total.dice}); missed "
            f"{total.missed}, misread {total.misread}, extra {total.extra}; wrong >= {SURE}: "
            f"{total.sure_wrong}"
        )


def timing(frames: int, seed: int, folder: Path) -> None:
    if (folder / "truth.json").is_file():
        scenes = load_scenes(folder, "train")[:frames]
        images = [cv2.imread(str(s.path))[:480, :640] for s in scenes]
        what = f"{len(images)} real photos (train split, top 640x480)"
    else:
        opts = SceneOptions(dice=(2, 2), touching=0.0)
        images = [render_scene(seed + i, opts).image for i in range(frames)]
        what = f"{frames} synthetic 640x480 frames with two d6"
    images = [np.ascontiguousarray(i) for i in images]
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)  # one core, as on a busy Pi; and fair on a shared machine
    for image in images[:5]:
        read_dice(image)
    wall, cpu = [], []
    for image in images:
        t, c = time.perf_counter(), time.process_time()
        read_dice(image)
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    cv2.setNumThreads(threads)
    processor = platform.processor() or platform.machine()
    load = os.getloadavg()[0]
    print(f"(e) time: {what}, one thread, {processor}, load {load:.1f}")
    for name, times in (("process CPU", cpu), ("wall clock", wall)):
        times.sort()
        p90 = times[int(0.9 * len(times))]
        print(f"    {name}: median {statistics.median(times):.2f} ms, 90th percentile {p90:.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=400, help="synthetic frames (c)")
    parser.add_argument("--timing-frames", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--scenes", type=Path, default=SCENES, help="labelled real photos")
    parser.add_argument(
        "--skip",
        choices=["sources", "rolls", "scenes", "boxes", "synthetic", "altered", "timing"],
        action="append",
    )
    parser.add_argument(
        "--loso", type=Path, default=LOSO, help="the detectors trained with one source left out"
    )
    parser.add_argument("--every", type=int, default=1, help="(0): every N-th photo only")
    parser.add_argument(
        "--heats",
        help="only choose det.+reader's heat bar leave-one-source-out over these, e.g. "
        "0.2,0.3,0.4,0.5,0.6,0.7,0.8 (what made dice_sources.LOCATED_FLOOR)",
    )
    parser.add_argument(
        "--agree",
        help="only choose the settings of 'pipeline, detector agrees' leave-one-source-out "
        "over these heat bars, e.g. 0.1,0.2,0.3,0.4,0.5,0.6 (what made dice_sources.AGREEMENT)",
    )
    parser.add_argument(
        "--caps", default="0.5,0.8", help="with --agree: the caps of a die not backed"
    )
    parser.add_argument(
        "--cache", type=Path, help="(r): keep each reader's dice per source here (JSON)"
    )
    parser.add_argument(
        "--wrong-weight",
        type=float,
        default=dice_rolls.WRONG_WEIGHT,
        help="(r): a wrong roll taken without asking counts as this many questions",
    )
    args = parser.parse_args()
    skip = set(args.skip or ())
    print(
        f"python {platform.python_version()}, OpenCV {cv2.__version__} "
        f"({cv2.getNumThreads()} threads), {os.cpu_count()} CPUs, {platform.node()}"
    )
    if args.agree:
        heats = [float(h) for h in args.agree.split(",")]
        choose_agreement(args.loso, heats, [float(c) for c in args.caps.split(",")])
        return 0
    if args.heats:
        choose_heat(args.loso, [float(h) for h in args.heats.split(",")])
        return 0
    if "sources" not in skip:
        table(SOURCES, args.loso, args.every)
    if "rolls" not in skip:
        weights = [args.wrong_weight, *(w for w in (5, 20, 50) if w != args.wrong_weight)]
        dice_rolls.table(SOURCES, args.cache, weights)
    if "scenes" not in skip:
        real_scenes(args.scenes)
    if "boxes" not in skip:
        given_boxes(args.scenes)
    if "synthetic" not in skip:
        synthetic(args.frames, args.seed)
    if "altered" not in skip:
        for split in ("held", "test"):
            altered(args.scenes, split)
    if "timing" not in skip:
        timing(args.timing_frames, args.seed + 10**6, args.scenes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
