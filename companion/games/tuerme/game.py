"""The race game as the referee, the command line and the page use them (the
:class:`~companion.games.game.Game` protocol): two d6, a few moves a roll, listed and
looked up; announcements judged by :mod:`.check`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from companion.games import TUERME, GameSpec, Roll, dice
from companion.games.match import Match, looked_up
from companion.games.tuerme import check, notation, rules
from companion.games.tuerme.rules import TuermeMove
from companion.games.verdict import Verdict, announced, named
from companion.position import Position


class Tuerme:
    """The race game with towers and bridges (docs/tuerme.md)."""

    @property
    def spec(self) -> GameSpec:
        return TUERME

    def parse_roll(self, text: str) -> Roll:
        return rules.parse_roll(text)

    def roll_seen(self, dice_seen: Sequence[Mapping[str, Any]], position: Position) -> Roll:
        return dice.roll_seen(dice_seen)

    def dice_inputs(self, position: Position) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return dice.TWO_D6

    def legal_moves(self, position: Position, roll: Roll) -> tuple[TuermeMove, ...]:
        return rules.legal_moves(position, roll)

    def generate(self, position: Position, roll: Roll) -> Iterator[TuermeMove]:
        return iter(rules.legal_moves(position, roll))

    def moves(self, position: Position, roll: Roll) -> tuple[TuermeMove, ...]:
        return rules.legal_moves(position, roll)  # a few: one die, at most six pieces

    def turns(self, position: Position, roll: Roll) -> None:
        return None  # a move is a whole turn

    def check(
        self,
        position: Position,
        roll: Roll,
        text: str,
        to: str | None = None,
        start: str | None = None,
    ) -> Verdict[TuermeMove]:
        return check.check(position, roll, text, to, start)

    def match(
        self, position: Position, roll: Roll, moves: Sequence[Any], board: Mapping[str, str]
    ) -> Match[Any]:
        return looked_up(moves, board)

    def clearing(self, before: Position, roll: Roll, board: Mapping[str, str]) -> None:
        return None

    def announced(self, before: Position, roll: Roll, text: str, made: Position) -> tuple[str, str]:
        return announced(check.check(before, roll, text), made)

    def named(
        self, position: Position, roll: Roll, said: str, limit: int
    ) -> tuple[list[TuermeMove], str, str]:
        return named(self.check(position, roll, said))

    def moves_of(
        self, position: Position, roll: Roll, starts: frozenset[str]
    ) -> Iterator[TuermeMove]:
        return (m for m in self.generate(position, roll) if m.start in starts)

    def reading(self, said: str) -> str:
        words = notation.parse(said)
        if words.passes:
            return "no piece can use the roll: the player passes"
        return notation.gloss(
            words.unit,
            words.legs,
            words.bridges,
            enter=words.enter,
            superzahl="superzahl" in words.claims,
            drauf="drauf" in words.claims,
            ziel="ziel" in words.claims,
        )

    def spell_out(self, move: Any) -> tuple[()]:
        return ()  # the arithmetic taught is the ZwiAner games' (gravity, stores)


GAME = Tuerme()
