"""The hub's own copy of every table's events and state, in SQLite (``hub.sqlite``).

Events are kept by (club, table, id): an event that arrives twice is kept once. Each
carries ``prev``, the id before it in its table's journal, so the store knows how far a
table's events are complete (:meth:`HubStore.complete_to`); past a gap the listener asks
the table to send again. Only the listener's thread writes; the page reads.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    club TEXT NOT NULL, tbl TEXT NOT NULL, id INTEGER NOT NULL, prev INTEGER NOT NULL,
    game INTEGER NOT NULL, at TEXT NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (club, tbl, id)
);
CREATE TABLE IF NOT EXISTS states (
    club TEXT NOT NULL, tbl TEXT NOT NULL, state TEXT NOT NULL,
    PRIMARY KEY (club, tbl)
);
CREATE TABLE IF NOT EXISTS labels (
    club TEXT NOT NULL, tbl TEXT NOT NULL, label TEXT NOT NULL DEFAULT '',
    archived INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (club, tbl)
);
CREATE TABLE IF NOT EXISTS rounds (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, started TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class TableState:
    club: str
    name: str
    state: dict[str, Any]
    label: str = ""  # the organisers' name for it ("Finale, Tisch 1")
    archived: bool = False  # off the overview (its games stay)

    @property
    def key(self) -> tuple[str, str]:
        return self.club, self.name


class HubStore:
    """Every table's events and last state; safe to use from several threads."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(_SCHEMA)
        self._complete: dict[tuple[str, str], int] = {}

    def add_event(self, club: str, table: str, event: dict[str, Any]) -> bool:
        """Keep ``event`` (a checked message); False when it was already kept."""
        row = (club, table, event["id"], event["prev"], event["game"], event["at"])
        text = json.dumps(event["data"], ensure_ascii=False, sort_keys=True)
        with self._lock:
            cur = self._db.execute(
                "INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (*row, event["kind"], text),
            )
            return cur.rowcount == 1

    def complete_to(self, club: str, table: str) -> int:
        """The last id up to which ``table``'s events have no gap (0: none yet)."""
        key = (club, table)
        with self._lock:
            last = self._complete.get(key, 0)
            while True:
                row = self._db.execute(
                    "SELECT id FROM events WHERE club=? AND tbl=? AND prev=? ORDER BY id LIMIT 1",
                    (club, table, last),
                ).fetchone()
                if row is None:
                    break
                last = int(row[0])
            self._complete[key] = last
            return last

    def newest(self, club: str, table: str) -> int:
        with self._lock:
            row = self._db.execute(
                "SELECT max(id) FROM events WHERE club=? AND tbl=?", (club, table)
            ).fetchone()
        return int(row[0] or 0)

    def set_state(self, club: str, table: str, state: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO states VALUES (?, ?, ?)",
                (club, table, json.dumps(state, ensure_ascii=False)),
            )

    def tables(self) -> list[TableState]:
        """Every table heard of, by club and name, with the organisers' label."""
        with self._lock:
            rows = self._db.execute(
                "SELECT s.club, s.tbl, s.state, coalesce(l.label, ''), coalesce(l.archived, 0) "
                "FROM states s LEFT JOIN labels l ON l.club = s.club AND l.tbl = s.tbl "
                "ORDER BY s.club, s.tbl"
            )
            return [TableState(c, t, json.loads(s), lb, bool(a)) for c, t, s, lb, a in rows]

    def organise(self, club: str, table: str, label: str, archived: bool) -> None:
        """The organisers name a table, or take it off the overview (or back)."""
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO labels VALUES (?, ?, ?, ?)",
                (club, table, label, int(archived)),
            )

    def start_round(self, name: str, started: str) -> None:
        with self._lock:
            self._db.execute("INSERT INTO rounds (name, started) VALUES (?, ?)", (name, started))

    def current_round(self) -> tuple[str, str] | None:
        """The round the organisers started last: (name, when), or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT name, started FROM rounds ORDER BY id DESC LIMIT 1"
            ).fetchone()
        return (str(row[0]), str(row[1])) if row else None

    def events(self, club: str, table: str, game: int | None = None) -> list[dict[str, Any]]:
        """A table's events in order (of one game: ``game``), as the journal exports them."""
        query = "SELECT id, game, at, kind, data FROM events WHERE club=? AND tbl=?"
        args: tuple[Any, ...] = (club, table)
        if game is not None:
            query, args = query + " AND game=?", (*args, game)
        with self._lock:
            rows = list(self._db.execute(query + " ORDER BY id", args))
        return [
            {"id": i, "game": g, "at": at, "kind": kind, "data": json.loads(data)}
            for i, g, at, kind, data in rows
        ]

    def games(self, club: str, table: str) -> list[int]:
        with self._lock:
            rows = self._db.execute(
                "SELECT DISTINCT game FROM events WHERE club=? AND tbl=? ORDER BY game",
                (club, table),
            )
            return [int(r[0]) for r in rows]

    def close(self) -> None:
        self._db.close()
