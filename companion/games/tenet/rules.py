"""TENET with Miwin's dice: the rules engine (docs/tenet.md, docs/rulings.md §6).

Three numbers a roll, shared among one to three balls (rules a-c), each walked along one
circle in one direction, over own balls only; a ball landing on another displaces it
(rules d-g). A Pasch moves no ball: the stone goes to the pair's planet, every player
may take own balls from the third die's planet and force field back to start, and the
same player rolls again. After a first round without a Pasch one die is rolled for the
stone. The player takes the stone, and the game, when a ball stands on the Pott of the
stone's planet and the one die showing that planet's number has not been moved.

Its rolls (:func:`parse_roll`) and legal next steps (:func:`legal_moves`, one per outcome;
:func:`generate` builds them as they are asked for); the announced turn is judged step by
step in :mod:`.check`, and :mod:`.game` is TENET as the referee sees it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import CompanionError, PositionError
from companion.games.tenet.board import (
    PLANETS,
    START,
    board,
    check_roll,
    doublet,
    parse_roll,
    stone_planet,
)
from companion.games.tenet.moves import Board_, Memo, Step, claims, longest, steps
from companion.games.tenet.notation import gloss, say_pasch, say_stone, say_turn
from companion.model.position import Position
from companion.texts import Joined, colour, field, fields
from companion.texts import colour as colour_word
from companion.texts import text as t

__all__ = ["TenetMove", "join", "legal_moves", "parse_roll"]


@dataclass(frozen=True)
class TenetMove:
    """One legal TENET turn: its steps (a normal roll), or the stone moved by a Pasch
    (with the fields cleared) or by the die after a first round without a Pasch."""

    colour: str
    kind: str  # "step" (one or more), "claim", "pass", "pasch" or "stone"
    roll: tuple[int, ...]
    after: Position
    steps: tuple[Step, ...] = ()
    cleared: tuple[str, ...] = ()
    winner: str | None = None

    def __str__(self) -> str:
        return self.announcement

    @property
    def announcement(self) -> str:
        planet = stone_planet(self.after.layout, self.after.stone or START) or 0
        if self.kind == "pasch":
            return say_pasch(planet, self.cleared)
        if self.kind == "stone":
            return say_stone(planet)
        return say_turn(self.steps, self.winner is not None)

    @property
    def gloss(self) -> str:
        return gloss(self.announcement)

    @property
    def start(self) -> str | None:
        """Where the first step's ball stood (None for a Pasch, the stone or a pass)."""
        return self.steps[0].start if self.steps else None

    @property
    def end(self) -> str | None:
        """Where the last step's ball ended."""
        return self.steps[-1].end if self.steps else None

    @property
    def destroyed(self) -> tuple[Any, ...]:
        return ()  # TENET displaces, it never removes a ball from the game

    @property
    def outcome(self) -> tuple[Any, ...]:
        a = self.after
        return (a.placement, a.stone, a.first_round, a.to_move, a.spent, self.winner)

    def describe(self) -> str:
        """Where the balls went: ``(Start → K3.8; K3.8 → X3-4, blue → P3.2)  [red wins]``."""
        if self.kind == "pasch":
            parts: list[str] = [
                t("tenet.pasch", stone=self.after.stone, player=colour(self.colour))
            ]
            if self.cleared:
                parts.append(t("tenet.back_to_start", fields=fields(self.cleared)))
            clearable = self.clearable()
            if clearable:
                parts.append(t("tenet.may_take_back", fields=fields(clearable)))
            return t("move.parts", parts=Joined(parts, ""))
        if self.kind == "stone":
            return t("tenet.stone", stone=self.after.stone)
        steps = [
            t("tenet.step", start=field(s.start), end=field(s.end))
            if s.hit is None
            else t(
                "tenet.step_hit",
                start=field(s.start),
                end=field(s.end),
                player=colour(s.hit),
                put=field(s.put) if s.put else s.put,
            )
            for s in self.steps
        ]
        where = (
            t("tenet.steps", steps=Joined(steps, "; "))
            if steps
            else t("tenet.kind", kind=self.kind)
        )
        if self.winner:
            return t("tenet.wins", where=where, player=colour(self.winner))
        left = list(self.roll)
        for value in self.after.spent:
            left.remove(value)
        if self.after.spent:
            return t("tenet.moves_on", where=where, dice=left)
        return where

    def clearable(self) -> list[str]:
        """After a Pasch: the balls still on the third die's planet and force field, as
        ``"K3.4 red"``, which their owners may take back to start (R§6)."""
        pair = doublet(self.roll) if self.kind == "pasch" else None
        if pair is None:
            return []
        b = board(self.after.layout)
        where = set(b.members[b.planet[pair[1]]]) | set(b.members[b.force[pair[1]]])
        return [f"{f} {c}" for f, c in sorted(on_board(self.after)) if f in where]

    def to_json(self) -> dict[str, Any]:
        return {
            "announcement": self.announcement,
            "gloss": self.gloss,
            "kind": self.kind,
            "colour": self.colour,
            "roll": list(self.roll),
            "steps": [
                {"value": s.value, "from": s.start, "to": s.end, "hit": s.hit, "put": s.put}
                for s in self.steps
            ],
            "cleared": list(self.cleared),
            "winner": self.winner,
            "position": self.after.to_json(),
        }


