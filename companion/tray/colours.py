"""The colour of a die's body, named from the frame it was read in.

The dice reader tells value, kind and place, not colour (a d6 is a d6 in any colour), yet
players group dice by colour ("rot greift an, blau verteidigt"). The top face around the
die's centre is split into two groups of pixels by k-means in Lab (body and pips); the
larger group is the body (pips cover at most about a quarter of a face), and its centre is
named by the nearest of :data:`NAMED` in Lab. Miwin's dice are named by their kind's
colour as the reader told them apart (III blue, IV red, V black).

A grey picture (a single-channel photo, a camera without colour) shows no colour: its
dice are named none (:func:`in_colour`), where the nearest name of a grey body was
"blue" (new-user trial s10, a grey photo read "Weiß, Blau, Blau, Blau").
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

__all__ = ["GREY_SPREAD", "NAMED", "colour_of", "in_colour"]

Image = npt.NDArray[Any]

#: Body colours a tray is likely to hold (BGR, as OpenCV stores pixels).
NAMED: dict[str, tuple[int, int, int]] = {
    "red": (50, 50, 200),
    "green": (60, 150, 40),
    "yellow": (40, 190, 225),
    "blue": (180, 110, 30),
    "black": (30, 30, 30),
    "white": (235, 235, 235),
}

#: What the dice reader's Miwin kinds look like (docs/dice.md: III blue, IV red, V black).
MIWIN = {"miwin-III": "blue", "miwin-IV": "red", "miwin-V": "black"}

#: The part of the face's side sampled around its centre (the edges are shadow and table).
SAMPLE = 0.7


#: The most a grey picture's pixels differ between their channels (max - min of B, G, R,
#: the 99th percentile over every 16th pixel). Measured: every one of the 690 photos of
#: dice-real-more (grey, decoded to three equal channels) 0; the 250 colour photos of
#: dice-real-scenes at 640 px wide at least 8 (median 22; `in_colour` says yes to each).
GREY_SPREAD = 3


def in_colour(image: Image) -> bool:
    """Whether ``image`` (BGR) shows colours at all; a grey one names no die's colour."""
    if image.ndim != 3 or image.shape[2] < 3 or image.size == 0:
        return False
    pixels = image[::4, ::4, :3]  # every 16th pixel: 1 ms, not 18, for a 640x480 frame
    spread = pixels.max(axis=2).astype(np.int16) - pixels.min(axis=2)
    return bool(np.percentile(spread, 99) > GREY_SPREAD)


def _lab(bgr: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    pixels = np.clip(bgr, 0, 255).astype(np.uint8).reshape(-1, 1, 3)
    out: npt.NDArray[np.float32] = (
        cv2.cvtColor(pixels, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    )
    return out


_NAMED_LAB = _lab(np.array(list(NAMED.values()), np.float32))


def colour_of(image: Image, x: float, y: float, side: float, kind: str = "d6") -> str:
    """The name of the body colour of the die whose top face is centred at (x, y) with
    ``side`` pixels in ``image`` (BGR); "" where no face can be sampled."""
    if kind in MIWIN:
        return MIWIN[kind]
    half = max(2, round(side * SAMPLE / 2))
    h, w = image.shape[:2]
    x0, x1 = max(0, round(x) - half), min(w, round(x) + half + 1)
    y0, y1 = max(0, round(y) - half), min(h, round(y) + half + 1)
    crop = image[y0:y1, x0:x1]
    if crop.size == 0 or crop.ndim != 3:
        return ""
    lab = _lab(crop.reshape(-1, 3).astype(np.float32))
    if len(lab) < 4:
        return ""
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 1.0)
    cv2.setRNGSeed(0)  # the same face names the same colour every time
    _, labels, centres = cv2.kmeans(lab, 2, None, criteria, 2, cv2.KMEANS_PP_CENTERS)  # type: ignore[call-overload]
    body = centres[int(np.bincount(labels.ravel(), minlength=2).argmax())]
    return list(NAMED)[int(np.linalg.norm(_NAMED_LAB - body, axis=1).argmin())]
