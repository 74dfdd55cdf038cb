"""Helpers shared by the subcommands: reading positions and layouts, printing JSON."""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError
from companion.model.layout import Layout
from companion.model.layoutfile import load_layout
from companion.model.position import Position, load_position, parse_position
from companion.textfile import read_stdin
from companion.texts import number
from companion.texts import text as said

if TYPE_CHECKING:  # the config (TOML, the PIN, host names) is read by serve, not by check
    from companion.settings.config import Config


def add_position_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "position",
        metavar="POSITION",
        help=said("opt.common.position"),
    )
    parser.add_argument(
        "--layout",
        metavar="LAYOUT",
        help=said("opt.common.layout"),
    )


def add_json_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help=said("opt.common.json"))


def read_position(args: argparse.Namespace) -> Position:
    """The POSITION argument as a checked Position (CompanionError on anything wrong)."""
    layout: Layout | None = load_layout(args.layout) if getattr(args, "layout", None) else None
    if args.position == "-":
        text = read_stdin("position")
        return parse_position(text, source="stdin", layout=layout)
    return load_position(args.position, layout=layout)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def add_config_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        metavar="FILE",
        help=said("opt.common.config"),
    )


def add_data_dir_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir",
        metavar="FOLDER",
        help=said("opt.common.data-dir"),
    )


def read_config(args: argparse.Namespace) -> Config:
    """The checked config of ``--config`` or the search order (ConfigError, exit 2), with
    ``--data-dir`` in place of its ``data_dir`` where the command has that flag and it
    is given (a second server beside the first, and its PIN)."""
    from dataclasses import replace
    from pathlib import Path

    from companion.settings.config import load_config

    config = load_config(getattr(args, "config", None))
    folder = getattr(args, "data_dir", None)
    if folder is not None and not folder.strip():  # Path("") is ".", not the default
        from companion.texts import text

        raise CompanionError(text("data_dir.empty"))
    return replace(config, data_dir=Path(folder).expanduser()) if folder else config


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a plain whole number from ``low`` to ``high`` (ASCII digits only)."""

    def read(text: str) -> int:
        plain = text.removeprefix("-")
        if not (plain.isascii() and plain.isdigit() and len(plain) <= 12):
            raise argparse.ArgumentTypeError(said("cli.not_whole", value=repr(text[:20])))
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                said("cli.not_between", value=value, low=low, high=high)
            )
        return value

    read.__name__ = "whole number"
    return read


def decimal(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite number from ``low`` to ``high``."""

    def read(text: str) -> float:
        try:
            value = float(text) if text.isascii() else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(said("cli.not_number", value=repr(text[:20])))
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                said("cli.not_between", value=number(value), low=number(low), high=number(high))
            )
        return value

    read.__name__ = "number"
    return read


def players_from(text: str | None) -> list[str] | None:
    """``--players``: colours in turn order, comma-separated, in either language
    ("Rot,Gelb" or "red,yellow"); None when not given."""
    from companion.texts import colour_id

    if text is None:
        return None
    players = [colour_id(p) for p in text.split(",") if p.strip()]
    if not players:
        raise CompanionError(said("players.none", given=repr(text[:20])))
    return players
