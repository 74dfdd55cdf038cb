"""The referee's ear for the race game: check a spoken announcement (``docs/tuerme.md``).

Same contract as the ZwiAner checker (:mod:`companion.games.zwianer.check`): words that do not parse
are *invalid* (with the character position); words that name no legal move are
*illegal*, with the rule that forbids them in a player's words and the nearest legal
announcements; words that fit moves with different outcomes are *ambiguous* unless
``to`` (where the moved piece ended) or ``start`` (where it stood) decides.

The words are played with every piece they could name, by the same
:func:`~companion.games.tuerme.rules.attempt` that finds the legal moves, so an illegal
announcement is explained by the rule that refused it.
"""

from __future__ import annotations

import difflib

from companion.games.dice import check_roll
from companion.games.tuerme.notation import Said, parse, spell
from companion.games.tuerme.rules import (
    FREEING,
    Refusal,
    TuermeMove,
    attempt,
    dice_orders,
    fits_roll,
    legal_moves,
    units,
)
from companion.games.verdict import Verdict as GameVerdict
from companion.games.verdict import check_fields, fitting, illegal, judged, nearest
from companion.model.position import Position
from companion.texts import Joined, colour, field, quoted
from companion.texts import text as t

#: The answer about a race-game announcement (the shared type of every game's checker).
Verdict = GameVerdict[TuermeMove]


def check(
    position: Position,
    roll: tuple[int, ...],
    text: str,
    to: str | None = None,
    start: str | None = None,
) -> Verdict:
    """Parse, play, explain. An unknown ``to`` or ``start`` field raises CompanionError."""
    check_fields(position, to, start)
    pair = check_roll(roll)
    return judged(text, parse, lambda said: _judge(position, pair, said, text, to, start), spell)


def _judge(
    position: Position,
    pair: tuple[int, int],
    said: Said,
    text: str,
    to: str | None,
    start: str | None,
) -> Verdict:
    """Play the parsed words with every unit they can name; explain a mismatch."""
    legal = legal_moves(position, pair)
    if said.passes:
        return _passes(legal)
    wrong = _roll_words(said, pair) or _not_the_dice(said, pair, text)
    if wrong:
        return _illegal(wrong, legal, said, to)
    fits: list[TuermeMove] = []
    refusals: list[Refusal] = []
    for unit in units(position):
        if start is not None and unit.start != start:
            continue
        if not _unit_fits(said, unit.kind):
            continue
        for legs, bridges in _ways(said, pair):
            played = attempt(position, pair, unit, legs, bridges)
            if isinstance(played, Refusal):
                refusals.append(played)
            elif _claims_hold(said, played):
                fits.append(played)
            else:
                refusals.append(Refusal(unit, _false_claim(said, played)))
    there = [m for m in fits if to is None or m.end == to]
    if there:
        return fitting(text.strip(), there, describe)
    if fits:
        ends = Joined([field(e) for e in sorted({str(m.end) for m in fits})], ", ")
        why = t("check.other_end", said=quoted(text.strip()), ends=ends, to=to)
        return _illegal(why, legal, said, to)
    return _illegal(_why(position, said, refusals, start), legal, said, to)


def describe(m: TuermeMove) -> str:
    """A move in a sentence: ``red moves T.12 → T.20, onto yellow (a tower)``."""
    player = colour(m.colour)
    if m.kind == "pass":
        return t("move.passes", player=player)
    parts = [
        t(f"tuerme.{m.kind}", player=player, start=field(m.start or ""), end=field(m.end or ""))
    ]
    if any(m.bridges):
        parts.append(t("tuerme.bridge"))
    if m.builds is not None:
        parts.append(t("tuerme.builds", player=colour(m.builds)))
    if m.roll_again:
        parts.append(t("move.rolls_again"))
    if m.winner:
        parts.append(t("move.wins", player=colour(m.winner)))
    return t("move.parts", parts=Joined(parts, ""))


def _passes(legal: tuple[TuermeMove, ...]) -> Verdict:
    if legal[0].kind == "pass":
        return Verdict("legal", t("tuerme.passes"), legal[0])
    return Verdict(
        "illegal", t("tuerme.zugzwang", example=quoted(legal[0].announcement)), candidates=legal[:3]
    )


