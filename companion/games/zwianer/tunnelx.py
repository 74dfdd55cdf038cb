"""ZwiAner::Tunnel X: legal moves of a position and a roll (rulings §4, ``docs/tunnelx.md``).

Same board as Gravitation, gravity numbers ignored. The player works with one die's
value; every step along any line, in the line's direction, costs one point, and chains
of pieces are tunnelled (the walks of :func:`~companion.games.zwianer.walk.tunnel_walks`).
Sonderregel 1: every piece tunnelled through that does not stand on a special field goes
back to its owner's station. Sonderregel 2: on a doublet no special field protects.
1+1 is worth 2 or 11; with 1+2 the player may instead swap with the nearest foreign
piece on the same ring or jump to the nearest free special field, whichever is nearer,
and then rolls again. A completely occupied ring cannot be tunnelled through, and a
piece standing in one must first step out of it before it may tunnel. Option
``variant_2_1``: on a doublet the player may also add both dice and move without the
tunnel effect. Win: all five pieces in the own formation.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from companion.errors import CompanionError
from companion.games.dice import Choice, check_roll, parse_roll
from companion.games.zwianer.moves import Move
from companion.games.zwianer.notation.tokens import wurf
from companion.games.zwianer.onetwo import one_two_moves
from companion.games.zwianer.target import NO_WALK, Target, narrowed
from companion.games.zwianer.turn import Context, finish, pass_move, start_run
from companion.games.zwianer.walk import Aim, Graph, graph, tunnel_walks
from companion.model.position import Position
from companion.texts import text

__all__ = ["dice_choices", "full_rings", "generate", "legal_moves", "parse_roll"]


def dice_choices(position: Position, roll: tuple[int, ...]) -> tuple[Choice, ...]:
    """Every way the player may use the roll (rulings §4, Sonderregeln 2-4 and 2.1)."""
    a, b = roll
    variant = position.option("variant_2_1")
    if (a, b) == (1, 1):  # Sonderregel 3; with 2.1 the sum of 2 is a subset of "1+1 as 2"
        return (
            Choice(2, "1+1 as 2", tunnel=True, unprotected=True),
            Choice(11, "1+1 as 11", tunnel=True, unprotected=True),
        )
    if a == b:  # Sonderregel 2, and 2.1: both dice added, no tunnel effect
        one = Choice(a, "one die", tunnel=True, unprotected=True)
        return (one, Choice(2 * a, "sum")) if variant else (one,)
    out = [Choice(v, "one die", tunnel=True) for v in sorted(roll, reverse=True)]
    if {a, b} == {1, 2}:  # Sonderregel 4 ("darfst": the dice may also be used as usual)
        out.append(Choice(3, "1+2", special=True, roll_again=True))
    return tuple(out)


def legal_moves(position: Position, roll: tuple[int, ...]) -> tuple[Move, ...]:
    """Every legal move for the player to move and this roll, canonical order, no duplicates.

    A player who cannot spend a value of the roll with any piece passes ("Wurf N").
    """
    return tuple(generate(position, roll))


def generate(
    position: Position, roll: tuple[int, ...], target: Target | None = None
) -> Iterator[Move]:
    """The legal moves in canonical order, each built when it is asked for; with a
    ``target`` only those that can match it (see companion.games.zwianer.target). The position
    and roll are checked at once."""
    if position.game != "tunnelx":
        said = text("rules.not_game", title="Tunnel X", game=repr(position.game))
        raise CompanionError(said)
    pair = check_roll(roll)
    return _generate(position, pair, target)


def _generate(position: Position, pair: tuple[int, int], target: Target | None) -> Iterator[Move]:
    def passes() -> Iterator[Move]:
        value = max(c.value for c in dice_choices(position, pair))
        ctx = Context.of(position, graph(position.layout), pair, Choice(value, "pass"), "", "pass")
        yield pass_move(ctx)

    return narrowed(partial(_moves, position, pair), target, passes)


def _moves(position: Position, pair: tuple[int, int], target: Target | None) -> Iterator[Move]:
    """The moves that spend the roll (no pass), narrowed to ``target``."""
    g = graph(position.layout)
    full = full_rings(position, g)
    for choice in dice_choices(position, pair):
        for start in position.pieces[position.to_move]:
            if target is not None and not target.wants(choice.value, start):
                continue
            if choice.special:
                yield from one_two_moves(
                    position,
                    g,
                    start,
                    partial(Context.of, position, g, pair, choice, start),
                    same_ring=True,
                )
            else:
                yield from _walks(position, g, pair, choice, start, full, target)


def full_rings(position: Position, g: Graph) -> frozenset[str]:
    """The rings whose every field is occupied: they cannot be tunnelled through."""
    occ = position.occupant
    return frozenset(r for r, fields in g.ring_members.items() if all(f in occ for f in fields))


def _walks(
    position: Position,
    g: Graph,
    roll: tuple[int, int],
    choice: Choice,
    start: str,
    full: frozenset[str],
    target: Target | None = None,
) -> Iterator[Move]:
    """The walks of one piece with one value; tunnelled pieces go home unless protected."""
    occ = position.occupant
    own_ring = g.ring_of.get(start)
    if choice.tunnel:  # the mover's own full ring opens once it has stepped out of it
        walls = {f for r in full if r != own_ring for f in g.ring_members[r]}
    else:
        walls = set(occ)
    must_leave = own_ring in full  # "muss dieser zuerst aus der Umlaufbahn herausbewegt werden"
    seen: set[tuple[str, int, int]] = set()
    for aim in _aims(position, g, choice, start, target):
        for walk in tunnel_walks(g, start, choice.value, occ, walls, must_leave, aim):
            home = [f for f in walk.tunnelled if _sent_home(g, f, choice)]
            key = (walk.end, walk.mask, sum(g.bits[f] for f in home))
            if key in seen:
                continue  # another chain of protected pieces, the same move for every rule
            seen.add(key)
            kind = "tunnel" if walk.tunnelled else "move"
            ctx = Context.of(position, g, roll, choice, start, kind)
            run = start_run(ctx, [wurf(choice.value), *walk.tokens])
            run.occ[walk.end] = run.occ.pop(start)
            run.mover = walk.end
            run.path = list(walk.path)
            for fid in walk.tunnelled:
                if fid in home:
                    run.destroy(fid)
            yield finish(ctx, run)


def _aims(
    position: Position, g: Graph, choice: Choice, start: str, target: Target | None
) -> list[Aim]:
    """What the walks of the piece on ``start`` look for: one search without a target;
    none when the words are no walk's; for a board seen, one search per field where the
    piece may have ended, each for the first walk that sends home exactly the pieces
    the board no longer shows (every further one has the same outcome).

    A walk changes the mover's start and end field, the ring fields of the pieces it
    sends home, and station fields (where those arrive, or the mover when it starts
    there): a board that differs otherwise needs no walk."""
    if target is None:
        return [Aim()]
    if target.mask == NO_WALK:
        return []
    if target.board is None:
        return [Aim(mask=target.mask)]
    occ, board, colour = position.occupant, target.board, position.to_move
    if start in board and not (g.is_station(start) and board[start] == colour):
        return []
    gone: set[str] = set()
    ends: list[str] = []
    for f in (*occ, *board):
        if f == start or occ.get(f) == board.get(f) or g.is_station(f):
            continue
        if f in board and (f in occ or board[f] != colour):
            return []  # a piece changed colour, or appeared that was not the mover
        if f in board:
            ends.append(f)
        else:
            gone.add(f)
    if len(ends) > 1:
        return []
    if not ends:  # the mover stayed in its station
        ends = [f for f in g.station[colour] if board.get(f) == colour and f not in occ]

    def through(fid: str) -> bool:
        return fid in gone or not _sent_home(g, fid, choice)

    def accept(tunnelled: tuple[str, ...]) -> bool:
        return {f for f in tunnelled if _sent_home(g, f, choice)} == gone

    return [
        Aim(end=e, mask=target.mask, through=through, accept=accept, first=True)
        for e in dict.fromkeys(ends)
    ]


def _sent_home(g: Graph, fid: str, choice: Choice) -> bool:
    """Sonderregel 1 and 2: does the piece tunnelled through on ``fid`` go back?"""
    if g.is_station(fid):
        return False  # it stands in its own station already
    return choice.unprotected or fid not in g.special_owner
