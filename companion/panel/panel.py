"""The panel: seat LEDs, the verdict LEDs and the buttons on the GPIO header.

The referee calls :meth:`Panel.show_turn`, :meth:`Panel.show_verdict`,
:meth:`Panel.show_camera_problem` and :meth:`Panel.blink_roll`; the buttons come back as
:class:`PanelEvent` on :attr:`Panel.events` (a queue) and to every callback given to
:meth:`Panel.on_event`. Buttons: "read_dice" (the dice are down), "confirm", "undo" (a long
press, on its own button or on confirm) and "roll" (electronic dice: the panel rolls two
dice, blinks them and reports them). :meth:`Panel.state` is what the page's virtual panel
shows; :meth:`Panel.press` is how the page presses a button.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from gpiozero import LED, RGBLED, Button
from gpiozero.exc import DeviceClosed
from gpiozero.pins.mock import MockFactory

from companion.errors import CompanionError
from companion.panel.factory import make_pin_factory
from companion.settings.config import PanelConfig
from companion.texts import text

log = logging.getLogger(__name__)

Verdict = Literal["ok", "bad", "none"]
EventKind = Literal["read_dice", "confirm", "undo", "roll", "show_pin"]
BUTTONS: tuple[EventKind, ...] = ("read_dice", "confirm", "undo", "roll")
#: A long press of the read-dice button: the page on the Pi's own screen shows the PIN
#: for a minute (companion.web.security.pin_on_this_screen); no virtual button does.


@dataclass(frozen=True)
class PanelEvent:
    kind: EventKind
    dice: tuple[int, ...] = ()  # the values of a "roll"


@dataclass(frozen=True)
class PanelState:
    """What the LEDs show now, for the page's virtual panel (``to_json``)."""

    mocked: bool
    pins: str  # the pin factory and why, e.g. "mock pins (auto: not a Raspberry Pi)"
    leds: dict[str, Any]  # "seat.red": True, "verdict_ok": False or "verdict": (0, 1, 0)
    buttons: tuple[str, ...]  # the buttons there are, by event name
    turn: str | None
    verdict: Verdict
    camera_problem: bool
    last_roll: tuple[int, ...] | None

    def to_json(self) -> dict[str, Any]:
        data = dict(vars(self))
        data["leds"] = {k: list(v) if isinstance(v, tuple) else v for k, v in self.leds.items()}
        data["buttons"] = list(self.buttons)
        data["last_roll"] = list(self.last_roll) if self.last_roll else None
        return data


