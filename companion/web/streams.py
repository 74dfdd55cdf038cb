"""A bound on the long-lived responses, so that a form always finds a free server thread.

waitress serves each request on one of a fixed number of threads (``THREADS``). An event
stream (``/events``, one per open page) or a camera view (``/camera.mjpg``) holds its
thread for as long as the page stays open; without a bound, enough open pages would hold
every thread and a referee's undo or set-up would wait for a page to close. So streams
and views are counted together: at most ``MAX_STREAMS`` at once, of which at most
``MAX_CAMERA_VIEWS`` camera views, which leaves ``THREADS - MAX_STREAMS`` threads for
ordinary requests. One more is answered 503 with a short message and ``Retry-After``.

A slot is given back when the server closes the response (``Response.call_on_close``),
which happens whether the stream ran to its end, the phone went away, or the body was
never read at all.
"""

from __future__ import annotations

import threading

#: waitress threads of ``companion serve``; each thread costs a little memory (bench/serve.py).
THREADS = 40
#: Event streams and camera views open at once, together.
MAX_STREAMS = 32
#: Of those, camera views. Each costs memory besides its thread: about 5-10 MB resident
#: measured (docs/web.md), and one view already brings a played game to about 190 MB of
#: the serve process's 200 MB budget.
MAX_CAMERA_VIEWS = 2
#: Seconds a refused page is told to wait before it tries again.
RETRY_AFTER = 10


class StreamSlots:
    """Counts the open streams and camera views; thread-safe."""

    def __init__(self, max_streams: int = MAX_STREAMS, max_views: int = MAX_CAMERA_VIEWS) -> None:
        self.max_streams = max_streams
        self.max_views = max_views
        self.streams = 0
        self.views = 0
        self._lock = threading.Lock()

    def take(self, camera: bool = False) -> bool:
        """Take a slot (a camera view's if ``camera``); False when none is free."""
        with self._lock:
            if self.streams >= self.max_streams or (camera and self.views >= self.max_views):
                return False
            self.streams += 1
            self.views += camera
            return True

    def giver(self, camera: bool = False) -> _Giver:
        """What gives a taken slot back, once however often it is called."""
        return _Giver(self, camera)

    def _give(self, giver: _Giver) -> None:
        with self._lock:
            if not giver.done:
                giver.done = True
                self.streams -= 1
                self.views -= giver.camera


class _Giver:
    def __init__(self, slots: StreamSlots, camera: bool) -> None:
        self.slots, self.camera, self.done = slots, camera, False

    def __call__(self) -> None:
        self.slots._give(self)
