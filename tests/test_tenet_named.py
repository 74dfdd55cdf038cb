"""The page's move search for TENET (Game.named): the move the checker finds legal words
name, else the steps whose words hold what was typed, else the checker's verdict and its
reason, never more than ``limit`` steps built."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.tenet import rules
from companion.games.tenet.game import GAME
from companion.model.position import start_position

START = start_position("tenet", players=["red", "blue"])


@pytest.fixture
def no_listing(monkeypatch):
    """The whole list of steps is never built (the checker's nearest suggestions do)."""

    def listed(*args, **kwargs):
        raise AssertionError("the whole list of steps was built")

    monkeypatch.setattr(rules, "legal_moves", listed)


def test_words_a_step_holds_name_that_step(no_listing):
    moves, verdict, reason = GAME.named(START, (3, 2, 9), "3 von start nach k1.0", 400)
    assert [m.announcement for m in moves] == ["3 von Start nach K1.0"]
    assert verdict == "legal" and reason == ""


def test_words_that_do_not_parse_are_invalid_with_the_reason(no_listing):
    moves, verdict, reason = GAME.named(START, (3, 2, 9), "Quatsch", 400)
    assert moves == [] and verdict == "invalid"
    assert "Quatsch" in reason


def test_an_illegal_step_names_the_rule_it_breaks_and_the_nearest_steps(no_listing):
    moves, verdict, reason = GAME.named(START, (1, 3, 2), "1 von E1-9 nach K1.7", 400)
    assert verdict == "illegal" and reason.startswith("no red ball on E1-9"), reason
    # as the other games offer theirs (new-user trial s6 met "none found")
    assert len(moves) == 3 and all(" von Start nach K1." in m.announcement for m in moves)


def test_a_whole_turn_typed_names_that_turn(no_listing):
    turn = "3 von Start nach K1.0; 2 von K1.0 nach E1-9"
    moves, verdict, _ = GAME.named(START, (3, 2, 9), turn, 400)
    assert [m.announcement for m in moves] == [turn] and verdict == "legal"
    assert moves[0].after.spent == (3, 2)  # the turn so far: the 9 is still to move


def test_no_more_than_the_limit_of_steps_is_built(monkeypatch):
    built = []
    steps = rules.generate

    def counted(position, roll):
        for m in steps(position, roll):
            built.append(m)
            yield m

    monkeypatch.setattr(rules, "generate", counted)
    GAME.named(START, (3, 2, 9), "Quatsch", 2)
    assert len(built) == 2


def test_a_legal_steps_own_words_build_no_step_of_the_roll(monkeypatch):
    """A correction replays every later step by its recorded words: each costs a check of
    those words, not the roll's steps (a 120-step TENET replay took 1 s, now 38 ms)."""

    def listed(*args, **kwargs):
        raise AssertionError("the roll's steps were built")

    monkeypatch.setattr(rules, "generate", listed)
    moves, verdict, _ = GAME.named(START, (3, 2, 9), "3 von Start nach K1.0", 400)
    assert [m.announcement for m in moves] == ["3 von Start nach K1.0"] and verdict == "legal"


@given(st.text(max_size=60))
@settings(max_examples=80, deadline=None)
def test_any_words_get_a_verdict_and_a_reason_where_none_fits(words):
    moves, verdict, reason = GAME.named(START, (1, 3, 2), words, 50)
    assert verdict in ("legal", "illegal", "invalid")
    assert moves or reason  # a step, or why there is none
