"""How many connections one client may hold, and how long an idle one lives.

waitress stops accepting when ``connection_limit`` connections are open, from anyone: a
script (or a broken phone) that opens a hundred connections and sends nothing kept every
other phone off the page for as long as it held them. So the server counts its
connections per client address when it accepts them (:class:`AddressCounts`): one more
than :data:`MAX_PER_ADDRESS` from the same address is closed at once, before it takes a
thread, a buffer or a place in the total. The total (:data:`MAX_CONNECTIONS`) is then
more than any one address can fill, and an idle connection (no request in it for
:data:`IDLE_SECONDS`) is closed by waitress's own housekeeping, which looks every
:data:`CLEANUP_SECONDS`. A running request (an event stream, the camera view) is never
idle.

A browser opens up to six connections to one site (Chromium, Firefox), and a phone shows
one page or two: :data:`MAX_PER_ADDRESS` leaves room for a few pages per phone. Behind a
reverse proxy every request comes from the proxy's address, so there the cap is off
(``web.behind_proxy``; the proxy keeps its own limits, docs/security.md).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from companion.texts import text

log = logging.getLogger("companion.web")

#: Connections open at once from one client address.
MAX_PER_ADDRESS = 24
#: Connections open at once in all (waitress's ``connection_limit``); each open file
#: descriptor counts, so it stays well under the usual 1024 per process.
MAX_CONNECTIONS = 400
#: Seconds a connection without a request in it stays open (waitress's ``channel_timeout``).
IDLE_SECONDS = 10
#: How often waitress looks for idle connections (``cleanup_interval``).
CLEANUP_SECONDS = 2
#: Seconds between two log lines about the same address.
LOG_EVERY = 60.0

#: What :func:`guarded_server` gives waitress besides the caller's options.
OPTIONS = {
    "connection_limit": MAX_CONNECTIONS,
    "channel_timeout": IDLE_SECONDS,
    "cleanup_interval": CLEANUP_SECONDS,
}


class AddressCounts:
    """The open connections per client address; thread-safe."""

    def __init__(self, per_address: int = MAX_PER_ADDRESS) -> None:
        self.per_address = per_address
        self.open: dict[str, int] = {}
        self.refused = 0
        self._logged: dict[str, float] = {}
        self._lock = threading.Lock()

    def take(self, address: str) -> bool:
        """Count a new connection from ``address``; False (and not counted) over the cap."""
        with self._lock:
            held = self.open.get(address, 0)
            if held >= self.per_address:
                self.refused += 1
                self._log(address)
                return False
            self.open[address] = held + 1
            return True

    def give(self, address: str) -> None:
        """A counted connection from ``address`` closed."""
        with self._lock:
            held = self.open.pop(address, 1) - 1
            if held > 0:
                self.open[address] = held

    def _log(self, address: str) -> None:
        now = time.monotonic()
        if now - self._logged.get(address, -LOG_EVERY) >= LOG_EVERY:
            if len(self._logged) > 1000:  # memory stays bounded
                self._logged.clear()
            self._logged[address] = now
            said = text("log.connections_full", address=address, most=self.per_address)
            log.warning("%s", said)


def guarded_server(
    app: Any, host: str, port: int, per_address: int | None = MAX_PER_ADDRESS, **options: Any
) -> Any:
    """waitress's server for ``app`` on ``host:port`` with ``options`` (waitress's
    settings), :data:`OPTIONS` unless given, and at most ``per_address`` connections
    from one client address (None: no cap, as behind a proxy)."""
    from waitress import create_server
    from waitress.channel import HTTPChannel

    server = create_server(app, host=host, port=port, **{**OPTIONS, **options})
    if per_address is None:
        return server
    counts = AddressCounts(per_address)

    class Channel(HTTPChannel):  # type: ignore[misc]
        """waitress's channel, counted per address; over the cap it closes at once."""

        def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
            self.counted: str | None = address_of(addr)
            if not counts.take(address_of(addr)):
                sock.close()  # never registered with waitress: it forgets it
                return
            try:
                super().__init__(server, sock, addr, adj, map)
            except BaseException:
                counts.give(address_of(addr))
                raise

        def del_channel(self, map: Any = None) -> None:
            super().del_channel(map)
            if self.counted is not None:
                counts.give(self.counted)
                self.counted = None

    server.channel_class = Channel
    server.address_counts = counts
    return server


def address_of(addr: Any) -> str:
    """The client address of an accepted socket's peer (an IP address; a Unix socket
    has none worth counting apart)."""
    if isinstance(addr, tuple) and addr:
        return str(addr[0])
    return str(addr)
