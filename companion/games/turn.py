"""A turn in progress: the mutable working state of move generation and how it ends.

Move generation explores many branches; each branch works on a :class:`Run` (a copy of
the occupancy and the stores plus what has been said so far) and ends in
:func:`finish`, which sends destroyed pieces home, decides win and roll-again and builds
the immutable :class:`~companion.games.moves.Move` with its resulting position. The
resulting Position is made with ``dataclasses.replace`` from the checked one: every
step of the generator keeps one piece a field, so no re-validation is needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.moves import Destroyed, Move, Push
from companion.games.walk import Graph
from companion.notation.tokens import Token
from companion.position import Position


@dataclass(frozen=True)
class Context:
    """What stays fixed while one way of playing the roll is explored."""

    position: Position
    graph: Graph
    colour: str  # the player moving
    start: str  # the moved piece's field
    kind: str
    roll: tuple[int, int]
    dice: str
    value: int
    store: int = 0
    death_push: bool = False
    roll_again_rule: bool = True


@dataclass
class Run:
    """The working state of one branch; :meth:`copy` before branching."""

    occ: dict[str, str]
    energy: dict[str, int]
    tokens: list[Token]
    mover: str  # the moved piece's current field
    path: list[str]
    pushes: list[Push] = field(default_factory=list)
    destroyed: list[tuple[str, str]] = field(default_factory=list)
    swapped: str | None = None

    def copy(self) -> Run:
        return Run(
            dict(self.occ),
            dict(self.energy),
            list(self.tokens),
            self.mover,
            list(self.path),
            list(self.pushes),
            list(self.destroyed),
            self.swapped,
        )

    def step(self, src: str, dst: str) -> None:
        """Moves the piece on ``src`` to the free field ``dst``."""
        self.occ[dst] = self.occ.pop(src)
        if src == self.mover:
            self.mover = dst
            self.path.append(dst)

    def destroy(self, fid: str) -> None:
        """Takes the piece on ``fid`` off the board; :func:`finish` sends it home."""
        self.destroyed.append((fid, self.occ.pop(fid)))


def start_run(ctx: Context, tokens: list[Token]) -> Run:
    pos = ctx.position
    return Run(
        occ=dict(pos.occupant),
        energy=dict(zip(pos.players, pos.energy, strict=True)),
        tokens=tokens,
        mover=ctx.start,
        path=[ctx.start],
    )


def home_field(g: Graph, occ: dict[str, str], colour: str) -> str:
    """The free station field with the highest number (rulings §1)."""
    for fid in reversed(g.station[colour]):
        if fid not in occ:
            return fid
    raise AssertionError(f"no free station field for {colour}")  # five pieces, five fields


def has_won(g: Graph, occ: dict[str, str], colour: str, phase: int | None) -> bool:
    """Phase 1 and 3: all five pieces in formation; phase 2: three adjacent ones."""
    formation = g.formation[colour]
    if phase == 2:
        mine = [occ.get(f) == colour for f in formation]
        return any(all(mine[i : i + 3]) for i in range(len(mine) - 2))
    return all(occ.get(f) == colour for f in formation)


def finish(ctx: Context, run: Run, pending: Any = None) -> Move:
    """The Move of a finished (or, with ``pending``, an interrupted) branch."""
    g = ctx.graph
    pos = ctx.position
    occ = run.occ
    destroyed: list[Destroyed] = []
    end: str | None = run.mover
    for fid, colour in run.destroyed:
        home = home_field(g, occ, colour)
        occ[home] = colour
        destroyed.append(Destroyed(fid, colour, home))
        if fid == run.mover:
            end = home
    pushes = tuple(
        replace(p, end=next(d.home for d in destroyed if d.field == p.end))
        if any(d.field == p.end for d in destroyed)
        else p
        for p in run.pushes
    )
    winner = None
    if pending is None:
        for colour in (ctx.colour, *pos.players):
            if has_won(g, occ, colour, pos.phase):
                winner = colour
                break
    roll_again = (
        pending is None
        and winner is None
        and ctx.roll_again_rule
        and end is not None
        and g.special_owner.get(end) == ctx.colour
        and not any(d.field == run.mover for d in destroyed)
    )
    to_move = ctx.colour if roll_again or pending is not None else pos.next_player()
    after = replace(
        pos,
        placement=tuple(sorted(occ.items())),
        energy=tuple(run.energy[p] for p in pos.players),
        to_move=to_move,
        demands=(),
        declared=None,
        prediction=None,
    )
    return Move(
        colour=ctx.colour,
        kind=ctx.kind,
        start=ctx.start,
        end=end,
        path=tuple(run.path),
        tokens=tuple(run.tokens),
        roll=ctx.roll,
        dice=ctx.dice,
        value=ctx.value,
        after=after,
        store=ctx.store,
        pushes=pushes,
        destroyed=tuple(destroyed),
        swapped=run.swapped,
        roll_again=roll_again,
        winner=winner,
        pending=pending,
    )
