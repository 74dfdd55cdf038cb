"""Where dice may lie in a photo: pips found as small round spots, grouped into faces.

Pips are the strongest cue a die gives, on any table: a round spot a few pixels wide that is
darker (black pips on white, cream or yellow dice) or lighter (white pips on red, blue,
black or smoky dice) than its surroundings in at least one colour channel (red pips on a
black die differ in red only, hardly in grey). A spot is a pixel set that differs from the
mean of its neighbourhood (a box about 2.5 pips wide) by 25 grey levels in some channel
(in a photo as light as the real train photos; in a darker one, by as much less), with a
pip's shape: about as wide as high and filling most of its box. Where such a set has
no pip's shape (the pips of a small die run together, a pip runs into a dark die's bright
surroundings), the stronger part of it, 60 grey levels off, is looked at again.

Spots of one polarity and similar size that lie within four pip diameters of each other
(neighbouring pips of a face are about 0.2-0.4 of its side apart, a face five to nine pip
diameters wide) are one face; the faces' centres, and for each a size estimated from
its pips, are the candidates (where a group is several faces, its local centres). Nothing
here decides what is a die: :mod:`companion.vision.dice.net` looks at each candidate and
says. The candidates only need to cover every die (measured on the real
``train`` photos by ``bench/dice.py``'s reader) and to be few.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[Any]

#: A face is about this many pip diameters wide (median on the real train photos: 6.95).
SIDE_PER_PIP = 7.0
#: Grey levels a pip differs from its neighbourhood by, tried in turn (see find_spots), in
#: a photo whose light parts are LIGHT grey levels bright; in a darker photo, as much less.
CONTRASTS = (25, 60)
#: The brightness (spots._brightness) of the least bright real train photo; the contrasts
#: were chosen on those photos.
LIGHT = 193.0
#: The contrasts are lowered no further than this many times the camera's noise: a dim
#: photo is also a noisy one, and a contrast near the noise makes every grain a spot.
NOISE = 4.0


@dataclass(frozen=True)
class Spot:
    """A pip candidate: centre, diameter (pixels) and polarity (True: lighter than around)."""

    x: float
    y: float
    diameter: float
    light: bool


@dataclass(frozen=True)
class Candidate:
    """A place that may be a die's top face: centre, estimated side (pixels), its spots."""

    x: float
    y: float
    side: float
    spots: int


def find_spots(
    image: Image, window: int = 15, contrasts: tuple[int, ...] = CONTRASTS
) -> list[Spot]:
    """Pip-like spots of a BGR image, both polarities (see the module's docstring).

    ``window`` (odd, pixels) is the neighbourhood whose mean a pip is compared with: about
    2.5 pip diameters; larger pips merge with their die's edge and are not found.
    ``contrasts`` are tried in turn: a blob that is no spot at a low contrast (pips of a
    small die run together, a pip runs into its die's edge) may split into spots at a
    higher one; a spot found at a lower contrast is kept as found there."""
    mean = cv2.blur(image, (window, window))
    spots: list[Spot] = []
    limit = 1.3 * window  # a spot wider than its window is a body or a shadow, not a pip
    for light in (False, True):
        # how much lighter (darker) than its neighbourhood each pixel is, in its most
        # different colour channel
        b, g, r = cv2.split(cv2.subtract(image, mean) if light else cv2.subtract(mean, image))
        difference = cv2.max(cv2.max(b, g), r)
        before: tuple[Image, Image] | None = None  # labels and spot flags at the last level
        for contrast in contrasts:
            _, any_channel = cv2.threshold(difference, contrast, 255, cv2.THRESH_BINARY)
            # BBDT: a third of the default algorithm's time on one thread, same components
            _, labels, stats, centres = cv2.connectedComponentsWithStatsWithAlgorithm(
                any_channel, 8, cv2.CV_32S, cv2.CCL_BBDT
            )
            w, h, area = stats[:, 2], stats[:, 3], stats[:, 4]
            ok = (
                (area >= 5)
                & (np.maximum(w, h) <= 2 * np.minimum(w, h))
                & (area >= 0.45 * w * h)
                & (np.maximum(w, h) <= limit)
            )
            ok[0] = False  # the background component
            new = np.flatnonzero(ok)
            if before is not None:
                # a higher contrast's blob lies inside a lower one's: new where that was none
                cx = np.rint(centres[new, 0]).astype(int)
                cy = np.rint(centres[new, 1]).astype(int)
                new = new[~before[1][before[0][cy, cx]]]
            for i in new:
                x, y = centres[i]
                spots.append(Spot(float(x), float(y), float(w[i] + h[i]) / 2, light))
            before = (labels, ok)
    return spots


