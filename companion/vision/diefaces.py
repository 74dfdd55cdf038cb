"""Find the top faces of the dice in a camera frame of the dice tray.

The finder does not know the table: it learns it from the frame itself. A wide median of a
1/16-size copy, then an average over what that calls table, gives the local table colour
(dice are small against it), so wood grain, felt, cardboard and leather all become "what is
usual here"; a pixel belongs to a die when it differs from that by several times the
texture's own spread, after undoing a soft shadow or a brighter patch of the table's colour.

Inside each silhouette the top face is the largest flat region: with the pips removed by a
median, the face is one colour, the side faces are shaded differently, and the cube's edges,
a neighbouring die's colour and the crease between two touching dice are steps or thin dark
lines, so cutting the silhouette along them separates top face, side faces and neighbouring
dice. A region counts as a top face when it is (with its pips filled in) a convex, nearly
square quadrilateral of die size; a 2:1 or 3:1 rectangle is a row of same-coloured faces.
Where no clean square comes out, the die's silhouette, or its brighter lit top, stands in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.quantiles import median, percentile

Image = npt.NDArray[Any]


@dataclass(frozen=True)
class FinderSettings:
    """Sizes in pixels of the full frame; the defaults fit a 640×480 view of a tray."""

    min_face: float = 18.0  # shortest side of a top face
    max_face: float = 160.0
    contrast: float = 4.0  # a die differs from the table by this many texture spreads
    min_difference: float = 14.0  # … and at least by this much (Lab units)


@dataclass(frozen=True)
class _Table:
    """The table as learnt from a frame: its local colour (quarter size, BGR) and spread."""

    bgr: Image
    threshold: float
    mask: Image  # quarter size, 1 where a die may be


def _table(image: Image, settings: FinderSettings) -> _Table:
    h, w = image.shape[:2]
    small = cv2.GaussianBlur(
        cv2.resize(image, (w // 4, h // 4), interpolation=cv2.INTER_AREA), (3, 3), 0
    )
    # The table's colour is smooth: estimate it at 1/16 size. First guess: a median wider
    # than two dice. Then the table again, averaged over what the first guess calls table
    # only, which follows uneven light and keeps dice and their shadows from darkening or
    # tinting the estimate around them. What differs from the table is judged against the
    # first guess: judged a second time against the average, 36 of 9,132 dice on
    # development seeds were misread rather than 28, and the second round cost an eighth
    # of the reader's time.
    tiny_size = (max(1, w // 16), max(1, h // 16))
    tiny = cv2.resize(small, tiny_size, interpolation=cv2.INTER_AREA)
    k = min(int(settings.max_face / 16 * 1.6) | 1, 255)
    guess = cv2.medianBlur(tiny, k)  # each channel on its own, in one call
    table = cv2.resize(guess, (small.shape[1], small.shape[0]), interpolation=cv2.INTER_LINEAR)
    dist = _difference(small, table)
    spread = median(dist) * 1.4826 + 1.0
    threshold = max(settings.min_difference, settings.contrast * spread)
    mask = cv2.morphologyEx((dist > threshold).astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3)))
    free = 1.0 - cv2.dilate(mask, np.ones((5, 5), np.uint8)).astype(np.float32)
    free_tiny = cv2.resize(free, tiny_size, interpolation=cv2.INTER_AREA)
    pixel = small.astype(np.float32)
    sum_tiny = cv2.resize(
        cv2.multiply(pixel, cv2.merge((free, free, free))), tiny_size, interpolation=cv2.INTER_AREA
    )
    sigma = settings.max_face / 16 / 3
    weight = cv2.GaussianBlur(free_tiny, (0, 0), sigma)
    averaged = cv2.GaussianBlur(sum_tiny, (0, 0), sigma) / np.maximum(weight, 1e-3)[:, :, None]
    guess = np.where((weight > 0.05)[:, :, None], averaged, guess).clip(0, 255).astype(np.uint8)
    table = cv2.resize(guess, (small.shape[1], small.shape[0]), interpolation=cv2.INTER_LINEAR)
    return _Table(table, threshold, mask)


_LIGHT = (0.62, 1.25)  # how much darker (soft shadows) or brighter light makes the table


def _difference(bgr: Image, table: Image) -> Image:
    """Colour difference (Lab) from the table, after undoing light: a pixel darker or
    brighter than the table within :data:`_LIGHT` is scaled back to the table's brightness
    before it is compared, so a soft shadow or a brighter patch of the table's own colour
    does not count, a die of another colour, much darker or much brighter does."""
    # OpenCV's per-pixel calls are several times faster than numpy's on 3 channels, and
    # exact here: the channel sums and the squared Lab steps are whole numbers (times
    # 2.25), so every float32 sum is exact, as in numpy.
    pixel = bgr.astype(np.float32)
    light = cv2.transform(pixel, _SUM)
    base = table.astype(np.float32)
    gain = (light + 3.0) / (cv2.transform(base, _SUM) + 3.0)
    lift = 1.0 / np.clip(gain, *_LIGHT)
    lifted = np.clip(cv2.multiply(pixel, cv2.merge((lift, lift, lift))), 0, 255).astype(np.uint8)
    step = cv2.absdiff(
        cv2.cvtColor(lifted, cv2.COLOR_BGR2LAB), cv2.cvtColor(table, cv2.COLOR_BGR2LAB)
    )
    # sqrt(dL² + 2.25·(da² + db²))
    out: Image = cv2.sqrt(cv2.transform(cv2.multiply(step, step, dtype=cv2.CV_32F), _WEIGHTS))
    return out


_SUM = np.ones((1, 3), np.float32)  # B + G + R
_WEIGHTS = np.array([[1.0, 2.25, 2.25]], np.float32)  # chroma counts 1.5 times in distance


@dataclass(frozen=True)
class Face:
    quad: npt.NDArray[np.float32]  # 4 corners
    colour: tuple[int, int, int]
    centre: tuple[float, float]
    whole: bool = True  # False: one of a row of same-coloured faces cut apart
    silhouette: bool = False  # True: the whole die stands in, its top face is inside
    boxed: bool = False  # True: a box around what stands in (lit top or silhouette)


def find_faces(image: Image, settings: FinderSettings) -> list[Face]:
    """Top faces: die-sized, nearly square, evenly coloured regions that differ from the table."""
    return find_faces_and_mask(image, settings)[0]


def find_faces_and_mask(image: Image, settings: FinderSettings) -> tuple[list[Face], Image]:
    """The top faces, and the quarter-size mask of all that differs from the table (dice,
    their pips, and the pips of a dark die whose body passes for a shadow)."""
    table = _table(image, settings)
    count, _, stats, _ = cv2.connectedComponentsWithStats(table.mask)
    h, w = image.shape[:2]
    faces: list[Face] = []
    for i in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        if area * 16 < settings.min_face**2 * 0.5 or max(bw, bh) * 4 > settings.max_face * 4:
            continue
        box = (
            max(0, 4 * x - 6),
            max(0, 4 * y - 6),
            min(w, 4 * (x + bw) + 6),
            min(h, 4 * (y + bh) + 6),
        )
        faces.extend(_faces_in_blob(image, table, box, settings))
    whole = [f for f in faces if f.whole]
    return [f for f in faces if _plausible(f, whole, w, h)], table.mask


def _plausible(face: Face, whole: list[Face], w: int, h: int) -> bool:
    """Not cut off by the frame's edge, and not a strip of side faces cut into squares."""
    centre = np.array(face.centre, np.float32)
    # The region found, before widening, and looser for a lit top or a silhouette that
    # stands in for the face (its box may reach past the frame around a die inside it).
    q = centre + (face.quad - centre) * (0.75 if face.boxed else 0.9)
    if q[:, 0].min() < 0 or q[:, 1].min() < 0 or q[:, 0].max() > w - 1 or q[:, 1].max() > h - 1:
        return False
    return face.whole or not any(_is_side_of(f, centre) for f in whole)