def _roll_words(said: Said, roll: tuple[int, int]) -> str:
    """Words about the roll that the roll contradicts ("" if none)."""
    text = f"{roll[0]}+{roll[1]}"
    points = {sum(roll), 2, 12} if set(roll) == {1, 6} else {sum(roll)}
    if said.wurf is not None and said.wurf not in points:
        return t("tuerme.wurf_roll", wurf=said.wurf, roll=text, sum=sum(roll))
    if said.pair is not None and roll != (said.pair, said.pair):
        return t("tuerme.no_pasch_of", roll=text, pair=said.pair)
    if "pasch" in said.claims and roll[0] != roll[1]:
        return t("tuerme.no_pasch", roll=text)
    if "superzahl" in said.claims and set(roll) != {1, 6}:
        return t("tuerme.no_superzahl", roll=text)
    if (
        said.is_sum
        and said.legs[0] not in roll
        and all(sum(o) != said.legs[0] for o in dice_orders(roll))
    ):
        values = [str(sum(o)) for o in dice_orders(roll)]
        sums = (
            values[0]
            if len(values) == 1
            else t("tuerme.either", first=values[:-1], last=values[-1])
        )
        return t("tuerme.not_moved", value=said.legs[0], roll=text, sums=sums)
    if said.enter and 6 not in roll:
        return t("tuerme.raus_six", roll=text)
    if said.unit == "bottom" and tuple(sorted(roll)) not in FREEING:
        return t("tuerme.freed_only", roll=text)
    return ""


def _not_the_dice(said: Said, roll: tuple[int, int], text: str) -> str:
    """Dice that are not the roll's, said with the words the player used („raus und 4“
    for 6+3), and the dice the roll moves ("" if the dice fit or one sum was said)."""
    if said.is_sum or fits_roll(said.legs, roll):
        return ""
    rolled = f"{roll[0]}+{roll[1]}"
    dice = t("tuerme.superzahl_dice") if set(roll) == {1, 6} else f"{roll[0]} und {roll[1]}"
    return t("tuerme.said_not_roll", said=quoted(text.strip()), roll=rolled, dice=dice)


def _unit_fits(said: Said, kind: str) -> bool:
    """Does the unit word (or its absence, or 'raus') name this kind of unit?"""
    if said.enter:
        return kind == "enter"
    if said.unit is None:
        return kind in ("single", "enter", "top", "bottom")
    return said.unit == kind


def _ways(said: Said, roll: tuple[int, int]) -> list[tuple[tuple[int, ...], tuple[bool, ...]]]:
    """The dice orders and bridge marks the words name (the sum: no bridge between)."""
    if not said.is_sum:
        return [(said.legs, said.bridges)]
    value, bridge = said.legs[0], said.bridges[0]
    both: list[tuple[tuple[int, ...], tuple[bool, ...]]] = [
        (o, (False, bridge)) for o in dice_orders(roll) if sum(o) == value
    ]
    return [*both, ((value,), (bridge,))] if value in roll else both


def _claims_hold(said: Said, m: TuermeMove) -> bool:
    words = m.announcement
    return ("drauf" not in said.claims or "drauf" in words) and (
        "ziel" not in said.claims or "Ziel" in words
    )


def _false_claim(said: Said, m: TuermeMove) -> str:
    if "drauf" in said.claims and m.builds is None:
        return t("tuerme.drauf_empty", field=field(m.end or ""))
    return t("tuerme.not_goal", field=field(m.end or ""))


def _why(position: Position, said: Said, refusals: list[Refusal], start: str | None) -> str:
    """The rule that refused the words, per piece when pieces were refused differently."""
    player = colour(position.to_move)
    if not refusals:
        if start is not None:
            return t("tuerme.nothing_on", player=player, field=field(start))
        if said.enter:
            return t("tuerme.none_home", player=player)
        mixed = _mixed_towers(position) if said.unit == "tower" else []
        if mixed:
            where, captured = mixed[0]
            return t("tuerme.mixed", player=player, field=field(where), captured=colour(captured))
        unit = said.unit if said.unit in ("tower", "top", "bottom") else "any"
        return t(f"tuerme.has_no.{unit}", player=player)
    reasons: dict[str, list[str]] = {}
    for r in refusals:
        reasons.setdefault(r.reason, []).append(r.unit.start)
    if len(reasons) == 1:
        return next(iter(reasons))
    return t(
        "move.parts",
        parts=Joined(
            (
                t("tuerme.from", fields=[field(f) for f in dict.fromkeys(starts)], reason=reason)
                for reason, starts in list(reasons.items())[:3]
            ),
            "; ",
        ),
    )


def _mixed_towers(position: Position) -> list[tuple[str, str]]:
    """The towers the player to move owns (his piece on top) over another's captured piece."""
    colour = position.to_move
    return [
        (field, stack[0])
        for field, stack in sorted(position.stacks.items())
        if len(stack) == 2 and stack[-1] == colour and stack[0] != colour
    ]


def _illegal(reason: str, legal: tuple[TuermeMove, ...], said: Said, to: str | None) -> Verdict:
    """Illegal for ``reason``, naming the legal moves whose dice read most like the words
    (those ending on ``to`` first)."""
    words = " ".join(str(v) for v in said.legs)

    def likeness(m: TuermeMove) -> float:
        mine = " ".join(str(v) for v in m.legs)
        return -difflib.SequenceMatcher(None, words, mine).ratio()

    return illegal(reason, nearest(legal, likeness, to))
