"""ZwiAner::Tunnel X: legal moves of a position and a roll (rulings §4, ``docs/tunnelx.md``).

Same board as Gravitation, gravity numbers ignored. The player works with one die's
value; every step along any line, in the line's direction, costs one point, and chains
of pieces are tunnelled (the walks of :func:`~companion.games.walk.tunnel_walks`).
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

from companion.checker import check
from companion.errors import CompanionError
from companion.games.dice import Choice, check_roll, parse_roll
from companion.games.moves import Move
from companion.games.onetwo import one_two_moves
from companion.games.turn import Context, finish, pass_move, start_run
from companion.games.walk import Graph, graph, tunnel_walks
from companion.notation.tokens import wurf
from companion.position import Position

__all__ = ["check", "dice_choices", "full_rings", "legal_moves", "parse_roll"]


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
    if position.game != "tunnelx":
        raise CompanionError(f"not a Tunnel X position (game {position.game!r})")
    pair = check_roll(roll)
    g = graph(position.layout)
    full = full_rings(position, g)
    choices = dice_choices(position, pair)
    found: list[Move] = []
    for choice in choices:
        for start in position.pieces[position.to_move]:
            if choice.special:
                found += one_two_moves(
                    position,
                    g,
                    start,
                    partial(Context.of, position, g, pair, choice, start),
                    same_ring=True,
                )
            else:
                found += _walks(position, g, pair, choice, start, full)
    if not found:
        value = max(c.value for c in choices)
        found.append(pass_move(Context.of(position, g, pair, Choice(value, "pass"), "", "pass")))
    return tuple(found)


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
) -> Iterator[Move]:
    """The walks of one piece with one value; tunnelled pieces go home unless protected."""
    occ = position.occupant
    own_ring = g.ring_of.get(start)
    if choice.tunnel:  # the mover's own full ring opens once it has stepped out of it
        walls = {f for r in full if r != own_ring for f in g.ring_members[r]}
    else:
        walls = set(occ)
    must_leave = own_ring in full  # "muss dieser zuerst aus der Umlaufbahn herausbewegt werden"
    seen: set[tuple[str, tuple[object, ...], frozenset[str]]] = set()
    for walk in tunnel_walks(g, start, choice.value, occ, walls, must_leave):
        home = frozenset(f for f in walk.tunnelled if _sent_home(g, f, choice))
        key = (walk.end, walk.tokens, home)
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


def _sent_home(g: Graph, fid: str, choice: Choice) -> bool:
    """Sonderregel 1 and 2: does the piece tunnelled through on ``fid`` go back?"""
    if g.is_station(fid):
        return False  # it stands in its own station already
    return choice.unprotected or fid not in g.special_owner
