"""The memory budget of `companion serve` (docs/install-pi.md): what its big steps may take.

The whole budget is measured by ``bench/serve.py``; these tests pin the steps that set the
peak, with tracemalloc (numpy reports every array to it), so a change that brings back a
full-frame float64 copy fails here and not only on a 1 GB Pi.
"""

from __future__ import annotations

import tracemalloc

import numpy as np
from conftest import position

from companion.synth import default_camera, photograph


def traced_peak_mb(action) -> float:  # type: ignore[no-untyped-def]
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def test_a_synthetic_1280x960_photo_takes_less_than_64_mb_while_it_is_made():
    # the 1280x960 colour frame is 3.5 MB; as float32 14 MB. The peak was 127 MB when
    # light and noise were computed over the whole frame in float64 at once.
    rng = np.random.default_rng(1)
    peak = traced_peak_mb(
        lambda: photograph(position(), rng, camera=default_camera(), scene_seed=0)
    )
    assert peak < 64
