"""The referee never judges a frame taken before the position it is judged against.

A move picked on the page changes the position at once; the camera's frame in flight
still shows the old board. These tests reproduce what players saw (docs/referee.md,
"Frames and time"): a red warning after every picked move, TENET recording steps nobody
made, and a warning that never cleared.
"""

from __future__ import annotations

from collections.abc import Callable

from conftest import on_synthetic_camera, position

from companion.games.game import legal_moves
from companion.games.tenet.check import check
from companion.model.boards import seen
from companion.model.position import Position, parse_position, start_position
from companion.table.answers import Phase, Verdict
from companion.table.live import table_photographer
from companion.table.referee import Referee
from companion.table.table import Table
from companion.table.watch import Image


class Clock:
    """A hand-set clock for the referee, in the cameras' seconds."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def said(referee: Referee) -> list[Verdict]:
    """Every verdict the referee says from now on."""
    verdicts: list[Verdict] = []
    referee.listeners.append(lambda r: verdicts.append(r.verdict) if r.verdict else None)
    return verdicts


def warnings(verdicts: list[Verdict]) -> list[str]:
    return [v.reason for v in verdicts if v.kind in ("setup", "illegal")]


def test_a_frame_taken_just_before_a_move_picked_on_the_page_is_not_judged():
    """The page's pick lands after the camera took its picture, before the referee got it."""
    table = Table.new(position())
    photographer = table_photographer(table)
    pick: list[Callable[[], object]] = []

    def frames() -> Image:
        image = photographer()
        while pick:  # the player taps the move now: the picture shows the old board
            pick.pop()()
        return image

    live = on_synthetic_camera(table, frames=frames)
    for _ in range(4):
        live.step()
    assert table.referee.phase is Phase.ROLL
    table.referee.observe_dice([4, 3])
    verdicts = said(table.referee)
    pick.append(lambda: table.referee.play(0))
    for _ in range(6):
        live.step()
    assert warnings(verdicts) == []
    assert table.referee.verdict is not None and table.referee.verdict.kind == "legal"


def gravitation_after_a_pick(clock: Clock) -> tuple[Referee, Position]:
    start = position()
    referee = Referee.start(start, legal_moves)
    referee.clock = clock
    referee.observe_board(seen(start), taken=clock.now - 1)
    referee.observe_dice([4, 3], taken=clock.now - 0.5)
    clock.now += 1
    referee.play(0)
    return referee, start


def test_a_stale_board_is_dropped_and_the_next_frame_is_judged():
    clock = Clock()
    referee, start = gravitation_after_a_pick(clock)
    verdicts = said(referee)
    assert referee.observe_board(seen(start), taken=clock.now - 0.1) is None
    assert verdicts == [] and referee.phase is Phase.ROLL


def test_a_fresh_frame_of_the_board_before_the_pick_asks_to_set_the_pieces_as_shown():
    """A real camera sees the old board until the player moves the piece picked on the page."""
    clock = Clock()
    referee, start = gravitation_after_a_pick(clock)
    verdicts = said(referee)
    referee.observe_board(seen(start), taken=clock.now + 0.1)
    assert referee.verdict is not None and referee.verdict.kind == "setup"
    assert referee.verdict.reason.startswith("set the pieces as shown")
    assert "before the dice were read" not in referee.verdict.reason
    referee.observe_board(seen(referee.position), taken=clock.now + 0.5)
    assert referee.verdict.kind == "info" and len(verdicts) == 2  # the warning is cleared


def test_a_warning_clears_as_soon_as_the_board_matches_again():
    start = position()
    referee = Referee.start(start, legal_moves)
    referee.observe_board(seen(start))
    station, colour = next(iter(seen(start).items()))
    bumped = {f: c for f, c in seen(start).items() if f != station} | {"U1.3": colour}
    referee.observe_board(bumped)  # a piece knocked off its station before the roll
    assert referee.verdict is not None and referee.verdict.kind == "setup"
    referee.observe_board(seen(start))
    assert referee.verdict.kind == "info" and referee.phase is Phase.ROLL


