"""A turn in progress: the mutable working state of move generation and how it ends.

Move generation explores many branches; each branch works on a :class:`Run` (a copy of
the occupancy and the stores plus what has been said so far) and ends in
:func:`finish`, which sends destroyed pieces home, decides win and roll-again and builds
the immutable :class:`~companion.games.zwianer.moves.Move` with its resulting position. The
resulting Position is made with ``dataclasses.replace`` from the checked one: every
step of the generator keeps one piece a field, so no re-validation is needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.dice import Choice
from companion.games.zwianer.moves import Destroyed, Move, Push
from companion.games.zwianer.notation.tokens import Token, normalise, wurf
from companion.games.zwianer.walk import Graph
from companion.model.position import Position


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
    roll_again_rule: bool = True  # Gravitation: ending on an own special field rolls again
    roll_again_always: bool = False  # the choice always rolls again (Tunnel X 1+2)
    board: Mapping[str, str] | None = None  # a board seen: only moves leaving it are built
    words: tuple[Token, ...] | None = None  # words heard (normalised): only moves said so
    reach: Reach | None = None  # a board search's memo of which pushes can still leave it
    relaxed: bool = False  # only asks whether a branch can end (pushes.py): builds no Move

    @classmethod
    def of(
        cls,
        position: Position,
        g: Graph,
        roll: tuple[int, int],
        choice: Choice,
        start: str,
        kind: str,
        store: int = 0,
        board: Mapping[str, str] | None = None,
        words: tuple[Token, ...] | None = None,
        reach: Reach | None = None,
    ) -> Context:
        """The Context of playing ``choice`` with the piece on ``start`` (player to move).

        The rule switches come from the position's options; a game without the option
        (Tunnel X has no Todesstoß) gets it off.
        """
        options = dict(position.options)
        return cls(
            position,
            g,
            position.to_move,
            start,
            kind,
            roll,
            choice.dice,
            choice.value,
            store,
            options.get("death_push", False),
            options.get("roll_again_on_own_special", False),
            choice.roll_again,
            board,
            words,
            reach,
        )


@dataclass
class Reach:
    """What a search for one board has learnt: whether a push from a given state can still
    end on that board when every store is as full as before the move (pushes.py).

    Stores only shrink while pushes are defended, so a state that cannot leave the board
    with full stores cannot with the stores it really has: the search drops it without
    trying the defences before it, which on a board with five full stores are thousands
    of combinations (docs/referee.md). The answer does not depend on the stores, so
    it is computed once per state and kept here for the whole search.
    """

    stores: dict[str, int]  # the stores before the move
    known: dict[tuple[object, ...], bool] = field(default_factory=dict)

    @classmethod
    def of(cls, position: Position) -> Reach:
        return cls(dict(zip(position.players, position.energy, strict=True)))


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


_CACHED = ("occupant", "pieces")  # cached properties of Position, not carried over


def derive(
    pos: Position,
    placement: tuple[tuple[str, str], ...],
    energy: tuple[int, ...],
    to_move: str,
) -> Position:
    """The position after a move, without re-validation (the generator keeps it valid).

    Same as ``dataclasses.replace`` with the turn state cleared, but several times
    faster, which matters: it runs once per generated move.
    """
    new = object.__new__(Position)
    state = new.__dict__
    state.update(pos.__dict__)
    for name in _CACHED:
        state.pop(name, None)
    state.update(
        placement=placement,
        energy=energy,
        to_move=to_move,
        demands=(),
        declared=None,
        prediction=None,
    )
    return new


def wanted(ctx: Context, run: Run) -> bool:
    """Is the finished branch worth building into a Move? Not when a board is looked for
    and the branch, which destroyed nothing, leaves another one (most of the store and
    defence variants of a roll), nor when words are and it is said otherwise: comparing
    two dicts or two short tuples costs far less than a Move."""
    if ctx.words is not None and normalise(tuple(run.tokens)) != ctx.words:
        return False
    return ctx.board is None or bool(run.destroyed) or run.occ == ctx.board


def on_track(ctx: Context, run: Run) -> bool:
    """Can the branch still be said in the words looked for (its words so far begin
    them)? Always, when no words are."""
    if ctx.words is None:
        return True
    said = normalise(tuple(run.tokens))
    return said == ctx.words[: len(said)]


#: What a relaxed search (``Context.relaxed``) finds instead of a Move: it only asks
#: whether a branch ends at all, and never reads the Move.
REACHED: Move = object.__new__(Move)


def finish(ctx: Context, run: Run, pending: Any = None) -> Move:
    """The Move of a finished (or, with ``pending``, an interrupted) branch."""
    if ctx.relaxed:
        return REACHED
    g = ctx.graph
    pos = ctx.position
    occ = run.occ
    destroyed: list[Destroyed] = []
    end: str | None = run.mover
    pushes = tuple(run.pushes)
    if run.destroyed:
        homes: dict[str, str] = {}
        for fid, colour in run.destroyed:
            home = homes[fid] = home_field(g, occ, colour)
            occ[home] = colour
            destroyed.append(Destroyed(fid, colour, home))
        end = homes.get(run.mover, run.mover)
        pushes = tuple(replace(p, end=homes[p.end]) if p.end in homes else p for p in pushes)
    winner = None
    if pending is None:
        # only the mover and the pieces it pushed or swapped can have completed a formation
        movers = [ctx.colour, *(p.colour for p in pushes)]
        if run.swapped is not None:
            movers.append(occ[ctx.start])
        for colour in movers:
            if has_won(g, occ, colour, pos.phase):
                winner = colour
                break
    roll_again = (
        pending is None
        and winner is None
        and (
            ctx.roll_again_always
            or (
                ctx.roll_again_rule
                and run.mover not in {d.field for d in destroyed}
                and g.special_owner.get(run.mover) == ctx.colour
            )
        )
    )
    to_move = ctx.colour if roll_again or pending is not None else pos.next_player()
    after = derive(
        pos,
        tuple(sorted(occ.items())),
        tuple(run.energy[p] for p in pos.players),
        to_move,
    )
    return fast_move(
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


def pass_move(ctx: Context) -> Move:
    """The Move of a player who cannot move: "Wurf N" and the turn passes."""
    move = finish(ctx, start_run(ctx, [wurf(ctx.value)]))
    return replace(move, start=None, end=None, path=(), roll_again=False)


#: How many Moves were built since the process started (:func:`moves_built`).
_built = 0


def moves_built() -> int:
    """How many Moves the engines built so far: what a search costs, as tests and
    bench/rules.py count it (a Move with its position is the expensive part)."""
    return _built


def fast_move(**fields: Any) -> Move:
    """A Move from all its fields, skipping the frozen-dataclass ``__init__`` (hot path)."""
    global _built
    _built += 1
    move = object.__new__(Move)
    move.__dict__.update(fields)
    return move
