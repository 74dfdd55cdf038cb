"""Helpers shared by the subcommands: reading positions and layouts, printing JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.config import Config, load_config
from companion.layout import Layout, load_layout
from companion.position import Position, load_position, parse_position


def add_position_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "position",
        metavar="POSITION",
        help="a position file in the JSON form of docs/positions.md ('-' reads stdin)",
    )
    parser.add_argument(
        "--layout",
        metavar="LAYOUT",
        help="a layout name or file, instead of the one the position names",
    )


def add_json_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def read_position(args: argparse.Namespace) -> Position:
    """The POSITION argument as a checked Position (CompanionError on anything wrong)."""
    layout: Layout | None = load_layout(args.layout) if getattr(args, "layout", None) else None
    if args.position == "-":
        return parse_position(sys.stdin.read(), source="stdin", layout=layout)
    return load_position(args.position, layout=layout)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def add_config_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="the config file (default: $COMPANION_CONFIG, /etc/companion/config.toml, "
        "~/.config/companion/config.toml, else built-in defaults)",
    )


def read_config(args: argparse.Namespace) -> Config:
    """The checked config of ``--config`` or the search order (ConfigError, exit 2)."""
    return load_config(getattr(args, "config", None))
