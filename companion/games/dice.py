"""Two six-sided dice, as the ZwiAner games and the race game roll them.

:func:`parse_roll` reads a roll as people type it, :func:`roll_seen` as the dice reader
saw it; a :class:`Choice` is one way the player may use the two dice (the points, and
which of the game's special rules the choice switches on). Each ZwiAner engine has its
own ``dice_choices(position, roll)``. TENET's Miwin dice are its own
(companion/games/tenet/board.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.texts import text as t


@dataclass(frozen=True)
class Choice:
    """One way to use the dice: the points and the rules that come with them."""

    value: int
    dice: str  # "sum", "one die", "1+1 as 11", "prediction", "smaller die", ...
    tunnel: bool = False  # every step costs 1 along any line, chains are tunnelled
    special: bool = False  # 1+2: swap or nearest special field
    unprotected: bool = False  # Tunnel X, a doublet: special fields do not protect
    roll_again: bool = False  # Tunnel X 1+2: "musst du noch einmal würfeln"


def in_order(values: Iterable[int]) -> tuple[int, ...]:
    """The dice of a roll in the one order the companion says a roll everywhere (the page,
    the voice, the journal, ``check``): the larger first. Two d6 are alike, so the camera
    cannot see which was rolled first, and a typed "3,5" is the same roll as "5,3"; before
    new-comer round s8 the page said the synthetic camera's throw "3+5" and the referee
    the roll it read "5+3" (docs/referee.md, "How a roll is said")."""
    return tuple(sorted(values, reverse=True))


def parse_roll(text: str) -> tuple[int, int]:
    """A roll as typed: "5,2", "5+2" or "5 2"; each die 1..6; the larger die first
    (:func:`in_order`)."""
    if not text.strip():  # an empty field: nothing to quote
        raise CompanionError(t("dice.empty"))
    parts = text.replace("+", ",").replace(" ", ",").split(",")
    parts = [p for p in parts if p]
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) < 4 for p in parts):
        raise CompanionError(t("dice.two_like", said=repr(text)))
    a, b = int(parts[0]), int(parts[1])
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise CompanionError(t("dice.range", said=repr(text)))
    return max(a, b), min(a, b)  # in_order, typed for two dice


def check_roll(roll: tuple[int, ...]) -> tuple[int, int]:
    """The roll as two dice; CompanionError unless it is two dice showing 1 to 6."""
    if len(roll) != 2:
        raise CompanionError(t("dice.two", count=len(roll), roll=str(roll)))
    a, b = roll
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise CompanionError(t("dice.range", said=f"{a},{b}"))
    return a, b


D6 = (1, 2, 3, 4, 5, 6)

#: The dice the players may type on the page: a name and the faces of each.
TWO_D6 = (("1", D6), ("2", D6))


def roll_seen(dice: Sequence[Mapping[str, Any]]) -> tuple[int, ...]:
    """The roll the dice reader saw (each die's ``value``), the larger first (:func:`in_order`)."""
    return in_order(int(d["value"]) for d in dice)
