"""USB cameras (and any other V4L2 device) through OpenCV's ``VideoCapture``.

A camera is named by its index (0 → ``/dev/video0``) or a device path. A capture that
stops delivering (the cable pulled) raises :class:`CameraError`; the supervisor reopens it.
"""

from __future__ import annotations

import logging
import re
import sys
from pathlib import Path
from typing import Any

import cv2

from companion.camera.base import CameraError, Frame, Pacer
from companion.texts import text

log = logging.getLogger(__name__)

#: V4L2 devices of the Pi's own chips that are not cameras (codecs, ISP, CSI front end).
NOT_CAMERAS = re.compile(r"bcm2835-codec|bcm2835-isp|rpivid|pispbe|rp1-cfe|unicam|hevc", re.I)


class UsbSource:
    """A camera opened with ``cv2.VideoCapture`` (V4L2 on Linux)."""

    def __init__(
        self, device: int | str = 0, *, width: int = 1280, height: int = 960, fps: float = 0.0
    ) -> None:
        self.device = device
        self.width, self.height, self.fps = width, height, fps
        self._capture: Any = None
        self._pacer = Pacer(0)  # the camera paces itself; the pacer stamps the frames
        self._index = 0
        self._queued = 0.0  # when the driver last had a free buffer to fill

    @property
    def description(self) -> str:
        return text("camera.usb", device=self.path)

    @property
    def path(self) -> str:
        """The device's path (/dev/video7), as the players' sentences name it."""
        return f"/dev/video{self.device}" if isinstance(self.device, int) else str(self.device)

    def open(self) -> None:
        if self._capture is not None:
            return
        backend = cv2.CAP_V4L2 if sys.platform.startswith("linux") else cv2.CAP_ANY
        capture = cv2.VideoCapture(self.device, backend)
        if not capture.isOpened():
            capture.release()
            raise CameraError(text("camera.usb_missing", device=self.path))
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.width)
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.height)
        if self.fps:
            capture.set(cv2.CAP_PROP_FPS, self.fps)
        # One driver buffer: a frame read is at most one read old, not four (V4L2's default
        # queue would hand the referee boards from up to four reads ago).
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)
        self._capture = capture
        self._queued = self._pacer.wait()
        log.debug(
            "%s: opened at %dx%d",
            self.description,
            capture.get(cv2.CAP_PROP_FRAME_WIDTH),
            capture.get(cv2.CAP_PROP_FRAME_HEIGHT),
        )

    def read(self) -> Frame | None:
        if self._capture is None:
            self.open()
        ok, image = self._capture.read()
        if not ok or image is None:
            raise CameraError(text("camera.usb_no_frame", device=self.path))
        # The picture was exposed after its buffer was handed back to the driver, i.e. after
        # the previous read returned: the earliest moment it can show (Frame.timestamp).
        taken, self._queued = self._queued, self._pacer.wait()
        frame = Frame(image, taken, self._index, self.description)
        self._index += 1
        return frame

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None


def usb_candidates(sysfs: Path = Path("/sys/class/video4linux")) -> list[str]:
    """Device paths of V4L2 capture devices that may be cameras, in number order.

    Reads the device names in sysfs and leaves out the Pi's codec and ISP nodes, so that
    the automatic choice does not mistake them for a USB camera. Empty off Linux.
    """
    if not sysfs.is_dir():
        return []
    found = []
    for entry in sorted(sysfs.iterdir(), key=lambda p: _number(p.name)):
        if not entry.name.startswith("video"):
            continue
        try:
            name = (entry / "name").read_text(encoding="utf-8").strip()
        except OSError:
            name = ""
        if not NOT_CAMERAS.search(name):
            found.append(f"/dev/{entry.name}")
    return found


def _number(name: str) -> int:
    digits = "".join(c for c in name if c in "0123456789")[:9]
    return int(digits) if digits else 0
