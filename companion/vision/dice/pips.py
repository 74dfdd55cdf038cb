"""Read the top face of one die: count its pips and say how sure the count is.

The reader works on a face crop (the top face, roughly square, any rotation) and explains
it by the known pip layouts rather than by counting blobs alone:

1. The face is scaled to a fixed working size and normalised by its own statistics: the
   pip polarity (dark pips on a light face or light pips on a dark face) is chosen from
   which tail of the brightness histogram is heavier, and a morphological black-hat
   (top-hat for light pips) divided by the local face brightness gives a pip *contrast*
   map that is independent of uneven light and soft shadows.
2. Pip candidates are taken at several contrast thresholds (relative to the strongest pip),
   holes from specular glints are filled, and every blob is validated by shape (an ellipse
   fill ratio), size relative to the face and to its siblings; an elongated blob of about
   twice the usual pip area, or twice as long as wide, is two touching pips and is split,
   and pips more squashed than their siblings (side faces caught in the crop) are dropped
   while that explains the face better.
3. Each candidate constellation is fitted to the layout of its pip count (a rotated,
   scaled 3×3 grid) and scored by the residual; the values of all thresholds vote with
   their fit quality, and the winning value's share and fit give the confidence.

Pips that are stretched alike in one direction, or edges around the pips that all point one
way (structure tensor), mean motion blur: the reading is then flagged ``blurred`` so that
the caller reports the die as not settled instead of guessing.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.dice.quantiles import percentile as _percentile
from companion.vision.dice.quantiles import percentiles as _percentiles

# OpenCV's stubs type every result as a union of dtypes: arrays are typed loosely here.
FloatArray = npt.NDArray[Any]
Image = npt.NDArray[Any]

SIZE = 64  # working size of a face in pixels
PAD = 8  # the face is padded with its own colour: pips cut by a tight crop stay blobs
FULL = SIZE + 2 * PAD
ALL_VALUES: frozenset[int] = frozenset(range(1, 10))
D6_VALUES: frozenset[int] = frozenset(range(1, 7))

# Pip layouts on a 3×3 grid with cells -1, 0, 1 (RULINGS and DESIGN: 7 = six plus centre,
# 8 = the grid without its centre, 9 = the full grid).
_CORNERS = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: tuple(_CORNERS),
    5: (*_CORNERS, (0, 0)),
    6: (*_CORNERS, (-1, 0), (1, 0)),
    7: (*_CORNERS, (-1, 0), (1, 0), (0, 0)),
    8: (*_CORNERS, (-1, 0), (1, 0), (0, -1), (0, 1)),
    9: tuple((x, y) for y in (-1, 0, 1) for x in (-1, 0, 1)),
}

_LEVELS = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8)  # thresholds as fractions of the strongest pip contrast
_MIN_CONTRAST = 0.12  # weakest pip contrast (relative to the face) worth reading
_BLUR_RATIO = 1.55  # median pip elongation above which the die is still moving
_BLUR_ANISOTROPY = 0.5  # edge anisotropy below which the die is still moving


class Pip(NamedTuple):
    """One pip candidate in working-size face coordinates (a named tuple: some seventy are
    made per frame, and a tuple is made several times faster than a frozen dataclass)."""

    x: float
    y: float
    area: float
    elongation: float  # major / minor axis of the blob's ellipse
    angle: float  # orientation of the major axis in radians


@dataclass(frozen=True)
class FaceReading:
    """The value read from one face; ``value`` 0 means no pips could be read."""

    value: int
    confidence: float
    pips: tuple[tuple[float, float], ...]
    blurred: bool
    votes: tuple[tuple[int, float], ...]  # every value considered with its vote, best first


_BACKGROUND = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(SIZE * 0.36) | 1,) * 2)


def _contrast_map(gray: FloatArray, dark_pips: bool) -> FloatArray:
    """Pip contrast relative to the local face brightness, 0 where there is no pip.

    ``gray`` is the working face after its 3×3 Gaussian (:func:`read_face`): whole grey
    levels blurred by weights in sixteenths, so 16·gray is a whole number below 4,096 and
    the disc's minima and maxima are taken on it as 16-bit integers — exactly the float
    result, in half the time (twice the values per vector instruction).
    """
    sixteenths = (gray * 16.0).astype(np.uint16)
    if dark_pips:
        background = _float16ths(cv2.morphologyEx(sixteenths, cv2.MORPH_CLOSE, _BACKGROUND))
        diff = background - gray
    else:
        diff = gray - _float16ths(cv2.morphologyEx(sixteenths, cv2.MORPH_OPEN, _BACKGROUND))
        background = _float16ths(cv2.dilate(sixteenths, _BACKGROUND))
    out: FloatArray = diff / np.maximum(background, 40.0)
    return out


def _float16ths(sixteenths: Image) -> FloatArray:
    out: FloatArray = sixteenths.astype(np.float32) * np.float32(1 / 16)
    return out


def _dark_pips(gray: FloatArray) -> bool:
    """Pips are the minority tail of the face's histogram: the heavier tail wins."""
    lo, med, hi = _percentiles(gray[PAD + 6 : -PAD - 6, PAD + 6 : -PAD - 6], (1.5, 50, 98.5))
    return bool(med - lo >= hi - med)


