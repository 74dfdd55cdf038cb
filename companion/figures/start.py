"""The start figures of ``companion bench``: the CPU time of ``companion --help`` and
``companion check`` (the whole process, interpreter included) and of ``companion serve``
until its page answers."""

from __future__ import annotations

import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from companion.figures.measure import pi


def child_cpu(argv: list[str]) -> float:
    """CPU seconds (user + system) of running ``argv`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def serve_start(timeout: float = 60.0) -> tuple[float, float]:
    """Seconds from starting ``companion serve`` (synthetic camera, mock pins, a fresh
    journal) until its page answers: the wall clock and the server's CPU time by then."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "config.toml"
        config.write_text(f'data_dir = "{tmp}"\n[camera]\nsource = "synthetic"\n')
        env = dict(os.environ, GPIOZERO_PIN_FACTORY="mock")
        argv = [sys.executable, "-m", "companion", "serve", "--config", str(config)]
        argv += ["--host", "127.0.0.1", "--port", str(port)]  # the PIN: made in tmp
        t0 = time.perf_counter()
        server = subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
        )
        try:
            while time.perf_counter() - t0 < timeout:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                        break
                except OSError:
                    if server.poll() is not None:
                        raise RuntimeError(
                            "companion serve stopped before its page answered"
                        ) from None
                    time.sleep(0.01)
            wall = time.perf_counter() - t0
            stat = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
            cpu = (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")
        finally:
            server.terminate()
            server.wait(timeout=10)
    return wall, cpu


def start(repeats: int = 3, out: Callable[[str], None] = print) -> None:
    """How long the command line and the page take to start (medians of ``repeats``)."""
    me = [sys.executable, "-m", "companion"]
    example = Path(__file__).parents[2] / "docs" / "examples" / "push.json"
    checks: list[tuple[str, list[str]]] = [("companion --help", [*me, "--help"])]
    if example.exists():
        checks.append(("companion check", [*me, "check", str(example), "--roll", "3,2", "Wurf 5"]))
    out(f"start: CPU time of the whole process, interpreter included, median of {repeats}")
    for name, argv in checks:
        ms = statistics.median(child_cpu(argv) for _ in range(repeats)) * 1000
        out(f"  {name:28s} {pi(ms)}")
    if sys.platform == "linux":
        runs = [serve_start() for _ in range(repeats)]
        wall = statistics.median(w for w, _ in runs) * 1000
        cpu = statistics.median(c for _, c in runs) * 1000
        out(f"  {'companion serve, page answers':28s} {pi(cpu)} of CPU, {wall:.0f} ms wall here")
