"""The referee and the checker search from what they saw or heard: the same verdicts as
looking through every legal move, at a cost bounded by the number of moves built.

Positions are random reachable ones: self-play with five players and every option on
(Gravitation: Todesstoß, prediction, both dice or one; Tunnel X: Sonderregel 2.1).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.checker import check
from companion.games import legal_move_generator, legal_moves
from companion.games.legal import LegalMoves
from companion.games.selfplay import Turn, self_play
from companion.games.turn import moves_built
from companion.notation.tokens import normalise
from companion.position import Position
from companion.referee import Referee

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")  # long Turns

#: The most Moves a search may build to judge one board or check one announcement; the
#: worst random position found builds a few hundred (bench/rules.py prints it).
MOST_BUILT = 1500

OPTIONS = {
    "gravitation": {"death_push": True, "prediction": True, "roll_again_on_own_special": True},
    "tunnelx": {"variant_2_1": True},
}


def a_turn(seed: int, game: str, turns: int) -> Turn:
    """The ``turns``-th turn (or the last) of a seeded five-player self-play game."""
    found = None
    for n, turn in enumerate(self_play(random.Random(seed), 5, 3, OPTIONS[game], 150, game)):
        found = turn
        if n == turns:
            break
    assert found is not None
    return found


turns = st.builds(
    a_turn,  # the Turn's repr is long: shown only when a test fails
    st.integers(0, 10_000),
    st.sampled_from(["gravitation", "tunnelx"]),
    st.integers(0, 150),
)


def judged(position: Position, roll: tuple[int, ...], board: dict[str, str], lazy: bool) -> object:
    referee = Referee.start(position, legal_move_generator if lazy else legal_moves)
    referee.confirm_board()
    referee.observe_dice(list(roll))
    verdict = referee.observe_board(board)
    return verdict, referee.phase, [m.announcement for m in referee.candidates]


def wrong(turn: Turn, rng: random.Random) -> dict[str, str]:
    """A board where one piece of the player stands on a random free field."""
    board = dict(turn.position.occupant)
    piece = rng.choice(turn.position.pieces[turn.position.to_move])
    free = [f for f in turn.position.layout.fields if f not in board]
    board[rng.choice(free)] = board.pop(piece)
    return board


@settings(max_examples=40, deadline=None)
@given(turns, st.randoms(use_true_random=False))
def test_a_board_is_judged_as_by_every_legal_move(turn: Turn, rng: random.Random) -> None:
    small = len(turn.moves) <= 300  # beyond, the nearest of a rejection come from fewer
    for board in (dict(rng.choice(turn.moves).after.occupant), wrong(turn, rng)):
        before = moves_built()
        lazy = judged(turn.position, turn.roll, board, lazy=True)
        assert moves_built() - before <= MOST_BUILT
        eager = judged(turn.position, turn.roll, board, lazy=False)
        if small:
            assert lazy == eager
        else:
            assert lazy[1:] == eager[1:]  # type: ignore[index]


@settings(max_examples=40, deadline=None)
@given(turns, st.randoms(use_true_random=False))
def test_an_announcement_is_checked_by_building_few_moves(turn: Turn, rng: random.Random) -> None:
    move = rng.choice(turn.moves)
    said_so = {
        m.outcome
        for m in turn.moves
        if normalise(m.tokens) == normalise(move.tokens) and m.end == move.end
    }
    before = moves_built()
    verdict = check(turn.position, turn.roll, move.announcement, move.end)
    assert moves_built() - before <= MOST_BUILT
    fits = (verdict.move,) if verdict.move else verdict.candidates
    assert {m.outcome for m in fits if m is not None} == said_so
    if move.pending is not None:  # a Todesstoß: what follows waits for its die (checker.py)
        return
    before = moves_built()
    verdict = check(turn.position, turn.roll, move.announcement + ", 0")
    assert moves_built() - before <= MOST_BUILT
    assert verdict.verdict in ("illegal", "invalid")


def test_the_lazy_moves_are_the_listed_ones() -> None:
    turn = a_turn(3, "gravitation", 40)
    listed = legal_moves(turn.position, turn.roll)
    lazy = LegalMoves(turn.position, turn.roll)
    assert lazy[0] == listed[0] and lazy[:3] == list(listed[:3])
    assert list(lazy) == list(listed) and len(lazy) == len(listed) and lazy[-1] == listed[-1]


@settings(max_examples=40, deadline=None)
@given(turns, st.randoms(use_true_random=False), st.integers(1, 4))
def test_any_board_the_camera_may_report_is_judged_as_by_every_legal_move(
    turn: Turn, rng: random.Random, changes: int
) -> None:
    """Boards with pieces moved, removed, recoloured or put on fields the layout lacks."""
    board = dict(turn.position.occupant)
    fields = [*turn.position.layout.fields, "X9", "U9.1"]
    colours = [*turn.position.players, "purple"]
    for _ in range(changes):
        if board and rng.random() < 0.5:
            board.pop(rng.choice(sorted(board)))
        board[rng.choice(fields)] = rng.choice(colours)
    lazy = judged(turn.position, turn.roll, board, lazy=True)
    eager = judged(turn.position, turn.roll, board, lazy=False)
    assert lazy[1:] == eager[1:]  # type: ignore[index]
    assert getattr(lazy[0], "kind", None) == getattr(eager[0], "kind", None)  # type: ignore[index]