_BLOB_AREAS = ((0.03 * SIZE) ** 2 * math.pi, (0.19 * SIZE) ** 2 * math.pi * 3.2)  # pip area range


def _blobs(mask: Image) -> list[Pip]:
    """Validated pip blobs of one binary mask (holes filled, border blobs dropped)."""
    # Corners only: a contour's moments and box are its polygon's, which the points
    # along its straight runs do not change, and moments() is faster on fewer points.
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    pips: list[Pip] = []
    lo_area, hi_area = _BLOB_AREAS
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        if x <= 0 or y <= 0 or x + w >= FULL or y + h >= FULL:
            continue  # touches the padded border: not a pip of this face
        if (w - 1) * (h - 1) < lo_area:
            continue  # a speck: its outline (through pixel centres) encloses less than this
        m = cv2.moments(contour)
        area = m["m00"]
        if not lo_area <= area <= hi_area:
            continue
        cx, cy = m["m10"] / area, m["m01"] / area
        mu20, mu02, mu11 = m["mu20"] / area, m["mu02"] / area, m["mu11"] / area
        # Scalars: math is far cheaper than numpy on them.
        common = math.sqrt(((mu20 - mu02) / 2) ** 2 + mu11**2)
        major = max((mu20 + mu02) / 2 + common, 1e-6)
        minor = max((mu20 + mu02) / 2 - common, 1e-6)
        ellipse_area = 4 * math.pi * math.sqrt(major * minor)
        fill = area / ellipse_area
        elongation = math.sqrt(major / minor)
        if not 0.72 <= fill <= 1.25 or elongation > 4.5:
            continue  # not an ellipse: a face edge, a crease or a shadow
        angle = 0.5 * math.atan2(2 * mu11, mu20 - mu02)
        pips.append(Pip(cx, cy, area, elongation, angle))
    return pips


def _split_touching(pips: list[Pip], by_width: bool = False) -> list[Pip]:
    """Drop specks, split blobs that are k touching pips in a row.

    k is the blob's area over the usual (round) pip's area, or with ``by_width`` — when
    every pip of a face touches another and none is round — its length over its width,
    a row of k discs being about 1.15·k times as long as wide by its moments.
    """
    if not pips:
        return pips
    biggest = max(p.area for p in pips)
    round_ones = [p.area for p in pips if p.elongation < 1.5 and p.area >= 0.3 * biggest]
    usual = statistics.median(round_ones) if round_ones else biggest
    out: list[Pip] = []
    for p in pips:
        k = round(p.elongation / 1.15) if by_width else round(p.area / usual)
        if p.area < 0.4 * usual:
            continue
        if k >= 2 and p.elongation >= 1.6:
            k = min(k, 3)
            length = math.sqrt(p.area / math.pi) * math.sqrt(p.elongation) * 2  # major axis
            step = length / k
            dx, dy = math.cos(p.angle), math.sin(p.angle)
            for i in range(k):
                off = (i - (k - 1) / 2) * step
                out.append(
                    Pip(
                        p.x + off * dx,
                        p.y + off * dy,
                        p.area / k,
                        max(1.0, p.elongation / k),
                        p.angle,
                    )
                )
        else:
            out.append(p)
    return out


