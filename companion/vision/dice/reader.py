"""Find the dice in a photo of the table and read each top face.

:func:`read_dice` is the way in. It works pip first, because pips are what every die on
every table shows (docs/dice.md has the measurements):

1. The photo is brought to a working size (long side at most :data:`WORK_SIDE` pixels), so
   a 12-megapixel phone photo costs what a webcam frame costs, and read at each level of
   :data:`PYRAMID` (full, half and a third of that size): the reading whose sure dice add
   up to the most confidence (:func:`trust`) is the answer. Close-ups of large dice read
   best at a third, trays at full size; a level whose dice end up read again at the size
   of an earlier level's is not read twice.
2. :mod:`companion.vision.dice.spots` finds pip-like spots and groups them into faces; each
   group (and where a group is several faces, its local centres) is a candidate place with
   an estimated face size.
3. :mod:`companion.vision.dice.net` (a small network run by ``cv2.dnn``) looks at a crop
   around every candidate: no die, or a die, and where the die's centre and side really
   are. The places found for one die (from its pips' candidates) are averaged;
   every die is looked at once more, by a second network on the crop centred on the die,
   and that second look gives the value and the confidence (its probability, softened
   by the network's temperature: :func:`companion.vision.dice.net.soften`).
4. A small "die" showing 1 on a larger die is one of its pips and is dropped; readings of
   one die keep the surest; a die whose face runs off the frame's edge is not reported (a
   part of a face is no reading).
   Where the dice read are wider than :data:`LARGE` (their upper quartile: a close-up's
   pips may be read as dice showing 1) or narrower than :data:`SMALL` (their median: a
   camera far from the table, whose dice's pips are too small for the spot finder; some
   dice are missed, and groups of them may be read as large dice),
   the photo is read again where they are :data:`DIE_SIDE` wide; where no die is found,
   it is read again at half size.

With a calibrated :class:`~companion.vision.dice.tray.Tray` only the tray's part of the
photo is read (clutter beside it never is, and a smaller picture costs less); a die whose
face runs off the tray's edge is not reported, as at the frame's edge, and the dice found
are given in the whole photo's pixels.

Kinds: a ``d6`` reads 1-6; with ``kind="miwin"`` the die's colour picks the nearest Miwin
profile (III blue, IV red, V black by default; a calibration file overrides them) and the
network's likeliest value among that die's faces (1-9) is taken.

Confidence below :data:`SURE` means unsure: the referee asks instead of deciding. A die
whose pip edges all point one way (motion blur) is reported as not settled.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import CompanionError
from companion.vision.dice.colours import (
    DEFAULT_PROFILES,
    DiceProfiles,
    DieProfile,
    foreign,
    miwin_profile,
)
from companion.vision.dice.net import FINDER, READER, Look, Stage, look, soften
from companion.vision.dice.pips import D6_VALUES, SIZE, anisotropy
from companion.vision.dice.spots import candidates
from companion.vision.dice.tray import Tray

Image = npt.NDArray[Any]

KINDS = ("d6", "miwin")
#: A die read with less confidence than this is unsure: the referee asks instead of deciding.
SURE = 0.7
#: The long side of the working copy of a photo, in pixels.
WORK_SIDE = 1024
#: The working copy is read at these fractions of its size, and the reading the referee
#: would trust most is taken: dice of 80-130 px in a close-up are read at a third of it
#: (their pips are wider than the spot finder's window at full size), dice of 30-60 px at
#: full size (docs/dice.md, "Tables never seen").
PYRAMID = (1.0, 1 / 2, 1 / 3)
#: Readings whose dice were read at scales within this log ratio (a quarter) are one.
SAME_SCALE = math.log(1.25)
#: Dice wider than LARGE or narrower than SMALL pixels in the working copy are read again
#: at DIE_SIDE pixels (the spot finder and the networks were made for dice of 30-60 px).
LARGE = 80.0
SMALL = 30.0
DIE_SIDE = 48.0
#: A die the reader network gives less probability than this is not reported at all (a
#: guess about clutter); its confidence is that probability softened (net.soften).
FLOOR = 0.25
#: The most a die of no Miwin colour read as a Miwin die may be trusted: below SURE, so
#: the referee asks (:func:`_miwin`).
FOREIGN = 0.5
#: Edges around a die's pips this uneven (structure tensor, 1 = round) mean motion blur.
BLUR = 0.35
#: A die this many times wider than another around it: the other is one of its pips.
PIP = 1.6

__all__ = [
    "DEFAULT_PROFILES",
    "KINDS",
    "PYRAMID",
    "SURE",
    "DiceProfiles",
    "DiceReading",
    "Die",
    "DieProfile",
    "miwin_profile",  # DieProfile, DiceProfiles, DEFAULT_PROFILES: from colours.py
    "read_dice",
    "trust",
]


@dataclass(frozen=True)
class Die:
    """One die found in a frame: top value, kind, top-face centre (pixels), confidence."""

    value: int
    kind: str
    x: float
    y: float
    confidence: float
    settled: bool
    side: float = field(default=0.0, compare=False)  # top face's side in px (for drawing)

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "kind": self.kind,
            "x": round(self.x, 1),
            "y": round(self.y, 1),
            "confidence": round(self.confidence, 3),
        }


@dataclass(frozen=True)
class DiceReading:
    """All dice of one frame, in reading order (top to bottom, left to right)."""

    dice: tuple[Die, ...]
    #: the fraction of the working size the dice were read at (see :data:`PYRAMID`)
    scale: float = field(default=1.0, compare=False)

    @property
    def settled(self) -> bool:
        """No die shows motion blur (a still-rolling die is reported, not guessed)."""
        return all(d.settled for d in self.dice)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(d.value for d in self.dice)


def read_dice(
    image: Image,
    kind: str = "d6",
    profiles: DiceProfiles = DEFAULT_PROFILES,
    tray: Tray | None = None,
    scales: tuple[float, ...] = PYRAMID,
    reader: Stage = READER,
    halve: bool = True,
) -> DiceReading:
    """Every die in a BGR photo (within its ``tray``, if given), read; a photo without
    dice gives an empty reading.

    ``reader`` is the network that reads each die found (the shipped one; the benchmark
    passes one trained with a source left out, to measure that source never seen).

    The photo is read at each of ``scales`` (fractions of its working size) and the
    reading whose sure dice add up to the most confidence is the answer; its scale is
    kept in :attr:`DiceReading.scale`, so that a camera that does not move can be read at
    that one scale next time. A photo in which no die is found at full size is read
    again at half size, a quarter, … (its dice may be too large for full size); with
    ``halve=False`` it is not: a camera whose dice were read at full size before
    (:mod:`~companion.vision.dice.steady`) knows they are not."""
    if kind not in KINDS:
        raise CompanionError(f"unknown dice kind {kind!r} (expected d6 or miwin)")
    if image is None or image.ndim != 3 or image.shape[2] != 3 or image.size == 0:
        raise CompanionError("not a colour image")
    if tray is not None:
        left, top, right, bottom = tray.box(image.shape[1], image.shape[0])
        inside = read_dice(
            image[top:bottom, left:right], kind, profiles, None, scales, reader, halve
        )
        dice = [replace(d, x=d.x + left, y=d.y + top) for d in inside.dice]
        return DiceReading(tuple(sorted(dice, key=_reading_order)), inside.scale)
    readings: list[DiceReading] = []
    for f in scales or (1.0,):
        known = tuple(r.scale for r in readings)
        reading = _read_at(image, kind, profiles, f, known, reader, halve)
        if reading is not None:
            readings.append(reading)
    return max(readings, key=trust)  # on a tie, the first: the larger scale


def trust(reading: DiceReading) -> float:
    """How much of a reading the referee would take without asking: the confidences of
    its sure dice, added up (an unsure die or an empty photo adds nothing)."""
    return sum(d.confidence for d in reading.dice if d.confidence >= SURE)


def _read_at(
    image: Image,
    kind: str,
    profiles: DiceProfiles,
    fraction: float,
    known: tuple[float, ...],
    reader: Stage = READER,
    halve: bool = True,
) -> DiceReading | None:
    """The dice read with the photo at ``fraction`` of its working size; the reading's
    scale is the fraction they were read at in the end (read again larger or smaller).

    None where they would be read again at one of the ``known`` scales of earlier
    readings: that reading once more, told apart from it only by noise."""
    working = min(1.0, WORK_SIDE / max(image.shape[:2]))
    scale = working * fraction
    while min(image.shape[:2]) * scale >= 48:  # smaller: no die with readable pips fits
        work = image if scale == 1.0 else _resized(image, scale)
        dice = _read(work, kind, profiles, reader)
        # the dice's size: too large by the upper quartile (a close-up's pips may be read
        # as small dice showing 1 beside the dice they lie on, and outnumber them), too
        # small by the median (a few groups of small dice may be read as large ones)
        sides = [d.side for d in dice] or [0.0]
        large, small = float(np.percentile(sides, 75)), float(np.median(sides))
        typical = large if large > LARGE else small
        if typical > LARGE or 0 < typical < SMALL:
            # Dice this large have pips wider than the spot finder's window, dice this
            # small pips of a few pixels (some are missed either way): read again where
            # the dice are of the size it was made for (the working copy at most twice
            # WORK_SIDE); where none is found there, the first reading stands.
            again = min(scale * DIE_SIDE / typical, 2 * WORK_SIDE / max(image.shape[:2]))
            if any(abs(math.log(again / working / k)) < SAME_SCALE for k in known):
                return None
            if redone := _read(_resized(image, again), kind, profiles, reader):
                dice, scale = redone, again
        if dice:
            dice = [
                Die(
                    d.value,
                    d.kind,
                    d.x / scale,
                    d.y / scale,
                    d.confidence,
                    d.settled,
                    d.side / scale,
                )
                for d in dice
            ]
            dice.sort(key=_reading_order)
            return DiceReading(tuple(dice), scale / working)
        if fraction != 1.0 or not halve:
            break  # smaller scales are the pyramid's next levels, or were read already
        scale /= 2
    return DiceReading((), fraction)


def _reading_order(d: Die) -> tuple[int, float]:
    """Top to bottom by rows about a die high, then left to right."""
    return round(d.y / max(d.side, 1.0)), d.x


def _resized(image: Image, scale: float) -> Image:
    size = (max(1, round(image.shape[1] * scale)), max(1, round(image.shape[0] * scale)))
    out: Image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    return out


def _read(image: Image, kind: str, profiles: DiceProfiles, reader: Stage = READER) -> list[Die]:
    """The dice of a working copy (see the module's docstring, steps 2-4)."""
    places = [(c.x, c.y, c.side) for c in candidates(image)]
    found = sorted((f for f in look(image, places, FINDER) if f.die >= 0.5), key=lambda f: -f.die)
    # One place per die: several candidates (its pips) find one die, each answer a little
    # off; the mean of the answers that agree on its size, weighted by how sure each is,
    # is nearer the die's centre than any one (an answer of a somewhat other size is
    # dropped). An answer PIP times as large or small is another die: a die with big pips
    # whose pips were each taken for a die showing 1 (the reader decides, step 4 drops
    # the pips).
    dies: list[list[Look]] = []
    for f in found:  # surest first
        die = next((d for d in dies if _same(f, d[0], 0.3) and _ratio(f, d[0]) < PIP), None)
        if die is None:
            dies.append([f])
        elif _ratio(f, die[0]) <= 1.25:
            die.append(f)
    second = look(image, [_mean_place(d) for d in dies], reader)
    read = [
        (s, d)
        for s in second
        if s.die >= 0.5 and (d := _die(image, s, kind, profiles, reader.temperature))
    ]
    read = [(s, d) for s, d in read if not _several(d, read)]
    dice = sorted((d for s, d in read if not _a_pip(s, d, read)), key=lambda d: -d.confidence)
    h, w = image.shape[:2]
    kept: list[Die] = []
    for d in dice:
        half = d.side / 2
        if not (half <= d.x <= w - half and half <= d.y <= h - half):
            continue  # the face runs off the frame: a part of a face, not a reading
        if all(math.hypot(d.x - k.x, d.y - k.y) > 0.6 * max(d.side, k.side) for k in kept):
            kept.append(d)  # else a surer reading of this die was kept
    return kept


def _same(a: Look, b: Look, sides: float) -> bool:
    """Two looks closer than ``sides`` of the larger one's side are at one die."""
    return math.hypot(a.x - b.x, a.y - b.y) <= sides * max(a.side, b.side)


def _a_pip(s: Look, d: Die, read: list[tuple[Look, Die]]) -> bool:
    """A "die" much smaller than a sure die it lies on (within 0.7 of that die's side of
    its centre: on its face), and looking like a 1, is one of its pips (a big pip, with a
    glint or not, is a die showing 1 at its own scale): the larger die is kept, however
    sure the pip. A larger "die" read unsure is rather a look at several dice at once (a
    die showing 1 among others): it drops no die."""
    return int(np.argmax(s.probabilities[1:])) == 0 and any(
        e.side > PIP * d.side
        and e.confidence >= SURE
        and math.hypot(d.x - e.x, d.y - e.y) < 0.7 * e.side
        for _, e in read
    )


def _several(d: Die, read: list[tuple[Look, Die]]) -> bool:
    """A "die" on which two much smaller dice lie, each read sure and showing more than one
    pip, is a look at several dice at once (small dice far from the camera are taken for
    pips, and a group of them for a face: three dice in a row read as a large 3): dropped.
    One such die is not enough: two pips of a large die may read as a small, sure 2."""
    return (
        sum(
            d.side > PIP * e.side
            and e.value != 1
            and e.confidence >= SURE
            and math.hypot(d.x - e.x, d.y - e.y) < 0.7 * d.side
            for _, e in read
        )
        >= 2
    )


def _ratio(a: Look, b: Look) -> float:
    """How many times larger the larger of two looks is."""
    return max(a.side, b.side) / min(a.side, b.side)


def _mean_place(looks: list[Look]) -> tuple[float, float, float]:
    """The mean place (x, y, side) of several looks at one die, weighted by how sure each is."""
    w = sum(f.die for f in looks)
    return (
        sum(f.die * f.x for f in looks) / w,
        sum(f.die * f.y for f in looks) / w,
        sum(f.die * f.side for f in looks) / w,
    )


def _die(
    image: Image, s: Look, kind: str, profiles: DiceProfiles, temperature: float
) -> Die | None:
    """A die from the network's second look, or None when it is too unsure to report;
    its confidence is the network's probability softened by ``temperature``
    (:func:`~companion.vision.dice.net.soften`)."""
    if kind == "d6":
        name, (value, probability), cap = "d6", s.best(D6_VALUES), 1.0
    else:
        name, value, probability, cap = _miwin(_colour(image, s), s, profiles)
    if probability < FLOOR:
        return None
    confidence = min(soften(probability, temperature), cap)
    return Die(value, name, s.x, s.y, confidence, _still(image, s), s.side)


def _miwin(
    colour: tuple[int, int, int], s: Look, profiles: DiceProfiles
) -> tuple[str, int, float, float]:
    """A Miwin die's kind, value, probability and the most its confidence may be: the kind
    its body's colour is nearest to, read on that kind's faces. Where the likeliest of
    every Miwin face is not one of them, colour and pips contradict each other: the die
    keeps its kind (TENET needs one of each) and its likeliest own face, is reported as
    surely as it is there (not left out: new-user trial s14 M5, a die showing 1 read as
    the black kind, which has no 1, was dropped without a word) and held below
    :data:`SURE` at :data:`FOREIGN`, so the referee asks. A body of no Miwin colour
    (:func:`~companion.vision.dice.colours.foreign`: a white d6) is read on every Miwin
    face, named after the nearest kind that has the face read, and held so too."""
    every = frozenset().union(*(p.faces for p in profiles.miwin))
    value, probability = s.best(every)
    if foreign(colour, profiles):
        having = DiceProfiles(tuple(p for p in profiles.miwin if value in p.faces))
        return miwin_profile(colour, having).kind, value, probability, FOREIGN
    profile = miwin_profile(colour, profiles)
    if value in profile.faces:
        return profile.kind, value, probability, 1.0
    own, _ = s.best(profile.faces)
    return profile.kind, own, probability, FOREIGN


def _colour(image: Image, s: Look) -> tuple[int, int, int]:
    """The body colour of a die: the median of its face (pips are the minority)."""
    b, g, r = np.median(_face(image, s)[16:-16, 16:-16].reshape(-1, 3), axis=0)
    return int(b), int(g), int(r)


def _still(image: Image, s: Look) -> bool:
    """No motion blur: the edges around the pips point every way (pips.anisotropy)."""
    gray = cv2.cvtColor(_face(image, s), cv2.COLOR_BGR2GRAY).astype(np.float32)
    return anisotropy(gray) >= BLUR


def _face(image: Image, s: Look) -> Image:
    """The die's top face as a SIZE×SIZE square (for its colour and the blur test)."""
    scale = SIZE / (1.1 * s.side)
    m = np.array([[scale, 0.0, SIZE / 2 - scale * s.x], [0.0, scale, SIZE / 2 - scale * s.y]])
    out: Image = cv2.warpAffine(
        image, m, (SIZE, SIZE), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return out
