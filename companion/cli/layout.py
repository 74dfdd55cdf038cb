"""``companion layout grid SIZE --spacing MM -o FILE``: a board's layout file, no Python.

A club's own board is read once it is a layout file of its fields (calibration/README.md,
step 3b). Two ways to write one:

* ``grid SIZE --spacing MM`` — a square grid board (Go, Gomoku): fields ``rRcC``, row 0
  the top line, column 0 the left one (:func:`companion.model.layout.grid_layout_data`);
* ``fields FILE.csv`` — a board measured by hand: one field a line, ``ID,X,Y`` in
  millimetres from the board's centre (x to the right, y downwards); a first line
  ``id,x,y`` and lines starting with ``#`` are skipped. A table with ``;`` between its
  cells, as German spreadsheets write it, is read too, its numbers with a decimal comma
  or point (new-user trial s10: it was refused as "expected ID,X,Y").

The file is checked as ``read-board --layout FILE`` will read it before it is written.
Two fields closer than a piece is wide are named in a note, the file still written: a
measuring typo (A1 at -100, A2 at -99) shows there, but a tight real board may place its
fields just under a piece's width (Go stones of 22.5 mm on a 22 mm grid), and a refusal
would leave it no way but a false ``--piece-diameter``. Every built-in board keeps its
fields at least a piece apart.
"""

from __future__ import annotations

import argparse
import csv
import errno
import json
import math
from pathlib import Path
from typing import Any

from companion.cli.common import add_json_argument, print_json
from companion.errors import CompanionError
from companion.model.layout import grid_layout_data
from companion.model.layoutfile import read_layout
from companion.texts import number as decimal
from companion.texts import text, unreadable

NAME = "layout"
#: How many pairs of fields too close are named one by one; the rest are counted.
NAMED_PAIRS = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    kinds = parser.add_subparsers(
        dest="kind", required=True, metavar="KIND", help=text("opt.layout.kind")
    )
    grid = kinds.add_parser("grid", help=text("cmd.layout.grid"))
    grid.add_argument("size", metavar="SIZE", help=text("opt.layout.grid.size"))
    grid.add_argument(
        "--spacing", required=True, metavar="MM", help=text("opt.layout.grid.spacing")
    )
    grid.add_argument(
        "--margin",
        metavar="MM",
        help=text("opt.layout.grid.margin"),
    )
    _common(grid)
    fields = kinds.add_parser("fields", help=text("cmd.layout.fields"))
    fields.add_argument("table", metavar="FILE.csv", help=text("opt.layout.fields.table"))
    _common(fields)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--piece-diameter",
        metavar="MM",
        help=text("opt.layout.piece-diameter"),
    )
    parser.add_argument(
        "--piece-height",
        default="0",
        metavar="MM",
        help=text("opt.layout.piece-height"),
    )
    parser.add_argument("--name", help=text("opt.layout.name"))
    parser.add_argument(
        "-o", "--output", required=True, metavar="FILE", help=text("opt.layout.output")
    )
    add_json_argument(parser)


def run(args: argparse.Namespace) -> int:
    out = Path(args.output)
    name = args.name or out.stem
    given = _number("--piece-diameter", args.piece_diameter, 1, 1000)
    height = _number("--piece-height", args.piece_height, 0, 1000) or 0.0
    if args.kind == "grid":
        size = args.size.strip()
        if not (size.isascii() and size.isdigit() and 2 <= int(size) <= 40):
            raise CompanionError(text("layout.grid_size", size=args.size[:20]))
        spacing = _number("--spacing", args.spacing, 1, 1000) or 1.0
        margin = _number("--margin", args.margin, 0, 1000)
        diameter = given or round(0.9 * spacing, 2)
        data = grid_layout_data(name, int(size), spacing, diameter, height, margin)
    else:
        data = _measured(name, Path(args.table), given or 20.0, height)
    layout = read_layout(data, str(out))  # the file as read-board will read it
    notes = too_close(data["fields"], data["piece_diameter"]) if args.kind == "fields" else []
    try:
        out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        why = {errno.ENOENT: "layout.no_folder", errno.EACCES: "layout.not_allowed"}
        reason = text(why[exc.errno]) if exc.errno in why else exc.strerror or str(exc)
        raise CompanionError(text("layout.unwritten", out=str(out), why=reason)) from None
    if args.json:
        said = {"layout": str(out), "name": name, "fields": len(layout.fields), "notes": notes}
        print_json(said)
    else:
        print(text("layout.written", out=str(out), name=repr(name), count=len(layout.fields)))
        for note in notes:
            print(text("layout.note", note=note))
    return 0


