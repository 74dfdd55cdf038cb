"""The supervisor: keeps a camera going, retries a vanished one, and never raises.

It wraps any :class:`FrameSource`. When the camera fails to open or to deliver, the
supervisor closes it, waits (1 s, 2 s, 4 s, ... up to ``max_delay``), and opens it again;
meanwhile ``read()`` returns None and :attr:`Supervisor.status` says "retrying", with the
last error and when the next try is due, for the page and the LEDs. Listeners are told of
every change of state (``on_status``), e.g. ``panel.show_camera_problem``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Literal

from companion.camera.base import Frame, FrameSource
from companion.texts import Text, message, text

log = logging.getLogger(__name__)

State = Literal["starting", "ok", "retrying", "ended", "closed"]


@dataclass(frozen=True)
class CameraStatus:
    """A snapshot of the camera's health, safe to hand to another thread."""

    state: State
    source: str  # the source's description
    frames: int = 0  # frames delivered so far
    failures: int = 0  # failures in a row (0 when ok)
    last_error: str | None = None
    next_try: float | None = None  # time.monotonic() of the next try while retrying

    @property
    def problem(self) -> bool:
        """Whether the table should be told that the camera is not seeing."""
        return self.state == "retrying"

    def retry_in(self, now: float | None = None) -> float | None:
        """Seconds until the next try (for "next try in 4 s"), None unless retrying."""
        if self.next_try is None:
            return None
        return max(0.0, self.next_try - (time.monotonic() if now is None else now))

    def to_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "source": self.source,
            "frames": self.frames,
            "failures": self.failures,
            "last_error": self.last_error,
            "retry_in": self.retry_in(),
        }


class Supervisor:
    """A FrameSource wrapper whose ``read()`` returns a frame or None and never raises."""

    def __init__(
        self,
        source: FrameSource,
        *,
        initial_delay: float = 1.0,
        max_delay: float = 30.0,
        on_status: Callable[[CameraStatus], Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Any] = time.sleep,
    ) -> None:
        self.source = source
        self.initial_delay, self.max_delay = initial_delay, max_delay
        self.clock, self.sleep = clock, sleep
        self._listeners: list[Callable[[CameraStatus], Any]] = [on_status] if on_status else []
        self._status = CameraStatus("starting", source.description)
        self._opened = False
        self._lock = threading.Lock()

    @property
    def status(self) -> CameraStatus:
        return self._status

    def add_listener(self, listener: Callable[[CameraStatus], Any]) -> None:
        self._listeners.append(listener)

    def read(self) -> Frame | None:
        """The next frame, or None: while retrying (before the next try is due), or ended."""
        with self._lock:
            status = self._status
            if status.state in ("ended", "closed"):
                return None
            if status.next_try is not None and self.clock() < status.next_try:
                return None
            try:
                if not self._opened:
                    self.source.open()
                    self._opened = True
                frame = self.source.read()
            except Exception as exc:  # any driver error: the camera is not seeing
                self._fail(exc)
                return None
            if frame is None:
                self._set(replace(status, state="ended", next_try=None))
                log.info("%s", text("camera.ended", source=self.source.description))
                return None
            if status.state != "ok":
                if status.failures:
                    log.info("%s", text("camera.back", source=self.source.description))
                self._set(CameraStatus("ok", status.source, status.frames + 1))
            else:  # the hot path: no listener call for every frame
                self._status = replace(status, frames=status.frames + 1)
            return frame

    def frames(self) -> Iterator[Frame]:
        """Every frame until the source ends or :meth:`close`; sleeps through retries."""
        while True:
            frame = self.read()
            if frame is not None:
                yield frame
                continue
            status = self._status
            if status.state in ("ended", "closed"):
                return
            wait = status.retry_in(self.clock())
            self.sleep(wait if wait else 0.01)

    def close(self) -> None:
        with self._lock:
            self._release()
            self._set(replace(self._status, state="closed", next_try=None))

    def __enter__(self) -> Supervisor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _fail(self, exc: BaseException) -> None:
        self._release()
        failures = self._status.failures + 1
        delay = min(self.initial_delay * 2 ** (failures - 1), self.max_delay)
        error = _why(exc, self.source.description)
        retry = text("camera.retrying", reason=error, attempt=failures + 1, delay=f"{delay:g}")
        log.warning("%s", retry)
        self._set(
            replace(
                self._status,
                state="retrying",
                failures=failures,
                last_error=error,
                next_try=self.clock() + delay,
            )
        )

    def _release(self) -> None:
        self._opened = False
        try:
            self.source.close()
        except Exception as exc:  # a vanished device may fail to close; it is gone anyway
            log.debug("camera: closing %s failed: %s", self.source.description, exc)

    def _set(self, status: CameraStatus) -> None:
        self._status = status
        for listener in self._listeners:
            try:
                listener(status)
            except Exception:  # a broken LED must not stop the camera
                log.exception("camera: status listener failed")


def _why(exc: BaseException, source: str) -> str:
    """Why the camera does not see, once: a driver's own sentence (a Text, in the players'
    language, naming the device and what to do), else the error with the source named."""
    said = message(exc)
    if isinstance(said, Text):  # a sentence of the catalogue
        return said
    said = said or type(exc).__name__
    return said if said.startswith(source) else text("camera.failed", source=source, reason=said)
