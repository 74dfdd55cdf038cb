"""The journal: every game as an append-only SQLite event log that survives a power cut.

Each event (start, roll, still board, move, verdict, correction, undo, finish) is one row,
committed on its own with ``synchronous=FULL`` in WAL mode, so that once :meth:`append`
returns the event is on the disk. Rows are never changed or deleted (triggers refuse
it); an undo is a new event that names the one it takes back. The referee resumes a game
by folding its events (:func:`fold`).

A file that is not a companion journal — a corrupt one, or another program's SQLite
database — is refused with one line and never written to.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.position import Position, position_from_json

APPLICATION_ID = 0x42434A31  # "BCJ1": marks the file as a board-companion journal
SCHEMA_VERSION = 1
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
)

_SCHEMA = f"""
CREATE TABLE games (
    id        INTEGER PRIMARY KEY,
    started   TEXT NOT NULL,
    game      TEXT NOT NULL,
    layout    TEXT NOT NULL,
    players   TEXT NOT NULL,
    finished  TEXT
);
CREATE TABLE events (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games(id),
    at        TEXT NOT NULL,
    kind      TEXT NOT NULL CHECK (kind IN ({", ".join(repr(k) for k in EVENT_KINDS)})),
    data      TEXT NOT NULL
);
CREATE INDEX events_by_game ON events(game_id, id);
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
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

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        existed = self.path.exists() and self.path.stat().st_size > 0
        if existed:
            _check_is_journal(self.path)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise JournalError(f"{self.path}: cannot open the journal: {exc}") from None
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # fsync the WAL on every commit
        self._db.execute("PRAGMA foreign_keys=ON")
        if not existed:  # one transaction: a half-made journal is never left behind
            self._db.executescript(
                f"BEGIN IMMEDIATE; {_SCHEMA} PRAGMA application_id={APPLICATION_ID}; "
                f"PRAGMA user_version={SCHEMA_VERSION}; COMMIT;"
            )

    # ------------------------------------------------------------------ writing

    def start_game(self, position: Position, **data: Any) -> int:
        """Open a new game from its start position; returns the game id."""
        now = _now()
        with self._transaction():
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
        with self._transaction():
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
        return int(cur.lastrowid or 0)

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    # ------------------------------------------------------------------ reading

    def games(self) -> list[GameRecord]:
        rows = self._db.execute(
            "SELECT id, started, game, layout, players, finished FROM games ORDER BY id"
        )
        return [GameRecord(r[0], r[1], r[2], r[3], tuple(r[4].split(",")), r[5]) for r in rows]

    def unfinished(self) -> list[GameRecord]:
        """Games to resume after a restart, oldest first."""
        return [g for g in self.games() if g.finished is None]

    def events(self, game_id: int) -> Iterator[Event]:
        rows = self._db.execute(
            "SELECT id, game_id, at, kind, data FROM events WHERE game_id=? ORDER BY id",
            (game_id,),
        )
        for r in rows:
            yield Event(r[0], r[1], r[2], r[3], json.loads(r[4]))

    def export(self, game_id: int) -> dict[str, Any]:
        """A readable record of a game: its events and the announcements of its moves."""
        record = next((g for g in self.games() if g.id == game_id), None)
        if record is None:
            raise JournalError(f"{self.path}: no game {game_id}")
        events = list(self.events(game_id))
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
        }

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
        self.db.execute("ROLLBACK" if exc_type else "COMMIT")


# ---------------------------------------------------------------------- folding


@dataclass(frozen=True)
class GameState:
    """What the events of a game add up to."""

    position: Position | None
    announcements: list[str]
    last_event: int


def fold(events: list[Event]) -> GameState:
    """The state after the events: start, then moves and corrections, minus what was undone.

    A ``move`` event carries ``after`` (the position after it) and ``announcement``; a
    ``correction`` carries ``position`` (set by the operator); an ``undo`` carries
    ``undoes``, the id of the move or correction it takes back.
    """
    undone = {int(e.data["undoes"]) for e in events if e.kind == "undo" and "undoes" in e.data}
    history: list[tuple[dict[str, Any], str | None]] = []
    for e in events:
        if e.id in undone:
            continue
        if e.kind == "start":
            history = [(e.data["position"], None)]
        elif e.kind == "move":
            history.append((e.data["after"], e.data.get("announcement")))
        elif e.kind == "correction":
            history.append((e.data["position"], None))
    position = position_from_json(history[-1][0]) if history else None
    announcements = [a for _, a in history if a]
    return GameState(position, announcements, events[-1].id if events else 0)


# ---------------------------------------------------------------------- checks


def _check_is_journal(path: Path) -> None:
    """Refuse, without writing, a file that is not a healthy companion journal."""
    try:
        head = path.read_bytes()[:16]
    except OSError as exc:
        raise JournalError(f"{path}: cannot read the journal: {exc.strerror}") from None
    if head != b"SQLite format 3\x00":
        raise JournalError(
            f"{path}: not a companion journal (not an SQLite database); refusing to touch it"
        )
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            ok = db.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise JournalError(f"{path}: damaged journal ({exc}); refusing to touch it") from None
    if app_id != APPLICATION_ID:
        raise JournalError(
            f"{path}: another program's SQLite database, not a companion "
            "journal; refusing to touch it"
        )
    if version != SCHEMA_VERSION:
        raise JournalError(
            f"{path}: journal schema {version}, this companion reads {SCHEMA_VERSION}"
        )
    if ok != "ok":
        raise JournalError(f"{path}: damaged journal ({ok}); refusing to touch it")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