@dataclass(frozen=True)
class _Template:
    """A pip layout prepared for fitting, its cells as complex numbers x + iy."""

    n: int
    cells: FloatArray  # centred cells, complex, shape (n,)
    norm: float  # sum of the squared centred cells
    unturns: FloatArray  # turns that bring an outer cell's direction to 1: one per set of
    # outer cells that a turn of the layout onto itself maps onto each other


def _turns(cells: set[tuple[int, int]]) -> int:
    """How many quarter turns map the layout onto itself first: 1 (a 4, 5, 8, 9), 2 (a 2,
    3, 6, 7; half a turn), or 4 (only the whole turn)."""
    for quarters in (1, 2):
        turned = set(cells)
        for _ in range(quarters):
            turned = {(-y, x) for x, y in turned}
        if turned == cells:
            return quarters
    return 4


def _template(value: int) -> _Template:
    layout = np.array(LAYOUTS[value], dtype=np.float64)
    t = layout - layout.mean(axis=0)
    cells = t[:, 0] + 1j * t[:, 1]
    # A layout that a turn maps onto itself fits the same way turned: pairing a point with
    # an outer cell or with the cell that turn brings there places the same cells, only
    # renumbered. One cell of each such set is enough (a 9: a corner and an edge, not all
    # eight outer cells), which cuts the rotations tried by up to four.
    symmetry = 1j ** _turns(set(LAYOUTS[value]))  # the smallest such turn
    outer: list[complex] = []
    for cell in cells[abs(cells) > 0.5]:
        if not any(np.isclose(cell * symmetry**k, o) for o in outer for k in range(4)):
            outer.append(cell)
    return _Template(len(layout), cells, float((t**2).sum()), np.conj(outer) / np.abs(outer))


# Made once: read_face fits layouts some thirty times a frame.
_TEMPLATES = {value: _template(value) for value in LAYOUTS}


def layout_residual(points: npt.NDArray[np.float64], value: int) -> tuple[float, float]:
    """How well ``points`` fit the pip layout of ``value``: (residual, grid spacing).

    The layout is rotated and scaled onto the points (rotation from every pairing of an
    outer point with an outer layout cell), pips are matched one to one, and the residual
    is the worst pip's distance divided by the grid spacing; 0 is a perfect fit.
    """
    t = _TEMPLATES[value]
    if len(points) != t.n:
        return float("inf"), 0.0
    if value == 1:
        return 0.0, 0.0
    # Points as complex numbers, so that a turn is one product; and the ufuncs' own
    # reductions, without the wrappers of .mean(), .sum() and co. (this runs some thirty
    # times a frame on a few points).
    z = points[:, 0] + 1j * points[:, 1]
    z = z - np.add.reduce(z) / len(z)
    r = np.abs(z)
    scale = math.sqrt(float(np.add.reduce(r * r)) / t.norm)
    outer = r > 0.5 * scale
    turns = np.multiply.outer(z[outer] / r[outer], t.unturns).ravel()  # (candidates,)
    placed = np.multiply.outer(turns * scale, t.cells)  # (candidates, cells)
    d = np.abs(placed[:, :, None] - z)  # (candidates, cells, points)
    near = np.minimum.reduce(d, axis=1)  # each point's distance to its nearest cell
    hits = np.add.reduce(d == near[:, None, :], axis=2)  # points each cell is nearest to
    one_to_one = np.logical_and.reduce(hits == 1, axis=1)
    worst = np.maximum.reduce(near, axis=1) / scale
    # Rounded: a perfect fit (any two pips, say) is 0 whatever the float noise, so that
    # equally good levels keep their order in :func:`_read_polarity`.
    return round(float(np.minimum.reduce(np.where(one_to_one, worst, np.inf))), 9), scale


