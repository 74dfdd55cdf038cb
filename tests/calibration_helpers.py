"""Photos of known placements from the synthetic camera, for the colour calibration tests."""

from __future__ import annotations

from functools import cache

import numpy as np

from companion.model.layoutfile import load_layout
from companion.model.position import start_position
from companion.synth import default_camera, photograph
from companion.synth.board import random_pose


@cache
def photos() -> dict[str, np.ndarray]:
    """The empty board, the start, and the start with red.S1 moved to U1.13 (one pose)."""
    layout = load_layout("gravitation")
    rng = np.random.default_rng(6)
    camera = default_camera()
    rvec, tvec = random_pose(layout.width, layout.height, camera, rng)
    start = start_position(layout=layout)

    def shot(what):  # type: ignore[no-untyped-def]
        return photograph(what, rng, camera=camera, rvec=rvec, tvec=tvec, scene_seed=1).image

    return {
        "empty": shot(layout),
        "start": shot(start),
        "moved": shot(start.moved({"red.S1": "U1.13"})),
    }
