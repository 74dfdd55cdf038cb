"""The journal: every game as an append-only SQLite event log that survives a power cut.

Each event (start, roll, still board, move, verdict, correction, undo, finish) is one row,
committed on its own with ``synchronous=FULL`` in WAL mode, so that once :meth:`append`
returns the event is on the disk. Rows are never changed or deleted (triggers refuse
it); an undo is a new event that names the one it takes back. The referee resumes a game
by folding its events (:func:`fold`); a correction of one move is a new event too, naming
the move it corrects (:func:`kept`).

A file that is not a companion journal — a corrupt one, or another program's SQLite
database — is refused with one line and never written to. A journal that cannot be
written (a read-only file or folder, a full disk) is refused at start, found by writing
to it; one that fails while a game runs raises :class:`JournalError` with nothing
written and keeps the reason in :attr:`Journal.problem` for the page and the LEDs. An
event that cannot be read back is named with its game and id (:meth:`Journal.bad_events`);
``companion journal check|export|repair`` deal with it. :func:`hold_data_dir` keeps a
second server off the same data directory.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from companion.errors import CompanionError
from companion.model.position import Position, position_from_json
from companion.store.journalcheck import (
    ack_file,
    acknowledge,
    acknowledged,
    damage,
    disk_full,
    page_one_from_wal,
    wal_file,
)
from companion.texts import text

APPLICATION_ID = 0x42434A31  # "BCJ1": marks the file as a board-companion journal
#: 2: the event kind "dice" (a roll of the dice tray, docs/tray.md); a journal of schema 1
#: is rebuilt once when it is opened for writing (:func:`_upgrade`), its events kept as they are.
SCHEMA_VERSION = 2
EVENT_KINDS = (
    "start",
    "options",
    "roll",
    "board",
    "move",
    "verdict",
    "correction",
    "undo",
    "finish",
    "dice",
)
#: The ``games.game`` of a dice tray's session: it is no game, so :meth:`Journal.games`
#: leaves it out (a restart resumes no tray as a game, ``companion export`` never picks one).
TRAY = "tray"

_EVENTS = """
CREATE TABLE {table} (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games(id),
    at        TEXT NOT NULL,
    kind      TEXT NOT NULL CHECK (kind IN ({kinds})),
    data      TEXT NOT NULL
);
"""
_EVENT_RULES = """
CREATE INDEX events_by_game ON events(game_id, id);
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
"""
_KINDS = ", ".join(repr(k) for k in EVENT_KINDS)
_SCHEMA = f"""
CREATE TABLE games (
    id        INTEGER PRIMARY KEY,
    started   TEXT NOT NULL,
    game      TEXT NOT NULL,
    layout    TEXT NOT NULL,
    players   TEXT NOT NULL,
    finished  TEXT
);
{_EVENTS.format(table="events", kinds=_KINDS)}
{_EVENT_RULES}
"""


class JournalError(CompanionError):
    """A journal file that cannot be used; it has not been touched."""


@dataclass(frozen=True)
class Event:
    id: int
    game_id: int
    at: str
    kind: str
    data: Mapping[str, Any]


@dataclass(frozen=True)
class GameRecord:
    id: int
    started: str
    game: str
    layout: str
    players: tuple[str, ...]
    finished: str | None


class Journal:
    """An open journal file. Use as a context manager or call :meth:`close`."""

    def __init__(self, path: str | Path, read_only: bool = False) -> None:
        self.path = Path(path)
        #: Why the last write failed (one line), None while writing works.
        self.problem: str | None = None
        #: Called whenever :attr:`problem` changes (the page and the LEDs show it).
        self.listeners: list[Callable[[], None]] = []
        self._depth = 0  # inside :meth:`atomic`: appends join its transaction
        self._written = 0  # the last event id written in the open transaction
        self._acked = 0  # the last event id acknowledged (kept beside the journal)
        if read_only:  # to look into it (companion journal check|export): never written
            _refuse_damage(self.path)
            if _check_is_journal(self.path) == "empty":
                raise JournalError(f"{self.path}: an empty journal (no game recorded yet)")
            try:
                self._db = sqlite3.connect(
                    f"file:{self.path}?mode=ro",
                    uri=True,
                    isolation_level=None,
                    check_same_thread=False,
                )
                self._db.execute("SELECT count(*) FROM games").fetchone()
            except sqlite3.Error as exc:
                raise JournalError(f"{self.path}: cannot read the journal: {exc}") from None
            return
        _check_can_write(self.path)
        _refuse_damage(self.path)  # before SQLite opens it: it would shrink it for good
        existed = self.path.exists() and self.path.stat().st_size > 0
        if existed and _check_is_journal(self.path) == "empty":
            existed = False  # a first start killed before its schema: nothing to lose
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            # One writer, so the WAL index lives in this process's memory, not in a mapped
            # -shm file: a -shm made immutable or cut short mid-game made the next write
            # fault (SIGBUS) and killed the server without a log line. The price: nobody
            # else reads the journal while it is open (``companion journal`` says so).
            self._db.execute("PRAGMA locking_mode=EXCLUSIVE")
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")  # fsync the WAL on every commit
            self._db.execute("PRAGMA foreign_keys=ON")
            if not existed:  # one transaction: a half-made journal is never left behind
                self._db.executescript(
                    f"BEGIN IMMEDIATE; {_SCHEMA} PRAGMA application_id={APPLICATION_ID}; "
                    f"PRAGMA user_version={SCHEMA_VERSION}; COMMIT;"
                )
            else:
                _upgrade(self._db)
            _probe(self._db)  # can it be written? Found now, not at the first move
        except sqlite3.Error as exc:
            raise JournalError(_cannot_write(self.path, exc)) from None
        self._acked = self.last_id()
        if (acknowledged(self.path) or 0) != self._acked:  # a journal from before the check
            acknowledge(self.path, self._acked)

    # ------------------------------------------------------------------ writing

    @contextmanager
    def atomic(self) -> Iterator[None]:
        """Every event appended inside is written in one transaction: all of them are
        kept, or (on any exception) none. The referee writes a move, its verdict and the
        end of the game so, and changes its state only after the commit. The transaction
        begins with the first event: a step that writes nothing touches nothing."""
        if self._depth:  # inside another: it decides
            yield
            return
        self._depth, self._written = 1, 0
        try:
            yield
        except BaseException:
            _Transaction(self._db).rollback()
            raise
        finally:
            self._depth = 0
        if self._db.in_transaction:
            try:
                _Transaction(self._db).commit()
            except sqlite3.Error as exc:
                self._set_problem(_cannot_write(self.path, exc))
                raise JournalError(self.problem or "") from None
            self._committed()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One transaction (or a part of the one :meth:`atomic` holds open); a failure
        leaves nothing written and sets :attr:`problem`."""
        if self._depth:
            try:
                if not self._db.in_transaction:
                    self._db.execute("BEGIN IMMEDIATE")
                yield
            except sqlite3.Error as exc:
                self._set_problem(_cannot_write(self.path, exc))
                raise JournalError(self.problem or "") from None
            return
        self._written = 0
        try:
            with self._transaction():
                yield
        except sqlite3.Error as exc:
            self._set_problem(_cannot_write(self.path, exc))
            raise JournalError(self.problem or "") from None
        self._committed()

    def _committed(self) -> None:
        """After a commit: the last event id kept apart from the WAL, the problem gone."""
        if self._written > self._acked:
            self._acked = self._written
            acknowledge(self.path, self._acked)
        self._set_problem(None)

    def _set_problem(self, problem: str | None) -> None:
        if problem != self.problem:
            self.problem = problem
            for listener in self.listeners:
                listener()

    def start_game(self, position: Position, **data: Any) -> int:
        """Open a new game from its start position; returns the game id."""
        now = _now()
        with self._writing():
            cur = self._db.execute(
                "INSERT INTO games (started, game, layout, players) VALUES (?, ?, ?, ?)",
                (now, position.game, position.layout.reference, ",".join(position.players)),
            )
            game_id = int(cur.lastrowid or 0)
            self._insert(game_id, "start", {"position": position.to_json(), **data}, now)
        return game_id

    def append(self, game_id: int, kind: str, data: Mapping[str, Any]) -> Event:
        """Append one event and make it durable before returning it."""
        if kind not in EVENT_KINDS:
            raise JournalError(f"unknown event kind {kind!r} (one of {', '.join(EVENT_KINDS)})")
        with self._writing():
            row = self._db.execute("SELECT finished FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None:
                raise JournalError(f"{self.path}: no game {game_id}")
            if row[0] is not None:
                raise JournalError(f"{self.path}: game {game_id} is finished")
            now = _now()
            event_id = self._insert(game_id, kind, data, now)
            if kind == "finish":
                self._db.execute("UPDATE games SET finished=? WHERE id=?", (now, game_id))
        return Event(event_id, game_id, now, kind, dict(data))

    def _insert(self, game_id: int, kind: str, data: Mapping[str, Any], at: str) -> int:
        text = json.dumps(data, ensure_ascii=False, sort_keys=True)
        cur = self._db.execute(
            "INSERT INTO events (game_id, at, kind, data) VALUES (?, ?, ?, ?)",
            (game_id, at, kind, text),
        )
        self._written = int(cur.lastrowid or 0)
        return self._written

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    # ------------------------------------------------------------------ reading

    def games(self) -> list[GameRecord]:
        """The games, oldest first (dice tray sessions are no games: :meth:`trays`)."""
        return [g for g in self._records() if g.game != TRAY]

    def trays(self) -> list[GameRecord]:
        """The dice tray's sessions, oldest first (docs/tray.md)."""
        return [g for g in self._records() if g.game == TRAY]

    def start_tray(self, groups: str = "") -> int:
        """Open a new dice tray session (``groups``: what the page named each colour's
        dice, kept as the record's ``players``); returns its id."""
        with self._writing():
            cur = self._db.execute(
                "INSERT INTO games (started, game, layout, players) VALUES (?, ?, ?, ?)",
                (_now(), TRAY, "", groups),
            )
        return int(cur.lastrowid or 0)

    def _records(self) -> list[GameRecord]:
        rows = self._db.execute(
            "SELECT id, started, game, layout, players, finished FROM games ORDER BY id"
        )
        return [GameRecord(r[0], r[1], r[2], r[3], tuple(r[4].split(",")), r[5]) for r in rows]

    def unfinished(self) -> list[GameRecord]:
        """Games to resume after a restart, oldest first."""
        return [g for g in self.games() if g.finished is None]

    def events(self, game_id: int) -> Iterator[Event]:
        return self._events(game_id, set())

    def last_id(self) -> int:
        """The newest event's id (0: none yet)."""
        return int(self._db.execute("SELECT max(id) FROM events").fetchone()[0] or 0)

    def since(self, after: int, limit: int = 100) -> list[tuple[int, int, str, str, str]]:
        """Up to ``limit`` events of any game after event id ``after``, in order, as
        (id, game id, at, kind, data as stored): what a table sends to the club hub."""
        rows = self._db.execute(
            "SELECT id, game_id, at, kind, data FROM events WHERE id>? ORDER BY id LIMIT ?",
            (after, limit),
        )
        return list(rows)

    def _events(self, game_id: int, skip: set[int]) -> Iterator[Event]:
        rows = self._db.execute(
            "SELECT id, game_id, at, kind, data FROM events WHERE game_id=? ORDER BY id",
            (game_id,),
        )
        for r in rows:
            if r[0] in skip:
                continue
            try:
                data = json.loads(r[4])
            except (json.JSONDecodeError, RecursionError):
                data = None
            if not isinstance(data, dict):
                raise JournalError(
                    bad_event_line(self.path, r[1], r[0], "its data is not readable")
                )
            yield Event(r[0], r[1], r[2], r[3], data)

    def bad_events(self) -> list[tuple[int, int, str]]:
        """Every event that cannot be read back, as (game, event id, why), in order."""
        bad = []
        for event_id, game_id, kind, stored in self._db.execute(
            "SELECT id, game_id, kind, data FROM events ORDER BY id"
        ):
            why = event_problem(kind, stored)
            if why:
                bad.append((game_id, event_id, why))
        return bad

    def first_bad_event(self, game_id: int) -> JournalError | None:
        """The error naming the first unreadable event of a game, if it has one."""
        for game, event, why in self.bad_events():
            if game == game_id:
                return JournalError(bad_event_line(self.path, game, event, why))
        return None

    def export(self, game_id: int, skip_bad: bool = False) -> dict[str, Any]:
        """A readable record of a game: its events and the announcements of its moves
        (``skip_bad``: without the events that cannot be read back, listed as ``bad``)."""
        record = next((g for g in self.games() if g.id == game_id), None)
        if record is None:
            raise JournalError(f"{self.path}: no game {game_id}")
        bad = [(e, why) for g, e, why in self.bad_events() if g == game_id] if skip_bad else []
        skipped = {e for e, _ in bad}
        events = [e for e in self._rows(game_id, skipped)]
        state = fold(events)
        return {
            "game": record.game,
            "layout": record.layout,
            "players": list(record.players),
            "started": record.started,
            "finished": record.finished,
            "announcements": state.announcements,
            "position": state.position.to_json() if state.position else None,
            "events": [
                {"id": e.id, "at": e.at, "kind": e.kind, "data": dict(e.data)} for e in events
            ],
            "bad": [{"id": e, "why": why} for e, why in bad],
        }

    def _rows(self, game_id: int, skip: set[int]) -> Iterator[Event]:
        return (e for e in self._events(game_id, skip))

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on an exception."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *rest: object) -> None:
        if exc_type:
            self.rollback()
            return
        self.commit()

    def commit(self) -> None:
        try:
            self.db.execute("COMMIT")
        except sqlite3.Error:
            self.rollback()  # e.g. a full disk at the commit: nothing of it stays
            raise

    def rollback(self) -> None:
        if self.db.in_transaction:
            with suppress(sqlite3.Error):  # else SQLite rolled back on its own
                self.db.execute("ROLLBACK")


def _probe(db: sqlite3.Connection) -> None:
    """Write to the journal without changing it: a committed rewrite of its version."""
    with _Transaction(db):
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")


#: Why a journal cannot be opened while a server runs: the server holds it alone.
IN_USE = "in use: a running companion serve (or another program) holds the journal; stop it first"


def _cannot_write(path: Path, exc: sqlite3.Error | OSError) -> str:
    """The one line of a write that failed: the file and why (a full disk named so, in
    the reader's language: "Speicher voll" / "disk full")."""
    return text("journal.cannot_write", path=str(path), reason=_reason(exc, path.parent))


def _reason(exc: sqlite3.Error | OSError, folder: Path | None = None) -> str:
    """Why a write failed, in words a person at the Pi can act on."""
    words = str(exc).lower()
    if "full" in words or (folder is not None and disk_full(folder)):
        return text("journal.full")  # also a disk I/O error on a file system with no room
    if "readonly" in words or "read-only" in words:
        return "the file or its directory is read-only"
    if "locked" in words:
        return IN_USE
    if "disk i/o" in words:
        return "a disk error (is the SD card failing or the file immutable?)"
    return str(exc)


def _refuse_damage(path: Path) -> None:
    """Refuse, in one line naming the file, a journal shorter than what it acknowledged
    or damaged otherwise (companion/store/journalcheck.py), before anything writes to it."""
    problem = damage(path)
    if problem is not None:
        raise JournalError(
            f"{path}: damaged journal: {problem}; refusing to touch it (`companion journal "
            "repair` keeps what is sound in a new journal and the damaged one beside it)"
        )


def _check_can_write(path: Path) -> None:
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


# ---------------------------------------------------------------------- bad events


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


# ---------------------------------------------------------------------- one server


def hold_data_dir(folder: Path) -> IO[str]:
    """Hold the data directory for this process (``fcntl.flock``; released at exit).

    A second ``companion serve`` on the same folder would append to the same game and
    split it; it is refused with one line naming the one that holds it.
    """
    path = folder / "companion.lock"
    try:
        handle = open(path, "a+", encoding="ascii")  # noqa: SIM115 - held until exit
    except OSError as exc:
        raise JournalError(f"{path}: cannot lock the data directory: {exc.strerror}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "?"
        handle.close()
        raise JournalError(
            f"{folder}: in use by another companion serve (pid {holder}); stop it first "
            "(sudo systemctl stop companion), or give this one another data_dir"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle


# ---------------------------------------------------------------------- folding


@dataclass(frozen=True)
class GameState:
    """What the events of a game add up to."""

    position: Position | None
    announcements: list[str]
    last_event: int


@dataclass(frozen=True)
class Kept:
    """One step of the game as it stands: the start, a move, or a position the operator
    set. ``id`` is the journal event that made it; a move a correction replaced keeps the
    id of the move it replaced, so that an undo or a second correction names it."""

    id: int
    kind: str  # "start" | "move" | "set"
    after: Mapping[str, Any]  # the position after it, as the journal stores it
    announcement: str | None = None
    roll: tuple[int, ...] = ()


def kept(events: Iterable[Event]) -> list[Kept]:
    """The steps of a game as they stand after every undo and correction, in order.

    The events are read one after the other: ``start`` begins the list; a ``move``
    (``after``, ``announcement``, ``roll``) adds to it; an ``undo`` (``undoes``) removes
    the step it names; a ``correction`` with ``position`` only (the operator set the
    board) adds a step; a correction of a move (``corrects``: the move's id, ``moves``:
    that move and every later one as replayed, each with the id it ``replaces``) puts
    those moves in place of the corrected move and everything after it, so a later move
    the referee chose to take back with it (``dropped``) is no longer there.
    """
    steps: list[Kept] = []
    for e in events:
        data = e.data
        if e.kind == "start":
            steps = [Kept(e.id, "start", data["position"])]
        elif e.kind == "move":
            roll = tuple(int(d) for d in data.get("roll", ()))
            steps.append(Kept(e.id, "move", data["after"], data.get("announcement"), roll))
        elif e.kind == "undo" and "undoes" in data:
            steps = [s for s in steps if s.id != int(data["undoes"])]
        elif e.kind == "correction" and "corrects" in data:
            at = next((i for i, s in enumerate(steps) if s.id == int(data["corrects"])), None)
            if at is None:
                continue  # names no move of the game as it stands: changes nothing
            steps = steps[:at] + [
                Kept(
                    int(m["replaces"]),
                    "move",
                    m["after"],
                    m.get("announcement"),
                    tuple(int(d) for d in m.get("roll", ())),
                )
                for m in data["moves"]
            ]
        elif e.kind == "correction":
            steps.append(Kept(e.id, "set", data["position"]))
    return steps


def read_position(data: Mapping[str, Any], layouts: dict[object, Any]) -> Position:
    """A position of the journal, its layout loaded once per game (``layouts``: the ones
    read so far, by name): loading a layout costs ~16 ms, a game holds hundreds of
    positions on the same one."""
    name = data.get("layout")
    if isinstance(name, str) and name in layouts:
        return position_from_json(data, layouts[name])
    position = position_from_json(data)
    if isinstance(name, str):
        layouts[name] = position.layout
    return position


def fold(events: list[Event]) -> GameState:
    """The state after the events: start, then moves and corrections, minus what was
    undone (:func:`kept`)."""
    steps = kept(events)
    position = position_from_json(steps[-1].after) if steps else None
    announcements = [s.announcement for s in steps if s.announcement]
    return GameState(position, announcements, events[-1].id if events else 0)


# ---------------------------------------------------------------------- checks


def _check_is_journal(path: Path) -> str:
    """Refuse, without writing, a file that is not a healthy companion journal; "empty"
    for an SQLite file without any table (a first start killed before its schema)."""
    try:
        head = path.read_bytes()[:16]
    except OSError as exc:
        raise JournalError(f"{path}: cannot read the journal: {exc.strerror}") from None
    if head != b"SQLite format 3\x00":
        raise JournalError(
            f"{path}: not a companion journal (not an SQLite database); refusing to touch it"
        )
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
            raise JournalError(f"{path}: {IN_USE}") from None
        if "full" in str(exc) or disk_full(path.parent):  # not damage: no room to open it
            raise JournalError(_cannot_write(path, exc)) from None
        raise JournalError(f"{path}: damaged journal ({exc}); refusing to touch it") from None
    if app_id == 0 and version == 0 and tables == 0 and ok == "ok":
        return "empty"
    if app_id != APPLICATION_ID:
        raise JournalError(
            f"{path}: another program's SQLite database, not a companion "
            "journal; refusing to touch it"
        )
    if version not in (1, SCHEMA_VERSION):  # 1 is read as it is, upgraded when written
        raise JournalError(
            f"{path}: journal schema {version}, this companion reads {SCHEMA_VERSION}"
        )
    if ok != "ok":
        raise JournalError(f"{path}: damaged journal ({ok}); refusing to touch it")
    return "journal"


def _upgrade(db: sqlite3.Connection) -> None:
    """Bring a journal of schema 1 to 2 in one transaction: the events table is rebuilt
    with the new kinds allowed (a CHECK constraint cannot be altered in SQLite), every
    event copied with its id, the index and the append-only triggers made anew."""
    if db.execute("PRAGMA user_version").fetchone()[0] != 1:
        return
    db.executescript(
        "BEGIN IMMEDIATE;"
        + _EVENTS.format(table="events_upgraded", kinds=_KINDS)
        + "INSERT INTO events_upgraded SELECT id, game_id, at, kind, data FROM events;"
        + "DROP TABLE events; ALTER TABLE events_upgraded RENAME TO events;"
        + _EVENT_RULES
        + f"PRAGMA user_version={SCHEMA_VERSION}; COMMIT;"
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


# ---------------------------------------------------------------------- repair


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
        with _Transaction(db):
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
