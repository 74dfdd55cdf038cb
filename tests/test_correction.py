"""Correcting one recorded move without taking back what came after it (issue 21.9):
the game is replayed from the move corrected, each later move stands when its words
still move the same pieces the same way, and the first that does not is named and asked
about, never dropped unasked."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import position

from companion.errors import CompanionError
from companion.store.events import fold
from companion.store.journal import Journal
from companion.store.record import game_record, record_text
from companion.table.answers import Phase
from companion.table.correction import apply, plan, played
from companion.table.referee import Referee
from companion.table.table import Table, rules


def four_moves(path: Path) -> Table:
    """Red 4+3, yellow 5+2, red 6+1, yellow 3+3: each the first move of its list."""
    table = Table.new(position(), path)
    table.referee.confirm_board()
    for dice in ([4, 3], [5, 2], [6, 1], [3, 3]):
        table.referee.observe_dice(dice)
        table.referee.play(0)
    return table


def moves_of(table: Table):  # type: ignore[no-untyped-def]
    assert table.journal is not None
    return played(table.journal.events(table.referee.game_id))


def instead(move, said: str):  # type: ignore[no-untyped-def]
    """The legal move of ``move``'s position and roll said so."""
    return next(m for m in rules(move.before, move.roll) if m.announcement == said)


# Yellow's 5+2 (move 2) was recorded as the first line of the list; yellow had in fact
# put 6 into the store. Move 3 (red) stands after that; move 4 does not.
STORED = "Wurf 7, Speicher 6, Umlaufbahn 5, 4, 3, 2, 1, 0"
# Storing 5 leaves yellow's piece where red's move 3 pushes instead of passing.
BLOCKS = "Wurf 7, Speicher 5, Umlaufbahn 4, 3, 2, 1, 0"


def test_correcting_move_2_keeps_move_3_as_it_was_said(tmp_path):
    table = four_moves(tmp_path / "j.sqlite")
    moves = moves_of(table)
    corrected = plan(moves[:3], 2, instead(moves[1], STORED), rules)
    assert [(c.played.number, c.stands) for c in corrected.checks] == [(3, True)]
    assert corrected.broken is None
    assert corrected.checks[0].move.announcement == moves[2].announcement
    assert corrected.position.energy_of("yellow") == 1  # the 6 put in the store


def test_a_correction_that_breaks_a_later_move_names_it_with_its_reason(tmp_path):
    table = four_moves(tmp_path / "j.sqlite")
    moves = moves_of(table)
    corrected = plan(moves, 2, instead(moves[1], BLOCKS), rules)
    assert corrected.broken is not None and corrected.broken.played.number == 3
    assert "Stoß" in corrected.broken.reason  # the rule's own reason: red would push now
    assert [p.number for p in corrected.dropped()] == [3, 4]  # only if the referee says so


def test_a_recorded_correction_changes_that_move_and_nothing_else(tmp_path):
    table = four_moves(tmp_path / "j.sqlite")
    table.referee.undo()  # move 4 is taken back first: three moves stand
    moves = moves_of(table)
    apply(table.referee, plan(moves, 2, instead(moves[1], STORED), rules))
    after = moves_of(table)
    assert [m.announcement for m in after] == [moves[0].announcement, STORED, moves[2].announcement]
    assert [m.id for m in after] == [m.id for m in moves]  # each move keeps its number
    assert table.referee.position == after[-1].after
    assert table.referee.phase is Phase.SETUP  # the pieces are set up as the page shows
    assert table.referee.verdict.reason == (
        f"move 2 corrected: “{STORED}”; the moves after it stand. "
        "On the board: yellow from U1.18 to U1.17"  # what to set where (trial s11 M6a)
        "; the roll 3+3 stays: yellow moves with it again"  # the undo kept it
    )


def test_the_journal_only_grows_and_a_restart_resumes_the_corrected_game(tmp_path):
    path = tmp_path / "j.sqlite"
    table = four_moves(path)
    table.referee.undo()
    moves = moves_of(table)
    before = list(table.journal.events(table.referee.game_id))
    apply(table.referee, plan(moves, 2, instead(moves[1], STORED), rules))
    after = list(table.journal.events(table.referee.game_id))
    assert after[: len(before)] == before and after[len(before)].kind == "correction"
    position = table.referee.position
    table.journal.close()
    with Journal(path) as journal:
        again = Referee.resume(journal, journal.unfinished()[-1].id, rules)
        assert again.position == position
        assert fold(list(journal.events(again.game_id))).announcements[1] == STORED


def test_a_correction_planned_before_the_game_went_on_is_refused(tmp_path):
    table = four_moves(tmp_path / "j.sqlite")
    moves = moves_of(table)
    stale = plan(moves, 4, instead(moves[3], moves[3].announcement), rules)
    table.referee.undo()  # the game changed while the page asked
    with pytest.raises(CompanionError, match=r"changed|weitergegangen"):
        apply(table.referee, stale)
    assert [m.id for m in moves_of(table)] == [m.id for m in moves[:3]]


