"""The board reader of ``companion serve``, built in a thread of its own: the page must
answer before the build ends, and serve must not end before it does (cli/serve.py's
``_stop_all``)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError

if TYPE_CHECKING:
    from companion.vision.board.reader import BoardReader


class LateReader:
    """The board reader, built in the background: it takes more than a second here (the
    board drawn at 4 px/mm to learn the fields' colours), and the page must answer before.
    The camera's first frame waits for it; a failed build is raised there."""

    def __init__(self, build: Callable[[], BoardReader]) -> None:
        self._reader: BoardReader | None = None
        self._error: Exception | None = None
        self._ready = threading.Event()
        # not a daemon: the interpreter waits for it before it ends, as serve does
        # (_stop_all: OpenCV at work in a thread when the process exits aborts it)
        self._thread = threading.Thread(target=self._build, args=(build,), name="reader")
        self._thread.start()

    def _build(self, build: Callable[[], BoardReader]) -> None:
        from companion.settings.memory import big_step

        try:
            with big_step():  # drawing the board takes 80 MB for a moment
                self._reader = build()
        except Exception as exc:  # handed to whoever needs the reader
            self._error = exc
        finally:
            self._ready.set()

    @property
    def ready(self) -> bool:
        """Whether the build has ended (built or failed); asking anything else of the
        reader waits for that, so a page that must not wait asks this first."""
        return self._ready.is_set()

    def join(self) -> None:
        """Wait until the build has ended (built or failed) and its thread with it."""
        self._thread.join()

    def __getattr__(self, name: str) -> Any:
        self._ready.wait()
        if self._reader is None:
            raise CompanionError(f"the board reader could not be built: {self._error}")
        return getattr(self._reader, name)
