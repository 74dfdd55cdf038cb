"""TENET as the referee, the command line and the page use it (the
:class:`~companion.games.game.Game` protocol): Miwin's three dice (one for the stone),
next steps built as they are asked for, whole turns searched from the board the camera
saw (:mod:`.live`), announced turns judged step by step (:mod:`.check`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from typing import Any

from companion.games import TENET, GameSpec, Roll
from companion.games.lazy import Generated
from companion.games.match import Match
from companion.games.tenet import check as checker
from companion.games.tenet import live, notation, rules, turns
from companion.games.tenet.board import DICE, parse_roll, roll_from_reading
from companion.games.tenet.rules import TenetMove
from companion.games.tenet.teach import Step, spell_out
from companion.games.verdict import illegal
from companion.model.position import Position
from companion.texts import text


class Tenet:
    """TENET with Miwin's dice (docs/tenet.md)."""

    check = staticmethod(checker.check)

    @property
    def spec(self) -> GameSpec:
        return TENET

    def parse_roll(self, text: str) -> Roll:
        return parse_roll(text)

    def roll_seen(self, dice_seen: Sequence[Mapping[str, Any]], position: Position) -> Roll:
        """In the order III, IV, V (not sorted: which die shows a value matters, R§6), or
        the one die rolled for the stone after a first round without a Pasch."""
        if len(dice_seen) == 1 and rules.awaiting_stone(position):
            return (int(dice_seen[0]["value"]),)
        return roll_from_reading(dice_seen)

    def dice_inputs(self, position: Position) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Miwin's III, IV, V, or one die for the stone after a first round without a
        Pasch."""
        return (("1", tuple(range(1, 10))),) if rules.awaiting_stone(position) else DICE

    def legal_moves(self, position: Position, roll: Roll) -> tuple[TenetMove, ...]:
        return rules.legal_moves(position, roll)

    def generate(self, position: Position, roll: Roll) -> Iterator[TenetMove]:
        return rules.generate(position, roll)

    def moves(self, position: Position, roll: Roll) -> Generated[TenetMove]:
        """The next steps, built on demand (a crowded board has a thousand, the referee
        lists a hundred); the roll is checked at once."""
        return Generated(rules.generate(position, roll))

    def turns(self, position: Position, roll: Roll) -> Iterator[TenetMove]:
        return turns.turns(position, roll)

    def match(
        self, position: Position, roll: Roll, moves: Sequence[Any], board: Mapping[str, str]
    ) -> Match[Any]:
        """Whole turns searched, not listed (``moves``, the next steps, are not used); a
        search that spent its budget (live.BUDGET states) is unsure and says so."""
        found = live.explain(position, roll, board)
        unsure = text("tenet.unsure", count=found.visited) if found.unsure else ""
        return Match(found.fits, lambda: found.near, unsure)

    def clearing(self, before: Position, roll: Roll, board: Mapping[str, str]) -> TenetMove | None:
        return live.clearing(before, roll, board)

    def announced(self, before: Position, roll: Roll, text: str, made: Position) -> tuple[str, str]:
        return live.announced(before, roll, text, made)

    def named(
        self, position: Position, roll: Roll, said: str, limit: int
    ) -> tuple[list[TenetMove], str, str]:
        """The move the words name when the checker finds them legal (a step or the turn
        typed whole: it plays the words and builds no list); else the steps (of the first
        ``limit``) whose announcement holds the words (a player typing "von Start"); else
        the checker's verdict and reason (invalid where they do not parse, illegal with
        the rule broken and the nearest of those steps: trial s6 met "keiner gefunden"
        where the other games offer the nearest moves). A correction's replay, which
        names each recorded step by its words, thus costs a step's check, not the roll's
        steps; no answer builds more than ``limit`` steps."""
        judged = checker.verdict(position, rules.expect_roll(position, roll), said)
        if judged.verdict == "legal" and judged.move is not None:
            return [judged.move], "legal", ""
        words = " ".join(said.casefold().split())
        steps = list(islice(self.generate(position, roll), limit))
        fit = [m for m in steps if words in m.announcement.casefold()]
        if fit:
            return fit, "legal", ""
        if judged.verdict == "illegal":  # the nearest of those steps, as the other games
            near = illegal(judged.reason, checker.closest(steps, said))  # offer theirs
            return list(near.candidates), near.verdict, near.reason
        return [], judged.verdict, judged.reason

    def moves_of(
        self, position: Position, roll: Roll, starts: frozenset[str]
    ) -> Iterator[TenetMove]:
        return (m for m in self.generate(position, roll) if m.start in starts)

    def reading(self, said: str) -> str:
        return notation.gloss(said)

    def spell_out(self, move: Any) -> list[Step]:
        return spell_out(move) if isinstance(move, TenetMove) else []


GAME = Tenet()
