"""Resource budget of `companion serve`: resident memory and CPU per camera frame.

How it is measured: `companion serve` runs as its own process on the synthetic camera
(it photographs the table's position, a new photo whenever the position changes, and the
board reader reads every frame) with mock pins and a fresh journal in a temporary folder.
A game is played through the page's own HTTP interface — confirm the set-up, enter the
dice, pick the first legal move — for --moves moves; then the table stands still for
--idle seconds. Every --interval seconds the bench samples the server's resident memory
(VmRSS in /proc/PID/status). At the end it reads the kernel's own peak (VmHWM, which no
sampling can miss), the CPU time of the process (/proc/PID/stat, user + system, all
threads) and the camera's frame count (/state.json). CPU per frame is given twice: over
the played game (camera, reader, page, journal, and a new synthetic photo per move) and
over the still table at the end (camera and reader). No page shows the camera view
during the run (its JPEG is made only while one does) unless --views N is given: then N
clients stream /camera.mjpg throughout, as phones showing the view would (--watch is
--views 1); --streams N holds N event streams (/events) open as well, as N pages open on
phones would. Every slot the server allows (2 views, 30 streams) is --views 2 --streams 30.

--runs runs are made one after the other; each is printed and the medians close the
report. Linux only. Target: peak resident memory below 200 MB, so a 1 GB Pi is at ease.

    python bench/serve.py [--runs 3] [--moves 15] [--idle 8] [--views N] [--streams N]
"""

from __future__ import annotations

import argparse
import http.client
import http.cookiejar
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def status_mb(pid: int, key: str) -> float:
    """VmRSS (resident now) or VmHWM (the peak resident so far) of a process, in MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(rf"{key}:\s+(\d+) kB", status).group(1)) / 1024  # type: ignore[union-attr]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


class Page:
    """The referee's page as a browser would use it (cookies, CSRF token)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=10) as r:
            return str(r.read().decode())

    def state(self) -> dict[str, object]:
        return dict(json.loads(self.get("/state.json")))

    def frames(self) -> int:
        return int(self.state()["camera_frames"] or 0)  # type: ignore[call-overload]

    def post(self, path: str, **data: str) -> None:
        token = re.search(r'name="csrf_token" value="([^"]+)"', self.get("/"))
        assert token is not None
        body = urllib.parse.urlencode({**data, "csrf_token": token.group(1)}).encode()
        with self.opener.open(self.base + path, body, timeout=10) as r:
            r.read()


@dataclass
class Run:
    moves: int
    wall: float
    peak_mb: float  # VmHWM
    sampled_mb: float  # the largest VmRSS sample
    final_mb: float
    game_frames: int
    game_ms: float  # CPU per frame over the played game
    idle_frames: int
    idle_ms: float  # CPU per frame while the table stands still


def play(page: Page, moves_wanted: int, interval: float, pid: int) -> tuple[int, float]:
    """Play moves through the page; returns the moves made and the largest RSS sample."""
    sampled, moves = 0.0, 0
    while moves < moves_wanted:
        phase = page.state()["phase"]
        if phase == "setup" or phase == "rejected":
            page.post("/confirm")
        elif phase == "roll":
            page.post("/dice", die1=str(1 + moves % 6), die2=str(1 + (moves * 5) % 6))
        elif phase == "move":
            page.post("/play/0")
            moves += 1
        elif phase == "decide":
            page.post("/choose/0")
        else:
            break
        sampled = max(sampled, status_mb(pid, "VmRSS"))
        time.sleep(interval)
    return moves, sampled


def watch(base: str, path: str, stop: threading.Event) -> None:
    """Read the stream at ``path`` (the camera view, the events) until ``stop``, as a
    phone showing the page would."""
    try:
        with urllib.request.urlopen(base + path, timeout=30) as stream:
            while not stop.is_set() and stream.read(16384):
                pass
    except (OSError, http.client.HTTPException):  # the server stops at the end of a run
        pass


