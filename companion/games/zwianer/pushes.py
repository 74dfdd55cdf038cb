"""Steps along an orbit with the Stoß laws: pushes, Stoßabwehr, full rings, Todesstoß.

Rulings §2: when the next field of the orbit is occupied, the walking piece stops before
it and the remaining count N ("Stoß N") passes to the last piece of the unbroken chain
ahead, which walks on clockwise with N and may push again. The owner of a pushed
foreign piece may spend k ≤ N store points to cut the push to N − k (each k is its own
Move, as the board shows it). If the orbit is full when a push is due, every piece on it
is destroyed. With the option ``death_push`` the first push of a move, if it is of 10
or more, cannot be defended, and first the pieces involved are rolled for, which the
engine cannot know: the Move then carries a :class:`DeathPush` and
:func:`resolve_death_push` finishes it from the rolls; later pushes are ordinary ones.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import CompanionError
from companion.games.zwianer.moves import Move, Push
from companion.games.zwianer.notation.tokens import abwehr, count, stoss
from companion.games.zwianer.turn import REACHED, Context, Run, finish, on_track, wanted
from companion.texts import text

DEATH_PUSH = 10  # "Stoß 10" or more is a Todesstoß


@dataclass(frozen=True)
class DeathPush:
    """A Todesstoß waiting for its "Zwischenspiel": one die per piece in ``pieces``.

    ``pieces`` are the pusher and then the chain, in chain order, with their colours;
    an odd roll destroys that piece. If the last piece survives it is pushed on by
    ``points`` (no defence); otherwise the push ends there.
    """

    pieces: tuple[tuple[str, str], ...]  # (field, colour), pusher first
    points: int
    context: Context
    run: Run

    def to_json(self) -> dict[str, Any]:
        return {
            "decision": "death_push",
            "points": self.points,
            "roll_one_die_for": [{"field": f, "colour": c} for f, c in self.pieces],
        }


def ring_walk(ctx: Context, run: Run, piece: str, left: int) -> Iterator[Move]:
    """Walks the piece on ``piece`` ``left`` steps clockwise, pushing where it must."""
    g = ctx.graph
    used = {piece}
    pushed = bool(run.pushes) and run.pushes[-1].end == piece
    while left > 0:
        nxt = g.ring_next[piece]
        if nxt in used:
            return  # a path never uses a field twice
        if nxt not in run.occ:
            run.step(piece, nxt)
            if pushed:
                last = run.pushes[-1]
                run.pushes[-1] = Push(last.start, last.colour, nxt, last.points, last.defence)
            left -= 1
            run.tokens.append(count(left))
            used.add(nxt)
            piece = nxt
            continue
        yield from _push(ctx, run, piece, left)
        return
    if wanted(ctx, run):
        yield finish(ctx, run)


def _push(ctx: Context, run: Run, pusher: str, left: int) -> Iterator[Move]:
    g = ctx.graph
    run.tokens.append(stoss(left))
    ring = g.ring_members[g.ring_of[pusher]]
    if all(f in run.occ for f in ring):
        for fid in ring:  # Sonderfall: a full orbit is destroyed, no dice
            run.destroy(fid)
        yield finish(ctx, run)
        return
    if not on_track(ctx, run):
        return
    seen_elsewhere = ctx.board is not None and ctx.board.get(pusher) != run.occ[pusher]
    if seen_elsewhere and not _may_move_again(ctx, run, ring, left):
        return  # the pusher stays where it stopped, and the board seen has it elsewhere
    if ctx.reach is not None:
        if not _reachable(ctx, run, pusher, left):
            return  # no defences at all would let this push end on the board seen
        if ctx.relaxed:
            yield REACHED
            return
    yield from _pushed(ctx, run, pusher, left)


def _reachable(ctx: Context, run: Run, pusher: str, left: int) -> bool:
    """Can the push of ``left`` from ``pusher`` end on the board looked for, if every
    defender's store were as full as before the move? (Context.reach, memoised.)"""
    assert ctx.reach is not None
    key = (pusher, left, frozenset(run.occ.items()), bool(run.pushes), bool(run.destroyed))
    known = ctx.reach.known.get(key)
    if known is None:
        trial = run.copy()
        trial.energy = dict(ctx.reach.stores)
        relaxed = replace(ctx, relaxed=True)
        known = next(_pushed(relaxed, trial, pusher, left), None) is not None
        ctx.reach.known[key] = known
    return known


def _pushed(ctx: Context, run: Run, pusher: str, left: int) -> Iterator[Move]:
    """The push itself: a Todesstoß waiting for its dice, or each defence of it."""
    g = ctx.graph
    chain = [g.ring_next[pusher]]
    while g.ring_next[chain[-1]] in run.occ:
        chain.append(g.ring_next[chain[-1]])
    last = chain[-1]
    owner = run.occ[last]
    if ctx.death_push and left >= DEATH_PUSH and not run.pushes:  # "am ersten Stoß"
        pieces = tuple((f, run.occ[f]) for f in (pusher, *chain))
        frozen = run.copy()
        yield finish(ctx, run, DeathPush(pieces, left, ctx, frozen))
        return
    most = min(left, run.energy[owner]) if owner != ctx.colour else 0
    for k in range(most + 1):
        branch = run.copy() if k < most else run
        branch.pushes.append(Push(last, owner, last, left, k))
        if k:
            branch.energy[owner] -= k
            branch.tokens.append(abwehr(left - k))
            if not on_track(ctx, branch):
                continue
        yield from ring_walk(ctx, branch, last, left - k)


def _may_move_again(ctx: Context, run: Run, ring: Sequence[str], left: int) -> bool:
    """Can the piece that pushes now be moved again in this move (a board search asks)?

    Only by a Todesstoß (its dice may destroy it) or by a later walker that comes round
    the orbit from behind: the pushes move on clockwise, each free field they enter
    costs a point and chains are passed over, so that needs at least as many points as
    the orbit has free fields. The orbit is not full here (that case came first)."""
    if ctx.death_push and left >= DEATH_PUSH and not run.pushes:
        return True
    return left >= sum(1 for f in ring if f not in run.occ)


def resolve_death_push(move: Move, rolls: Sequence[int]) -> tuple[Move, ...]:
    """Finishes a Move waiting for a Todesstoß from one die roll per piece involved.

    Returns the possible completions (several when a later push may be defended).
    """
    pending = move.pending
    if not isinstance(pending, DeathPush):
        raise CompanionError(text("rules.no_death_push"))
    if len(rolls) != len(pending.pieces):
        said = text("rules.death_push_rolls", count=len(pending.pieces), got=len(rolls))
        raise CompanionError(said)
    for r in rolls:
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= 6:
            raise CompanionError(text("rules.die_range", value=repr(r)))
    run = pending.run.copy()
    for (fid, _), r in zip(pending.pieces, rolls, strict=True):
        if r % 2:
            run.destroy(fid)
    last = pending.pieces[-1][0]
    ctx = replace(pending.context, board=None)  # found by a search for a board, maybe
    if last not in run.occ:
        return (finish(ctx, run),)
    run.pushes.append(Push(last, run.occ[last], last, pending.points, 0))
    return tuple(ring_walk(ctx, run, last, pending.points))
