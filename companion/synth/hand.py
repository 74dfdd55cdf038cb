"""A hand reaching over the board: the thing that makes a frame "busy".

Drawn in image space as an arm from the nearest frame edge to a random field, a palm and
four fingers, in one of several skin tones with soft shading, casting a soft shadow on the
board, and sometimes blurred along the arm because it moves.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import numpy.typing as npt

from companion.model.layout import Layout

FloatImage = npt.NDArray[np.float32]

#: Skin tones (BGR), light to dark.
SKIN = ((182, 198, 236), (150, 176, 224), (120, 150, 200), (92, 118, 170), (60, 80, 120))


def draw_hand(
    img: FloatImage,
    layout: Layout,
    camera: object,
    rvec: npt.NDArray[np.float64],
    tvec: npt.NDArray[np.float64],
    rng: np.random.Generator,
) -> tuple[FloatImage, frozenset[str]]:
    """Draw a hand over ``img``; returns the image and the fields whose centre it covers."""
    matrix = getattr(camera, "matrix")  # noqa: B009 - avoids an import cycle with board.py
    dist = getattr(camera, "distortion")  # noqa: B009
    h, w = img.shape[:2]
    ids = list(layout.fields)
    centres = np.array([[f.x, f.y, 0.0] for f in layout], float)
    pix = cv2.projectPoints(centres, rvec, tvec, matrix, dist)[0].reshape(-1, 2)
    tip = pix[int(rng.integers(len(ids)))]
    px_per_mm = float(np.linalg.norm(pix.max(0) - pix.min(0))) / (
        math.hypot(layout.width, layout.height) * 0.8
    )
    # the arm enters from the frame edge nearest to the target field
    edges = [(tip[0], 0.0), (tip[0], float(h)), (0.0, tip[1]), (float(w), tip[1])]
    start = np.array(min(edges, key=lambda e: math.hypot(e[0] - tip[0], e[1] - tip[1])))
    start = start + rng.normal(0, 120, 2)
    direction = tip - start
    direction = direction / (np.linalg.norm(direction) or 1.0)
    normal = np.array([-direction[1], direction[0]])
    mask = np.zeros((h, w), np.float32)
    arm = 70 * px_per_mm * rng.uniform(0.9, 1.2)
    palm = tip - direction * 60 * px_per_mm
    cv2.line(mask, _pt(start - direction * 200), _pt(palm), 1.0, max(2, int(arm)), cv2.LINE_AA)
    cv2.ellipse(
        mask,
        _pt(palm),
        (int(45 * px_per_mm), int(55 * px_per_mm)),
        math.degrees(math.atan2(direction[1], direction[0])),
        0,
        360,
        1.0,
        -1,
        cv2.LINE_AA,
    )
    for k, spread in enumerate((-0.45, -0.15, 0.15, 0.45)):
        base = palm + normal * (k - 1.5) * 22 * px_per_mm + direction * 35 * px_per_mm
        angle = math.atan2(direction[1], direction[0]) + spread * rng.uniform(0.3, 1.0)
        length = (55 + 10 * (k in (1, 2))) * px_per_mm * rng.uniform(0.8, 1.1)
        end = base + length * np.array([math.cos(angle), math.sin(angle)])
        cv2.line(mask, _pt(base), _pt(end), 1.0, max(2, int(17 * px_per_mm)), cv2.LINE_AA)
    # a soft shadow first, offset away from the light
    offset = rng.uniform(10, 40, 2).astype(np.float32)
    shift = np.array([[1, 0, offset[0]], [0, 1, offset[1]]], np.float32)
    shadow = cv2.warpAffine(mask, shift, (w, h))
    shadow = cv2.GaussianBlur(shadow, (0, 0), 12)
    img = img * (1 - rng.uniform(0.3, 0.5) * shadow[..., None])
    skin = np.array(SKIN[int(rng.integers(len(SKIN)))], np.float32) * rng.uniform(0.85, 1.15)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    along = ((xx - start[0]) * direction[0] + (yy - start[1]) * direction[1]) / max(w, h)
    shade = 0.85 + 0.25 * np.clip(along, 0, 1)
    layer = skin[None, None, :] * shade[..., None]
    alpha = cv2.GaussianBlur(mask, (0, 0), 1.0)
    if rng.random() < 0.5:  # a moving hand is blurred along its way
        length = int(rng.integers(9, 31))
        kernel = np.zeros((length, length), np.float32)
        c = length // 2
        d = direction * c
        cv2.line(kernel, _pt(np.array([c, c]) - d), _pt(np.array([c, c]) + d), 1.0, 1)
        kernel /= kernel.sum()
        alpha = cv2.filter2D(alpha, -1, kernel)
    out = img * (1 - alpha[..., None]) + layer * alpha[..., None]
    inside = (pix[:, 0] >= 0) & (pix[:, 1] >= 0) & (pix[:, 0] < w) & (pix[:, 1] < h)
    covered = frozenset(
        fid
        for fid, (x, y), ok in zip(ids, pix, inside, strict=True)
        if ok and alpha[int(y), int(x)] > 0.3
    )
    return out.astype(np.float32), covered


def _pt(p: npt.NDArray[np.float64]) -> tuple[int, int]:
    return round(float(p[0])), round(float(p[1]))
