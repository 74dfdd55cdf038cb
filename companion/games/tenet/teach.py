"""Teaching TENET: a turn's announcement spelled out part by part, with the roll.

"8 von Start nach K1.5" is three parts a learner can follow: the die moved (one of the
roll's three, the fields walked), where the ball stood and where it stops, with the dice
still to move after it; a displaced ball, a Pasch, the stone and the Stein der Weisen
each get their own line (new-user trial s14 M3: Learn explained Gravitation's words
only). The rows are the ZwiAner games' (:class:`companion.games.zwianer.teach.Step`
shape): the words, the sum behind them, what they mean.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.games.tenet.board import PLANETS, START, stone_planet
from companion.games.tenet.notation import CLAIM, FARBE, field_word
from companion.games.tenet.rules import TenetMove
from companion.texts import colour, field
from companion.texts import text as t


@dataclass(frozen=True)
class Step:
    """One part of the announcement: its words (German notation), the sum behind them
    and what they mean (a sentence of companion/texts, in the reader's language)."""

    words: str
    arithmetic: str
    meaning: str


def spell_out(move: TenetMove) -> list[Step]:
    """The announcement of ``move`` as parts a learner can follow."""
    roll = "+".join(str(d) for d in move.roll)
    player = colour(move.colour)
    planet = stone_planet(move.after.layout, move.after.stone or START) or 0
    if move.kind == "pasch":
        return _pasch(move, roll, planet)
    if move.kind == "stone":
        where = f"Stein auf {PLANETS[planet - 1]}"
        return [Step(where, roll, t("tenet.teach.stone_die", planet=PLANETS[planet - 1]))]
    if not move.steps:  # a pass, or the stone taken with no ball moved
        if move.winner is not None:
            return [Step(CLAIM, roll, t("tenet.teach.claim", player=player))]
        return [Step("passt", roll, t("tenet.teach.passt", player=player))]
    out: list[Step] = []
    left = _left(move)
    for n, step in enumerate(move.steps):
        still = left + Counter(s.value for s in move.steps[n + 1 :])
        dice = ", ".join(str(d) for d in sorted(still.elements(), reverse=True))
        out.append(
            Step(
                str(step.value),
                t("tenet.teach.die_of", value=step.value, roll=roll),
                t("tenet.teach.die", value=step.value),
            )
        )
        if step.start == START:
            out.append(Step("von Start", "", t("tenet.teach.from_start")))
        else:
            out.append(
                Step(f"von {step.start}", "", t("tenet.teach.from", field=field(step.start)))
            )
        after = t("tenet.teach.left", dice=dice) if dice else t("tenet.teach.none_left")
        out.append(
            Step(
                f"nach {field_word(step.end)}",
                after,
                t("tenet.teach.to", field=field(step.end), value=step.value),
            )
        )
        if step.hit is not None and step.put is not None:
            said = f"versetzt {FARBE.get(step.hit, step.hit)} nach {field_word(step.put)}"
            put = t(
                "tenet.teach.put", hit=colour(step.hit), field=field(step.end), put=field(step.put)
            )
            out.append(Step(said, "", put))
    if move.winner is not None:
        out.append(Step(CLAIM, "", t("tenet.teach.claim", player=player)))
    return out


def _left(move: TenetMove) -> Counter[int]:
    """The dice still to move after the move's last step: the roll less the dice the
    position after it has spent (none where the turn is over)."""
    spent = move.after.spent if move.after.to_move == move.colour else ()
    if not spent:
        return Counter()
    return Counter(move.roll) - Counter(spent)


def _pasch(move: TenetMove, roll: str, planet: int) -> list[Step]:
    name = PLANETS[planet - 1]
    out = [
        Step(
            f"Pasch {planet}",
            roll,
            t("tenet.teach.pasch", value=planet, planet=name, player=colour(move.colour)),
        ),
        Step(f"Stein auf {name}", "", t("tenet.teach.stone", planet=name)),
    ]
    if move.cleared:
        cleared = ", ".join(move.cleared)
        out.append(Step(f"räumt {cleared}", "", t("tenet.teach.cleared")))
    return out