class Panel:
    """LEDs and buttons from the config's pin map, on real or mock pins.

    ``pin_factory`` overrides the config's choice (tests pass a MockFactory); ``roll_die``
    is the dice's random source (one die, 1..6); ``blink_time`` is one on or off phase of
    the dice blinking, in seconds.
    """

    def __init__(
        self,
        config: PanelConfig,
        *,
        pin_factory: Any = None,
        roll_die: Callable[[], int] | None = None,
        blink_time: float = 0.3,
        bounce_time: float | None = 0.05,
    ) -> None:
        if not config.enabled:
            self.pins_reason = text("pins.off")
        elif pin_factory is None:
            pin_factory, self.pins_reason = make_pin_factory(config.pin_factory)
        else:
            self.pins_reason = f"{type(pin_factory).__name__} (given)"
        log.info("%s", text("log.panel_pins", pins=self.pins_reason))
        self.config = config
        self.mocked = not config.enabled or isinstance(pin_factory, MockFactory)
        self.events: queue.Queue[PanelEvent] = queue.Queue()
        self.roll_die = roll_die or partial(random.SystemRandom().randint, 1, 6)
        self.blink_time = blink_time
        self._callbacks: list[Callable[[PanelEvent], Any]] = []
        self._turn: str | None = None
        self._verdict: Verdict = "none"
        self._camera_problem = False
        self._last_roll: tuple[int, ...] | None = None
        self._confirm_was_held = False
        self._lock = threading.RLock()
        self._blinker: threading.Thread | None = None
        self._devices: list[Any] = []
        self.seat_leds: dict[str, LED] = {}
        self.rgb: RGBLED | None = None
        self.ok_led: LED | None = None
        self.bad_led: LED | None = None
        self.buttons: dict[str, Button] = {}
        if not config.enabled:
            return  # no LEDs, no buttons; state() and press() still serve the page
        try:
            self._build(config, pin_factory, bounce_time)
        except Exception as exc:  # pin in use, pin not on this board, no permission
            self.close()
            raise CompanionError(f"panel: cannot set up the pins: {exc}") from None

    def _build(self, config: PanelConfig, factory: Any, bounce_time: float | None) -> None:
        pins = config.pins

        def led(pin: int) -> LED:
            device = LED(pin, pin_factory=factory)
            self._devices.append(device)
            return device

        def button(pin: int) -> Button:
            device = Button(
                pin,
                pull_up=True,
                bounce_time=bounce_time,
                hold_time=config.hold_seconds,
                pin_factory=factory,
            )
            self._devices.append(device)
            return device

        self.seat_leds = {colour: led(pin) for colour, pin in pins.seats.items()}
        if pins.verdict_rgb:
            self.rgb = RGBLED(*pins.verdict_rgb, pwm=False, pin_factory=factory)
            self._devices.append(self.rgb)
        self.ok_led = led(pins.verdict_ok) if pins.verdict_ok is not None else None
        self.bad_led = led(pins.verdict_bad) if pins.verdict_bad is not None else None
        for kind in BUTTONS:
            pin = getattr(pins, kind)
            if pin is not None:
                self.buttons[kind] = button(pin)
        self._wire_buttons()

    def _wire_buttons(self) -> None:
        b = self.buttons
        if "read_dice" in b:
            dice_mode_roller = self.config.electronic_dice and "roll" not in b
            b["read_dice"].when_pressed = self.roll if dice_mode_roller else self._read_dice
            b["read_dice"].when_held = self._show_pin
        if "roll" in b:
            b["roll"].when_pressed = self.roll
        if "undo" in b:
            b["undo"].when_held = self._undo
            if "confirm" in b:
                b["confirm"].when_pressed = self._confirm
        elif "confirm" in b:  # one button: a short press confirms, a long one undoes
            b["confirm"].when_held = self._confirm_held
            b["confirm"].when_released = self._confirm_released

    # --- what the referee shows ------------------------------------------------------

    def show_turn(self, colour: str | None) -> None:
        """Light the LED of the seat whose turn it is, and only that one."""
        with self._lock:
            self._turn = colour
            for seat, device in self.seat_leds.items():
                device.value = seat == colour

    def show_verdict(self, verdict: Verdict) -> None:
        """Green for a legal move, red for one against the rules, dark for none."""
        if verdict not in ("ok", "bad", "none"):
            raise CompanionError(f"panel: unknown verdict {verdict!r} (ok, bad or none)")
        with self._lock:
            self._verdict = verdict
            if not self._camera_problem and not self._blinking():
                self._show_verdict_leds()

    def show_camera_problem(self, problem: bool) -> None:
        """Both verdict LEDs (or the RGB LED in blue) blink slowly while the camera is out."""
        with self._lock:
            if problem == self._camera_problem:
                return
            self._camera_problem = problem
            if self._blinking():
                return  # the dice blinking restores the right display when it ends
            if problem:
                if self.rgb is not None:
                    self.rgb.blink(on_time=1, off_time=1, on_color=(0, 0, 1))
                for device in (self.ok_led, self.bad_led):
                    if device is not None:
                        device.blink(on_time=1, off_time=1)
            else:
                self._show_verdict_leds()

    def camera_status(self, status: Any) -> None:
        """A listener for the camera supervisor: shows its ``problem`` on the LEDs."""
        self.show_camera_problem(bool(status.problem))

    def blink_roll(self, dice: tuple[int, ...], background: bool = True) -> None:
        """Blink the dice: the first die on the green LED, the second on the red one.

        With an RGB LED the dice blink green, then red. The verdict (or the camera warning)
        comes back afterwards. ``background=False`` blocks until the blinking is done.
        """
        if background:
            thread = threading.Thread(target=self._blink, args=(dice,), daemon=True)
            with self._lock:
                self._blinker = thread
            thread.start()
        else:
            self._blink(dice)

    def _blink(self, dice: tuple[int, ...]) -> None:
        try:
            self._blink_dice(dice)
        except DeviceClosed:  # the panel was closed while the dice blinked (shutdown)
            log.debug("panel: closed while the dice blinked")
            with self._lock:
                self._blinker = None

    def _blink_dice(self, dice: tuple[int, ...]) -> None:
        t = self.blink_time
        for die, (led, colour) in zip(
            dice, ((self.ok_led, (0, 1, 0)), (self.bad_led, (1, 0, 0))), strict=False
        ):
            self._verdict_off()
            if self.rgb is not None:
                self.rgb.blink(on_time=t, off_time=t, on_color=colour, n=die, background=False)
            elif led is not None:
                led.blink(on_time=t, off_time=t, n=die, background=False)
            time.sleep(2 * t)
        with self._lock:
            self._blinker = None
            self._show_verdict_leds()
            if self._camera_problem:
                self._camera_problem = False
                self.show_camera_problem(True)

    def _blinking(self) -> bool:
        blinker = self._blinker
        return blinker is not None and blinker is not threading.current_thread()

    def _verdict_off(self) -> None:
        for device in (self.ok_led, self.bad_led, self.rgb):
            if device is not None:
                device.off()

    def _show_verdict_leds(self) -> None:
        ok, bad = self._verdict == "ok", self._verdict == "bad"
        if self.rgb is not None:
            self.rgb.color = (int(bad), int(ok), 0)
        if self.ok_led is not None:
            self.ok_led.value = ok
        if self.bad_led is not None:
            self.bad_led.value = bad

    # --- what the buttons say --------------------------------------------------------

    def on_event(self, callback: Callable[[PanelEvent], Any]) -> None:
        """Call ``callback(event)`` for every button event (on gpiozero's thread)."""
        self._callbacks.append(callback)

    def press(self, kind: EventKind, long: bool = False) -> None:
        """A press from the page's virtual panel, handled as the real button would be."""
        if kind == "roll" or (kind == "read_dice" and self.config.electronic_dice):
            self.roll()
        elif kind == "undo" or (kind == "confirm" and long and "undo" not in self.buttons):
            self._undo()
        elif kind in ("read_dice", "confirm"):
            self._emit(PanelEvent(kind))
        else:
            raise CompanionError(f"panel: unknown button {kind!r} ({', '.join(BUTTONS)})")

    def roll(self) -> tuple[int, int] | None:
        """Electronic dice: roll two dice, blink them, report a "roll" event.

        A press while the last roll is still blinking is ignored (None): the table has
        not seen the result yet.
        """
        if self._blinking():
            log.info("%s", text("log.panel_roll_ignored"))
            return None
        dice = (self.roll_die(), self.roll_die())
        if not all(1 <= d <= 6 for d in dice):
            raise ValueError(f"the dice's random source gave {dice}, not 1..6")
        with self._lock:
            self._last_roll = dice
        log.info("%s", text("log.panel_rolled", first=dice[0], second=dice[1]))
        self._emit(PanelEvent("roll", dice))
        self.blink_roll(dice)
        return dice

    def _read_dice(self) -> None:
        self._emit(PanelEvent("read_dice"))

    def _confirm(self) -> None:
        self._emit(PanelEvent("confirm"))

    def _confirm_held(self) -> None:
        self._confirm_was_held = True
        self._undo()

    def _confirm_released(self) -> None:
        if self._confirm_was_held:  # the long press was an undo, not a confirm
            self._confirm_was_held = False
        else:
            self._confirm()

    def _undo(self) -> None:
        self._emit(PanelEvent("undo"))

    def _show_pin(self) -> None:
        self._emit(PanelEvent("show_pin"))

    def _emit(self, event: PanelEvent) -> None:
        self.events.put(event)
        for callback in self._callbacks:
            try:
                callback(event)
            except Exception:  # a failing listener must not silence the buttons
                log.exception("panel: event callback failed on %s", event)

    # --- the virtual panel and the end -----------------------------------------------

    def state(self) -> PanelState:
        leds: dict[str, Any] = {f"seat.{c}": bool(d.value) for c, d in self.seat_leds.items()}
        if self.ok_led is not None:
            leds["verdict_ok"] = bool(self.ok_led.value)
        if self.bad_led is not None:
            leds["verdict_bad"] = bool(self.bad_led.value)
        if self.rgb is not None:
            leds["verdict"] = tuple(int(v) for v in self.rgb.value)
        with self._lock:
            return PanelState(
                mocked=self.mocked,
                pins=self.pins_reason,
                leds=leds,
                buttons=tuple(self.buttons),
                turn=self._turn,
                verdict=self._verdict,
                camera_problem=self._camera_problem,
                last_roll=self._last_roll,
            )

    def close(self) -> None:
        """Switch everything off and release the pins (safe to call twice)."""
        for device in reversed(self._devices):
            try:
                device.close()
            except Exception as exc:  # closing is best effort
                log.debug("panel: closing %r failed: %s", device, exc)
        self._devices.clear()

    def __enter__(self) -> Panel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
