"""Walks on the ZwiAner board graph, shared by Gravitation and Tunnel X.

:class:`Graph` holds per-layout tables computed once (ring successor, inward and outward
gravity lines, station steps, gravity numbers, special fields), so that move generation
does dictionary look-ups only. :func:`tunnel_walks` enumerates the walks of the tunnel
effect: every step along a line in its direction costs one point, a chain of occupied
fields is passed in one counted step, landing on the first free field after the last
obstacle, and where the lines fork after the chain the last obstacle's lines decide.
No walk uses a field twice.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from companion.layout import Layout
from companion.notation.tokens import Token, count, tunnel


@dataclass(frozen=True)
class Graph:
    """The board as look-up tables. Build with :func:`graph` (cached per layout)."""

    layout: Layout
    ring_next: Mapping[str, str]  # clockwise neighbour along the green line
    inward: Mapping[str, tuple[str, ...]]  # red/blue lines towards the Gravitator
    outward: Mapping[str, tuple[str, ...]]  # red/yellow lines away from it
    station_next: Mapping[str, str]  # station spur: S5 → S4 → ... → S1 → ring
    successors: Mapping[str, tuple[str, ...]]  # every line in its allowed direction
    predecessors: Mapping[str, tuple[str, ...]]  # the same lines walked backwards
    gravity: Mapping[str, int]  # gravity number of the field, 0 where none is printed
    ring_of: Mapping[str, str]  # ring field → ring id
    ring_members: Mapping[str, tuple[str, ...]]  # ring id → its fields, clockwise
    special_owner: Mapping[str, str]  # special field → the colour it belongs to
    station: Mapping[str, tuple[str, ...]]  # colour → S1..S5
    formation: Mapping[str, tuple[str, ...]]  # colour → F1..F5

    def is_station(self, field_id: str) -> bool:
        return field_id in self.station_next

    def distances(self, start: str) -> dict[str, int]:
        """Shortest number of steps from ``start`` to every field along the lines' directions."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self.successors[here]:
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        return dist


_GRAPHS: dict[int, Graph] = {}


def graph(layout: Layout) -> Graph:
    """The look-up tables of a layout, computed on first use and kept."""
    cached = _GRAPHS.get(id(layout))
    if cached is not None and cached.layout is layout:
        return cached
    g = _build(layout)
    _GRAPHS[id(layout)] = g
    return g


def _build(layout: Layout) -> Graph:
    depth = {ring.id: n for n, ring in enumerate(layout.rings)}  # 0 = outermost
    ring_next: dict[str, str] = {}
    inward: dict[str, list[str]] = {f: [] for f in layout.fields}
    outward: dict[str, list[str]] = {f: [] for f in layout.fields}
    station_next: dict[str, str] = {}
    preds: dict[str, list[str]] = {f: [] for f in layout.fields}
    for fid in layout.fields:
        here = layout.fields[fid]
        for nxt, line in layout.successors(fid):
            preds[nxt].append(fid)
            there = layout.fields[nxt]
            if line.colour == "green":
                ring_next[fid] = nxt
            elif line.colour == "station":
                station_next[fid] = nxt
            elif here.ring is not None and there.ring is not None:
                if depth[there.ring] > depth[here.ring]:
                    inward[fid].append(nxt)
                else:
                    outward[fid].append(nxt)
    return Graph(
        layout=layout,
        ring_next=ring_next,
        inward={f: tuple(v) for f, v in inward.items()},
        outward={f: tuple(v) for f, v in outward.items()},
        station_next=station_next,
        successors={f: tuple(n for n, _ in layout.successors(f)) for f in layout.fields},
        predecessors={f: tuple(v) for f, v in preds.items()},
        gravity={f.id: f.gravity or 0 for f in layout},
        ring_of={f.id: f.ring for f in layout if f.ring is not None},
        ring_members={r.id: layout.ring_fields(r.id) for r in layout.rings},
        special_owner={f.id: f.owner for f in layout if f.special and f.owner is not None},
        station={s.colour: s.station for s in layout.seats},
        formation={s.colour: s.formation for s in layout.seats},
    )


