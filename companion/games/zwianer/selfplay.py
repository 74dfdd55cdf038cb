"""Random self-play of Gravitation or Tunnel X: realistic positions for tests and benchmarks.

Each turn rolls two dice, makes a prediction when the option is on, picks a random legal
move and resolves a pending Todesstoß with random die rolls. Seeded, so reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace

from companion.games import game_spec
from companion.games.zwianer.engines import legal_moves
from companion.games.zwianer.moves import Move
from companion.games.zwianer.pushes import resolve_death_push
from companion.model.position import Position, start_position


@dataclass(frozen=True)
class Turn:
    """One turn of a self-play game: the position, the roll, all legal moves, the one played."""

    position: Position
    roll: tuple[int, int]
    moves: tuple[Move, ...]
    played: Move


def self_play(
    rng: random.Random,
    players: int = 2,
    phase: int | None = 3,
    options: Mapping[str, bool] | None = None,
    max_turns: int = 200,
    game: str = "gravitation",
) -> Iterator[Turn]:
    """Turns of one random game until someone wins or ``max_turns`` is reached.

    ``phase`` is ignored for a game without phases (Tunnel X).
    """
    colours = ("red", "yellow", "green", "blue", "white")[:players]
    phase = phase if game_spec(game).phases else None
    pos = start_position(game, players=colours, phase=phase, options=options)
    for _ in range(max_turns):
        if dict(pos.options).get("prediction") and rng.random() < 0.5:
            pos = replace(pos, prediction=rng.choice((4, 5, 6)))
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        moves = legal_moves(pos, roll)
        move = rng.choice(moves)
        yield Turn(pos, roll, moves, move)
        while move.pending is not None:
            rolls = [rng.randint(1, 6) for _ in move.pending.pieces]
            move = rng.choice(resolve_death_push(move, rolls))
        if move.winner is not None:
            return
        pos = move.after
