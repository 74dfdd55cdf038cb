"""Teaching: a move's announcement spelled out word by word, with the arithmetic.

Each spoken item carries the running count; what it cost is the difference to the
item before. That makes the arithmetic of any announcement explicit ("Umlaufbahn 6:
7 − 1 = 6, the gravity of the orbit"), whatever the rules engine had to do to find it.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.zwianer.moves import Move
from companion.games.zwianer.notation.tokens import Kind, Token
from companion.texts import text as t


@dataclass(frozen=True)
class Step:
    """One spoken item: the words (German notation), the sum behind them and what they
    mean (a sentence of companion/texts, in the reader's language)."""

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
        return Step(words, _roll_sum(move), t("teach.wurf"))
    if n is None or before is None:
        bare = _BARE.get(token.kind)
        return Step(words, "", t(bare) if bare else "")
    cost = before - n
    if token.kind is Kind.SPEICHER:
        if cost < 0:
            return Step(words, f"{before} + {-cost} = {n}", t("teach.store_take", count=-cost))
        return Step(words, f"{before} − {cost} = {n}", t("teach.store_put", count=cost))
    if token.kind is Kind.UMLAUFBAHN:
        return Step(
            words,
            f"{before} − {cost} = {n}",
            t("teach.orbit", cost=cost, left=n),
        )
    if token.kind is Kind.GRAVITATION:
        if cost == 0:
            return Step(words, f"{before} − 0 = {n}", t("teach.gravity_free"))
        return Step(words, f"{before} − {cost} = {n}", t("teach.gravity_climb", cost=cost))
    if token.kind is Kind.STOSS:
        return Step(
            words,
            t("teach.handed_on", count=n),
            t("teach.push", count=n),
        )
    if token.kind is Kind.ABWEHR:
        return Step(
            words,
            f"{before} − {cost} = {n}",
            t("teach.defence", cost=cost),
        )
    if token.kind is Kind.TUNNEL:
        return Step(
            words,
            f"{before} − {cost} = {n}",
            t("teach.tunnel"),
        )
    return Step(words, f"{before} − {cost} = {n}", t("teach.step"))


_BARE = {
    Kind.ABSTURZ: "teach.absturz",
    Kind.TAUSCH: "teach.tausch",
    Kind.SONDERFELD: "teach.sonderfeld",
}


def _roll_sum(move: Move) -> str:
    a, b = move.roll
    value = move.value
    if move.dice == "sum":
        return f"{a} + {b} = {value}"
    if move.dice == "prediction":
        big, small = (a, b) if 2 * a + b == value else (b, a)
        return t("teach.prediction_hit", big=big, small=small, value=value)
    if move.dice == "smaller die":
        return t("teach.prediction_missed", value=value)
    if move.dice.startswith("1+1"):
        return t("teach.one_one", value=value)
    if move.dice == "1+2":
        return t("teach.one_two")
    return t("teach.one_die", a=a, b=b, value=value)
