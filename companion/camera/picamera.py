"""The Raspberry Pi camera (CSI ribbon) through picamera2, imported only when used.

picamera2 exists only on Raspberry Pi OS, where it comes from apt (``python3-picamera2``);
the venv must see it (``python3 -m venv --system-site-packages``, see docs/install-pi.md).
Nothing here imports it at module load, so the package imports on any machine.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from typing import Any

from companion.camera.base import CameraError, Frame, Pacer
from companion.settings.machine import pi_model
from companion.texts import text

log = logging.getLogger(__name__)

__all__ = ["PiCameraSource", "pi_cameras", "pi_model", "picamera2_available"]


def picamera2_available() -> bool:
    return importlib.util.find_spec("picamera2") is not None


def pi_cameras() -> list[str]:
    """The models of the connected Pi cameras (``["imx708"]``); empty without picamera2."""
    if not picamera2_available():
        return []
    try:
        module: Any = importlib.import_module("picamera2")
        return [str(info.get("Model", "camera")) for info in module.Picamera2.global_camera_info()]
    except Exception as exc:  # libcamera errors are not typed; treat as "no camera"
        log.debug("picamera2 could not list cameras: %s", exc)
        return []


class PiCameraSource:
    """A Pi camera: the main stream as BGR frames ("RGB888" in libcamera's naming)."""

    def __init__(
        self, number: int = 0, *, width: int = 1280, height: int = 960, fps: float = 0.0
    ) -> None:
        self.number = number
        self.width, self.height, self.fps = width, height, fps
        self._camera: Any = None
        self._pacer = Pacer(0)  # the sensor paces itself; the pacer stamps the frames
        self._index = 0

    @property
    def description(self) -> str:
        return text("camera.pi", number=self.number)

    def open(self) -> None:
        if self._camera is not None:
            return
        try:
            module: Any = importlib.import_module("picamera2")
        except ImportError:
            raise CameraError(text("camera.pi_missing")) from None
        try:
            camera = module.Picamera2(self.number)
            controls = {"FrameRate": self.fps} if self.fps else {}
            config = camera.create_video_configuration(
                main={"size": (self.width, self.height), "format": "RGB888"}, controls=controls
            )
            camera.configure(config)
            camera.start()
        except Exception as exc:  # libcamera raises RuntimeError, IndexError, OSError...
            why = text("camera.pi_no_start", number=self.number, reason=str(exc))
            raise CameraError(why) from exc
        self._camera = camera

    def read(self) -> Frame | None:
        if self._camera is None:
            self.open()
        # picamera2 may hand over a frame completed just before the call: stamp it two
        # frame times earlier (Frame.timestamp is the earliest moment it can show).
        taken = self._pacer.wait() - 2.0 / (self.fps or 10.0)
        try:
            image = self._camera.capture_array("main")
        except Exception as exc:
            why = text("camera.pi_no_frame", number=self.number, reason=str(exc))
            raise CameraError(why) from exc
        if image.ndim == 3 and image.shape[2] == 4:  # XRGB8888 on some sensors
            image = image[:, :, :3].copy()
        frame = Frame(image, taken, self._index, self.description)
        self._index += 1
        return frame

    def close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            try:
                camera.stop()
                camera.close()
            except Exception as exc:  # closing a vanished camera may fail; nothing to do
                log.debug("%s: close failed: %s", self.description, exc)
