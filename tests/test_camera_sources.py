"""Frame sources: synthetic, replays, the automatic choice, and cameras that are absent."""

from __future__ import annotations

import logging
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.camera import (
    CameraError,
    FolderSource,
    FrameSource,
    Pacer,
    PiCameraSource,
    Probe,
    SyntheticSource,
    UsbSource,
    VideoFileSource,
    choose_source,
    colour_bars,
    replay_source,
)
from companion.camera.picamera import pi_model
from companion.camera.usb import usb_candidates
from companion.errors import CompanionError
from companion.settings.config import CameraConfig


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))
        self.now += seconds


def grey(value: int) -> np.ndarray:
    return np.full((4, 6, 3), value, dtype=np.uint8)


def test_pacer_spaces_frames_and_does_not_burst_after_a_late_read() -> None:
    clock = FakeClock()
    pacer = Pacer(4, clock, clock.sleep)
    assert pacer.wait() == 100.0
    assert pacer.wait() == 100.25 and clock.slept == [0.25]
    clock.now += 2  # the reader was busy for two seconds
    assert pacer.wait() == 102.25 and pacer.wait() == 102.5
    assert clock.slept == [0.25, 0.25]


def test_synthetic_camera_shows_a_moving_colour_bars_by_default() -> None:
    source = SyntheticSource(size=(320, 240))
    assert isinstance(source, FrameSource)
    source.open()
    first, second = source.read(), source.read()
    assert first is not None and second is not None
    assert first.image.shape == (240, 320, 3) and first.image.dtype == np.uint8
    assert (first.index, second.index) == (0, 1)
    assert not np.array_equal(first.image, second.image)
    assert np.array_equal(first.image, colour_bars(0, 320, 240))


def test_synthetic_camera_takes_a_renderer_or_a_sequence() -> None:
    calls = []
    rendered = SyntheticSource(lambda: calls.append(1) or grey(7))
    assert [rendered.read().image[0, 0, 0] for _ in range(3)] == [7, 7, 7]  # type: ignore[union-attr]
    assert len(calls) == 3
    once = SyntheticSource([grey(1), grey(2)])
    assert [f.image[0, 0, 0] for f in iter(once.read, None)] == [1, 2]
    looped = SyntheticSource([grey(1), grey(2)], loop=True)
    assert [looped.read().image[0, 0, 0] for _ in range(5)] == [1, 2, 1, 2, 1]  # type: ignore[union-attr]


def make_folder(folder: Path, names: list[str]) -> Path:
    folder.mkdir()
    for n, name in enumerate(names):
        cv2.imwrite(str(folder / name), grey(10 * (n + 1)))
    return folder


def test_a_folder_replays_in_natural_name_order_and_skips_broken_files(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "game", ["frame10.png", "frame2.png", "frame1.png"])
    (folder / "frame3.png").write_bytes(b"not a png")
    (folder / "notes.txt").write_text("ignored")
    source = replay_source(folder)
    assert isinstance(source, FolderSource)
    values = [f.image[0, 0, 0] for f in iter(source.read, None)]
    assert values == [30, 20, 10]  # frame1, frame2, (frame3 skipped), frame10


