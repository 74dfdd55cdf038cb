"""The referee judges what the camera saw against the legal moves, and records it all.

The rules engine here is a stand-in that knows a few moves by heart, so that these tests
speak only of the referee: observing, matching, asking, rejecting, recovering, resuming.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from conftest import position

from companion.model.position import Position
from companion.store.journal import Journal
from companion.table.answers import Phase
from companion.table.referee import Referee

START = position()


@dataclass(frozen=True)
class Move:
    after: Position
    announcement: str
    destroyed: tuple[str, ...] = ()
    winner: str | None = None


def after(pos: Position, moves: dict[str, str], energy: int | None = None) -> Position:
    new = pos.moved(moves).with_to_move(pos.next_player())
    return new if energy is None else new.with_energy(pos.to_move, energy)


def rules(pos: Position, roll: tuple[int, int]) -> list[Move]:
    """Red's S1 piece enters U1 and runs on; with 6+6 two store choices look the same."""
    if pos.to_move != "red" or "red.S1" not in pos.occupant:
        return [Move(after(pos, {}), "pass")]
    points = sum(roll)
    target = f"U1.{5 + points - 1}"
    moves = [Move(after(pos, {"red.S1": target}), f"Wurf {points}, Umlaufbahn {points - 1}, …, 0")]
    if roll == (6, 5):
        moves.append(
            Move(
                after(pos, {"red.S1": "U1.12"}, energy=4), "Wurf 11, Speicher 4, Umlaufbahn 6, …, 0"
            )
        )
        moves.append(Move(after(pos, {"red.S1": "U1.12"}, energy=3), "Wurf 11, Speicher 3, …"))
    if roll == (2, 1):  # a push sends yellow's piece home
        moves.append(
            Move(
                after(pos, {"red.S1": "U1.7", "U1.8": "yellow.S1"}),
                "Wurf 3, Umlaufbahn 2, Stoß …",
                destroyed=("U1.8",),
            )
        )
    return moves


def board(pos: Position) -> dict[str, str]:
    return dict(pos.occupant)


@pytest.fixture
def referee(tmp_path):  # type: ignore[no-untyped-def]
    journal = Journal(tmp_path / "journal.sqlite")
    ref = Referee.start(START, rules, journal)
    ref.observe_board(board(START))
    yield ref
    journal.close()


def test_a_set_up_board_waits_for_the_roll(referee):
    assert referee.phase is Phase.ROLL
    assert referee.verdict.reason == "board set up: roll the dice"


def test_a_wrongly_set_up_board_is_named_field_by_field(tmp_path):
    ref = Referee.start(START, rules)
    verdict = ref.observe_board({**board(START), "U1.0": "yellow"})
    assert ref.phase is Phase.SETUP
    assert verdict.kind == "setup" and "U1.0 should be empty (yellow seen)" in verdict.reason


def test_a_legal_move_is_accepted_and_announced(referee):
    referee.observe_dice([4, 3])
    verdict = referee.observe_board(board(after(START, {"red.S1": "U1.11"})))
    assert verdict.kind == "legal" and verdict.announcement.startswith("Wurf 7")
    assert referee.position.occupant["U1.11"] == "red" and referee.position.to_move == "yellow"
    assert referee.phase is Phase.ROLL


def test_an_unmoved_board_is_not_a_move(referee):
    referee.observe_dice([4, 3])
    assert referee.observe_board(board(START)) is None
    assert referee.phase is Phase.MOVE


def test_an_illegal_move_is_rejected_until_the_pieces_are_set_back(referee):
    referee.observe_dice([4, 3])
    verdict = referee.observe_board(board(after(START, {"red.S1": "U1.20"})))
    assert verdict.kind == "illegal" and referee.phase is Phase.REJECTED
    assert "U1.20 should be empty (red seen)" in verdict.reason
    assert verdict.choices == ("Wurf 7, Umlaufbahn 6, …, 0",)  # the nearest legal move
    referee.observe_board(board(START))
    assert referee.phase is Phase.MOVE
    assert referee.observe_board(board(after(START, {"red.S1": "U1.11"}))).kind == "legal"


def test_the_player_may_correct_an_illegal_move_directly(referee):
    referee.observe_dice([4, 3])
    referee.observe_board(board(after(START, {"red.S1": "U1.20"})))
    assert referee.observe_board(board(after(START, {"red.S1": "U1.11"}))).kind == "legal"


