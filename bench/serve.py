"""Resource budget of `companion serve`: resident memory and CPU per camera frame.

How it is measured: `companion serve` runs as its own process on the synthetic camera
(it photographs the table's position and the board reader reads every frame) with mock
pins and a fresh journal in a temporary folder. A game is played through the page's own
HTTP interface — confirm the set-up, enter the dice, pick the first legal move — for
--moves moves. Every --interval seconds the bench samples the server's resident memory
(VmRSS, /proc/PID/status), its CPU time (/proc/PID/stat, user + system) and the camera's
frame count (/state.json). It prints the peak and final resident memory, and CPU per
frame = CPU time over the run / frames read. Linux only. Target: resident memory below
200 MB, so a 1 GB Raspberry Pi is at ease.

    python bench/serve.py [--moves 20] [--port 8799]
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024  # type: ignore[union-attr]


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

    def post(self, path: str, **data: str) -> None:
        token = re.search(r'name="csrf_token" value="([^"]+)"', self.get("/"))
        assert token is not None
        body = urllib.parse.urlencode({**data, "csrf_token": token.group(1)}).encode()
        with self.opener.open(self.base + path, body, timeout=10) as r:
            r.read()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--port", type=int, default=8799)
    parser.add_argument("--interval", type=float, default=0.5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "XDG_DATA_HOME": data, "XDG_CONFIG_HOME": data}
        env.pop("COMPANION_CONFIG", None)
        cmd = [
            sys.executable,
            "-m",
            "companion",
            "serve",
            "--port",
            str(args.port),
            "--pin",
            "2468",
            "--players",
            "red,yellow,green",
        ]
        server = subprocess.Popen(
            cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        page = Page(f"http://127.0.0.1:{args.port}")
        try:
            for _ in range(100):
                try:
                    page.state()
                    break
                except OSError:
                    time.sleep(0.2)
            start_cpu, start = cpu_seconds(server.pid), time.monotonic()
            start_frames = int(page.state()["camera_frames"] or 0)  # type: ignore[call-overload]
            peak, moves, samples = 0.0, 0, 0
            while moves < args.moves:
                state = page.state()
                phase = state["phase"]
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
                peak = max(peak, rss_mb(server.pid))
                samples += 1
                time.sleep(args.interval)
            frames = int(page.state()["camera_frames"] or 0) - start_frames  # type: ignore[call-overload]
            cpu = cpu_seconds(server.pid) - start_cpu
            final = rss_mb(server.pid)
            wall = time.monotonic() - start
        finally:
            server.terminate()
            server.wait(10)
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, python "
        f"{platform.python_version()}, load {os.getloadavg()[0]:.2f}"
    )
    print(
        f"companion serve, synthetic camera (1280x960 photos of the table), mock pins; "
        f"{moves} moves played through the page in {wall:.1f} s, {samples} samples"
    )
    print(f"resident memory: peak {peak:.1f} MB, at the end {final:.1f} MB (target < 200 MB)")
    per_frame = 1000 * cpu / frames if frames else float("nan")
    print(
        f"camera frames read: {frames} ({frames / wall:.1f} per s); server CPU {cpu:.2f} s "
        f"= {per_frame:.1f} ms per frame (all threads: camera, page, journal)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
