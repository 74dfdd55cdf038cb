"""Touching dice whose top faces merged into one region, told apart by their pips.

Two dice of one colour set face to face show no step of brightness or colour between their
tops, and where the crease between them is too faint the finder sees one flat region, or
one silhouette, as large as two or three dice. Read as one face it gives one die between
them (a 3 read across a 6 and a 2) or none.

The dice of one throw are one size, so a region that stands in for a face but is much
larger than the throw's dice holds several dice. Their pips tell them apart: the top
faces' pips are round (the side faces' are squashed) and every pip layout is symmetric
about its face's centre with a grid spacing of about a quarter of the die's side, so the
pips of two faces form two such layouts, a die's side apart, separated by a straight gap
(touching dice turn alike, the seam between them is a straight line). The pips found in
the region are split along such a gap into groups that each fit a layout of die size; each
group's centre is a die's centre, and its face is read there, as a square of the throw's
size turned along the line between the dice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.pips import LAYOUTS, FaceReading

Image = npt.NDArray[Any]
Points = npt.NDArray[np.float64]
# Reads a square (4 corners, frame pixels) as one face: the reading and the die's kind.
ReadSquare = Callable[[Image], tuple[FaceReading, str]]

OVERSIZED = 1.4  # a region standing in for a face this many times the dice's side is several
_FIT = 0.3  # worst pip's distance from its layout cell, in grid spacings
_SPACING = (0.17, 0.36)  # a layout's grid spacing, in die sides
# A die read where its pips say must read as many pips as its group holds, with at least
# half the votes: lower than a die found from its pips alone (0.6), as the group's fit to
# a layout beside its neighbour is evidence of its own.
_AGREE = 0.5


def top_pips(image: Image, quad: Image, side: float) -> tuple[Points, Points]:
    """The centres of the round, pip-sized spots inside ``quad`` (frame pixels).

    Pips are darker or lighter than their face (a white die's black pips, a blue die's
    white ones; two touching dice may differ), so both polarities are taken, each relative
    to the local face brightness and to its own strongest spot, the stronger polarity
    first (between a light die's dark pips the body is no spot, but between a dark die's
    light pips it is a dark one). Pips of the side faces, seen at a slant, are squashed
    and dropped; a pip is 0.1–0.3 of the side across.
    """
    x0, y0 = (int(max(0, v - 0.1 * side)) for v in quad.min(axis=0))
    x1, y1 = (int(v + 0.1 * side) + 1 for v in quad.max(axis=0))
    roi = image[y0:y1, x0:x1]
    if roi.size == 0:
        return np.zeros((0, 2)), np.zeros((0, 2))
    gray = cv2.GaussianBlur(cv2.cvtColor(roi, cv2.COLOR_BGR2GRAY), (3, 3), 0).astype(np.float32)
    inside = np.zeros(gray.shape, np.uint8)
    cv2.fillConvexPoly(inside, (quad - (x0, y0)).astype(np.int32), 1)
    k = int(0.36 * side) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    closed = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel)
    opened = cv2.morphologyEx(gray, cv2.MORPH_OPEN, kernel)
    contrasts = (
        (closed - gray) / np.maximum(closed, 40.0),
        (gray - opened) / np.maximum(cv2.dilate(gray, kernel), 40.0),
    )
    lo, hi = np.pi * (0.05 * side) ** 2, np.pi * (0.15 * side) ** 2
    sets: list[tuple[float, Points]] = []
    for contrast in contrasts:
        out: list[tuple[float, float]] = []
        peak = float(np.percentile(contrast[inside > 0], 99.5))
        spots = ((contrast > max(0.5 * peak, 0.2)) & (inside > 0)).astype(np.uint8)
        for contour in cv2.findContours(spots, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0]:
            m = cv2.moments(contour)
            if not lo <= m["m00"] <= hi:
                continue
            a, b, c = m["mu20"], m["mu02"], m["mu11"]
            root = np.sqrt(((a - b) / 2) ** 2 + c**2)
            if (a + b) / 2 + root > 1.6**2 * max((a + b) / 2 - root, 1e-6):
                continue  # squashed: a side face's pip seen at a slant
            out.append((m["m10"] / m["m00"] + x0, m["m01"] / m["m00"] + y0))
        sets.append((peak, np.array(out, np.float64).reshape(-1, 2)))
    sets.sort(key=lambda pk: -pk[0])
    return sets[0][1], sets[1][1]


def _aligned_residual(points: Points, angle: float) -> tuple[float, float]:
    """How well ``points`` fit the layout of their count with its grid turned by ``angle``
    (or by a right angle more): worst pip's distance in grid spacings, and the spacing."""
    cells = np.array(LAYOUTS[len(points)], np.float64)
    c, s = np.cos(angle), np.sin(angle)
    p = (points - points.mean(axis=0)) @ np.array([[c, -s], [s, c]])  # into the grid's axes
    scale = float(np.sqrt((p**2).sum() / max((cells**2).sum(), 1e-9)))
    best = np.inf
    for t in (cells, cells[:, ::-1] * (1, -1)):
        d = np.hypot(*(p[:, None, :] - scale * t[None, :, :]).transpose(2, 0, 1))
        if len(set(d.argmin(axis=1))) == len(t):  # one pip to each cell
            best = min(best, float(d.min(axis=1).max()) / max(scale, 1e-9))
    return best, scale


