"""Single die faces seen from above, as the pip reader gets them, for its tests.

``render_face(value, FaceOptions(...))`` draws one square crop with the real pip layouts
and one difficulty at a time: rotation, foreshortening, uneven light, a shadow across the
face, glints, touching pips, defocus, motion blur and noise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.dice.pips import LAYOUTS

Image = npt.NDArray[Any]
BGR = tuple[int, int, int]


@dataclass(frozen=True)
class FaceOptions:
    """One die face seen from above, as the pip reader gets it (a square crop)."""

    size: int = 64
    body: BGR = (238, 238, 236)
    pips: BGR = (25, 25, 25)
    angle: float = 0.0  # degrees
    radius: float = 0.095  # pip radius / face side
    spacing: float = 0.27  # pip grid step / face side
    glint: bool = False
    light: float = 0.0  # strongest brightness change across the face (uneven light)
    shadow: float = 0.0  # darkening of one side of the face (a soft shadow across it)
    squash: float = 1.0  # foreshortening of one axis (a tilted view)
    blur: float = 0.0  # Gaussian sigma in pixels
    motion: float = 0.0  # motion blur length in pixels
    noise: float = 0.0
    margin: float = 0.0  # table visible around the face, fraction of the side
    table: BGR = (60, 110, 160)


def render_face(value: int, options: FaceOptions | None = None, seed: int = 0) -> Image:
    """A square crop of one face showing ``value`` pips, drawn with ``options``."""
    o = options or FaceOptions()
    rng = np.random.default_rng(seed)
    big = o.size * 4
    canvas = np.zeros((big, big, 3), np.float32) + np.array(o.table, np.float32)
    side = big / (1 + 2 * o.margin)
    c = big / 2
    rot = cv2.getRotationMatrix2D((0.0, 0.0), o.angle, 1.0)[:, :2]
    squash = np.array([1.0, o.squash])

    def to_px(p: npt.NDArray[np.float64]) -> npt.NDArray[np.int32]:
        out: npt.NDArray[np.int32] = ((p * squash) @ rot.T * side + c).astype(np.int32)
        return out

    square = np.array([(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)])
    cv2.fillPoly(canvas, [to_px(square)], tuple(float(v) for v in o.body), cv2.LINE_AA)
    ring = np.linspace(0, 2 * np.pi, 32, endpoint=False)
    circle = np.stack([np.cos(ring), np.sin(ring)], axis=1)
    for gx, gy in LAYOUTS[value]:
        centre = np.array([gx, gy]) * o.spacing
        pip = tuple(float(v) for v in o.pips)
        cv2.fillPoly(canvas, [to_px(centre + circle * o.radius)], pip, cv2.LINE_AA)
        if o.glint:
            spot = centre + np.array([0.3, -0.3]) * o.radius + circle * o.radius * 0.3
            cv2.fillPoly(canvas, [to_px(spot)], (252.0, 252.0, 252.0), cv2.LINE_AA)
    yy, xx = np.mgrid[0:big, 0:big].astype(np.float32) / big - 0.5
    gain = 1 + o.light * (xx + yy) - o.shadow * np.clip(0.5 - xx * 2, 0, 1)
    canvas *= gain[:, :, None]
    image = cv2.resize(canvas, (o.size, o.size), interpolation=cv2.INTER_AREA)
    if o.motion > 0:
        n = max(3, int(o.motion)) | 1
        kernel = np.zeros((n, n), np.float32)
        kernel[n // 2, :] = 1.0 / n
        image = cv2.filter2D(image, -1, kernel)
    if o.blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), o.blur)
    image = image + rng.normal(0, o.noise, image.shape)
    out: Image = np.clip(image, 0, 255).astype(np.uint8)
    return out