def test_a_broken_move_taken_back_with_the_correction_is_asked_for_and_recorded(tmp_path):
    table = four_moves(tmp_path / "j.sqlite")
    moves = moves_of(table)
    corrected = plan(moves, 2, instead(moves[1], BLOCKS), rules)
    apply(table.referee, corrected)  # the referee ticked "take back from move 3 on"
    assert [m.announcement for m in moves_of(table)] == [moves[0].announcement, BLOCKS]
    assert "ab Zug 3" in str(table.referee.verdict.reason) or "from move 3" in str(
        table.referee.verdict.reason
    )


def test_a_move_the_referee_picks_for_the_broken_one_lets_the_replay_go_on(tmp_path):
    table = four_moves(tmp_path / "j.sqlite")
    moves = moves_of(table)
    first = plan(moves, 2, instead(moves[1], BLOCKS), rules)
    red = first.standing[-1].move.after if first.standing else first.move.after
    pushes = next(iter(rules(red, moves[2].roll)))  # what red really did, as the referee says
    second = plan(moves, 2, instead(moves[1], BLOCKS), rules, {3: pushes})
    assert second.checks[0].picked and second.checks[0].move is pushes
    assert [c.played.number for c in second.checks] == [3, 4]


def test_the_record_shows_the_correction(tmp_path):
    table = four_moves(tmp_path / "j.sqlite")
    moves = moves_of(table)
    first_said = moves[1].announcement
    apply(table.referee, plan(moves, 2, instead(moves[1], STORED), rules))
    record = game_record(table.journal, table.referee.game_id)
    assert record["turns"][1]["moves"] == [STORED]
    assert record["turns"][1]["corrected"] == [first_said]
    line = record_text(record, "de").splitlines()[5]
    assert line.startswith("2. Gelb 5+2: " + STORED) and f"zuerst: „{first_said}“" in line
    assert "first recorded" in record_text(record, "en")


def test_an_undo_after_a_correction_takes_back_the_last_move_as_corrected(tmp_path):
    table = four_moves(tmp_path / "j.sqlite")
    table.referee.undo()
    table.referee.undo()
    moves = moves_of(table)
    apply(table.referee, plan(moves, 2, instead(moves[1], STORED), rules))
    assert table.referee.last_move is not None and table.referee.last_move.announcement == STORED
    table.referee.undo()
    assert [m.number for m in moves_of(table)] == [1]
    assert table.referee.position == moves[0].after


def test_companion_export_shows_the_correction(tmp_path, capsys):
    from companion.cli import main

    path = tmp_path / "j.sqlite"
    table = four_moves(path)
    moves = moves_of(table)
    first_said = moves[1].announcement
    apply(table.referee, plan(moves, 2, instead(moves[1], STORED), rules))
    table.journal.close()
    assert main(["--lang", "en", "export", "--journal", str(path)]) == 0
    turns = capsys.readouterr().out.splitlines()[4:]
    assert turns[1] == f"2. yellow 5+2: {STORED}  (corrected; first recorded: “{first_said}”)"
    assert turns[3].endswith("(taken back)")  # move 4 no longer stood: taken back with it


def test_a_move_corrected_to_itself_leaves_every_later_move_standing(tmp_path):
    table = four_moves(tmp_path / "j.sqlite")
    moves = moves_of(table)
    for number in (1, 2, 3):
        same = plan(
            moves, number, instead(moves[number - 1], moves[number - 1].announcement), rules
        )
        assert same.broken is None and len(same.standing) == 4 - number
        assert same.position == moves[-1].after


@pytest.mark.parametrize("game", ["gravitation", "tunnelx", "tuerme", "tenet"])
def test_every_recorded_move_checked_again_where_it_was_made_stands(tmp_path, game):
    """The rule a replay rests on: a move is found again from its own position by its
    words and what it did to its player's pieces (a push of an own piece included)."""
    import random

    from companion.model.position import start_position
    from companion.table.correction import recheck
    from companion.web.table import dice_inputs

    rng = random.Random(5)
    players = ["red", "green"] if game == "tenet" else ["red", "yellow"]
    table = Table.new(start_position(game, players), tmp_path / "j.sqlite")
    ref = table.referee
    ref.confirm_board()
    while len(moves_of(table)) < 60 and ref.phase is not Phase.OVER:
        if ref.phase is Phase.SETUP:
            ref.confirm_board()
        if ref.phase is Phase.ROLL:
            ref.observe_dice([rng.choice(faces) for _, faces in dice_inputs(ref.position)])
        if ref.phase is Phase.MOVE and ref.legal:
            ref.play(rng.randrange(len(ref.legal)))
    for move in moves_of(table):
        again = recheck(move.before, move, rules)
        assert again.stands, (move.number, move.announcement, again.reason)
        assert again.move.after.placement == move.after.placement


