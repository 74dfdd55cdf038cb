"""The panel and the voice follow the referee; the buttons drive it (mock pins)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace

import pytest
from conftest import mock_panel, position
from gpiozero.pins.mock import MockFactory

from companion.settings.config import PanelConfig, PanelPins
from companion.table.devices import attach_read_button, attach_voice
from companion.table.table import Table

SEATS = PanelPins().seats
OK, BAD, CONFIRM, ROLL = 20, 21, 27, 23


def press(pins: MockFactory, pin: int) -> None:
    pins.pin(pin).drive_low()
    time.sleep(0.01)
    pins.pin(pin).drive_high()


@pytest.fixture()
def table_and_pins() -> Iterator[tuple[Table, MockFactory]]:
    table = Table.new(position())
    config = replace(PanelConfig(electronic_dice=True), pins=PanelPins(roll=ROLL))
    rolls = iter([4, 3])
    with mock_panel(
        table, config, roll_die=lambda: next(rolls), blink_time=0.001, bounce_time=None
    ) as (_, pins):
        yield table, pins


def test_the_seat_led_of_the_player_to_move_is_lit(table_and_pins):
    _, pins = table_and_pins
    assert pins.pin(SEATS["red"]).state and not pins.pin(SEATS["yellow"]).state


def test_confirm_roll_and_a_legal_move_light_the_green_led(table_and_pins):
    table, pins = table_and_pins
    press(pins, CONFIRM)  # the pieces stand as shown
    assert table.referee.phase.name == "ROLL"
    press(pins, ROLL)  # electronic dice: 4 and 3
    assert table.referee.roll == (4, 3)
    with table.lock:
        table.referee.play(0)
    deadline = time.monotonic() + 2  # the verdict shows once the dice have blinked
    while not pins.pin(OK).state and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pins.pin(OK).state and not pins.pin(BAD).state
    assert pins.pin(SEATS["yellow"]).state  # yellow's turn now


def test_a_rejected_board_lights_the_red_led(table_and_pins):
    table, pins = table_and_pins
    with table.lock:
        table.referee.observe_board({"U1.0": "red"})  # not the set-up position
    assert pins.pin(BAD).state and not pins.pin(OK).state


class FakeVoice:
    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)


def test_the_voice_speaks_the_announcement_of_a_legal_move_once():
    table = Table.new(position())
    voice = FakeVoice()
    attach_voice(table, voice)  # type: ignore[arg-type]
    table.referee.confirm_board()
    table.referee.observe_dice([4, 3])
    table.referee.play(0)
    announcement = table.referee.verdict.announcement
    table.changed()  # a second change with the same verdict says nothing new
    assert voice.said == [announcement]


def test_the_voice_asks_to_set_up_the_pieces_in_german():
    table = Table.new(position())
    voice = FakeVoice()
    attach_voice(table, voice)  # type: ignore[arg-type]
    table.referee.observe_board({"U1.0": "red"})
    assert voice.said == ["Bitte die Steine aufstellen wie gezeigt."]


def test_a_table_resumes_the_unfinished_game_of_its_journal(tmp_path):
    path = tmp_path / "journal.sqlite"
    first = Table.new(position(), path)
    first.referee.confirm_board()
    first.referee.observe_dice([4, 3])
    first.referee.play(0)
    played = first.position
    first.journal.close()  # the power goes out
    again = Table.new(position(), path, resume=True)
    assert again.resumed and again.position == played
    again.journal.close()  # one table holds a journal at a time
    fresh = Table.new(position(), path, resume=False)
    assert not fresh.resumed and fresh.position == position()


def test_the_read_button_makes_the_same_dice_a_new_throw():
    from companion.vision.dice.reader import DiceReading, Die
    from companion.vision.dice.settle import SettleDetector

    table = Table.new(position())
    settle = SettleDetector(frames=2)
    five_two = DiceReading((Die(5, "d6", 100, 80, 0.9, True), Die(2, "d6", 160, 90, 0.9, True)))
    with mock_panel(None, bounce_time=None) as (panel, pins):
        attach_read_button(table, panel, settle.reset)
        assert [settle.feed(five_two) for _ in range(2)] == [None, five_two]
        assert [settle.feed(five_two) for _ in range(2)] == [None, None]  # still the same roll
        press(pins, 17)  # read_dice: "the dice are down" — thrown again, same values, same place
        assert [settle.feed(five_two) for _ in range(2)] == [None, five_two]
