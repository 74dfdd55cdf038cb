"""``companion journal repair``: what is sound of a journal kept in a new one, nothing ever
deleted (the damaged file and its WAL set aside byte for byte, or the whole journal copied
before the events that cannot be read back are left out)."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.store.journal import Journal
from companion.store.journalcheck import (
    ack_file,
    damage,
    event_problem,
    page_one_from_wal,
    wal_file,
)
from companion.store.tables import Transaction


def repair(path: Path) -> tuple[Path, list[tuple[int, int, str]]]:
    """Keep what is sound of a journal; nothing is ever deleted.

    A journal that is whole but holds events that cannot be read back is first copied
    whole (``FILE.before-repair-TIME``, the bad rows too); then a journal of the same
    games and the readable events, with their ids (an undo names the move it takes
    back), replaces it. A damaged journal (companion/store/journalcheck.py: cut short, its main
    file emptied, failing SQLite's integrity check) is moved aside with its WAL
    (``FILE.damaged-TIME`` and ``FILE.damaged-TIME-wal``, byte for byte) and a new
    journal holds every game and event that can still be read from it. Returns the copy
    kept beside and the events left out. Run it with the server stopped.
    """
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    if damage(path) is not None:
        source_path = _set_aside(path, path.with_name(f"{path.name}.damaged-{stamp}"))
        copy = source_path
    else:
        with Journal(path) as journal:
            journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # everything in the file
        copy = path.with_name(f"{path.name}.before-repair-{stamp}")
        source_path = path
    fresh = path.with_name(f"{path.name}.repairing")
    for leftover in (fresh, wal_file(fresh), Path(f"{fresh}-shm")):
        leftover.unlink(missing_ok=True)
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    try:
        if source_path == path:
            with sqlite3.connect(copy) as whole:
                source.backup(whole)
            whole.close()
        bad = _copy_sound(source, fresh)
    finally:
        source.close()
    for stale in (wal_file(path), Path(f"{path}-shm"), Path(f"{source_path}-shm")):
        stale.unlink(missing_ok=True)  # kept in the copy, or checkpointed: they hold nothing
    os.replace(fresh, path)
    ack_file(fresh).unlink(missing_ok=True)
    ack_file(path).unlink(missing_ok=True)  # events left out are no longer promised
    with Journal(path):  # acknowledges what it now holds
        pass
    return copy, bad


def _set_aside(path: Path, aside: Path) -> Path:
    """Move a damaged journal and its WAL to ``aside`` unchanged; returns what to read
    from: ``aside`` itself, or, when its main file is empty, a copy of it given the
    first page from its WAL (companion.store.journalcheck.page_one_from_wal)."""
    wal = wal_file(path)
    if path.exists():
        os.replace(path, aside)
    else:
        aside.touch()
    if wal.exists():
        os.replace(wal, wal_file(aside))
    ack_file(path).unlink(missing_ok=True)  # the new journal acknowledges its own
    if aside.stat().st_size > 0:
        return aside
    page = page_one_from_wal(wal_file(aside))
    readable = aside.with_name(aside.name + ".readable")
    readable.write_bytes(page or b"")
    if wal_file(aside).exists():
        shutil.copyfile(wal_file(aside), wal_file(readable))
    return readable


def _copy_sound(source: sqlite3.Connection, fresh: Path) -> list[tuple[int, int, str]]:
    """Write every game and every event of ``source`` that can be read back into a new
    journal at ``fresh``; returns the events left out (game, event, why). Rows after a
    damaged page that SQLite cannot read at all are lost with it."""
    bad: list[tuple[int, int, str]] = []
    with Journal(fresh) as new:
        db = new._db
        with Transaction(db):
            for row in _rows(source, "SELECT * FROM games ORDER BY id"):
                db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)", row)
            games = {r[0] for r in db.execute("SELECT id FROM games")}
            for row in _rows(source, "SELECT * FROM events ORDER BY id"):
                why = event_problem(row[3], row[4]) if row[1] in games else "its game is lost"
                if why:
                    bad.append((row[1], row[0], why))
                else:
                    db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?)", row)
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return bad


def _rows(db: sqlite3.Connection, query: str) -> Iterator[tuple[Any, ...]]:
    """The rows of ``query`` up to the first that SQLite cannot read."""
    try:
        yield from db.execute(query)
    except sqlite3.Error:
        return
