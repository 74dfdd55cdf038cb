"""The TENET referee's ear: judge an announced turn by playing it, step by step.

GNU Backgammon style: the words are parsed (else ``invalid`` with the character where
they stop making sense), then each said step is played on the board in the said order,
and the first one a rule forbids is named in a player's words: a die that is not on
the table, a way blocked by a foreign ball, a turn round a corner, a displaced ball put
where rules d-g do not allow, a die left unmoved that could have been moved. The turn
itself is never enumerated, so even a crowded board is judged at once; only the
"nearest legal" suggestions come from :func:`~companion.games.tenet.rules.legal_moves`.

An announcement names every step's start, end and displacement target, so it fits one
outcome only: a TENET announcement is never ambiguous. ``to`` and ``start`` (from the
camera) must be the end and the start of one of the said steps.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from companion import texts
from companion.errors import CompanionError, InvalidAnnouncement
from companion.games.tenet import rules as tenet
from companion.games.tenet.board import PLANETS, START, board, doublet, stone_planet
from companion.games.tenet.moves import (
    Board_,
    Step,
    TooManyTurns,
    blocker,
    claims,
    land,
    landings,
    longest,
    waiting,
)
from companion.games.tenet.notation import (
    FARBE,
    Said,
    SaidStep,
    is_pott,
    parse,
    pott_planet,
    say_step,
    say_turn,
)
from companion.games.verdict import Verdict as GameVerdict
from companion.games.verdict import check_fields, illegal, nearest
from companion.model.position import Position
from companion.texts import message
from companion.texts import text as t


class Illegal(Exception):
    """Why the announced turn breaks a rule (one line, a player's words)."""


#: The answer about a TENET announcement (the shared type of every game's checker).
Verdict = GameVerdict[tenet.TenetMove]


def check(
    position: Position,
    roll: tuple[int, ...],
    text: str,
    to: str | None = None,
    start: str | None = None,
) -> Verdict:
    """Parse, play, explain. Bad input (unknown ``to``/``start`` field, a roll that does
    not fit the dice or the position) raises CompanionError."""
    check_fields(position, to, start)
    roll = tenet.expect_roll(position, roll)
    said = verdict(position, roll, text, to, start)
    if said.verdict == "illegal":
        return illegal(said.reason, _nearest(position, roll, text))
    return said


def verdict(
    position: Position,
    roll: tuple[int, ...],
    text: str,
    to: str | None = None,
    start: str | None = None,
) -> Verdict:
    """:func:`check` without the nearest legal turns it suggests (which lists every step
    of the roll): the verdict and its reason only, for the page's move search."""
    try:
        said = parse(text, position.layout.fields)
    except InvalidAnnouncement as exc:
        return Verdict("invalid", message(exc), offset=exc.offset)
    try:
        move = judge(position, roll, said)
        if to is not None and to not in {s.end for s in move.steps}:
            raise Illegal(t("tenet.no_ball_to", field=to))
        if start is not None and start not in {s.start for s in move.steps}:
            raise Illegal(t("tenet.no_ball_from", field=start))
    except Illegal as exc:
        return Verdict("illegal", message(exc))
    return Verdict(
        "legal", t("tenet.turn", player=texts.colour(move.colour), where=move.describe()), move=move
    )


def judge(position: Position, roll: tuple[int, ...], said: Said) -> tenet.TenetMove:
    """The move the words describe, or Illegal naming the first rule they break."""
    planets = ", ".join(f"{k} {name}" for k, name in enumerate(PLANETS, 1))
    if len(roll) == 1:
        if said.stone != roll[0] or said.steps or said.pasch is not None:
            raise Illegal(t("tenet.stone_die", value=roll[0], planet=PLANETS[roll[0] - 1]))
        return tenet.stone_move(position, roll)
    pair = doublet(roll)
    if pair is not None:
        value = pair[0]
        if said.steps or said.passed or said.claim:
            raise Illegal(
                t(
                    "tenet.is_pasch",
                    roll=",".join(map(str, roll)),
                    planet=PLANETS[value - 1],
                    player=texts.colour(position.to_move),
                )
            )
        for what, named in (("Pasch", said.pasch), ("Stein auf", said.stone)):
            if named is not None and named != value:
                raise Illegal(
                    t("tenet.pair_shows", what=what, named=named, value=value, planets=planets)
                )
        try:
            return tenet.pasch_move(position, roll, said.cleared)
        except CompanionError as exc:
            raise Illegal(message(exc)) from None
    if said.pasch is not None or said.stone is not None:
        raise Illegal(t("tenet.not_pasch", roll=",".join(map(str, roll))))
    return _play(position, roll, said)


def _play(position: Position, roll: tuple[int, ...], said: Said) -> tenet.TenetMove:
    """Plays the said steps in order; each must keep the most dice movable (Added 6.7)."""
    b = board(position.layout)
    colour = position.to_move
    planet = stone_planet(position.layout, position.stone or START)
    balls = tenet.on_board(position)
    left = tenet.remaining(position, roll)
    done: list[Step] = []
    can = longest(b, balls, colour, left, planet)
    for s in said.steps:
        if claims(b, balls, colour, left, planet):
            raise Illegal(
                t(
                    "tenet.over_before",
                    value=s.value,
                    player=texts.colour(colour),
                    pott=b.pott[planet or 0],
                    planet=planet,
                )
            )
        if s.value not in left:
            raise Illegal(
                t("tenet.not_rolled", value=s.value, roll=list(roll))
                if len(left) == len(roll)
                else t(
                    "tenet.not_left",
                    value=s.value,
                    left=list(left) or t("tenet.none_left"),
                    roll=list(roll),
                )
            )
        step, there = _step(b, dict(balls), colour, _pott(b, s, planet))
        rest = list(left)
        rest.remove(s.value)
        after = longest(b, there, colour, tuple(rest), planet)
        if 1 + after[0] < can[0]:
            raise Illegal(
                t(
                    "tenet.stuck_one" if len(rest) == 1 else "tenet.stuck_all",
                    step=say_step(step),
                    unmoved=rest,
                    count=can[0],
                    turn=say_turn(can[1], False),
                )
            )
        balls, left, can = there, tuple(rest), after
        done.append(step)
    won = claims(b, balls, colour, left, planet)
    if said.claim and not won:
        raise Illegal(_no_claim(position, b, balls, left, planet))
    if said.passed and can[0] > 0 and not won:
        raise Illegal(t("tenet.no_pass", turn=say_turn(can[1], False)))
    return tenet.after_steps(position, roll, tuple(done), balls, can[0])


def _pott(b: Any, s: SaidStep, planet: int | None) -> SaidStep:
    """The step with "den Pott" made a field: the Pott of the planet named; else, for the
    end, the Pott this die's walk reaches (the stone's planet first); for a displaced
    ball, the Pott of a planet circle through the field it stood on, else of the stone's
    planet. Illegal when the words leave it open."""
    end, put = s.end, s.put
    if is_pott(end):
        named = pott_planet(end)
        reached = sorted({w[-1] for w in b.walks(s.start, s.value) if w[-1] in b.pott.values()})
        if named is not None:
            end = b.pott[named]
        elif planet is not None and b.pott[planet] in reached:
            end = b.pott[planet]
        elif len(reached) == 1:
            end = reached[0]
        else:
            where = t("tenet.pott_none") if not reached else t("tenet.pott_many", potts=reached)
            raise Illegal(t("tenet.which_pott", value=s.value, start=s.start, where=where))
    if is_pott(put):
        named = pott_planet(put or "")
        through = [k for k, c in b.planet.items() if c in b.circles_of.get(end, ())]
        if named is None and through:
            named = through[0]
        if named is None:
            named = planet
        if named is None:
            raise Illegal(t("tenet.whose_pott"))
        put = b.pott[named]
    return SaidStep(s.value, s.start, end, s.hit, put, s.offset)


def _step(b: Any, occ: dict[str, str], colour: str, s: SaidStep) -> tuple[Step, Board_]:
    """The said step played on ``occ``, or Illegal naming the rule it breaks."""
    if s.start == START:
        if not waiting(frozenset(occ.items()), colour):
            raise Illegal(t("tenet.none_waits", player=texts.colour(colour)))
    elif occ.get(s.start) != colour:
        whose = t("tenet.ball_there", player=texts.colour(occ[s.start])) if s.start in occ else ""
        raise Illegal(
            t("tenet.no_ball_on", player=texts.colour(colour), field=s.start, whose=whose)
        )
    if s.end not in landings(b, occ, colour, s.start, s.value):
        raise Illegal(_no_way(b, occ, colour, s.start, s.end, s.value))
    options = list(land(b, occ, colour, Step(s.value, s.start, s.end)))
    hit = options[0][0].hit
    if hit is None and s.put is not None:
        raise Illegal(t("tenet.free_no_put", field=s.end))
    if hit is not None:
        word = FARBE.get(hit, hit)
        if s.put is None:
            raise Illegal(t("tenet.say_put", field=s.end, player=texts.colour(hit), word=word))
        if s.hit and s.hit != hit:
            raise Illegal(
                t(
                    "tenet.other_ball",
                    field=s.end,
                    player=texts.colour(hit),
                    said=texts.colour(s.hit),
                )
            )
        options = [o for o in options if o[0].put == s.put]
        if not options:
            raise Illegal(_no_target(b, occ, colour, s.start, s.end, hit, s.put))
    return options[0]


def _no_way(b: Any, occ: dict[str, str], colour: str, origin: str, end: str, value: int) -> str:
    why = blocker(b, occ, colour, origin, end, value)
    if why:
        return t("tenet.blocked", start=texts.field(origin), end=texts.field(end), why=why)
    if end == START or _over_start(b, origin, end, value):
        return t("tenet.over_start")
    return t("tenet.not_along", end=texts.field(end), value=value, start=texts.field(origin))


def _over_start(b: Any, origin: str, end: str, value: int) -> bool:
    """Would a walk of ``value`` from origin reach end if it could pass the start field?"""
    for circle in b.circles_of.get(origin, ()):
        ring = b.members[circle]
        i, n = ring.index(origin), len(ring)
        if any(ring[(i + d * value) % n] == end for d in (1, -1)):
            return True
    return False


def _no_target(
    b: Any, occ: dict[str, str], colour: str, origin: str, end: str, hit: str, put: str
) -> str:
    after = dict(occ)
    if origin != START:
        del after[origin]
    if put in after or put == end:
        return t("tenet.put_not_free", field=put)
    if put == START:
        return t("tenet.start_only_planet", field=end)
    return t("tenet.put_where", field=put, end=end, player=texts.colour(hit))


def _no_claim(
    position: Position, b: Any, balls: Any, left: tuple[int, ...], planet: int | None
) -> str:
    if planet is None:
        return t("tenet.no_stone_yet")
    name = PLANETS[planet - 1]
    if planet not in left:
        return t("tenet.no_stone_die", planet=name, value=planet)
    who = texts.colour(position.to_move)
    return t("tenet.no_stone_pott", player=who, pott=b.pott[planet], planet=name)


def _nearest(position: Position, roll: tuple[int, ...], text: str) -> tuple[tenet.TenetMove, ...]:
    """Up to three legal moves whose announcements read most like ``text``."""
    try:
        moves = tenet.legal_moves(position, roll)
    except TooManyTurns:
        return ()
    if len(moves) > 2000:  # ranking every turn of a crowded board would take seconds
        moves = moves[:2000]
    return closest(moves, text)


def closest(moves: Iterable[tenet.TenetMove], text: str) -> tuple[tenet.TenetMove, ...]:
    """Up to three of ``moves`` whose announcements read most like ``text`` (difflib)."""
    words = " ".join(text.split()).casefold()

    def likeness(m: tenet.TenetMove) -> float:
        return -difflib.SequenceMatcher(None, words, m.announcement.casefold()).ratio()

    return nearest(moves, likeness)


__all__ = ["Verdict", "check", "closest", "judge", "verdict"]
