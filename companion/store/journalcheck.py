"""Damage that a journal cannot show by itself: a journal shorter than what was promised.

SQLite in WAL mode keeps every commit in the ``-wal`` file beside the journal until a
checkpoint copies it into the main file; while the server runs, the whole game lives in
the WAL. SQLite reads a WAL up to the first frame whose checksum does not hold and takes
that as the end, silently: a WAL cut to half, emptied, or with one byte flipped is just a
shorter journal (16 of 32 events, a new game, 2-18 of 32 — measured before this module).
And to SQLite a main file of zero bytes is a new database, whose first write throws the
WAL beside it away.

So the journal keeps, apart from the WAL, the id of the last event it acknowledged: after
every commit it writes that id to a small file beside it (:func:`acknowledge`,
``journal.sqlite.acknowledged``; written after the commit, so it is never ahead of
what the journal holds, and a lost write of it only makes the check weaker, never wrong).
:func:`damage` then finds, without writing anything:

* a main file of zero bytes (or none) with a WAL beside it that holds data;
* a journal whose last event is older than the one acknowledged (a WAL cut short,
  emptied or with a flipped byte; a main file replaced by an older copy);
* what SQLite's ``integrity_check`` finds (a damaged page of the main file).

A damaged journal is refused in one line naming the file and what is wrong;
``companion journal repair`` keeps what is sound (companion/store/journal.py :func:`repair`).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

#: The file beside the journal that holds the id of its last acknowledged event.
ACK_SUFFIX = ".acknowledged"


def ack_file(path: Path) -> Path:
    return path.with_name(path.name + ACK_SUFFIX)


def wal_file(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def acknowledged(path: Path) -> int | None:
    """The id of the last event the journal at ``path`` acknowledged; None if unknown
    (no file yet: a journal from before this check, or a new one)."""
    try:
        words = ack_file(path).read_text(encoding="ascii").split()
        return int(words[0]) if words else None
    except (OSError, ValueError, UnicodeDecodeError):
        return None


def acknowledge(path: Path, event_id: int) -> None:
    """Keep ``event_id`` as the last acknowledged event (after its commit). A new file
    replaces the old in one rename, so it is never read half-written; a failure (a
    full disk) leaves the older id, which only makes the check weaker."""
    target = ack_file(path)
    fresh = target.with_name(target.name + ".new")
    try:
        fresh.write_text(f"{event_id}\n", encoding="ascii")
        os.replace(fresh, target)
    except OSError:
        fresh.unlink(missing_ok=True)


def damage(path: Path) -> str | None:
    """What is wrong with the journal at ``path`` (words, without the path), or None.

    Reads only. A journal whose file does not exist and has no WAL is not damaged (a
    first start); nor is an SQLite file without tables and with nothing acknowledged (a
    first start killed before it wrote its schema)."""
    wal = wal_file(path)
    wal_size = wal.stat().st_size if wal.exists() else 0
    size = path.stat().st_size if path.exists() else 0
    promised = acknowledged(path) or 0
    if size == 0 and wal_size > 0:
        state = "empty (0 bytes)" if path.exists() else "missing"
        return (
            f"the main file is {state} but {wal.name} beside it holds {wal_size} bytes: "
            "the journal was cut, it is not a new one"
        )
    if size == 0:
        if promised:
            state = "empty (0 bytes)" if path.exists() else "missing"
            return f"the journal is {state}, but {promised} events were acknowledged"
        return None
    try:
        with path.open("rb") as file:
            if file.read(16) != b"SQLite format 3\x00":
                return None  # not an SQLite file: the caller says it is no journal
    except OSError:
        return None  # unreadable: the caller says why
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)
        try:
            ok = [row[0] for row in db.execute("PRAGMA integrity_check(5)")]
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
            last = 0
            if "events" in tables:
                last = int(db.execute("SELECT max(id) FROM events").fetchone()[0] or 0)
        finally:
            db.close()
    except sqlite3.Error as exc:
        if "locked" in str(exc) or "full" in str(exc) or disk_full(path.parent):
            return None  # held by a running server, or no room: the caller says which
        return f"SQLite cannot read it ({exc})"
    if ok != ["ok"]:
        return f"SQLite's integrity check: {'; '.join(ok)}"
    if last < promised:
        return (
            f"it ends at event {last}, but event {promised} was acknowledged: "
            f"{promised - last} or more events are lost (the -wal file cut short or damaged?)"
        )
    return None


def disk_full(folder: Path) -> bool:
    """Whether the file system of ``folder`` has no room left for this user (under 64 KB:
    SQLite cannot commit a page and its WAL frame in less)."""
    try:
        stats = os.statvfs(folder)
    except OSError:
        return False
    return stats.f_bavail * stats.f_frsize < 64 * 1024


def page_one_from_wal(wal: Path) -> bytes | None:
    """The first copy of the database's first page in a WAL file, or None.

    A main file of zero bytes cannot be read with its WAL (SQLite takes it for a new
    database and deletes the WAL); given its first page back (its header says the page
    size and WAL mode), SQLite reads the rest from the WAL, checksums and all."""
    try:
        data = wal.read_bytes()
    except OSError:
        return None
    if len(data) < 32:
        return None
    size = int.from_bytes(data[8:12], "big")
    if size < 512 or size & (size - 1):
        return None
    at = 32
    while at + 24 + size <= len(data):
        if int.from_bytes(data[at : at + 4], "big") == 1:
            return data[at + 24 : at + 24 + size]
        at += 24 + size
    return None
