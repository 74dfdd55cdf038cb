"""Whole TENET turns, listed lazily, the winning ones first (``companion moves --turns``).

:func:`~companion.games.tenet.rules.legal_moves` lists the next step only, because the whole
turns of a roll run into the tens of thousands (docs/tenet.md). A player asking "can I
win with this roll?" wants whole turns all the same, and the winning one at the top, so
:func:`turns` yields them one by one, each outcome once:

1. the turns that take the stone, found by walking only the dice other than the
   planet's (it must stay unmoved, Added 6.10) and stopping where a ball of the player
   stands on the Pott: at most two steps deep, so this is quick even on a crowded board;
2. then every other turn, depth first, step by step through ``legal_moves`` (so each
   step keeps the most dice movable, Added 6.7).

The caller takes as many as it wants (``itertools.islice``); nothing is searched beyond
the last turn taken.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.games.tenet import rules as tenet
from companion.games.tenet.board import START, board, doublet, stone_planet
from companion.games.tenet.moves import Board_, Step, claims, steps
from companion.model.position import Position


def turns(position: Position, roll: tuple[int, ...]) -> Iterator[tenet.TenetMove]:
    """Every legal whole turn of the player to move, one per outcome, winners first.

    The die for the stone and a pass are one move each, as in ``legal_moves``; a Pasch is
    one turn per clearing (:func:`~companion.games.tenet.rules.pasch_moves`: which balls
    go back to start is part of the turn's outcome), the one clearing nothing first.
    CompanionError for a roll that does not fit the position."""
    roll = tenet.expect_roll(position, roll)
    if doublet(roll) is not None:
        yield from tenet.pasch_moves(position, roll)
        return
    if len(roll) == 1:
        yield from tenet.legal_moves(position, roll)
        return
    seen: set[tuple[Any, ...]] = set()
    for move in _wins(position, roll):
        seen.add(move.outcome)
        yield move
    for move in _all(position, roll, ()):
        if move.outcome not in seen:
            seen.add(move.outcome)
            yield move


def _wins(position: Position, roll: tuple[int, ...]) -> Iterator[tenet.TenetMove]:
    """The turns that end with the stone taken, shortest first."""
    planet = stone_planet(position.layout, position.stone or START)
    left = tenet.remaining(position, roll)
    if planet is None or planet not in left:
        return
    b = board(position.layout)
    colour = position.to_move
    balls = tenet.on_board(position)
    if claims(b, balls, colour, left, planet):
        yield tenet.after_steps(position, roll, (), balls, 0)
        return
    rest = list(left)
    rest.remove(planet)
    found: set[Board_] = set()
    frontier: list[tuple[Board_, tuple[int, ...], tuple[Step, ...]]] = [(balls, tuple(rest), ())]
    while frontier:
        deeper = []
        for here, free, done in frontier:
            for i, value in enumerate(free):
                if value in free[:i]:
                    continue
                more = free[:i] + free[i + 1 :]
                for step, there in steps(b, here, colour, value):
                    if claims(b, there, colour, (planet,), planet):
                        if there not in found:
                            found.add(there)
                            yield tenet.after_steps(position, roll, (*done, step), there, 0)
                    elif more:
                        deeper.append((there, more, (*done, step)))
        frontier = deeper


def _all(
    position: Position, roll: tuple[int, ...], done: tuple[Step, ...]
) -> Iterator[tenet.TenetMove]:
    """Depth first: each legal next step, then the turns that go on from it."""
    for move in tenet.legal_moves(position, roll):
        steps_so_far = (*done, *move.steps)
        if move.winner is not None or not move.after.spent:
            kind = "step" if steps_so_far else move.kind
            after, won = move.after, move.winner
            yield tenet.TenetMove(move.colour, kind, roll, after, steps_so_far, (), won)
        else:
            yield from _all(move.after, roll, steps_so_far)
