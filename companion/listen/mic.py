"""Push to talk: record from the microphone while a button is held (issue 34).

ALSA's ``arecord`` records 16 kHz mono 16-bit audio from the USB microphone (``--device``,
ALSA's name such as ``plughw:1``) from the moment the button is pressed until it is
released: the GPIO push-to-talk button (gpiozero; its mock pins where no Pi is found, as
the panel's buttons, companion/table/devices.py), or Enter pressed twice on the terminal.
A missing microphone or ``arecord`` is a CompanionError naming the device, found by
:func:`check_microphone` before anyone is asked to speak (new-user trial s11 M2: the
prompt came first).
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Callable
from typing import Any

from companion.errors import CompanionError
from companion.texts import text

#: How long arecord is given to fail on a missing device before the recording counts.
OPEN_S = 0.3
#: The longest announcement recorded: a push-to-talk button held down by a cup stops here.
MAX_SECONDS = 30


def check_microphone(device: str) -> None:
    """CompanionError where ALSA ``device`` cannot record (no ``arecord``, or it fails at
    once: a device that is not there, or busy), found in :data:`OPEN_S` before the
    players are asked to speak."""
    proc = _arecord(device)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=OPEN_S)
    ended = proc.poll() is not None
    if not ended:  # recording: the device works, and this was no announcement
        proc.terminate()
    out, err = proc.communicate(timeout=5)
    if ended and len(out) <= 44:
        raise CompanionError(_silent(device, err))


def record(device: str, wait_start: Callable[[], None], wait_stop: Callable[[], None]) -> bytes:
    """A WAV recording from ALSA ``device`` between ``wait_start`` and ``wait_stop``
    returning (CompanionError where the device cannot record)."""
    if shutil.which("arecord") is None:
        raise CompanionError(text("listen.no_arecord"))
    wait_start()
    proc = _arecord(device)
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
        raise CompanionError(_silent(device, err))
    return out


def _arecord(device: str) -> subprocess.Popen[bytes]:
    """``arecord`` started on ``device``: 16 kHz mono 16-bit WAV on its stdout, for at
    most :data:`MAX_SECONDS`."""
    if shutil.which("arecord") is None:
        raise CompanionError(text("listen.no_arecord"))
    command = ["arecord", "-q", "-D", device, "-f", "S16_LE", "-r", "16000", "-c", "1"]
    command += ["-t", "wav", "-d", str(MAX_SECONDS), "-"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _silent(device: str, err: bytes) -> str:
    """The line of a microphone that recorded nothing, with arecord's own last words
    (ALSA's, in the system's language: "audio open error: No such file or directory")."""
    why = err.decode(errors="replace").strip().splitlines()
    return text(
        "listen.mic_silent", device=repr(device), why=why[-1] if why else text("listen.no_audio")
    )


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
            raise CompanionError(text("listen.no_gpio", pin=pin))
    button = Button(pin, pin_factory=factory)
    return button.wait_for_press, button.wait_for_release


def enter() -> None:
    """Waiting for Enter on the terminal (push-to-talk without a button)."""
    try:
        input()
    except EOFError:
        raise CompanionError(text("listen.no_terminal")) from None
