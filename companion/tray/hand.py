"""Is there a hand in the tray? Then the tray waits (busy), whatever dice it sees.

A hand reaching into the tray comes in over the frame's edge and is skin-coloured. The
frame (at :data:`WIDTH` pixels across) is tested pixel by pixel for skin in YCrCb (the
usual box: Cr 135-175, Cb 85-130, Y above 60) and for standing apart from the tray's own
colour: the frame's median chroma (Lab's a and b, not its lightness, which a lamp changes
across the tray) more than :data:`APART` away, since a wooden or tan tray is skin-coloured
itself. After an opening, a skin blob that touches the frame's edge and covers between
:data:`LEAST` and :data:`MOST` of the frame is a hand. A die is far smaller than LEAST.

Measured on synthetic trays (``render_scene``, seeds 0-59, backgrounds of every look): no
tray of 120 (4 and 3 dice) taken for a hand; of 300 hands drawn in (a palm and an arm from
the right edge, the five skin tones of ``synth/hand.py``), 85 missed, all on trays of
nearly their colour. Colour cannot tell those apart; the settle wait still counts no roll
while a moving hand changes what is read (docs/tray.md).
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

__all__ = ["hand_in"]

Image = npt.NDArray[Any]

#: The frame is tested at this many pixels across.
WIDTH = 160
#: A hand covers at least this share of the frame...
LEAST = 0.04
#: ...and at most this: more is the tray's own colour.
MOST = 0.6
#: A hand's pixel differs from the tray's median chroma by more than this (Lab a, b units).
APART = 10.0


def hand_in(image: Image) -> bool:
    """Whether a hand (a skin-coloured blob from the frame's edge) lies in the frame."""
    h, w = image.shape[:2]
    if image.ndim != 3 or w == 0 or h == 0:
        return False
    small = cv2.resize(image, (WIDTH, max(1, round(h * WIDTH / w))), interpolation=cv2.INTER_AREA)
    ycrcb = cv2.cvtColor(small, cv2.COLOR_BGR2YCrCb)
    skin = cv2.inRange(ycrcb, np.array([60, 135, 85]), np.array([255, 175, 130]))
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    floor = np.median(lab.reshape(-1, 3), axis=0)  # the tray: most of the frame
    apart = np.linalg.norm(lab[..., 1:] - floor[1:], axis=2) > APART  # chroma: light varies
    skin = np.where(apart, skin, 0).astype(np.uint8)
    skin = cv2.morphologyEx(skin, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, _labels, stats, _ = cv2.connectedComponentsWithStats(skin, connectivity=8)
    area = small.shape[0] * small.shape[1]
    for i in range(1, count):
        x, y, bw, bh, pixels = (int(v) for v in stats[i])
        edge = x == 0 or y == 0 or x + bw == small.shape[1] or y + bh == small.shape[0]
        if edge and LEAST <= pixels / area <= MOST:
            return True
    return False
