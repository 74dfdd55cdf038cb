"""What a game whose every move is a whole turn, rolled with two d6, answers the same way
(the ZwiAner games and the race game; TENET, a turn of several steps with Miwin's dice,
answers each for itself).

:class:`WholeTurns` implements the part of the :class:`~companion.games.game.Game`
protocol those games share: the dice typed and seen, no whole turns apart from the moves,
a board seen looked up among the moves the referee holds, no clearing after a forced move,
and whether what a player said names the move made (and which moves words name), by the
game's own checker. A game
subclasses it and brings its spec, its moves and its ``check``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games import Roll, dice
from companion.games.match import Match, looked_up
from companion.games.verdict import Verdict, announced, named
from companion.model.position import Position


class WholeTurns:
    """The shared answers, for a subclass that brings ``check``: its checker."""

    check: Callable[..., Verdict[Any]]  # (position, roll, text, to, start), its check.py

    def roll_seen(self, dice_seen: Sequence[Mapping[str, Any]], position: Position) -> Roll:
        return dice.roll_seen(dice_seen)

    def dice_inputs(self, position: Position) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return dice.TWO_D6

    def turns(self, position: Position, roll: Roll) -> None:
        return None  # a move is a whole turn

    def match(
        self, position: Position, roll: Roll, moves: Sequence[Any], board: Mapping[str, str]
    ) -> Match[Any]:
        return looked_up(moves, board)

    def clearing(self, before: Position, roll: Roll, board: Mapping[str, str]) -> None:
        return None

    def announced(self, before: Position, roll: Roll, text: str, made: Position) -> tuple[str, str]:
        return announced(self.check(before, roll, text), made)

    def named(
        self, position: Position, roll: Roll, said: str, limit: int
    ) -> tuple[list[Any], str, str]:
        return named(self.check(position, roll, said))
