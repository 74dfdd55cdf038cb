"""``companion start``: print the opening position of a game, ready to save and edit."""

from __future__ import annotations

import argparse
import json

from companion.cli.common import players_from, whole
from companion.errors import CompanionError
from companion.games import GAMES
from companion.model.layoutfile import load_layout
from companion.model.position import start_position
from companion.texts import text

NAME = "start"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", default="gravitation", choices=sorted(GAMES), help=text("opt.common.game")
    )
    parser.add_argument(
        "--players",
        metavar="COLOURS",
        help=text("opt.start.players"),
    )
    parser.add_argument("--phase", type=whole(1, 9), help=text("opt.start.phase"))
    parser.add_argument("--layout", help=text("opt.start.layout"))
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=on|off",
        help=text("opt.start.option"),
    )
    parser.add_argument("--json", action="store_true", help=text("opt.start.json"))


def run(args: argparse.Namespace) -> int:
    players = players_from(args.players)
    layout = load_layout(args.layout) if args.layout else None
    position = start_position(args.game, players, layout, args.phase, parse_options(args.option))
    print(json.dumps(position.to_json(), ensure_ascii=False, indent=1))
    return 0


def parse_options(items: list[str]) -> dict[str, bool]:
    """``["death_push=on", "prediction=off"]`` → ``{"death_push": True, "prediction": False}``."""
    words = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}
    options = {}
    for item in items:
        name, _, value = item.partition("=")
        if value.lower() not in words:
            raise CompanionError(f"--option {item!r}: write NAME=on or NAME=off")
        options[name.strip()] = words[value.lower()]
    return options
