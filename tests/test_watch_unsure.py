"""A roll the camera read with an unsure die is asked, not decided (issue 30: where the
reader is unsure it says so, and the referee asks the players instead of deciding)."""

from __future__ import annotations

from companion.games.game import legal_moves
from companion.model.position import start_position
from companion.table.answers import Phase
from companion.table.referee import Referee
from companion.table.watch import Glance, Watcher
from companion.vision import BoardReader
from companion.vision.dice.reader import DiceReading, Die


def settled(*dice: tuple[int, float]) -> Glance:
    read = DiceReading(tuple(Die(v, "d6", 40.0 * i, 0, c, True) for i, (v, c) in enumerate(dice)))
    return Glance("dice", True, dice=read, settled=read)


def table() -> tuple[Watcher, Referee]:
    start = start_position("gravitation", players=["red", "yellow"])
    referee = Referee.start(start, legal_moves)
    referee.confirm_board()
    return Watcher(referee, BoardReader(start.layout)), referee


def test_a_roll_with_an_unsure_die_is_asked_and_the_roll_still_awaited() -> None:
    watcher, referee = table()
    told = watcher.tell(settled((5, 0.95), (2, 0.6)), referee)
    assert told.verdict is not None and told.verdict.kind == "ask"
    assert told.verdict.reason.startswith("dice 5+2: 2 not read surely – please roll again")
    assert referee.phase is Phase.ROLL and referee.roll is None


def test_the_roll_entered_after_the_question_is_taken() -> None:
    watcher, referee = table()
    watcher.tell(settled((5, 0.95), (2, 0.6)), referee)
    referee.observe_dice([5, 3])  # the players say what it shows
    assert referee.phase is Phase.MOVE and referee.roll == (5, 3)


def test_a_sure_roll_is_taken_as_before() -> None:
    watcher, referee = table()
    told = watcher.tell(settled((5, 0.95), (2, 0.75)), referee)
    assert told.verdict is not None and told.verdict.kind != "ask"
    assert referee.roll == (5, 2)
