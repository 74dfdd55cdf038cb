"""Open pages cannot starve a form: event streams and camera views are bounded together.

A real waitress server with the thread count `companion serve` uses: every stream slot is
taken by a page held open on a socket, one more stream is refused (503, Retry-After),
and a referee's form still answers at once.
"""

from __future__ import annotations

import http.cookiejar
import socket
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator

import pytest
from conftest import csrf_of, on_synthetic_camera, position, served

from companion.web import Table, create_app
from companion.web.streams import MAX_CAMERA_VIEWS, MAX_STREAMS, THREADS, StreamSlots

PIN = "2468"


def serve(app, threads: int) -> tuple[str, object]:  # type: ignore[no-untyped-def]
    url, server = served(app, threads)
    return url.removeprefix("http://"), server


def hold(address: str, path: str) -> tuple[socket.socket, bytes]:
    """Open ``path`` as a page would and keep it open; the socket and the response head."""
    host, port = address.split(":")
    s = socket.create_connection((host, int(port)), timeout=10)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: {address}\r\nAccept-Language: en\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        assert chunk, f"{path}: the server closed the connection"
        head += chunk
    return s, head


class Referee:
    """A browser of the referee: cookies, the PIN entered once, forms with their token."""

    def __init__(self, address: str) -> None:
        self.base = f"http://{address}"
        jar = urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        self.opener = urllib.request.build_opener(jar)
        self.post("/unlock", pin=PIN)

    def post(self, path: str, timeout: float = 5, **data: str) -> int:
        page = self.opener.open(f"{self.base}/unlock", timeout=timeout).read().decode()
        token = csrf_of(page)
        body = urllib.parse.urlencode({**data, "csrf_token": token}).encode()
        with self.opener.open(f"{self.base}{path}", body, timeout=timeout) as response:
            return int(response.status)


@pytest.fixture
def site() -> Iterator[tuple[str, object]]:
    table = Table.new(position())
    live = on_synthetic_camera(table)
    assert live.step() is not None  # a frame, so that a camera view starts at once
    app = create_app(
        {
            "TABLE": table,
            "LIVE": live,
            "REFEREE_PIN": PIN,
            "WRONG_PIN_PAUSE": 0,
            "PER_ADDRESS": (MAX_STREAMS, MAX_CAMERA_VIEWS),  # every page here is 127.0.0.1
        }
    )
    address, server = serve(app, THREADS)
    yield address, app
    app.extensions["companion_events"].close_all()
    server.close()  # type: ignore[attr-defined]


def test_the_numbers_leave_threads_for_forms():
    assert MAX_CAMERA_VIEWS < MAX_STREAMS <= THREADS - 8


def test_a_form_answers_while_every_stream_slot_is_taken(site):
    address, app = site
    views = [hold(address, "/camera.mjpg") for _ in range(MAX_CAMERA_VIEWS)]
    streams = [hold(address, "/events") for _ in range(MAX_STREAMS - MAX_CAMERA_VIEWS)]
    try:
        assert all(head.startswith(b"HTTP/1.1 200") for _, head in views + streams)
        for path in ("/events", "/camera.mjpg"):
            refused, head = hold(address, path)
            refused.close()
            assert head.startswith(b"HTTP/1.1 503"), head
            assert b"Retry-After: 10" in head
        start = time.monotonic()
        assert Referee(address).post("/confirm") == 200  # redirected to the table page
        assert time.monotonic() - start < 5
        assert app.config["TABLE"].referee.phase.name == "ROLL"
    finally:
        for s, _ in views + streams:
            s.close()


def test_a_closed_page_gives_its_slot_back(site):
    address, _ = site
    views = [hold(address, "/camera.mjpg") for _ in range(MAX_CAMERA_VIEWS)]
    try:
        assert hold(address, "/camera.mjpg")[1].startswith(b"HTTP/1.1 503")
        views.pop()[0].close()  # one phone goes away; its next frame fails to send
        deadline = time.monotonic() + 5
        while (head := hold(address, "/camera.mjpg"))[1].startswith(b"HTTP/1.1 503"):
            head[0].close()
            assert time.monotonic() < deadline, "the slot of a closed view never came back"
            time.sleep(0.2)
        views.append(head)
    finally:
        for s, _ in views:
            s.close()


def test_without_a_bound_open_pages_starve_a_form():
    """Why the bound: with as many streams as threads, a form waits for a page to close."""
    app = create_app(
        {"TABLE": Table.new(position()), "REFEREE_PIN": PIN, "WRONG_PIN_PAUSE": 0, "MAX_STREAMS": 4}
    )
    address, server = serve(app, threads=4)
    streams = [hold(address, "/events") for _ in range(4)]
    try:
        with pytest.raises(OSError):  # a timeout: no thread is free to answer
            urllib.request.urlopen(f"http://{address}/unlock", timeout=1)
    finally:
        for s, _ in streams:
            s.close()
        app.extensions["companion_events"].close_all()
        server.close()  # type: ignore[attr-defined]


def test_slots_are_counted_together_and_given_back_once():
    slots = StreamSlots(max_streams=3, max_views=1)
    assert slots.take(camera=True) and not slots.take(camera=True)
    assert slots.take() and slots.take() and not slots.take()
    give = slots.giver(camera=True)
    give()
    give()  # the server may close twice; the slot is given back once
    assert (slots.streams, slots.views) == (2, 0)


def test_a_third_phone_sees_the_camera_in_stills_while_both_views_are_taken(site):
    address, _ = site
    views = [hold(address, "/camera.mjpg") for _ in range(MAX_CAMERA_VIEWS)]
    try:
        for _ in range(10):  # any number of phones: a still holds no slot
            with urllib.request.urlopen(f"http://{address}/camera.jpg", timeout=5) as still:
                assert still.status == 200 and still.headers["Content-Type"] == "image/jpeg"
                assert still.read(3) == b"\xff\xd8\xff"
    finally:
        for s, _ in views:
            s.close()
