"""The panel on gpiozero's mock pins: LEDs as the referee sets them, buttons as pressed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace

import pytest
from gpiozero.pins.mock import MockFactory

from companion.camera import CameraStatus
from companion.errors import CompanionError
from companion.panel import Panel, PanelEvent, make_pin_factory, mock_factory
from companion.panel import factory as factories
from companion.settings.config import PanelConfig, PanelPins

SEATS = {"red": 5, "yellow": 6, "green": 13, "blue": 19, "white": 26}
OK, BAD, READ, CONFIRM, UNDO, ROLL = 20, 21, 17, 27, 22, 23
HOLD = 0.2  # the shortest hold the config allows, to keep the tests quick


@pytest.fixture()
def factory() -> Iterator[MockFactory]:
    """The mock_factory fixture of gpiozero's own tests/conftest.py, handed to the panel
    explicitly instead of through Device.pin_factory."""
    pins = mock_factory()
    try:
        yield pins
    finally:
        pins.reset()  # MockFactory keeps pins and reservations at class level


def make_panel(factory: MockFactory, dice: list[int] | None = None, **changes: object) -> Panel:
    pins = changes.pop("pins", PanelPins())
    config = replace(PanelConfig(hold_seconds=HOLD, pins=pins), **changes)  # type: ignore[arg-type]
    rolls = iter(dice or [])
    return Panel(config, pin_factory=factory, roll_die=lambda: next(rolls), blink_time=0.01)


def lit(factory: MockFactory, *pins: int) -> list[bool]:
    return [bool(factory.pin(p).state) for p in pins]


def press(factory: MockFactory, pin: int, seconds: float = 0.0) -> None:
    factory.pin(pin).drive_low()  # buttons connect the pin to ground
    time.sleep(seconds)
    factory.pin(pin).drive_high()


def events(panel: Panel) -> list[PanelEvent]:
    found = []
    while not panel.events.empty():
        found.append(panel.events.get_nowait())
    return found


def test_the_seat_to_move_is_the_only_lit_seat(factory: MockFactory) -> None:
    with make_panel(factory) as panel:
        panel.show_turn("green")
        assert lit(factory, *SEATS.values()) == [False, False, True, False, False]
        panel.show_turn("white")
        assert lit(factory, *SEATS.values()) == [False, False, False, False, True]
        panel.show_turn(None)
        assert not any(lit(factory, *SEATS.values()))


def test_verdict_leds_green_red_and_dark(factory: MockFactory) -> None:
    with make_panel(factory) as panel:
        panel.show_verdict("ok")
        assert lit(factory, OK, BAD) == [True, False]
        panel.show_verdict("bad")
        assert lit(factory, OK, BAD) == [False, True]
        panel.show_verdict("none")
        assert lit(factory, OK, BAD) == [False, False]
        with pytest.raises(CompanionError, match="unknown verdict 'maybe'"):
            panel.show_verdict("maybe")  # type: ignore[arg-type]


def test_an_rgb_led_shows_the_verdict_in_colour(factory: MockFactory) -> None:
    pins = PanelPins(verdict_ok=None, verdict_bad=None, verdict_rgb=(16, 20, 21))
    with make_panel(factory, pins=pins) as panel:
        panel.show_verdict("ok")
        assert lit(factory, 16, 20, 21) == [False, True, False]
        panel.show_verdict("bad")
        assert lit(factory, 16, 20, 21) == [True, False, False]
        assert panel.state().leds["verdict"] == (1, 0, 0)


def test_buttons_arrive_on_the_queue_and_at_the_callbacks(factory: MockFactory) -> None:
    with make_panel(factory) as panel:
        heard: list[PanelEvent] = []
        panel.on_event(heard.append)
        press(factory, READ)
        press(factory, CONFIRM)
        assert events(panel) == heard == [PanelEvent("read_dice"), PanelEvent("confirm")]


def test_undo_needs_a_long_press(factory: MockFactory) -> None:
    with make_panel(factory) as panel:
        press(factory, UNDO)
        assert events(panel) == []
        press(factory, UNDO, HOLD + 0.15)
        assert events(panel) == [PanelEvent("undo")]


def test_without_an_undo_button_a_long_press_on_confirm_undoes(factory: MockFactory) -> None:
    with make_panel(factory, pins=PanelPins(undo=None)) as panel:
        press(factory, CONFIRM)
        press(factory, CONFIRM, HOLD + 0.15)
        assert events(panel) == [PanelEvent("confirm"), PanelEvent("undo")]


def test_electronic_dice_roll_on_the_read_button_and_blink_the_result(
    factory: MockFactory,
) -> None:
    with make_panel(factory, dice=[3, 2], electronic_dice=True) as panel:
        panel.show_verdict("bad")
        factory.pin(OK).clear_states()
        factory.pin(BAD).clear_states()
        press(factory, READ)
        assert events(panel) == [PanelEvent("roll", (3, 2))]
        blinker = panel._blinker
        assert blinker is not None
        blinker.join(timeout=5)
        ok_states = [s.state for s in factory.pin(OK).states]
        bad_states = [s.state for s in factory.pin(BAD).states]
        assert ok_states == [False, True, False, True, False, True, False]  # three
        assert bad_states == [True, False, True, False, True, False, True]  # off, two, red again
        assert panel.state().last_roll == (3, 2)


def test_a_roll_button_rolls_in_any_mode(factory: MockFactory) -> None:
    with make_panel(factory, dice=[6, 6, 1, 1], pins=PanelPins(roll=ROLL)) as panel:
        press(factory, ROLL)
        assert events(panel) == [PanelEvent("roll", (6, 6))]
        assert panel.roll() is None  # still blinking the sixes: ignored
        assert panel._blinker is not None
        panel._blinker.join(timeout=5)
        press(factory, READ)
        assert events(panel) == [PanelEvent("read_dice")]


def test_a_camera_problem_blinks_both_verdict_leds_until_it_is_over(
    factory: MockFactory,
) -> None:
    with make_panel(factory) as panel:
        panel.show_verdict("ok")
        panel.camera_status(CameraStatus("retrying", "usb camera 0", failures=1))
        time.sleep(0.05)
        assert lit(factory, OK, BAD) == [True, True]  # never both lit for a verdict
        assert panel.state().camera_problem
        panel.camera_status(CameraStatus("ok", "usb camera 0"))
        assert lit(factory, OK, BAD) == [True, False]


def test_the_virtual_panel_state_and_presses_for_the_page(factory: MockFactory) -> None:
    with make_panel(factory, dice=[4, 1], electronic_dice=True) as panel:
        panel.show_turn("red")
        state = panel.state()
        assert state.mocked and state.turn == "red" and state.verdict == "none"
        assert state.buttons == ("read_dice", "confirm", "undo")
        assert state.to_json()["leds"] == {
            "seat.red": True,
            "seat.yellow": False,
            "seat.green": False,
            "seat.blue": False,
            "seat.white": False,
            "verdict_ok": False,
            "verdict_bad": False,
        }
        panel.press("confirm")
        panel.press("undo")
        panel.press("read_dice")  # electronic dice: the read button rolls
        assert events(panel) == [
            PanelEvent("confirm"),
            PanelEvent("undo"),
            PanelEvent("roll", (4, 1)),
        ]
        with pytest.raises(CompanionError, match="unknown button 'reset'"):
            panel.press("reset")  # type: ignore[arg-type]


def test_a_pin_that_is_taken_is_a_one_line_error(factory: MockFactory) -> None:
    with make_panel(factory), pytest.raises(CompanionError, match="cannot set up the pins"):
        make_panel(factory)


def test_pin_factory_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    pins, why = make_pin_factory("auto", model=lambda: None)
    assert isinstance(pins, MockFactory) and why == "mock pins (auto: not a Raspberry Pi)"
    pi4 = lambda: "Raspberry Pi 4 Model B"  # noqa: E731
    monkeypatch.setattr(factories, "AUTO_ORDER", ("lgpio", "rpigpio"))
    monkeypatch.setitem(factories.REAL_FACTORIES, "lgpio", ("companion.no_lgpio", "F"))
    monkeypatch.setitem(factories.REAL_FACTORIES, "rpigpio", ("gpiozero.pins.mock", "MockFactory"))
    pins, why = make_pin_factory("auto", model=pi4)  # lgpio missing: the next one
    assert why == "rpigpio pins (auto: Raspberry Pi 4 Model B)"
    monkeypatch.setattr(factories, "AUTO_ORDER", ("lgpio",))
    pins, why = make_pin_factory("auto", model=pi4)  # none loads: mock pins, and why
    assert isinstance(pins, MockFactory)
    assert why == (
        "mock pins (auto: Raspberry Pi 4 Model B, but lgpio: No module named 'companion.no_lgpio')"
    )
    with pytest.raises(CompanionError, match="'lgpio' cannot be used: No module named"):
        make_pin_factory("lgpio")
    with pytest.raises(CompanionError, match="'gpio9' is not a known pin factory"):
        make_pin_factory("gpio9")


def test_a_disabled_panel_touches_no_pin_but_still_serves_the_page(factory: MockFactory) -> None:
    with make_panel(factory, dice=[2, 5], enabled=False) as panel:
        panel.show_turn("red")
        panel.show_verdict("ok")
        assert not any(lit(factory, *SEATS.values(), OK, BAD))
        state = panel.state()
        assert state.mocked and state.leds == {} and state.turn == "red"
        assert state.pins == "no pins (panel.enabled = false)"
        panel.press("roll")
        assert events(panel) == [PanelEvent("roll", (2, 5))]
        with make_panel(factory):  # its pins are still free
            pass


def test_closing_the_panel_while_the_dice_blink_ends_the_blinking_quietly(
    factory: MockFactory,
) -> None:
    panel = Panel(PanelConfig(), pin_factory=factory, roll_die=lambda: 6, blink_time=0.02)
    panel.roll()  # six blinks of 40 ms on each LED: still blinking when closed
    blinker = panel._blinker
    assert blinker is not None
    panel.close()
    blinker.join(2)
    assert not blinker.is_alive() and panel._blinker is None
