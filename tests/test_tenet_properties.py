"""TENET rules as properties over positions met in random self-play."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.tenet.check import check
from companion.games.tenet.rules import awaiting_stone, legal_moves
from companion.games.tenet.selfplay import Played, self_play
from companion.model.position import position_from_json

games = st.fixed_dictionaries(
    {"seed": st.integers(0, 10**6), "players": st.integers(1, 9), "turns": st.integers(1, 15)}
)


def last_step(game: dict) -> Played:  # type: ignore[type-arg]
    rng = random.Random(game["seed"])
    return list(self_play(rng, game["players"], game["turns"]))[-1]


@settings(max_examples=15, deadline=None)
@given(games)
def test_nine_balls_each_and_a_position_that_reads_back(game: dict) -> None:  # type: ignore[type-arg]
    step = last_step(game)
    for pos in (step.position, step.played.after):
        assert Counter(c for _, c in pos.placement) == dict.fromkeys(pos.players, 9)
        assert all(len(cs) == 1 for f, cs in pos.stacks.items() if f != "start")
        assert position_from_json(pos.to_json()) == pos


@settings(max_examples=15, deadline=None)
@given(games)
def test_every_listed_step_checks_back_as_legal_with_the_same_outcome(game: dict) -> None:  # type: ignore[type-arg]
    step = last_step(game)
    moves = step.moves
    assert len({m.outcome for m in moves}) == len(moves)
    for move in random.Random(game["seed"]).sample(list(moves), min(5, len(moves))):
        v = check(step.position, step.roll, move.announcement)
        assert v.verdict == "legal", (move.announcement, v.reason)
        assert v.move is not None and v.move.outcome == move.outcome


@settings(max_examples=15, deadline=None)
@given(games)
def test_the_turn_passes_exactly_when_the_dice_are_used_up(game: dict) -> None:  # type: ignore[type-arg]
    step = last_step(game)
    pos, after = step.position, step.played.after
    if step.played.kind in ("pasch", "stone"):
        assert after.to_move == pos.to_move and not after.spent
    elif step.played.winner is None and len(pos.players) > 1:
        assert (after.to_move == pos.to_move) == bool(after.spent)
        assert len(after.spent) < 3
    assert not (awaiting_stone(after) and after.spent)


@settings(max_examples=10, deadline=None)
@given(games)
def test_a_whole_turn_of_listed_steps_is_legal_said_at_once(game: dict) -> None:  # type: ignore[type-arg]
    rng = random.Random(game["seed"])
    step = last_step(game)
    pos, roll = step.position, step.roll
    if pos.spent or len(roll) == 1 or step.played.kind == "pasch":
        return
    said, now = [], pos
    for _ in itertools.count():
        move = rng.choice(legal_moves(now, roll))
        said.append(move.announcement)
        now = move.after
        if not now.spent or move.winner:
            break
    v = check(pos, roll, "; ".join(said))
    assert v.verdict == "legal", (said, v.reason)
    assert v.move is not None and v.move.after == now
