"""The unfinished game a new game set aside (``serve --new-game``, the page's "New
game"): the record just before the new one, where that is a game left unfinished, the
one a restart would have gone on with. serve's log names it, the page says it while the
new game has no move (new-user trial s13 M3: only the Pi's log said so), and a
``--new-game`` without ``--game`` starts a game of its kind."""

from __future__ import annotations

from companion.store.journal import GameRecord, Journal


def set_aside(journal: Journal, new: int) -> GameRecord | None:
    """The unfinished game that the new game ``new`` set aside, else None."""
    before = [g for g in journal.games() + journal.trays() if g.id < new]
    last = max(before, key=lambda g: g.id, default=None)
    unfinished = {g.id for g in journal.unfinished()}
    return last if last is not None and last.id in unfinished else None


def set_aside_played(journal: Journal, new: int) -> tuple[GameRecord, int | None] | None:
    """The unfinished game with moves that the new game ``new`` set aside, and its moves
    (None where it cannot be read: named still, as the list names it), else None. Records
    of no move just before it are passed over, as ``serve --resume``'s list leaves them
    out (a ``--new-game`` by mistake, a game discarded on the page: review s13b finding 4
    named such a record, and not the game of two moves before it); a finished game or a
    tray session before it ends the look back."""
    unfinished = {g.id for g in journal.unfinished()}
    before = [g for g in journal.games() + journal.trays() if g.id < new]
    for record in sorted(before, key=lambda g: g.id, reverse=True):
        if record.id not in unfinished:
            return None
        moves = moves_of(journal, record.id)
        if moves != 0:
            return record, moves
    return None


def moves_of(journal: Journal, game: int) -> int | None:
    """How many moves game ``game`` holds as it stands; None where it cannot be read."""
    from companion.errors import CompanionError
    from companion.store.events import fold

    try:
        return len(fold(list(journal.events(game))).announcements)
    except (CompanionError, KeyError, TypeError, ValueError):
        return None
