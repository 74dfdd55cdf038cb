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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from companion.games.zwianer.notation.tokens import Token, count, tunnel
from companion.model.layout import Layout


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
    bits: Mapping[str, int]  # field → a bit of its own, for sets of fields as integers

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
        bits={f: 1 << n for n, f in enumerate(layout.fields)},
    )


@dataclass(frozen=True)
class Walk:
    """One tunnel-effect walk: the fields entered in order, the counts said, the chains."""

    path: tuple[str, ...]  # start first, then every field entered, tunnelled ones included
    end: str
    tokens: tuple[Token, ...]  # bare counts and "Tunnel N"
    tunnelled: tuple[str, ...]  # occupied fields passed through
    mask: int = 0  # bit n set: the n-th counted step tunnelled (the words, as an integer)


@dataclass(frozen=True)
class Aim:
    """What a search for walks looks for, so that the rest is never walked.

    ``end``: only walks ending there (steps that cannot reach it with the count left
    are not taken). ``mask``: only walks with this pattern of tunnelled steps (the
    words said). ``through``: only chains whose every field it allows. ``accept``: only
    walks whose tunnelled fields it accepts. ``first``: stop after the first walk found
    (the caller knows that every further one has the same outcome).
    """

    end: str | None = None
    mask: int | None = None
    through: Callable[[str], bool] | None = None
    accept: Callable[[tuple[str, ...]], bool] | None = None
    first: bool = False


#: A count no walk reaches (the lower bound of an unreachable field).
_FAR = 1 << 30


def tunnel_walks(
    g: Graph,
    start: str,
    steps: int,
    occupied: Mapping[str, str] | set[str],
    walls: frozenset[str] | set[str] = frozenset(),
    first_step_plain: bool = False,
    aim: Aim | None = None,
) -> Iterator[Walk]:
    """Every distinct walk of exactly ``steps`` counted steps from ``start``, tunnel effect on.

    ``occupied`` holds the fields with pieces on them (the walking piece's own start
    field may be in it). Occupied fields in ``walls`` cannot be tunnelled through: they
    block like the end of a line (Tunnel X: a full ring; all of ``occupied`` for a walk
    without the tunnel effect). With ``first_step_plain`` the first step may not tunnel
    (Tunnel X: a piece in a full ring must step out of it first). Walks that end on the
    same field with the same counts and the same tunnelled pieces are the same move for
    every rule, so each is yielded once (told apart by integer keys). A walk that cannot
    go on before its count reaches 0 is dropped. ``aim`` narrows the search (a referee
    looking for the board it saw, a checker for the words it heard).

    The walks come depth first, each as soon as it is found: a caller that needs only
    the first few pays only for those (python-chess's lazy move generator).
    """
    if steps <= 0:
        return
    aim = aim or Aim()
    want, through = aim.mask, aim.through
    bound = _bounds(g, aim.end, occupied, walls) if aim.end is not None else None
    bits = g.bits
    successors = g.successors
    seen: set[tuple[str, int, int]] = set()
    words: dict[int, tuple[Token, ...]] = {}
    path = [start]
    used = {start}
    tunnelled: list[str] = []

    def options(here: str, left: int) -> list[tuple[tuple[str, ...], str]]:
        """The next counted steps from ``here``: (chain tunnelled, field landed on)."""
        n = steps - left
        plain = want is None or not want >> n & 1
        tunnels = (want is None or want >> n & 1) and not (first_step_plain and n == 0)
        out: list[tuple[tuple[str, ...], str]] = []
        for nxt in successors[here]:
            if nxt in used:
                continue
            if nxt not in occupied:
                if plain and (bound is None or bound.get(nxt, _FAR) < left):
                    out.append(((), nxt))
                continue
            if nxt in walls or not tunnels:
                continue
            for chain, land in _tunnel_exits(g, occupied, nxt, used, walls):
                if bound is not None and bound.get(land, _FAR) >= left:
                    continue
                if through is None or all(through(f) for f in chain):
                    out.append((chain, land))
        out.reverse()  # taken from the end: the lines' order, as they are listed
        return out

    # an explicit stack instead of recursion, so that each walk is yielded when found:
    # frames of (count left, tunnel mask so far, the steps still to try, the step taken)
    frames: list[tuple[int, int, list[tuple[tuple[str, ...], str]], tuple[str, ...]]] = [
        (steps, 0, options(start, steps), ())
    ]
    tmask = 0  # the tunnelled fields, one bit each
    while frames:
        left, mask, todo, _ = frames[-1]
        if not todo:
            _, _, _, entered = frames.pop()
            if frames:  # take back the step that led here
                used.discard(path.pop())
                if entered:
                    del path[len(path) - len(entered) :]
                    del tunnelled[len(tunnelled) - len(entered) :]
                    used.difference_update(entered)
                    for f in entered:
                        tmask ^= bits[f]
            continue
        chain, land = todo.pop()
        step_mask = mask | (1 << (steps - left)) if chain else mask
        if left == 1:  # the last count: a walk ends here
            if aim.end is not None and land != aim.end:
                continue
            walk_tmask = tmask
            for f in chain:
                walk_tmask |= bits[f]
            key = (land, step_mask, walk_tmask)
            if key in seen:
                continue
            seen.add(key)
            if aim.accept is not None and not aim.accept((*tunnelled, *chain)):
                continue
            said = words.get(step_mask)
            if said is None:  # many walks share their words: build each once
                said = words[step_mask] = tuple(
                    tunnel(steps - 1 - n) if step_mask >> n & 1 else count(steps - 1 - n)
                    for n in range(steps)
                )
            yield Walk((*path, *chain, land), land, said, (*tunnelled, *chain), step_mask)
            if aim.first:
                return
            continue
        path.extend(chain)
        path.append(land)
        used.update(chain)
        used.add(land)
        tunnelled.extend(chain)
        for f in chain:
            tmask |= bits[f]
        frames.append((left - 1, step_mask, options(land, left - 1), chain))


def _bounds(
    g: Graph,
    end: str,
    occupied: Mapping[str, str] | set[str],
    walls: frozenset[str] | set[str],
) -> dict[str, int]:
    """The fewest counts from each field to ``end`` (a lower bound: fields used twice
    allowed). A count is paid on landing on a free field; a chain of occupied fields
    (not walls) is passed on the way, free of charge."""
    dist = {end: 0}
    queue = deque([end])
    while queue:
        here = queue.popleft()
        d = dist[here]
        cost = 0 if here in occupied else 1
        for prev in g.predecessors[here]:
            if prev in walls and prev in occupied:
                continue
            nd = d + cost
            if nd < dist.get(prev, _FAR):
                dist[prev] = nd
                if cost:
                    queue.append(prev)
                else:
                    queue.appendleft(prev)
    return dist


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
