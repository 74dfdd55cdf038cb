"""The journal's SQLite file as tables: its schema, the kinds of event it takes, how an
event's data is kept, one transaction, and the upgrade of an older schema.

:class:`~companion.store.journal.Journal` writes and reads games through these; they are
apart so that journal.py reads as what a journal does (append, read, continue a game),
not how SQLite is asked to do it. Nothing here knows the Journal: it works on an open
``sqlite3.Connection`` and on plain data.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from contextlib import suppress
from datetime import UTC, datetime
from typing import Any

from companion.store.journalcheck import SCHEMA_VERSION
from companion.texts import Text
from companion.texts.stored import to_data

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
#: The tables of a new journal (schema :data:`~companion.store.journalcheck.SCHEMA_VERSION`).
SCHEMA = f"""
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


def with_words(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """An event's data as it is kept: a ``reason`` that is a sentence of the catalogue
    (a verdict's objection) is kept as it reads now and, as ``reason_words``, as its key
    and values, so that a game record says it in the language it is asked for (trial
    s10: the German record showed the English objections of an English server)."""
    reason = data.get("reason")
    if not isinstance(reason, Text):
        return data
    return {**data, "reason_words": to_data(reason)}


class Transaction:
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


def probe(db: sqlite3.Connection) -> None:
    """Write to the journal without changing it: a committed rewrite of its version."""
    with Transaction(db):
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")


def upgrade(db: sqlite3.Connection) -> None:
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


def now() -> str:
    """The time an event or a game is kept with: UTC, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")
