"""A camera unplugged mid-game: the referee goes on, the page and the LEDs say so, it is
retried with doubling waits, and when it is back everything is as before."""

from __future__ import annotations

import re
import time

import numpy as np
from conftest import mock_panel, position

from companion.camera import CameraError, Frame, Supervisor
from companion.table.live import Live
from companion.table.table import Table
from companion.table.watch import Watcher
from companion.vision import BoardReader
from companion.web import create_app

OK, BAD = 20, 21  # the default verdict LEDs


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class UsbCable:
    """A camera on a cable that the test pulls and puts back."""

    description = "usb camera /dev/video0"

    def __init__(self) -> None:
        self.plugged, self.reads, self.opens = True, 0, 0

    def open(self) -> None:
        self.opens += 1
        if not self.plugged:
            raise CameraError("/dev/video0: no such device")

    def read(self) -> Frame | None:
        self.reads += 1
        if not self.plugged:
            raise CameraError("/dev/video0: no frame (unplugged?)")
        return Frame(np.full((48, 64, 3), 90, np.uint8), 0.0, self.reads, self.description)

    def close(self) -> None:
        pass


def test_an_unplugged_camera_is_on_the_page_and_the_leds_until_it_is_back():
    table, cable, clock = Table.new(position()), UsbCable(), Clock()
    with mock_panel() as (panel, pins):
        camera = Supervisor(
            cable, initial_delay=1, max_delay=4, on_status=panel.camera_status, clock=clock
        )
        live = Live(table, camera, Watcher(table.referee, BoardReader(table.position.layout)))
        app = create_app({"TABLE": table, "LIVE": live, "PANEL": panel, "TESTING": True})
        page, news = app.test_client(), app.extensions["companion_events"].subscribe()
        assert live.step() is not None
        assert '"state": "ok"' in news.get_nowait()

        cable.plugged = False
        assert live.step() is None  # no exception reaches the camera loop
        assert page.get("/state.json").json["camera"]["state"] == "retrying"
        assert "The camera sees nothing: usb camera /dev/video0" in page.get(
            "/status?lang=en"
        ).get_data(as_text=True)
        assert "retrying" in news.get_nowait()  # open pages are told at once
        assert panel.state().camera_problem
        # both verdict LEDs blink together (no verdict ever lights both): seen lit at once
        # within a few blinks (a loaded machine runs the blink thread late)
        deadline, both = time.monotonic() + 5.0, False
        while not both and time.monotonic() < deadline:
            both = [pins.pin(p).state for p in (OK, BAD)] == [True, True]
            time.sleep(0.01)
        assert both

        opens = cable.opens
        assert live.step() is None and cable.opens == opens  # not before the wait is over
        clock.now = 1.0
        assert live.step() is None and cable.opens == opens + 1  # tried again: still out
        assert page.get("/state.json").json["camera"]["failures"] == 2
        assert camera.status.retry_in(clock.now) == 2.0  # the wait doubled

        cable.plugged = True
        clock.now = 3.0
        assert live.step() is not None
        assert page.get("/state.json").json["camera"]["state"] == "ok"
        assert "camera-problem" not in page.get("/status").get_data(as_text=True)
        assert not panel.state().camera_problem
        assert [pins.pin(p).state for p in (OK, BAD)] == [False, False]  # no verdict yet


class Missing:
    """OpenCV's VideoCapture of a device that is not there."""

    def __init__(self, device: object, backend: int) -> None:
        pass

    def isOpened(self) -> bool:  # OpenCV spells it so
        return False

    def release(self) -> None:
        pass


def test_a_missing_camera_is_one_sentence_in_german_in_the_log_and_on_the_page(monkeypatch, caplog):
    # trial s8: "camera: usb camera /dev/video7 failed (usb camera /dev/video7: cannot open
    # (is it plugged in?)); try 2 in 1.0 s" under language "de", the page alike
    from companion.camera import usb
    from companion.texts import language, set_language

    monkeypatch.setattr(usb.cv2, "VideoCapture", Missing)
    was = language()
    set_language("de")
    try:
        table = Table.new(position())
        camera = Supervisor(usb.UsbSource(7))
        live = Live(table, camera, Watcher(table.referee, BoardReader(table.position.layout)))
        app = create_app({"TABLE": table, "LIVE": live, "TESTING": True})
        with caplog.at_level("WARNING"):
            assert live.step() is None
        line = "keine Kamera an /dev/video7 – bitte das USB-Kabel einstecken"
        assert caplog.messages == [f"Kamera: {line}; Versuch 2 in 1 s"]
        page = app.test_client().get("/status?lang=de").get_data(as_text=True)
        said = page.split('role="alert">')[1].split("</p>")[0]
        # the page counts down on the wall clock: 1 s, or 0 s when the machine is slow
        said = re.sub(r"in [01] s$", "in 1 s", " ".join(said.split()))
        assert said == f"⚠ Die Kamera sieht nichts: {line} · nächster Versuch in 1 s"
        english = app.test_client().get("/status?lang=en").get_data(as_text=True)
        assert "no camera at /dev/video7 – plug in its USB cable" in english
    finally:
        set_language(was)
