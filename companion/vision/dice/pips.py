"""What a die's face shows: its pip layouts, and whether its pips are blurred by motion.

The values a die can show are read by the networks of :mod:`companion.vision.dice.net`;
this module holds what the rules and the renderer need to know about faces (RULINGS and
DESIGN: 7 = the six layout plus the centre, 8 = the 3×3 grid without its centre, 9 = the
full grid) and the blur test that keeps a rolling die from being read as settled.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[Any]

SIZE = 64  # side of the face square the blur test looks at (pixels)
D6_VALUES: frozenset[int] = frozenset(range(1, 7))

# Pip layouts on a 3×3 grid with cells -1, 0, 1.
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

_MARGIN = 12  # the border of the face square left out: the face's edges and its sides


def anisotropy(gray: FloatArray) -> float:
    """How evenly the edges inside a face point in all directions: 1 for round pips,
    towards 0 when motion blur has wiped out the edges along one direction (the structure
    tensor of the face square's inner part, without the face's own edges and its sides)."""
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1)
    inner = (slice(_MARGIN, -_MARGIN),) * 2
    gx, gy = gx[inner], gy[inner]
    a = float((gx * gx).sum())
    b = float((gy * gy).sum())
    c = float((gx * gy).sum())
    half_trace = (a + b) / 2
    root = float(np.sqrt(max(half_trace**2 - (a * b - c * c), 0.0)))
    return (half_trace - root) / max(half_trace + root, 1e-6)