def _fit_quality(pips: list[Pip]) -> tuple[int, float]:
    """The value a set of pips shows and how well it fits its layout, 0..1."""
    n = len(pips)
    if n not in LAYOUTS:
        return n, 0.0
    points = np.array([(p.x, p.y) for p in pips], dtype=np.float64)
    residual, spacing = layout_residual(points, n)
    quality = max(0.0, 1.0 - residual / 0.45)
    if quality == 0.0:
        return n, quality  # no fit: the pips' size and place cannot make it one
    if n > 1 and not 0.12 * SIZE <= spacing <= 0.42 * SIZE:
        quality *= 0.3  # a constellation far too small or too big for the face
    if n > 1:
        # The areas' spread (numpy's std / mean) and the centre, on a few scalars.
        areas = [p.area for p in pips]
        mean = sum(areas) / n
        spread = math.sqrt(sum((a - mean) ** 2 for a in areas) / n) / mean
        quality *= max(0.0, 1.0 - max(0.0, spread - 0.25))  # pips of one face share a size
    cx = sum(p.x for p in pips) / n - FULL / 2
    cy = sum(p.y for p in pips) / n - FULL / 2
    off_centre = math.hypot(cx, cy) / SIZE  # pips sit around the centre
    quality *= max(0.0, 1.0 - max(0.0, off_centre - 0.18) * 3)
    return n, quality


def to_face(image: Image) -> FloatArray:
    """The face as a float grey image of the working size, padded with its median grey;
    in whole grey levels, as :func:`_contrast_map` needs (other than 8-bit input is rounded)."""
    if image.dtype != np.uint8:
        image = np.clip(np.rint(image), 0, 255).astype(np.uint8)
    if image.ndim == 3:
        image = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if image.shape != (SIZE, SIZE):
        image = cv2.resize(image, (SIZE, SIZE), interpolation=cv2.INTER_AREA)
    level = float(np.median(image))
    padded = cv2.copyMakeBorder(image, PAD, PAD, PAD, PAD, cv2.BORDER_CONSTANT, value=level)
    out: FloatArray = padded.astype(np.float32)
    return out


def read_face(image: Image, allowed: frozenset[int] = ALL_VALUES) -> FaceReading:
    """Read one die face (BGR or grey, any size, roughly square, any rotation).

    ``allowed`` are the values the die can show (1–6 for a d6, a Miwin die's faces): a
    reading outside them is a misread and the best allowed explanation is taken instead,
    with the confidence it earns.
    """
    gray = cv2.GaussianBlur(to_face(image), (3, 3), 0)
    dark = _dark_pips(gray)
    reading = _read_polarity(gray, dark, allowed)
    if reading.value == 0 or reading.confidence < 0.3:
        other = _read_polarity(gray, not dark, allowed)
        if other.confidence > reading.confidence:
            reading = other
    if not reading.blurred and anisotropy(gray, reading.pips) < _BLUR_ANISOTROPY:
        reading = replace(reading, blurred=True)
    return reading


def anisotropy(gray: FloatArray, pips: tuple[tuple[float, float], ...] = ()) -> float:
    """How evenly the edges around the pips point in all directions: 1 for round pips,
    towards 0 when motion blur has wiped out the edges along one direction (structure
    tensor). Only the pips' surroundings count, not the edges of the face or its sides."""
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1)
    weight = np.zeros(gray.shape, np.float32)
    if pips:
        radius = max(4, int(0.15 * SIZE))
        for x, y in pips:
            cv2.circle(weight, (round(x), round(y)), radius, 1.0, -1)
    else:
        weight[PAD + 4 : -PAD - 4, PAD + 4 : -PAD - 4] = 1.0
    a = float((gx * gx * weight).sum())
    b = float((gy * gy * weight).sum())
    c = float((gx * gy * weight).sum())
    half_trace = (a + b) / 2
    root = float(np.sqrt(max(half_trace**2 - (a * b - c * c), 0.0)))
    return (half_trace - root) / max(half_trace + root, 1e-6)


