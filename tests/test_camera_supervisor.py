"""The supervisor: a camera that vanishes is retried with back-off and never raises."""

from __future__ import annotations

import itertools

import numpy as np

from companion.camera import CameraError, CameraStatus, Frame, Supervisor


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


class FlakyCamera:
    """A camera that follows a script: "frame", "fail" (read raises), "end" (None).

    ``open_failures`` opens fail first, as a camera that is not plugged in yet.
    """

    description = "flaky camera"

    def __init__(self, script: list[str], open_failures: int = 0) -> None:
        self.script = iter(script)
        self.open_failures = open_failures
        self.opens = self.closes = self.index = 0
        self.is_open = False

    def open(self) -> None:
        if self.open_failures:
            self.open_failures -= 1
            raise CameraError("flaky camera: cannot open (is it plugged in?)")
        self.opens += 1
        self.is_open = True

    def read(self) -> Frame | None:
        assert self.is_open, "read before open"
        step = next(self.script, "end")
        if step == "fail":
            raise OSError(5, "Input/output error")
        if step == "crash":
            raise ZeroDivisionError("a driver bug")
        if step == "end":
            return None
        self.index += 1
        return Frame(np.zeros((2, 2, 3), np.uint8), 0.0, self.index - 1, self.description)

    def close(self) -> None:
        self.closes += 1
        if not self.is_open:
            raise RuntimeError("closing a camera that is gone")
        self.is_open = False


def supervised(camera: FlakyCamera, clock: FakeClock, seen: list[CameraStatus]) -> Supervisor:
    return Supervisor(
        camera,
        initial_delay=1,
        max_delay=4,
        on_status=seen.append,
        clock=clock,
        sleep=clock.sleep,
    )


def test_frames_flow_and_the_status_says_ok() -> None:
    clock, seen = FakeClock(), []
    camera = supervised(FlakyCamera(["frame", "frame"]), clock, seen)
    assert camera.status.state == "starting"
    assert [f.index for f in camera.frames()] == [0, 1]
    assert camera.status.state == "ended" and camera.status.frames == 2
    assert [s.state for s in seen] == ["ok", "ended"]  # no listener call per frame


def test_a_camera_that_is_not_there_yet_is_retried_with_doubling_waits() -> None:
    clock, seen = FakeClock(), []
    flaky = FlakyCamera(["frame"], open_failures=4)
    camera = supervised(flaky, clock, seen)
    assert camera.read() is None
    status = camera.status
    assert status.state == "retrying" and status.problem and status.failures == 1
    assert status.last_error == "flaky camera: cannot open (is it plugged in?)"
    assert status.retry_in(clock()) == 1
    assert camera.read() is None and camera.status.failures == 1  # not due yet: no try
    frames = list(camera.frames())
    assert [f.index for f in frames] == [0]
    retries = [s.next_try for s in seen if s.state == "retrying"]
    assert retries == [1, 1 + 2, 3 + 4, 7 + 4]  # 1 s, 2 s, 4 s, then capped at 4 s
    assert seen[-2].state == "ok" and seen[-2].failures == 0 and seen[-2].last_error is None


def test_a_camera_that_vanishes_mid_game_is_closed_and_reopened() -> None:
    clock, seen = FakeClock(), []
    flaky = FlakyCamera(["frame", "fail", "crash", "frame", "frame"])
    camera = supervised(flaky, clock, seen)
    frames = list(itertools.islice(camera.frames(), 3))
    assert [f.index for f in frames] == [0, 1, 2]
    assert flaky.opens == 3 and flaky.closes == 2
    errors = [s.last_error for s in seen if s.state == "retrying"]
    # a driver's own words name no camera: the page says them with the source
    assert errors == ["flaky camera: [Errno 5] Input/output error", "flaky camera: a driver bug"]
    assert clock() == 1 + 2  # slept through both back-offs, nothing more
    assert camera.status.state == "ok" and camera.status.frames == 3


def test_status_is_json_for_the_page_and_close_stops_everything() -> None:
    clock, seen = FakeClock(), []
    camera = supervised(FlakyCamera([], open_failures=1), clock, seen)
    camera.read()
    assert camera.status.to_json() == {
        "state": "retrying",
        "source": "flaky camera",
        "frames": 0,
        "failures": 1,
        "last_error": "flaky camera: cannot open (is it plugged in?)",
        "retry_in": camera.status.retry_in(),
    }
    with camera:
        pass
    assert camera.status.state == "closed" and camera.read() is None
    assert list(camera.frames()) == []


def test_a_broken_listener_does_not_stop_the_camera() -> None:
    clock = FakeClock()

    def broken(status: CameraStatus) -> None:
        raise RuntimeError("LED on fire")

    camera = Supervisor(FlakyCamera(["frame"]), on_status=broken, clock=clock, sleep=clock.sleep)
    assert camera.read() is not None and camera.status.state == "ok"
