"""A naive dice reader: count round blobs, group the close ones, each group is a die.

The floor every dice figure is printed beside (issue 30: "a naive reader is the floor").
No learning, no calibration: dark blobs on a light die and light blobs on a dark die are
found by an adaptive threshold of the grey picture (its one setting, CONTRAST, chosen on
all three real sources at once: 25 read more dice than 15 or 40 on each), blobs of one
polarity closer than 2.4 of their diameters are one face, and a face of one to six blobs
is a die showing that many pips, placed at their mean. Every die is read with confidence
1.0: a pip counter does not know when it is unsure.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
#: blobs of one face lie closer than this many pip diameters (centre to centre)
NEAR = 2.4
#: a pip differs from the mean around it by this many grey levels
CONTRAST = 25


def _blobs(gray: Image, colour: int) -> list[tuple[float, float, float]]:
    """Round blobs of one polarity (0 dark, 255 light): (x, y, diameter).

    A pixel is in a blob where it differs from the mean of a window a twentieth of the
    photo wide by CONTRAST grey levels; a blob is round where its box is about square and
    it fills most of the box."""
    side = max(gray.shape[:2])
    mode, c = (cv2.THRESH_BINARY_INV, CONTRAST) if colour == 0 else (cv2.THRESH_BINARY, -CONTRAST)
    binary = cv2.adaptiveThreshold(
        gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, mode, int(side / 20) | 1, c
    )
    n, _, stats, centres = cv2.connectedComponentsWithStats(binary)
    out = []
    for i in range(1, n):
        _, _, w, h, area = (int(v) for v in stats[i])
        if 3 <= area <= (side / 25) ** 2 and 0.6 < w / h < 1.6 and area >= 0.6 * w * h:
            out.append((float(centres[i][0]), float(centres[i][1]), (w + h) / 2))
    return out


def _faces(blobs: list[tuple[float, float, float]]) -> list[list[int]]:
    """Groups of blob indices closer than NEAR diameters to one another (union-find)."""
    parent = list(range(len(blobs)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, (xi, yi, di) in enumerate(blobs):
        for j in range(i + 1, len(blobs)):
            xj, yj, dj = blobs[j]
            if (
                max(di, dj) < 1.8 * min(di, dj)
                and np.hypot(xi - xj, yi - yj) < NEAR * (di + dj) / 2
            ):
                parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(blobs)):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def count_pips(image: Image) -> list[tuple[int, float, float, float]]:
    """The dice in a BGR photo as (value, x, y, confidence), confidence always 1.0."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    dice = []
    for colour in (0, 255):
        blobs = _blobs(gray, colour)
        for group in _faces(blobs):
            if len(group) <= 6:
                x = float(np.mean([blobs[i][0] for i in group]))
                y = float(np.mean([blobs[i][1] for i in group]))
                dice.append((len(group), x, y, 1.0))
    return dice