def test_a_board_that_fits_two_store_choices_is_asked_not_guessed(referee):
    referee.observe_dice([6, 5])
    verdict = referee.observe_board(board(after(START, {"red.S1": "U1.12"})))
    assert verdict.kind == "ambiguous" and referee.phase is Phase.DECIDE
    assert len(verdict.choices) == 2
    assert referee.choose(1).kind == "legal"
    assert referee.position.energy_of("red") == 3


def test_a_piece_sent_home_may_stand_on_any_free_station_field(referee):
    start = START.moved({"yellow.S1": "U1.8", "yellow.S2": "U2.3"})
    ref = Referee.start(start, rules)
    ref.observe_board(board(start))
    ref.observe_dice([2, 1])
    seen = board(start)
    del seen["red.S1"], seen["U1.8"]
    seen["U1.7"] = "red"
    seen["yellow.S2"] = "yellow"  # the engine said yellow.S1; the player used S2
    verdict = ref.observe_board(seen)
    assert verdict.kind == "legal" and "Stoß" in verdict.announcement
    assert (
        ref.position.occupant["yellow.S2"] == "yellow" and "yellow.S1" not in ref.position.occupant
    )


def test_a_piece_moved_before_the_roll_is_reported(referee):
    verdict = referee.observe_board(board(after(START, {"red.S1": "U1.11"})))
    assert verdict.kind == "setup" and "before the dice were read" in verdict.reason


def test_undo_takes_back_the_last_move(referee):
    referee.observe_dice([4, 3])
    referee.observe_board(board(after(START, {"red.S1": "U1.11"})))
    referee.undo()
    assert referee.position == START and referee.phase is Phase.SETUP
    again = referee.observe_board(board(START))  # the roll stays (docs/referee.md, "Undo")
    assert again.reason.startswith("red rolled 4+3") and referee.phase is Phase.MOVE


def test_the_journal_resumes_the_game_exactly(tmp_path):
    path = tmp_path / "journal.sqlite"
    journal = Journal(path)
    ref = Referee.start(START, rules, journal)
    ref.observe_board(board(START))
    ref.observe_dice([4, 3])  # red rolled; then the power went out
    journal.close()

    journal = Journal(path)
    (game,) = journal.unfinished()
    resumed = Referee.resume(journal, game.id, rules)
    assert resumed.position == ref.position and resumed.phase is Phase.SETUP
    resumed.observe_board(board(ref.position))
    assert resumed.phase is Phase.MOVE and resumed.roll == (4, 3)  # the roll was kept
    journal.close()


def test_a_forced_pass_is_accepted_with_the_roll(referee):
    referee.observe_dice([4, 3])
    referee.observe_board(board(after(START, {"red.S1": "U1.11"})))
    verdict = referee.observe_dice([2, 2])  # yellow has nothing to move: no board will show it
    assert verdict.kind == "legal" and verdict.announcement == "pass"
    assert referee.phase is Phase.ROLL and referee.position.to_move == "red"


def test_undoing_a_forced_pass_keeps_its_roll_so_it_is_no_second_throw(referee):
    # review s11: taking a forced pass back with its roll let the player throw again (the
    # panel's undo button needs no PIN); only a stone the roll moved goes back with it
    referee.observe_dice([4, 3])
    referee.observe_board(board(after(START, {"red.S1": "U1.11"})))
    referee.observe_dice([2, 2])  # yellow's forced pass
    assert not referee.undo_takes_roll
    referee.undo()
    referee.confirm_board()  # the roll kept plays the pass again: yellow throws no more
    assert referee.phase is Phase.ROLL and referee.position.to_move == "red"
    assert referee.last_roll == (2, 2)


def test_bad_dice_are_refused(referee):
    assert "each die shows 1 to 6" in referee.observe_dice([7, 1]).reason
    assert referee.phase is Phase.ROLL


def test_undo_after_a_restart_takes_back_the_move_before_the_power_cut(tmp_path):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal:
        ref = Referee.start(START, rules, journal)
        ref.confirm_board()
        ref.observe_dice([4, 3])
        ref.observe_board(board(after(START, {"red.S1": "U1.11"})))
    with Journal(path) as journal:
        resumed = Referee.resume(journal, journal.unfinished()[0].id, rules)
        resumed.undo()
        assert resumed.position == START


def test_without_a_camera_the_player_names_the_move(referee):
    referee.observe_dice([6, 5])
    assert len(referee.legal) == 3
    verdict = referee.play(2)
    assert verdict.kind == "legal" and referee.position.energy_of("red") == 3
