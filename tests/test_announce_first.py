"""Announce, then move: words said before the move are checked against the roll at once,
and the next still board must show the move announced (docs/referee.md)."""

from __future__ import annotations

from conftest import position

from companion.games.game import legal_moves
from companion.store.journal import Journal
from companion.table.answers import Phase
from companion.table.referee import Referee
from companion.texts import render

RIGHT = "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"  # red from U4 with 4+3 (test_referee_rules)


def rolled(journal: Journal | None = None) -> Referee:
    referee = Referee.start(position(), legal_moves, journal)
    referee.confirm_board()
    referee.observe_dice([4, 3])
    return referee


def board_after(referee: Referee, words: str) -> dict[str, str]:
    move = next(m for m in referee.legal if m.announcement == words)
    return dict(move.after.occupant)


def another_move(referee: Referee) -> dict[str, str]:
    right = board_after(referee, RIGHT)
    return next(dict(m.after.occupant) for m in referee.legal if m.after.occupant != right)


def test_a_legal_announcement_before_the_move_names_the_board_to_expect():
    referee = rolled()
    verdict = referee.announce("wurf sieben umlaufbahn sechs fünf vier drei zwei eins null")
    assert verdict.kind == "legal" and verdict.announcement == RIGHT
    assert render(verdict.reason, "en").startswith(
        "Announced by red before the move (roll 4+3): legal. Now move so: "
    )
    assert referee.phase is Phase.MOVE and referee.announced is not None


def test_the_board_of_the_announced_move_is_accepted():
    referee = rolled()
    expected = board_after(referee, RIGHT)
    referee.announce(RIGHT)
    verdict = referee.observe_board(expected)
    assert verdict is not None and verdict.kind == "legal" and verdict.announcement == RIGHT
    assert referee.phase is Phase.ROLL and referee.announced is None


def test_another_board_asks_for_the_pieces_as_announced_then_takes_them():
    referee = rolled()
    referee.announce(RIGHT)
    verdict = referee.observe_board(another_move(referee))
    assert verdict is not None and verdict.kind == "setup"
    assert render(verdict.reason, "en").startswith(
        "the board does not show the move announced: set the pieces as announced: "
    )
    assert "should" in render(verdict.reason, "en")  # the fields named
    assert referee.phase is Phase.MOVE and len(referee.position.players) == 2
    verdict = referee.observe_board(board_after(referee, RIGHT))
    assert verdict is not None and verdict.kind == "legal" and referee.phase is Phase.ROLL


def test_a_wrong_announcement_before_the_move_is_explained_and_expects_nothing():
    referee = rolled()
    verdict = referee.announce("Wurf 7, Umlaufbahn 7, 6, 5, 4, 3, 2, 1, 0")
    assert verdict.kind == "illegal" and "Umlaufbahn 7 should be 6" in render(verdict.reason, "en")
    assert verdict.announcement == RIGHT and referee.announced is None
    verdict = referee.observe_board(another_move(referee))  # judged as any board is
    assert verdict is not None and verdict.kind == "legal"


def test_words_before_the_first_move_that_are_no_announcement_are_asked_again():
    referee = rolled()
    verdict = referee.announce("blabla 99")
    assert verdict.kind == "info" and referee.announced is None
    assert render(verdict.reason, "de").startswith(
        "Ansage von Rot vor dem Zug (Wurf 4+3) nicht verstanden (unbekanntes Wort 'blabla'"
    )
    assert render(verdict.reason, "de").endswith("Bitte die Ansage wiederholen oder neu eintippen")


def test_the_move_made_is_still_announced_after_the_next_roll():
    referee = rolled()
    referee.observe_board(board_after(referee, RIGHT))
    referee.observe_dice([2, 1])  # yellow rolled meanwhile
    verdict = referee.announce(RIGHT)
    assert verdict.kind == "legal" and render(verdict.reason, "en").startswith(
        "Announcement of move 1 by red (roll 4+3)"
    )
    assert referee.announced is None and referee.phase is Phase.MOVE


