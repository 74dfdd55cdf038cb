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
``companion journal repair`` keeps what is sound (companion/store/repair.py).
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from companion.errors import CompanionError
from companion.model.position import position_from_json
from companion.texts import text

# ---------------------------------------------------------------------- a journal refused

APPLICATION_ID = 0x42434A31  # "BCJ1": marks the file as a board-companion journal
#: 2: the event kind "dice" (a roll of the dice tray, docs/tray.md); a journal of schema 1
#: is rebuilt once when it is opened for writing (companion.store.journal), its events kept.
SCHEMA_VERSION = 2


class JournalError(CompanionError):
    """A journal file that cannot be used; it has not been touched."""


#: Why a journal cannot be opened while a server runs: the server holds it alone.
IN_USE = "journal.in_use"


def cannot_write(path: Path, exc: sqlite3.Error | OSError) -> str:
    """The one line of a write that failed: the file and why (a full disk named so, in
    the reader's language: "Speicher voll" / "disk full")."""
    return text("journal.cannot_write", path=str(path), reason=_reason(exc, path.parent))


def _reason(exc: sqlite3.Error | OSError, folder: Path | None = None) -> str:
    """Why a write failed, in words a person at the Pi can act on."""
    words = str(exc).lower()
    if "full" in words or (folder is not None and disk_full(folder)):
        # also a disk I/O error on a file system with no room
        return text("journal.full", folder=str(folder) if folder is not None else ".")
    if "readonly" in words or "read-only" in words:
        return text("journal.read_only")
    if "locked" in words:
        return text(IN_USE)
    if "disk i/o" in words:
        return text("journal.disk_error")
    return str(exc)


def refuse_damage(path: Path) -> None:
    """Refuse, in one line naming the file, a journal shorter than what it acknowledged
    or damaged otherwise (companion/store/journalcheck.py), before anything writes to it."""
    problem = damage(path)
    if problem is not None:
        raise JournalError(
            f"{path}: damaged journal: {problem}; refusing to touch it (`companion journal "
            "repair` keeps what is sound in a new journal and the damaged one beside it)"
        )


def check_can_write(path: Path) -> None:
    """Refuse, naming the fix, a journal whose file or folder this user cannot write."""
    folder = path.parent
    if not folder.is_dir():
        raise JournalError(f"{folder}: the data directory does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise JournalError(
            f"{folder}: the data directory is read-only for this user; the journal "
            f"writes {path.name} and its -wal and -shm files there"
        )
    if path.exists() and not os.access(path, os.W_OK):
        raise JournalError(
            f"{path}: the journal file is read-only for this user (chmod u+w {path}, "
            "or chown it to the user of the service)"
        )


def bad_event_line(path: Path, game: int, event: int, why: str) -> str:
    """One line naming the bad event and the way out."""
    return (
        f"{path}: game {game}, event {event}: {why}; `companion journal check` lists every "
        "bad event, `companion journal repair` moves them aside into a copy and keeps the rest"
    )


def event_problem(kind: str, text: str) -> str | None:
    """Why an event's data cannot be folded into its game, or None."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError, TypeError):
        return "its data is not readable (not JSON)"
    if not isinstance(data, dict):
        return "its data is not an object"
    needs = {"start": "position", "move": "after", "correction": "position"}
    try:
        if kind in needs:
            key = needs[kind]
            if key not in data:
                return f"a {kind} without its {key!r}"
            position_from_json(data[key])
        elif kind == "undo":
            int(data["undoes"])
        elif kind == "roll":
            [int(d) for d in data["dice"]]
        elif kind == "dice":
            [(int(d["value"]), str(d["kind"]), float(d["confidence"])) for d in data["dice"]]
        if kind == "correction" and "corrects" in data:  # a move corrected, the rest replayed
            int(data["corrects"])
            for m in data["moves"]:
                int(m["replaces"])
                position_from_json(m["after"])
    except CompanionError as exc:
        return f"the position of this {kind} is broken ({exc})"
    except (KeyError, TypeError, ValueError) as exc:
        return f"a {kind} with bad data ({type(exc).__name__}: {exc})"
    return None


def check_is_journal(path: Path) -> str:
    """Refuse, without writing, a file that is not a healthy companion journal; "empty"
    for an SQLite file without any table (a first start killed before its schema)."""
    try:
        head = path.read_bytes()[:16]
    except OSError as exc:
        raise JournalError(text("journal.cannot_read", path=str(path), why=exc.strerror)) from None
    if head != b"SQLite format 3\x00":
        raise JournalError(text("journal.not_sqlite", path=str(path)))
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)
        try:
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            ok = db.execute("PRAGMA quick_check").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error as exc:
        if "locked" in str(exc):
            raise JournalError(text("journal.at", path=str(path), reason=text(IN_USE))) from None
        if "full" in str(exc) or disk_full(path.parent):  # not damage: no room to open it
            raise JournalError(cannot_write(path, exc)) from None
        raise JournalError(text("journal.damaged", path=str(path), why=str(exc))) from None
    if app_id == 0 and version == 0 and tables == 0 and ok == "ok":
        return "empty"
    if app_id != APPLICATION_ID:
        raise JournalError(text("journal.other_program", path=str(path)))
    if version not in (1, SCHEMA_VERSION):  # 1 is read as it is, upgraded when written
        raise JournalError(
            text("journal.schema", path=str(path), version=version, ours=SCHEMA_VERSION)
        )
    if ok != "ok":
        raise JournalError(text("journal.damaged", path=str(path), why=ok))
    return "journal"


# ---------------------------------------------------------------------- cut short


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