def _number(flag: str, given: str | None, low: float, high: float) -> float | None:
    """A number of millimetres typed for ``flag`` (None where not given), checked here and
    not by argparse, which says its errors before the language of the run is known."""
    if given is None:
        return None
    try:
        value = float(given) if given.isascii() else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise CompanionError(text("layout.arg_number", flag=flag, value=repr(given[:20])))
    if not low <= value <= high:
        said = {"flag": flag, "value": decimal(value), "low": decimal(low), "high": decimal(high)}
        raise CompanionError(text("layout.arg_range", **said))
    return value


def _measured(name: str, table: Path, diameter: float, height: float) -> dict[str, Any]:
    """The layout data of fields measured by hand (a CSV of ID,X,Y in mm)."""
    try:  # utf-8-sig: a spreadsheet's UTF-8 export begins with a byte-order mark
        lines = table.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        said = text("layout.csv_unread", table=str(table), why=unreadable(exc))
        raise CompanionError(said) from None
    data_lines = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    semicolons = bool(data_lines) and ";" in data_lines[0]  # German spreadsheets' separator
    fields: list[dict[str, Any]] = []
    reach = 0.0
    for number, row in enumerate(csv.reader(lines, delimiter=";" if semicolons else ","), 1):
        if (
            not row
            or row[0].strip().startswith("#")
            or [c.strip().lower() for c in row] == ["id", "x", "y"]
        ):
            continue
        try:
            fid, x, y = row[0].strip(), _mm(row[1], semicolons), _mm(row[2], semicolons)
        except (IndexError, ValueError):
            said = text("layout.csv_line", table=str(table), number=number)
            raise CompanionError(said) from None
        if not (fid and math.isfinite(x) and math.isfinite(y)) or len(row) != 3:
            raise CompanionError(text("layout.csv_line", table=str(table), number=number))
        fields.append({"id": fid, "x": x, "y": y})
        reach = max(reach, abs(x) + diameter, abs(y) + diameter)
    if not fields:
        raise CompanionError(text("layout.csv_empty", table=str(table)))
    data: dict[str, Any] = {
        "name": name,
        "units": "mm",
        "board": {"shape": "square", "width": 2 * reach, "height": 2 * reach},
        "piece_diameter": diameter,
        "fields": fields,
    }
    if height:
        data["piece_height"] = height
    return data


def _mm(cell: str, semicolons: bool) -> float:
    """A cell's millimetres; in a table of semicolons with a decimal comma or point."""
    return float(cell.strip().replace(",", ".") if semicolons else cell)


def too_close(fields: list[dict[str, Any]], diameter: float) -> list[str]:
    """A note for each pair of fields closer than a piece is wide, closest first: two
    pieces there would overlap, so it is most likely a measuring typo (module docstring)."""
    pairs = []
    for i, a in enumerate(fields):
        for b in fields[i + 1 :]:
            apart = math.hypot(a["x"] - b["x"], a["y"] - b["y"])
            if apart < diameter:
                pairs.append((apart, a["id"], b["id"]))
    said = {"diameter": decimal(diameter)}
    notes = [
        text("layout.too_close", a=a, b=b, apart=decimal(round(apart, 1)), **said)
        for apart, a, b in sorted(pairs)[:NAMED_PAIRS]
    ]
    if len(pairs) > NAMED_PAIRS:
        notes.append(text("layout.too_close_more", count=len(pairs) - NAMED_PAIRS))
    return notes
