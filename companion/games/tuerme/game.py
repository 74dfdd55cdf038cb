"""The race game as the referee, the command line and the page use them (the
:class:`~companion.games.game.Game` protocol): two d6, a few moves a roll, listed and
looked up; announcements judged by :mod:`.check`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.games import TUERME, GameSpec, Roll
from companion.games.tuerme import check as checker
from companion.games.tuerme import notation, rules
from companion.games.tuerme.rules import TuermeMove
from companion.games.wholeturns import WholeTurns
from companion.model.position import Position


class Tuerme(WholeTurns):
    """The race game with towers and bridges (docs/tuerme.md)."""

    check = staticmethod(checker.check)

    @property
    def spec(self) -> GameSpec:
        return TUERME

    def parse_roll(self, text: str) -> Roll:
        return rules.parse_roll(text)

    def legal_moves(self, position: Position, roll: Roll) -> tuple[TuermeMove, ...]:
        return rules.legal_moves(position, roll)

    def generate(self, position: Position, roll: Roll) -> Iterator[TuermeMove]:
        return iter(rules.legal_moves(position, roll))

    def moves(self, position: Position, roll: Roll) -> tuple[TuermeMove, ...]:
        return rules.legal_moves(position, roll)  # a few: one die, at most six pieces

    def moves_of(
        self, position: Position, roll: Roll, starts: frozenset[str]
    ) -> Iterator[TuermeMove]:
        return (m for m in self.generate(position, roll) if m.start in starts)

    def reading(self, said: str) -> str:
        return notation.reading(notation.parse(said))

    def spell_out(self, move: Any) -> tuple[()]:
        return ()  # the arithmetic taught is the ZwiAner games' (gravity, stores)


GAME = Tuerme()
