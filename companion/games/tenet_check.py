"""The TENET referee's ear: judge an announced turn by playing it, step by step.

GNU Backgammon style: the words are parsed (else ``invalid`` with the character where
they stop making sense), then each said step is played on the board in the said order,
and the first one a rule forbids is named in a player's words: a die that is not on
the table, a way blocked by a foreign ball, a turn round a corner, a displaced ball put
where rules d-g do not allow, a die left unmoved that could have been moved. The turn
itself is never enumerated, so even a crowded board is judged at once; only the
"nearest legal" suggestions come from :func:`~companion.games.tenet.legal_moves`.

An announcement names every step's start, end and displacement target, so it fits one
outcome only: a TENET announcement is never ambiguous. ``to`` and ``start`` (from the
camera) must be the end and the start of one of the said steps.
"""

from __future__ import annotations

import difflib
from typing import Any

from companion.errors import CompanionError, InvalidAnnouncement
from companion.games import tenet
from companion.games.tenet_board import PLANETS, START, board, doublet, stone_planet
from companion.games.tenet_moves import (
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
from companion.games.tenet_notation import (
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
from companion.games.verdict import check_fields
from companion.position import Position


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
    try:
        said = parse(text, position.layout.fields)
    except InvalidAnnouncement as exc:
        return Verdict("invalid", str(exc), offset=exc.offset)
    try:
        move = judge(position, roll, said)
        if to is not None and to not in {s.end for s in move.steps}:
            raise Illegal(f"the announcement moves no ball to {to}")
        if start is not None and start not in {s.start for s in move.steps}:
            raise Illegal(f"the announcement moves no ball from {start}")
    except Illegal as exc:
        nearest = _nearest(position, roll, text)
        reason = str(exc)
        if nearest:
            reason += "; nearest legal: " + " | ".join(repr(m.announcement) for m in nearest)
        return Verdict("illegal", reason, candidates=nearest)
    return Verdict("legal", f"legal: {move.colour} {move.describe()}", move=move)


def judge(position: Position, roll: tuple[int, ...], said: Said) -> tenet.TenetMove:
    """The move the words describe, or Illegal naming the first rule they break."""
    planets = ", ".join(f"{k} {name}" for k, name in enumerate(PLANETS, 1))
    if len(roll) == 1:
        if said.stone != roll[0] or said.steps or said.pasch is not None:
            raise Illegal(
                f"the die for the stone shows {roll[0]}: say 'Stein auf {PLANETS[roll[0] - 1]}'"
            )
        return tenet.stone_move(position, roll)
    pair = doublet(roll)
    if pair is not None:
        value = pair[0]
        if said.steps or said.passed or said.claim:
            raise Illegal(
                f"{','.join(map(str, roll))} is a Pasch: no ball moves, the stone goes to "
                f"{PLANETS[value - 1]} (the Pasch rule comes first) and {position.to_move} "
                "rolls again"
            )
        for what, named in (("Pasch", said.pasch), ("Stein auf", said.stone)):
            if named is not None and named != value:
                raise Illegal(f"{what} {named}, but the pair shows {value} ({planets})")
        try:
            return tenet.pasch_move(position, roll, said.cleared)
        except CompanionError as exc:
            raise Illegal(str(exc)) from None
    if said.pasch is not None or said.stone is not None:
        raise Illegal(f"{','.join(map(str, roll))} is no Pasch: the stone stays where it is")
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
                f"the game was over before '{s.value} von …': {colour} stands on the Pott "
                f"{b.pott[planet or 0]} with the {planet} unmoved and takes the stone"
            )
        if s.value not in left:
            raise Illegal(
                f"{s.value} is not among the dice left to move "
                f"({', '.join(map(str, left)) or 'none'} of the roll {','.join(map(str, roll))})"
            )
        step, there = _step(b, dict(balls), colour, _pott(b, s, planet))
        rest = list(left)
        rest.remove(s.value)
        after = longest(b, there, colour, tuple(rest), planet)
        if 1 + after[0] < can[0]:
            unmoved = ", ".join(map(str, rest))
            stuck = "can no longer be moved" if len(rest) == 1 else "cannot all be moved then"
            raise Illegal(
                f"after '{say_step(step)}' the {unmoved} {stuck}, but another way moves "
                f"{can[0]} dice (e.g. '{say_turn(can[1], False)}'): every die that can be "
                "moved must be"
            )
        balls, left, can = there, tuple(rest), after
        done.append(step)
    won = claims(b, balls, colour, left, planet)
    if said.claim and not won:
        raise Illegal(_no_claim(position, b, balls, left, planet))
    if said.passed and can[0] > 0 and not won:
        raise Illegal(f"no pass: a ball can still move (e.g. '{say_turn(can[1], False)}')")
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
            where = "no Pott" if not reached else "more than one Pott (" + ", ".join(reached) + ")"
            raise Illegal(
                f"'{s.value} von {s.start} auf den Pott': {s.value} fields from {s.start} "
                f"reach {where}; name the planet ('auf den Pott von Merkur')"
            )
    if is_pott(put):
        named = pott_planet(put or "")
        through = [k for k, c in b.planet.items() if c in b.circles_of.get(end, ())]
        if named is None and through:
            named = through[0]
        if named is None:
            named = planet
        if named is None:
            raise Illegal("'auf den Pott': which planet's? name it ('auf den Pott von Merkur')")
        put = b.pott[named]
    return SaidStep(s.value, s.start, end, s.hit, put, s.offset)


def _step(b: Any, occ: dict[str, str], colour: str, s: SaidStep) -> tuple[Step, Board_]:
    """The said step played on ``occ``, or Illegal naming the rule it breaks."""
    if s.start == START:
        if not waiting(frozenset(occ.items()), colour):
            raise Illegal(f"no {colour} ball waits on the start field")
    elif occ.get(s.start) != colour:
        whose = f" (the ball there is {occ[s.start]})" if s.start in occ else ""
        raise Illegal(f"no {colour} ball on {s.start}{whose}")
    if s.end not in landings(b, occ, colour, s.start, s.value):
        raise Illegal(_no_way(b, occ, colour, s.start, s.end, s.value))
    options = list(land(b, occ, colour, Step(s.value, s.start, s.end)))
    hit = options[0][0].hit
    if hit is None and s.put is not None:
        raise Illegal(f"{s.end} is free: there is no ball to put elsewhere")
    if hit is not None:
        word = FARBE.get(hit, hit)
        if s.put is None:
            raise Illegal(
                f"{s.end} holds a {hit} ball: say where it goes ('versetzt {word} nach …')"
            )
        if s.hit and s.hit != hit:
            raise Illegal(f"the ball on {s.end} is {hit}, not {s.hit}")
        options = [o for o in options if o[0].put == s.put]
        if not options:
            raise Illegal(_no_target(b, occ, colour, s.start, s.end, hit, s.put))
    return options[0]


def _no_way(b: Any, occ: dict[str, str], colour: str, origin: str, end: str, value: int) -> str:
    why = blocker(b, occ, colour, origin, end, value)
    if why:
        return f"the way {origin} → {end} is blocked by {why}: only own balls may be jumped"
    if end == START or _over_start(b, origin, end, value):
        return "no ball moves onto or over the start field: it returns there only when displaced"
    return (
        f"{end} is not {value} fields from {origin} along one circle "
        "(a ball changes circles only where its move starts on a crossing)"
    )


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
        return f"{put} is not free: a displaced ball goes onto an empty field"
    if put == START:
        return f"only a ball displaced on a planet circle may go back to start (rule e): {end}"
    return (
        f"{put} is neither a free field of a circle through {end} (rules d-f) "
        f"nor next to another {hit} ball (rule g)"
    )


def _no_claim(
    position: Position, b: Any, balls: Any, left: tuple[int, ...], planet: int | None
) -> str:
    if planet is None:
        return "no Stein der Weisen: the stone is not in play yet (it waits on start)"
    name = PLANETS[planet - 1]
    if planet not in left:
        return f"no Stein der Weisen: the stone is on {name}, and no unmoved die shows {planet}"
    return f"no Stein der Weisen: no {position.to_move} ball on the Pott {b.pott[planet]} of {name}"


def _nearest(position: Position, roll: tuple[int, ...], text: str) -> tuple[tenet.TenetMove, ...]:
    """Up to three legal moves whose announcements read most like ``text``."""
    try:
        moves = tenet.legal_moves(position, roll)
    except TooManyTurns:
        return ()
    words = " ".join(text.split()).casefold()

    def likeness(m: tenet.TenetMove) -> float:
        return -difflib.SequenceMatcher(None, words, m.announcement.casefold()).ratio()

    if len(moves) > 2000:  # ranking every turn of a crowded board would take seconds
        moves = moves[:2000]
    return tuple(sorted(moves, key=likeness)[:3])


__all__ = ["Verdict", "check", "judge"]
