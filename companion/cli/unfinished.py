"""serve's unfinished games: the list ``serve --resume`` prints, the check of
``--resume N``, and what serve's log says of the journal it opened.

Each game is told apart by more than its start time (new-user trial s12 L1: two games begun
the same minute read alike): its number of moves, and for a record that ``--resume``
copied, the game it continues. The list is only read, so it needs neither the data
directory's lock nor the port: beside a running server it reads a copy of the journal, as
``companion export`` does (companion/store/snapshot.py; trial s12 L2 was refused "in use",
and the list itself exited 2 as an error).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import CompanionError
from companion.store.aside import moves_of, set_aside
from companion.texts import Joined, colours, game_name, text, text_n

if TYPE_CHECKING:
    from companion.store.journal import GameRecord, Journal
    from companion.table.table import Table


def listing(path: Path) -> str:
    """What ``serve --resume`` (no N) prints: a head line naming the journal and how to go
    on, then one line a game; or that there are none (also where no journal is yet)."""
    from companion.store.snapshot import readable_journal

    if not path.is_file() or path.stat().st_size == 0:
        return text("serve.unfinished_none", path=str(path))
    with readable_journal(path) as journal:
        newest = journal.to_resume()
        on = newest.id if newest is not None else None
        games = [g for g in journal.unfinished() if g.id == on or moves_of(journal, g.id) != 0]
        empty = sorted({g.id for g in journal.unfinished()} - {g.id for g in games})
        lines = [_entry(journal, g) for g in games]
    if not games:
        return text("serve.unfinished_none", path=str(path))
    if newest is not None:  # the game on the table, or the one a start without --resume
        lines[-1] += " " + text("serve.unfinished_newest")  # goes on with (trial s13 L6)
    if empty:  # records of no move are no game to go on with (a --new-game by mistake)
        lines.append(text_n("serve.unfinished_empty", len(empty), ids=Joined(empty, ", ", ", ")))
    return "\n".join([text("serve.unfinished_head", path=str(path)), *(f"  {g}" for g in lines)])


def entries(journal: Journal) -> list[str]:
    """Each unfinished game in a few words: number, game, players, when its record
    began, its moves, and the game it continues where ``--resume`` copied one."""
    return [_entry(journal, g) for g in journal.unfinished()]


def _entry(journal: Journal, game: GameRecord) -> str:
    from companion.store.events import fold

    said = {
        "id": game.id,
        "game": game_name(game.game),
        "players": colours(game.players),
        "at": game.started[:16].replace("T", " "),
    }
    try:
        events = list(journal.events(game.id))
        said["moves"] = text_n("serve.moves", len(fold(events).announcements))
    except (CompanionError, KeyError, TypeError, ValueError):  # a damaged record: listed still
        return text("serve.unfinished_unreadable", **said)
    continues = events[0].data.get("continues") if events and events[0].kind == "start" else None
    if isinstance(continues, int):
        return text("serve.unfinished_copy", old=continues, **said)
    return text("serve.unfinished_game", **said)


def check_take_up(args: argparse.Namespace, path: Path) -> None:
    """``--resume N`` names an unfinished game of the journal, and no --new-game: else
    one line that lists the unfinished games (:func:`entries`), from which the club picks
    (``companion export --game N`` shows one's record)."""
    from companion.store.journal import Journal

    if args.new_game:
        raise CompanionError(text("serve.resume_new_game", id=args.resume))
    with Journal(path) as journal:
        unfinished = journal.unfinished()
        goes_on = journal.continuation(args.resume)
        games = entries(journal)
    if any(g.id == goes_on for g in unfinished):
        return  # game N, or the record that continues it (Table.new follows there)
    said = Joined(games, ", ", ", ") if games else text("serve.no_unfinished")
    key = "serve.resume_none" if goes_on == args.resume else "serve.resume_finished"
    raise CompanionError(text(key, path=str(path), id=args.resume, new=goes_on, games=said))


def journal_said(args: argparse.Namespace, table: Table, path: Path) -> list[str]:
    """The log's lines on the journal: a new game (and the unfinished game it set aside,
    with how to go back to it: trial s12 L3), the newest resumed, or an older game taken up
    with --resume as a new record, with the moves it carries; a tray's page has its own
    line (the referee's game beside it is nobody's news)."""
    if args.tray:
        return [text("serve.journal_tray", path=str(path))]
    if not table.resumed:
        said = [text("serve.journal_new", path=str(path))]
        aside = set_aside(table.journal, table.referee.game_id) if table.journal else None
        return said + ([text("serve.set_aside", id=aside.id)] if aside is not None else [])
    if args.resume and table.referee.game_id != args.resume and table.journal is not None:
        from companion.store.events import fold

        count = len(fold(list(table.journal.events(table.referee.game_id))).announcements)
        now, moves = table.referee.game_id, text_n("serve.moves", count)
        return [
            text("serve.journal_continued", path=str(path), id=args.resume, new=now, moves=moves)
        ]
    return [text("serve.journal_resumed", path=str(path))]
