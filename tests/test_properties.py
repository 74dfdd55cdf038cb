"""Properties over positions from random self-play: Gravitation phases 1-3 and Tunnel X,
2-5 players, every option."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.verdict import VERDICTS
from companion.games.zwianer.check import check
from companion.games.zwianer.notation import parse_announcement, render
from companion.games.zwianer.selfplay import Turn, self_play
from companion.model.position import position_from_json

gravitation_games = st.fixed_dictionaries(
    {
        "game": st.just("gravitation"),
        "seed": st.integers(0, 10**6),
        "players": st.integers(2, 5),
        "phase": st.sampled_from([1, 2, 3, 3]),
        "turns": st.integers(1, 40),
        "options": st.fixed_dictionaries(
            {
                "always_sum": st.booleans(),
                "death_push": st.booleans(),
                "prediction": st.booleans(),
                "roll_again_on_own_special": st.booleans(),
            }
        ),
    }
)
tunnelx_games = st.fixed_dictionaries(
    {
        "game": st.just("tunnelx"),
        "seed": st.integers(0, 10**6),
        "players": st.integers(2, 5),
        "phase": st.none(),
        "turns": st.integers(1, 60),
        "options": st.fixed_dictionaries({"variant_2_1": st.booleans()}),
    }
)
games = st.one_of(gravitation_games, tunnelx_games)


def play(game: dict) -> list[Turn]:  # type: ignore[type-arg]
    rng = random.Random(game["seed"])
    return list(
        self_play(
            rng,
            game["players"],
            game["phase"],
            game["options"],
            max_turns=game["turns"],
            game=game["game"],
        )
    )


@settings(max_examples=40, deadline=None)
@given(games)
def test_pieces_are_conserved_and_stores_stay_in_0_to_5(game: dict) -> None:  # type: ignore[type-arg]
    for turn in play(game):
        players = len(turn.position.players)
        keys = [(m.tokens, m.start, m.end, m.outcome, m.pushes) for m in turn.moves]
        assert len(set(keys)) == len(keys)  # every generated move is distinct
        for move in turn.moves:
            assert len(move.after.placement) == 5 * players
            assert all(0 <= e <= 5 for e in move.after.energy)
            assert len(set(move.path)) == len(move.path)  # no field used twice
        # the position after a move passes every check a position file gets
        move = turn.played
        assert position_from_json(move.after.to_json(), move.after.layout) == move.after


@settings(max_examples=30, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_every_move_renders_parses_and_checks_back(game: dict, rnd: random.Random) -> None:  # type: ignore[type-arg]
    turn = play(game)[-1]
    for move in rnd.sample(turn.moves, min(3, len(turn.moves))):
        tokens = parse_announcement(move.announcement)
        assert tokens == move.tokens and render(tokens) == move.announcement
        verdict = check(turn.position, turn.roll, move.announcement, to=move.end)
        if verdict.verdict == "legal":
            assert verdict.move is not None and verdict.move.outcome == move.outcome
        else:
            assert verdict.verdict == "ambiguous"
            assert move.outcome in {m.outcome for m in verdict.candidates}


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=40), st.integers(1, 6), st.integers(1, 6), st.booleans())
def test_check_never_crashes_on_any_input(text: str, a: int, b: int, tunnelx: bool) -> None:
    from gravitation_helpers import make, make_tunnelx

    if tunnelx:
        pos = make_tunnelx({"red": ["U2.20", "U1.3"], "yellow": ["U2.22", "U1.4"]})
    else:
        pos = make({"red": ["U2.20", "U1.3"], "yellow": ["U2.22"]}, energy={"red": 2})
    verdict = check(pos, (a, b), text)
    assert verdict.verdict in VERDICTS and "\n" not in verdict.reason
    check(pos, (a, b), "Wurf " + text)


@settings(max_examples=30, deadline=None)
@given(games, st.randoms(use_true_random=False), st.sampled_from([-1, 1]))
def test_a_misspoken_number_is_explained(game: dict, rnd: random.Random, delta: int) -> None:  # type: ignore[type-arg]
    turn = play(game)[-1]
    move = rnd.choice(turn.moves)
    numbered = [i for i, t in enumerate(move.tokens) if t.value is not None]
    i = rnd.choice(numbered)
    tokens = list(move.tokens)
    tokens[i] = type(tokens[i])(tokens[i].kind, max(0, (tokens[i].value or 0) + delta))
    verdict = check(turn.position, turn.roll, render(tokens), to=move.end)
    if verdict.verdict == "illegal":
        assert verdict.reason and "\n" not in verdict.reason
        assert verdict.candidates  # the nearest legal announcements are named
    else:  # the changed words happen to name another legal move
        assert verdict.verdict in ("legal", "ambiguous")
