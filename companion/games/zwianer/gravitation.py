"""ZwiAner::Gravitation: legal moves of a position and a roll (rulings §2-§3).

:func:`legal_moves` is a pure function: a checked :class:`~companion.model.position.Position`
and two dice in, every legal :class:`~companion.games.zwianer.moves.Move` out, each with its
canonical announcement and the position after it. How each rule is read is written
down in ``docs/gravitation.md``; in short, a move without a doublet is: optional steps
in the station (1 point each), an optional radial transfer along gravity lines from
the piece's field (inward free, outward paying every orbit climbed out of), the
gravity payment of the orbit the piece stays in, then clockwise steps along the orbit
with the Stoß laws. A doublet (phase 3) or phase 1 switches gravity off: every step
along any line costs 1 and chains of pieces are tunnelled.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from functools import partial

from companion.errors import CompanionError
from companion.games.dice import Choice, check_roll, parse_roll
from companion.games.zwianer.moves import Move
from companion.games.zwianer.notation.tokens import (
    ABSTURZ,
    Token,
    count,
    gravitation,
    speicher,
    umlaufbahn,
    wurf,
)
from companion.games.zwianer.onetwo import one_two_moves
from companion.games.zwianer.pushes import resolve_death_push, ring_walk
from companion.games.zwianer.target import NO_WALK, Target, narrowed
from companion.games.zwianer.turn import (
    Context,
    Reach,
    Run,
    finish,
    on_track,
    pass_move,
    start_run,
    wanted,
)
from companion.games.zwianer.walk import Aim, Graph, graph, tunnel_walks
from companion.model.position import Position
from companion.texts import colour as colour_word
from companion.texts import field, text

__all__ = [
    "Choice",
    "demandable",
    "dice_choices",
    "generate",
    "legal_moves",
    "parse_roll",
    "resolve_death_push",
    "with_demands",
]


def dice_choices(position: Position, roll: tuple[int, ...]) -> tuple[Choice, ...]:
    """Every way the player may use the roll in this position (rulings §2-§3)."""
    a, b = roll
    phase = position.phase or 3
    singles = not position.option("always_sum")
    plain = [Choice(a + b, "sum")]
    if singles:
        plain += [Choice(v, "one die") for v in sorted({a, b}, reverse=True) if v != a + b]
    if phase == 1:
        return tuple(Choice(c.value, c.dice, tunnel=True) for c in plain)
    if (a, b) == (1, 1):
        return (Choice(2, "1+1 as 2", phase == 3), Choice(11, "1+1 as 11", phase == 3))
    if {a, b} == {1, 2}:
        return (Choice(3, "1+2", special=True),)
    guess = position.prediction
    if guess is not None and position.option("prediction"):
        if guess in roll:
            plain += [Choice(2 * a + b, "prediction"), Choice(a + 2 * b, "prediction")]
        else:
            plain = [Choice(min(a, b), "smaller die")]
    if phase == 3 and a == b:
        plain = [Choice(c.value, c.dice, tunnel=True) for c in plain]
    seen: set[tuple[int, bool]] = set()
    out = []
    for c in plain:
        if (c.value, c.tunnel) not in seen:
            seen.add((c.value, c.tunnel))
            out.append(c)
    return tuple(out)


def legal_moves(position: Position, roll: tuple[int, ...]) -> tuple[Move, ...]:
    """Every legal move for the player to move and this roll, canonical order, no duplicates.

    A player with no legal move that keeps a piece in orbit must crash a ring piece of
    their choice (one Move per piece, kind "crash"); with none on a ring, or with a
    doublet that cannot be played, the Move is a pass.
    """
    return tuple(generate(position, roll))  # distinct by construction (test_properties.py)


def generate(
    position: Position, roll: tuple[int, ...], target: Target | None = None
) -> Iterator[Move]:
    """The legal moves in canonical order, each built when it is asked for.

    With a ``target`` only the moves that can match it (and, for a board, the first
    tunnel walk of each outcome): a referee or a checker then builds a few moves, not
    every one of the roll. The position and roll are checked at once, not when the
    first move is asked for.
    """
    if position.game != "gravitation":
        said = text("rules.not_game", title="Gravitation", game=repr(position.game))
        raise CompanionError(said)
    pair = check_roll(roll)
    return _generate(position, pair, target)


def _generate(position: Position, pair: tuple[int, int], target: Target | None) -> Iterator[Move]:
    def no_move() -> list[Move]:
        choices = dice_choices(position, pair)
        g = graph(position.layout)
        return _no_move(position, g, pair, choices, _movable(position), position.to_move)

    return narrowed(partial(_moves, position, pair), target, no_move)


def _moves(position: Position, pair: tuple[int, int], target: Target | None) -> Iterator[Move]:
    """The moves that spend the roll (no crash, no pass), narrowed to ``target``."""
    g = graph(position.layout)
    reach = Reach.of(position) if target is not None and target.board is not None else None
    for choice in dice_choices(position, pair):
        for start in _movable(position):
            if target is not None and not target.wants(choice.value, start):
                continue
            if choice.tunnel:
                yield from _tunnel_moves(position, g, pair, choice, start, target)
            else:
                yield from _gravity_moves(position, g, pair, choice, start, target, reach)
                if choice.special:
                    yield from _special_moves(position, g, pair, choice, start)


def demandable(position: Position) -> dict[str, tuple[str, ...]]:
    """Which pieces of the player to move others may demand be moved (Sonderfeld rule).

    Maps each other player to the fields of the mover's pieces that stand on that
    player's special fields. The referee asks them before the roll.
    """
    g = graph(position.layout)
    out: dict[str, list[str]] = {}
    for fid in position.pieces[position.to_move]:
        owner = g.special_owner.get(fid)
        if owner is not None and owner != position.to_move and owner in position.players:
            out.setdefault(owner, []).append(fid)
    return {k: tuple(v) for k, v in out.items()}


def with_demands(position: Position, fields: Iterable[str]) -> Position:
    """The position with these demands made; the player to move must move one of them."""
    fields = tuple(fields)
    allowed = {f for v in demandable(position).values() for f in v}
    for fid in fields:
        if fid not in allowed:
            who = colour_word(position.to_move)
            raise CompanionError(text("rules.no_demand", field=field(fid), player=who))
    return replace(position, demands=tuple(sorted(set(fields))))


def _movable(position: Position) -> tuple[str, ...]:
    """The pieces the player may move: a declared piece, demanded pieces, or all."""
    if position.declared is not None:
        return (position.declared,)
    if position.demands:
        return position.demands
    return position.pieces[position.to_move]


# ------------------------------------------------------------------ gravity moves


def _gravity_moves(
    position: Position,
    g: Graph,
    roll: tuple[int, int],
    choice: Choice,
    start: str,
    target: Target | None = None,
    reach: Reach | None = None,
) -> Iterator[Move]:
    """Moves with gravity: each store use, then station, radial transfer and orbit.
    ``reach`` is the memo of a search for a board, shared by all its moves."""
    colour = position.to_move
    store = position.energy_of(colour)
    capacity = int(position.layout.extra.get("energy_capacity", 5))
    value = choice.value
    options = [(0, value)]
    options += [(w, value + w) for w in range(1, store + 1)]
    options += [(-d, value - d) for d in range(1, min(capacity - store, value - 1) + 1)]
    for delta, points in options:
        tokens = [wurf(value)]
        if delta:
            tokens.append(speicher(points))
        board, words = _looked_for(target)
        ctx = Context.of(position, g, roll, choice, start, "move", delta, board, words, reach)
        run = start_run(ctx, tokens)
        if not on_track(ctx, run):
            continue
        run.energy[colour] = store - delta
        if g.is_station(start):
            yield from _from_station(ctx, run, points)
        else:
            yield from _from_ring(ctx, run, points)


def _looked_for(
    target: Target | None,
) -> tuple[Mapping[str, str] | None, tuple[Token, ...] | None]:
    """The board and the words a gravity move is looked for by (each None: any)."""
    return (None, None) if target is None else (target.board, target.words)


def _from_station(ctx: Context, run: Run, points: int) -> Iterator[Move]:
    """Station steps (1 point each); from S1 the orbit's gravity, then into the ring."""
    g = ctx.graph
    here, left = ctx.start, points
    s1 = g.station[ctx.colour][0]
    while left > 0 and here != s1:
        nxt = g.station_next[here]
        if nxt in run.occ:
            return  # blocked: no push in the station
        run.step(here, nxt)
        here, left = nxt, left - 1
        run.tokens.append(count(left))
    if left == 0:
        if here != ctx.start and wanted(ctx, run):
            yield finish(ctx, run)
        return
    left -= g.gravity[s1]
    if left < 0:
        return
    run.tokens.append(umlaufbahn(left))
    if left == 0:
        if here != ctx.start and wanted(ctx, run):
            yield finish(ctx, run)
        return
    entry = g.station_next[s1]
    if entry in run.occ:
        return  # the station line is no orbit: an occupied entry field blocks
    run.step(here, entry)
    left -= 1
    run.tokens.append(count(left))
    yield from ring_walk(ctx, run, entry, left)


