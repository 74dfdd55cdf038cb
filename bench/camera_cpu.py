"""CPU per frame of the camera sources, and the resident memory of camera plus panel.

    python bench/camera_cpu.py [--frames 60] [--repeats 5] [--size 1280x960]

Each source delivers ``--frames`` frames without pacing (fps 0), ``--repeats`` times; the
figure is the median of the repeats of CPU time (``time.process_time``, this process,
all threads) per frame, so waiting for a disk does not count and other load on the
machine counts little. The replay corpus is made here: the colour-bar test pattern plus
Gaussian noise (sigma 4, like a camera sensor, so PNG and JPEG do not compress it to
nothing), written as PNG files, JPEG files (quality 90) and an MJPG video. The supervisor
row is the synthetic-list source wrapped in the Supervisor, to show what the wrapper adds.
Memory: VmRSS of this process before importing the companion, after importing camera and
panel and building a mock-pin Panel, and the peak (ru_maxrss) at the end.

This is not `companion serve` (the referee and the page come later): it bounds the part
of the budget that the camera and the panel take. A Raspberry Pi 4 core is several times
slower than a desktop core; run it there for the Pi's own figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


BASELINE_MB = rss_mb()

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.camera import (  # noqa: E402
    FolderSource,
    Frame,
    Supervisor,
    SyntheticSource,
    VideoFileSource,
    colour_bars,
)
from companion.panel import Panel, mock_factory  # noqa: E402
from companion.settings.config import PanelConfig  # noqa: E402


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "Model")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def make_corpus(folder: Path, frames: int, width: int, height: int) -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    images = []
    for n in range(frames):
        noise = rng.normal(0, 4, (height, width, 3))
        image = np.clip(colour_bars(n, width, height) + noise, 0, 255).astype(np.uint8)
        images.append(image)
    (folder / "png").mkdir()
    (folder / "jpg").mkdir()
    video = cv2.VideoWriter(
        str(folder / "game.avi"), cv2.VideoWriter_fourcc(*"MJPG"), 10, (width, height)
    )
    for n, image in enumerate(images):
        cv2.imwrite(str(folder / "png" / f"frame{n}.png"), image)
        cv2.imwrite(str(folder / "jpg" / f"frame{n}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 90])
        video.write(image)
    video.release()
    return images


def cpu_per_frame(read: Callable[[], Frame | None], frames: int) -> float:
    start = time.process_time()
    for _ in range(frames):
        if read() is None:
            raise RuntimeError("the source ended early")
    return (time.process_time() - start) / frames


def memory_of_camera_and_panel(width: int, height: int, frames: int) -> tuple[float, float]:
    """VmRSS after building a mock-pin Panel, and after a supervised synthetic run."""
    factory = mock_factory()
    panel = Panel(PanelConfig(), pin_factory=factory)
    panel.show_turn("red")
    built = rss_mb()
    camera = Supervisor(SyntheticSource(size=(width, height)), on_status=panel.camera_status)
    for _ in range(frames):
        camera.read()
    running = rss_mb()
    camera.close()
    panel.close()
    factory.reset()
    return built, running


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--size", default="1280x960")
    parser.add_argument("--fps", type=float, default=10, help="for the share of one core")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    built_mb, running_mb = memory_of_camera_and_panel(width, height, 100)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        images = make_corpus(folder, args.frames, width, height)
        sources: dict[str, Callable[[], Callable[[], Frame | None]]] = {
            "synthetic, test pattern": lambda: SyntheticSource(size=(width, height)).read,
            "synthetic, caller's frames": lambda: SyntheticSource(images).read,
            "supervised caller's frames": lambda: Supervisor(SyntheticSource(images)).read,
            "replay, PNG folder": lambda: FolderSource(folder / "png").read,
            "replay, JPEG folder": lambda: FolderSource(folder / "jpg").read,
            "replay, MJPG video": lambda: VideoFileSource(folder / "game.avi").read,
        }
        results = {}
        for name, make in sources.items():
            runs = [cpu_per_frame(make(), args.frames) for _ in range(args.repeats)]
            results[name] = statistics.median(runs)

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("camera sources: CPU time per frame (median of repeats)")
    print(f"  machine: {platform.machine()}, {cpu_model()}, {os.cpu_count()} cores")
    print(f"  python {sys.version.split()[0]}, OpenCV {cv2.__version__}, numpy {np.__version__}")
    print(f"  frames {width}x{height}, {args.frames} per run, {args.repeats} runs per source")
    for name, seconds in results.items():
        share = seconds * args.fps * 100
        print(
            f"  {name:28} {seconds * 1000:8.3f} ms/frame  {share:6.2f} % of a core at "
            f"{args.fps:g} fps"
        )
    overhead = results["supervised caller's frames"] - results["synthetic, caller's frames"]
    print(f"  supervisor overhead: {overhead * 1e6:.1f} µs/frame")
    print("resident memory (VmRSS)")
    print(f"  python before importing the companion:       {BASELINE_MB:6.1f} MB")
    print(f"  camera + panel imported, mock-pin Panel:     {built_mb:6.1f} MB")
    print(f"  after 100 supervised synthetic frames:       {running_mb:6.1f} MB")
    print(f"  peak, with the {args.frames}-frame corpus in memory: {peak_mb:6.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