def test_a_frame_still_being_written_is_skipped_not_read_half_grey(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    folder.mkdir()
    cv2.imwrite(str(folder / "frame1.jpg"), grey(10))
    noise = np.random.default_rng(1).integers(0, 255, (480, 640, 3), np.uint8)
    whole = cv2.imencode(".jpg", noise)[1].tobytes()
    (folder / "frame2.jpg").write_bytes(whole[: len(whole) // 2])  # the camera is writing it
    values = [f.image[0, 0, 0] for f in iter(replay_source(folder).read, None)]
    assert values == [10]


def test_a_folder_can_loop_and_is_paced(tmp_path: Path) -> None:
    clock = FakeClock()
    folder = make_folder(tmp_path / "game", ["a.png", "b.png"])
    source = FolderSource(folder, fps=2, loop=True, clock=clock, sleep=clock.sleep)
    frames = [source.read() for _ in range(5)]
    assert [f.image[0, 0, 0] for f in frames if f] == [10, 20, 10, 20, 10]
    assert [f.timestamp for f in frames if f] == [100.0, 100.5, 101.0, 101.5, 102.0]


def test_a_folder_without_images_cannot_open(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(CameraError, match="empty: no image files"):
        FolderSource(tmp_path / "empty").open()
    with pytest.raises(CompanionError, match="no such folder or video file"):
        replay_source(tmp_path / "missing")


def test_a_video_file_replays_frame_by_frame(tmp_path: Path) -> None:
    path = tmp_path / "game.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 5, (32, 24))
    for value in (0, 120, 240):
        writer.write(np.full((24, 32, 3), value, dtype=np.uint8))
    writer.release()
    source = replay_source(path, loop=True)
    assert isinstance(source, VideoFileSource)
    means = [round(float(source.read().image.mean()), -1) for _ in range(4)]  # type: ignore[union-attr]
    assert means == [0, 120, 240, 0]
    with pytest.raises(CameraError, match="cannot decode"):
        VideoFileSource(Path(__file__)).open()


def test_absent_cameras_fail_with_a_camera_error_not_a_crash() -> None:
    with pytest.raises(CameraError, match="no camera at /dev/video99 – plug in its USB cable"):
        UsbSource("/dev/video99").open()
    try:
        import picamera2  # noqa: F401
    except ImportError:
        with pytest.raises(CameraError, match="python3-picamera2"):
            PiCameraSource().open()


def test_pi_model_and_usb_candidates_read_the_machine(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")
    assert pi_model(model) == "Raspberry Pi 4 Model B Rev 1.4"
    model.write_bytes(b"Some PC\0")
    assert pi_model(model) is None and pi_model(tmp_path / "absent") is None
    sysfs = tmp_path / "video4linux"
    for number, name in [(10, "bcm2835-codec-decode"), (2, "HD USB Camera"), (0, "unicam")]:
        (sysfs / f"video{number}").mkdir(parents=True)
        (sysfs / f"video{number}" / "name").write_text(name + "\n")
    assert usb_candidates(sysfs) == ["/dev/video2"]
    assert usb_candidates(tmp_path / "none") == []


def probe(
    model: str | None = None, cameras: tuple[str, ...] = (), usb: dict[str, bool] | None = None
) -> Probe:
    usb = usb or {}
    return Probe(
        pi_model=lambda: model,
        picamera2_available=lambda: True,
        pi_cameras=lambda: list(cameras),
        usb_candidates=lambda: list(usb),
        usb_delivers=lambda device: usb[device],
    )


def test_auto_prefers_the_pi_camera_then_usb_then_synthetic(
    caplog: pytest.LogCaptureFixture,
) -> None:
    auto = CameraConfig()
    caplog.set_level(logging.INFO, logger="companion.camera")
    pi = choose_source(
        auto, probe=probe("Raspberry Pi 4 Model B", ("imx708",), {"/dev/video0": True})
    )
    assert isinstance(pi.source, PiCameraSource)
    assert pi.reason == "auto: Raspberry Pi 4 Model B with camera imx708"
    usb = choose_source(auto, probe=probe(None, (), {"/dev/video0": False, "/dev/video2": True}))
    assert isinstance(usb.source, UsbSource) and usb.source.device == "/dev/video2"
    assert usb.reason == "auto: not a Raspberry Pi; /dev/video2 answers"
    none = choose_source(auto, probe=probe("Raspberry Pi 5", (), {"/dev/video0": False}))
    assert isinstance(none.source, SyntheticSource)
    assert none.reason == (
        "auto: Raspberry Pi 5 without a ribbon camera; no USB camera answers (/dev/video0)"
    )
    logged = [r.getMessage() for r in caplog.records]
    assert logged[-1] == (
        "camera: synthetic camera (test pattern) (auto: Raspberry Pi 5 without a ribbon "
        "camera; no USB camera answers (/dev/video0))"
    )
    assert len(logged) == 3


def test_the_choice_is_logged_in_the_language_of_the_run(caplog: pytest.LogCaptureFixture) -> None:
    # review nc16: under --lang de the one line that says which camera and why was English
    from companion import texts

    texts.set_language("de")  # conftest sets English back after the test
    caplog.set_level(logging.INFO, logger="companion.camera")
    choose_source(CameraConfig(), probe=probe("Raspberry Pi 5", (), {"/dev/video0": False}))
    choose_source(CameraConfig(), probe=probe(None, (), {"/dev/video0": True}))
    choose_source(CameraConfig(source="usb", device="/dev/video4"), probe=probe(None, (), {}))
    assert [r.getMessage() for r in caplog.records] == [
        "Kamera: künstliche Kamera (Testbild) (auto: Raspberry Pi 5 ohne Flachbandkamera; "
        "keine USB-Kamera antwortet (/dev/video0))",
        "Kamera: USB-Kamera /dev/video0 (auto: kein Raspberry Pi; /dev/video0 antwortet)",
        'Kamera: USB-Kamera /dev/video4 (eingestellt: source = "usb")',
    ]


def test_a_configured_source_is_taken_as_it_is(tmp_path: Path) -> None:
    never = Probe(pi_model=lambda: pytest.fail("no probing for a configured source"))
    usb = choose_source(CameraConfig(source="usb", device="/dev/video4"), probe=never)
    assert usb.source.description == "usb camera /dev/video4"
    assert usb.reason == 'configured: source = "usb"'
    assert isinstance(
        choose_source(CameraConfig(source="picamera"), probe=never).source, PiCameraSource
    )
    folder = make_folder(tmp_path / "g", ["a.png"])
    replay = choose_source(CameraConfig(source="folder", path=folder), probe=never)
    assert replay.source.description == f"replay of the images in {folder}"
    synthetic = choose_source(CameraConfig(source="synthetic"), frames=[grey(3)], probe=never)
    assert synthetic.source.description == "synthetic camera (frames from the caller)"
