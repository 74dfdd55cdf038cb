"""One "Würfel lesen" press is one roll, booked to the player who threw (trial s10, H2).

A Türme game with everybody at home: a roll without a 6 is a forced pass, so the referee
waits for the next player's roll at once while the tray still shows the dice just read.
That picture must never be read again as a new roll: not while the synthetic camera
renders the next throw, not after the reader read the same picture differently once, and
not after a press on a real camera where nobody threw again (the referee asks instead).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import csrf_of, mock_panel, on_synthetic_camera

from companion.model.position import start_position
from companion.panel import Panel
from companion.table.devices import attach_read_button
from companion.table.live import Live, TablePhotographer
from companion.web import Table, create_app

#: a seed whose first two synthetic throws have no 6 (forced passes) and read right
SEED = 1


@dataclass
class Tuerme:
    table: Table
    live: Live
    photographer: TablePhotographer
    panel: Panel


@pytest.fixture
def tuerme(tmp_path: Path) -> Iterator[Tuerme]:
    table = Table.new(start_position("tuerme", players=["red", "yellow"]), tmp_path / "j.sqlite")
    table.referee.confirm_board()
    live = on_synthetic_camera(table, SEED)
    with mock_panel(table) as (panel, _):
        attach_read_button(table, panel, live.watcher.expect_throw)  # as serve wires it
        yield Tuerme(table, live, live.photographer, panel)


def rolls(table: Table) -> list[tuple[str, list[int]]]:
    """The rolls in the journal: (player, dice)."""
    assert table.journal is not None
    events = table.journal.events(table.referee.game_id)
    return [(e.data["player"], list(e.data["dice"])) for e in events if e.kind == "roll"]


def press(t: Tuerme, frames_while_throwing: int = 4) -> tuple[int, ...]:
    """ "Würfel lesen" on the page; the camera takes frames while the throw is rendered
    (a few hundred ms: several frames at 10 fps), as it does in `companion serve`."""
    throw = t.photographer.throw

    def slow_throw() -> tuple[int, ...] | None:
        for _ in range(frames_while_throwing):
            t.live.step()
        return throw()

    t.photographer.throw = slow_throw  # type: ignore[method-assign]
    client = create_app(
        {"TABLE": t.table, "LIVE": t.live, "PANEL": t.panel, "TESTING": True}
    ).test_client()
    page = client.get("/").get_data(as_text=True)
    csrf = csrf_of(page)
    assert client.post("/panel/read_dice", data={"csrf_token": csrf}).status_code == 302
    thrown = t.photographer.thrown
    assert thrown is not None
    return thrown


def frames(t: Tuerme, count: int) -> None:
    for _ in range(count):
        t.live.step()


def test_one_press_after_a_forced_pass_books_one_roll_to_the_player_who_threw(
    tuerme: Tuerme,
) -> None:
    first = press(tuerme)
    frames(tuerme, 8)
    assert 6 not in first, "the seed must give a forced pass"
    assert rolls(tuerme.table) == [("red", sorted(first, reverse=True))]
    assert tuerme.table.position.to_move == "yellow"  # red passed
    said: list[str] = []
    tuerme.table.referee.listeners.append(
        lambda r: said.append(r.verdict.kind if r.verdict else "")
    )
    second = press(tuerme)
    frames(tuerme, 8)
    assert "ask" not in said  # the old picture, seen while the throw is drawn, is no question
    assert rolls(tuerme.table) == [
        ("red", sorted(first, reverse=True)),
        ("yellow", sorted(second, reverse=True)),
    ]


def test_the_picture_of_a_roll_read_once_is_never_a_new_roll(tuerme: Tuerme) -> None:
    first = press(tuerme)
    frames(tuerme, 8)
    assert rolls(tuerme.table) == [("red", sorted(first, reverse=True))]
    # the reader reads the same picture otherwise for a frame (a die misread), then right
    # again: the settle detector takes the dice as thrown anew; the picture says no
    tuerme.live.watcher.dice.reset()
    frames(tuerme, 8)
    assert rolls(tuerme.table) == [("red", sorted(first, reverse=True))]


def test_a_press_with_the_dice_lying_as_they_were_asks_and_books_nothing(
    tuerme: Tuerme,
) -> None:
    first = press(tuerme)
    frames(tuerme, 8)
    # a real camera: the button pressed, but nobody threw; the old dice lie in the tray
    tuerme.panel.press("read_dice")
    frames(tuerme, 8)
    assert rolls(tuerme.table) == [("red", sorted(first, reverse=True))]
    verdict = tuerme.table.referee.verdict
    assert verdict is not None and verdict.kind == "ask"
    said = "+".join(map(str, sorted(first, reverse=True)))
    assert verdict.reason == (
        f"dice {said} lie as they did for the last roll – please roll again or enter the roll"
    )