def group_spots(spots: list[Spot]) -> list[list[Spot]]:
    """Spots of one polarity and similar size close enough to be pips of one face."""
    parent = list(range(len(spots)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    order = sorted(range(len(spots)), key=lambda i: spots[i].x)
    for k, i in enumerate(order):
        a = spots[i]
        for j in order[k + 1 :]:
            b = spots[j]
            reach = 4.0 * max(a.diameter, b.diameter)
            if b.x - a.x > reach:
                break
            if (
                a.light == b.light
                and abs(b.y - a.y) <= reach
                and math.hypot(b.x - a.x, b.y - a.y) <= reach
                and max(a.diameter, b.diameter) <= 1.8 * min(a.diameter, b.diameter)
            ):
                parent[root(i)] = root(j)
    groups: dict[int, list[Spot]] = {}
    for i, spot in enumerate(spots):
        groups.setdefault(root(i), []).append(spot)
    return list(groups.values())


def candidates(
    image: Image, window: int = 15, contrasts: tuple[int, ...] = CONTRASTS
) -> list[Candidate]:
    """Candidate faces of a BGR image: the centre of each group of spots that can be one
    face, and local centres within the group where it cannot be (more than six spots, or
    spread wider than a face's pips: pips of touching dice, or a texture).

    The network reads the crop around a candidate and says where the die really is, so a
    candidate only has to fall within about a third of a side of the face's centre."""
    exposure = min(1.0, _brightness(image) / LIGHT)
    if exposure < 1.0:  # lowered as far as the light is, but kept above the noise
        floor = NOISE * _noise(image)
        contrasts = tuple(round(min(c, max(c * exposure, floor))) for c in contrasts)
    spots = find_spots(image, window, contrasts)
    out: list[Candidate] = []
    for group in group_spots(spots):
        diameter = statistics.median(s.diameter for s in group)
        side = SIDE_PER_PIP * diameter
        x = sum(s.x for s in group) / len(group)
        y = sum(s.y for s in group) / len(group)
        out.append(Candidate(x, y, side, len(group)))
        spread = max(math.hypot(s.x - x, s.y - y) for s in group)
        if len(group) > 6 or spread > 0.45 * side:
            out += _local_centres(group, side)
    return out


def _local_centres(group: list[Spot], side: float) -> list[Candidate]:
    """Candidates in a group of spots that cannot be one face: around each spot, the mean
    of the spots within 0.3 of a face's side (its die's pips pull it towards that die's
    centre); places closer than 0.15 of a side to one already taken are one."""
    out: list[Candidate] = []
    for s in group:
        near = [t for t in group if math.hypot(t.x - s.x, t.y - s.y) <= 0.3 * side]
        x = sum(t.x for t in near) / len(near)
        y = sum(t.y for t in near) / len(near)
        if all(math.hypot(x - c.x, y - c.y) > 0.15 * side for c in out):
            out.append(Candidate(x, y, side, len(near)))
    return out


def _brightness(image: Image) -> float:
    """How bright the light parts of a photo are: the level that its brightest 0.1 % of
    pixels reach, each by its brightest channel (every fourth pixel of every fourth row:
    0.05 ms). The light parts are the light dice, the pips of dark dice and glints; in a
    photo taken darker (a dim room, a camera that exposes short) they are dimmer and the
    pips differ from their dice by as much less."""
    h, w = image.shape[:2]
    small = cv2.resize(image, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_NEAREST)
    b, g, r = cv2.split(small)
    brightest = cv2.max(cv2.max(b, g), r)
    counts = cv2.calcHist([brightest], [0], None, [256], [0, 256]).ravel()
    at_least = np.cumsum(counts[::-1])  # pixels at least 255, 254, ... bright
    return float(255 - np.searchsorted(at_least, 0.001 * brightest.size))


def _noise(image: Image) -> float:
    """The camera's noise in grey levels (its standard deviation in the green channel, by
    Immerkær's estimate: the mean absolute response to a filter that cancels smooth
    shading and straight edges; 0.3 ms on 640×480)."""
    green = image[:, :, 1].astype(np.float32)
    kernel = np.array([[1, -2, 1], [-2, 4, -2], [1, -2, 1]], np.float32)
    response = cv2.filter2D(green, -1, kernel)[1:-1, 1:-1]
    return float(np.sqrt(np.pi / 2) * np.abs(response).mean() / 6)
