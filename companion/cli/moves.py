"""``companion moves POSITION --roll 5,2 [--limit N]``: every legal move with its announcement.

The moves are printed as they are generated (a roll can have a hundred thousand), so the
first lines come at once and memory stays small; ``--limit`` stops after N moves. TENET
lists the next step (a whole turn can be tens of thousands); ``--turns`` lists whole
turns instead, the winning ones first, found lazily and cut at ``--limit`` (default 20).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from itertools import islice
from typing import Any

from companion.cli.common import add_position_argument, read_position
from companion.games.game import game
from companion.texts import text

NAME = "moves"
#: Whole TENET turns listed when --limit is not given.
TURNS = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_argument(parser)
    parser.add_argument(
        "--roll",
        required=True,
        help=text("opt.moves.roll"),
    )
    parser.add_argument(
        "--turns",
        action="store_true",
        help=text("opt.moves.turns", turns=TURNS),
    )
    parser.add_argument("--json", action="store_true", help=text("opt.moves.json"))
    parser.add_argument("--gloss", action="store_true", help=text("opt.moves.gloss"))
    parser.add_argument("--limit", type=_limit, metavar="N", help=text("opt.moves.limit"))


def _limit(given: str) -> int:
    if not given.isdigit() or int(given) < 1:
        raise argparse.ArgumentTypeError(text("cli.limit", value=repr(given[:20])))
    return int(given)


def run(args: argparse.Namespace) -> int:
    position = read_position(args)
    rules = game(position.game)
    roll = rules.parse_roll(args.roll)
    found: Iterable[Any] | None = rules.turns(position, roll) if args.turns else None
    limit = args.limit
    if found is not None:  # TENET: whole turns, not steps
        limit = limit or TURNS
    else:  # the moves one by one (in every other game a move is a whole turn already)
        found = rules.generate(position, roll)
    ahead = islice(found, None if limit is None else limit + 1)  # one more: are there more?
    moves = islice(ahead, limit)
    if args.json:  # one object, written as the moves come
        print(f'{{"roll": {json.dumps(list(roll))}, "moves": [', end="")
        count = 0
        for m in moves:
            print(("," if count else "") + json.dumps(m.to_json(), ensure_ascii=False), end="")
            count += 1
        more = next(ahead, None) is not None
        print(f'], "count": {count}, "more": {json.dumps(more)}}}')
        return 0
    for m in moves:
        print(f"{m.announcement}  {m.describe()}")
        if args.gloss:
            print(f"    {m.gloss}")
    if next(ahead, None) is not None:
        print(text("moves.more", limit=limit))
    return 0
