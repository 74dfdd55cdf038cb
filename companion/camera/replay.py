"""Replays: a folder of image files or a video file, played back as if it were the camera.

A folder is read in natural name order (``frame2.png`` before ``frame10.png``); a video
file frame by frame. Both can loop and are paced to ``fps`` (0: as fast as read), so a
recorded game replays at the speed it was played. An unreadable image is skipped with a
warning; a folder without any readable image is a :class:`CameraError`.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2

from companion.camera.base import CameraError, Frame, Pacer
from companion.errors import CompanionError
from companion.imagecheck import read_image
from companion.texts import text

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"})


_DIGITS = re.compile(r"([0-9]{1,18})")  # ASCII digits only: int() of '²' fails


def natural_key(path: Path) -> list[Any]:
    """``frame10.png`` sorts after ``frame2.png``, as a person would order them."""
    return [int(p) if p.isascii() and p.isdigit() else p.lower() for p in _DIGITS.split(path.name)]


def image_files(folder: Path) -> list[Path]:
    return sorted(
        (p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()),
        key=natural_key,
    )


class FolderSource:
    """The image files of a folder, one per frame."""

    def __init__(
        self,
        folder: str | Path,
        *,
        fps: float = 0.0,
        loop: bool = False,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Any] = time.sleep,
    ) -> None:
        self.folder = Path(folder)
        self.loop = loop
        self._pacer = Pacer(fps, clock, sleep)
        self._files: list[Path] | None = None
        self._next = 0  # position in the files, kept across close/open
        self._index = 0

    @property
    def description(self) -> str:
        return text("camera.replay_images", folder=str(self.folder))

    def open(self) -> None:
        if self._files is not None:
            return
        if not self.folder.is_dir():
            raise CameraError(f"{self.folder}: no such folder")
        files = image_files(self.folder)
        if not files:
            raise CameraError(f"{self.folder}: no image files ({', '.join(IMAGE_SUFFIXES)})")
        self._files = files

    def read(self) -> Frame | None:
        self.open()
        assert self._files is not None
        for _ in range(len(self._files) + 1):
            if self._next >= len(self._files):
                if not self.loop:
                    return None
                self._next = 0
            path = self._files[self._next]
            self._next += 1
            try:
                image = read_image(path)
            except CompanionError as exc:  # a frame half written, or not a picture
                log.warning("%s; skipped", exc)
                continue
            frame = Frame(image, self._pacer.wait(), self._index, self.description)
            self._index += 1
            return frame
        raise CameraError(f"{self.folder}: none of the image files can be read")

    def close(self) -> None:
        self._files = None


class VideoFileSource:
    """The frames of a video file (anything OpenCV's FFmpeg build can decode)."""

    def __init__(
        self,
        path: str | Path,
        *,
        fps: float = 0.0,
        loop: bool = False,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Any] = time.sleep,
    ) -> None:
        self.path = Path(path)
        self.loop = loop
        self._pacer = Pacer(fps, clock, sleep)
        self._capture: Any = None
        self._index = 0

    @property
    def description(self) -> str:
        return text("camera.replay_video", path=str(self.path))

    def open(self) -> None:
        if self._capture is not None:
            return
        if not self.path.is_file():
            raise CameraError(f"{self.path}: no such video file")
        capture = cv2.VideoCapture(str(self.path))
        if not capture.isOpened():
            capture.release()
            raise CameraError(f"{self.path}: cannot decode this video")
        self._capture = capture

    def read(self) -> Frame | None:
        self.open()
        ok, image = self._capture.read()
        if not ok and self.loop and self._index > 0:
            self._capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, image = self._capture.read()
        if not ok:
            return None
        frame = Frame(image, self._pacer.wait(), self._index, self.description)
        self._index += 1
        return frame

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None


def replay_source(
    path: str | Path, *, fps: float = 0.0, loop: bool = False
) -> FolderSource | VideoFileSource:
    """A folder source for a folder, a video source for a file (CompanionError if neither)."""
    path = Path(path)
    if path.is_dir():
        return FolderSource(path, fps=fps, loop=loop)
    if path.is_file():
        return VideoFileSource(path, fps=fps, loop=loop)
    raise CompanionError(f"camera path {path}: no such folder or video file")
