"""After a pulled plug the table says what it said before (new-user trial s8): a TENET turn
begun goes on with the dice left and the turn so far, the last move stays (its
announcement field on the page), and an announcement made before the move is kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.game import legal_moves
from companion.games.tenet.check import check
from companion.games.tenet.live import seen
from companion.model.position import Position, start_position
from companion.store.journal import Journal
from companion.table.answers import Phase
from companion.table.referee import Referee
from companion.texts import render

TENET = start_position("tenet", players=["yellow", "red"])
GRAVITATION = start_position()
STEP = "8 von Start nach K1.5"


def after(position: Position, roll: tuple[int, ...], words: str) -> Position:
    said = check(position, roll, words)
    assert said.verdict == "legal" and said.move is not None, said.reason
    return said.move.after


def pick(ref: Referee, words: str) -> None:
    ref.play(next(i for i, m in enumerate(ref.legal) if m.announcement == words))


def test_a_turn_begun_says_the_dice_left_after_a_restart(tmp_path: Path):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal:
        ref = Referee.start(TENET, legal_moves, journal)
        ref.confirm_board()
        ref.observe_dice([6, 8, 4])
        pick(ref, STEP)
        before = ref.verdict
    assert before is not None and before.reason == "moves on with 6, 4"
    with Journal(path) as journal:
        ref = Referee.resume(journal, 1, legal_moves)
        ref.confirm_board()
        assert ref.phase is Phase.MOVE and ref.verdict == before  # not "more than 100 moves"
        assert ref.last_move is not None and ref.last_move.announcement == STEP
        assert ref.last_roll == (6, 8, 4)
        assert ref.announce(STEP, before_move=False).kind == "legal"  # the "last move" field


def test_the_last_move_is_the_rules_own_after_a_restart(tmp_path: Path):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal:
        ref = Referee.start(GRAVITATION, legal_moves, journal)
        ref.confirm_board()
        ref.observe_dice([4, 3])
        ref.play(0)
        played = ref.last_move
    with Journal(path) as journal:
        ref = Referee.resume(journal, 1, legal_moves)
    assert played is not None and ref.last_move == played  # the page draws its trail
    assert ref.last_roll == (4, 3)


def test_an_announcement_before_the_move_is_kept_over_a_restart(tmp_path: Path):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal:
        ref = Referee.start(GRAVITATION, legal_moves, journal)
        ref.confirm_board()
        ref.observe_dice([4, 3])
        words = ref.legal[0].announcement
        said = ref.announce(words, before_move=True)
        assert said.kind == "legal"
    with Journal(path) as journal:
        ref = Referee.resume(journal, 1, legal_moves)
        ref.confirm_board()
    assert ref.verdict == said and ref.announced is not None
    assert ref.announced.announcement == words


def test_a_wrong_announcement_after_it_forgets_it_over_a_restart(tmp_path: Path):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal:
        ref = Referee.start(GRAVITATION, legal_moves, journal)
        ref.confirm_board()
        ref.observe_dice([4, 3])
        ref.announce(ref.legal[0].announcement, before_move=True)
        assert ref.announce("Wurf 9", before_move=True).kind == "illegal"
    with Journal(path) as journal:
        ref = Referee.resume(journal, 1, legal_moves)
        ref.confirm_board()
    assert ref.announced is None and ref.verdict is not None
    assert ref.verdict.reason.startswith("red rolled 4+3")


def test_a_turn_announced_whole_goes_on_as_announced_after_a_restart(tmp_path: Path):
    path = tmp_path / "journal.sqlite"
    roll = (6, 8, 4)
    with Journal(path) as journal:
        ref = Referee.start(TENET, legal_moves, journal)
        ref.confirm_board()
        ref.observe_dice(list(roll))
        first = after(TENET, roll, STEP)
        rest = next(
            m.announcement
            for m in legal_moves(first, roll)
            if m.after.spent == () or len(m.after.spent) == 2
        )
        whole = STEP + "; " + rest
        assert ref.announce(whole, before_move=True).kind == "legal"
        ref.observe_board(seen(first))  # a pause after the first step
        expected = ref.announced
    assert expected is not None and expected.announcement.endswith(rest)
    with Journal(path) as journal:
        ref = Referee.resume(journal, 1, legal_moves)
        ref.confirm_board()
    assert ref.announced == expected


def one_move_played(tmp_path: Path) -> tuple[Path, int]:
    """A journal of Gravitation with red's first move played, and its game's id."""
    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal:
        ref = Referee.start(GRAVITATION, legal_moves, journal)
        ref.confirm_board()
        ref.observe_dice([4, 3])
        pick(ref, "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0")
    return path, ref.game_id


def test_the_page_says_the_game_was_taken_up_from_the_journal_until_the_next_move(tmp_path: Path):
    path, game_id = one_move_played(tmp_path)
    with Journal(path) as journal:
        again = Referee.resume(journal, game_id, legal_moves)
        note = again.resumed_note
        assert note is not None and render(note, "de") == (
            "Nach einem Neustart fortgesetzt: das Spiel steht wie zuvor (1 Zug aus dem Journal)"
        )
        again.confirm_board()
        again.observe_dice([5, 2])
        assert again.resumed_note is not None  # until the next move
        pick(again, again.legal[0].announcement)
        assert again.resumed_note is None
    assert Referee.start(GRAVITATION, legal_moves).resumed_note is None


def test_the_resumed_note_goes_with_an_undo_or_a_fix_and_never_comes_back(tmp_path: Path):
    path, game_id = one_move_played(tmp_path)
    with Journal(path) as journal:
        again = Referee.resume(journal, game_id, legal_moves)
        again.undo()
        assert again.resumed_note is None
        again.confirm_board()  # the undone move's roll goes on: the same move again
        pick(again, "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0")
        assert again.resumed_note is None  # one move again, but not "as before"
    with Journal(path) as journal:
        fixed = Referee.resume(journal, game_id, legal_moves)
        fixed.correct(GRAVITATION)
        assert fixed.resumed_note is None


def test_balls_taken_back_after_a_pasch_are_a_clearing_after_a_restart_too(tmp_path: Path):
    from tenet_helpers import make

    board = make({"red": ["K3.9", "P5.2"], "blue": ["K3.12"]})
    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal:
        ref = Referee.start(board, legal_moves, journal)
        ref.confirm_board()
        ref.observe_dice([5, 5, 3])  # Pasch 5, third die 3: K3 may be cleared (R§6)
    with Journal(path) as journal:
        again = Referee.resume(journal, ref.game_id, legal_moves)
        again.confirm_board()
        cleared = seen(again.position)
        del cleared["K3.12"]
        verdict = again.observe_board(cleared)
        assert verdict is not None and verdict.announcement == (
            "Pasch 5: Stein auf Jupiter, räumt K3.12"
        )


def test_a_turn_announced_whole_goes_on_as_announced_when_its_first_step_is_tapped(
    tmp_path: Path,
):
    path = tmp_path / "journal.sqlite"
    roll = (6, 8, 4)
    with Journal(path) as journal:
        ref = Referee.start(TENET, legal_moves, journal)
        ref.confirm_board()
        ref.observe_dice(list(roll))
        first = after(TENET, roll, STEP)
        rest = next(m.announcement for m in legal_moves(first, roll) if len(m.after.spent) == 2)
        assert ref.announce(STEP + "; " + rest, before_move=True).kind == "legal"
        pick(ref, STEP)  # tapped in the list, as the camera would have seen it
        live = ref.announced
    assert live is not None and live.announcement == rest
    with Journal(path) as journal:
        again = Referee.resume(journal, 1, legal_moves)
        again.confirm_board()
    assert again.announced == live  # the same before and after the restart


@pytest.mark.parametrize("tapped", [True, False], ids=["tapped", "seen"])
def test_a_rest_of_turn_the_rules_cannot_check_leaves_the_step_played_and_nothing_expected(
    monkeypatch, tapped: bool
):
    from companion.errors import CompanionError
    from companion.games.tenet.game import GAME

    roll = (6, 8, 4)
    ref = Referee.start(TENET, legal_moves)
    ref.confirm_board()
    ref.observe_dice(list(roll))
    first = after(TENET, roll, STEP)
    rest = next(m.announcement for m in legal_moves(first, roll) if len(m.after.spent) == 2)
    assert ref.announce(STEP + "; " + rest, before_move=True).kind == "legal"

    checks = GAME.check

    def gives_up(game: object, position: Position, roll: tuple[int, ...], said: str) -> object:
        if said == STEP:  # the step itself checks; the rest of the turn cannot be
            return checks(position, roll, said)
        raise CompanionError("more than 100 turns")  # as tenet.too_many_turns says

    monkeypatch.setattr(type(GAME), "check", gives_up)
    if tapped:
        pick(ref, STEP)
    else:
        ref.observe_board(seen(first))  # the camera sees the first step
    assert ref.last_move is not None and ref.last_move.announcement == STEP
    assert ref.announced is None and ref.phase is Phase.MOVE


def test_a_pause_after_the_first_step_goes_on_as_announced_where_a_whole_turn_looks_alike():
    """The camera sees one ball moved 8 to K1.5 after "8 von Start nach K1.5; 6 von K1.5 nach
    K1.11" was announced: a whole turn (8, 6 and 4 round to K1.5) leaves the same board, and
    the referee asked the players to set the pieces as announced instead of waiting for the
    rest of the turn."""
    roll = (6, 8, 4)
    ref = Referee.start(TENET, legal_moves)
    ref.confirm_board()
    ref.observe_dice(list(roll))
    first = after(TENET, roll, STEP)
    assert ref.announce(STEP + "; 6 von K1.5 nach K1.11", before_move=True).kind == "legal"
    verdict = ref.observe_board(seen(first))
    assert verdict is not None and verdict.kind == "legal", verdict
    assert ref.last_move is not None and ref.last_move.announcement == STEP
    assert ref.announced is not None and ref.announced.announcement == "6 von K1.5 nach K1.11"
