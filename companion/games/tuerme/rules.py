"""The race game with towers and bridges: legal moves of a position and a roll.

Rulings §5 and ``docs/tuerme.md``. One piece (or one own tower) moves by both dice, one
after the other; a die that ends exactly on a bridge may take it. Pieces come in from
home with a 6, jump single pieces and own towers, pass foreign towers only with a
doublet (1+6 counts as one), and may be set on a single piece to build a tower, never
on the first 12 fields of their own way nor on a bridge. A mixed tower belongs to the
colour on top; its captured lower piece frees itself only with 1+1, 6+6 or 1+6. The
goal sector counts one field and is reached exactly. A doublet or 1+6 rolls again.

:func:`attempt` plays one named way (piece, dice order, bridges) and returns the
:class:`TuermeMove` or a :class:`Refusal` that says which rule forbids it, so the
checker explains illegal announcements with the same code that finds legal moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any

from companion import texts
from companion.errors import CompanionError
from companion.games.dice import check_roll, parse_roll
from companion.games.tuerme.notation import PASS_GLOSS, gloss, render
from companion.games.tuerme.track import GOAL, HOME, Track, track
from companion.model.position import Position

__all__ = ["Refusal", "TuermeMove", "attempt", "legal_moves", "parse_roll", "units"]

#: The rolls that free a captured piece ("nur mit den Würfen 1 + 1, 6 + 6 oder 1 + 6").
FREEING = ((1, 1), (6, 6), (1, 6))


@dataclass(frozen=True)
class Unit:
    """What may move: ``kind`` single, enter (from home), tower (both pieces of an own
    tower), top (the upper piece leaving a tower) or bottom (a captured piece freed)."""

    kind: str
    start: str


@dataclass(frozen=True)
class Refusal:
    """Why a named way to play the roll is not legal, in a player's words."""

    unit: Unit
    reason: str


@dataclass(frozen=True)
class TuermeMove:
    """One legal way to play a roll (python-chess style); compare by :attr:`outcome`."""

    colour: str
    kind: str  # single, enter, tower, top, bottom or pass
    start: str | None
    end: str | None
    legs: tuple[int, ...]  # the dice in the order the piece used them
    bridges: tuple[bool, ...]  # after each die: did the piece take a bridge
    path: tuple[str, ...]  # the start, where each die ended, and each bridge's far end
    roll: tuple[int, int]
    after: Position
    superzahl: bool = False
    builds: str | None = None  # the colour of the piece it was set on (a new tower)
    roll_again: bool = False
    winner: str | None = None
    destroyed: tuple[Any, ...] = ()  # nothing is ever taken off the board in this game
    why: str = ""  # a pass: why no piece can use the roll (:func:`why_no_move`)

    def __str__(self) -> str:
        return self.announcement

    def _words(self) -> dict[str, Any]:
        return {
            "enter": self.kind == "enter",
            "superzahl": self.superzahl,
            "drauf": self.builds is not None,
            "ziel": self.end is not None and self.after.layout.fields[self.end].kind == "goal",
        }

    @property
    def unit(self) -> str | None:
        """The unit word of the announcement (None for a single piece or one coming in)."""
        return self.kind if self.kind in ("tower", "top", "bottom") else None

    @property
    def announcement(self) -> str:
        if self.kind == "pass":
            return "passe"
        return render(self.unit, self.legs, self.bridges, **self._words())

    @property
    def gloss(self) -> str:
        if self.kind == "pass":
            return PASS_GLOSS
        return gloss(self.unit, self.legs, self.bridges, **self._words())

    @property
    def outcome(self) -> tuple[Any, ...]:
        """What the board shows after the move and who moves next."""
        return (self.after.placement, self.after.to_move)

    def describe(self) -> str:
        """``(T.12 → T.20)  [on yellow: a tower]  [rolls again]``."""
        parts: list[str] = [
            texts.text(
                "move.where", start=texts.field(self.start or ""), end=texts.field(self.end or "")
            )
            if self.start
            else texts.text("move.pass_note")
        ]
        if self.builds is not None:
            parts.append(texts.text("tuerme.on_tower", player=texts.colour(self.builds)))
        if self.kind == "bottom":
            parts.append(texts.text("tuerme.freed"))
        if self.roll_again:
            parts.append(texts.text("move.again_note"))
        if self.winner:
            parts.append(texts.text("move.wins_note", player=texts.colour(self.winner)))
        return texts.text("move.parts", parts=texts.Joined(parts, ""))

    def to_json(self) -> dict[str, Any]:
        return {
            "announcement": self.announcement,
            "gloss": self.gloss,
            "kind": self.kind,
            "colour": self.colour,
            "from": self.start,
            "to": self.end,
            "path": list(self.path),
            "dice": list(self.legs),
            "bridges": list(self.bridges),
            "roll": list(self.roll),
            "superzahl": self.superzahl,
            "tower_on": self.builds,
            "roll_again": self.roll_again,
            "winner": self.winner,
            "destroyed": [],
            "position": self.after.to_json(),
        }


