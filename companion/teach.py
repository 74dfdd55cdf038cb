"""Teaching: a move's announcement spelled out word by word, with the arithmetic.

Each spoken item carries the running count; what it cost is the difference to the
item before. That makes the arithmetic of any announcement explicit ("Umlaufbahn 6:
7 − 1 = 6, the gravity of the orbit"), whatever the rules engine had to do to find it.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.moves import Move
from companion.notation.tokens import Kind, Token


@dataclass(frozen=True)
class Step:
    """One spoken item: the words, the sum behind them and what they mean (English)."""

    words: str
    arithmetic: str
    meaning: str


def spell_out(move: Move) -> list[Step]:
    """The announcement of ``move`` as steps a learner can follow."""
    steps: list[Step] = []
    before: int | None = None
    for token in move.tokens:
        steps.append(_step(token, before, move))
        if token.value is not None:
            before = token.value
    return steps


def _step(token: Token, before: int | None, move: Move) -> Step:
    n = token.value
    words = str(token)
    if token.kind is Kind.WURF:
        return Step(words, _roll_sum(move), "the points you move with")
    if n is None or before is None:
        return Step(words, "", _BARE.get(token.kind, ""))
    cost = before - n
    if token.kind is Kind.SPEICHER:
        if cost < 0:
            return Step(words, f"{before} + {-cost} = {n}", f"{-cost} taken from your store")
        return Step(words, f"{before} − {cost} = {n}", f"{cost} put into your store")
    if token.kind is Kind.UMLAUFBAHN:
        return Step(
            words,
            f"{before} − {cost} = {n}",
            f"the gravity {cost} of the orbit is paid; {n} left to move along it",
        )
    if token.kind is Kind.GRAVITATION:
        if cost == 0:
            return Step(words, f"{before} − 0 = {n}", "pulled inward along a gravity line: free")
        return Step(words, f"{before} − {cost} = {n}", f"climbing out against gravity costs {cost}")
    if token.kind is Kind.STOSS:
        return Step(
            words,
            f"{n} handed on",
            "the next field is taken: your piece stops, the last piece of the chain "
            f"moves on with {n}",
        )
    if token.kind is Kind.ABWEHR:
        return Step(
            words,
            f"{before} − {cost} = {n}",
            f"the pushed player spends {cost} from their store to shorten the push",
        )
    if token.kind is Kind.TUNNEL:
        return Step(
            words,
            f"{before} − {cost} = {n}",
            "a chain of pieces passed in one step (tunnel effect)",
        )
    return Step(words, f"{before} − {cost} = {n}", "one step along the line")


_BARE = {
    Kind.ABSTURZ: "not enough energy to stay in orbit: the piece falls into the Gravitator "
    "and goes back to its station",
    Kind.TAUSCH: "1+2: the piece swaps places with the nearest foreign piece",
    Kind.SONDERFELD: "1+2: the piece jumps to the nearest special field",
}


def _roll_sum(move: Move) -> str:
    a, b = move.roll
    value = move.value
    if move.dice == "sum":
        return f"{a} + {b} = {value}"
    if move.dice == "prediction":
        big, small = (a, b) if 2 * a + b == value else (b, a)
        return f"prediction hit: 2 × {big} + {small} = {value}"
    if move.dice == "smaller die":
        return f"prediction missed: only the smaller die, {value}"
    if move.dice.startswith("1+1"):
        return f"1 + 1 counts {value}"
    if move.dice == "1+2":
        return "1 + 2: swap, special field or 3"
    return f"one die of {a} and {b}: {value}"
