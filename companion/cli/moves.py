"""``companion moves POSITION --roll 5,2``: every legal move with its announcement.

TENET lists the next step (a whole turn can be tens of thousands); ``--turns`` lists
whole turns instead, the winning ones first, found lazily and cut at ``--limit``.
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Iterable
from typing import Any

from companion.cli.common import add_position_argument, read_position
from companion.errors import CompanionError
from companion.games import legal_moves, parse_roll
from companion.games.tenet_turns import turns

NAME = "moves"
HELP = "list every legal move of a position and a roll, with its spoken announcement"
#: Whole TENET turns listed when --limit is not given.
TURNS = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_argument(parser)
    parser.add_argument(
        "--roll",
        required=True,
        help="the dice, e.g. 5,2 (TENET: three Miwin dice in any order, e.g. 9,4,2)",
    )
    parser.add_argument(
        "--turns",
        action="store_true",
        help=f"TENET: list whole turns, winning ones first (at most --limit, default {TURNS})",
    )
    parser.add_argument("--limit", type=int, help="list at most this many moves")
    parser.add_argument("--json", action="store_true", help="one JSON object with every move")
    parser.add_argument("--gloss", action="store_true", help="add the English reading")


def run(args: argparse.Namespace) -> int:
    position = read_position(args)
    roll = parse_roll(position.game, args.roll)
    if args.limit is not None and args.limit < 1:
        raise CompanionError(f"--limit {args.limit}: list at least one move")
    found: Iterable[Any]
    limit = args.limit
    if args.turns and position.game == "tenet":
        found, limit = turns(position, roll), limit or TURNS
    else:  # every other game's move is a whole turn already
        found = legal_moves(position, roll)
    listed = list(itertools.islice(found, limit + 1 if limit else None))
    more = limit is not None and len(listed) > limit
    moves = listed[:limit] if limit else listed
    if args.json:
        print(
            json.dumps(
                {
                    "roll": list(roll),
                    "count": len(moves),
                    "more": more,
                    "moves": [m.to_json() for m in moves],
                },
                ensure_ascii=False,
            )
        )
        return 0
    for m in moves:
        print(f"{m.announcement}  {m.describe()}")
        if args.gloss:
            print(f"    {m.gloss}")
    if more:
        print(f"… more not listed (--limit {limit})")
    return 0
