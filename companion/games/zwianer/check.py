"""The referee's ear: check a spoken announcement against a position and a roll.

In the style of GNU Backgammon and python-chess: parse the words (else
:class:`~companion.errors.InvalidAnnouncement` with the character position), look them
up among the legal moves of the position and the roll, and when they are not there,
explain why in words a player understands: the arithmetic ("Umlaufbahn 4 should be 5:
7 − 2"), a count that does not end at 0, a line used against its direction, a push off
the orbits, an overdrawn store; then name the nearest legal announcements. An
announcement that fits moves with different outcomes is reported as ambiguous, never
guessed; ``to`` (the field where the moved piece ended, as the camera tells) decides.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import replace
from itertools import islice
from typing import Any

from companion.errors import AmbiguousMove, IllegalMove, InvalidAnnouncement
from companion.games.dice import check_roll
from companion.games.verdict import Verdict as GameVerdict
from companion.games.verdict import check_fields, fitting, illegal, judged, nearest
from companion.games.zwianer.engines import dice_choices, engine
from companion.games.zwianer.moves import Move
from companion.games.zwianer.notation.parser import parse_announcement
from companion.games.zwianer.notation.render import render
from companion.games.zwianer.notation.tokens import Kind, Token, normalise
from companion.games.zwianer.target import words_target
from companion.games.zwianer.walk import graph
from companion.model.position import Position
from companion.texts import Joined, colour, field, quoted
from companion.texts import text as t

#: The answer about a ZwiAner announcement (the shared type of every game's checker).
Verdict = GameVerdict[Move]


def parse_move(
    position: Position,
    roll: tuple[int, ...],
    text: str,
    to: str | None = None,
    start: str | None = None,
) -> Move:
    """The legal move the announcement names, python-chess style.

    Raises InvalidAnnouncement (does not parse), IllegalMove (no such legal move, with
    the explanation) or AmbiguousMove (fits moves with different outcomes).
    """
    verdict = check(position, roll, text, to, start)
    where = t("check.where", player=colour(position.to_move), dice=f"{roll[0]}+{roll[1]}")
    if verdict.verdict == "invalid":
        raise InvalidAnnouncement(
            t("check.where_reason", where=where, reason=verdict.reason), verdict.offset
        )
    if verdict.verdict == "illegal":
        raise IllegalMove(
            t("check.illegal_said", where=where, said=quoted(text), reason=verdict.reason)
        )
    if verdict.verdict == "ambiguous":
        raise AmbiguousMove(t("check.where_reason", where=where, reason=verdict.reason))
    assert verdict.move is not None
    return verdict.move


def check(
    position: Position,
    roll: tuple[int, ...],
    text: str,
    to: str | None = None,
    start: str | None = None,
) -> Verdict:
    """Parse, look up, explain. Bad input (unknown ``to`` or ``start`` field) raises
    CompanionError. ``to`` is where the moved piece ended, ``start`` where it stood."""
    check_fields(position, to, start)
    pair = check_roll(roll)
    return judged(
        text, parse_announcement, lambda tokens: _judge(position, pair, tokens, to, start), render
    )


def _judge(
    position: Position,
    pair: tuple[int, int],
    tokens: tuple[Token, ...],
    to: str | None,
    start: str | None,
) -> Verdict:
    """Look the parsed announcement up among the legal moves; explain a mismatch.

    Only the moves that could be said so are built (the value said, and for a tunnel
    walk its pattern of tunnelled steps): the announcement is applied, not looked up
    in a list of every move of the roll."""
    said = normalise(tokens)
    moves = tuple(engine(position.game).generate(position, pair, words_target(said)))
    fits = [m for m in moves if normalise(m.tokens) == said or _same_crash(m, tokens)]
    there = [m for m in fits if (to is None or m.end == to) and (start in (None, m.start))]
    if there:
        return fitting(render(tokens), there, _describe)
    waiting = [
        m
        for m in moves
        if m.pending is not None and said[: len(normalise(m.tokens))] == normalise(m.tokens)
    ]
    if waiting and len({m.outcome for m in waiting}) == 1:
        m = waiting[0]
        rolls = [t("check.piece_on", player=colour(c), field=f) for f, c in m.pending.pieces]
        return Verdict("legal", t("check.todesstoss", token=m.tokens[-1], pieces=rolls), move=m)
    near = _nearest(_pool(position, pair, moves), tokens, to)
    demanded = _demanded(position, pair, tokens, to, start)
    reason: str
    if demanded:
        reason = demanded
    elif fits and start is not None and all(m.start != start for m in fits):
        starts = ", ".join(sorted({str(m.start) for m in fits}))
        reason = t("check.other_piece", said=quoted(render(tokens)), starts=starts, start=start)
    elif fits:
        ends = ", ".join(sorted({str(m.end) for m in fits}))
        reason = t("check.other_end", said=quoted(render(tokens)), ends=ends, to=to)
        against = _direction(position, to, tokens[0].value or 0)
        if against:
            reason = t("check.because", why=against, reason=reason)
    else:
        reason = explain(position, pair, tokens, moves, to, near)
    return illegal(reason, near)


def _demanded(
    position: Position,
    pair: tuple[int, int],
    tokens: tuple[Token, ...],
    to: str | None,
    start: str | None,
) -> str | None:
    """The words move a piece the player may move but for a Sonderfeld demand on another."""
    if not position.demands or position.declared is not None:
        return None
    said = normalise(tokens)
    free = replace(position, demands=())
    moved = {
        m.start
        for m in engine(position.game).generate(free, pair, words_target(said))
        if normalise(m.tokens) == said and to in (None, m.end) and start in (None, m.start)
    }
    if not moved or moved & set(position.demands):
        return None
    return t(
        "check.demanded",
        player=colour(position.to_move),
        demands=list(position.demands),
        said=quoted(render(tokens)),
        moved=sorted(str(f) for f in moved),
    )


def _same_crash(m: Move, tokens: tuple[Token, ...]) -> bool:
    """A crash or pass said with another value of the roll ("Wurf 5, Absturz" for 5+2)."""
    if m.kind not in ("crash", "pass") or len(tokens) != len(m.tokens):
        return False
    return tokens[1:] == m.tokens[1:] and tokens[0].kind is Kind.WURF


def _describe(m: Move) -> str:
    """The move in a player's words: "red moves U1.3 → U2.7, pushes yellow …"."""
    player = colour(m.colour)
    if m.kind == "pass":
        return t("move.passes", player=player)
    if m.kind == "crash":
        return t("move.crash", player=player, start=m.start)
    full = _full_orbit(m)
    if full:
        return full
    parts: list[str] = [
        t("move.swaps", player=player, start=field(m.start or ""), other=field(m.swapped or ""))
        if m.kind == "swap"
        else t("move.moves", player=player, start=field(m.start or ""), end=field(m.end or ""))
    ]
    for p in m.pushes:
        parts.append(
            t("move.pushes", player=colour(p.colour), start=field(p.start), end=field(p.end))
        )
    if m.destroyed:
        home = [t("check.piece_on", player=colour(d.colour), field=d.field) for d in m.destroyed]
        parts.append(t("move.sends_home", pieces=home))
    if m.roll_again:
        parts.append(t("move.rolls_again"))
    if m.winner:
        parts.append(t("move.wins", player=colour(m.winner)))
    return t("move.parts", parts=Joined(parts, ""))


