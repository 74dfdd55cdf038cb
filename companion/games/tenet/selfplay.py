"""Random TENET self-play: realistic positions for tests and the benchmark.

Each turn rolls Miwin's three dice (one die for the stone after a first round without a
Pasch) and plays random legal steps until the roll is used up; on a Pasch every ball on
the third die's planet and force field goes back to start with probability one half.
Seeded, so reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from companion.games import TENET
from companion.games.tenet.board import DICE, doublet
from companion.games.tenet.rules import (
    TenetMove,
    awaiting_stone,
    clearable_fields,
    legal_moves,
    pasch_move,
)
from companion.model.layoutfile import load_layout
from companion.model.position import Position, start_position


@dataclass(frozen=True)
class Played:
    """One step of a self-play game: the position, the roll, all legal steps, the one played."""

    position: Position
    roll: tuple[int, ...]
    moves: tuple[TenetMove, ...]
    played: TenetMove


def roll_dice(rng: random.Random, position: Position) -> tuple[int, ...]:
    """A random roll: three dice, or one chosen die for the stone."""
    if awaiting_stone(position):
        return (rng.choice(rng.choice(DICE)[1]),)
    return tuple(rng.choice(faces) for _, faces in DICE)


def self_play(rng: random.Random, players: int = 2, max_turns: int = 100) -> Iterator[Played]:
    """The steps of one random game until someone takes the stone or ``max_turns`` rolls."""
    colours = load_layout(TENET.default_layout).colours[:players]
    pos = start_position("tenet", players=colours)
    for _ in range(max_turns):
        roll = roll_dice(rng, pos)
        while True:
            moves = legal_moves(pos, roll)
            move = rng.choice(moves)
            pair = doublet(roll) if len(roll) == 3 else None
            if pair is not None:
                ring = clearable_fields(pos, pair[1])
                # drawn in the ids' order as before (the same games from the same seed);
                # pasch_move puts them in board order, as the listing of legal turns
                chosen = [f for f in sorted(ring) if rng.random() < 0.5]
                move = pasch_move(pos, roll, chosen)
            yield Played(pos, roll, moves, move)
            if move.winner is not None:
                return
            pos = move.after
            if not pos.spent:
                break


#: One whole turn as the camera sees it: the position before, the roll, the position after.
Turn = tuple[Position, tuple[int, ...], Position]


def whole_turns(seed: int, colours: Sequence[str], count: int) -> list[Turn]:
    """The whole turns of a random game of ``colours`` (at most ``count``), for refereeing
    from the board after each turn; on a Pasch each ball on the third die's circles goes
    back to start with probability one half."""
    rng = random.Random(seed)
    pos = start_position("tenet", players=colours)
    out: list[Turn] = []
    for _ in range(count):
        before, roll = pos, roll_dice(rng, pos)
        while True:
            move = rng.choice(legal_moves(pos, roll))
            if len(roll) == 3 and doublet(roll):
                fields = [c.split()[0] for c in move.clearable() if rng.random() < 0.5]
                move = pasch_move(pos, roll, fields)
            pos = move.after
            if not pos.spent:
                break
        out.append((before, roll, pos))
        if move.winner:
            break
    return out
