"""Labelled real photos of dice, and how a reading is scored against their labels.

The development set (``../shared/data/dice-real-scenes``, see its README) holds real photos
with a box and a top value for every die, and a ``train``/``test`` split. A die read is
*right* when its centre falls inside a labelled box of the same value; each box takes at
most one reading (the one whose centre is nearest the box's). A box without a reading is
*missed*, a box whose reading has another value is *misread*, and a reading in no box (or a
second reading in a box already taken) is *extra*. A scene is entirely right when every die
is right and nothing extra was read. ``bench/dice.py`` and the tests use this one scoring.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError

ROOT = Path(__file__).resolve().parent.parent.parent


def data_dir(name: str) -> Path:
    """``shared/data/NAME`` next to the project or next to its folder of worktrees."""
    for base in (ROOT.parent, ROOT.parent.parent):
        path = base / "shared" / "data" / name
        if path.is_dir():
            return path
    return ROOT.parent / "shared" / "data" / name


SCENES = data_dir("dice-real-scenes")
CROPS = data_dir("dice-real-crops")


@dataclass(frozen=True)
class Box:
    """One labelled die: its box in pixels and its top value."""

    x0: float
    y0: float
    x1: float
    y1: float
    value: int

    def holds(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    @property
    def place(self) -> tuple[float, float, float]:
        """The die's centre and face side (x, y, side), as the dice networks take a place."""
        return (
            (self.x0 + self.x1) / 2,
            (self.y0 + self.y1) / 2,
            (self.x1 - self.x0 + self.y1 - self.y0) / 2,
        )


@dataclass(frozen=True)
class Scene:
    """One labelled photo: its file, split (``train`` or ``test``) and dice."""

    path: Path
    split: str
    boxes: tuple[Box, ...]


def load_scenes(folder: Path = SCENES, split: str | None = None) -> list[Scene]:
    """The labelled photos of ``folder`` (of one ``split``, or all), sorted by file name."""
    truth_file = folder / "truth.json"
    try:
        truth = json.loads(truth_file.read_text())
    except (OSError, ValueError) as exc:
        raise CompanionError(f"{truth_file}: cannot read the labels ({exc})") from exc
    scenes = []
    for name in sorted(truth):
        entry = truth[name]
        if split is not None and entry["split"] != split:
            continue
        boxes = tuple(
            Box(float(b["x0"]), float(b["y0"]), float(b["x1"]), float(b["y1"]), int(b["value"]))
            for b in entry["boxes"]
        )
        scenes.append(Scene(folder / name, str(entry["split"]), boxes))
    return scenes


#: Every HOLD_OUT-th photo of the ``train`` split is held out of the networks' training:
#: the choices made while training (which epoch, which settings) are measured on it, so
#: that the ``test`` split is left for the one report at the end.
HOLD_OUT = 5


def train_parts(folder: Path = SCENES) -> tuple[list[Scene], list[Scene]]:
    """The ``train`` split's photos the networks learn from, and those held out of it."""
    scenes = load_scenes(folder, "train")
    held = [s for i, s in enumerate(scenes) if i % HOLD_OUT == HOLD_OUT - 1]
    return [s for s in scenes if s not in held], held


@dataclass
class Score:
    """Counts over one or more scenes (see the module's docstring for the words)."""

    dice: int = 0
    right: int = 0
    missed: int = 0
    misread: int = 0
    extra: int = 0
    scenes: int = 0
    scenes_right: int = 0
    #: misread or extra dice whose confidence was at or above the reader's "unsure" bar
    #: (the referee would have trusted them): (x, y, value read, value labelled or 0)
    trusted: list[tuple[float, float, int, int]] = field(default_factory=list)
    #: (truth, read) for each labelled die, 0 for a missed one
    pairs: list[tuple[int, int]] = field(default_factory=list)

    def add(self, other: Score) -> None:
        for name in ("dice", "right", "missed", "misread", "extra", "scenes", "scenes_right"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.trusted += other.trusted
        self.pairs += other.pairs

    @property
    def sure_wrong(self) -> int:
        return len(self.trusted)

    @property
    def rate(self) -> float:
        return self.right / self.dice if self.dice else 1.0


def score(
    boxes: tuple[Box, ...], dice: list[tuple[int, float, float, float]], sure: float
) -> Score:
    """Score one scene's readings ``(value, x, y, confidence)`` against its ``boxes``.

    ``sure`` is the reader's confidence bar: a wrong die read at or above it counts in
    ``trusted`` (the referee would have trusted it)."""
    taken: dict[int, tuple[int, float, float, float]] = {}
    out = Score(dice=len(boxes), scenes=1)
    for value, x, y, confidence in dice:
        inside = [i for i, b in enumerate(boxes) if b.holds(x, y) and i not in taken]
        if not inside:
            out.extra += 1
            if confidence >= sure:
                out.trusted.append((x, y, value, 0))
            continue
        gaps = [(x - (b.x0 + b.x1) / 2) ** 2 + (y - (b.y0 + b.y1) / 2) ** 2 for b in boxes]
        taken[min(inside, key=gaps.__getitem__)] = (value, confidence, x, y)
    for i, box in enumerate(boxes):
        value, confidence, x, y = taken.get(i, (0, 0.0, 0.0, 0.0))
        out.pairs.append((box.value, value))
        if value == 0:
            out.missed += 1
        elif value == box.value:
            out.right += 1
        else:
            out.misread += 1
            if confidence >= sure:
                out.trusted.append((x, y, value, box.value))
    out.scenes_right = int(out.right == out.dice and out.extra == 0)
    return out
