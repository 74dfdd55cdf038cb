"""``companion export``: a game's record to take home, as the page's ``/game/<id>.txt``
(one line per turn: who rolled what, the announcements, what the referee objected) or,
with ``--json``, as ``/game/<id>.json`` (every journal event, and the turns).

With ``--tray`` it prints the dice tray's last session instead (``--game N``: session N):
every die of every roll as CSV, or with ``--json`` the rolls and the fairness of each die
kind and colour (docs/tray.md).

It reads the journal of the data directory (``--data-dir``, as serve and pin take it,
else the config's) or ``--journal FILE``. While ``companion serve`` runs, the server holds
the journal alone, so a copy of it is read (companion/store/snapshot.py): a club reads the
record during a game, and the server is not disturbed (new-user trial s11 L5: "in use …
stop it first").
"""

from __future__ import annotations

import argparse

from companion.cli.common import (
    add_config_argument,
    add_data_dir_argument,
    add_json_argument,
    print_json,
    whole,
)
from companion.cli.journal import chosen_game, journal_file
from companion.texts import text

NAME = "export"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_config_argument(parser)
    add_data_dir_argument(parser)
    parser.add_argument("--journal", metavar="FILE", help=text("opt.export.journal"))
    parser.add_argument("--game", type=whole(1, 10**12), help=text("opt.export.game"))
    parser.add_argument(
        "--tray",
        action="store_true",
        help=text("opt.export.tray"),
    )
    add_json_argument(parser)


def run(args: argparse.Namespace) -> int:
    # the journal only now: every other command starts without it (tests/test_start.py)
    from companion.store.snapshot import readable_journal

    if args.tray:
        from companion.tray.export import csv_text, json_record
        from companion.tray.history import session_rolls

        with readable_journal(journal_file(args)) as journal:
            session, rolls = session_rolls(journal, args.game)
        if args.json:
            print_json(json_record(session, rolls))
        else:
            print(csv_text(rolls), end="")
        return 0
    # the rules only now: every other command starts without the table (import time)
    from companion.store.record import game_record, record_text
    from companion.table.settled import WITH_RULES

    with readable_journal(journal_file(args)) as journal:
        record = game_record(journal, chosen_game(journal, args.game), WITH_RULES)
    if args.json:
        print_json(record)
    else:
        print(record_text(record), end="")
    return 0
