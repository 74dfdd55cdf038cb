"""Frame sources: the Pi camera, USB cameras, replays and the synthetic camera.

Typical use, as ``companion serve`` will do it::

    choice = choose_source(config.camera, frames=renderer)   # logs what and why
    camera = Supervisor(choice.source, on_status=panel.camera_status)
    for frame in camera.frames():
        ...

Nothing here imports picamera2 unless the Pi camera is used.

Imported by the table, the page and the command line (docs/architecture.md).
"""

from companion.camera.base import CameraError, Frame, FrameSource, Image, Pacer, colour_bars
from companion.camera.choose import Choice, Probe, choose_source
from companion.camera.picamera import PiCameraSource
from companion.camera.replay import FolderSource, VideoFileSource, replay_source
from companion.camera.supervisor import CameraStatus, Supervisor
from companion.camera.synthetic import SyntheticSource
from companion.camera.usb import UsbSource

__all__ = [
    "CameraError",
    "CameraStatus",
    "Choice",
    "FolderSource",
    "Frame",
    "FrameSource",
    "Image",
    "Pacer",
    "PiCameraSource",
    "Probe",
    "Supervisor",
    "SyntheticSource",
    "UsbSource",
    "VideoFileSource",
    "choose_source",
    "colour_bars",
    "replay_source",
]
