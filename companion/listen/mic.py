"""Push to talk: record from the microphone while a button is held (issue 34).

ALSA's ``arecord`` records 16 kHz mono 16-bit audio from the USB microphone (``--device``,
ALSA's name such as ``plughw:1``) from the moment the button is pressed until it is
released: the GPIO push-to-talk button (gpiozero; its mock pins where no Pi is found, as
the panel's buttons, companion/table/devices.py), or Enter pressed twice on the terminal.
A missing microphone or ``arecord`` is a CompanionError naming the device.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Callable
from typing import Any

from companion.errors import CompanionError

#: How long arecord is given to fail on a missing device before the recording counts.
OPEN_S = 0.3
#: The longest announcement recorded: a push-to-talk button held down by a cup stops here.
MAX_SECONDS = 30


def record(device: str, wait_start: Callable[[], None], wait_stop: Callable[[], None]) -> bytes:
    """A WAV recording from ALSA ``device`` between ``wait_start`` and ``wait_stop``
    returning (CompanionError where the device cannot record)."""
    if shutil.which("arecord") is None:
        raise CompanionError("no 'arecord' to record with: apt install alsa-utils")
    wait_start()
    command = ["arecord", "-q", "-D", device, "-f", "S16_LE", "-r", "16000", "-c", "1"]
    command += ["-t", "wav", "-d", str(MAX_SECONDS), "-"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # a device that is not there fails at once: say so before the button is let go
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=OPEN_S)
    try:
        if proc.poll() is None:
            wait_stop()
    finally:
        if proc.poll() is None:
            proc.terminate()
    out, err = proc.communicate(timeout=5)
    if len(out) <= 44:
        why = err.decode(errors="replace").strip().splitlines()
        raise CompanionError(
            f"microphone {device!r} records nothing: {why[-1] if why else 'no audio'}"
        )
    return out


def button_waits(pin: int, factory: Any = None) -> tuple[Callable[[], None], Callable[[], None]]:
    """Waiting for the GPIO push-to-talk button on ``pin`` to be pressed, then released
    (gpiozero, with the panel's pin factory: real pins on a Pi, else mock pins, where
    nothing presses the button but a test)."""
    from gpiozero import Button
    from gpiozero.pins.mock import MockFactory

    from companion.panel.factory import make_pin_factory

    if factory is None:
        factory, _ = make_pin_factory("auto")
        if isinstance(factory, MockFactory):  # nobody would ever press a mock button
            raise CompanionError(f"--button {pin}: no GPIO pins here (not a Raspberry Pi)")
    button = Button(pin, pin_factory=factory)
    return button.wait_for_press, button.wait_for_release


def enter() -> None:
    """Waiting for Enter on the terminal (push-to-talk without a button)."""
    try:
        input()
    except EOFError:
        raise CompanionError(
            "no terminal to press Enter on: use --wav FILE or --button PIN"
        ) from None
