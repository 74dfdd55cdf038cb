"""TENET at the live table: which turn explains the board the camera saw.

The camera sees a whole turn (up to three steps and their displacements) as one change
of the board, and a turn can have tens of thousands of outcomes, so the referee does not
list them: :func:`explain` searches the legal steps depth first, guided by the board it
must reach. A step changes at most three fields (where the ball left, where it landed,
where a displaced ball was put), so a board still differing on more than three fields a
die left is dropped at once, and a displaced ball is only put where the seen board shows
a ball of its colour (or back to start) unless a later step could still move it. A field
holding the mover's ball loses it only as a step's origin, so a ball of the mover where
the seen board has none must walk, walk by walk, to a field the seen board gives the
mover (:meth:`_Search.homes`), and each such ball needs a step of its own
(:meth:`_Search.out_of_reach`). The work is bounded: :data:`BUDGET` step states a board,
beyond which the search says it is unsure and the referee asks the players.

What the camera can compare (:func:`seen`): the top colour of every field but the start
field. The balls waiting there are one pile (or small counted discs in the synthetic
photo); how many of each colour wait follows from the position, since every player has
nine balls and a field off start holds one ball.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.errors import CompanionError
from companion.games.tenet.board import START, Board, board, doublet, stone_planet
from companion.games.tenet.check import check
from companion.games.tenet.moves import Board_, Memo, Step, claims, longest, targets
from companion.games.tenet.rules import (
    TenetMove,
    after_steps,
    on_board,
    pasch_move,
    remaining,
)
from companion.model.position import Position
from companion.texts import text as t

#: Most step states one board's search visits, the search for the nearest turns of a
#: rejection included: up to 0.13 ms a state on a crowded board here, so about 85 ms.
#: The exact search that reaches it stops unsure, and the referee asks the players
#: (:attr:`Explained.unsure`); over 5,700 self-play boards it needed 365 at most
#: (bench/tenet_referee.py).
BUDGET = 650

#: How many step states the search for the nearest turns of a rejected board visits once
#: it met three whole turns to name (at most four times as many if it has not, and never
#: beyond :data:`BUDGET` with the exact search's): they are a hint for the players.
NEAR_STATES = 165


@dataclass
class Explained:
    """What :func:`explain` found: the turns (whole, or begun) whose board is the seen one,
    and the nearest whole turns when none is (for the rejection's explanation)."""

    fits: list[TenetMove] = field(default_factory=list)
    near: list[TenetMove] = field(default_factory=list)
    visited: int = 0  # step states searched (the measure of the work)
    unsure: bool = False  # the exact search reached BUDGET: ``fits`` may be incomplete
    cut: bool = False  # the search for ``near`` stopped at its bound: the nearest met


def seen(position: Position) -> dict[str, str]:
    """The position as the camera compares it: field → colour, the start field left out."""
    return {f: c for f, c in position.occupant.items() if f != START}


def target(position: Position, view: Mapping[str, str]) -> Board_ | None:
    """The balls off start a seen board shows, or None when no TENET position could look
    like it (an unknown field or colour, more than nine balls of a colour)."""
    balls = frozenset((f, c) for f, c in view.items() if f != START)
    per_player = position.spec.pieces_for(len(position.players))
    for f, c in balls:
        if f not in position.layout.fields or c not in position.players:
            return None
    for colour in position.players:
        if sum(1 for _, c in balls if c == colour) > per_player:
            return None
    return balls


def explain(position: Position, roll: tuple[int, ...], view: Mapping[str, str]) -> Explained:
    """The turns of the player to move with ``roll`` that leave the board ``view``.

    Whole turns first (every die that can be moved is moved, Added 6.7; a claim of the
    stone ends the turn); when none fits, the legal beginnings of a turn (one or two
    steps, the rest of the roll still to move), so a player may pause between steps.
    Turns reaching the same board with the same outcome are one (the first found, highest
    die first). Empty ``fits`` when no legal turn leads there; ``near`` then holds the
    closest whole turns met on the way."""
    out = Explained()
    goal = target(position, view)
    if goal is None or doublet(roll) is not None or len(roll) != 3:
        return out
    search = _Search(position, roll, goal, limit=BUDGET)
    left, balls = remaining(position, roll), on_board(position)
    off = _differ(dict(balls), dict(goal))
    search.walk(balls, left, (), off, search.counts(balls))
    whole = [m for m in search.found.values() if not m.after.spent]
    out.fits = whole or [m for m in search.found.values() if m.after.spent]
    out.visited = search.visited
    out.unsure = search.enough()
    if not out.fits and not out.unsure:  # rejected: search again, turns ending 2 fields off
        rest = BUDGET - search.visited
        near = _Search(position, roll, goal, 2, NEAR_STATES, rest, search.memo)
        near.walk(balls, left, (), off, near.counts(balls))
        out.near = near.nearest()
        out.visited += near.visited
        out.cut = near.enough()
    return out


class _Search:
    """One depth-first search for the steps from a position's balls to ``goal``."""

    def __init__(
        self,
        position: Position,
        roll: tuple[int, ...],
        goal: Board_,
        slack: int = 0,
        most: int | None = None,
        limit: int = BUDGET,
        memo: Memo | None = None,
    ) -> None:
        self.position, self.roll, self.goal, self.slack = position, roll, goal, slack
        self.most_states = most  # None: every state (until ``limit``)
        self.limit = limit
        self.b: Board = board(position.layout)
        self.colour = position.to_move
        self.planet = stone_planet(position.layout, position.stone or START)
        self.memo: Memo = {} if memo is None else memo  # longest(): the same for any goal
        self.seen: set[tuple[Board_, tuple[int, ...]]] = set()
        self.found: dict[tuple[object, ...], TenetMove] = {}
        self.near: list[tuple[int, int, tuple[Step, ...], Board_]] = []
        self.visited = 0
        self.goal_fields: dict[str, str] = dict(goal)
        self.goal_mine = frozenset(f for f, c in goal if c == self.colour)
        self.reach_memo: dict[tuple[str, tuple[int, ...]], bool] = {}
        self.paths: dict[tuple[str, int], list[tuple[str, frozenset[str]]]] = {}

    def enough(self) -> bool:
        """Has the search visited ``limit`` states, or, searching for a hint (``most``),
        met enough: ``most`` states and three whole turns to name, or four times ``most``
        states whatever it met?"""
        most = self.most_states
        if self.visited >= self.limit:
            return True
        if most is None or self.visited < most:
            return False
        return len(self.near) >= 3 or self.visited >= 4 * most

    def most(self, balls: Board_, left: tuple[int, ...]) -> int:
        return longest(self.b, balls, self.colour, left, self.planet, self.memo)[0]

    def walk(
        self,
        balls: Board_,
        left: tuple[int, ...],
        done: tuple[Step, ...],
        off: int,
        counts: list[int],
    ) -> None:
        """Visit the legal steps from ``balls`` (``off`` fields from the goal, in detail
        ``counts``) with the dice ``left``, ``done`` so far."""
        if (balls, left) in self.seen:
            return
        if self.enough():
            return  # the budget spent, or enough met for a hint (the nearest turns)
        self.seen.add((balls, left))
        self.visited += 1
        won = claims(self.b, balls, self.colour, left, self.planet)
        need = 0 if won else self.most(balls, left)
        if done and off == 0:
            move = after_steps(self.position, self.roll, done, balls, need)
            self.found.setdefault(move.outcome, move)
        elif done and need == 0:
            self.near.append((off, len(self.near), done, balls))
        if need == 0:
            return
        budget = 3 * (len(left) - 1) + self.slack  # fields the later steps can still change
        for i, value in enumerate(left):
            if value in left[:i]:
                continue
            rest = left[:i] + left[i + 1 :]
            steps = self.steps(balls, counts, value, off, budget, rest)
            for step, there, far, there_counts in steps:
                if self.enough():
                    return  # the steps left are not visited: spare their longest()
                if (there, rest) not in self.seen and 1 + self.most(there, rest) == need:
                    self.walk(there, rest, (*done, step), far, there_counts)

    def counts(self, balls: Board_) -> list[int]:
        """How far ``balls`` are from the goal, per kind of field (:meth:`out_of_reach`):
        the mover's balls where the goal has none of its, the goal's fields of the mover
        without one, the same two for the other colours, the foreign balls where the
        goal has no ball of the mover, and the mover's balls on the board."""
        counts = [0, 0, 0, 0, 0, 0]
        occ = dict(balls)
        for f, c in occ.items():
            self.count(counts, f, c, 1)
        for f in self.goal_fields:
            if f not in occ:
                self.count(counts, f, None, 1)
        return counts

    def count(self, counts: list[int], f: str, c: str | None, sign: int) -> None:
        """Adds (``sign`` 1) or takes back (-1) what the field ``f`` holding ``c`` (None:
        empty) counts towards :meth:`counts`."""
        if c == self.colour:
            counts[5] += sign
        g = self.goal_fields.get(f)
        if c == g:
            return
        if c == self.colour:
            counts[0] += sign
        elif c is not None:
            counts[2] += sign
            if g != self.colour:
                counts[4] += sign
        if g is not None:
            counts[1 if g == self.colour else 3] += sign

    def out_of_reach(self, counts: list[int], dice: int) -> bool:
        """Can ``dice`` more steps not bring a board so far off (:meth:`counts`) to the
        goal (``slack`` fields off allowed)? A step takes the mover's ball off one field
        (its origin) and puts the mover on two at most (its end, and where a displaced
        ball of its own goes); it takes a foreign ball off one field (the end) and puts
        one on one at most.

        The exact search (``slack`` 0) also counts the steps' origins, one a step: a
        field holding the mover's ball loses it only as an origin (a displaced ball is
        put on a free field, a ball landing there is the mover's), so every ball of the
        mover where the goal shows none needs a step from there; a foreign ball where
        the goal shows no ball of the mover needs a step onto it and, since the mover
        then stands there, one from there; and each ball more of the mover on the board
        needs a step from the start field."""
        mine_off, mine_on, theirs_off, theirs_on, cleared, mine = counts
        most = dice + self.slack
        if mine_off > most or theirs_off > most or theirs_on > most or mine_on > most + dice:
            return True
        entering = max(0, len(self.goal_mine) - mine)
        return mine_off + cleared + entering > dice + self.slack

    def landings(self, blocked: set[str], origin: str, value: int) -> list[str]:
        """``tenet_moves.landings`` with the foreign balls' fields given as a set: the
        ends of the walks from ``origin`` whose fields before the end hold none."""
        paths = self.paths.get((origin, value))
        if paths is None:
            walks = self.b.walks(origin, value)
            paths = self.paths[origin, value] = [(p[-1], frozenset(p[:-1])) for p in walks]
        ends: list[str] = []
        for end, inner in paths:
            if end not in ends and blocked.isdisjoint(inner):
                ends.append(end)
        return ends

    def homes(self, f: str, dice: tuple[int, ...]) -> bool:
        """Can a ball on ``f`` walk, with some of the ``dice`` one after another (in any
        order, each step starting where the last ended), to a field the goal gives the
        mover? Foreign balls in the way are ignored: an upper bound of what is legal."""
        key = (f, dice)
        known = self.reach_memo.get(key)
        if known is None:
            known = False
            for i, value in enumerate(dice):
                if value in dice[:i]:
                    continue
                rest = dice[:i] + dice[i + 1 :]
                for path in self.b.walks(f, value):
                    if path[-1] in self.goal_mine or (rest and self.homes(path[-1], rest)):
                        known = True
                        break
                if known:
                    break
            self.reach_memo[key] = known
        return known

    def stranded(self, fields: set[str], dice: tuple[int, ...]) -> bool:
        """Is one of the mover's balls on ``fields`` (where the goal shows no ball of the
        mover) unable to walk home with ``dice``? A field holding the mover's ball loses
        it only as the origin of a step (a displaced ball is put on a free field, a ball
        landing there is the mover's), and the field where such a walk ends holds the
        mover's ball until it is the origin of the next: so each of them needs a walk,
        or a chain of walks, ending on a field of the mover in the goal. Only an exact
        search (``slack`` 0) may use it."""
        return any(not self.homes(f, dice) for f in fields)

    def steps(
        self,
        balls: Board_,
        counts: list[int],
        value: int,
        off: int,
        budget: int,
        rest: tuple[int, ...],
    ) -> list[tuple[Step, Board_, int, list[int]]]:
        """The steps of one die whose board still differs from the goal on at most
        ``budget`` fields, with that count (every place for a displaced ball is tried
        only when the best of them is close enough), and that the dice ``rest`` left
        after it can still bring to the goal (:meth:`out_of_reach`; the exact search:
        :meth:`stranded` too), each with its board, that count and its ``counts``. A
        step changes only its origin, its end and the displaced ball's new field, so the
        counts are updated, not recounted, and a board is built only for a step kept."""
        occ, goal, dice, colour = dict(balls), self.goal_fields, len(rest), self.colour
        out: list[tuple[Step, Board_, int, list[int]]] = []
        mine = [f for f, c in balls if c == self.colour]
        blocked = {f for f, c in balls if c != self.colour}
        waiting = self.position.spec.pieces_for(len(self.position.players)) - len(mine)
        origins = sorted(mine) + ([START] if waiting else [])
        exact = self.slack == 0
        astray = {f for f in mine if goal.get(f) != self.colour} if exact else set()
        if exact:  # a ball that cannot walk home after this step must take it
            stuck = [f for f in astray if not self.homes(f, rest)]
            if len(stuck) > 1:
                return out
            if stuck:
                origins = stuck
        for origin in origins:
            # the end and the displaced ball's field fix two fields at most; an origin the
            # goal agrees with is left wrong (or refilled by that ball): at least one
            wrong = goal.get(origin) != self.colour
            if off - (2 if origin == START else 3 if wrong else 1) > budget:
                continue
            for end in self.landings(blocked, origin, value):
                touched = {origin, end} - {START}
                hit = occ.get(end) if end != origin else None
                moved = {origin: None, end: colour}
                # the fields off after the origin emptied and the mover on the end (the
                # displaced ball, if any, not put yet); a full turn round changes nothing
                g_end, base = goal.get(end), off
                if origin != end:
                    base += (colour != g_end) - (hit != g_end)
                if origin not in (START, end):
                    base += (goal.get(origin) is not None) - wrong
                if base - (1 if hit is not None else 0) > budget:
                    continue  # even the best place for the displaced ball is too far
                landed_counts = list(counts)
                for f in touched:  # the origin emptied, the mover on the end
                    self.count(landed_counts, f, occ.get(f), -1)
                    self.count(landed_counts, f, moved[f], 1)
                away = astray - {origin}
                if exact and end not in self.goal_mine:
                    away.add(end)
                if exact and self.stranded(away, rest):
                    continue
                if hit is None:
                    if base <= budget and not self.out_of_reach(landed_counts, dice):
                        after_step = dict(occ)
                        after_step.pop(origin, None)
                        after_step[end] = self.colour
                        step = Step(value, origin, end)
                        out.append((step, frozenset(after_step.items()), base, landed_counts))
                    continue
                landed = dict(occ)
                landed.pop(origin, None)
                landed[end] = self.colour
                for put in targets(self.b, landed, end, hit):
                    far, put_counts = base, landed_counts
                    if put != START:  # the displaced ball put there
                        was = moved.get(put) if put in touched else occ.get(put)
                        far += (goal.get(put) != hit) - (goal.get(put) != was)
                        if far > budget:
                            continue
                        put_counts = list(landed_counts)
                        self.count(put_counts, put, was, -1)
                        self.count(put_counts, put, hit, 1)
                    if far > budget or self.out_of_reach(put_counts, dice):
                        continue
                    home = put == START or put in self.goal_mine
                    if exact and hit == self.colour and not home and not self.homes(put, rest):
                        continue  # an own ball put where it cannot walk home from
                    there = dict(landed)
                    if put != START:
                        there[put] = hit
                    step = Step(value, origin, end, hit, put)
                    out.append((step, frozenset(there.items()), far, put_counts))
        return out

    def nearest(self) -> list[TenetMove]:
        """The three whole turns met that ended closest to the goal."""
        best = sorted(self.near, key=lambda t: (t[0], t[1]))[:3]
        return [after_steps(self.position, self.roll, d, b, 0) for _, _, d, b in best]


def _differ(a: Mapping[str, str], b: Mapping[str, str]) -> int:
    """On how many fields two boards differ."""
    return sum(1 for f in a.keys() | b.keys() if a.get(f) != b.get(f))


def clearing(before: Position, roll: tuple[int, ...], view: Mapping[str, str]) -> TenetMove | None:
    """After a Pasch: the Pasch with the balls the seen board no longer shows taken back
    to start (R§6), when that is all that changed and the rules allow it; else None."""
    pair = doublet(roll)
    if pair is None:
        return None
    was = seen(before)
    gone = sorted(f for f in was if f not in view)
    if not gone or any(view.get(f) != c for f, c in was.items() if f not in gone):
        return None
    if any(f not in was for f in view if f != START):
        return None
    try:
        return pasch_move(before, roll, gone)  # which puts them in board order
    except CompanionError:
        return None


def announced(
    before: Position, roll: tuple[int, ...], text: str, made: Position
) -> tuple[str, str]:
    """What a player said of the turn the referee saw: ``("legal", why)`` when the words,
    played from ``before`` (the turn's start) with ``roll``, lead to the position ``made``;
    ``("invalid", why)`` when they do not parse; else ``("illegal", why)`` with the
    checker's reason or the turn the words name."""
    said = check(before, roll, text)
    if said.verdict == "invalid":
        return "invalid", said.reason
    if said.verdict != "legal" or said.move is None:
        return "illegal", said.reason
    if said.move.after != made:
        return "illegal", t("tenet.other_turn", turn=said.move.describe())
    return "legal", t("referee.announcement_fits")
