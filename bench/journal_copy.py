"""Reading a journal a busy server holds (companion/store/snapshot.py, trial s11 L5).

Run: ``python bench/journal_copy.py [--seconds 20]``

A child process holds a journal as ``companion serve`` does and appends events of 3 KB as
fast as its fsyncs allow (the WAL checkpointed and restarted every 4 MB); this process
reads the journal through :func:`readable_journal` again and again meanwhile. Every copy
must pass SQLite's quick_check and hold at least the events the copy before it held.
Prints the reads, the errors, the copies taken again, and the median wall time a read.
"""

from __future__ import annotations

import argparse
import itertools
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from companion.store import snapshot

WRITER = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, "tests")
    from conftest import position
    from companion.store.journal import Journal
    journal = Journal(sys.argv[1])
    game = journal.start_game(position())
    print("ready", flush=True)
    count, start = 0, time.monotonic()
    while time.monotonic() - start < float(sys.argv[2]):
        journal.append(game, "roll", {"dice": [3, 4], "pad": "x" * 3000})
        count += 1
    print(count, flush=True)
    journal.close()
    """
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="journal-copy-"))
    path = folder / "journal.sqlite"
    copies = 0
    copy = shutil.copyfile

    def counted(source: object, target: object) -> object:
        nonlocal copies
        copies += not str(source).endswith("-wal")
        return copy(source, target)  # type: ignore[arg-type]

    snapshot.shutil.copyfile = counted  # type: ignore[assignment]
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(args.seconds)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
    counts: list[int] = []
    walls: list[float] = []
    errors = 0
    start = time.monotonic()
    while time.monotonic() - start < args.seconds - 1:
        began = time.monotonic()
        try:
            with snapshot.readable_journal(path) as journal:
                db = journal._db  # the bench looks into the copy itself
                assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
                counts.append(db.execute("SELECT count(*) FROM events").fetchone()[0])
        except Exception as exc:  # counted and shown: what the bench is for
            errors += 1
            print(f"error: {type(exc).__name__}: {exc}")
        walls.append(time.monotonic() - began)
    written = int(writer.stdout.readline())
    writer.wait()
    steady = all(a <= b for a, b in itertools.pairwise(counts))
    print(
        f"journal copy: {len(counts)} reads while {written} events were written, "
        f"{errors} errors, never back: {steady}, taken again: {copies - len(walls)}, "
        f"median {statistics.median(walls):.3f} s wall, "
        f"{path.stat().st_size / 1e6:.1f} MB"
    )
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
