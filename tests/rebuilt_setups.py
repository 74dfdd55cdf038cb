"""A set-up of bench/boardlooks.py rebuilt from its generator state, calibrated as a club
would (the empty board and the start, :func:`~companion.vision.colourfit.fit_colours`),
with its reader: the tests that take one bench frame apart start here (:func:`read_rebuilt`
reads one of its photos) and end by asking for the read's :func:`sure_mistakes`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

from companion.synth.looks import LOOKS
from companion.vision import BoardRead, BoardReader
from companion.vision.board.confidence import SURE
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


def read_rebuilt(
    state: dict[str, Any], look: str, board: str, photo: int
) -> tuple[Any, dict[str, str], BoardRead]:
    """Photo number ``photo`` of the set-up :func:`rebuilt` from ``state``: the set-up, the
    placement the photo shows, and what the set-up's reader reads in it."""
    made, reader = rebuilt(state, look, photo + 1, board)
    placement, image, _, _ = made.photos[photo]
    return made, placement, reader.read(image)


def sure_mistakes(made: Any, placement: dict[str, str], read: BoardRead) -> dict[str, float]:
    """The fields of ``made``'s board that ``read`` got wrong against ``placement`` and yet
    read surely (SURE or more), each with its confidence: the worst outcome, so a test of a
    bench frame asserts there are none."""
    return {
        f: read.confidence[f]
        for f in made.layout.fields
        if read.fields.get(f) != placement.get(f) and read.confidence[f] >= SURE
    }
