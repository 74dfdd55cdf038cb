"""Reading a journal that a running server holds: a copy of its file and WAL, read instead.

``companion serve`` holds its journal alone (SQLite's ``locking_mode=EXCLUSIVE`` in WAL
mode, companion/store/journal.py: the WAL index in its own memory, never in a mapped
``-shm`` file that could fault), so no other process can open it, not even with SQLite's
read-only ``mode=ro``: "database is locked". A club reads the record during a game
(new-user trial s11 L5: ``companion export`` said "in use … stop it first"), so
:func:`readable_journal` copies the main file and its ``-wal`` into a folder of its own
and opens that copy read-only; nothing of the server's is written, locked or changed.

The copy is one the server has been in: every committed event is in the main file or in
the WAL, and SQLite rebuilds the WAL's index from the file, taking frames up to the last
whole commit (a frame being written is left out). The main file changes only when a
checkpoint copies pages that are in the WAL anyway, and the WAL starts afresh (a new
header, new salts) only after such a checkpoint has finished: so a copy is consistent
where the live WAL's header is the same before the main file is copied and after the WAL
is (the live one: the copy's header is read from its first bytes and misses a restart
during the copy, review s12 finding 3), and SQLite's ``quick_check`` finds the copy
whole; it is taken again otherwise (:data:`TRIES` times). A copy that still cannot be
read says so in one line, "being written; try again": never that the club's journal is
damaged, which it is not.

Measured (``python bench/journal_copy.py``, 2026-11-28, this machine, shared, two runs;
a first run of the same loop as a loose script beside them): a child process appending
3,620 and 2,815 events of 3 KB in 20 s (the WAL checkpointed and restarted every 4 MB)
while this process read the journal 211 and 234 times (183 in the first): 0 errors,
SQLite's quick_check "ok" on every copy, the event count never going back, 2 and 0
copies taken again (1; a WAL restart between the two files); median 0.068 and 0.064 s
wall a read (0.044) of a 15 and 12 MB journal (18). Only for another process than the server's:
closing a file descriptor on the journal drops every POSIX lock its process holds on it,
so a server must never read itself this way (it has its journal open anyway).
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.store.journal import Journal
from companion.store.journalcheck import JournalError, wal_file
from companion.texts import text

#: How often a copy is taken before the journal is said to change too fast to copy.
TRIES = 5
#: A WAL file's header: magic, format, page size, checkpoint sequence, salts, checksum.
WAL_HEADER = 32


def held(path: Path) -> bool:
    """Whether another connection holds the journal at ``path`` alone (a running
    ``companion serve``): SQLite answers a reader "database is locked"."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0)
        try:
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            db.close()
    except sqlite3.Error as exc:
        return "locked" in str(exc)
    return False


@contextmanager
def readable_journal(path: Path) -> Iterator[Journal]:
    """The journal at ``path`` opened read-only; where a running server holds it, a copy
    of it (module docstring), removed again when the block ends."""
    if not held(path):
        with Journal(path, read_only=True) as journal:
            yield journal
        return
    with tempfile.TemporaryDirectory(prefix="companion-journal-") as folder:
        copy = Path(folder) / path.name
        _copy(path, copy)
        try:
            journal = Journal(copy, read_only=True)
        except JournalError:  # the copy, not the club's journal: never "damaged journal"
            raise JournalError(text("journal.copy_moving", path=str(path), tries=TRIES)) from None
        with journal:
            journal.path = path  # what it says names the journal, not the copy
            yield journal


def _copy(path: Path, copy: Path) -> None:
    """The main file and WAL of ``path`` copied to ``copy`` as one state of the journal
    (JournalError naming ``path`` where it cannot be read, or changes on every try)."""
    wal, copied_wal = wal_file(path), wal_file(copy)
    for _ in range(TRIES):
        before = _header(wal)
        try:
            shutil.copyfile(path, copy)
            if before:
                shutil.copyfile(wal, copied_wal)
        except FileNotFoundError:  # the WAL gone: the server stopped, its pages checkpointed
            copied_wal.unlink(missing_ok=True)
            continue
        except OSError as exc:
            raise JournalError(
                text("journal.cannot_read", path=str(path), why=exc.strerror or str(exc))
            ) from None
        if _header(wal) == before and _reads_cleanly(copy):
            return
        copied_wal.unlink(missing_ok=True)
        copy.with_name(copy.name + "-shm").unlink(missing_ok=True)
    raise JournalError(text("journal.copy_moving", path=str(path), tries=TRIES))


def _reads_cleanly(copy: Path) -> bool:
    """Whether SQLite's ``quick_check`` finds the copy whole: a last guard against a copy
    torn by a checkpoint and WAL restart that the headers did not show."""
    try:
        db = sqlite3.connect(f"file:{copy}?mode=ro", uri=True, timeout=0)
        try:
            return [row[0] for row in db.execute("PRAGMA quick_check(1)")] == ["ok"]
        finally:
            db.close()
    except sqlite3.DatabaseError:
        return False


def _header(wal: Path) -> bytes:
    """The WAL file's header (empty where there is no WAL)."""
    try:
        with wal.open("rb") as file:
            return file.read(WAL_HEADER)
    except FileNotFoundError:
        return b""
