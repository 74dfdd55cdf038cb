"""Helpers for the Gravitation tests: positions written like the rulebook's pictures.

A plain module, not conftest.py, so that it merges beside the project's own conftest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.model.layoutfile import load_layout
from companion.model.position import Position

COLOURS = ("red", "yellow", "green", "blue", "white")


def station(colour: str, *numbers: int) -> list[str]:
    return [f"{colour}.S{n}" for n in numbers]


def make(
    pieces: Mapping[str, Iterable[str]],
    to_move: str | None = None,
    energy: Mapping[str, int] | None = None,
    phase: int = 3,
    demands: Iterable[str] = (),
    declared: str | None = None,
    predict: int | None = None,
    **options: bool,
) -> Position:
    """A checked position; each player's missing pieces wait in the station (S5 downwards)."""
    full = _filled(pieces)
    players = [c for c in COLOURS if c in full]
    return Position.create(
        "gravitation",
        load_layout("gravitation"),
        players,
        to_move or players[0],
        full,
        energy or {},
        options,
        phase,
        demands,
        declared,
        predict,
    )


def make_tunnelx(
    pieces: Mapping[str, Iterable[str]], to_move: str | None = None, **options: bool
) -> Position:
    """A checked Tunnel X position, missing pieces in the station as for :func:`make`."""
    full = _filled(pieces)
    players = [c for c in COLOURS if c in full]
    layout = load_layout("gravitation")
    return Position.create("tunnelx", layout, players, to_move or players[0], full, {}, options)


def _filled(pieces: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
    full: dict[str, list[str]] = {}
    for colour, fields in pieces.items():
        fields = list(fields)
        spare = [f for f in station(colour, 5, 4, 3, 2, 1) if f not in fields]
        full[colour] = fields + spare[: 5 - len(fields)]
    return full