def legal_moves(position: Position, roll: tuple[int, ...]) -> tuple[TenetMove, ...]:
    """Every legal next step of the player to move with this roll, one per outcome.

    A step moves one die (the rest of the roll stays on the table: ``after.moved`` says
    which dice are spent, and the same player moves on until the turn is over). A step
    is legal when it keeps the most dice movable (Added 6.7). A player with the stone's
    Pott reached and its number unmoved has only the claim; a Pasch gives one move (the
    stone moved, nobody clearing: what each player takes back is their own choice, said
    with "räumt …" and judged by :func:`.check.check`; :func:`pasch_moves` lists each
    clearing). CompanionError for a roll that does not
    fit the position (three dice, or one for the stone after the first round).
    """
    return tuple(generate(position, roll))


def generate(position: Position, roll: tuple[int, ...]) -> Iterator[TenetMove]:
    """The legal next steps of :func:`legal_moves`, in its order, each found when it is
    asked for: a crowded board has a thousand (180 ms here), and a referee reading the
    roll lists a hundred (companion.games.tenet.game). The roll is checked at
    once (CompanionError), not when the first step is asked for."""
    roll = expect_roll(position, roll)
    return _generate(position, roll)


def _generate(position: Position, roll: tuple[int, ...]) -> Iterator[TenetMove]:
    if len(roll) == 1:
        yield stone_move(position, roll)
        return
    if doublet(roll) is not None:
        yield pasch_move(position, roll, ())
        return
    b = board(position.layout)
    colour, balls, left = position.to_move, on_board(position), remaining(position, roll)
    planet = stone_planet(position.layout, position.stone or START)
    if claims(b, balls, colour, left, planet):
        yield after_steps(position, roll, (), balls, 0)
        return
    memo: Memo = {}
    need = longest(b, balls, colour, left, planet, memo)[0]
    if need == 0:
        yield after_steps(position, roll, (), balls, 0)
        return
    found: set[tuple[Board_, int]] = set()
    for i, value in enumerate(left):
        if value in left[:i]:
            continue
        rest = left[:i] + left[i + 1 :]

        def hopeless(gone: Board_, rest: tuple[int, ...] = rest) -> bool:
            return 1 + longest(b, gone, colour, rest, planet, memo)[0] < need

        for step, there in steps(b, balls, colour, value, hopeless):
            if (there, value) in found:
                continue  # another way to the same board with the same die: one outcome
            more = longest(b, there, colour, rest, planet, memo)[0]
            if 1 + more == need:
                found.add((there, value))
                yield after_steps(position, roll, (step,), there, more)


def expect_roll(position: Position, roll: tuple[int, ...]) -> tuple[int, ...]:
    """The roll, checked against the dice and against what the position waits for."""
    if position.game != "tenet":
        raise CompanionError(t("tenet.not_tenet", game=repr(position.game)))
    roll = check_roll(roll)
    if awaiting_stone(position) and len(roll) != 1:
        raise CompanionError(t("tenet.roll_stone"))
    if not awaiting_stone(position) and len(roll) != 3:
        raise CompanionError(t("tenet.one_die_only"))
    if position.spent and doublet(roll) is not None:
        raise CompanionError(
            t(
                "tenet.pasch_mid_turn",
                player=colour(position.to_move),
                roll=",".join(map(str, roll)),
            )
        )
    remaining(position, roll)
    return roll


def remaining(position: Position, roll: tuple[int, ...]) -> tuple[int, ...]:
    """The dice of the roll not moved yet this turn, highest first."""
    left = list(roll)
    for value in position.spent:
        if value not in left:
            raise CompanionError(
                t("tenet.spent_not_rolled", value=value, roll=",".join(map(str, roll)))
            )
        left.remove(value)
    return tuple(sorted(left, reverse=True))


def awaiting_stone(position: Position) -> bool:
    """Has a whole first round passed without a Pasch (the stone still on start)?"""
    return position.stone == START and position.first_round >= len(position.players)


def on_board(position: Position) -> Board_:
    """The balls off the start field, as the move search sees them."""
    return frozenset((f, c) for f, c in position.placement if f != START)


def with_board(position: Position, balls: Board_, **turn: Any) -> Position:
    """The position with these balls on the board, every other ball on start, and the
    turn state ``turn`` (to_move, first_round, spent) replaced."""
    per_player = position.spec.pieces_for(len(position.players))
    count = Counter(c for _, c in balls)
    pool = [(START, c) for c in position.players for _ in range(per_player - count[c])]
    return replace(position, placement=tuple(sorted([*balls, *pool])), **turn)


