"""Photos of known placements from the synthetic camera, for the colour calibration tests,
and a calibration as an older version wrote it."""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from companion.model.layoutfile import load_layout
from companion.model.position import start_position
from companion.synth import default_camera, photograph
from companion.synth.board import random_pose
from companion.vision.board.between import from_text, to_text
from companion.vision.calibration import Calibration, calibration_from_json


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


@cache
def missing_white() -> np.ndarray:
    """The start of :func:`photos` in the same pose, without the white piece of white.S5."""
    from dataclasses import replace

    layout = load_layout("gravitation")
    rng = np.random.default_rng(6)
    camera = default_camera()
    rvec, tvec = random_pose(layout.width, layout.height, camera, rng)
    start = start_position(layout=layout)
    short = replace(start, placement=tuple(p for p in start.placement if p[0] != "white.S5"))
    return photograph(short, rng, camera=camera, rvec=rvec, tvec=tvec, scene_seed=1).image


def made_before(calibration: Calibration, change: Any) -> Calibration:
    """``calibration`` as an older version wrote it: its file's profiles changed by ``change``."""
    data = calibration.to_json()
    change(data["colours"])
    return calibration_from_json(data)


def old_points(profiles: dict[str, Any]) -> None:
    """The board between the fields held at fewer points, as before they changed."""
    profiles["between"] = to_text(from_text(profiles["between"])[:-69])
