"""The referee's voice: verdicts and announcements spoken aloud through espeak-ng.

Speaking never blocks the referee: sentences go to a queue that one background thread
speaks in order, and a full queue drops the oldest news rather than lag behind the game.
Without espeak-ng (or with the voice switched off) the voice is silent and says why once
in the log; it never raises to the caller.
"""

from __future__ import annotations

import logging
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path

from companion import texts
from companion.errors import CompanionError

log = logging.getLogger("companion.panel.voice")


class Voice:
    """Speaks German (``voice="de"``) or English sentences, one after the other."""

    def __init__(
        self, enabled: bool = True, voice: str = "de", speed: int = 150, program: str = "espeak-ng"
    ) -> None:
        self.voice, self.speed = voice, speed
        self.program = shutil.which(program)
        self.enabled = enabled and self.program is not None
        if enabled and self.program is None:
            log.warning("%s", texts.text("log.voice_missing", program=program))
        self._queue: queue.Queue[str] = queue.Queue(maxsize=8)
        self._thread: threading.Thread | None = None

    @property
    def available(self) -> bool:
        """Whether the speech program is installed (else the voice cannot be switched on)."""
        return self.program is not None

    def switch(self, on: bool) -> bool:
        """Turn the voice on or off while the referee runs (the page's switch); the new state.

        Switching off also drops what was queued and not yet spoken, so the table is quiet
        at once (a sentence being spoken is finished). Not saved: the config's ``[voice]
        enabled`` holds for the next start.
        """
        self.enabled = on and self.available
        if not self.enabled:
            while True:
                try:
                    self._queue.get_nowait()
                except queue.Empty:
                    break
                self._queue.task_done()
        log.info("%s", texts.text("log.voice_on" if self.enabled else "log.voice_off"))
        return self.enabled

    def say(self, text: str) -> None:
        """Speak ``text`` soon, in order with what was said before."""
        if not self.enabled or not text.strip():
            return
        while True:
            try:
                self._queue.put_nowait(text)
                break
            except queue.Full:
                self._queue.get_nowait()  # the oldest sentence is stale by now
                self._queue.task_done()
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._speak_all, name="voice", daemon=True)
            self._thread.start()

    def _speak_all(self) -> None:
        while True:
            try:
                text = self._queue.get(timeout=5)
            except queue.Empty:
                return
            try:
                self._run(text)
            except (OSError, subprocess.SubprocessError) as exc:
                log.warning("%s", texts.text("log.voice_failed", said=repr(text), why=exc))
            finally:
                self._queue.task_done()

    def _run(self, text: str, wav: Path | None = None) -> None:
        assert self.program is not None
        cmd = [self.program, "-v", self.voice, "-s", str(self.speed)]
        if wav is not None:
            cmd += ["-w", str(wav)]
        subprocess.run([*cmd, "--", text], check=True, timeout=30, capture_output=True)

    def to_file(self, text: str, path: str | Path) -> Path:
        """Speak into a WAV file instead of the loudspeaker (tests, the page's audio)."""
        if self.program is None:
            raise CompanionError("espeak-ng is not installed (apt install espeak-ng)")
        path = Path(path)
        try:
            self._run(text, path)
        except subprocess.CalledProcessError as exc:
            why = exc.stderr.decode(errors="replace").strip().splitlines()
            raise CompanionError(f"espeak-ng failed: {why[-1] if why else exc}") from None
        return path

    def wait(self, timeout: float = 30) -> None:
        """Block until everything queued was spoken (for tests and shutdown)."""
        end = time.monotonic() + timeout
        while self._queue.unfinished_tasks and time.monotonic() < end:
            time.sleep(0.01)