def one_run(args: argparse.Namespace) -> Run:
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "XDG_DATA_HOME": data, "XDG_CONFIG_HOME": data}
        env.pop("COMPANION_CONFIG", None)
        cmd = [sys.executable, "-m", "companion", "serve", "--port", str(args.port)]
        cmd += ["--players", "red,yellow,green"]
        server = subprocess.Popen(
            cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        page = Page(f"http://127.0.0.1:{args.port}")
        stop = threading.Event()
        try:
            for _ in range(150):
                try:
                    page.state()
                    break
                except OSError:
                    time.sleep(0.2)
            paths = ["/camera.mjpg"] * args.views + ["/events"] * args.streams
            for path in paths:
                threading.Thread(target=watch, args=(page.base, path, stop), daemon=True).start()
            start, cpu0, frames0 = time.monotonic(), cpu_seconds(server.pid), page.frames()
            moves, sampled = play(page, args.moves, args.interval, server.pid)
            time.sleep(2.0)  # the last move's photo is taken and read
            cpu1, frames1 = cpu_seconds(server.pid), page.frames()
            time.sleep(args.idle)
            cpu2, frames2 = cpu_seconds(server.pid), page.frames()
            sampled = max(sampled, status_mb(server.pid, "VmRSS"))
            peak, final = status_mb(server.pid, "VmHWM"), status_mb(server.pid, "VmRSS")
            wall = time.monotonic() - start
        finally:
            stop.set()
            server.terminate()
            server.wait(10)

    def per_frame(cpu: float, frames: int) -> float:
        return 1000 * cpu / frames if frames else float("nan")

    return Run(
        moves,
        wall,
        peak,
        sampled,
        final,
        frames1 - frames0,
        per_frame(cpu1 - cpu0, frames1 - frames0),
        frames2 - frames1,
        per_frame(cpu2 - cpu1, frames2 - frames1),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=15)
    parser.add_argument("--idle", type=float, default=8.0, help="seconds of a still table")
    parser.add_argument("--views", type=int, default=0, help="clients streaming the view")
    parser.add_argument("--watch", action="store_const", const=1, dest="views", help="--views 1")
    parser.add_argument("--streams", type=int, default=0, help="clients holding /events")
    parser.add_argument("--port", type=int, default=8799)
    parser.add_argument("--interval", type=float, default=0.5)
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, python "
        f"{platform.python_version()}, load before {os.getloadavg()[0]:.2f}"
    )
    print(
        "companion serve, synthetic camera (1280x960 photos of the table), mock pins; "
        f"{args.moves} moves through the page, then {args.idle:g} s of a still table; "
        + f"{args.views} clients stream the camera view, {args.streams} hold event streams"
    )
    runs = []
    for n in range(args.runs):
        run = one_run(args)
        runs.append(run)
        print(
            f"run {n + 1}: {run.moves} moves in {run.wall:.1f} s; resident memory peak "
            f"(VmHWM) {run.peak_mb:.1f} MB, largest sample {run.sampled_mb:.1f} MB, at the "
            f"end {run.final_mb:.1f} MB; CPU per frame {run.game_ms:.1f} ms over the game "
            f"({run.game_frames} frames), {run.idle_ms:.1f} ms on the still table "
            f"({run.idle_frames} frames)"
        )

    def median(values: list[float]) -> float:
        return statistics.median(values)

    print(f"load after {os.getloadavg()[0]:.2f}")
    print(
        f"median of {len(runs)} runs: resident memory peak "
        f"{median([r.peak_mb for r in runs]):.1f} MB (target < 200 MB), at the end "
        f"{median([r.final_mb for r in runs]):.1f} MB; CPU per frame "
        f"{median([r.game_ms for r in runs]):.1f} ms over the game, "
        f"{median([r.idle_ms for r in runs]):.1f} ms on the still table"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
