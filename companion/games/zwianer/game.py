"""Gravitation and Tunnel X as the referee, the command line and the page use them (the
:class:`~companion.games.game.Game` protocol): two d6, moves searched from a board seen
(:mod:`.live`), announcements judged by :mod:`.check`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games import GRAVITATION as GRAVITATION_SPEC
from companion.games import TUNNELX as TUNNELX_SPEC
from companion.games import GameSpec, Roll, dice
from companion.games.match import Match, looked_up
from companion.games.verdict import Verdict, announced, named
from companion.games.zwianer import check, gravitation, tunnelx
from companion.games.zwianer.engines import Engine
from companion.games.zwianer.live import LegalMoves
from companion.games.zwianer.moves import Move
from companion.games.zwianer.notation import gloss, parse_announcement
from companion.games.zwianer.target import Target
from companion.games.zwianer.teach import Step, spell_out
from companion.position import Position


@dataclass(frozen=True)
class ZwiAner:
    """One ZwiAner game: its spec and its rules engine (the rest the two share)."""

    spec: GameSpec
    engine: Engine

    def parse_roll(self, text: str) -> Roll:
        return self.engine.parse_roll(text)

    def roll_seen(self, dice_seen: Sequence[Mapping[str, Any]], position: Position) -> Roll:
        return dice.roll_seen(dice_seen)

    def dice_inputs(self, position: Position) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return dice.TWO_D6

    def legal_moves(self, position: Position, roll: Roll) -> tuple[Move, ...]:
        return self.engine.legal_moves(position, roll)

    def generate(self, position: Position, roll: Roll) -> Iterator[Move]:
        return iter(self.engine.generate(position, roll))

    def moves(self, position: Position, roll: Roll) -> LegalMoves:
        return LegalMoves(position, roll)

    def turns(self, position: Position, roll: Roll) -> None:
        return None  # a move is a whole turn

    def check(
        self,
        position: Position,
        roll: Roll,
        text: str,
        to: str | None = None,
        start: str | None = None,
    ) -> Verdict[Move]:
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
    ) -> tuple[list[Move], str, str]:
        return named(self.check(position, roll, said))

    def moves_of(self, position: Position, roll: Roll, starts: frozenset[str]) -> Iterator[Move]:
        return self.engine.generate(position, roll, Target(starts=starts))

    def reading(self, said: str) -> str:
        return gloss(parse_announcement(said))

    def spell_out(self, move: Any) -> list[Step]:
        return spell_out(move) if isinstance(move, Move) else []


GRAVITATION = ZwiAner(GRAVITATION_SPEC, gravitation)
TUNNELX = ZwiAner(TUNNELX_SPEC, tunnelx)
