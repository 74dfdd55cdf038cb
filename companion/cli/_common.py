"""Helpers shared by the rules subcommands: reading a position file or standard input."""

from __future__ import annotations

import sys

from companion.position import Position, load_position, parse_position


def read_position(path: str) -> Position:
    """A checked position from a JSON file, or from standard input for ``-``."""
    if path == "-":
        return parse_position(sys.stdin.read(), source="<stdin>")
    return load_position(path)
