"""``companion join POSITION COLOUR``: a TENET player joins mid-game.

R§6 (seed 004, Bemerkung): "Sollte während eines Spieles ein neuer Spieler hinzukommen,
so kann dieser Spieler einfach seine Kugeln ins Startfeld legen und mitspielen." Prints
the position with the new player's nine balls on start; they play after every player
already at the table (docs/tenet.md). Exit 2 for a colour that plays already, a full
table or a game other than TENET.
"""

from __future__ import annotations

import argparse
import json

from companion.cli.common import add_position_argument, read_position
from companion.texts import text

NAME = "join"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_argument(parser)
    parser.add_argument("colour", metavar="COLOUR", help=text("opt.join.colour"))


def run(args: argparse.Namespace) -> int:
    from companion.games.tenet.rules import join  # TENET's rules: loaded when asked for

    position = join(read_position(args), args.colour.strip())
    print(json.dumps(position.to_json(), ensure_ascii=False, indent=1))
    return 0
