"""The 1+2 roll, shared by Gravitation and Tunnel X: swap places or jump to a special field.

Both games let the player who rolls 1 and 2 either swap places with the nearest foreign
piece ("Wurf 3, Tausch") or move to the nearest free special field of any player
("Wurf 3, Sonderfeld"), whichever is nearer: "der kürzere Weg ist ausschlaggebend"
(Gravitation), "Der kürzere Weg ist maßgebend!" (Tunnel X). "Nearest" is the shortest
path along the lines' directions, whatever stands on it; a tie gives the player the
choice (docs/rulings.md, Added 2.7 and 4.4). The games differ in one point, passed as a
switch: Tunnel X swaps only within the mover's own ring ("in der gleichen Umlaufbahn").
Gravitation's third choice, "oder auch mit 'Wurf 3' arbeiten", is an ordinary 3, not
made here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from companion.games.zwianer.moves import Move
from companion.games.zwianer.notation.tokens import SONDERFELD, TAUSCH, wurf
from companion.games.zwianer.turn import Context, finish, start_run
from companion.games.zwianer.walk import Graph
from companion.model.position import Position


def one_two_moves(
    position: Position,
    g: Graph,
    start: str,
    context: Callable[[str], Context],
    same_ring: bool = False,
) -> Iterator[Move]:
    """The 1+2 moves of the piece on ``start``, the nearer of swap and special field (both
    on a tie); ``context(kind)`` makes each Move's Context."""
    occ = position.occupant
    colour = position.to_move
    dist = g.distances(start)
    ring = g.ring_of.get(start)
    swaps = [
        f
        for f in dist
        if f != start
        and occ.get(f, colour) != colour
        and not g.is_station(start)  # no foreign piece can stand in a station
        and (not same_ring or g.ring_of.get(f) == ring)
    ]
    free = [f for f in dist if f != start and f in g.special_owner and f not in occ]
    near_swap = min((dist[f] for f in swaps), default=None)
    near_free = min((dist[f] for f in free), default=None)
    if near_swap is not None and near_free is not None:
        if near_swap < near_free:
            free = []
        elif near_free < near_swap:
            swaps = []
    for fid in sorted(f for f in swaps if dist[f] == near_swap):
        ctx = context("swap")
        run = start_run(ctx, [wurf(3), TAUSCH])
        run.occ[start], run.occ[fid] = run.occ[fid], run.occ[start]
        run.mover, run.path, run.swapped = fid, [start, fid], fid
        yield finish(ctx, run)
    for fid in sorted(f for f in free if dist[f] == near_free):
        ctx = context("special")
        run = start_run(ctx, [wurf(3), SONDERFELD])
        run.step(start, fid)
        yield finish(ctx, run)
