"""The result of a turn: an immutable :class:`Move` (python-chess style) and its parts.

A Move carries everything a referee needs: the moved piece's start, end and path, the
announcement tokens, how the dice were used, the store withdrawal or deposit, the
pushes with any defence, the pieces destroyed and sent home, roll-again and win flags,
and the resulting :class:`~companion.model.position.Position` (energy included; ``to_move``
advanced unless the player rolls again). Moves whose boards and stores come out the
same share :attr:`Move.outcome`, so a referee comparing a camera picture with
``move.after`` can tell real alternatives from different words for the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.zwianer.notation.render import gloss, render
from companion.games.zwianer.notation.tokens import Token
from companion.model.position import Position
from companion.texts import Joined, colour, fields, text
from companion.texts import field as said_field

#: How a move came about (``Move.kind``).
KINDS = ("move", "tunnel", "swap", "special", "crash", "pass")


@dataclass(frozen=True)
class Push:
    """One Stoß: the last piece of a chain moved on clockwise by ``points``."""

    start: str  # where the pushed piece stood
    colour: str
    end: str  # where it stopped (its station field if it was destroyed)
    points: int  # the count handed on: "Stoß N"
    defence: int = 0  # store points its owner spent to shorten the push (Stoßabwehr)

    def to_json(self) -> dict[str, Any]:
        return {
            "from": self.start,
            "colour": self.colour,
            "to": self.end,
            "points": self.points,
            "defence": self.defence,
        }


@dataclass(frozen=True)
class Destroyed:
    """A piece destroyed (crash, full ring, Todesstoß) or sent home (Tunnel X, Sonderregel 1)
    and the station field it returns to."""

    field: str
    colour: str
    home: str


@dataclass(frozen=True)
class Move:
    """One legal way to play a roll. Compare outcomes with :attr:`outcome`."""

    colour: str
    kind: str
    start: str | None  # the moved piece's field before the move (None for a pass)
    end: str | None  # and after it
    path: tuple[str, ...]  # every field the moved piece entered, start first
    tokens: tuple[Token, ...]
    roll: tuple[int, int]
    dice: str  # how the dice were used: "sum", "one die", "1+1 as 11", "prediction", ...
    value: int  # the points the dice gave ("Wurf N")
    after: Position
    store: int = 0  # points taken from the store (> 0) or put into it (< 0)
    pushes: tuple[Push, ...] = ()
    destroyed: tuple[Destroyed, ...] = ()
    swapped: str | None = None  # 1+2 swap: the field of the foreign piece
    roll_again: bool = False
    winner: str | None = None
    pending: Any = field(default=None, compare=False)  # a DeathPush waiting for die rolls

    def __str__(self) -> str:
        return self.announcement

    @property
    def announcement(self) -> str:
        """The canonical spoken announcement."""
        return render(self.tokens)

    @property
    def gloss(self) -> str:
        """The announcement in English words."""
        return gloss(self.tokens)

    def describe(self) -> str:
        """Where the piece went and what came with it, for a list of moves:
        ``(U1.39 → U1.7)  [sent home: U1.1]``."""
        parts: list[str] = [
            text("move.where", start=said_field(self.start), end=said_field(self.end or ""))
            if self.start
            else text("move.pass_note")
        ]
        for p in self.pushes:
            if p.end != p.start:
                parts.append(text("moves.pushes", start=said_field(p.start), end=said_field(p.end)))
            else:
                parts.append(text("moves.push_stopped", start=said_field(p.start)))
        if self.destroyed:
            key = "moves.sent_home" if self.after.game == "tunnelx" else "moves.destroyed"
            parts.append(text(key, fields=fields(d.field for d in self.destroyed)))
        if self.roll_again:
            parts.append(text("move.again_note"))
        if self.winner:
            parts.append(text("move.wins_note", player=colour(self.winner)))
        if self.pending is not None:
            parts.append(text("moves.roll_for", fields=fields(f for f, _ in self.pending.pieces)))
        return text("move.parts", parts=Joined(parts, ""))

    @property
    def outcome(self) -> tuple[Any, ...]:
        """What the board shows after the move: placement, stores and who moves next."""
        return (self.after.placement, self.after.energy, self.after.to_move, self.pending is None)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "announcement": self.announcement,
            "gloss": self.gloss,
            "kind": self.kind,
            "colour": self.colour,
            "from": self.start,
            "to": self.end,
            "path": list(self.path),
            "roll": list(self.roll),
            "dice": self.dice,
            "value": self.value,
            "store": self.store,
            "pushes": [p.to_json() for p in self.pushes],
            "destroyed": [
                {"field": d.field, "colour": d.colour, "home": d.home} for d in self.destroyed
            ],
            "roll_again": self.roll_again,
            "winner": self.winner,
            "position": self.after.to_json(),
        }
        if self.swapped is not None:
            data["swapped"] = self.swapped
        if self.pending is not None:
            data["pending"] = self.pending.to_json()
        return data
