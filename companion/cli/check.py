"""``companion check POSITION --roll 5,2 [--to FIELD] [--from FIELD] "Wurf 7, ..."``.

Judges a spoken announcement.

Exit 0 legal, 1 illegal or ambiguous, 2 invalid (does not parse) or bad input.
"""

from __future__ import annotations

import argparse
import json
import sys

from companion.cli.common import add_position_argument, read_position
from companion.games.game import check, parse_roll
from companion.table.announcing import too_long
from companion.texts import text

NAME = "check"

EXIT = {"legal": 0, "illegal": 1, "ambiguous": 1, "invalid": 2}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_argument(parser)
    parser.add_argument("announcement", help=text("opt.check.announcement"))
    parser.add_argument(
        "--roll",
        required=True,
        help=text("opt.check.roll"),
    )
    parser.add_argument("--to", help=text("opt.check.to"))
    parser.add_argument("--from", dest="start", help=text("opt.check.from"))
    parser.add_argument("--json", action="store_true", help=text("opt.check.json"))


def run(args: argparse.Namespace) -> int:
    position = read_position(args)
    long = too_long(args.announcement)
    if long is not None:  # as the page and the referee answer (review s10)
        print(f"companion check: {long.reason}", file=sys.stderr)
        return EXIT["invalid"]
    roll = parse_roll(position.game, args.roll)
    verdict = check(position, roll, args.announcement, args.to, args.start)
    said = text("verdict.said", verdict=text(f"verdict.{verdict.verdict}"), reason=verdict.reason)
    if args.json:
        print(json.dumps(verdict.to_json(), ensure_ascii=False))
    elif verdict.verdict == "legal":
        print(said)
        print(verdict.announcement)
    elif verdict.verdict != "invalid":
        print(said)
    if verdict.verdict == "invalid":
        print(f"companion check: {text('check.invalid', reason=verdict.reason)}", file=sys.stderr)
    return EXIT[verdict.verdict]
