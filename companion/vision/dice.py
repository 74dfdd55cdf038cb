"""Find the dice in a camera frame of the dice tray and read each top face.

:func:`read_dice` is the way in: :mod:`companion.vision.diefaces` finds the top faces, each
is warped to a square and read by :func:`companion.vision.pips.read_face`, and overlapping
readings of one die keep the surer one. A die whose pips show motion blur is reported as
not settled rather than trusted.

Kinds: a ``d6`` reads 1–6; with ``kind="miwin"`` the die's colour picks the nearest Miwin
profile (III blue, IV red, V black by default; a calibration file overrides them) and a
value that is not on that die's faces is a misread: the best explanation that is on them is
taken, with its lower confidence.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import CompanionError
from companion.vision.diceimage import load_image
from companion.vision.dicemerged import read_merged
from companion.vision.diceprofiles import (
    DEFAULT_PROFILES,
    DiceProfiles,
    DieProfile,
    miwin_profile,
)
from companion.vision.diefaces import FinderSettings, face_side, find_faces_and_mask
from companion.vision.lookagain import SQUARE as _SQUARE
from companion.vision.lookagain import die_kind as _die_kind
from companion.vision.lookagain import inside as _inside
from companion.vision.lookagain import pips_in_frame as _pips_in_frame
from companion.vision.lookagain import read_place, square_reading
from companion.vision.lookagain import warp as _warp
from companion.vision.pips import SIZE, FaceReading, read_face

Image = npt.NDArray[Any]

KINDS = ("d6", "miwin")
#: A die read with less confidence than this is unsure: the referee asks instead of deciding.
SURE = 0.7
__all__ = [
    "DEFAULT_PROFILES",
    "KINDS",
    "SURE",
    "DiceProfiles",
    "DiceReading",
    "Die",
    "DieProfile",
    "load_image",  # from companion.vision.diceimage, where the command line reads photos
    "miwin_profile",  # DieProfile, DiceProfiles, DEFAULT_PROFILES: from diceprofiles
    "read_dice",
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

    @property
    def settled(self) -> bool:
        """No die shows motion blur (a still-rolling die is reported, not guessed)."""
        return all(d.settled for d in self.dice)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(d.value for d in self.dice)


def _top_in_silhouette(image: Image, quad: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """The top face inside a whole die's silhouette, found by its pips.

    Light falls from above: the top face is lit fully, the side faces at most about 0.7 as
    brightly, so the top's pips stand out from the body by the most grey levels (the pip
    reader's contrast is relative to the local brightness and cannot see this). The pips
    of strongest absolute contrast are the top's; their centre is the top face's centre,
    and the top face is about 0.8 of the silhouette's box.
    """
    start = int(np.argmin(quad.sum(axis=1)))
    quad = np.roll(quad, -start, axis=0)
    m = cv2.getPerspectiveTransform(quad, _SQUARE)
    gray: Image = cv2.cvtColor(
        cv2.warpPerspective(image, m, (SIZE, SIZE), flags=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY
    ).astype(np.float32)
    gray = cv2.GaussianBlur(gray, (3, 3), 0)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(SIZE * 0.3) | 1,) * 2)
    best: tuple[float, Image] | None = None
    for op in (cv2.MORPH_BLACKHAT, cv2.MORPH_TOPHAT):
        contrast = cv2.morphologyEx(gray, op, kernel)
        peak = float(np.percentile(contrast, 99.5))
        strong = contrast * (contrast > 0.8 * peak)
        weight = float(strong.sum())
        if weight <= 0:
            continue
        ys, xs = np.mgrid[0:SIZE, 0:SIZE]
        centre: Image = np.array([(strong * xs).sum(), (strong * ys).sum()], np.float32) / weight
        if best is None or peak > best[0]:
            best = (peak, centre)
    box_centre = quad.mean(axis=0)
    if best is None:
        return quad
    back = cv2.perspectiveTransform(best[1].reshape(1, 1, 2), np.linalg.inv(m))[0, 0]
    out: npt.NDArray[np.float32] = (back + (quad - box_centre) * 0.8).astype(np.float32)
    return out


def _body_of_dense(tight: FaceReading, whole: FaceReading) -> bool:
    """The tight top crop of a dense face (8 or 9 pips) is mostly pips: the pip reader
    then takes the body's cross between them for one pip and reads a 1. When the whole
    silhouette shows the dense face clearly (pips all well inside), that 1 is not trusted.
    """
    return tight.value == 1 and whole.value >= 8 and _inside(whole) and whole.confidence >= 0.8


def _cut_pips(
    tight: FaceReading,
    top: npt.NDArray[np.float32],
    whole: FaceReading,
    quad: npt.NDArray[np.float32],
) -> bool:
    """The tight top crop cut pips of the face: the whole silhouette's reading has more
    pips on the top (within the top's square grown by a sixth) than the top's own
    reading, which then saw a part of the face (two middle pips of a 6 read as a 2).
    Pips of the side faces lie further out and do not count."""
    if whole.confidence < 0.8:
        return False
    centre = top.mean(axis=0)
    grown = (centre + (top - centre) * 1.17).astype(np.float32)
    on_top = sum(
        cv2.pointPolygonTest(grown, (float(x), float(y)), False) >= 0
        for x, y in _pips_in_frame(quad, whole.pips)
    )
    return on_top > len(tight.pips)


def read_dice(
    image: Image,
    kind: str = "d6",
    profiles: DiceProfiles = DEFAULT_PROFILES,
    settings: FinderSettings | None = None,
) -> DiceReading:
    """Every die in a BGR frame, read; an image without dice gives an empty reading."""
    if kind not in KINDS:
        raise CompanionError(f"unknown dice kind {kind!r} (expected d6 or miwin)")
    if image is None or image.ndim != 3 or image.shape[2] != 3 or image.size == 0:
        raise CompanionError("not a colour image")
    if min(image.shape[:2]) < 16:  # no die fits; the finder's downscaling needs room
        return DiceReading(())
    s = settings or FinderSettings()
    found: list[tuple[Die, float]] = []
    firm: set[int] = set()
    boxed: list[bool] = []
    regions: list[npt.NDArray[np.float32]] = []  # what each reading stood for, as found
    faces, mask = find_faces_and_mask(image, s)
    for face in faces:
        region = face.quad
        crop = _warp(image, face.quad)
        name, allowed = _die_kind(kind, face.colour, profiles)
        reading = read_face(crop, allowed)
        if face.silhouette:
            top = _top_in_silhouette(image, face.quad)
            other = read_face(_warp(image, top), allowed)
            if (
                other.confidence > reading.confidence
                and not _body_of_dense(other, reading)
                and not _cut_pips(other, top, reading, face.quad)
            ):
                centre = (float(top[:, 0].mean()), float(top[:, 1].mean()))
                reading, face = other, replace(face, quad=top, centre=centre)
        if not _inside(reading):
            # Pips on the crop's edge: the square found is the body between the pips of a
            # dense face (or a part of the face), and the face is larger: read it wider.
            for grow in (1.5, 2.0):
                centre_xy = face.quad.mean(axis=0)
                wider = (centre_xy + (face.quad - centre_xy) * grow).astype(np.float32)
                other = read_face(_warp(image, wider), allowed)
                if (
                    len(other.pips) > len(reading.pips)
                    and _inside(other)
                    and other.confidence > 0.8 * reading.confidence
                ):
                    reading = other
                    break
        if reading.value == 0:
            continue  # a smooth square without pips: a card, a token, not a die
        if reading.blurred and not face.whole:
            continue  # a strip cut into squares, its pips squashed: side faces at a slant
        die = Die(reading.value, name, *face.centre, reading.confidence, not reading.blurred)
        found.append((die, face_side(face)))
        boxed.append(face.boxed)
        regions.append(region)
    # A box around a whole die is larger than its top face; the dice of one throw are one
    # size, so where top faces were found by their own outline, their size is the dice's.
    own = [side for (_, side), b in zip(found, boxed, strict=True) if not b]
    if own:
        typical = float(np.median(own))
        found, boxed = _split_merged(image, found, boxed, regions, typical, kind, profiles)
        found = [
            (d, min(side, typical) if b else side)
            for (d, side), b in zip(found, boxed, strict=True)
        ]
    elif found:
        # No top face came out by its own outline (a lone die, boxes around silhouettes):
        # a top face is about 0.8 of its silhouette's box (see _top_in_silhouette). A
        # blurred one is still rolling: its box is smeared, and it is not read again.
        typical = 0.8 * float(np.median([side for _, side in found]))
    if found:
        firm = {id(d) for d, side in found if not _needs_look(d, side, typical)}
        found = [
            _second_look(image, d, side, typical, kind, profiles) if own or d.settled else (d, side)
            for d, side in found
        ]
        # What is still weak and much smaller than the throw's dice after its second
        # look is a part of a face or a strip of side faces between dice, not a die.
        found = [(d, side) for d, side in found if d.confidence >= _WEAK or side >= _PART * typical]
    # Two readings of one die (its top as a square and its silhouette, or a side face seen
    # at a slant): the surer wins. Centres of two real dice lie a die's width apart. A
    # second look has only pips and the assumed size to go by; a face read firmly by its
    # own outline is not replaced by the second look of a weak neighbour (a side strip
    # whose second look sees a part of this top face, two pips of a 4 taken for a 2).
    found.sort(key=lambda ds: (not ds[0].settled, id(ds[0]) not in firm, -ds[0].confidence * ds[1]))
    kept: list[tuple[Die, float]] = []
    for die, side in found:
        if all(
            (d.x - die.x) ** 2 + (d.y - die.y) ** 2 > (0.75 * max(side, s2)) ** 2 for d, s2 in kept
        ):
            kept.append((die, side))
    kept += _missed(image, mask, kept, kind, profiles)
    dice = [replace(d, side=side) for d, side in kept]  # the side: for drawing the box
    dice.sort(key=lambda d: (round(d.y / 40), d.x))
    return DiceReading(tuple(dice))


def _split_merged(
    image: Image,
    found: list[tuple[Die, float]],
    boxed: list[bool],
    regions: list[npt.NDArray[np.float32]],
    typical: float,
    kind: str,
    profiles: DiceProfiles,
) -> tuple[list[tuple[Die, float]], list[bool]]:
    """A box standing in for a face but much larger than the throw's dice may hold touching
    dice whose tops merged: the dice its pips show (:func:`read_merged`) replace its reading."""
    own = [(d.x, d.y) for (d, _), b in zip(found, boxed, strict=True) if not b]
    reader = partial(square_reading, image, kind=kind, profiles=profiles)
    out: list[tuple[Die, float]] = []
    out_boxed: list[bool] = []
    for (die, side), b, region in zip(found, boxed, regions, strict=True):
        read = read_merged(image, region, typical, own, reader) if b else []
        out += [(Die(r.value, n, x, y, r.confidence, True), typical) for r, n, x, y in read]
        out += [] if read else [(die, side)]
        out_boxed += [False] * len(read) or [b]
    return out, out_boxed


def _missed(
    image: Image,
    mask: Image,
    kept: list[tuple[Die, float]],
    kind: str,
    profiles: DiceProfiles,
) -> list[tuple[Die, float]]:
    """Dice whose top face did not come out as a region of its own, found by what is left.

    What differs from the table and lies beyond every die read (its top face and the
    side faces around it, a disc of 0.75 of its side) is either a die body wider than a
    side strip — a die whose top merged with a touching neighbour's side — or a close
    group of pips without a body — a dark die whose body passes for a shadow. The dice of
    one throw are one size, so each such place is read as a face of the size of the dice
    already read (:func:`_read_place`). Only a clear reading counts.
    """
    if not kept:
        return []
    side = float(np.median([s for _, s in kept]))
    q = side / 4  # the dice's side at the mask's quarter size
    rest = mask.copy()
    for die, s in kept:
        centre = (round(die.x / 4), round(die.y / 4))
        cv2.circle(rest, centre, round(0.75 * max(s, side) / 4), 0, -1)
    if int(rest.sum()) < 2:
        return []
    bodies = cv2.morphologyEx(rest, cv2.MORPH_OPEN, _ellipse(int(0.45 * q) | 1))
    specks = rest * (cv2.dilate(bodies, _ellipse(3)) == 0)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(specks.astype(np.uint8))
    pip_sized = stats[:, 4] <= (0.4 * q) ** 2
    pip_sized[0] = False  # the background
    pips = pip_sized[labels]
    near = cv2.morphologyEx(pips.astype(np.uint8), cv2.MORPH_CLOSE, _ellipse(int(0.4 * q) | 1))
    # The pips of one face lie at most the diagonal of a 2 apart (2·√2 spacings, about
    # 0.8 of a side): specks that near each other are a group too (the closing bridges
    # neighbouring pips only, not the two pips of a 2 or the corners of a 4).
    reach = int(0.8 * q) | 1
    far = cv2.dilate(pips.astype(np.uint8), _ellipse(reach))
    places = []
    for part, grow in ((bodies, -1), (near, 0), (far, reach)):
        is_body = grow < 0
        n, lab, st, centres = cv2.connectedComponentsWithStats(part)
        # How many specks each group holds: its distinct (group, speck) pairs.
        pairs = np.unique(lab[pips].astype(np.int64) * count + labels[pips])
        specks_in = np.bincount(pairs // count, minlength=n)
        for i in range(1, n):
            extent = max(st[i, 2:4]) - max(grow, 0)
            if extent >= 1.6 * q and not (is_body and st[i, 4] >= q * q):
                continue  # longer than a die and without a top face's area: side strips
            if is_body and st[i, 4] < 0.35 * q * q:
                continue
            if not is_body and specks_in[i] < 2:
                continue  # one speck: texture, noise
            place = centres[i] * 4 + 1.5
            if all(np.hypot(d.x - place[0], d.y - place[1]) > 0.85 * side for d, _ in kept):
                places.append(place)  # nearer, it is what is left of a side face
    out: list[tuple[Die, float]] = []
    for place in places:
        new = _read_place(image, place, side, kind, profiles)
        if new is not None and all(
            (d.x - new.x) ** 2 + (d.y - new.y) ** 2 >= (0.75 * side) ** 2 for d, _ in kept + out
        ):
            out.append((new, side))
    return out


_WEAK = 0.7  # a reading below this confidence is looked at again
_PART = 0.75  # a square below this share of the throw's size is a part of a face


def _needs_look(die: Die, side: float, typical: float) -> bool:
    """A reading to look at again: weak, or read from a square much smaller than the
    throw's dice (one set, one size; perspective changes a face's size by far less) — the
    body between the pips of a dense face, read as a part of it (two pips of a 7 read as
    a 2)."""
    return die.confidence < _WEAK or side < _PART * typical


def _second_look(
    image: Image, die: Die, side: float, typical: float, kind: str, profiles: DiceProfiles
) -> tuple[Die, float]:
    """A weak reading — a part of a face, or a side face seen at a slant, where the top's
    own outline was lost — read again as a face of the throw's size where its pips say
    (:func:`_read_place`); the second reading replaces the first when it is surer, or, for
    a reading of a part of a face, when it sees more pips (the whole face holds every pip
    of its part). A side face's second look lands on its own die's top and is then
    dropped as a duplicate."""
    if not _needs_look(die, side, typical):
        return die, side
    place = np.array([die.x, die.y], np.float32)
    other = _read_place(image, place, typical, kind, profiles, read_here=True)
    if other is None:
        return die, side
    part = side < _PART * typical
    if other.confidence > die.confidence + 0.1 or (part and other.value > die.value):
        return other, typical
    return die, side


def _read_place(
    image: Image,
    place: Image,
    side: float,
    kind: str,
    profiles: DiceProfiles,
    read_here: bool = False,
) -> Die | None:
    """The die read clearly as a face of size ``side`` near ``place``
    (:func:`companion.vision.lookagain.read_place`), or None."""
    found = read_place(image, place, side, kind, profiles, read_here)
    if found is None:
        return None
    reading = found.reading
    return Die(reading.value, found.kind, found.x, found.y, reading.confidence, True)


def _ellipse(size: int) -> Image:
    out: Image = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(size, 1), max(size, 1)))
    return out
