"""What one client can take from the referee's server: no body over the limit reaches
the disk, no address holds every live slot, and a closed page frees its slot at once."""

from __future__ import annotations

import socket
import tempfile
import time
from collections.abc import Iterator

import pytest
from conftest import position, served

from companion.web import Table, create_app
from companion.web.streams import MAX_BODY, SERVER_OPTIONS, StreamSlots


@pytest.fixture()
def site() -> Iterator[tuple[str, object]]:
    app = create_app({"TABLE": Table.new(position()), "REFEREE_PIN": "246813"})
    url, server = served(app, **{**SERVER_OPTIONS, "threads": 8})
    yield url.removeprefix("http://"), app
    app.extensions["companion_events"].close_all()
    server.close()


def connect(address: str) -> socket.socket:
    host, port = address.split(":")
    return socket.create_connection((host, int(port)), timeout=5)


def head_of(s: socket.socket) -> bytes:
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    return head


def test_a_body_over_the_limit_is_refused_before_it_is_sent(site, monkeypatch):
    address, _ = site
    spooled = []
    real = tempfile.TemporaryFile
    monkeypatch.setattr(tempfile, "TemporaryFile", lambda *a, **k: spooled.append(1) or real())
    s = connect(address)
    s.sendall(
        f"POST /unlock HTTP/1.1\r\nHost: {address}\r\nContent-Length: 300000000\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n\r\n".encode()
    )
    s.sendall(b"x" * 100_000)  # the rest never comes: the answer must not wait for it
    start = time.monotonic()
    assert head_of(s).startswith(b"HTTP/1.1 413")
    assert time.monotonic() - start < 2
    s.close()
    assert spooled == []


def test_a_body_under_the_limit_stays_in_memory():
    assert SERVER_OPTIONS["max_request_body_size"] == MAX_BODY
    assert SERVER_OPTIONS["inbuf_overflow"] > MAX_BODY  # never spooled to a temp file


def test_one_address_cannot_take_every_slot():
    slots = StreamSlots(max_streams=32, max_views=2, per_address=(6, 1))
    assert all(slots.take(address="10.0.0.1") for _ in range(6))
    assert not slots.take(address="10.0.0.1")
    assert slots.take(camera=True, address="10.0.0.2")
    assert not slots.take(camera=True, address="10.0.0.2")
    assert slots.take(camera=True, address="10.0.0.3")  # another phone gets the other view
    give = slots.giver(address="10.0.0.1")
    give()
    assert slots.take(address="10.0.0.1")


def test_one_address_is_refused_its_seventh_stream_on_the_page(site):
    address, _ = site
    held = []
    try:
        for _ in range(6):
            s = connect(address)
            s.sendall(f"GET /events HTTP/1.1\r\nHost: {address}\r\n\r\n".encode())
            assert head_of(s).startswith(b"HTTP/1.1 200")
            held.append(s)
        s = connect(address)
        s.sendall(f"GET /events HTTP/1.1\r\nHost: {address}\r\n\r\n".encode())
        assert head_of(s).startswith(b"HTTP/1.1 503")
        s.close()
    finally:
        for s in held:
            s.close()


def test_a_closed_event_stream_frees_its_slot_within_two_seconds(site):
    address, app = site
    slots: StreamSlots = app.extensions["companion_streams"]
    s = connect(address)
    s.sendall(f"GET /events HTTP/1.1\r\nHost: {address}\r\n\r\n".encode())
    assert head_of(s).startswith(b"HTTP/1.1 200")
    assert slots.streams == 1
    s.close()
    start = time.monotonic()
    while slots.streams and time.monotonic() - start < 5:
        time.sleep(0.05)
    assert slots.streams == 0 and time.monotonic() - start < 2


def test_behind_a_proxy_each_phone_keeps_its_own_address():
    app = create_app({"TABLE": Table.new(position()), "BEHIND_PROXY": True, "MAX_STREAMS": 32})
    app.config["SSE_TEST_SECONDS"] = 0.01
    client = app.test_client()
    for n in range(8):  # eight phones through one proxy: not one address
        response = client.get("/events", headers={"X-Forwarded-For": f"192.168.1.{n}"})
        assert response.status_code == 200
