"""Is the board still seen around each field? A hand hides what a piece leaves in view.

A piece covers its own field's disc and nothing more. The ring of board between a
piece's edge and the reach of a neighbour's piece (the field's printed outline, a grid
line, the edge of a coloured field, the board's grain) stays in view whatever stands
where. A hand, an arm or a cup hides it. Colour cannot always tell: skin is nearly the
colour of a tan leather board or of light wood, and over such a board a hand's fingers
read as plain fields or as light pieces in a shadow. Structure tells: calibration
measures how much contrast each of eight sectors of that ring shows on its photos
(:func:`contrast`), and a field whose ring lost most of it is covered (:func:`hidden`).
Contrast is the spread of the grey levels over their mean, so a lamp's brightness does
not change it. A board without print around its fields (too narrow a ring, or plain
board) has no sector to lose and is never called hidden by this test.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]

#: Sectors of the ring around a field; sample angles per sector and radii across it.
SECTORS = 8
ANGLES = 3
RADII = 4
#: The ring starts this far (mm) outside a piece's edge and ends as far inside the
#: nearest neighbour's piece; narrower than MIN_WIDTH_MM, a field has no ring. A blurred
#: piece's edge and its shadow reach 2-3 mm beyond it: with 1 mm, a piece on a Gravitation
#: field took the contrast of the field's bright rim with it and made a clean frame busy
#: (2 of 90 calibrated photos); with 3 mm none of 160 was.
GAP_MM = 3.0
MIN_WIDTH_MM = 2.0
#: A sector with at least this contrast on the calibration photos has print to lose.
STRUCTURED = 0.05
#: A sector keeping less than this share of its calibrated contrast has lost it.
LOST = 0.4
#: A field is hidden when it lost at least this share of its sectors with print (and has
#: at least MIN_STRUCTURED of them). Measured on synthetic boards of five looks (seeds 1
#: and 2, 1000 clean photos): no clean field lost more than 3 of 8 sectors, while a hand
#: over a field takes 5 to 8 (bench/board.py, docs/vision.md).
HIDDEN_SHARE = 0.6
MIN_STRUCTURED = 3


def ring_points(centres: FloatArray, spacing: FloatArray, piece_radius: float) -> FloatArray:
    """Board points (N, SECTORS, ANGLES × RADII, 2) of the ring around every field, in mm;
    NaN for a field whose neighbours stand too close for a ring."""
    inner = piece_radius + GAP_MM
    outer = spacing - piece_radius - GAP_MM
    angles = (np.arange(SECTORS * ANGLES) + 0.5) * 2 * np.pi / (SECTORS * ANGLES)
    steps = np.linspace(0.0, 1.0, RADII)
    radii = inner + steps[None, :] * (outer - inner)[:, None]  # (N, R)
    x = radii[:, None, :] * np.cos(angles)[None, :, None]  # (N, S*A, R)
    y = radii[:, None, :] * np.sin(angles)[None, :, None]
    pts = np.stack([x, y], axis=-1).reshape(len(centres), SECTORS, ANGLES * RADII, 2)
    pts = pts + centres[:, None, None, :]
    pts[outer - inner < MIN_WIDTH_MM] = np.nan
    return np.asarray(pts, np.float64)


def contrast(grey: FloatArray) -> FloatArray:
    """Contrast (N, SECTORS) of each sector from its grey levels (N, SECTORS, points):
    the spread over the mean, the same under a brighter or a dimmer lamp."""
    return np.asarray(grey.std(axis=2) / (grey.mean(axis=2) + 1.0), np.float64)


def hidden(seen: FloatArray, calibrated: FloatArray) -> npt.NDArray[np.bool_]:
    """Fields (N,) whose ring lost most of the contrast the calibration photos showed.

    ``seen`` and ``calibrated`` are (N, SECTORS) contrasts; NaN (no ring, or a ring out of
    view) never counts."""
    with np.errstate(invalid="ignore"):
        structured = calibrated >= STRUCTURED
        lost = structured & (seen < LOST * calibrated)
    count = structured.sum(axis=1)
    return np.asarray(
        (count >= MIN_STRUCTURED) & (lost.sum(axis=1) >= HIDDEN_SHARE * count), np.bool_
    )