def _from_ring(ctx: Context, run: Run, points: int) -> Iterator[Move]:
    """Stay in the orbit, fall inward, or climb outward, then walk the orbit."""
    g = ctx.graph
    start = ctx.start
    own = g.gravity[start]
    if points > own:  # staying: the orbit's gravity, then at least one step or a push
        branch = run.copy()
        branch.tokens.append(umlaufbahn(points - own))
        yield from ring_walk(ctx, branch, start, points - own)
    yield from _fall(ctx, run, start, points, 0)
    if points >= own:
        branch = run.copy()
        branch.tokens.append(umlaufbahn(points - own))
        yield from _climb(ctx, branch, start, points - own)


def _fall(ctx: Context, run: Run, here: str, points: int, depth: int) -> Iterator[Move]:
    """Inward along red and blue lines, free of charge: "Gravitation N" per field."""
    g = ctx.graph
    for nxt in g.inward[here]:
        if nxt in run.occ or nxt in run.path:
            continue  # a chain on a gravity line blocks
        branch = run.copy()
        branch.step(here, nxt)
        branch.tokens.append(gravitation(points))
        left = points - g.gravity[nxt]
        if left >= 0:
            stay = branch.copy()
            stay.tokens.append(umlaufbahn(left))
            yield from ring_walk(ctx, stay, nxt, left)
        yield from _fall(ctx, branch, nxt, points, depth + 1)


