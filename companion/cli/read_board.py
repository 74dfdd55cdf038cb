"""``companion read-board IMAGE... --layout gravitation``: which piece stands on which field."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.common import add_json_argument, print_json
from companion.errors import CompanionError
from companion.model.layout import Layout
from companion.model.layoutfile import load_layout
from companion.texts import text

if TYPE_CHECKING:
    from companion.vision import BoardRead, BoardReader
    from companion.vision.calibration import Calibration

NAME = "read-board"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", metavar="IMAGE", help=text("opt.read_board.images"))
    parser.add_argument(
        "--layout",
        metavar="LAYOUT",
        help=text("opt.read_board.layout"),
    )
    parser.add_argument(  # -c as every calibrate step takes it (trial s9)
        "-c",
        "--calibration",
        metavar="FILE",
        help=text("opt.read_board.calibration"),
    )
    add_json_argument(parser)


def make_reader(layout_name: str | None, calibration_path: str | None) -> BoardReader:
    """A reader from the --layout and --calibration options (shared with calibrate check).
    A calibration that an older version made, whose hand tests the reader cannot run,
    is said on stderr with what to do (vision/board/outdated.py); the reads go on."""
    from companion.vision.calibration import board_reader, outdated

    layout, calibration = check_options(layout_name, calibration_path)
    reader = board_reader(layout, calibration)
    said = outdated(reader)
    if said is not None:
        print(f"{calibration_path}: {said}", file=sys.stderr)
    return reader


def check_options(
    layout_name: str | None, calibration_path: str | None
) -> tuple[Layout, Calibration | None]:
    """The layout and calibration the options name (cheap: nothing is drawn yet)."""
    from companion.vision.calibration import load_calibration

    calibration: Calibration | None = None
    if calibration_path:
        calibration = load_calibration(calibration_path)
        if layout_name and not same_layout(layout_name, calibration.layout):
            said = {"layout": repr(calibration.layout), "other": repr(layout_name)}
            raise CompanionError(text("read_board.other_layout", path=calibration_path, **said))
    layout = load_layout(layout_name or (calibration.layout if calibration else "gravitation"))
    return layout, calibration


def same_layout(a: str, b: str) -> bool:
    """Whether two layout names or file paths name the same layout (paths compared resolved)."""
    if a == b:
        return True
    pa, pb = Path(a), Path(b)
    return pa.is_file() and pb.is_file() and pa.resolve() == pb.resolve()


def run(args: argparse.Namespace) -> int:
    from companion.imagecheck import read_image

    check_options(args.layout, args.calibration)  # bad options fail before any image
    reader: BoardReader | None = None
    for path in args.images:
        image = read_image(path)
        reader = reader or make_reader(args.layout, args.calibration)  # built on first use
        read = reader.read(image)
        if read.cause.kind == "no_corners":  # no photo can show it: a setup to mend first
            name = repr(reader.locator.layout.name)
            raise CompanionError(text("locate.no_markers", layout=name))
        if args.json:
            print_json(read.to_json(path))
        else:
            print(describe(path, read))
    return 0


def describe(path: str, read: BoardRead, lang: str | None = None) -> str:
    """What a photo shows, for people in ``lang`` (default: the run's, ``--lang``): the
    pieces read, in the order of the fields' numbers. No board in the photo, or a busy
    one, is a result like any other (exit 0): said as the page says why the referee
    waits, with what to do (companion/table/busy.py). A field read unsure is said on a
    line after the pieces (new-user trial s13 L1: only the unsure line came, no piece);
    a hand or anything else over the board, instead of them."""
    from companion.table.busy import busy
    from companion.texts import colour, field, language, percent, render, text, text_n

    lang = lang or language()
    waits = busy(read)
    if not read.found and waits is None:
        return f"{path}: " + render(text("busy.no_markers"), lang)
    if waits is not None and waits.kind != "unsure":
        return f"{path}: " + render(waits.said(), lang)
    pieces = [
        text("board_cli.piece", colour=colour(read.fields[f]), field=field(f))
        for f in sorted(read.fields, key=field_order)
    ]
    said = text_n(
        "board_cli.pieces",
        len(read.fields),
        confidence=percent(read.overall),
        pieces=pieces or text("board_cli.no_pieces"),
    )
    lines = [f"{path}: " + render(said, lang)]
    if waits is not None:
        lines.append(f"{path}: " + render(waits.said(), lang))
    return "\n".join(lines)


_DIGITS = re.compile(r"([0-9]{1,18})")  # ASCII digits only: int() of '²' fails


def field_order(field_id: str) -> list[Any]:
    """The sort key of a field as a player counts them: ``T.5`` before ``T.45``, ``U1.9``
    before ``U1.10`` (as text, "T.45" sorts first). Digits and the text between them
    alternate in the same places, so two keys compare part by part."""
    return [int(p) if p.isascii() and p.isdigit() else p for p in _DIGITS.split(field_id)]