def _one_face(points: Points, side: float, angle: float) -> float | None:
    """How well ``points`` fit one face of die size ``side`` whose edges run along
    ``angle`` (worst pip in grid spacings), or None when they do not."""
    if len(points) not in LAYOUTS:
        return None
    if len(points) == 1:
        return 0.0
    residual, spacing = _aligned_residual(points, angle)
    if not _SPACING[0] * side <= spacing <= _SPACING[1] * side:
        return None
    return residual if residual <= _FIT else None


def _face_or_stray(
    pts: Points, side: float, angle: float, strays: int = 2
) -> tuple[float, list[Points]] | None:
    """One face, or one face and up to two pips beside it (of a side face seen steeply,
    or of another die's face the region reaches into): those lie beyond the top face's
    edge, more than 0.55 of a side from its centre; a face's own pips lie within 0.45."""
    fit = _one_face(pts, side, angle)
    if fit is not None:
        return fit, [pts]
    found: tuple[float, list[Points]] | None = None
    for i in range(len(pts) if len(pts) > 1 and strays else 0):
        rest = np.delete(pts, i, axis=0)
        if np.linalg.norm(pts[i] - rest.mean(axis=0)) < 0.55 * side:
            continue
        other = _face_or_stray(rest, side, angle, strays - 1)
        if other is not None and (found is None or other[0] + _FIT < found[0]):
            found = (other[0] + _FIT, other[1])  # any fit of every pip is better
    return found


