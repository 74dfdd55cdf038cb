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
phones would; each view and stream comes from its own loopback address (127.0.2.1 …),
as each phone has its own (the server bounds both per address). Every slot the server
allows (2 views, 30 streams) is --views 2 --streams 30.

--viewers N puts N phones on the page as Chromium does, each from its own loopback
address (127.0.1.1, 127.0.1.2, ...): it opens six connections to the site (Chromium's
most per host; those a page does not use stay open and idle, as Chromium's preconnected
sockets do), loads the page and its style sheet, holds the live updates (/events; a
stream refused 503 is tried again after its Retry-After, as the page does) and on every
event fetches the board, the status and /state.json at once, as the page's script does;
a connection the server closed is opened again, as a browser would. A request without an
answer within 10 s is a time-out (target 0). After the game the viewers go away; --after
seconds later the server's resident memory is read again (target: back under 160 MB).

--runs runs are made one after the other; each is printed and the medians close the
report. Linux only. Target: peak resident memory below 200 MB, so a 1 GB Pi is at ease.

    python bench/serve.py [--runs 3] [--moves 15] [--idle 8] [--views N] [--streams N]
                          [--viewers N] [--after 20]
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

    timeouts = 0  # requests of the bench's own player that went unanswered for 10 s

    def get(self, path: str) -> str:
        for _ in range(5):  # a page locked out by the viewers is tried again, and counted
            try:
                with self.opener.open(self.base + path, timeout=10) as r:
                    return str(r.read().decode())
            except TimeoutError:
                self.timeouts += 1
        raise TimeoutError(f"{path}: no answer in 5 tries of 10 s")

    def state(self) -> dict[str, object]:
        return dict(json.loads(self.get("/state.json")))

    def frames(self) -> int:
        try:
            return int(self.state()["camera_frames"] or 0)  # type: ignore[call-overload]
        except TimeoutError:  # locked out: counted in timeouts
            return 0

    def post(self, path: str, **data: str) -> None:
        token = re.search(r'name="csrf_token" value="([^"]+)"', self.get("/"))
        assert token is not None
        body = urllib.parse.urlencode({**data, "csrf_token": token.group(1)}).encode()
        try:  # not sent again: the game's state is read anew before the next form
            with self.opener.open(self.base + path, body, timeout=10) as r:
                r.read()
        except TimeoutError:
            self.timeouts += 1


class Viewers:
    """Phones showing the page, Chromium's way (the module's docs); counts what they met."""

    TIMEOUT = 10.0
    SOCKETS = 6

    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.timeouts = 0
        self.refused = 0  # connections the server refused or reset
        self.busy = 0  # event streams answered 503 (every slot taken), tried again later
        self.loads: list[float] = []  # seconds to load the page and its first update
        self.updates: list[float] = []  # seconds for the three fetches of one update

    def start(self) -> None:
        for n in range(self.count):
            source = f"127.0.1.{n + 1}"
            threading.Thread(target=self._viewer, args=(source,), daemon=True).start()

    def _viewer(self, source: str) -> None:
        conns = [self._connect(source) for _ in range(self.SOCKETS)]
        for conn in conns[3:]:
            self._open(conn)  # preconnected, never used: idle until the server closes it
        begun = time.monotonic()
        pages = ["/", "/static/companion.css", "/board.svg", "/status", "/state.json"]
        if all(self._get(conns[i % 3], path) for i, path in enumerate(pages)):
            self._note(self.loads, time.monotonic() - begun)
        news = threading.Event()
        threading.Thread(target=self._stream, args=(source, news), daemon=True).start()
        while not self.stop.is_set():
            if news.wait(0.5):
                news.clear()
                begun = time.monotonic()
                done = [self._get(conns[i], p) for i, p in enumerate(pages[2:])]
                if all(done):
                    self._note(self.updates, time.monotonic() - begun)
        for conn in conns:
            conn.close()

    def _stream(self, source: str, news: threading.Event) -> None:
        while not self.stop.is_set():
            conn = self._connect(source)
            try:
                conn.request("GET", "/events")
                answer = conn.getresponse()
                if answer.status == 503:
                    self._count("busy")
                    answer.read()
                    self.stop.wait(float(answer.getheader("Retry-After") or 10))
                    continue
                while not self.stop.is_set():
                    line = answer.fp.readline()  # type: ignore[union-attr]
                    if not line:
                        break
                    if line.startswith(b"event:"):
                        news.set()
            except TimeoutError:
                pass  # a quiet stream: no event within the time-out is no failure
            except (OSError, http.client.HTTPException):
                if not self.stop.is_set():
                    self._count("refused")
                    self.stop.wait(1.0)
            finally:
                conn.close()

    def _connect(self, source: str) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=self.TIMEOUT, source_address=(source, 0)
        )

    def _open(self, conn: http.client.HTTPConnection) -> None:
        try:
            conn.connect()
        except TimeoutError:
            self._count("timeouts")
        except OSError:
            self._count("refused")

    def _get(self, conn: http.client.HTTPConnection, path: str) -> bool:
        """One request on a kept-alive connection, opened again if the server closed it."""
        for attempt in range(2):
            try:
                conn.request("GET", path)
                conn.getresponse().read()
                return True
            except TimeoutError:
                self._count("timeouts")
                conn.close()
                return False
            except (OSError, http.client.HTTPException):
                conn.close()  # closed while idle: a browser opens a new one and asks again
                if attempt:
                    self._count("refused")
        return False

    def _count(self, what: str) -> None:
        with self.lock:
            setattr(self, what, getattr(self, what) + 1)

    def _note(self, into: list[float], seconds: float) -> None:
        with self.lock:
            into.append(seconds)


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
    after_mb: float  # resident --after seconds after the viewers went away
    player_timeouts: int  # the bench's own player's requests unanswered within 10 s
    viewers: Viewers | None


