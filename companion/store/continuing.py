"""A game continued in a new record (``serve --resume N``): the copy, and which record a
game goes on in.

A restart takes up only the newest record (:meth:`Journal.to_resume`), so an abandoned
game is taken up again by copying its events into a new record whose start says
``continues``; the old record stays as it was. These functions work on an open
:class:`~companion.store.journal.Journal` (its methods ``continue_game``,
``continuation``, ``continued_as`` and ``unfinished`` delegate here), kept apart so that
journal.py keeps the writing and reading of events.
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING

from companion.store.events import renumbered
from companion.store.journalcheck import JournalError

if TYPE_CHECKING:
    from companion.store.journal import Journal


def continue_game(journal: Journal, game_id: int, now: str) -> int:
    """A new record, started ``now``, that goes on with the unfinished game ``game_id``:
    its events copied in order (their times kept, the events they name renumbered:
    :func:`~companion.store.events.renumbered`), its start saying ``continues``. The old
    record stays as it was, no longer counted unfinished (:func:`continuation` leads
    from it to the copy). Returns the new game's id."""
    record = next((g for g in journal.games() if g.id == game_id), None)
    if record is None or record.finished is not None:
        raise JournalError(f"{journal.path}: no unfinished game {game_id}")
    events = list(journal.events(game_id))
    with journal._writing():
        cur = journal._db.execute(
            "INSERT INTO games (started, game, layout, players) VALUES (?, ?, ?, ?)",
            (now, record.game, record.layout, ",".join(record.players)),
        )
        new = int(cur.lastrowid or 0)
        ids: dict[int, int] = {}
        for e in events:
            data = {**e.data, "continues": game_id} if e.kind == "start" else e.data
            ids[e.id] = journal._insert(new, e.kind, renumbered(e.kind, data, ids), e.at)
    return new


def continuation(db: sqlite3.Connection, game_id: int) -> int:
    """The record game ``game_id`` goes on in: the newest record that continues it,
    followed through the copies of copies (``serve --resume N``), else the game itself."""
    later = continued(db)
    while game_id in later:
        game_id = later[game_id]
    return game_id


def continued_as(db: sqlite3.Connection, game_id: int) -> int | None:
    """The record that copied game ``game_id`` to go on with it (the newest such, one
    step: :func:`continuation` follows the copies of copies), else None."""
    return continued(db).get(game_id)


def continued(db: sqlite3.Connection) -> dict[int, int]:
    """Each game that a later record continues → the newest such record, read from the
    copies' start events (``continues``); a start that cannot be read names none."""
    later: dict[int, int] = {}
    for game_id, stored in db.execute(
        "SELECT game_id, data FROM events WHERE kind='start' ORDER BY id"
    ):
        try:
            data = json.loads(stored)
        except (json.JSONDecodeError, RecursionError, TypeError):
            continue
        old = data.get("continues") if isinstance(data, dict) else None
        if isinstance(old, int) and old < game_id:  # a copy is newer than what it copies
            later[old] = game_id
    return later
