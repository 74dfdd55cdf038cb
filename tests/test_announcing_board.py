"""The announcement's judgement without a referee (companion/table/announcing.py): the
board after a move announced first, words after the move, words too long. Pure
functions of the game, the position, the roll, the words and the board."""

from __future__ import annotations

from conftest import position

from companion.games.game import game, legal_moves
from companion.model.boards import seen
from companion.table.announcing import after, judge, shown, too_long
from companion.table.answers import MoveLike, Played, Verdict
from companion.texts import render

GRAVITATION = game("gravitation")
ROLL = (4, 3)  # red from U4 with 4+3 (test_referee_rules)
RIGHT = "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"
WRONG = "Wurf 9, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"


def announced() -> tuple[MoveLike, list[MoveLike]]:
    move = judge(GRAVITATION, position(), ROLL, RIGHT).move
    assert move is not None
    return move, list(legal_moves(position(), ROLL))


def test_the_board_of_the_announced_move_shows_it():
    move, legal = announced()
    board = seen(move.after)
    assert shown(GRAVITATION, position(), ROLL, legal, move, board) is move


def test_another_moves_board_asks_for_the_pieces_as_announced():
    move, legal = announced()
    other = next(m for m in legal if seen(m.after) != seen(move.after))
    answer = shown(GRAVITATION, position(), ROLL, legal, move, seen(other.after))
    assert isinstance(answer, Verdict) and answer.kind == "setup" and answer.announcement == RIGHT
    assert render(answer.reason, "en").startswith(
        "the board does not show the move announced: set the pieces as announced: "
    )


def test_words_after_the_move_name_whose_move_of_which_roll_they_judge():
    move, _ = announced()
    history = [Played(0, position(), RIGHT, ROLL)]
    right = after(GRAVITATION, history, move, ROLL, RIGHT)
    assert right.kind == "legal" and right.announcement == RIGHT
    wrong = after(GRAVITATION, history, move, ROLL, WRONG)
    assert wrong.kind == "illegal" and wrong.announcement == RIGHT
    assert render(wrong.reason, "en").startswith("Announcement of move 1 by red (roll 4+3): ")
    unread = after(GRAVITATION, history, move, ROLL, "blabla")
    assert unread.kind == "info" and "not understood" in render(unread.reason, "en")


def test_words_past_the_longest_are_answered_too_long_and_not_judged():
    assert too_long("x" * 300) is None
    answer = too_long("x" * 301)
    assert answer is not None and answer.kind == "info"
    assert render(answer.reason, "en").startswith("the announcement is too long (301 characters")
    # review s10: spaces run together, none at either end, as the move list counts them
    assert too_long("Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0" + " " * 290) is None
    assert too_long("x  " * 150 + "x") is not None  # 301 once the spaces are one each