def _read_polarity(gray: FloatArray, dark: bool, allowed: frozenset[int]) -> FaceReading:
    contrast = _contrast_map(gray, dark)
    inner = contrast[PAD:-PAD, PAD:-PAD]
    peak = _percentile(inner, 99.7)
    if peak < _MIN_CONTRAST:
        return FaceReading(0, 0.0, (), False, ())
    votes: dict[int, float] = {}
    best: tuple[float, list[Pip]] = (-1.0, [])
    # Glints on pips are closed once on the contrast map: a closing by a flat element
    # commutes with thresholding, so every level's mask is what closing it would give.
    close = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    closed = cv2.morphologyEx(contrast, cv2.MORPH_CLOSE, close)
    for level in _LEVELS:
        mask: Image = (closed > max(level * peak, 0.6 * _MIN_CONTRAST)).astype(np.uint8)
        blobs = _blobs(mask)
        by_area = _split_touching(blobs)
        pips, value, quality = _explain(by_area, allowed)
        if any(p.elongation >= 1.6 for p in blobs):
            by_width = _split_touching(blobs, by_width=True)
            # The same pips (a third of the time) explain the face no better: skip them.
            alternative = _explain(by_width, allowed) if by_width != by_area else None
            if alternative is not None and alternative[2] > quality:
                pips, value, quality = alternative
        if value in allowed and quality > 0:
            votes[value] = votes.get(value, 0.0) + quality
            if quality > best[0] and value == max(votes, key=votes.__getitem__):
                best = (quality, pips)
    if not votes:
        return FaceReading(0, 0.0, (), False, ())
    ranked = tuple(sorted(votes.items(), key=lambda kv: -kv[1]))
    value, vote = ranked[0]
    pips = best[1] if len(best[1]) == value else []
    share = vote / sum(votes.values())
    fit = vote / len(_LEVELS)
    confidence = round(float(min(1.0, share * (0.5 + 0.5 * fit))), 3)
    blurred = _is_blurred(pips)
    return FaceReading(value, confidence, tuple((p.x, p.y) for p in pips), blurred, ranked)


def _explain(pips: list[Pip], allowed: frozenset[int]) -> tuple[list[Pip], int, float]:
    """The pips that count, the value they show and how well they explain the face."""
    if pips and statistics.median([p.elongation for p in pips]) < 1.35:
        # Round pips: a squashed one lies on a side face seen at a slant, not on top.
        pips = [p for p in pips if p.elongation < 1.75]
    best = _judge(pips, allowed)
    # A crop that holds side faces too: their pips are more squashed than the top's.
    # Drop the most squashed ones, one by one, while that explains the face better.
    by_shape = sorted(pips, key=lambda p: p.elongation)
    for keep in range(len(by_shape) - 1, max(0, len(by_shape) - 5), -1):
        if by_shape[keep].elongation < by_shape[0].elongation + 0.2:
            break
        if 0.97 ** (len(pips) - keep) <= best[2]:
            break  # a fit is at most 1: fewer pips can no longer explain the face better
        kept = by_shape[:keep]
        judged = _judge(kept, allowed)
        if judged[2] * 0.97 ** (len(pips) - keep) > best[2]:
            best = judged
    return best


def _judge(pips: list[Pip], allowed: frozenset[int]) -> tuple[list[Pip], int, float]:
    if len(pips) not in allowed:
        return pips, len(pips), 0.0  # not a value of this die: no need to fit its layout
    value, quality = _fit_quality(pips)
    if pips and statistics.median([p.elongation for p in pips]) > 1.45:
        quality *= 0.25  # pips are round: a level of stretched blobs is weak evidence
    if value not in allowed:
        quality = 0.0
    return pips, value, quality


def _is_blurred(pips: list[Pip]) -> bool:
    """Pips stretched alike in one direction: the die moved during the exposure."""
    if not pips:
        return False
    ratios = [p.elongation for p in pips]
    if statistics.median(ratios) < _BLUR_RATIO:
        return False
    doubled = np.array([2 * p.angle for p in pips])  # axes are undirected: double the angle
    coherence = float(np.hypot(np.cos(doubled).mean(), np.sin(doubled).mean()))
    return coherence > 0.8
