"""A bound on the long-lived responses, so that a form always finds a free server thread.

waitress serves each request on one of a fixed number of threads (``THREADS``). An event
stream (``/events``, one per open page) or a camera view (``/camera.mjpg``) holds its
thread for as long as the page stays open; without a bound, enough open pages would hold
every thread and a referee's undo or set-up would wait for a page to close. So streams
and views are counted together: at most ``MAX_STREAMS`` at once, of which at most
``MAX_CAMERA_VIEWS`` camera views, which leaves ``THREADS - MAX_STREAMS`` threads for
ordinary requests. One more is answered 503 with a short message and ``Retry-After``.

One address holds at most ``MAX_STREAMS_PER_ADDRESS`` streams, of which at most
``MAX_VIEWS_PER_ADDRESS`` camera views, so that one phone (or a script) cannot take
every slot and lock the other phones out.

A slot is given back when the server closes the response (``Response.call_on_close``),
which happens whether the stream ran to its end, the phone went away, or the body was
never read at all. waitress notices a page that went away within a second
(``channel_request_lookahead``, and the streams ask ``waitress.client_disconnected``
each second), so its slot is free again within 2 s.

:data:`SERVER_OPTIONS` is how ``companion serve`` sets up waitress (with the bounds on
connections of companion/web/connections.py): besides the threads,
a body over :data:`MAX_BODY` is refused by waitress itself before it is read, and a body
under it stays in memory (``inbuf_overflow``): nothing a client sends reaches the disk.
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
#: Of those, per client address (a phone has one page open, a family several phones).
MAX_STREAMS_PER_ADDRESS = 6
MAX_VIEWS_PER_ADDRESS = 1
#: Seconds a refused page is told to wait before it tries again.
RETRY_AFTER = 10
#: The largest request body (forms are small): Flask's MAX_CONTENT_LENGTH and waitress's.
MAX_BODY = 64 * 1024
#: waitress's settings for ``companion serve``.
SERVER_OPTIONS = {
    "threads": THREADS,
    "max_request_body_size": MAX_BODY,
    "inbuf_overflow": 2 * MAX_BODY,  # a body under the limit is never spooled to a file
    "channel_request_lookahead": 1,  # keeps reading, so a closed connection is noticed
}


class StreamSlots:
    """Counts the open streams and camera views; thread-safe."""

    def __init__(
        self,
        max_streams: int = MAX_STREAMS,
        max_views: int = MAX_CAMERA_VIEWS,
        per_address: tuple[int, int] = (MAX_STREAMS_PER_ADDRESS, MAX_VIEWS_PER_ADDRESS),
    ) -> None:
        self.max_streams = max_streams
        self.max_views = max_views
        self.per_address = per_address
        self.streams = 0
        self.views = 0
        self.held: dict[str, tuple[int, int]] = {}  # address: (streams, views)
        self._lock = threading.Lock()
        #: set when the server stops: every stream and view ends at its next look, so
        #: that waitress finds its threads free (trial s13 L5: it waited 5 s for them)
        self.closing = threading.Event()

    def take(self, camera: bool = False, address: str = "?") -> bool:
        """Take a slot (a camera view's if ``camera``); False when none is free."""
        with self._lock:
            streams, views = self.held.get(address, (0, 0))
            if self.streams >= self.max_streams or (camera and self.views >= self.max_views):
                return False
            if streams >= self.per_address[0] or (camera and views >= self.per_address[1]):
                return False
            self.streams += 1
            self.views += camera
            self.held[address] = (streams + 1, views + camera)
            return True

    def giver(self, camera: bool = False, address: str = "?") -> _Giver:
        """What gives a taken slot back, once however often it is called."""
        return _Giver(self, camera, address)

    def _give(self, giver: _Giver) -> None:
        with self._lock:
            if not giver.done:
                giver.done = True
                self.streams -= 1
                self.views -= giver.camera
                streams, views = self.held.pop(giver.address, (1, int(giver.camera)))
                if streams > 1:
                    self.held[giver.address] = (streams - 1, views - giver.camera)


class _Giver:
    def __init__(self, slots: StreamSlots, camera: bool, address: str) -> None:
        self.slots, self.camera, self.address, self.done = slots, camera, address, False

    def __call__(self) -> None:
        self.slots._give(self)
