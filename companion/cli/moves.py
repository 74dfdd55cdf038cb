"""``companion moves POSITION --roll 5,2 [--limit N]``: every legal move with its announcement.

The moves are printed as they are generated (a roll can have a hundred thousand), so the
first lines come at once and memory stays small; ``--limit`` stops after N moves.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Iterator
from itertools import islice

from companion.cli.common import add_position_argument, read_position
from companion.games import GameMove, legal_moves, parse_roll, zwianer
from companion.position import Position

NAME = "moves"
HELP = "list every legal move of a position and a roll, with its spoken announcement"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_argument(parser)
    parser.add_argument(
        "--roll", required=True, help="the dice, e.g. 5,2 (TENET: three Miwin dice, e.g. 9,4,2)"
    )
    parser.add_argument(
        "--json", action="store_true", help="one JSON object with the moves (and their count)"
    )
    parser.add_argument("--gloss", action="store_true", help="add the English reading")
    parser.add_argument(
        "--limit", type=_limit, metavar="N", help="stop after the first N moves (canonical order)"
    )


def _limit(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            f"a limit is a whole number of moves, 1 or more, not {text!r}"
        )
    return int(text)


def _moves(position: Position, roll: tuple[int, ...]) -> Iterator[GameMove]:
    """The legal moves, generated one by one where the engine can (Gravitation, Tunnel X)."""
    if position.game in ("gravitation", "tunnelx"):
        return iter(zwianer(position.game).generate(position, roll))
    return iter(legal_moves(position, roll))


def run(args: argparse.Namespace) -> int:
    position = read_position(args)
    roll = parse_roll(position.game, args.roll)
    moves: Iterable[GameMove] = islice(_moves(position, roll), args.limit)
    if args.json:  # one object, written as the moves come
        print(f'{{"roll": {json.dumps(list(roll))}, "moves": [', end="")
        count = 0
        for m in moves:
            print(("," if count else "") + json.dumps(m.to_json(), ensure_ascii=False), end="")
            count += 1
        print(f'], "count": {count}}}')
        return 0
    for m in moves:
        print(f"{m.announcement}  {m.describe()}")
        if args.gloss:
            print(f"    {m.gloss}")
    return 0
