"""One client address cannot keep the others off the page: its connections are capped
when they are accepted, and an idle connection is closed after a few seconds. Loopback
only: 127.0.0.2 is a second address on the same machine."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import position

from companion.web import Table, create_app
from companion.web.connections import AddressCounts, guarded_server
from companion.web.streams import SERVER_OPTIONS

Start = Callable[..., tuple[str, int]]


@pytest.fixture()
def serve() -> Iterator[Start]:
    """Starts the page on a free loopback port with the settings of ``companion serve``."""
    servers: list[Any] = []
    apps: list[Any] = []

    def start(**options: Any) -> tuple[str, int]:
        app = create_app({"TABLE": Table.new(position()), "REFEREE_PIN": "246813"})
        server = guarded_server(app, "127.0.0.1", 0, **{**SERVER_OPTIONS, "threads": 8, **options})
        servers.append(server)
        apps.append(app)

        def run() -> None:
            with contextlib.suppress(OSError):
                server.run()

        threading.Thread(target=run, daemon=True).start()
        return "127.0.0.1", server.effective_port

    yield start
    for app in apps:
        app.extensions["companion_events"].close_all()
    for server in servers:
        server.close()


def get(address: tuple[str, int], source: str, path: str = "/") -> bytes:
    """The status line of ``GET path`` sent from the loopback address ``source``."""
    with socket.create_connection(address, timeout=5, source_address=(source, 0)) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {address[0]}\r\n\r\n".encode())
        return s.makefile("rb").readline()


def idle(address: tuple[str, int], source: str, count: int) -> list[socket.socket]:
    """``count`` connections from ``source`` that send nothing."""
    return [
        socket.create_connection(address, timeout=5, source_address=(source, 0))
        for _ in range(count)
    ]


def closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        return s.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def still_open(s: socket.socket) -> bool:
    s.settimeout(0.2)
    try:
        return s.recv(1) != b""
    except TimeoutError:
        return True


def test_500_idle_connections_of_one_address_leave_the_page_to_another(serve):
    address = serve()
    assert get(address, "127.0.0.2").startswith(b"HTTP/1.1 200")  # templates compiled
    flood = idle(address, "127.0.0.1", 500)
    try:
        time.sleep(0.5)  # the server has accepted what it accepts
        start = time.monotonic()
        assert get(address, "127.0.0.2").startswith(b"HTTP/1.1 200")
        assert time.monotonic() - start < 1.0
    finally:
        for s in flood:
            s.close()


def test_connections_over_the_cap_are_closed_at_once(serve):
    address = serve(per_address=4)
    held = idle(address, "127.0.0.1", 6)
    try:
        assert not any(closed_by_server(s, 0.3) for s in held[:4])
        assert all(closed_by_server(s, 2.0) for s in held[4:])
        assert get(address, "127.0.0.2").startswith(b"HTTP/1.1 200")
    finally:
        for s in held:
            s.close()
    time.sleep(0.3)  # closed ones are counted out: the address may connect again
    assert get(address, "127.0.0.1").startswith(b"HTTP/1.1 200")


def test_an_idle_connection_is_closed_but_a_stream_is_not(serve):
    address = serve(channel_timeout=1, cleanup_interval=0.5)
    quiet = idle(address, "127.0.0.1", 1)[0]
    stream = socket.create_connection(address, timeout=5)
    stream.sendall(f"GET /events HTTP/1.1\r\nHost: {address[0]}\r\n\r\n".encode())
    assert stream.recv(12) == b"HTTP/1.1 200"
    assert closed_by_server(quiet, 4.0)
    assert still_open(stream)  # a running request is never idle
    quiet.close()
    stream.close()


def test_the_settings_of_companion_serve_close_idle_connections_within_seconds():
    from companion.web.connections import IDLE_SECONDS, MAX_CONNECTIONS, MAX_PER_ADDRESS, OPTIONS

    assert OPTIONS["channel_timeout"] == IDLE_SECONDS <= 15
    assert MAX_CONNECTIONS >= 10 * MAX_PER_ADDRESS
    assert "channel_timeout" not in SERVER_OPTIONS  # the connections' settings stand


def test_addresses_are_counted_apart_and_given_back():
    counts = AddressCounts(per_address=2)
    assert counts.take("10.0.0.1") and counts.take("10.0.0.1")
    assert not counts.take("10.0.0.1")
    assert counts.take("10.0.0.2")
    counts.give("10.0.0.1")
    assert counts.take("10.0.0.1")
    assert counts.refused == 1
