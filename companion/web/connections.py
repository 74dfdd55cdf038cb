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
    from one client address (None: no cap, as behind a proxy). A body over waitress's
    ``max_request_body_size`` is answered with the site's page (:func:`too_large`)."""
    from waitress import create_server
    from waitress.channel import HTTPChannel
    from waitress.task import ErrorTask
    from waitress.utilities import RequestEntityTooLarge

    server = create_server(app, host=host, port=port, **{**OPTIONS, **options})
    counts = AddressCounts(per_address) if per_address is not None else None

    class Refused(ErrorTask):  # type: ignore[misc]
        """waitress's error answer; a body too large gets the site's 413 page instead."""

        def execute(self) -> None:
            page = (
                too_large(app, self.request)
                if isinstance(self.request.error, RequestEntityTooLarge)
                else None
            )
            if page is None:
                return super().execute()  # type: ignore[no-any-return]
            status, headers, body = page
            self.status = status
            self.response_headers.extend(headers)
            self.set_close_on_finish()
            self.content_length = len(body)
            self.write(body)
            return None

    class Channel(HTTPChannel):  # type: ignore[misc]
        """waitress's channel, counted per address; over the cap it closes at once."""

        error_task_class = Refused

        def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
            self.counted: str | None = None
            if counts is not None:
                if not counts.take(address_of(addr)):
                    sock.close()  # never registered with waitress: it forgets it
                    return
                self.counted = address_of(addr)
            try:
                super().__init__(server, sock, addr, adj, map)
            except BaseException:
                if counts is not None:
                    counts.give(address_of(addr))
                raise

        def del_channel(self, map: Any = None) -> None:
            super().del_channel(map)
            if counts is not None and self.counted is not None:
                counts.give(self.counted)
                self.counted = None

    server.channel_class = Channel
    if counts is not None:
        server.address_counts = counts
    return server


def too_large(app: Any, request: Any) -> tuple[str, list[tuple[str, str]], bytes] | None:
    """The site's 413 page ("Das Formular ist zu groß (höchstens 64 KB).") for a request
    waitress refused unread, in the language its address, session or browser asks for:
    status, headers, body. waitress answers such a body itself, before the app sees it
    (docs/security.md: nothing over 64 KB is read), with its raw English "Request Entity
    Too Large … (generated by waitress)" (new-user trial s14 L1: a 68 KB photo sent
    without the page's script). None where ``app`` (or the ``app`` a late wrapper holds,
    as ``companion serve``'s) is no Flask app yet: waitress's own answer then."""
    from flask import Flask
    from werkzeug.exceptions import RequestEntityTooLarge

    flask_app = app if isinstance(app, Flask) else getattr(app, "app", None)
    if not isinstance(flask_app, Flask):
        return None
    path = request.path + (f"?{request.query}" if request.query else "")
    asked = {"COOKIE": "Cookie", "ACCEPT_LANGUAGE": "Accept-Language", "HOST": "Host"}
    headers = {name: request.headers[key] for key, name in asked.items() if key in request.headers}
    try:
        with flask_app.test_request_context(path, method=request.command, headers=headers):
            answer = flask_app.handle_user_exception(RequestEntityTooLarge())
            page = flask_app.process_response(flask_app.make_response(answer))
    except Exception:
        log.exception("the 413 page could not be made")
        return None
    body = page.get_data()
    kept = [(k, v) for k, v in page.headers.items() if k.lower() != "content-length"]
    return page.status, kept, body


def address_of(addr: Any) -> str:
    """The client address of an accepted socket's peer (an IP address; a Unix socket
    has none worth counting apart)."""
    if isinstance(addr, tuple) and addr:
        return str(addr[0])
    return str(addr)
