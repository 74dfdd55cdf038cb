"""The Pi camera and USB camera sources against stand-ins for picamera2 and VideoCapture."""

from __future__ import annotations

import importlib.machinery
import sys
import types
from typing import Any, ClassVar

import numpy as np
import pytest

from companion.camera import CameraError, PiCameraSource, Supervisor, UsbSource, usb
from companion.camera.picamera import pi_cameras


class FakePicamera2:
    """Records what the source asks of picamera2; gives XRGB frames like some sensors."""

    calls: ClassVar[list[str]] = []

    def __init__(self, number: int) -> None:
        self.calls.append(f"open {number}")

    @staticmethod
    def global_camera_info() -> list[dict[str, Any]]:
        return [{"Model": "imx708", "Num": 0}]

    def create_video_configuration(self, main: dict[str, Any], controls: dict[str, Any]) -> str:
        self.calls.append(f"configure {main['size']} {main['format']} {controls}")
        return "config"

    def configure(self, config: str) -> None:
        pass

    def start(self) -> None:
        self.calls.append("start")

    def capture_array(self, stream: str) -> np.ndarray:
        return np.full((6, 8, 4), (1, 2, 3, 255), dtype=np.uint8)

    def stop(self) -> None:
        self.calls.append("stop")

    def close(self) -> None:
        self.calls.append("close")


@pytest.fixture()
def picamera2(monkeypatch: pytest.MonkeyPatch) -> type[FakePicamera2]:
    module = types.ModuleType("picamera2")
    module.__spec__ = importlib.machinery.ModuleSpec("picamera2", None)
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    FakePicamera2.calls = []
    return FakePicamera2


def test_the_pi_camera_is_configured_for_bgr_frames(picamera2: type[FakePicamera2]) -> None:
    assert pi_cameras() == ["imx708"]
    source = PiCameraSource(width=640, height=480, fps=5)
    frame = source.read()
    assert frame is not None and frame.image.shape == (6, 8, 3)
    assert frame.image[0, 0].tolist() == [1, 2, 3]  # XRGB8888 loses its padding byte
    source.close()
    source.close()
    assert picamera2.calls == [
        "open 0",
        "configure (640, 480) RGB888 {'FrameRate': 5}",
        "start",
        "stop",
        "close",
    ]


class FakeCapture:
    """A VideoCapture whose camera gives ``frames`` frames and then is unplugged."""

    plugged = True

    def __init__(self, device: Any, backend: int, frames: int = 2) -> None:
        self.frames = frames
        self.open = FakeCapture.plugged

    def isOpened(self) -> bool:  # OpenCV spells it so
        return self.open

    def set(self, prop: int, value: float) -> bool:
        return True

    def get(self, prop: int) -> float:
        return 0.0

    def read(self) -> tuple[bool, np.ndarray | None]:
        if self.frames == 0:
            return False, None
        self.frames -= 1
        return True, np.zeros((4, 4, 3), np.uint8)

    def release(self) -> None:
        self.open = False


def test_an_unplugged_usb_camera_is_retried_until_it_is_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(usb.cv2, "VideoCapture", FakeCapture)
    monkeypatch.setattr(FakeCapture, "plugged", True)
    now = [0.0]
    camera = Supervisor(UsbSource(0), clock=lambda: now[0], sleep=lambda s: None)
    assert camera.read() is not None and camera.read() is not None
    FakeCapture.plugged = False
    assert camera.read() is None  # the third read finds the cable pulled
    unplugged = "the camera at /dev/video0 gives no picture – check its USB cable"
    assert camera.status.last_error == unplugged
    now[0] = 1.0
    assert camera.read() is None and camera.status.failures == 2
    assert camera.status.last_error == "no camera at /dev/video0 – plug in its USB cable"
    FakeCapture.plugged = True
    now[0] = 3.0
    assert camera.read() is not None and camera.status.state == "ok"


def test_a_usb_camera_that_gives_nothing_is_a_camera_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(usb.cv2, "VideoCapture", lambda d, b: FakeCapture(d, b, frames=0))
    monkeypatch.setattr(FakeCapture, "plugged", True)
    with pytest.raises(CameraError, match="gives no picture"):
        UsbSource("/dev/video3").read()
