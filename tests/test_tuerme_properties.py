"""Race-game rules as properties over positions from random self-play, and the checker
over free text."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tuerme_helpers import make

from companion.errors import CompanionError, InvalidAnnouncement
from companion.games.game import check, legal_moves
from companion.games.tuerme.notation import parse, spell
from companion.games.tuerme.selfplay import Turn, self_play
from companion.games.tuerme.track import GOAL, NO_TOWER_PLACES, track
from companion.games.verdict import VERDICTS
from companion.model.position import position_from_json

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 10**6),
        "players": st.integers(2, 4),
        "turns": st.integers(1, 200),
        "strict": st.booleans(),
    }
)


def last_turn(game: dict) -> Turn:  # type: ignore[type-arg]
    rng = random.Random(game["seed"])
    options = {"towers_free_after_every_start": game["strict"]}
    return list(self_play(rng, game["players"], options, game["turns"]))[-1]


@settings(max_examples=25, deadline=None)
@given(games)
def test_every_announcement_checks_back_as_legal_with_its_outcome(game: dict) -> None:  # type: ignore[type-arg]
    turn = last_turn(game)
    for move in turn.moves:
        verdict = check(turn.position, turn.roll, move.announcement, move.end, move.start)
        assert verdict.verdict == "legal", (move.announcement, verdict.reason)
        assert verdict.move is not None and verdict.move.outcome == move.outcome


@settings(max_examples=25, deadline=None)
@given(games)
def test_every_move_keeps_the_rules_of_the_board(game: dict) -> None:  # type: ignore[type-arg]
    turn = last_turn(game)
    pos = turn.position
    t = track(pos.layout)
    mover = pos.to_move
    for move in turn.moves:
        after = move.after
        assert position_from_json(after.to_json()) == after  # a valid position again
        assert after.to_move == (mover if move.roll_again else pos.next_player())
        if move.kind == "pass":
            assert after.placement == pos.placement
            continue
        assert move.start is not None and move.end is not None
        start, end = t.place(mover, move.start), t.place(mover, move.end)
        assert start < end  # only forward, home (-1) to start (0) included
        stack = after.stacks[move.end]
        if end != GOAL and len(stack) == 2:  # a tower now stands there
            assert not t.is_bridge(move.end)
            assert t.place(mover, move.end) >= NO_TOWER_PLACES
            strict = pos.option("towers_free_after_every_start")
            assert not strict or all(t.place(c, move.end) >= NO_TOWER_PLACES for c in t.starts)
        if move.kind == "bottom":
            assert tuple(sorted(turn.roll)) in ((1, 1), (6, 6), (1, 6))


@settings(max_examples=25, deadline=None)
@given(games)
def test_a_player_passes_only_when_nothing_can_move(game: dict) -> None:  # type: ignore[type-arg]
    turn = last_turn(game)
    kinds = {m.kind for m in turn.moves}
    assert "pass" not in kinds or len(turn.moves) == 1


words = st.sampled_from(
    [
        "5",
        "2",
        "und",
        ",",
        "Brücke",
        "Turm",
        "auflösen",
        "befreien",
        "raus",
        "nur",
        "Ziel",
        "drauf",
        "Superzahl",
        "Pasch",
        "passe",
        "sechs",
        "13",
        "0",
        "x",
        "ü",
        "  ",
    ]
)
texts = st.one_of(st.text(max_size=40), st.lists(words, max_size=8).map(" ".join))


@settings(max_examples=200, deadline=None)
@given(texts, st.tuples(st.integers(1, 6), st.integers(1, 6)))
def test_free_text_gets_one_of_the_four_verdicts_never_a_traceback(
    text: str, roll: tuple[int, int]
) -> None:
    pos = make(
        {"red": ["12", "40", "50"], "yellow": ["43", "43", "50"]},
        stacks={"50": ["yellow", "red"]},
        players=["red", "yellow"],
    )
    try:
        verdict = check(pos, roll, text)
    except CompanionError as exc:  # bad input: one line
        assert "\n" not in str(exc)
        return
    assert verdict.verdict in VERDICTS and "\n" not in verdict.reason
    assert legal_moves(pos, roll)  # and the position is untouched


@settings(max_examples=25, deadline=None)
@given(games, st.lists(words, min_size=1, max_size=6).map(" ".join))
def test_the_nearest_legal_announcements_named_for_an_illegal_one_are_legal(
    game: dict,  # type: ignore[type-arg]
    text: str,
) -> None:
    turn = last_turn(game)
    verdict = check(turn.position, turn.roll, text)
    if verdict.verdict != "illegal":
        return
    for move in verdict.candidates:
        again = check(turn.position, turn.roll, move.announcement, move.end, move.start)
        assert again.verdict == "legal", (text, move.announcement, again.reason)


@settings(max_examples=200, deadline=None)
@given(texts)
def test_what_was_said_in_canonical_spelling_reads_back_the_same(text: str) -> None:
    try:
        said = parse(text)
    except InvalidAnnouncement:
        return
    assert parse(spell(said)) == said