def test_confirming_the_pieces_clears_a_warning():
    start = position()
    referee = Referee.start(start, legal_moves)
    referee.observe_board(seen(start))
    bumped = {**seen(start), "U1.3": "red"}
    referee.observe_board(bumped)
    assert referee.verdict is not None and referee.verdict.kind == "setup"
    referee.confirm_board()
    assert referee.verdict.kind == "info"


def tenet_position() -> Position:
    """Red to move; with 7, 1, 8 the step 8 K2.6 → K2.14 can be walked back by 7 and 1."""
    layout = start_position("tenet", players=["red", "blue"]).layout
    return Position.create(
        "tenet",
        layout,
        ["red", "blue"],
        "red",
        {
            "red": ["start"] * 7 + ["K2.6", "K5.13"],
            "blue": ["start"] * 6 + ["K2.20", "K3.16", "K7.5"],
        },
    )


def tenet_after_a_step(clock: Clock) -> tuple[Referee, Position]:
    before = tenet_position()
    referee = Referee.start(before, legal_moves)
    referee.clock = clock
    referee.observe_board(seen(before), taken=clock.now - 1)
    referee.observe_dice([7, 1, 8], taken=clock.now - 0.5)
    clock.now += 1
    step = next(i for i, m in enumerate(referee.legal) if m.announcement == "8 von K2.6 nach K2.14")
    referee.play(step)
    assert referee.phase is Phase.MOVE and referee.position.spent == (8,)
    back = check(referee.position, (7, 1, 8), "7 von K2.14 nach K2.7; 1 von K2.7 nach K2.6")
    assert back.verdict == "legal" and back.move is not None  # the walk back a frame could fake
    assert back.move.after.placement == before.placement
    return referee, before


def test_tenet_records_no_step_from_a_frame_taken_before_the_pick():
    clock = Clock()
    referee, before = tenet_after_a_step(clock)
    stepped = referee.position
    assert referee.observe_board(seen(before), taken=clock.now - 0.2) is None
    assert referee.position == stepped and referee.phase is Phase.MOVE


def test_tenet_extends_a_turn_only_by_steps_seen_after_the_last_one():
    """The old board seen again is no walk back with the dice left: nothing is recorded."""
    clock = Clock()
    referee, before = tenet_after_a_step(clock)
    stepped = referee.position
    referee.observe_board(seen(before), taken=clock.now + 0.2)
    assert referee.position == stepped and referee.phase is Phase.MOVE
    assert referee.verdict is not None and referee.verdict.kind == "setup"


def test_a_move_picked_that_leaves_the_board_as_it_looks_asks_nothing_of_the_players():
    """Türme: 6 and 1 free a piece to the goal off the board; the board looks the same, so
    the next move set down is judged as a move, not "set the pieces as shown"."""
    before = parse_position(
        '{"game": "tuerme", "layout": "tuerme", "players": ["red", "yellow"],'
        ' "to_move": "red", "stacks": {"T.63": ["red", "yellow"]}, "pieces": {'
        ' "red": ["T.15", "T.63", "red.goal", "red.goal", "red.home", "red.home"],'
        ' "yellow": ["T.52", "T.63", "yellow.goal", "yellow.goal", "yellow.home",'
        ' "yellow.home"]}}'
    )
    referee = Referee.start(before, legal_moves)
    referee.observe_board(seen(before))
    referee.observe_dice([6, 1])
    invisible = next(i for i, m in enumerate(referee.legal) if seen(m.after) == seen(before))
    referee.play(invisible)
    referee.observe_dice([5, 2])  # yellow rolls at once, before the camera looked again
    move = next(m for m in referee.legal if seen(m.after) != seen(before))
    verdicts = said(referee)
    referee.observe_board(seen(move.after))
    assert warnings(verdicts) == [] and referee.position == move.after
