"""Which record a game goes on in, once ``serve --resume N`` has continued it in a new one.

A restart takes up only the newest record, so an abandoned game is taken up again by
copying its events into a new record whose start event says ``continues`` (the old
record stays as it was). These functions read those start events, as the journal keeps
them (game id, data as stored), and follow the copies; the journal asks them
(:meth:`~companion.store.journal.Journal.continuation`, ``continued_as``, ``unfinished``)
and nothing here holds a journal.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping


def continued(starts: Iterable[tuple[int, str]]) -> dict[int, int]:
    """Each game that a later record continues → the newest such record, from the start
    events (game id, data as stored) oldest first; a start that cannot be read names none."""
    later: dict[int, int] = {}
    for game_id, stored in starts:
        try:
            data = json.loads(stored)
        except (json.JSONDecodeError, RecursionError, TypeError):
            continue
        old = data.get("continues") if isinstance(data, dict) else None
        if isinstance(old, int) and old < game_id:  # a copy is newer than what it copies
            later[old] = game_id
    return later


def followed(continued: Mapping[int, int], game_id: int) -> int:
    """The record game ``game_id`` goes on in: the newest record that continues it,
    followed through the copies of copies, else the game itself."""
    while game_id in continued:
        game_id = continued[game_id]
    return game_id
