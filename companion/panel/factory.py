"""The gpiozero pin factory: real pins on a Raspberry Pi, mock pins anywhere else.

The factory is chosen from the config and handed to every LED and button explicitly
(``pin_factory=``), never through ``GPIOZERO_PIN_FACTORY`` or ``Device.pin_factory``, so
that what the panel drives does not depend on the environment it was started from.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPin

from companion.errors import CompanionError
from companion.settings.machine import pi_model
from companion.texts import Joined, text

log = logging.getLogger(__name__)

#: The factory classes by config name, in the order "auto" tries them on a Pi.
REAL_FACTORIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
    "pigpio": ("gpiozero.pins.pigpio", "PiGPIOFactory"),
    "native": ("gpiozero.pins.native", "NativeFactory"),
}
AUTO_ORDER = ("lgpio", "rpigpio", "native")
#: The mock pins pretend to be a Raspberry Pi 4 Model B, the companion's reference board.
MOCK_REVISION = "c03111"


def mock_factory() -> MockFactory:
    return MockFactory(revision=MOCK_REVISION, pin_class=MockPin)


def make_pin_factory(name: str, model: Callable[[], str | None] = pi_model) -> tuple[Any, str]:
    """The factory for config ``panel.pin_factory`` and a reason for the log line.

    "auto" gives mock pins off the Pi and the first real factory that loads on a Pi (lgpio
    on Bookworm). A named real factory that cannot load is a CompanionError naming it.
    """
    if name == "mock":
        return mock_factory(), text("pins.mock_configured")
    if name in REAL_FACTORIES:
        try:
            return _real(name), text("pins.configured", name=name)
        except Exception as exc:
            raise CompanionError(f"panel.pin_factory {name!r} cannot be used: {exc}") from None
    if name != "auto":
        raise CompanionError(f"panel.pin_factory {name!r} is not a known pin factory")
    board = model()
    if board is None:
        return mock_factory(), text("pins.not_a_pi")
    problems = []
    for candidate in AUTO_ORDER:
        try:
            return _real(candidate), text("pins.auto", name=candidate, board=board)
        except Exception as exc:  # missing library, no /dev/gpiochip access, ...
            problems.append(f"{candidate}: {exc}")
    log.warning("%s", text("log.panel_no_real_pins", board=board, problems=Joined(problems, "; ")))
    return mock_factory(), text("pins.auto_failed", board=board, problems=Joined(problems, "; "))


def _real(name: str) -> Any:
    module_name, class_name = REAL_FACTORIES[name]
    module = importlib.import_module(module_name)
    return getattr(module, class_name)()
