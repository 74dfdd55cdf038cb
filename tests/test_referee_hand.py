"""A board the game cannot have is no move: the referee asks, it does not judge.

A pale hand over a pale board can be read as pieces, surely (#31: six fields of a cardboard
Gravitation board read white at 0.92-0.99 under a hand). No legal move leads there, and
until now the referee called it an illegal move. But a board showing more pieces of a
colour than a player has cannot be any position of the game: something lies over the board,
or pieces stand that do not belong, and the players are asked to look."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_referee import START, after, board, rules

from companion.store.journal import Journal
from companion.table.answers import Phase
from companion.table.referee import Referee

HAND = ("U1.16", "U1.17", "U1.18", "U1.19", "U2.15", "U2.16")


@pytest.fixture
def referee(tmp_path) -> Iterator[Referee]:  # type: ignore[no-untyped-def]
    """Red to move, the pieces on their stations, the board seen set up."""
    journal = Journal(tmp_path / "journal.sqlite")
    ref = Referee.start(START, rules, journal)
    ref.observe_board(board(START))
    yield ref
    journal.close()


def under_a_hand(pos_board: dict[str, str], colour: str) -> dict[str, str]:
    return {**pos_board, **{f: colour for f in HAND}}


def test_more_pieces_of_a_colour_than_a_player_has_is_asked_about(referee):
    referee.observe_dice([4, 3])
    verdict = referee.observe_board(under_a_hand(board(START), "red"))
    assert verdict.kind == "setup" and referee.phase is Phase.MOVE
    assert "11 red pieces" in verdict.reason and "5 each" in verdict.reason
    assert "over the board" in verdict.reason


def test_the_move_made_after_the_hand_is_gone_is_judged(referee):
    referee.observe_dice([4, 3])
    referee.observe_board(under_a_hand(board(START), "red"))
    verdict = referee.observe_board(board(after(START, {"red.S1": "U1.11"})))
    assert verdict.kind == "legal" and referee.position.occupant["U1.11"] == "red"


def test_no_illegal_verdict_is_kept_for_a_hand(referee):
    referee.observe_dice([4, 3])
    referee.observe_board(under_a_hand(board(START), "yellow"))
    events = referee.journal.events(referee.game_id)
    kinds = [e.data.get("verdict") for e in events if e.kind == "verdict"]
    assert "illegal" not in kinds


def test_a_piece_too_few_is_still_an_illegal_move(referee):
    referee.observe_dice([4, 3])
    taken = {f: c for f, c in board(START).items() if f != "red.S1"}
    assert referee.observe_board(taken).kind == "illegal"