@dataclass(frozen=True)
class Walk:
    """One tunnel-effect walk: the fields entered in order, the counts said, the chains."""

    path: tuple[str, ...]  # start first, then every field entered, tunnelled ones included
    end: str
    tokens: tuple[Token, ...]  # bare counts and "Tunnel N"
    tunnelled: tuple[str, ...]  # occupied fields passed through


def tunnel_walks(
    g: Graph,
    start: str,
    steps: int,
    occupied: Mapping[str, str] | set[str],
    walls: frozenset[str] | set[str] = frozenset(),
    first_step_plain: bool = False,
) -> Iterator[Walk]:
    """Every distinct walk of exactly ``steps`` counted steps from ``start``, tunnel effect on.

    ``occupied`` holds the fields with pieces on them (the walking piece's own start
    field may be in it). Occupied fields in ``walls`` cannot be tunnelled through: they
    block like the end of a line (Tunnel X: a full ring; all of ``occupied`` for a walk
    without the tunnel effect). With ``first_step_plain`` the first step may not tunnel
    (Tunnel X: a piece in a full ring must step out of it first). Walks that end on the
    same field with the same counts and the same tunnelled pieces are the same move for
    every rule, so each is yielded once. A walk that cannot go on before its count
    reaches 0 is dropped.
    """
    if steps <= 0:
        return
    seen: set[tuple[str, int, frozenset[str]]] = set()
    path = [start]
    used = {start}
    tunnelled: list[str] = []

    found: list[Walk] = []
    words: dict[int, tuple[Token, ...]] = {}
    successors = g.successors

    def dfs(here: str, left: int, mask: int) -> None:
        # appends to found; plain recursion (no generators); bit n of mask: step n tunnelled
        if left == 0:
            key = (here, mask, frozenset(tunnelled))
            if key not in seen:
                seen.add(key)
                said = words.get(mask)
                if said is None:  # many walks share their words: build each once
                    said = words[mask] = tuple(
                        tunnel(steps - 1 - n) if mask >> n & 1 else count(steps - 1 - n)
                        for n in range(steps)
                    )
                found.append(Walk(tuple(path), here, said, tuple(tunnelled)))
            return
        bit = 1 << (steps - left)
        for nxt in successors[here]:
            if nxt in used:
                continue
            if nxt not in occupied:
                path.append(nxt)
                used.add(nxt)
                dfs(nxt, left - 1, mask)
                used.discard(nxt)
                path.pop()
                continue
            if nxt in walls or (first_step_plain and left == steps):
                continue
            for chain, land in _tunnel_exits(g, occupied, nxt, used, walls):
                path.extend((*chain, land))
                used.update(chain)
                used.add(land)
                tunnelled.extend(chain)
                dfs(land, left - 1, mask | bit)
                del tunnelled[len(tunnelled) - len(chain) :]
                used.difference_update(chain)
                used.discard(land)
                del path[len(path) - len(chain) - 1 :]

    dfs(start, steps, 0)
    yield from found


def _tunnel_exits(
    g: Graph,
    occupied: Mapping[str, str] | set[str],
    first: str,
    used: set[str],
    walls: frozenset[str] | set[str],
) -> list[tuple[tuple[str, ...], str]]:
    """Each (chain of occupied fields, free landing field) reachable through ``first``."""
    out = []
    stack: list[tuple[str, tuple[str, ...]]] = [(first, (first,))]
    while stack:
        here, chain = stack.pop()
        for nxt in g.successors[here]:
            if nxt in used or nxt in chain:
                continue
            if nxt in occupied:
                if nxt not in walls:
                    stack.append((nxt, (*chain, nxt)))
            else:
                out.append((chain, nxt))
    return out
