"""The referee with the real rules engines: the crash a player cannot avoid."""

from __future__ import annotations

from conftest import position

from companion.games.game import legal_moves
from companion.table.answers import Phase
from companion.table.referee import Referee

# Red's station is blocked (yellow stands on red's entry field U1.5), and red's only ring
# piece is in U5, whose gravity 7 a roll of 5 cannot pay: the piece must crash.
BLOCKED = position(
    pieces={
        "red": ["U5.3", "red.S1", "red.S2", "red.S3", "red.S4"],
        "yellow": ["U1.5", "yellow.S2", "yellow.S3", "yellow.S4", "yellow.S5"],
    }
)


def test_a_forced_crash_is_accepted_when_the_piece_is_back_in_its_station():
    referee = Referee.start(BLOCKED, legal_moves)
    referee.confirm_board()
    referee.observe_dice([3, 2])
    assert [m.announcement for m in referee.legal] == ["Wurf 5, Absturz"]
    seen = dict(BLOCKED.occupant)
    del seen["U5.3"]
    seen["red.S5"] = "red"
    verdict = referee.observe_board(seen)
    assert verdict is not None and verdict.kind == "legal"
    assert verdict.announcement == "Wurf 5, Absturz"
    assert referee.position.occupant["red.S5"] == "red" and referee.phase is Phase.ROLL


def test_keeping_the_crashed_piece_on_the_ring_is_rejected():
    referee = Referee.start(BLOCKED, legal_moves)
    referee.confirm_board()
    referee.observe_dice([3, 2])
    seen = dict(BLOCKED.occupant)
    del seen["U5.3"]
    seen["U5.8"] = "red"  # five steps along U5, as if gravity were free
    verdict = referee.observe_board(seen)
    assert verdict is not None and verdict.kind == "illegal"
    assert verdict.choices == ("Wurf 5, Absturz",)


def played(announcement_roll=(4, 3)):  # type: ignore[no-untyped-def]
    start = position()
    referee = Referee.start(start, legal_moves)
    referee.confirm_board()
    referee.observe_dice(list(announcement_roll))
    move = next(
        m for m in referee.legal if m.announcement == "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"
    )
    referee.observe_board(dict(move.after.occupant))
    return referee


def test_the_announcement_of_the_move_made_is_confirmed():
    referee = played()
    verdict = referee.announce("wurf 7 umlaufbahn 6 5 4 3 2 1 0")
    assert verdict.kind == "legal" and verdict.reason.endswith(
        "(roll 4+3): the announcement fits the move made"
    )


def test_wrong_arithmetic_in_the_announcement_is_explained():
    referee = played()
    verdict = referee.announce("Wurf 7, Umlaufbahn 7, 6, 5, 4, 3, 2, 1, 0")
    assert verdict.kind == "illegal" and "Umlaufbahn 7 should be 6" in verdict.reason
    assert verdict.announcement == "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"


def test_an_announcement_that_does_not_parse_is_not_understood_and_the_move_stands():
    referee = played()
    verdict = referee.announce("Wurf Mond")  # "Wurf sieben" is Wurf 7 (numbers as words)
    assert verdict.kind == "info" and verdict.announcement == ""  # no red, no move quoted
    assert verdict.reason.startswith("Announcement of move 1 by red (roll 4+3) not understood (")
    assert verdict.reason.endswith("The move stands; please say it again or type it anew")
    assert referee.phase is Phase.ROLL and referee.last_move is not None