def _full_orbit(m: Move) -> str | None:
    """A push that met a full orbit: every piece on it destroyed, the mover's included."""
    own = [d for d in m.destroyed if d.colour == m.colour and d.home == m.end]
    if not own or not m.tokens or m.tokens[-1].kind is not Kind.STOSS:
        return None
    ring = graph(m.after.layout).ring_of.get(own[0].field, "?")
    return t(
        "move.full_orbit",
        player=colour(m.colour),
        ring=ring,
        count=len(m.destroyed),
        field=own[0].field,
    )


#: Most legal moves ranked for the nearest announcements: a roll with more is ranked
#: among its first NEAREST_POOL moves and those said with the same value and pattern.
NEAREST_POOL = 300


def _pool(position: Position, pair: tuple[int, int], said: tuple[Move, ...]) -> tuple[Move, ...]:
    """The legal moves to rank for the nearest announcements: all of them, unless the roll
    has more than NEAREST_POOL (then the first ones and those that could be ``said``)."""
    first = tuple(islice(engine(position.game).generate(position, pair), NEAREST_POOL + 1))
    if len(first) <= NEAREST_POOL:
        return first
    return first[:NEAREST_POOL] + said  # nearest() names each announcement once


def _nearest(
    moves: tuple[Move, ...], tokens: tuple[Token, ...], to: str | None
) -> tuple[Move, ...]:
    """Legal moves ordered by how closely their words match (ending on ``to`` first)."""
    said = [str(t) for t in normalise(tokens)]
    shape = [t.kind for t in normalise(tokens)]

    def score(m: Move) -> tuple[bool, int, float, float]:
        words = [str(t) for t in normalise(m.tokens)]
        kinds = [t.kind for t in normalise(m.tokens)]
        prefix = next(
            (i for i, (a, b) in enumerate(zip(shape, kinds, strict=False)) if a != b), len(kinds)
        )
        return (
            m.value != tokens[0].value,
            -min(prefix, len(shape)),
            -difflib.SequenceMatcher(None, shape, kinds).ratio(),
            -difflib.SequenceMatcher(None, said, words).ratio(),
        )

    return nearest(moves, score, to)


