"""TENET turns: the steps of one die each, displacements (rules d-g) and whole turns.

A turn spends the three numbers of a roll one at a time (rules a-c: one ball may take
all three, "auch hin und her"). A :class:`Step` moves one ball a die's value along one
circle; landing on an occupied field displaces the ball there (rules d-g). Whole turns
are searched breadth first, one die per level, keeping one way to each board per level
(dice in any order reach the same boards), so the work grows with the number of
different boards, not with the number of ways to reach them; :data:`LIMIT` bounds it.

A board here is a frozenset of ``(field, colour)`` pairs of the balls off the start
field; the balls waiting on start are the rest of each player's nine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.games.tenet.board import START, Board
from companion.texts import colour as colour_word
from companion.texts import text

Board_ = frozenset[tuple[str, str]]

#: Most different boards a turn search keeps at one level before it gives up; measured
#: in bench/tenet.py (docs/tenet.md): self-play never comes near it.
LIMIT = 20_000


class TooManyTurns(CompanionError):
    """A position with more different turns than :data:`LIMIT` (list them per step)."""


@dataclass(frozen=True)
class Step:
    """One die's value walked by one ball: ``value`` from ``start`` to ``end``; ``hit`` is
    the colour of the ball displaced from ``end`` and ``put`` where it was put."""

    value: int
    start: str
    end: str
    hit: str | None = None
    put: str | None = None


def pieces(board: Board_, colour: str) -> list[str]:
    return sorted(f for f, c in board if c == colour)


def waiting(board: Board_, colour: str, per_player: int = 9) -> int:
    """How many balls of ``colour`` wait on the start field."""
    return per_player - sum(1 for _, c in board if c == colour)


def steps(
    b: Board,
    board: Board_,
    colour: str,
    value: int,
    hopeless: Callable[[Board_], bool] | None = None,
) -> Iterator[tuple[Step, Board_]]:
    """Every step of one die for the player ``colour``, with the board after it.

    ``hopeless`` lets a search skip a step that displaces a foreign ball, with every
    place that ball could go, when it judges the board with that ball gone hopeless: a
    foreign ball on the board can only block the player's later steps, never open one,
    so where it is put cannot do better than having it gone (it fans out to twenty-odd
    boards, the slow part of a crowded position)."""
    occ = dict(board)
    origins = pieces(board, colour) + ([START] if waiting(board, colour) else [])
    for origin in origins:
        for end in landings(b, occ, colour, origin, value):
            hit = occ.get(end) if end != origin else None
            if hopeless is not None and hit not in (None, colour):
                gone = dict(occ)
                gone.pop(origin, None)
                gone[end] = colour
                if hopeless(frozenset(gone.items())):
                    continue
            yield from land(b, occ, colour, Step(value, origin, end))


def landings(b: Board, occ: Mapping[str, str], colour: str, origin: str, value: int) -> list[str]:
    """The fields a ball of ``colour`` on ``origin`` can reach with ``value``: along one
    circle, one direction, over free fields and own balls only ("fremde Figuren
    versperren den Weg"). A full turn round a planet lands where it started."""
    ends: list[str] = []
    for path in b.walks(origin, value):
        if path[-1] in ends:
            continue
        if all(occ.get(f, colour) == colour for f in path[:-1]):
            ends.append(path[-1])
    return ends


def blocker(
    b: Board, occ: Mapping[str, str], colour: str, origin: str, end: str, value: int
) -> str:
    """Why no walk from origin to end is open: the first foreign ball on each way there
    ("" when no circle leads there in ``value`` fields)."""
    found = []
    for path in b.walks(origin, value):
        if path[-1] == end:
            found += [f"{occ[f]} on {f}" for f in path[:-1] if occ.get(f, colour) != colour][:1]
    return ", ".join(found)


def land(
    b: Board, occ: Mapping[str, str], colour: str, step: Step
) -> Iterator[tuple[Step, Board_]]:
    """The board after the step, once for each place the displaced ball may go."""
    after = dict(occ)
    if step.start != START:
        del after[step.start]
    hit = after.get(step.end) if step.end != step.start else None
    after[step.end] = colour
    if hit is None:
        yield step, frozenset(after.items())
        return
    for target in targets(b, after, step.end, hit):
        moved = dict(after)
        if target != START:
            moved[target] = hit
        yield Step(step.value, step.start, step.end, hit, target), frozenset(moved.items())


def targets(b: Board, occ: Mapping[str, str], at: str, colour: str) -> list[str]:
    """Where a ball of ``colour`` displaced from ``at`` may be put (``occ`` already shows
    the mover on ``at``): d) any free field of a force-field circle through ``at``;
    e) any free field of a planet circle through it, or the start field; f) at a
    crossing either circle; g) any free field next to another ball of its colour."""
    out: set[str] = set()
    for circle in b.circles_of[at]:
        out.update(f for f in b.members[circle] if f not in occ and f != START)
        if b.circle_kind(circle) == "planet":
            out.add(START)
    for fid, c in occ.items():
        if c == colour and fid != at:
            out.update(n for n in b.neighbours[fid] if n not in occ and n != START)
    return sorted(out)


@dataclass(frozen=True)
class Turn:
    """A legal turn found by :func:`search`: its steps, the board after them, and whether
    it ends with the stone claimed."""

    steps: tuple[Step, ...]
    board: Board_
    won: bool


def search(
    b: Board, board: Board_, colour: str, roll: tuple[int, ...], planet: int | None
) -> list[Turn]:
    """Every legal turn, one per different end (board, won), canonical order.

    The stone is claimed as soon as a ball of the player stands on the Pott of the
    stone's planet ``planet`` while the die showing its number is still unused; the turn
    ends there. Every die must be moved if it can be: the turns that move fewer dice
    than the longest possible turn are not legal (Added 6.7); a win counts as all three.
    """
    frontier: dict[tuple[Board_, tuple[int, ...]], tuple[Step, ...]] = {
        (board, tuple(sorted(roll, reverse=True))): ()
    }
    wins: dict[Board_, tuple[Step, ...]] = {}
    stuck: list[dict[Board_, tuple[Step, ...]]] = []
    for depth in range(len(roll) + 1):
        nxt: dict[tuple[Board_, tuple[int, ...]], tuple[Step, ...]] = {}
        ends: dict[Board_, tuple[Step, ...]] = {}
        for (here, left), done in frontier.items():
            if claims(b, here, colour, left, planet):
                wins.setdefault(here, done)
                continue
            moved = False
            for i, value in enumerate(left):
                if value in left[:i]:
                    continue
                rest = left[:i] + left[i + 1 :]
                for step, there in steps(b, here, colour, value):
                    moved = True
                    nxt.setdefault((there, rest), (*done, step))
            if not moved:
                ends.setdefault(here, done)
        stuck.append(ends)
        if len(nxt) > LIMIT:
            who = colour_word(colour)
            said = text("tenet.too_many_turns", limit=LIMIT, dice=depth + 1, player=who)
            raise TooManyTurns(said)
        frontier = nxt
    deepest = max((d for d, ends in enumerate(stuck) if ends), default=0)
    if wins:
        deepest = len(roll)
    out = [Turn(done, here, True) for here, done in wins.items()]
    out += [Turn(done, here, False) for here, done in stuck[deepest].items()]
    return out


def claims(b: Board, board: Board_, colour: str, left: tuple[int, ...], planet: int | None) -> bool:
    """Does the player take the stone here: a ball on the Pott of the stone's planet,
    and the die with that planet's number not yet moved?"""
    return planet is not None and planet in left and (b.pott[planet], colour) in board


Memo = dict[tuple[Board_, tuple[int, ...]], tuple[int, tuple[Step, ...]]]


def longest(
    b: Board,
    board: Board_,
    colour: str,
    left: tuple[int, ...],
    planet: int | None,
    memo: Memo | None = None,
) -> tuple[int, tuple[Step, ...]]:
    """How many of the dice ``left`` can still be moved (a claim of the stone counts as
    all), with a sequence that does it: depth first, stopping at the first that uses
    them all. Tells a player that a die they did not move could have been moved.
    ``memo`` keeps answers for boards met again (one position and roll only)."""
    if not left or claims(b, board, colour, left, planet):
        return len(left), ()
    if memo is not None and (board, left) in memo:
        return memo[board, left]
    best: tuple[int, tuple[Step, ...]] = (0, ())
    for i, value in enumerate(left):
        if value in left[:i]:
            continue
        rest = left[:i] + left[i + 1 :]

        def hopeless(gone: Board_, rest: tuple[int, ...] = rest) -> bool:
            return longest(b, gone, colour, rest, planet, memo)[0] + 1 <= best[0]  # noqa: B023 - the best so far when called

        for step, there in steps(b, board, colour, value, hopeless):
            used, more = longest(b, there, colour, rest, planet, memo)
            if used + 1 > best[0]:
                best = (used + 1, (step, *more))
            if best[0] == len(left):
                break
        if best[0] == len(left):
            break
    if memo is not None:
        memo[board, left] = best
    return best
