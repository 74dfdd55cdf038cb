"""``companion render POSITION -o FILE``: the position as an SVG or PNG picture."""

from __future__ import annotations

import argparse

from companion.cli.common import add_json_argument, add_position_argument, print_json, read_position
from companion.render import draw_board, save

NAME = "render"
HELP = "draw a position as SVG or PNG (the file name's ending decides)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_position_argument(parser)
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE",
        help="where to write the picture: out.svg or out.png",
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=2.0,
        metavar="PX_PER_MM",
        help="PNG pixels per board millimetre (default 2: a 1320 px board)",
    )
    add_json_argument(parser)


def run(args: argparse.Namespace) -> int:
    position = read_position(args)
    path = save(draw_board(position.layout, position), args.output, args.scale)
    if args.json:
        print_json({"output": str(path), "layout": position.layout.name})
    else:
        print(f"wrote {path}")
    return 0