def explain(
    position: Position,
    roll: tuple[int, int],
    tokens: tuple[Token, ...],
    moves: tuple[Move, ...],
    to: str | None,
    near: Sequence[Move],
) -> str:
    """Why an announcement that parses is not a legal move, in a player's words."""
    choices = dice_choices(position, roll)
    values = sorted({c.value for c in choices}, reverse=True)
    first = tokens[0].value
    roll_text = f"{roll[0]}+{roll[1]}"
    if first not in values:
        return t("explain.wurf", value=first, roll=roll_text, values=values)
    unknown = [t for t in tokens if t.kind in _NOT_SAID.get(position.game, {})]
    if unknown:
        word = unknown[0]
        return t(
            "explain.not_said",
            word=quoted(word.kind.value),
            why=t(_NOT_SAID[position.game][word.kind]),
        )
    store_ok = position.spec.uses_energy and any(not c.tunnel for c in choices if c.value == first)
    why = _arithmetic(position, tokens, store_ok)
    if why:
        return why
    why = _direction(position, to, first or 0)
    if why:
        return why
    for i, tok in enumerate(tokens):
        if tok.kind is not Kind.STOSS:
            continue
        if tokens[i - 1].kind is Kind.GRAVITATION:
            return t("explain.push_after_gravity", token=tok)
        if not any(t.kind is Kind.UMLAUFBAHN for t in tokens[:i]) and store_ok:
            return t("explain.push_before_orbit", token=tok)
    if near:
        return _compare(tokens, near[0], position)
    return t("explain.none_like_this", roll=roll_text)


#: Words of the notation a game never uses, and why (said instead of a count mismatch).
_NOT_SAID: dict[str, dict[Kind, str]] = {
    "tunnelx": {
        Kind.UMLAUFBAHN: "explain.tunnelx_no_gravity",
        Kind.GRAVITATION: "explain.tunnelx_no_gravity",
        Kind.STOSS: "explain.tunnelx_no_push",
        Kind.ABWEHR: "explain.tunnelx_no_defence",
        Kind.SPEICHER: "explain.tunnelx_no_store",
        Kind.ABSTURZ: "explain.tunnelx_no_crash",
    },
}


