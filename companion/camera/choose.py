"""Choosing the camera: what the config asks for, or in "auto" the best one present.

"auto" takes, in this order, a Raspberry Pi camera on the ribbon (on a Pi with picamera2
and a camera found), a USB camera that delivers a frame, else the synthetic camera, so
that the companion always starts. The choice and its reason go to the log in one line,
in the run's language like every line the log tells a user (review nc16):

    camera: usb camera /dev/video0 (auto: not a Raspberry Pi; /dev/video0 answers)
    Kamera: USB-Kamera /dev/video0 (auto: kein Raspberry Pi; /dev/video0 antwortet)

The probes that look at the machine are injectable (:class:`Probe`), for tests.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from companion.camera.base import CameraError, FrameSource, Image
from companion.camera.picamera import PiCameraSource, pi_cameras, pi_model, picamera2_available
from companion.camera.replay import replay_source
from companion.camera.synthetic import SyntheticSource
from companion.camera.usb import UsbSource, usb_candidates
from companion.errors import CompanionError
from companion.settings.config import CameraConfig
from companion.texts import Joined, text

log = logging.getLogger(__name__)

Frames = Callable[[], Image] | Iterable[Image]


def usb_delivers(device: str, width: int = 640, height: int = 480) -> bool:
    """Whether the device opens and gives one frame (closed again at once)."""
    source = UsbSource(device, width=width, height=height)
    try:
        source.open()
        return source.read() is not None
    except CameraError:
        return False
    finally:
        source.close()


@dataclass(frozen=True)
class Probe:
    """How the automatic choice looks at the machine; tests replace the callables."""

    pi_model: Callable[[], str | None] = pi_model
    picamera2_available: Callable[[], bool] = picamera2_available
    pi_cameras: Callable[[], list[str]] = pi_cameras
    usb_candidates: Callable[[], list[str]] = usb_candidates
    usb_delivers: Callable[[str], bool] = field(default=usb_delivers)
    max_usb_tries: int = 4


@dataclass(frozen=True)
class Choice:
    source: FrameSource
    reason: str

    def log_line(self) -> str:
        return text("camera.chosen", source=self.source.description, reason=self.reason)


def choose_source(
    config: CameraConfig, frames: Frames | None = None, probe: Probe | None = None
) -> Choice:
    """The source the config asks for, and why; logs the one line of :meth:`Choice.log_line`.

    ``frames`` feeds the synthetic camera (a renderer or a sequence of images); without it
    the synthetic camera shows a test pattern. A configured camera that is absent is still
    chosen: the supervisor retries it until it appears. A replay path that does not exist
    is a CompanionError (bad input, exit 2).
    """
    choice = _choose(config, frames, probe or Probe())
    log.info("%s", choice.log_line())
    return choice


def _choose(config: CameraConfig, frames: Frames | None, probe: Probe) -> Choice:
    if config.source == "picamera":
        return Choice(_pi(config), _configured(config))
    if config.source == "usb":
        return Choice(_usb(config, config.device), _configured(config))
    if config.source == "folder":
        if config.path is None:
            raise CompanionError(text("camera.path_needed"))
        source = replay_source(config.path, fps=config.fps, loop=config.loop)
        return Choice(source, _configured(config))
    if config.source == "synthetic":
        return Choice(_synthetic(config, frames), _configured(config))
    if config.source != "auto":
        raise CompanionError(text("camera.unknown_source", source=repr(config.source)))
    return _auto(config, frames, probe)


def _configured(config: CameraConfig) -> str:
    return text("camera.configured", source=config.source)


def _auto(config: CameraConfig, frames: Frames | None, probe: Probe) -> Choice:
    why: list[str] = []
    model = probe.pi_model()
    if model is None:
        why.append(text("camera.not_pi"))
    elif not probe.picamera2_available():
        why.append(text("camera.no_picamera2", model=model))
    else:
        cameras = probe.pi_cameras()
        if cameras:
            found = text("camera.pi_found", model=model, camera=cameras[0])
            return Choice(_pi(config), _said(found))
        why.append(text("camera.no_ribbon", model=model))
    candidates = probe.usb_candidates()[: probe.max_usb_tries]
    for device in candidates:
        if probe.usb_delivers(device):
            return Choice(
                _usb(config, device), _said(*why, text("camera.usb_answers", device=device))
            )
    none = (
        text("camera.no_usb_answers", devices=candidates) if candidates else text("camera.no_usb")
    )
    return Choice(_synthetic(config, frames), _said(*why, none))


def _said(*why: str) -> str:
    """The reasons of the automatic choice, one after the other: "auto: …; …"."""
    return text("camera.auto", why=Joined(why, "; "))


def _pi(config: CameraConfig) -> PiCameraSource:
    return PiCameraSource(width=config.width, height=config.height, fps=config.fps)


def _usb(config: CameraConfig, device: int | str) -> UsbSource:
    return UsbSource(device, width=config.width, height=config.height, fps=config.fps)


def _synthetic(config: CameraConfig, frames: Frames | None) -> SyntheticSource:
    return SyntheticSource(
        frames, fps=config.fps, loop=config.loop, size=(config.width, config.height)
    )