def _touching(faces: list[Points], side: float) -> bool:
    """Faces of touching dice: no two closer than 0.8 of a side, each beside another
    (its nearest centre at most 1.35 sides away; a die's own width, a little more for a
    gap between them and the view's slant)."""
    centres = np.array([f.mean(axis=0) for f in faces])
    d = np.hypot(*(centres[:, None, :] - centres[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(d, np.inf)
    return bool((d >= 0.8 * side).all() and (d.min(axis=1) <= 1.35 * side).all())


def _face_to_face(a: list[Points], b: list[Points], angle: float) -> bool:
    """The nearest faces on either side of a seam lie across it, along its normal
    ``angle`` (within 20°: the dice turn alike within a few degrees, and the view's slant
    skews right angles by a few more). The two pips of a 2 cut apart would lie along its
    diagonal, 45° off its grid and its neighbours' seams."""
    pairs = [(fa.mean(axis=0), fb.mean(axis=0)) for fa in a for fb in b]
    ca, cb = min(pairs, key=lambda p: float(np.hypot(*(p[1] - p[0]))))
    v = cb - ca
    across = abs(float(v @ np.array([np.cos(angle), np.sin(angle)])))
    return bool(across >= np.cos(np.radians(20.0)) * float(np.hypot(*v)))


_ANGLES = np.radians(np.arange(0.0, 180.0, 5.0))


def split_faces(points: Points, side: float, count: int) -> list[Points] | None:
    """The pips split into ``count`` faces of die size ``side``, or None.

    Touching dice turn alike (face to face), so the seam between two of them is a
    straight line, and the pips on either side of it lie at least about twice a pip's
    margin from it (a fifth of a side each, less a little for the view's slant): every
    line with such a gap across it is tried. Each side must be one face whose pip grid
    runs along and across the line (the dice turn alike), or for three dice two faces
    again, split along or across the first seam. The best fit wins. Faces of one pip each
    show no turn to check, so at least one face must have two pips or more.
    """
    cache: dict[tuple[tuple[int, ...], int, int], tuple[float, list[Points]] | None] = {}

    def best(idx: tuple[int, ...], n: int, seam: int) -> tuple[float, list[Points]] | None:
        key = (idx, n, seam)
        if key not in cache:
            cache[key] = _best_split(points[list(idx)], idx, n, seam)
        return cache[key]

    def _best_split(
        pts: Points, idx: tuple[int, ...], n: int, seam: int
    ) -> tuple[float, list[Points]] | None:
        if n == 1:
            return _face_or_stray(pts, side, float(_ANGLES[seam]))
        if not n <= len(pts) <= 9 * n:
            return None
        found: tuple[float, list[Points]] | None = None
        for k, angle in enumerate(_ANGLES):
            if seam >= 0 and min((k - seam) % 18, (seam - k) % 18) > 2:
                continue  # not along or across the seam already cut
            along = pts @ np.array([np.cos(angle), np.sin(angle)])
            order = np.argsort(along)
            for i in range(1, len(pts)):
                if along[order[i]] - along[order[i - 1]] < 0.25 * side:
                    continue
                a = tuple(sorted(idx[j] for j in order[:i]))
                b = tuple(sorted(idx[j] for j in order[i:]))
                for n_a in range(1, n):
                    fa = best(a, n_a, k)
                    fb = best(b, n - n_a, k) if fa else None
                    if not fa or not fb or not _touching(fa[1] + fb[1], side):
                        continue
                    if not _face_to_face(fa[1], fb[1], angle):
                        continue
                    score = fa[0] + fb[0]
                    if found is None or score < found[0]:
                        found = (score, fa[1] + fb[1])
        return found

    result = best(tuple(range(len(points))), count, -1)
    if result is None or all(len(f) == 1 for f in result[1]):
        return None  # lone pips show no grid, no turn: the two pips of one 2 as well
    return result[1]


def read_merged(
    image: Image,
    quad: Image,
    side: float,
    own: list[tuple[float, float]],
    read_square: ReadSquare,
) -> list[tuple[FaceReading, str, float, float]]:
    """The dice inside a region ``quad`` (frame pixels) that stands in for a face but is
    :data:`OVERSIZED`, each read as a face of the throw's size ``side`` where its pips say.

    Empty unless every die is read so — settled, its value its group's count of pips, at
    confidence :data:`_AGREE` or more — and none lies on a die ``own`` found by its own
    outline (that die is read there; pips of it in the region are no merged die).
    """
    size = float(np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    if size <= OVERSIZED * side:
        return []
    strong, weak = top_pips(image, quad, side)
    expected = round(min(3.0, max(2.0, size / side)))
    faces = None
    for points in (strong, weak, np.concatenate([strong, weak])):
        for count in dict.fromkeys((expected, 2, 3)):
            faces = split_faces(points, side, count)
            if faces:
                break
        if faces:
            break
    if not faces or any(
        np.hypot(x - f.mean(axis=0)[0], y - f.mean(axis=0)[1]) < 0.75 * side
        for f in faces
        for x, y in own
    ):
        return []
    centres = [f.mean(axis=0) for f in faces]
    out = []
    for i, (group, centre) in enumerate(zip(faces, centres, strict=True)):
        near = min(
            (c for j, c in enumerate(centres) if j != i), key=lambda c: np.hypot(*(c - centre))
        )
        u = (near - centre) / max(float(np.hypot(*(near - centre))), 1e-6)
        v = np.array([-u[1], u[0]])
        corners = np.array(
            [
                centre + (su * u + sv * v) * 0.95 * side / 2
                for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ],
            np.float32,
        )
        reading, name = read_square(corners)
        if reading.value != len(group) or reading.blurred or reading.confidence < _AGREE:
            return []
        out.append((reading, name, float(centre[0]), float(centre[1])))
    return out
