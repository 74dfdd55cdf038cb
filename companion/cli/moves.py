"""``companion moves POSITION --roll 5,2``: every legal move with its announcement."""

from __future__ import annotations

import argparse
import json

from companion.cli.common import add_position_argument, read_position
from companion.games import legal_moves, parse_roll

NAME = "moves"
HELP = "list every legal move of a position and a roll, with its spoken announcement"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_argument(parser)
    parser.add_argument(
        "--roll", required=True, help="the dice, e.g. 5,2 (TENET: three Miwin dice, e.g. 9,4,2)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object with every move")
    parser.add_argument("--gloss", action="store_true", help="add the English reading")


def run(args: argparse.Namespace) -> int:
    position = read_position(args)
    roll = parse_roll(position.game, args.roll)
    moves = legal_moves(position, roll)
    if args.json:
        print(
            json.dumps(
                {"roll": list(roll), "count": len(moves), "moves": [m.to_json() for m in moves]},
                ensure_ascii=False,
            )
        )
        return 0
    for m in moves:
        print(f"{m.announcement}  {m.describe()}")
        if args.gloss:
            print(f"    {m.gloss}")
    return 0