def _arithmetic(position: Position, tokens: tuple[Token, ...], store_ok: bool) -> str | None:
    """Checks the running count: steps cost 1, payments only lower it, it ends at 0."""
    who = colour(position.to_move)
    store = position.energy_of(position.to_move)
    capacity = int(position.layout.extra.get("energy_capacity", 5))
    left = tokens[0].value or 0
    last = tokens[0]
    for tok in tokens[1:]:
        n = tok.value
        if tok.kind is Kind.SPEICHER and n is not None:
            if not store_ok:
                return t("explain.store_doublet", token=tok)
            if n - left > store:
                return t(
                    "explain.store_overdrawn", token=tok, count=n - left, player=who, store=store
                )
            if left - n > capacity - store:
                room = capacity - store
                return t("explain.store_full", token=tok, count=left - n, player=who, room=room)
        elif tok.kind in (Kind.UMLAUFBAHN, Kind.GRAVITATION, Kind.ABWEHR) and n is not None:
            if n > left:
                return t("explain.more_than_count", token=tok, left=left)
        elif tok.kind in (Kind.COUNT, Kind.TUNNEL):
            if left == 0:
                return t("explain.count_at_zero", token=quoted(str(tok)))
            if n != left - 1:
                return t("explain.next_count", left=left, next=left - 1, said=n)
        elif tok.kind is Kind.STOSS and n != left:
            return t("explain.whole_count", token=tok, left=left)
        if n is not None:
            left = n
        last = tok
    if last.kind in (Kind.ABSTURZ, Kind.TAUSCH, Kind.SONDERFELD, Kind.STOSS):
        return None
    if left != 0:
        return t("explain.count_not_zero", left=left)
    return None


def _direction(position: Position, to: str | None, value: int) -> str | None:
    """A target that only a line walked against its direction could reach."""
    if to is None:
        return None
    g = graph(position.layout)
    mine = position.pieces[position.to_move]
    limit = value + position.energy_of(position.to_move)
    if any(g.distances(p).get(to, limit + 1) <= limit for p in mine):
        return None
    for p in mine:
        back = _back_distances(g, p)
        if back.get(to, limit + 1) <= limit:
            return t("explain.against_direction", to=to, start=p)
    return None


