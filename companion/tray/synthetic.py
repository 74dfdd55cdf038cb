"""The synthetic tray: what the synthetic camera shows in tray mode off the Pi.

It shows an empty tray until the page's button throws dice (:meth:`TrayCamera.throw`:
two to four d6 by default, or Miwin's three, at random, rendered by
:func:`companion.synth.dice.render_scene` as a camera would see them), then that throw
until the next one. The frames go through the same live loop, settle wait and dice
reader as a real camera's.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import numpy.typing as npt

from companion.synth.dice import MIWIN_FACES, render_scene, scene_options
from companion.synth.tables import background

__all__ = ["TrayCamera"]

Image = npt.NDArray[Any]


class TrayCamera:
    """A frame source (a callable) showing a synthetic dice tray."""

    def __init__(self, seed: int = 0, size: tuple[int, int] = (640, 480)) -> None:
        self._rng = np.random.default_rng(seed)
        self.size = size
        empty = background("felt", size[1], size[0], self._rng)
        self._image: Image = np.clip(empty, 0, 255).astype(np.uint8)
        self._lock = threading.Lock()
        #: the values of the last throw, in no order
        self.thrown: tuple[int, ...] = ()

    def throw(self, kind: str = "d6", count: int | None = None) -> tuple[int, ...]:
        """Throw dice into the tray (d6: ``count`` of them, two to four at random when
        None; miwin: III, IV and V); shown from the next frame on."""
        with self._lock:
            if kind == "miwin":
                values = tuple(int(self._rng.choice(f)) for f in MIWIN_FACES.values())
            else:
                n = count if count is not None else int(self._rng.integers(2, 5))
                values = tuple(int(v) for v in self._rng.integers(1, 7, size=n))
            options = scene_options(
                kind=kind,
                values=values,
                dice=(len(values), len(values)),
                touching=0.0,
                max_tilt=10.0,
                backgrounds=("felt",),  # the empty tray's cloth
                width=self.size[0],
                height=self.size[1],
            )
            self._image = render_scene(self._rng, options).image
            self.thrown = values
            return values

    def __call__(self) -> Image:
        with self._lock:
            return self._image