def _faces_in_blob(
    image: Image, table: _Table, box: tuple[int, int, int, int], s: FinderSettings
) -> list[Face]:
    x0, y0, x1, y1 = box
    # Only what the quarter-size table (w // 4 by h // 4) covers: the last pixels of a
    # frame whose size is no multiple of 4 have no table colour to differ from.
    x1, y1 = min(x1, 4 * table.bgr.shape[1]), min(y1, 4 * table.bgr.shape[0])
    if x1 <= x0 or y1 <= y0:
        return []
    roi = image[y0:y1, x0:x1]
    # The silhouette at full size, against the table colour found at quarter size.
    small_box = table.bgr[y0 // 4 : (y1 + 3) // 4, x0 // 4 : (x1 + 3) // 4]
    local = cv2.resize(small_box, None, fx=4, fy=4, interpolation=cv2.INTER_LINEAR)
    local = local[y0 % 4 : y0 % 4 + roi.shape[0], x0 % 4 : x0 % 4 + roi.shape[1]]
    smooth_roi = cv2.GaussianBlur(roi, (3, 3), 0)
    differs = (_difference(smooth_roi, local) > table.threshold).astype(np.uint8)
    opened = cv2.morphologyEx(differs, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    # A dark die on a dark table differs only in part: close the gaps up to a pip's size.
    sil: Image = cv2.morphologyEx(opened, cv2.MORPH_CLOSE, _disc(7))
    contours, _ = cv2.findContours(sil, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    sil = np.zeros_like(sil)
    cv2.drawContours(sil, contours, -1, 1, -1)  # pips the table's colour are no holes
    area = int(sil.sum())
    if area < s.min_face**2 * 0.6:
        return []
    # Pips gone, the body is flat: the top face and each shaded side
    # face are regions of one colour, separated by the cube's edges.
    # The median must be wider than a pip, 0.3 of a die. The die's half side comes from the
    # distance to the silhouette's edge (its upper decile is 0.68 of the half side of a
    # square, and stays so for a row of touching dice).
    inner = cv2.distanceTransform(sil, cv2.DIST_L2, 3)
    half = percentile(inner[sil > 0], 90) / 0.68
    k = int(np.clip(0.6 * half, 5, 41)) | 1
    body = cv2.medianBlur(roi, k)  # each channel on its own, in one call
    grad = _edges(body)
    flat = (sil.astype(bool) & (grad < _EDGE) & ~_creases(roi)).astype(np.uint8)
    smooth: Image = cv2.morphologyEx(flat, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(smooth, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found: list[Face] = []
    for contour in contours:
        # A flat square much smaller than the die is the body between dense pips (8, 9),
        # or a pip: not a face. The top face is at least 0.6 of the die's width.
        quads = [q for q in _squares(contour, s) if not _between_pips(q, inner, half)]
        for quad in quads:
            mask = np.zeros(sil.shape, np.uint8)
            cv2.fillConvexPoly(mask, quad.astype(np.int32), 1)
            colour = _median_colour(body, mask & smooth)
            if colour is None:
                continue
            centre = quad.mean(axis=0)
            quad = centre + (quad - centre) * 1.06  # the region stops short of the edge
            offset = np.array([x0, y0], np.float32)
            cxy = (float(centre[0] + x0), float(centre[1] + y0))
            corners = (quad + offset).astype(np.float32)
            found.append(Face(corners, colour, cxy, len(quads) == 1))
    return found + _leftover_dice(sil, body, found, (x0, y0), s, half)


def _median_colour(bgr: Image, mask: Image) -> tuple[int, int, int] | None:
    """Each channel's median over the mask's pixels, whole (as ``int(np.median(...))``),
    None for an empty mask. Counted by histogram: several times faster than gathering
    the pixels and partitioning them."""
    count = cv2.countNonZero(mask)
    if count == 0:
        return None
    middle = [count // 2] if count % 2 else [count // 2 - 1, count // 2]  # sorted ranks
    colour = []
    for c in range(3):
        below = np.cumsum(cv2.calcHist([bgr], [c], mask, [256], [0, 256]).ravel())
        values = [int(np.searchsorted(below, rank, side="right")) for rank in middle]
        colour.append(sum(values) // len(values))  # the mean of the middle two, truncated
    return colour[0], colour[1], colour[2]


def _between_pips(quad: npt.NDArray[np.float32], inner: Image, half: float) -> bool:
    """A flat square much smaller than the die, deep inside its silhouette: the body
    between the pips of an 8 or 9 (or a pip), not a face. A top face reaches the
    silhouette's edge or a side face within its own width."""
    side = _side(quad)
    cx, cy = (int(v) for v in quad.mean(axis=0))
    depth = float(inner[min(max(cy, 0), inner.shape[0] - 1), min(max(cx, 0), inner.shape[1] - 1)])
    return side < 1.2 * half and depth > side


def _leftover_dice(
    sil: Image,
    body: Image,
    faces: list[Face],
    origin: tuple[int, int],
    s: FinderSettings,
    half: float,
) -> list[Face]:
    """Dice whose top face did not come out as a clean flat square (a side lit as brightly
    as the top, dense pips): the die's own silhouette stands in for its face, and the
    pip reader drops the squashed pips of the side faces."""
    offset = np.array(origin, np.float32)
    rest = sil.copy()
    for face in faces:
        cv2.fillConvexPoly(rest, (face.quad - offset).astype(np.int32), 0)
    rest = cv2.morphologyEx(rest, cv2.MORPH_OPEN, np.ones((7, 7), np.uint8))
    contours, _ = cv2.findContours(rest, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out: list[Face] = []
    for contour in contours:
        quads = _squares(contour, s, loose=True) or _without_strips(contour, half, s)
        for quad in quads:
            centre = quad.mean(axis=0) + offset
            if any(_is_side_of(face, centre) for face in faces):
                continue  # the shaded side faces of a die whose top was found
            mask: Image = np.zeros(sil.shape, np.uint8)
            cv2.fillConvexPoly(mask, quad.astype(np.int32), 1)
            inside = (mask > 0) & (rest > 0)
            colour = tuple(int(c) for c in np.median(body[inside], axis=0))
            top = _lit_top(body, inside)
            if top is not None:
                quad = top
                centre = quad.mean(axis=0) + offset
            cxy = (float(centre[0]), float(centre[1]))
            corners = quad + offset
            out.append(Face(corners, colour, cxy, len(quads) == 1, top is None, True))  # type: ignore[arg-type]
    return out


def _without_strips(
    contour: Image, half: float, s: FinderSettings
) -> list[npt.NDArray[np.float32]]:
    """A die touching one whose top was found: what is left of the two is this die and
    the found die's side faces, thin strips along it. An opening half a die wide takes
    the strips away, and what remains is judged again."""
    if cv2.contourArea(contour) < (1.2 * half) ** 2:
        return []  # the side strips alone, no die
    x, y, w, h = cv2.boundingRect(contour)
    region = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(region, [contour], -1, 1, -1, offset=(1 - x, 1 - y))
    cut = cv2.morphologyEx(region, cv2.MORPH_OPEN, _disc(int(half) | 1))
    parts, _ = cv2.findContours(
        cut, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE, offset=(x - 1, y - 1)
    )
    if len(parts) != 1:
        return []
    return _squares(parts[0], s, loose=True)


def _lit_top(body: Image, inside: Image) -> npt.NDArray[np.float32] | None:
    """The top face inside a whole die's silhouette: light falls from above, so the top is
    the brighter of two clearly different brightness classes (Otsu), and square."""
    gray = cv2.cvtColor(body, cv2.COLOR_BGR2GRAY)
    values = gray[inside]
    if values.size < 50:
        return None
    t, _ = cv2.threshold(values.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright, dark = values[values > t], values[values <= t]
    if bright.size == 0 or dark.size == 0 or bright.mean() < 1.15 * dark.mean() + 4:
        return None  # one brightness: the top and the sides cannot be told apart
    brighter = (inside & (gray > t)).astype(np.uint8)
    lit: Image = cv2.morphologyEx(brighter, cv2.MORPH_OPEN, _disc(5))
    contours, _ = cv2.findContours(lit, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    contour = max(contours, key=cv2.contourArea)
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(contour)
    if cv2.contourArea(contour) < 0.4 * values.size or max(rw, rh) > 1.35 * min(rw, rh):
        return None
    box = cv2.boxPoints(((cx, cy), (rw * 1.06, rh * 1.06), angle)).astype(np.float32)
    return box


def _is_side_of(face: Face, point: npt.NDArray[np.float32]) -> bool:
    """A point closer to a top face's centre than a neighbouring die's centre could be."""
    side = face_side(face)
    return float(np.linalg.norm(point - np.array(face.centre, np.float32))) < 0.85 * side


def _disc(size: int) -> Image:
    out: Image = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    return out


_EDGE = 14.0  # gradient (60·log brightness or Lab chroma) that separates two faces


def _creases(roi: Image) -> Image:
    """Thin dark lines: the seam between two touching dice of one colour (their rounded
    edges), which the median filter would otherwise close."""
    blurred = cv2.GaussianBlur(cv2.cvtColor(roi, cv2.COLOR_BGR2GRAY), (3, 3), 0)
    # Closed in 8 bits, then made float: the same numbers, the closing four times as fast.
    closed = cv2.morphologyEx(blurred, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8)).astype(
        np.float32
    )
    gray = blurred.astype(np.float32)
    out: Image = (closed - gray) > np.maximum(0.12 * closed, 12.0)
    return out


def _edges(body: Image) -> Image:
    """Edge strength: steps of log brightness (shading) or of colour (another die)."""
    lightness, a, b = cv2.split(cv2.cvtColor(body, cv2.COLOR_BGR2LAB))
    # 60·log(L + 6) by table (L takes 256 values); Sobel of whole numbers is exact, so
    # a and b need no float copy.
    channels = [cv2.LUT(lightness, _LOG_LIGHTNESS), a, b]
    grads = [
        cv2.magnitude(cv2.Sobel(c, cv2.CV_32F, 1, 0), cv2.Sobel(c, cv2.CV_32F, 0, 1))
        for c in channels
    ]
    out: Image = np.maximum(np.maximum(grads[0], grads[1]), grads[2])
    return out


_LOG_LIGHTNESS = np.log(np.arange(256, dtype=np.float32) + 6.0) * 60.0


def _squares(
    contour: Image, s: FinderSettings, loose: bool = False
) -> list[npt.NDArray[np.float32]]:
    """The top faces a smooth region stands for: one square, or a row of touching ones.

    ``loose`` judges a whole die's silhouette (top and sides), which is less square.
    """
    area = cv2.contourArea(contour)
    if area < (s.min_face * 0.8) ** 2:
        return []
    hull = cv2.convexHull(contour)
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(hull)
    short, long = min(rw, rh), max(rw, rh)
    if short < s.min_face * (0.9 if loose else 0.8) or short > s.max_face * (1.3 if loose else 1):
        return []
    # Pips next to a face's edge leave notches: judge the shape by its convex hull.
    solid, boxy = (0.6, 0.7) if loose else (0.7, 0.8)
    if area < solid * cv2.contourArea(hull) or cv2.contourArea(hull) < boxy * rw * rh:
        return []  # not a rectangle: a shaded side seen at an angle, a shadow, a fleck
    # A whole die seen at a slant is up to about 1.6 times as long as wide (top and sides).
    single = 1.65 if loose else 1.45
    n = 1 if long / short <= single else round(long / short)
    if not 1 <= n <= 3 or (n > 1 and abs(long / short - n) > 0.3 + 0.1 * loose):
        return []
    box = cv2.boxPoints(((cx, cy), (rw, rh), angle)).astype(np.float32)
    if n == 1:
        return [box]
    # n dice of one colour side by side: cut the rectangle across its long side.
    a, b, c, d = box
    if np.linalg.norm(b - a) < np.linalg.norm(d - a):
        a, b, c, d = b, c, d, a
    out = []
    for i in range(n):
        t0, t1 = i / n, (i + 1) / n
        out.append(
            np.array(
                [a + (b - a) * t0, a + (b - a) * t1, d + (c - d) * t1, d + (c - d) * t0], np.float32
            )
        )
    return out


def face_side(face: Face) -> float:
    """The mean length of a face's sides in pixels."""
    return _side(face.quad)


def _side(q: npt.NDArray[np.float32]) -> float:
    return float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
