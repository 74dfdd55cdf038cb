"""Random self-play of the race game: realistic positions for tests and the benchmark.

Each turn rolls two dice and plays a random legal move (a pass when there is none), the
same player again after a doublet or 1+6. Seeded, so reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from companion.games.tuerme.rules import TuermeMove, legal_moves
from companion.model.position import Position, start_position

COLOURS = ("red", "yellow", "green", "blue")


@dataclass(frozen=True)
class Turn:
    """One turn: the position, the roll, all legal moves, the one played."""

    position: Position
    roll: tuple[int, int]
    moves: tuple[TuermeMove, ...]
    played: TuermeMove


def self_play(
    rng: random.Random,
    players: int = 2,
    options: Mapping[str, bool] | None = None,
    max_turns: int = 3000,
) -> Iterator[Turn]:
    """Turns of one random game of ``players`` players until someone wins or
    ``max_turns`` is reached."""
    pos = start_position("tuerme", players=COLOURS[:players], options=options)
    for _ in range(max_turns):
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        moves = legal_moves(pos, roll)
        move = rng.choice(moves)
        yield Turn(pos, roll, moves, move)
        if move.winner is not None:
            return
        pos = move.after