def _back_distances(g: Any, start: str) -> dict[str, int]:
    dist = {start: 0}
    todo = [start]
    while todo:
        here = todo.pop(0)
        for nxt in g.predecessors[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    return dist


def _why_no_gravity(best: Move, position: Position, index: int) -> str:
    """Why the nearest legal move pays no gravity where the player said a ring or a
    gravity line: the doublet, phase 1, or the piece still in its station."""
    gravity = (Kind.UMLAUFBAHN, Kind.GRAVITATION)
    if position.phase == 1:
        return t("explain.why_phase_1")
    if best.roll[0] == best.roll[1] and not any(k.kind in gravity for k in best.tokens):
        return t("explain.why_doublet")
    steps = [k for k in normalise(best.tokens)[:index] if k.kind is not Kind.SPEICHER]
    stations = {f for seat in position.layout.seats for f in seat.station}
    walked = best.path[: len(steps) + 1]
    if walked and all(f in stations for f in walked):
        return t("explain.why_station")
    return t("explain.why_step")


def _compare(tokens: tuple[Token, ...], best: Move, position: Position) -> str:
    """The first word where the announcement leaves the nearest legal move."""
    said, legal = normalise(tokens), normalise(best.tokens)
    left = 0
    for i, want in enumerate(legal):
        got = said[i] if i < len(said) else None
        if got != want:
            if got is None:
                return t("explain.stops_early", want=quoted(str(want)))
            if got.kind is want.kind and want.kind is Kind.UMLAUFBAHN:
                assert want.value is not None
                paid = left - want.value
                rings = [r.id for r in position.layout.rings if r.gravity == paid]
                orbit = t("explain.orbit_gravity", ring=rings[0]) if len(rings) == 1 else ""
                return t(
                    "explain.should_be_paid",
                    got=got,
                    want=want.value,
                    left=left,
                    paid=paid,
                    orbit=orbit,
                )
            if got.kind is want.kind and want.kind is Kind.GRAVITATION:
                if want.value == left:
                    return t("explain.should_be_free", got=got, left=left)
                assert want.value is not None
                return t(
                    "explain.should_be_paid",
                    got=got,
                    want=want.value,
                    left=left,
                    paid=left - want.value,
                    orbit="",
                )
            if want.kind is Kind.STOSS and got.kind is Kind.COUNT:
                return t("explain.occupied_push", got=quoted(str(got)), want=quoted(str(want)))
            if want.kind is Kind.TUNNEL and got.kind is Kind.COUNT:
                return t("explain.occupied_tunnel", got=quoted(str(got)), want=quoted(str(want)))
            if got.kind is Kind.TUNNEL and want.kind is Kind.COUNT:
                return _no_tunnel(str(got), legal[:i], best, position)
            if got.kind is Kind.ABWEHR and want.kind is not Kind.ABWEHR:
                why = _no_defence(str(got), legal[:i], best, position)
                if why:
                    return why
            if got.kind is Kind.STOSS and want.kind is Kind.COUNT:
                return t("explain.nothing_to_push", got=quoted(str(got)))
            if got.kind in (Kind.UMLAUFBAHN, Kind.GRAVITATION) and want.kind is Kind.COUNT:
                return t(
                    "explain.no_gravity_here",
                    got=quoted(str(got)),
                    want=quoted(str(want)),
                    why=_why_no_gravity(best, position, i),
                )
            return t("explain.where_nearest", got=quoted(str(got)), want=quoted(str(want)))
        if want.value is not None:
            left = want.value
    if len(said) > len(legal):
        return t("explain.over_before", token=quoted(str(said[len(legal)])))
    return t("explain.not_announced")


def _no_tunnel(got: str, before: tuple[Token, ...], best: Move, position: Position) -> str:
    """Why a step said as a tunnel is a plain step: a full ring (ruling 4.5) or a free field."""
    if any(t.kind is Kind.TUNNEL for t in before) or len(best.path) <= len(before):
        return t("explain.nothing_to_tunnel", got=quoted(got))
    here, nxt = best.path[len(before) - 1], best.path[len(before)]
    g = graph(position.layout)
    occ = position.occupant  # the rings full before the move (tunnelx.full_rings)
    full = {r for r, fields in g.ring_members.items() if all(f in occ for f in fields)}
    ring = g.ring_of.get(here)
    if ring in full:
        return t("explain.full_ring_step_out", got=quoted(got), ring=ring, here=here)
    blocked = [f for f in g.successors[here] if f in position.occupant and g.ring_of.get(f) in full]
    if blocked:
        return t(
            "explain.full_ring_blocked",
            got=quoted(got),
            field=blocked[0],
            ring=g.ring_of[blocked[0]],
        )
    return t("explain.next_free", got=quoted(got), field=nxt)


def _no_defence(got: str, before: tuple[Token, ...], best: Move, position: Position) -> str | None:
    """Why a push cannot be defended: the piece is the mover's own, or its store is empty."""
    pushes = sum(t.kind is Kind.STOSS for t in before)
    if not 0 < pushes <= len(best.pushes):
        return None
    push = best.pushes[pushes - 1]
    if push.colour == best.colour:
        return t("explain.own_piece", got=quoted(got), start=push.start, player=colour(push.colour))
    if position.energy_of(push.colour) == 0:
        return t("explain.no_energy", got=quoted(got), player=colour(push.colour), start=push.start)
    return None
