"""Table textures for synthetic dice trays: wood, felt, cardboard, leather, a plain mat.

Each is drawn procedurally from a seeded random generator as a float BGR image (0..255):
wood as warped sinusoidal grain, felt as fine noise, cardboard as short fibres, leather as
mottled low-frequency tone with pores.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[Any]

BACKGROUNDS = ("wood", "felt", "cardboard", "leather", "plain")


def _lowfreq(rng: np.random.Generator, h: int, w: int, cells: int) -> Image:
    small = rng.normal(0, 1, (max(2, cells * h // w), cells)).astype(np.float32)
    out: Image = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return out


def background(name: str, h: int, w: int, rng: np.random.Generator) -> Image:
    """A table texture as a float BGR image (0..255)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if name == "wood":
        base = np.array(rng.choice([(60, 110, 160), (40, 80, 130), (90, 150, 200)]), np.float32)
        angle = rng.uniform(0, np.pi)
        u = xx * np.cos(angle) + yy * np.sin(angle) + 25 * _lowfreq(rng, h, w, 4)
        grain = np.sin(u * rng.uniform(0.08, 0.25)) * 0.5 + 0.5
        tone = 1 - 0.22 * grain**3 + 0.04 * _lowfreq(rng, h, w, 30)
    elif name == "felt":
        base = np.array(rng.choice([(60, 110, 30), (110, 60, 20), (40, 40, 130), (80, 80, 80)]))
        tone = 1 + cv2.GaussianBlur(rng.normal(0, 0.08, (h, w)).astype(np.float32), (3, 3), 0)
    elif name == "cardboard":
        base = np.array(rng.choice([(120, 150, 170), (150, 160, 165), (90, 120, 150)]))
        fibres = np.zeros((h, w), np.float32)
        for _ in range(h * w // 400):
            x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
            a, n = rng.uniform(0, np.pi), rng.uniform(4, 14)
            end = (int(x + n * np.cos(a)), int(y + n * np.sin(a)))
            cv2.line(fibres, (x, y), end, float(rng.choice([-1.0, 1.0])), 1)
        tone = 1 + 0.06 * fibres + 0.05 * _lowfreq(rng, h, w, 10)
    elif name == "leather":
        base = np.array(rng.choice([(30, 50, 80), (50, 90, 140), (45, 60, 95)]))
        pores = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 1.2)
        tone = 1 + 0.12 * _lowfreq(rng, h, w, 16) + 0.08 * pores
    else:
        base = np.array(rng.choice([(70, 70, 70), (140, 140, 140), (90, 60, 50)]))
        tone = 1 + 0.02 * _lowfreq(rng, h, w, 6)
    tone = tone.astype(np.float32)
    out: Image = tone[:, :, None] * base.astype(np.float32)[None, None, :]
    return out
