"""The page never waits on the rules or the camera: each form's answer time with the
worst known position on the table.

How it is measured: one table in this process, `companion serve`'s parts without the
network (Flask's test client; waitress adds well under a millisecond here): the synthetic
camera's thread photographs the table at --fps and reads every frame, as on a table. The
position is the worst roll known (issue "A Raspberry Pi's budget"): Gravitation with five
players, five pieces each on the rings, prediction on and right, rolled 6+6 (105,813
legal moves), and Tunnel X's full ring rolled 1+1. For each, --rounds times: the page's
set-up confirmation, the dice, the move picked, the announcement checked, and the page
and its status part fetched. Timed per request: wall clock (what a phone waits, the
camera thread running beside it) and this process's CPU; medians and the worst are
printed. Target: every form answered within 200 ms.

    python bench/page.py [--rounds 5] [--fps 10]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import time

from companion.camera import Supervisor, SyntheticSource
from companion.figures.worst import reproductions
from companion.model.boards import seen
from companion.model.position import Position
from companion.table.answers import Phase
from companion.table.live import Live, table_photographer, wait_for
from companion.table.table import Table
from companion.table.watch import Watcher
from companion.vision import BoardReader
from companion.web import create_app

Pair = tuple[float, float]  # wall clock and CPU, ms

#: The worst rolls known, as `companion bench` reproduces them: name → (position, roll).
WORST = {name: (position, roll) for name, position, roll in reproductions()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--fps", type=float, default=10.0)
    args = parser.parse_args()
    print(
        f"# {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
        f"{args.rounds} rounds, camera at {args.fps:g} fps"
    )
    worst = 0.0
    for name, (position, roll) in WORST.items():
        times: dict[str, list[Pair]] = {}
        for _ in range(args.rounds):
            _round(position, roll, args.fps, times)
        print(name)
        for what, pairs in times.items():
            walls = [w for w, _ in pairs]
            cpus = [c for _, c in pairs]
            worst = max(worst, max(walls))
            print(
                f"  {what:9s} wall median {statistics.median(walls):6.1f} ms, worst "
                f"{max(walls):6.1f} ms; CPU median {statistics.median(cpus):6.1f} ms"
            )
    print(f"page: every form answered within {worst:.0f} ms (target 200 ms)")


def _round(
    position: Position, roll: tuple[int, int], fps: float, times: dict[str, list[Pair]]
) -> None:
    """One game's forms, timed, with the camera thread watching the table."""
    table = Table.new(position)
    camera = Supervisor(SyntheticSource(table_photographer(table), fps=fps))
    live = Live(table, camera, Watcher(table.referee, BoardReader(position.layout)))
    app = create_app({"TABLE": table, "LIVE": live, "TESTING": True, "POSTS_PER_MINUTE": 10**6})
    client = app.test_client()
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True))
    token = found.group(1) if found else ""

    def timed(what: str, method: str, path: str, form: dict[str, str] | None = None) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        if method == "POST":
            client.post(path, data={**(form or {}), "csrf_token": token})
        else:
            client.get(path)
        spent = ((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000)
        times.setdefault(what, []).append(spent)

    live.start()
    try:
        wait_for(lambda: table.referee.phase is Phase.ROLL, 20)
        timed("confirm", "POST", "/confirm")
        timed("dice", "POST", "/dice", {"die1": str(roll[0]), "die2": str(roll[1])})
        timed("page", "GET", "/")
        timed("status", "GET", "/status")
        words = table.referee.legal[0].announcement if table.referee.legal else ""
        timed("play", "POST", "/play/0")
        timed("announce", "POST", "/announce", {"announcement": words})
        wait_for(lambda: table.referee.position is not position and _seen(live, table), 5)
    finally:
        live.stop()


def _seen(live: Live, table: Table) -> bool:
    glance = live.glance
    return bool(
        glance and glance.read and glance.still and glance.read.fields == seen(table.position)
    )


if __name__ == "__main__":
    main()