def play(page: Page, moves_wanted: int, interval: float, pid: int) -> tuple[int, float]:
    """Play moves through the page; returns the moves made and the largest RSS sample."""
    sampled, moves = 0.0, 0
    while moves < moves_wanted:
        try:
            phase = page.state()["phase"]
        except TimeoutError:  # the page let the player wait 50 s: the run ends here
            break
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


def watch(port: int, path: str, source: str, stop: threading.Event) -> None:
    """Read the stream at ``path`` (the camera view, the events) until ``stop``, as a
    phone showing the page would, from its own loopback address ``source`` (the server
    bounds streams and connections per address)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        conn.request("GET", path)
        stream = conn.getresponse()
        while not stop.is_set() and stream.read(16384):
            pass
    except (OSError, http.client.HTTPException):  # the server stops at the end of a run
        pass
    finally:
        conn.close()


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
            for n, path in enumerate(paths):
                phone = (args.port, path, f"127.0.2.{n + 1}", stop)
                threading.Thread(target=watch, args=phone, daemon=True).start()
            viewers = Viewers(args.port, args.viewers) if args.viewers else None
            if viewers is not None:
                viewers.start()
            start, cpu0, frames0 = time.monotonic(), cpu_seconds(server.pid), page.frames()
            moves, sampled = play(page, args.moves, args.interval, server.pid)
            time.sleep(2.0)  # the last move's photo is taken and read
            cpu1, frames1 = cpu_seconds(server.pid), page.frames()
            time.sleep(args.idle)
            cpu2, frames2 = cpu_seconds(server.pid), page.frames()
            sampled = max(sampled, status_mb(server.pid, "VmRSS"))
            peak, final = status_mb(server.pid, "VmHWM"), status_mb(server.pid, "VmRSS")
            wall = time.monotonic() - start
            if viewers is not None:
                viewers.stop.set()
            stop.set()
            time.sleep(args.after)
            after = status_mb(server.pid, "VmRSS")
        finally:
            stop.set()
            if viewers is not None:
                viewers.stop.set()
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
        after,
        page.timeouts,
        viewers,
    )


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=15)
    parser.add_argument("--idle", type=float, default=8.0, help="seconds of a still table")
    parser.add_argument("--views", type=int, default=0, help="clients streaming the view")
    parser.add_argument("--watch", action="store_const", const=1, dest="views", help="--views 1")
    parser.add_argument("--streams", type=int, default=0, help="clients holding /events")
    parser.add_argument("--viewers", type=int, default=0, help="phones on the page (Chromium)")
    parser.add_argument("--after", type=float, default=20.0, help="seconds after the load")
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
            f"({run.idle_frames} frames); {run.after_mb:.1f} MB {args.after:g} s later"
        )
        if run.viewers is not None:
            v = run.viewers
            print(
                f"  {v.count} viewers: {v.timeouts} time-outs (target 0; the player's "
                f"own: {run.player_timeouts}), {v.refused} "
                f"connections refused or reset, {v.busy} event streams told to wait; "
                f"{len(v.loads)} pages loaded, median {quantile(v.loads, 0.5):.2f} s, "
                f"worst {quantile(v.loads, 1.0):.2f} s; {len(v.updates)} updates, median "
                f"{quantile(v.updates, 0.5):.3f} s, p95 {quantile(v.updates, 0.95):.3f} s"
            )

    def median(values: list[float]) -> float:
        return statistics.median(values)

    print(f"load after {os.getloadavg()[0]:.2f}")
    print(
        f"median of {len(runs)} runs: resident memory peak "
        f"{median([r.peak_mb for r in runs]):.1f} MB (target < 200 MB), at the end "
        f"{median([r.final_mb for r in runs]):.1f} MB, {args.after:g} s after the load "
        f"{median([r.after_mb for r in runs]):.1f} MB (target < 160 MB); CPU per frame "
        f"{median([r.game_ms for r in runs]):.1f} ms over the game, "
        f"{median([r.idle_ms for r in runs]):.1f} ms on the still table"
    )
    timeouts = sum(r.player_timeouts + (r.viewers.timeouts if r.viewers else 0) for r in runs)
    met = {
        "no time-out": timeouts == 0,
        "peak < 200 MB": median([r.peak_mb for r in runs]) < 200,
        "after the load < 160 MB": median([r.after_mb for r in runs]) < 160,
    }
    print("targets: " + ", ".join(f"{k} {'met' if ok else 'MISSED'}" for k, ok in met.items()))
    return 0 if all(met.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
