"""The two ZwiAner rules engines by name: Gravitation and Tunnel X on one Move and one roll.

Each engine module offers the same functions (:class:`Engine`); the checker, the search
from a board seen and self-play pick one by ``position.game``. The engines themselves
never import this module, nor the checker: they are the bottom of the ZwiAner folder.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from companion.errors import CompanionError
from companion.games import Roll
from companion.games.dice import Choice
from companion.games.zwianer import gravitation, tunnelx
from companion.games.zwianer.moves import Move
from companion.games.zwianer.target import Target
from companion.model.position import Position
from companion.texts import text


class Engine(Protocol):
    """What a ZwiAner engine module offers: its rolls, its moves and its dice choices."""

    def parse_roll(self, text: str) -> Roll: ...

    def legal_moves(self, position: Position, roll: Roll) -> tuple[Move, ...]: ...

    def generate(
        self, position: Position, roll: Roll, target: Target | None = None
    ) -> Iterator[Move]: ...

    def dice_choices(self, position: Position, roll: Roll) -> tuple[Choice, ...]: ...


ENGINES: dict[str, Engine] = {"gravitation": gravitation, "tunnelx": tunnelx}


def engine(game: str) -> Engine:
    """The engine of a ZwiAner game, or a CompanionError for the other games."""
    try:
        return ENGINES[game]
    except KeyError:
        raise CompanionError(text("rules.not_zwianer", game=repr(game))) from None


def legal_moves(position: Position, roll: Roll) -> tuple[Move, ...]:
    """Every legal move of a Gravitation or Tunnel X position, as the shared Move."""
    return engine(position.game).legal_moves(position, roll)


def dice_choices(position: Position, roll: Roll) -> tuple[Choice, ...]:
    """Every way to use the roll in a Gravitation or Tunnel X position."""
    return engine(position.game).dice_choices(position, roll)
