"""A set-up of bench/boardlooks.py rebuilt from its generator state, calibrated as a club
would (the empty board and the start, :func:`~companion.vision.colourfit.fit_colours`),
with its reader: the tests that take one bench frame apart start here."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

from companion.synth.looks import LOOKS
from companion.vision import BoardReader
from companion.vision.colourfit import fit_colours

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import boardlooks


def rebuilt(state: dict[str, Any], look: str, photos: int, board: str) -> tuple[Any, BoardReader]:
    """The set-up whose generator state was ``state`` (as the bench left it before the
    set-up), of ``look`` on ``board`` ("gravitation", "tall", …), with its first
    ``photos`` photos; and a reader calibrated from its calibration photos."""
    rng = np.random.default_rng()
    rng.bit_generator.state = state
    chosen = next(lk for lk in LOOKS if lk.name == look)
    made = boardlooks.make_setup(chosen, photos, 0, rng, board=boardlooks.boards()[board])
    cal = fit_colours(made.layout, made.calibration, made.calibration_photos)
    return made, BoardReader(made.layout, cal.profiles, cal.intrinsics, cal.manual)
