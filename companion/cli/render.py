"""``companion render [POSITION] -o FILE``: a position, or a bare board, as SVG or PNG.

With a POSITION the pieces are drawn on its layout (``--layout`` replaces the one the
position names). Without one, ``--layout NAME`` draws the empty board: how a club checks
a layout file it measured, and how the boards of docs/positions.md were drawn.
"""

from __future__ import annotations

import argparse

from companion.cli.common import add_json_argument, print_json, read_position
from companion.errors import CompanionError
from companion.layout import load_layout
from companion.render import draw_board, save

NAME = "render"
HELP = "draw a position, or an empty board with --layout, as SVG or PNG (the file name decides)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "position",
        metavar="POSITION",
        nargs="?",
        help="a position file in the JSON form of docs/positions.md ('-' reads stdin); "
        "without it, --layout names the empty board to draw",
    )
    parser.add_argument(
        "--layout",
        metavar="LAYOUT",
        help="a layout name (gravitation, tuerme, tenet) or file: the board to draw, "
        "or the one to read the position on instead of the one it names",
    )
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
        help="PNG pixels per board millimetre (default 2: a 1320 px Gravitation board)",
    )
    add_json_argument(parser)


def run(args: argparse.Namespace) -> int:
    if not args.scale > 0:
        raise CompanionError(
            f"--scale must be a positive number of pixels per mm, not {args.scale}"
        )
    if args.position is None:
        if not args.layout:
            raise CompanionError("nothing to draw: give a POSITION file or --layout NAME")
        layout = load_layout(args.layout)
        scene = draw_board(layout)
    else:
        position = read_position(args)
        layout = position.layout
        scene = draw_board(layout, position)
    path = save(scene, args.output, args.scale)
    if args.json:
        print_json({"output": str(path), "layout": layout.name})
    else:
        print(f"wrote {path}")
    return 0