def test_the_journal_keeps_what_was_said_and_how_it_was_heard(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite")
    referee = rolled(journal)
    heard = {"source": "browser", "alternatives": ["Wurf 7 Umlaufbahn Knoll", RIGHT], "taken": 1}
    referee.announce(RIGHT, heard)
    said = [e for e in journal.events(referee.game_id) if e.kind == "verdict"][-1].data
    assert said["said"] == RIGHT and said["before_move"] is True and said["heard"] == heard
    assert said["verdict"] == "legal" and said["announcement"] == RIGHT


def test_heard_words_of_another_legal_move_of_the_last_roll_are_still_its_late_announcement():
    referee = rolled()
    made = board_after(referee, RIGHT)
    other = next(m.announcement for m in referee.legal if dict(m.after.occupant) != made)
    referee.observe_board(made)
    referee.observe_dice([4, 1])  # yellow rolled meanwhile; red's words come late
    verdict = referee.announce(other)
    assert render(verdict.reason, "en").startswith("Announcement of move 1 by red (roll 4+3)")


def test_heard_words_of_no_move_of_either_roll_are_the_player_to_moves(tmp_path):
    # new-user trial s12 H1: blue's "Wurf sieben …" heard for 4+2 was judged as yellow's
    # late announcement, and the record marked yellow's legal move illegal
    journal = Journal(tmp_path / "journal.sqlite")
    referee = rolled(journal)
    referee.observe_board(board_after(referee, RIGHT))
    referee.observe_dice([4, 1])  # yellow to move
    verdict = referee.announce("Wurf 7, Umlaufbahn 11")
    said = render(verdict.reason, "de")
    assert said.startswith("Ansage von Gelb vor dem Zug (Wurf 4+1): ") and "Zug 1" not in said
    kept = [e.data for e in journal.events(referee.game_id) if e.kind == "verdict"][-1]
    assert kept["before_move"] is True


def test_words_typed_before_the_move_are_judged_for_this_roll_not_the_last_move():
    # new-user trial s7: "Wurf 9 …" typed for yellow's 5+4 was answered as red's late
    # announcement of 6+2 (red box, red LED); the field said "before the move"
    referee = rolled()
    referee.observe_board(board_after(referee, RIGHT))
    referee.observe_dice([4, 1])  # yellow to move
    verdict = referee.announce("Wurf 9, Umlaufbahn 7, 6, 5, 4, 3, 2, 1, 0", before_move=True)
    said = render(verdict.reason, "de")
    assert said.startswith("Ansage von Gelb vor dem Zug (Wurf 4+1): ") and "Zug 1" not in said
    assert verdict.kind == "illegal" and verdict.choices  # nearest moves of 4+1
    assert all(c in [m.announcement for m in referee.legal] for c in verdict.choices)
    nonsense = render(referee.announce("blabla 99", before_move=True).reason, "de")
    assert nonsense.startswith("Ansage von Gelb vor dem Zug (Wurf 4+1) nicht verstanden")


def test_the_last_moves_field_judges_the_last_move_even_while_a_roll_waits():
    referee = rolled()
    referee.observe_board(board_after(referee, RIGHT))
    referee.observe_dice([4, 1])
    verdict = referee.announce(RIGHT, before_move=False)
    assert verdict.kind == "legal" and render(verdict.reason, "en").startswith(
        "Announcement of move 1 by red (roll 4+3)"
    )


def test_the_before_field_of_a_page_from_before_the_move_charges_nobody():
    referee = rolled()
    referee.observe_board(board_after(referee, RIGHT))  # moved; the next roll not read yet
    verdict = referee.announce("Wurf 7, Umlaufbahn 11", before_move=True)
    assert verdict.kind == "info" and render(verdict.reason, "en").startswith("no roll waits")


def test_words_that_fit_several_moves_are_offered_as_buttons_with_their_ways():
    # new-user trial s7, Tunnel X: "passt zu 3 Zügen … (das Feld mit --to nennen)" on the
    # page, then the same words listed three times
    from gravitation_helpers import make

    referee = Referee.start(make({"red": ["U1.38"], "yellow": ["U1.39", "U1.0"]}), legal_moves)
    referee.confirm_board()
    referee.observe_dice([1, 1])
    verdict = referee.announce("Wurf 2, Tunnel 1, 0", before_move=True)
    said = render(verdict.reason, "de")
    assert verdict.kind == "ask" and "--to" not in said and "Bitte unten" in said
    ways = [(m.start, m.end) for m in referee.candidates]
    assert len(verdict.choices) == len(ways) == len(set(ways)) > 1  # each way once
    verdict = referee.choose(1)
    assert verdict.kind == "legal" and "Jetzt so ziehen" in render(verdict.reason, "de")
    assert referee.announced is not None and referee.announced.end == ways[1][1]


def test_the_board_to_expect_names_a_station_field_as_players_say_it():
    # trial s8 leftover: "Jetzt so ziehen: Rot.S1 leer; …" named the field by its id
    verdict = rolled().announce(RIGHT)
    assert render(verdict.reason, "de").endswith("Jetzt so ziehen: S1 von Rot leer; Rot auf U1.10")
    assert render(verdict.reason, "en").endswith("Now move so: red's S1 empty; red on U1.10")


def test_another_move_tapped_after_an_announcement_is_taken_and_said_so(tmp_path):
    # new-user trial s9: a different move tapped in the list was accepted without a word
    journal = Journal(tmp_path / "journal.sqlite")
    referee = rolled(journal)
    referee.announce(RIGHT, before_move=True)
    tapped = next(m for m in referee.legal if m.after.occupant != referee.announced.after.occupant)
    verdict = referee.play_move(tapped)
    assert verdict.kind == "legal" and referee.position == tapped.after
    said = f"„{RIGHT}“ – gespielt: „{tapped.announcement}“"
    assert render(verdict.reason, "de") == f"Erlaubter Zug, anders als angesagt: {said}"
    kept = [e for e in journal.events(referee.game_id) if e.kind == "verdict"][-1].data
    assert "other than announced" in render(kept["reason"], "en")


def test_the_announced_move_tapped_is_taken_without_a_remark():
    referee = rolled()
    referee.announce(RIGHT, before_move=True)
    verdict = referee.play_move(referee.announced)
    assert render(verdict.reason, "en") == "legal move"


def test_a_winning_move_tapped_after_another_was_announced_is_said_so(tmp_path):
    # review leftover nc16: red's win tapped after announcing another move said only
    # "Rot gewinnt", and the game's record kept no trace of the announcement
    from gravitation_helpers import make

    from companion.store.record import game_record, record_text

    journal = Journal(tmp_path / "journal.sqlite")
    start = make({"red": ["U1.2", "U2.4", "U3.2", "U4.2", "U5.2"], "yellow": []})
    referee = Referee.start(start, legal_moves, journal)
    referee.confirm_board()
    referee.observe_dice([2, 1])
    announced = "Wurf 3, Gravitation 3, Umlaufbahn 1, 0"
    assert referee.announce(announced, before_move=True).kind == "legal"
    win = next(m for m in referee.legal if m.announcement == "Wurf 3, Umlaufbahn 2, 1, 0")
    verdict = referee.play_move(win)
    said = f"„{announced}“ – gespielt: „{win.announcement}“"
    assert render(verdict.reason, "de") == f"Rot gewinnt, anders als angesagt: {said}"
    lines = record_text(game_record(journal, referee.game_id), "de").splitlines()
    assert lines[-1].endswith(f"(anders als angesagt: „{announced}“)  Rot gewinnt")
