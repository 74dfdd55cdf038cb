"""The synthetic camera: frames from a function or a sequence the caller provides.

The renderers of ``companion.synth`` (boards, pieces and dice as a camera would see them)
plug in here as a ``Callable[[], Image]`` or an iterable of images; without one the camera
shows :func:`~companion.camera.base.colour_bars`. It never fails by itself, which makes
it the fallback of the automatic choice on a machine without any camera.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from companion.camera.base import Frame, Image, Pacer, colour_bars
from companion.texts import text


class SyntheticSource:
    """Frames from ``frames`` (a callable or an iterable of images), paced to ``fps``.

    An iterable ends the source when it is exhausted (``read()`` returns None), unless
    ``loop`` is set and it can be iterated again (a list, not a generator).
    """

    def __init__(
        self,
        frames: Callable[[], Image] | Iterable[Image] | None = None,
        *,
        fps: float = 0.0,
        loop: bool = False,
        size: tuple[int, int] = (640, 480),
        description: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Any] = time.sleep,
    ) -> None:
        self._frames = frames
        self._loop = loop
        self._size = size
        self._pacer = Pacer(fps, clock, sleep)
        self._iterator: Iterator[Image] | None = None
        self._index = 0
        if description is None:
            pattern = frames is None
            description = text("camera.synthetic_pattern" if pattern else "camera.synthetic_frames")
        self._description = description

    @property
    def description(self) -> str:
        return self._description

    def open(self) -> None:
        if self._iterator is None and self._frames is not None and not callable(self._frames):
            self._iterator = iter(self._frames)

    def read(self) -> Frame | None:
        # The time is taken before the picture is made: a frame function that photographs
        # the table's position shows the position as it stood at or after that time, never
        # before it (docs/referee.md, "Frames and time").
        taken = self._pacer.wait()
        image = self._next_image()
        if image is None:
            return None
        frame = Frame(image, taken, self._index, self._description)
        self._index += 1
        return frame

    def _next_image(self) -> Image | None:
        if self._frames is None:
            return colour_bars(self._index, *self._size)
        if callable(self._frames):
            return self._frames()
        if self._iterator is None:
            self.open()
        assert self._iterator is not None
        image = next(self._iterator, None)
        if image is None and self._loop:
            self._iterator = iter(self._frames)
            image = next(self._iterator, None)
        return image

    def close(self) -> None:
        pass  # nothing to release; the position in an iterable is kept
