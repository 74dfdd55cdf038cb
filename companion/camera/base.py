"""What every camera source is: the :class:`FrameSource` protocol and the :class:`Frame`.

A source is opened, read frame by frame, and closed. ``read()`` returns the next frame,
``None`` when a finite source (a replay without loop) has ended, and raises
:class:`CameraError` when the camera fails (unplugged, driver error); the
:class:`~companion.camera.supervisor.Supervisor` turns such failures into retries.
Frames are OpenCV images: ``numpy`` arrays, height × width × 3, BGR, ``uint8``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]


class CameraError(RuntimeError):
    """A camera that cannot be opened or stopped delivering frames (worth a retry)."""


@dataclass(frozen=True)
class Frame:
    """One picture and when it was taken (``time.monotonic()`` seconds).

    ``timestamp`` is never later than the moment the picture shows: a source that cannot
    know the exposure time stamps the earliest moment the picture may be from. The referee
    drops a frame stamped before the position it would be judged against, so a stamp that
    is too early only costs a frame, while one that is too late could judge a stale board.
    """

    image: Image
    timestamp: float
    index: int  # 0, 1, 2, ... since the source was created
    source: str  # the describe() of the source, e.g. "usb camera /dev/video0"


@runtime_checkable
class FrameSource(Protocol):
    """A camera or a stand-in for one. Not thread-safe: one reader at a time."""

    @property
    def description(self) -> str:
        """What this source is, for the log line and the page: "replay of game1/"."""
        ...

    def open(self) -> None:
        """Start the camera (CameraError if it cannot); opening twice is harmless."""
        ...

    def read(self) -> Frame | None:
        """The next frame; None at the end of a finite source; CameraError on failure."""
        ...

    def close(self) -> None:
        """Release the camera; closing twice or after a failure is harmless."""
        ...


class Pacer:
    """Spaces reads to a frame rate, so that a replay runs at the speed of the table.

    ``fps`` 0 means no pacing: frames come as fast as they are read. The clock and the
    sleep are injectable for tests.
    """

    def __init__(
        self,
        fps: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Any] = time.sleep,
    ) -> None:
        self.interval = 1.0 / fps if fps > 0 else 0.0
        self.clock, self.sleep = clock, sleep
        self._due: float | None = None

    def wait(self) -> float:
        """Sleep until the next frame is due; returns the frame's timestamp."""
        now = self.clock()
        if self.interval and self._due is not None and now < self._due:
            self.sleep(self._due - now)
            now = self._due
        # a late reader does not get a burst of frames to catch up
        self._due = max(now, self._due or now) + self.interval
        return now


def colour_bars(index: int, width: int = 640, height: int = 480) -> Image:
    """Colour bars with a sweeping white bar and the frame number: obviously not a board.

    It moves, so that a page showing it proves that frames flow, and it is cheap to make.
    """
    bars = np.array(
        [
            [255, 255, 255],
            [0, 255, 255],
            [255, 255, 0],
            [0, 255, 0],
            [255, 0, 255],
            [0, 0, 255],
            [255, 0, 0],
            [0, 0, 0],
        ],
        dtype=np.uint8,
    )  # BGR: white, yellow, cyan, green, magenta, red, blue, black
    columns = (np.arange(width) * len(bars) // width).astype(np.intp)
    image = np.ascontiguousarray(np.broadcast_to(bars[columns], (height, width, 3)))
    x = (index * 8) % width
    image[:, x : x + 6] = 128  # a grey bar that sweeps across, one step per frame
    scale = height / 240
    cv2.rectangle(image, (0, 0), (int(200 * scale), int(48 * scale)), (0, 0, 0), -1)
    origin = (int(8 * scale), int(38 * scale))
    cv2.putText(image, str(index), origin, cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), 2)
    return image
