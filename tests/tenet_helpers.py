"""Small builders for the TENET tests: a position from the balls on the board, a verdict."""

from __future__ import annotations

from typing import Any

from companion.games.tenet.check import Verdict, check
from companion.games.tenet.rules import legal_moves
from companion.model.layoutfile import load_layout
from companion.model.position import Position

TENET = load_layout("tenet")


def make(
    balls: dict[str, list[str]], to_move: str | None = None, stone: str = "start", **turn: Any
) -> Position:
    """A TENET position: each player's balls on the board, the rest of the nine on start."""
    pieces = {c: fields + ["start"] * (9 - len(fields)) for c, fields in balls.items()}
    players = list(balls)
    return Position.create(
        "tenet", TENET, players, to_move or players[0], pieces, stone=stone, **turn
    )


def verdict(pos: Position, roll: tuple[int, ...], text: str, **flags: Any) -> Verdict:
    return check(pos, roll, text, **flags)


def says(pos: Position, roll: tuple[int, ...]) -> set[str]:
    """The announcements of every legal next step."""
    return {m.announcement for m in legal_moves(pos, roll)}


def balls(pos: Position, colour: str) -> list[str]:
    return [f for f in pos.pieces[colour] if f != "start"]