def _climb(ctx: Context, run: Run, here: str, left: int) -> Iterator[Move]:
    """Outward along red and yellow lines, paying each orbit's gravity."""
    g = ctx.graph
    for nxt in g.outward[here]:
        if nxt in run.occ or nxt in run.path:
            continue
        rest = left - g.gravity[nxt]
        if rest < 0:
            continue
        stay = run.copy()
        stay.step(here, nxt)
        go_on = stay.copy()
        stay.tokens.append(umlaufbahn(rest))
        yield from ring_walk(ctx, stay, nxt, rest)
        go_on.tokens.append(gravitation(rest))
        yield from _climb(ctx, go_on, nxt, rest)


# ------------------------------------------------------------------ other moves


def _tunnel_moves(
    position: Position,
    g: Graph,
    roll: tuple[int, int],
    choice: Choice,
    start: str,
    target: Target | None = None,
) -> Iterator[Move]:
    """Gravity off: every step along any line costs 1, chains are tunnelled."""
    aim = _aim(position, start, target)
    if aim is None:
        return
    ctx = Context.of(position, g, roll, choice, start, "tunnel")
    occ = position.occupant
    seen: set[tuple[str, int]] = set()
    for walk in tunnel_walks(g, start, choice.value, occ, aim=aim):
        if (walk.end, walk.mask) in seen:
            continue  # the same move by another path: no rule of Gravitation tells them apart
        seen.add((walk.end, walk.mask))
        run = start_run(ctx, [wurf(choice.value), *walk.tokens])
        run.occ[walk.end] = run.occ.pop(start)
        run.mover = walk.end
        run.path = list(walk.path)
        yield finish(ctx, run)


def _aim(position: Position, start: str, target: Target | None) -> Aim | None:
    """What the tunnel walks of the piece on ``start`` look for (None: no walk can do).

    A tunnel move changes two fields only, the piece's start and end: a board seen
    that differs otherwise needs no walk, and one that does is the first walk found to
    that end (every further one is another announcement of the same outcome)."""
    if target is None:
        return Aim()
    if target.mask == NO_WALK:
        return None
    if target.board is None:
        return Aim(mask=target.mask)
    occ, board = position.occupant, target.board
    changed = {f for f in (*occ, *board) if occ.get(f) != board.get(f)}
    ends = changed - {start}
    if start not in changed or start in board or len(ends) != 1:
        return None
    (end,) = ends
    if end in occ or board[end] != position.to_move:
        return None
    return Aim(end=end, mask=target.mask, first=True)


def _special_moves(
    position: Position, g: Graph, roll: tuple[int, int], choice: Choice, start: str
) -> Iterator[Move]:
    """1+2: swap with the nearest foreign piece, or go to the nearest free special field."""
    return one_two_moves(position, g, start, partial(Context.of, position, g, roll, choice, start))


def _no_move(
    position: Position,
    g: Graph,
    roll: tuple[int, int],
    choices: tuple[Choice, ...],
    pieces: tuple[str, ...],
    colour: str,
) -> list[Move]:
    """Absturz of a ring piece of the player's choice, or a pass."""
    value = max(c.value for c in choices)
    gravity = any(not c.tunnel for c in choices)
    ring = [p for p in pieces if p in g.ring_of] if gravity else []
    choice = Choice(value, "sum")
    out = []
    for start in ring:
        ctx = Context.of(position, g, roll, choice, start, "crash")
        run = start_run(ctx, [wurf(value), ABSTURZ])
        run.destroy(start)
        out.append(finish(ctx, run))
    if not out:
        out.append(pass_move(Context.of(position, g, roll, choice, "", "pass")))
    return out