def dice_orders(roll: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The ways to use the dice one after the other; 1+6 is played as 1+1 or as 6+6."""
    a, b = roll
    if {a, b} == {1, 6}:
        return ((1, 1), (6, 6))
    return ((a, b),) if a == b else ((max(a, b), min(a, b)), (min(a, b), max(a, b)))


def is_doublet(roll: tuple[int, int]) -> bool:
    """A Pasch, or the Superzahl 1+6 that counts as one (it passes towers, rolls again)."""
    return roll[0] == roll[1] or set(roll) == {1, 6}


def units(position: Position) -> tuple[Unit, ...]:
    """Everything of the player to move that may be moved, in field order."""
    colour = position.to_move
    home = track(position.layout).homes[colour]
    out: list[Unit] = []
    for fid, stack in position.stacks.items():
        kind = position.layout.fields[fid].kind
        if fid == home:
            out.append(Unit("enter", fid))
        elif kind in position.spec.pools or colour not in stack:
            continue
        elif len(stack) == 1:
            out.append(Unit("single", fid))
        elif stack == (colour, colour):
            out += [Unit("tower", fid), Unit("top", fid)]
        elif stack[-1] == colour:
            out.append(Unit("top", fid))
        else:
            out.append(Unit("bottom", fid))
    return tuple(out)


def legal_moves(position: Position, roll: tuple[int, ...]) -> tuple[TuermeMove, ...]:
    """Every legal move, one per piece and outcome (canonical words first); a player
    who cannot move passes ("passe")."""
    if position.game != "tuerme":
        raise CompanionError(texts.text("tuerme.not_race", game=repr(position.game)))
    pair = check_roll(roll)
    pieces = units(position)
    found: list[TuermeMove] = []
    seen: set[tuple[str, tuple[Any, ...]]] = set()
    for move in all_ways(position, pair, pieces):
        key = (f"{move.kind} {move.start}", move.outcome)
        if key not in seen:
            seen.add(key)
            found.append(move)
    return tuple(found) if found else (pass_move(position, pair, pieces),)


def all_ways(
    position: Position, roll: tuple[int, int], pieces: tuple[Unit, ...]
) -> Iterator[TuermeMove]:
    """Every legal way to play the roll with ``pieces`` (:func:`units`), different words
    for one outcome included."""
    for unit in pieces:
        for legs in dice_orders(roll):
            for bridges in product((False, True), repeat=2):
                move = attempt(position, roll, unit, legs, bridges)
                if isinstance(move, TuermeMove):
                    yield move
        for value in sorted(set(roll), reverse=True):  # one die alone into the goal
            move = attempt(position, roll, unit, (value,), (False,))
            if isinstance(move, TuermeMove):
                yield move


def fits_roll(legs: tuple[int, ...], roll: tuple[int, int]) -> bool:
    """Are these the dice of the roll: both in some order (1+6 as 1+1 or 6+6), or one
    die alone (Added 5.7, only into the goal)?"""
    if len(legs) == 1:
        return legs[0] in roll
    return legs in dice_orders(roll)


def pass_move(position: Position, roll: tuple[int, int], pieces: tuple[Unit, ...]) -> TuermeMove:
    """No piece of ``pieces`` (:func:`units`) can use the roll: the turn passes (a
    doublet still rolls again)."""
    again = is_doublet(roll)
    after = position if again else position.with_to_move(position.next_player())
    return TuermeMove(
        position.to_move,
        "pass",
        None,
        None,
        (),
        (),
        (),
        roll,
        after,
        roll_again=again,
        why=why_no_move(position, roll, pieces),
    )


def why_no_move(position: Position, roll: tuple[int, int], pieces: tuple[Unit, ...]) -> str:
    """Why the player passes: each piece's refusal with the dice as rolled (no bridge),
    one per rule (four pieces at home are one "only with a 6"; the Superzahl as 1+1 and
    as 6+6), at most three, so that a
    pass the referee makes on its own says why (new-user trial s5). ``pieces`` are the
    player's :func:`units`, as the caller already found them."""
    reasons: dict[str, str] = {}
    # the Superzahl is played as 1+1 and as 6+6, never as rolled (trial s10 found the
    # pass saying "1 und 6 passt nicht zum Wurf 1+6")
    ways = dice_orders(roll) if set(roll) == {1, 6} else (roll,)
    for unit in pieces:
        for legs in ways:
            tried = attempt(position, roll, unit, legs, (False, False))
            if isinstance(tried, Refusal):
                reasons.setdefault(getattr(tried.reason, "key", tried.reason), tried.reason)
    rolled, listed = f"{roll[0]}+{roll[1]}", texts.Joined(list(reasons.values())[:3], "; ")
    return texts.text("tuerme.no_piece_can", roll=rolled, reasons=listed)


def attempt(
    position: Position,
    roll: tuple[int, int],
    unit: Unit,
    legs: tuple[int, ...],
    bridges: tuple[bool, ...],
) -> TuermeMove | Refusal:
    """Play the roll with ``unit``, the dice in the order ``legs``, taking a bridge after
    the dice marked in ``bridges``: the move, or the first rule that forbids it."""
    colour = position.to_move
    t = track(position.layout)
    superzahl = set(roll) == {1, 6}

    def no(reason: str) -> Refusal:
        return Refusal(unit, reason)

    if not fits_roll(legs, roll):
        dice = texts.text("tuerme.superzahl_dice") if superzahl else f"{roll[0]} und {roll[1]}"
        said, rolled = " und ".join(map(str, legs)), f"{roll[0]}+{roll[1]}"
        return no(texts.text("tuerme.not_roll", legs=said, roll=rolled, dice=dice))
    if unit.kind == "bottom" and tuple(sorted(roll)) not in FREEING:
        rolled = f"{roll[0]}+{roll[1]}"  # the field as the page names it: "Haus von Rot"
        return no(texts.text("tuerme.free_only", field=texts.field(unit.start), roll=rolled))
    place = t.place(colour, unit.start)
    path = [unit.start]
    passed: list[str] = []
    for n, (value, bridge) in enumerate(zip(legs, bridges, strict=True)):
        if place == HOME:
            if value != 6:
                player = texts.colour(unit.start.partition(".")[0])  # "red.home": red's
                return no(texts.text("tuerme.in_with_six", player=player))
            place = 0
        elif place + value > GOAL:
            return no(
                texts.text(
                    "tuerme.overshoots",
                    value=value,
                    field=texts.field(t.field(colour, place)),
                    away=GOAL - place,
                )
            )
        else:
            passed += [t.field(colour, p) for p in range(place + 1, place + value)]
            place += value
        if place == GOAL and n < len(legs) - 1:
            return no(
                texts.text("tuerme.rest_left", field=t.field(colour, place - value), rest=legs[-1])
            )
        path.append(t.field(colour, place))
        if bridge:
            far = t.bridge_from(colour, place)
            if far is None:
                here = t.field(colour, place)
                if t.is_bridge(here):
                    return no(
                        texts.text("tuerme.bridge_past", field=here, player=texts.colour(colour))
                    )
                return no(texts.text("tuerme.no_bridge", value=value, field=here))
            passed.append(t.field(colour, place))
            place = far
            path.append(t.field(colour, place))
        if n < len(legs) - 1:
            passed.append(t.field(colour, place))  # the stop between the dice
    if len(legs) == 1 and place != GOAL:
        return no(texts.text("tuerme.one_die_goal", value=legs[0], field=t.field(colour, place)))
    end = path[-1]
    blocked = _blocking_tower(position, colour, passed, is_doublet(roll))
    if blocked:
        return no(blocked)
    return _land(position, roll, unit, legs, bridges, tuple(path), superzahl, end, t)


def _blocking_tower(position: Position, colour: str, passed: list[str], doublet: bool) -> str:
    """The first foreign tower on the way, unless the roll is a doublet ("" if none)."""
    if doublet:
        return ""
    for fid in passed:
        stack = position.stacks.get(fid, ())
        if len(stack) >= 2 and stack[-1] != colour:
            whose = texts.colour(stack[-1])
            owner = texts.text(
                "tuerme.mixed_tower_of" if len(set(stack)) > 1 else "tuerme.tower_of",
                player=whose,
            )
            return texts.text("tuerme.in_the_way", owner=owner, field=fid)
    return ""


def _land(
    position: Position,
    roll: tuple[int, int],
    unit: Unit,
    legs: tuple[int, ...],
    bridges: tuple[bool, ...],
    path: tuple[str, ...],
    superzahl: bool,
    end: str,
    t: Track,
) -> TuermeMove | Refusal:
    """Set the moving piece(s) down on ``end`` if the tower rules allow it."""
    colour = position.to_move
    stacks = {fid: list(s) for fid, s in position.stacks.items()}
    here = stacks[unit.start]
    moving = [here.pop()] if unit.kind != "bottom" else [here.pop(0)]
    if unit.kind == "tower":
        moving.insert(0, here.pop())
    if not here:
        del stacks[unit.start]
    there = stacks.setdefault(end, [])
    builds = None
    if position.layout.fields[end].kind not in position.spec.pools:
        if there and (len(there) > 1 or unit.kind == "tower"):
            what = (
                texts.text("tuerme.a_tower")
                if len(there) > 1
                else texts.text("tuerme.a_piece", player=texts.colour(there[0]))
            )
            return Refusal(unit, texts.text("tuerme.holds", field=end, what=what))
        if there or unit.kind == "tower":  # a tower would stand on ``end``
            if t.is_bridge(end):
                return Refusal(unit, texts.text("tuerme.bridge_tower", field=end))
            if t.tower_free(colour, end, position.option("towers_free_after_every_start")):
                return Refusal(unit, texts.text("tuerme.first_12", field=end))
        builds = there[0] if there else None
    there += moving
    after = position.restacked(stacks)
    goal = t.goals[colour]
    winner = colour if len(after.stacks.get(goal, ())) == len(position.pieces[colour]) else None
    again = is_doublet(roll) and winner is None
    after = after if again else after.with_to_move(position.next_player())
    return TuermeMove(
        colour,
        unit.kind,
        unit.start,
        end,
        legs,
        bridges,
        path,
        roll,
        after,
        superzahl=superzahl,
        builds=builds,
        roll_again=again,
        winner=winner,
    )