def test_a_correction_event_that_cannot_be_read_back_is_named(tmp_path):
    table = four_moves(tmp_path / "j.sqlite")
    game, journal = table.referee.game_id, table.journal
    broken = {"position": table.position.to_json(), "corrects": 7, "moves": [{"replaces": "x"}]}
    event = journal.append(game, "correction", broken)
    assert [(g, e) for g, e, _ in journal.bad_events()] == [(game, event.id)]


def tenet_turn(path: Path, steps: int = 3) -> Table:
    """Red's TENET turn 6+3+8 in (the first ``steps`` of) three steps: 8 from start,
    then 6, then 3."""
    from companion.model.position import start_position

    table = Table.new(start_position("tenet", ["red", "yellow"]), path)
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([6, 3, 8])
    turn = ("8 von Start nach K1.5", "6 von K1.5 nach K1.11", "3 von K1.11 nach K1.14")
    for said in turn[:steps]:
        ref.play_move(next(m for m in rules(ref.position, ref.roll) if m.announcement == said))
    return table


def resumed(table: Table, path: Path) -> Referee:
    """The referee as a restart takes the game up from the journal, its pieces set up."""
    assert table.journal is not None
    table.journal.close()
    again = Referee.resume(Journal(path), table.referee.game_id, rules)
    again.confirm_board()
    return again


@pytest.mark.parametrize("steps", [3, 2])
def test_a_tenet_step_corrected_leaves_the_turn_s_roll_to_play(tmp_path, steps):
    # new-user trial s14 H2: step 2 corrected, step 3 taken back with it; the table then
    # asked for a roll and refused every one ("the roll shows no 8"): red was stuck. So
    # was it with step 2 corrected before step 3 was played.
    path = tmp_path / "j.sqlite"
    table = tenet_turn(path, steps)
    moves = moves_of(table)
    apply(table.referee, plan(moves, 2, instead(moves[1], "6 von K1.5 nach K1.30"), rules))
    ref = table.referee
    ref.confirm_board()
    assert (ref.phase, ref.roll, ref.verdict.reason) == (Phase.MOVE, (6, 3, 8), "moves on with 3")
    again = resumed(table, path)  # a restart takes the game up the same way
    assert (again.phase, again.roll, again.verdict.reason) == (
        Phase.MOVE,
        (6, 3, 8),
        ref.verdict.reason,
    )


def test_a_move_taken_back_by_a_correction_keeps_its_roll_as_undo_does(tmp_path):
    # trial s14 H2: red's 6+1 (move 3) taken back with the correction of move 2; red
    # rolled again, live and after a restart. Nobody may re-roll by asking for a change.
    path = tmp_path / "j.sqlite"
    table = four_moves(path)
    moves = moves_of(table)
    apply(table.referee, plan(moves, 2, instead(moves[1], BLOCKS), rules))
    ref = table.referee
    assert "the roll 6+1 of the move taken back stays" in ref.observe_dice([2, 2]).reason
    ref.confirm_board()
    assert (ref.phase, ref.roll, ref.position.to_move) == (Phase.MOVE, (6, 1), "red")
    again = resumed(table, path)
    assert (again.phase, again.roll, again.verdict.reason) == (
        Phase.MOVE,
        (6, 1),
        ref.verdict.reason,
    )


def other_third_move(table: Table):  # type: ignore[no-untyped-def]
    """A plan that corrects move 3 (red 6+1) to another legal move of its roll."""
    moves = moves_of(table)
    other = next(
        m for m in rules(moves[2].before, moves[2].roll) if m.announcement != moves[2].announcement
    )
    return plan(moves, 3, other, rules)


def test_a_correction_keeps_the_roll_an_undo_kept_before_the_board_was_set_back(tmp_path):
    # review s14b HIGH-1: yellow's 3+3, kept by the undo, was lost: yellow threw again
    path = tmp_path / "j.sqlite"
    table = four_moves(path)
    ref = table.referee
    ref.undo()  # the pieces not set back yet: the 3+3 waits, kept

    apply(ref, other_third_move(table))
    ref.confirm_board()

    assert (ref.phase, ref.roll) == (Phase.MOVE, (3, 3))
    again = resumed(table, path)
    again.confirm_board()
    assert again.roll == (3, 3)


def test_a_correction_keeps_the_roll_the_next_player_holds(tmp_path):
    # ... and one thrown before the correction could be thrown again after it
    table = Table.new(position(), tmp_path / "j.sqlite")
    ref = table.referee
    ref.confirm_board()
    for dice in ([4, 3], [5, 2], [6, 1]):
        ref.observe_dice(dice)
        ref.play(0)
    ref.observe_dice([3, 3])  # yellow's roll, being played

    apply(ref, other_third_move(table))
    ref.observe_dice([5, 5])  # thrown again while the board is set to the correction
    ref.confirm_board()

    assert (ref.phase, ref.roll) == (Phase.MOVE, (3, 3))
