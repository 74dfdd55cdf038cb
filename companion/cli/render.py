"""``companion render POSITION -o FILE``: the position as an SVG or PNG picture."""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

from companion.cli.common import add_json_argument, add_position_argument, print_json, read_position
from companion.errors import CompanionError
from companion.position import Position
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
    parser.add_argument(
        "--photo",
        action="store_true",
        help="a synthetic camera photo instead of the flat picture (.jpg or .png)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="camera, pose and light of --photo (default 0)"
    )
    parser.add_argument("--hand", action="store_true", help="with --photo: a hand over the board")
    add_json_argument(parser)


def run(args: argparse.Namespace) -> int:
    position = read_position(args)
    if args.photo:
        path = _photo(position, args)
    else:
        path = save(draw_board(position.layout, position), args.output, args.scale)
    if args.json:
        print_json({"output": str(path), "layout": position.layout.name})
    else:
        print(f"wrote {path}")
    return 0


def _photo(position: Position, args: argparse.Namespace) -> Path:
    from companion.synth import photograph

    path = Path(args.output)
    if path.suffix.lower() not in (".jpg", ".jpeg", ".png"):
        raise CompanionError(f"{path}: a photo is written as .jpg or .png")
    shot = photograph(position, np.random.default_rng(args.seed), hand=args.hand)
    ok, data = cv2.imencode(path.suffix.lower(), shot.image)
    if not ok:  # pragma: no cover - OpenCV encodes any uint8 BGR image
        raise CompanionError(f"{path}: encoding failed")
    path.write_bytes(data.tobytes())
    return path
