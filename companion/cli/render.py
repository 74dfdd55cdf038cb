"""``companion render [POSITION] -o FILE``: a position, or a bare board, as SVG or PNG.

With a POSITION the pieces are drawn on its layout (``--layout`` replaces the one the
position names). Without one, ``--layout NAME`` draws the empty board: how a club checks
a layout file it measured, and how the boards of docs/positions.md were drawn. A board
file ``{"fields": {"r3c3": "black"}}`` (calibration/README.md) with ``--layout`` draws a
club's own board with its pieces, e.g. the known photo ``calibrate colours`` learns from;
"-" reads either from stdin.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.common import add_json_argument, print_json, read_position, whole
from companion.errors import CompanionError
from companion.model.layout import Layout
from companion.model.layoutfile import load_layout
from companion.model.position import Position, parse_position
from companion.textfile import read_stdin, read_text
from companion.texts import text

if TYPE_CHECKING:
    from companion.render.scene import Scene

NAME = "render"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "position",
        metavar="POSITION",
        nargs="?",
        help=text("opt.render.position"),
    )
    parser.add_argument(
        "--layout",
        metavar="LAYOUT",
        help=text("opt.render.layout"),
    )
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FILE",
        help=text("opt.render.output"),
    )
    parser.add_argument(
        "--scale",
        type=float,  # checked in run(): more than 0, at most 20
        default=2.0,
        metavar="PX_PER_MM",
        help=text("opt.render.scale"),
    )
    parser.add_argument(
        "--photo",
        action="store_true",
        help=text("opt.render.photo"),
    )
    parser.add_argument(
        "--seed",
        type=whole(0, 2**32 - 1),
        default=0,
        help=text("opt.render.seed"),
    )
    parser.add_argument("--hand", action="store_true", help=text("opt.render.hand"))
    add_json_argument(parser)


def run(args: argparse.Namespace) -> int:
    from companion.render import draw_board, save

    if not 0 < args.scale <= 20:
        raise CompanionError(text("render.scale", scale=args.scale))
    subject: Position | Layout
    stdin = read_stdin("position") if args.position == "-" else None  # read once, then told
    if args.position is None:
        if not args.layout:
            raise CompanionError(text("render.nothing"))
        subject = layout = load_layout(args.layout)
        scene = draw_board(layout)
    elif _board_file(args.position, stdin):  # a club's own board with its pieces
        if not args.layout:
            raise CompanionError(text("render.board_file_layout", path=_name(args.position)))
        subject = layout = load_layout(args.layout)
        scene = draw_board(layout, stones=_stones(args.position, stdin, layout))
    else:
        if stdin is None:
            subject = position = read_position(args)
        else:
            on = load_layout(args.layout) if args.layout else None
            subject = position = parse_position(stdin, source="stdin", layout=on)
        layout = position.layout
        scene = draw_board(layout, position)
    path = _photo(subject, scene, args) if args.photo else save(scene, args.output, args.scale)
    if args.json:
        print_json({"output": str(path), "layout": layout.name})
    else:
        print(text("render.wrote", path=str(path)))
    return 0


def _board_file(path: str, stdin: str | None) -> bool:
    """Whether POSITION (a path, or ``stdin``'s text for "-") is a board file ``{"fields":
    {"ID": "COLOUR"}}`` (calibration/README.md, the shape read-board --json prints);
    anything unreadable is left to read_position."""
    try:
        data = json.loads(read_text(path, "position") if stdin is None else stdin)
    except (OSError, UnicodeDecodeError, ValueError, CompanionError):
        return False
    return isinstance(data, dict) and "fields" in data


def _name(path: str) -> str:
    return "stdin" if path == "-" else path


def _stones(path: str, stdin: str | None, layout: Layout) -> dict[str, str]:
    """The pieces of a board file, read from ``path`` or from ``stdin``'s text alike (the
    same checks, the same sentences)."""
    from companion.render.paint import PIECE_COLOURS
    from companion.vision.colourfit import load_placement, parse_placement

    if stdin is None:
        stones = load_placement(path, layout)
    else:
        stones = parse_placement(stdin, "stdin", layout)
    for fid, colour in stones.items():  # a new colour to learn has no paint: not magenta
        if colour not in PIECE_COLOURS:
            said = {"field": fid, "colour": repr(colour), "known": ", ".join(PIECE_COLOURS)}
            raise CompanionError(text("placement.no_paint", path=_name(path), **said))
    return stones


def _photo(subject: Position | Layout, scene: Scene, args: argparse.Namespace) -> Path:
    import cv2
    import numpy as np

    from companion.render import to_image
    from companion.synth import photograph
    from companion.synth.board import TEXTURE_PX_PER_MM

    path = Path(args.output)
    if path.suffix.lower() not in (".jpg", ".jpeg", ".png"):
        raise CompanionError(text("render.photo_format", path=str(path)))
    texture = to_image(scene, TEXTURE_PX_PER_MM)  # the board as drawn, stones and all
    shot = photograph(subject, np.random.default_rng(args.seed), hand=args.hand, texture=texture)
    ok, data = cv2.imencode(path.suffix.lower(), shot.image)
    if not ok:  # pragma: no cover - OpenCV encodes any uint8 BGR image
        raise CompanionError(text("render.encoding", path=str(path)))
    path.write_bytes(data.tobytes())
    return path
