"""``companion journal check|export|repair``: look into the game journal, and mend it.

* ``check`` says in one line what is wrong with a damaged journal (cut short, its main
  file emptied, failing SQLite's integrity check: companion/store/journalcheck.py), else lists
  every event that cannot be read back, one line each (exit 2); it changes nothing.
* ``export --game N`` prints a game as JSON (its events and announcements).
* ``repair`` copies the journal whole beside it, then keeps every readable event and
  moves the bad ones aside (they stay in the copy; nothing is deleted); a damaged
  journal is moved aside with its WAL, byte for byte, and what can still be read of it
  becomes the journal. Stop the server
  first: the data directory is held while it runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.common import add_config_argument, print_json, read_config, whole
from companion.store.journalcheck import JournalError
from companion.texts import text, text_n

if TYPE_CHECKING:
    from companion.store.journal import Journal

NAME = "journal"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(
        dest="action", required=True, parser_class=type(parser), help=text("opt.journal.action")
    )
    for name in ("check", "export", "repair"):
        words = text(f"cmd.journal.{name}")
        action = actions.add_parser(name, help=words, description=words)
        add_config_argument(action)
        action.add_argument("--journal", metavar="FILE", help=text("opt.journal.action.journal"))
        if name == "export":
            action.add_argument(
                "--game", type=whole(1, 10**12), help=text("opt.journal.action.game")
            )


def journal_file(args: argparse.Namespace) -> Path:
    """The journal ``--journal`` names, else the config's; a one-line error if none is there."""
    path = Path(args.journal) if args.journal else read_config(args).journal_path
    if not path.is_file():
        raise JournalError(text("journal.none_here", path=str(path)))
    return path


def chosen_game(journal: Journal, game: int | None) -> int:
    """``game``, or the journal's last game when none is named."""
    games = journal.games()
    if not games:
        raise JournalError(text("journal.no_game", path=str(journal.path)))
    return game if game is not None else games[-1].id


def run(args: argparse.Namespace) -> int:
    # the journal only now: every other command starts without it (tests/test_start.py)
    from companion.store.journal import Journal
    from companion.store.lock import hold_data_dir
    from companion.store.repair import repair

    path = journal_file(args)
    if args.action == "repair":
        with hold_data_dir(path.parent):
            copy, bad = repair(path)
        print(text("journal.repaired", path=str(path), count=len(bad), copy=str(copy)))
        return 0
    with Journal(path, read_only=True) as journal:
        if args.action == "check":
            bad = journal.bad_events()
            for game, event, why in bad:
                print(f"{path}: game {game}, event {event}: {why}", file=sys.stderr)
            if not bad:
                count = len(journal.games())
                print(text_n("journal.ok", count, path=str(path)))
            return 2 if bad else 0
        print_json(journal.export(chosen_game(journal, args.game), skip_bad=True))
    return 0
