"""The turn of a die face from its pips alone.

Every pip layout (1–6, and Miwin's 7, 8 and 9) lies on one square 3×3 grid that turns
with the die. For the pips' offsets from their centre as complex numbers z, the sum of z⁴
is a multiple of e^{4iθ} for a grid turned by θ: a corner pip (|z| = √2 spacings, at
θ + 45° + k·90°) adds −4 e^{4iθ}, an edge pip (|z| = 1, at θ + k·90°) adds +e^{4iθ}, the
centre nothing. Every layout but the 1 has more corner weight than edge weight (2 and 3:
−8, 4 and 5: −16, 6 and 7: −14, 8 and 9: −12 in units of spacing⁴), so θ modulo 90° is
the angle of −Σz⁴ over four, without knowing the value or which pip is which. The camera
sees the face nearly square (a tilt of 30° shortens it to 0.87 along one direction), which
bends this angle by a few degrees only.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def grid_turn(pips: Sequence[tuple[float, float]]) -> float | None:
    """The turn of the pips' grid in radians (0 ≤ θ < π/2, image axes), or None when the
    pips do not say it: fewer than two, or a fourth moment too weak against their spread
    (a constellation that is not one layout's)."""
    if len(pips) < 2:
        return None
    z = np.array([complex(x, y) for x, y in pips])
    z -= z.mean()
    moment = -(z**4).sum()
    spread = float((np.abs(z) ** 4).sum())
    if spread <= 0 or abs(moment) < 0.25 * spread:
        return None
    return float(np.angle(moment) / 4) % (np.pi / 2)
