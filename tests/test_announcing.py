"""Words said before the move, judged against the roll by a pure function
(companion/table/announcing.py): what the players hear, and what the referee keeps."""

from __future__ import annotations

from conftest import position

from companion.errors import CompanionError
from companion.games.game import game
from companion.table.announcing import judge
from companion.texts import render

GRAVITATION = game("gravitation")
ROLL = (4, 3)  # red from U4 with 4+3 (test_referee_rules)


def test_a_legal_announcement_keeps_its_move_and_nothing_else():
    judged = judge(GRAVITATION, position(), ROLL, "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0")
    assert judged.verdict.kind == "legal" and judged.move is not None
    assert not judged.maybe_last and judged.fits == ()


def test_a_wrong_announcement_names_the_nearest_moves_and_may_be_the_last_move():
    judged = judge(GRAVITATION, position(), ROLL, "Wurf 9, Umlaufbahn 6, 5, 4, 3, 2, 1, 0")
    assert judged.verdict.kind == "illegal" and judged.move is None and judged.maybe_last
    assert "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0" in judged.verdict.choices
    assert "does not fit the roll 4+3" in render(judged.verdict.reason, "en")


def test_words_that_are_no_announcement_are_asked_again_not_refused():
    judged = judge(GRAVITATION, position(), ROLL, "blabla")
    assert judged.verdict.kind == "info" and judged.maybe_last
    assert "not understood" in render(judged.verdict.reason, "en")


class Refusing:
    """A game whose checker refuses the words outright (a roll it cannot take)."""

    def check(self, *args: object) -> object:
        raise CompanionError("no such roll")


def test_words_the_checker_refuses_outright_are_wrong_and_never_the_last_move():
    judged = judge(Refusing(), position(), ROLL, "Wurf 7")  # type: ignore[arg-type]
    assert judged.verdict.kind == "illegal" and not judged.maybe_last
    assert render(judged.verdict.reason, "en").endswith("no such roll")
