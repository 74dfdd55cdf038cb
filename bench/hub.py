"""The club hub at scale: many tables through one local Mosquitto into `companion hub`.

How it is measured: a Mosquitto broker is started on a free loopback port (no
persistence) and `companion hub` as its own process, listening to it. In this process
--tables simulated tables each have their own journal and publisher (companion.hub.
publisher, as `companion serve` runs it) and play a legal move every --every seconds
(the dice entered, the first legal move picked: a roll, a move and a verdict event),
their starts spread over the first interval, for --seconds. The bench then waits until
the hub has every event (or 30 s). Counted: events published and events the hub kept
(each exactly once: a duplicate or a gap is reported), events per second over the run.
Lag: from the event's time in its table's journal to the moment the bench, polling the
hub's SQLite every 20 ms (WAL, read-only), first sees it there; median and p95 (the
polling adds up to 20 ms). Memory: the hub process's peak resident memory (VmHWM) and
its CPU time (user + system, /proc). Linux only; mosquitto must be installed.

    python bench/hub.py [--tables 50] [--every 5] [--seconds 60]
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
from hub_helpers import MOSQUITTO, Broker, free_port

from companion.hub.publisher import Publisher
from companion.model.position import start_position
from companion.settings.config import HubConfig
from companion.table.table import Table


def play(table: Table, stop: threading.Event, every: float, delay: float) -> None:
    """A legal move every ``every`` seconds until ``stop``; a new game when one ends."""
    if stop.wait(delay):
        return
    with table.lock:
        table.referee.confirm_board()
    rolls = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    n = 0
    while not stop.wait(every):
        with table.lock:
            ref = table.referee
            if ref.phase.name == "OVER":
                table.restart(start_position("gravitation", ["red", "yellow"]))
                table.referee.confirm_board()
                continue
            if ref.phase.name == "ROLL":
                ref.observe_dice(list(rolls[n % len(rolls)]))
                n += 7
            if ref.legal:
                ref.play(0)
            elif ref.phase.name == "MOVE":
                ref.confirm_board()


def proc(pid: int) -> tuple[float, float]:
    """(VmHWM in MB, CPU seconds) of a process."""
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    hwm = next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return hwm / 1024, (int(fields[11]) + int(fields[12])) / ticks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--every", type=float, default=5.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    if MOSQUITTO is None:
        sys.exit("bench/hub.py: mosquitto is not installed (apt install mosquitto)")
    folder = Path(tempfile.mkdtemp(prefix="hub-bench-"))
    broker = Broker(folder)
    broker.start()
    env = {**os.environ, "XDG_DATA_HOME": str(folder / "hubdata")}
    http = free_port()
    cmd = [sys.executable, "-m", "companion", "hub", "--broker", "127.0.0.1"]
    cmd += ["--broker-port", str(broker.port), "--club", "bench", "--port", str(http)]
    hub = subprocess.Popen(cmd, env=env, stderr=subprocess.DEVNULL)
    db_path = folder / "hubdata" / "companion" / "hub.sqlite"
    tables, publishers = [], []
    for k in range(args.tables):
        where = folder / f"t{k}"
        where.mkdir()
        table = Table.new(start_position("gravitation", ["red", "yellow"]), where / "j.sqlite")
        config = HubConfig(broker="127.0.0.1", port=broker.port, club="bench", table=f"t{k}")
        publisher = Publisher(table, config, where)
        publisher.start()
        tables.append(table)
        publishers.append(publisher)
    stop = threading.Event()
    players = [
        threading.Thread(
            target=play, args=(t, stop, args.every, args.every * k / len(tables)), daemon=True
        )
        for k, t in enumerate(tables)
    ]
    seen: dict[tuple[str, int], float] = {}

    def poll() -> None:
        while not (db_path.exists()):
            time.sleep(0.05)
        db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        while not stop.is_set() or polling.is_set():
            now = time.time()
            for tbl, event_id in db.execute("SELECT tbl, id FROM events"):
                seen.setdefault((tbl, event_id), now)
            time.sleep(0.02)
        db.close()

    polling = threading.Event()
    polling.set()
    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    t0 = time.monotonic()
    for p in players:
        p.start()
    time.sleep(args.seconds)
    stop.set()
    for p in players:
        p.join()
    published = {
        (f"t{k}", row[0]): row[2]
        for k, t in enumerate(tables)
        for row in t.journal.since(0, 10**6)  # type: ignore[union-attr]
    }
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not set(published) <= set(seen):
        time.sleep(0.2)
    elapsed = time.monotonic() - t0
    polling.clear()
    poller.join()
    hwm, cpu = proc(hub.pid)
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True) as db:
        kept = db.execute("SELECT count(*), count(DISTINCT tbl || '/' || id) FROM events")
        rows, distinct = kept.fetchone()
    lags = [
        (seen[key] - datetime.fromisoformat(at).timestamp()) * 1000
        for key, at in published.items()
        if key in seen
    ]
    for p in publishers:
        p.stop()
    hub.terminate()
    hub.wait()
    broker.stop()
    missing = len(set(published) - set(seen))
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, python {platform.python_version()}"
    )
    print(
        f"{args.tables} tables, a move every {args.every:g} s each, for {args.seconds:g} s "
        f"through one local Mosquitto into `companion hub`"
    )
    print(
        f"events: {len(published)} published, {rows} kept by the hub ({distinct} distinct, "
        f"{missing} missing); {len(published) / elapsed:.1f} events/s"
    )
    if lags:
        lags.sort()
        p95 = lags[int(0.95 * (len(lags) - 1))]
        print(f"lag journal -> hub: median {statistics.median(lags):.0f} ms, p95 {p95:.0f} ms")
    print(f"hub process: peak resident memory {hwm:.1f} MB, CPU {cpu:.1f} s")


if __name__ == "__main__":
    main()