def after_steps(
    position: Position, roll: tuple[int, ...], done: tuple[Step, ...], balls: Board_, more: int
) -> TenetMove:
    """The move of these steps: a win when the stone is claimed (the winner keeps the
    turn, the game is over); else, when ``more``
    (dice still movable) is 0, the turn is over: the next player, the first round
    counting on; otherwise the same player moves on with ``after.moved`` grown."""
    colour = position.to_move
    left = list(remaining(position, roll))
    for s in done:
        left.remove(s.value)
    planet = stone_planet(position.layout, position.stone or START)
    won = claims(board(position.layout), balls, colour, tuple(left), planet)
    if won:  # the game ends on the winner's turn: nobody moves after him (Added 6.10)
        after = with_board(position, balls, spent=())
    elif more == 0:
        counted = position.first_round + 1 if position.stone == START else 0
        after = with_board(
            position, balls, to_move=position.next_player(), first_round=counted, spent=()
        )
    else:
        after = with_board(position, balls, spent=(*position.spent, *(s.value for s in done)))
    kind = "step" if done else ("claim" if won else "pass")
    return TenetMove(colour, kind, roll, after, done, (), colour if won else None)


def pasch_move(position: Position, roll: tuple[int, ...], cleared: Iterable[str]) -> TenetMove:
    """A Pasch: the stone to the pair's planet, the named balls back to start, roll again.

    The cleared fields are kept in board order (the force field's ring, then the planet's,
    as :func:`clearable_fields` lists them), whatever order they were named or seen in:
    the one place that orders them for the referee, the checker and self-play.
    CompanionError when a named field is not on the third die's planet or force field or
    holds no ball (R§6: "von dem … Planeten … auch von dem … Kraftfeldkreis"), the first
    such field as named."""
    pair = doublet(roll)
    if pair is None:
        raise CompanionError(t("tenet.no_pasch", roll=",".join(map(str, roll))))
    value, other = pair
    b = board(position.layout)
    where = dict.fromkeys((*b.members[b.force[other]], *b.members[b.planet[other]]))
    balls = dict(on_board(position))
    named = tuple(dict.fromkeys(cleared))
    fields = tuple(f for f in where if f in named)
    for fid in named:
        if fid not in where or fid == START:
            raise CompanionError(
                t("tenet.not_clearable", field=fid, other=other, planet=PLANETS[other - 1])
            )
        if fid not in balls:
            raise CompanionError(t("tenet.no_ball_to_clear", field=fid))
        del balls[fid]
    after = with_board(
        position, frozenset(balls.items()), stone=b.stone_field[value], first_round=0
    )
    return TenetMove(position.to_move, "pasch", roll, after, (), fields)


def pasch_moves(position: Position, roll: tuple[int, ...]) -> Iterator[TenetMove]:
    """Every legal Pasch of ``roll``, one per clearing: each set of the balls on the third
    die's planet and force field (:func:`clearable_fields`) taken back to start, the
    fewest fields first, the fields of one clearing in board order; lazily (a crowded
    circle has 2**n clearings). Whole turns of their own: each clears other balls, so
    :func:`.turns.turns` lists them all, while :func:`legal_moves` keeps the one Pasch
    clearing nothing that its callers take as the Pasch. CompanionError for a roll that
    is no Pasch or does not fit the position."""
    roll = expect_roll(position, roll)
    pair = doublet(roll)
    if pair is None:
        raise CompanionError(t("tenet.no_pasch", roll=",".join(map(str, roll))))
    fields = clearable_fields(position, pair[1])
    return (
        pasch_move(position, roll, chosen)
        for count in range(len(fields) + 1)
        for chosen in itertools.combinations(fields, count)
    )


def clearable_fields(position: Position, third: int) -> tuple[str, ...]:
    """The fields holding a ball that a Pasch with third die ``third`` may clear, in board
    order: the force field's ring, then the planet's, each field once (K9.4 before K9.11
    along the ring; the ids' string order puts K9.11 first)."""
    b = board(position.layout)
    ring = dict.fromkeys((*b.members[b.force[third]], *b.members[b.planet[third]]))
    balls = {f for f, _ in on_board(position)}
    return tuple(f for f in ring if f in balls and f != START)


def stone_move(position: Position, roll: tuple[int, ...]) -> TenetMove:
    """The die rolled for the stone after a first round without a Pasch."""
    stone = board(position.layout).stone_field[roll[0]]
    after = replace(position, stone=stone, first_round=0)
    return TenetMove(position.to_move, "stone", roll, after)


def join(position: Position, colour: str) -> Position:
    """The position with a new player ``colour`` whose nine balls wait on start; they
    play after everybody already at the table (R§6 Bemerkung: "keinerlei Nachteile")."""
    if position.game != "tenet":
        raise CompanionError(f"only TENET lets a player join mid-game, not {position.game}")
    if colour in position.players:
        raise PositionError(t("position.already_plays", player=colour_word(colour)))
    pieces = {p: list(fields) for p, fields in position.pieces.items()}
    pieces[colour] = [START] * position.spec.pieces_per_player
    return Position.create(
        position.game,
        position.layout,
        (*position.players, colour),
        position.to_move,
        pieces,
        options=dict(position.options),
        stone=position.stone,
        first_round=position.first_round,
        spent=position.spent,
    )
