"""``companion export``: a game's record to take home, as the page's ``/game/<id>.txt``
(one line per turn: who rolled what, the announcements, what the referee objected) or,
with ``--json``, as ``/game/<id>.json`` (every journal event, and the turns).

It reads the journal of the config's data directory (or ``--journal``); while
``companion serve`` runs, the server holds the journal, so download from its page then.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.cli.common import (
    add_config_argument,
    add_json_argument,
    print_json,
    read_config,
    whole,
)
from companion.journal import Journal, JournalError
from companion.record import game_record, record_text

NAME = "export"
HELP = "print a game's record: its turns as text, or every event as JSON (--json)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_config_argument(parser)
    parser.add_argument(
        "--journal", metavar="FILE", help="the journal (default: the config's data_dir)"
    )
    parser.add_argument("--game", type=whole(1, 10**12), help="the game's id (default: the last)")
    add_json_argument(parser)


def run(args: argparse.Namespace) -> int:
    path = Path(args.journal) if args.journal else read_config(args).journal_path
    if not path.is_file():
        raise JournalError(f"{path}: no journal here")
    with Journal(path, read_only=True) as journal:
        games = journal.games()
        if not games:
            raise JournalError(f"{path}: no game recorded yet")
        record = game_record(journal, args.game if args.game is not None else games[-1].id)
    if args.json:
        print_json(record)
    else:
        print(record_text(record), end="")
    return 0
