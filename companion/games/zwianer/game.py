"""Gravitation and Tunnel X as the referee, the command line and the page use them (the
:class:`~companion.games.game.Game` protocol): two d6, moves searched from a board seen
(:mod:`.live`), announcements judged by :mod:`.check`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from companion.games import GRAVITATION as GRAVITATION_SPEC
from companion.games import TUNNELX as TUNNELX_SPEC
from companion.games import GameSpec, Roll
from companion.games.wholeturns import WholeTurns
from companion.games.zwianer import check as checker
from companion.games.zwianer import gravitation, tunnelx
from companion.games.zwianer.engines import Engine
from companion.games.zwianer.live import LegalMoves
from companion.games.zwianer.moves import Move
from companion.games.zwianer.notation import gloss, parse_announcement
from companion.games.zwianer.target import Target
from companion.games.zwianer.teach import Step, spell_out
from companion.model.position import Position


@dataclass(frozen=True)
class ZwiAner(WholeTurns):
    """One ZwiAner game: its spec and its rules engine (the rest the two share)."""

    spec: GameSpec
    engine: Engine
    check = staticmethod(checker.check)

    def parse_roll(self, text: str) -> Roll:
        return self.engine.parse_roll(text)

    def legal_moves(self, position: Position, roll: Roll) -> tuple[Move, ...]:
        return self.engine.legal_moves(position, roll)

    def generate(self, position: Position, roll: Roll) -> Iterator[Move]:
        return iter(self.engine.generate(position, roll))

    def moves(self, position: Position, roll: Roll) -> LegalMoves:
        return LegalMoves(position, roll)

    def moves_of(self, position: Position, roll: Roll, starts: frozenset[str]) -> Iterator[Move]:
        return self.engine.generate(position, roll, Target(starts=starts))

    def reading(self, said: str) -> str:
        return gloss(parse_announcement(said))

    def spell_out(self, move: Any) -> list[Step]:
        return spell_out(move) if isinstance(move, Move) else []


GRAVITATION = ZwiAner(GRAVITATION_SPEC, gravitation)
TUNNELX = ZwiAner(TUNNELX_SPEC, tunnelx)
