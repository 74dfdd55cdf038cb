"""The labelled dice photos, grouped by where they were taken: one *source* each.

A reader that is right on the table it was trained on can still miss most dice of a table
it never saw (issue 30: 97 % on its own tray, 48-81 % elsewhere). So the dice reader is
trained and chosen *leave-one-source-out*: train on every source but one, measure on the
one left out, for each in turn, and the worst row is the figure that counts.

The sources (each folder's README in ``../shared/data`` says where the photos come from):

* ``byler``: 250 phone photos of a grey dice tray, many coloured, translucent and marbled
  dice, often touching (``dice-real-scenes``; BSD-3);
* ``floor``: a grey table seen obliquely from standing height, one to three small distant
  dice, and piles of 10-45 (``dice-real-more/floor_*``; grayscale; CC BY 4.0);
* ``vignette``: top-down close-ups through a round vignette, dice on wood, plain and grid
  paper and clutter (``dice-real-more/vignette_*``; grayscale; CC BY 4.0);
* ``synthetic``: rendered trays on made-up tables (:mod:`companion.synth.dice`), seeded:
  a source of its own for plumbing and robustness, never a headline figure.

Every photo is a :class:`Photo`: its source, a name, its labelled boxes, and how to get its
pixels (a file, or a seed for the renderer). Boxes are in the photo's own pixels.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from ...errors import CompanionError
from .truth import SCENES, Box, data_dir, load_scenes

Image = npt.NDArray[np.uint8]

MORE = data_dir("dice-real-more")
REAL = ("byler", "floor", "vignette")
SOURCES = (*REAL, "synthetic")
#: How many rendered photos the synthetic source has (seeds 0 … SYNTHETIC-1 are measured;
#: the trainer renders its own from seed 100,000 on).
SYNTHETIC = 200


@dataclass(frozen=True)
class Photo:
    """One labelled photo of a source."""

    source: str
    name: str
    boxes: tuple[Box, ...]
    path: Path | None = None
    seed: int = 0
    #: the original split of the byler photos ("train"/"test"); "" elsewhere
    split: str = ""

    def image(self) -> Image:
        """The photo's pixels (BGR; a grayscale photo's one channel thrice)."""
        if self.path is None:
            return synthetic_scene(self.seed)[0]
        image = cv2.imread(str(self.path), cv2.IMREAD_COLOR)
        if image is None:
            raise CompanionError(f"{self.path}: not an image OpenCV can read")
        return np.asarray(image, np.uint8)


def photos(source: str) -> list[Photo]:
    """Every labelled photo of ``source`` (one of :data:`SOURCES`), in a fixed order."""
    if source == "byler":
        return [
            Photo("byler", s.path.name, s.boxes, s.path, split=s.split) for s in load_scenes(SCENES)
        ]
    if source in ("floor", "vignette"):
        return _rune55(source)
    if source == "synthetic":
        return [
            Photo("synthetic", f"seed-{i}", synthetic_scene(i)[1], seed=i) for i in range(SYNTHETIC)
        ]
    raise CompanionError(f"no dice source {source!r}; the sources are {', '.join(SOURCES)}")


def available(source: str) -> bool:
    """Whether the photos of ``source`` are on this machine (shared/ may be absent)."""
    if source == "byler":
        return (SCENES / "truth.json").is_file()
    if source in ("floor", "vignette"):
        return (MORE / "manifest.csv").is_file()
    return True


def _rune55(source: str) -> list[Photo]:
    """The photos of ``dice-real-more`` whose group starts with ``source``, YOLO labels."""
    manifest = MORE / "manifest.csv"
    try:
        rows = list(csv.DictReader(manifest.open()))
    except OSError as exc:
        raise CompanionError(f"{manifest}: cannot read the photo list ({exc})") from exc
    out = []
    for row in rows:
        if not row["group"].startswith(source + "_"):
            continue
        path = MORE / row["file"]
        w, h = float(row["width"]), float(row["height"])
        boxes = []
        for line in path.with_suffix(".txt").read_text().split("\n"):
            if not line.strip():
                continue
            k, x, y, bw, bh = (float(v) for v in line.split())
            boxes.append(
                Box(
                    (x - bw / 2) * w,
                    (y - bh / 2) * h,
                    (x + bw / 2) * w,
                    (y + bh / 2) * h,
                    int(k) + 1,
                )
            )
        out.append(Photo(source, row["file"], tuple(boxes), path))
    return sorted(out, key=lambda p: p.name)


def synthetic_scene(seed: int) -> tuple[Image, tuple[Box, ...]]:
    """Rendered photo ``seed`` of the synthetic source: d6 on any made-up table, and boxes."""
    from ...synth.dice import SceneOptions, render_scene

    scene = render_scene(seed, SceneOptions(kind="d6", dice=(1, 8), width=640, height=480))
    boxes = tuple(
        Box(d.x - d.side / 2, d.y - d.side / 2, d.x + d.side / 2, d.y + d.side / 2, d.value)
        for d in scene.dice
        if not d.moving
    )
    return scene.image, boxes
