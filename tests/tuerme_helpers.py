"""Helpers for the race-game tests: positions written like a player describes the board.

A plain module, not conftest.py, so that it merges beside the project's own conftest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.tuerme.rules import TuermeMove, legal_moves
from companion.model.layoutfile import load_layout
from companion.model.position import Position

LAYOUT = load_layout("tuerme")


def make(
    pieces: Mapping[str, Sequence[str]],
    to_move: str = "red",
    stacks: Mapping[str, Sequence[str]] | None = None,
    players: Sequence[str] | None = None,
    **options: bool,
) -> Position:
    """A checked position; loop fields are given by number ("12" is T.12) and each
    player's missing pieces wait at home. Two or three players have six pieces each,
    four players four."""
    players = list(players or pieces)
    count = 4 if len(players) == 4 else 6
    placed = {}
    for colour in players:
        fields = [f if "." in f else f"T.{f}" for f in pieces.get(colour, ())]
        placed[colour] = fields + [f"{colour}.home"] * (count - len(fields))
    order = {f if "." in f else f"T.{f}": list(v) for f, v in (stacks or {}).items()}
    return Position.create(
        "tuerme", LAYOUT, players, to_move, placed, options=options, stacks=order
    )


def said(
    position: Position, roll: tuple[int, int], start: str | None = None
) -> dict[str, TuermeMove]:
    """The legal moves by announcement (of the unit on ``start``, else of every unit)."""
    where = None if start is None else (start if "." in start else f"T.{start}")
    return {m.announcement: m for m in legal_moves(position, roll) if where in (None, m.start)}


def ends(position: Position, roll: tuple[int, int], start: str) -> set[str | None]:
    """Where the pieces starting on ``start`` may end with this roll."""
    return {m.end for m in said(position, roll, start).values()}
