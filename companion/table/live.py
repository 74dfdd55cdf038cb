"""The live camera: a thread that feeds the referee from the camera, and the page's view.

``companion serve`` reads frames from the supervised camera (picamera2, USB, replay, or
the synthetic camera), hands each to the :class:`~companion.table.watch.Watcher` under the
table's lock, and keeps the last frame and what was made of it for the page's MJPEG view
(a JPEG is encoded only when a page asks for it). A camera that vanishes is retried by
the supervisor; this loop only waits, it never raises.

Off the Pi the synthetic camera photographs the table's own position
(:func:`table_photographer`), so the whole chain — picture, board reader, still wait,
referee — runs on any machine.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import cv2
import numpy as np

from companion.camera import Supervisor
from companion.model.layout import Layout
from companion.model.position import Position
from companion.store.journalcheck import JournalError
from companion.table.table import Table
from companion.table.watch import CANNOT_FIND, Glance, Image, Watcher
from companion.texts import language, number, render, text
from companion.vision import overlay
from companion.vision.board.reader import BoardReader
from companion.vision.board.still import BoardWatcher

if TYPE_CHECKING:
    from companion.synth.board import Camera
    from companion.tray.session import Tray
    from companion.tray.synthetic import TrayCamera
    from companion.vision.board.locate import FloatArray

log = logging.getLogger("companion.table.live")


class Live:
    """The camera loop of one table. :meth:`start` it; :meth:`jpeg` is the latest view."""

    def __init__(
        self,
        table: Table,
        camera: Supervisor,
        watcher: Watcher,
        photographer: TablePhotographer | None = None,
    ) -> None:
        self.table, self.camera, self.watcher = table, camera, watcher
        #: the synthetic camera's renderer, when the camera is the synthetic one
        self.photographer = photographer
        #: the dice tray the frames go to instead of the referee (docs/tray.md), or None
        self.tray: Tray | None = None
        self.frames = 0
        self.glance: Glance | None = None
        # frame number, picture, glance and the reader that read it (a reference, not a copy)
        self._last: tuple[int, Image, Glance, BoardReader] | None = None
        # the view of that frame number in each language asked for (the overlay's words)
        self._jpeg: dict[str | None, tuple[int, bytes]] = {}
        self._stop = threading.Event()
        self._unwritten: str | None = None  # the journal's last refusal, said once
        self._unfound: object = None  # why no frame can show the board, said once
        self._failed = ""  # the camera loop's last failure, logged once
        self._thread: threading.Thread | None = None
        self._view_lock = threading.Lock()
        #: whether the board reader can read: serve's is built in a thread of its own,
        #: and the camera waits for it here, where a stop is heard (a frame taken before
        #: blocks on the build where none is, then goes on in OpenCV past serve's end)
        self.reader_ready: Callable[[], bool] = lambda: True

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Ask the camera's thread to stop and wait ``timeout`` seconds for it; a thread
        still in a camera read then (a hung USB ``VideoCapture.read``, in native code where
        no stop is heard) is said in the log and left: serve exits without it (a daemon thread)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                log.warning("%s", text("serve.camera_stuck", seconds=number(timeout)))

    def step(self) -> Glance | None:
        """Read and judge one frame (the thread's loop body; tests call it directly)."""
        frame = self.camera.read()
        if frame is None:
            return None
        tray = self.tray
        if tray is not None:  # a dice tray: its own settle wait, its own journal events
            return self._tray_step(tray, frame.image)
        glance = self.watcher.look(frame.image)  # vision, without the table's lock
        with self.table.lock:  # the referee of this moment (a new game has a new one)
            self.watcher.referee = self.table.referee
            try:
                glance = self.watcher.tell(glance, self.table.referee, frame.timestamp)
                if self.table.journal is None or self.table.journal.problem is None:
                    self._unwritten = None  # it writes again
            except JournalError as exc:
                self._not_written(exc)
        self._cannot_find(glance)
        self.frames += 1
        self.glance = glance
        with self._view_lock:
            self._last = (self.frames, frame.image, glance, self.watcher.board.reader)
        return glance

    def _cannot_find(self, glance: Glance) -> None:
        """Say in the log once, not per frame, that no frame can show the board until it
        is calibrated (a board without markers and no corners: trial s13 logged a
        traceback a second), and once more when that changes."""
        waits = glance.busy
        why = waits.said() if waits is not None and waits.kind in CANNOT_FIND else None
        if why == self._unfound:
            return
        if why is not None:
            log.warning("%s", text("log.camera_cannot_find", why=why))
        elif self._unfound is not None:
            log.info("%s", text("log.camera_finds_again"))
        self._unfound = why

    def _tray_step(self, tray: Tray, image: Image) -> Glance:
        """One frame for the dice tray; a journal that refuses is said once, as a game's."""
        try:
            outcome = tray.frame(image)
            self._unwritten = None
        except JournalError as exc:
            if str(exc) != self._unwritten:
                self._unwritten = str(exc)
                log.warning("%s", text("log.camera_roll_waits", why=exc))
            tray.settle.reset()
            outcome = tray.last
        still = outcome.state == "roll"
        glance = Glance(
            "dice", still, note=outcome.note, dice=outcome.reading, dice_scale=outcome.scale
        )
        self.frames += 1
        self.glance = glance
        with self._view_lock:
            self._last = (self.frames, image, glance, self.watcher.board.reader)
        return glance

    def _not_written(self, exc: JournalError) -> None:
        """The journal refused what the camera saw (a full disk): the referee is as it
        was, and the watcher forgets the still board and the settled roll, so that it
        tells them again once the journal writes. Said in the log once, not per frame."""
        if str(exc) != self._unwritten:
            self._unwritten = str(exc)
            log.warning("%s", text("log.camera_board_waits", why=exc))
        board = self.watcher.board
        self.watcher.board = BoardWatcher(board.reader, board.still_frames, board.change)
        self.watcher.dice.reset()

    def jpeg(self, lang: str | None = None) -> bytes | None:
        """The last frame with the watcher's reading drawn over it, as a JPEG.

        Made when a page asks for it, once per frame however many pages watch, so that a
        camera nobody looks at costs no JPEG encoding (about 9 ms a 1280x960 frame).
        """
        with self._view_lock:
            if self._last is None:
                return None
            number, image, glance, reader = self._last
            kept = self._jpeg.get(lang)
            if kept is None or kept[0] != number:
                view = _overlay(image, glance, reader, lang)
                ok, data = cv2.imencode(".jpg", view, [cv2.IMWRITE_JPEG_QUALITY, 75])
                if not ok:
                    return kept[1] if kept else None
                kept = self._jpeg[lang] = (number, data.tobytes())
            return kept[1]

    def full_jpeg(self) -> bytes | None:
        """The latest frame as the camera gave it, at its own resolution and with nothing
        drawn on it, as a JPEG: the photo ``calibrate corners`` and ``calibrate check``
        take their pixels from while serve holds the camera (trial s13 M2: the view is at
        most 960 px wide, and ``rpicam-still`` cannot open a camera serve holds). Encoded
        for each asking, at quality 95: it is asked for once, not streamed."""
        image = self.frame()
        if image is None:
            return None
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 95])
        return data.tobytes() if ok else None

    def frame(self) -> Image | None:
        """The latest frame as the camera gave it (the calibration page captures it)."""
        with self._view_lock:
            return self._last[1] if self._last is not None else None

    def use_reader(self, reader: BoardReader) -> None:
        """Read the board with ``reader`` from the next frame on (a new calibration)."""
        self.watcher.board = BoardWatcher(reader, self.watcher.board.still_frames)

    def _run(self) -> None:
        while not self._stop.is_set():
            if self.tray is None and not self.reader_ready():  # a tray needs no board reader
                self._stop.wait(0.1)
                continue
            try:
                if self.step() is None:
                    self._stop.wait(0.2)  # retrying, or a replay ended
            except Exception as exc:  # a reader bug must not stop the referee; it is logged
                said = f"{type(exc).__name__}: {exc}"
                if said != self._failed:  # once, not every second: again when it changes
                    log.exception("camera loop: frame %d failed", self.frames)
                self._failed = said
                self._stop.wait(1.0)


#: The camera view's widest picture (px): the page's view and /camera.jpg.
VIEW_WIDTH = 960


def view_scale(width: int) -> float:
    """The camera view's pixels per pixel of a frame ``width`` px wide (at most 1): a
    point read off the view is the frame's point times this (the calibration page)."""
    return min(1.0, VIEW_WIDTH / width)


def _overlay(image: Image, glance: Glance, reader: BoardReader, lang: str | None = None) -> Image:
    """The frame at most :data:`VIEW_WIDTH` px wide, with what the watcher read drawn and
    written on it (in ``lang``, the language of the page that asks; None: the referee's)."""
    scale = view_scale(image.shape[1])
    view: Image = np.ascontiguousarray(cv2.resize(image, None, fx=scale, fy=scale), np.uint8)
    if glance.read is not None and glance.location is not None:
        overlay.draw_board(view, glance.read, glance.location, reader, scale)
    if glance.dice_tray is not None:
        overlay.draw_tray(view, glance.dice_tray)
    if glance.dice is not None:
        overlay.draw_dice(view, glance.dice, glance.dice_scale * scale)
    colour = (80, 200, 80) if glance.still else (60, 180, 240)
    cv2.rectangle(view, (0, 0), (view.shape[1], 28), (20, 20, 20), -1)
    write_line(view, overlay_line(glance, lang)[:90], colour)
    return view


def overlay_line(glance: Glance, lang: str | None = None) -> str:
    """The line written over the camera's view: what the frame was, still or waiting,
    and what was seen or why it waits ("Brett: wartet  etwas liegt über S3 von Gelb …")."""
    lang = lang or language()
    state = text("watch.still" if glance.still else "watch.waiting")
    words = (text("watch." + glance.kind), state, glance.note)
    return "{}: {}  {}".format(*(render(w, lang) for w in words))


#: The umlauts, drawn as their letter with two dots over it: the Hershey font has none.
UMLAUTS = {"ä": "a", "ö": "o", "ü": "u", "Ä": "A", "Ö": "O", "Ü": "U"}


def font_letters(line: str) -> str:
    """The line in the letters OpenCV's Hershey font has, and the umlauts, which
    :func:`write_line` draws ("Würfel", not "Wuerfel": new-user trial s13 L2): the view is
    one picture for every phone, written in the referee's language."""
    line = line.replace("ß", "ss").replace("−", "-").replace("→", "->")
    for mark, plain in (("–", "-"), ("—", "-"), ("„", '"'), ("“", '"'), ("”", '"'), ("…", "...")):
        line = line.replace(mark, plain)  # a dash for the dash, not "?" (trial s13 L2)
    return "".join(c if c.isascii() or c in UMLAUTS else "?" for c in line)


def write_line(view: Image, line: str, colour: tuple[int, int, int]) -> None:
    """Write ``line`` at the top left of ``view``: in the font's letters, each umlaut as
    its letter with two dots drawn over it where the font has none."""
    font, size = cv2.FONT_HERSHEY_SIMPLEX, 0.6
    line = font_letters(line)
    plain = "".join(UMLAUTS.get(c, c) for c in line)
    left, base = 8, 20
    cv2.putText(view, plain, (left, base), font, size, colour, 1, cv2.LINE_AA)
    for i, letter in enumerate(line):
        if letter not in UMLAUTS:
            continue
        x = left + cv2.getTextSize(plain[:i], font, size, 1)[0][0]
        (wide, high), _ = cv2.getTextSize(plain[i], font, size, 1)
        y = base - high - 2 if letter.isupper() else base - (high * 2) // 3 - 3
        for dx in (wide // 3, (2 * wide) // 3):
            cv2.circle(view, (x + dx, y), 1, colour, -1, cv2.LINE_AA)


class TablePhotographer:
    """Frames for the synthetic camera: the table's position as a camera would see it.

    A photo is rendered only when the position changes (it takes a few hundred ms); the
    same picture is returned until then (the renderer already adds sensor noise), so a
    frame costs the synthetic camera nothing. The photo is a big step
    (:func:`companion.settings.memory.big_step`): not beside the board reader's build, and its
    scratch memory given back to the system at once. :meth:`photo` shows any
    other position in the same scene: the calibration page's captures of the empty board
    and of the start on the synthetic camera.

    :meth:`throw` is the dice tray of a real table: "Würfel lesen" on the synthetic
    camera throws the game's dice (two d6, or Miwin's three), and the camera shows that
    tray until the referee has a roll (or :data:`TRAY_SECONDS` passed), then the board.
    """

    #: The longest the thrown dice are shown when no roll comes of them.
    TRAY_SECONDS = 10.0

    def __init__(self, table: Table, seed: int = 0) -> None:
        self.table, self.seed = table, seed
        self._rng = np.random.default_rng(seed)
        self._key: object = None
        self._image: Image | None = None
        self.thrown: tuple[int, ...] | None = None  # the values of the last throw
        #: the synthetic dice tray shown instead of the table (docs/tray.md), or None
        self.tray_camera: TrayCamera | None = None
        self._tray: tuple[Image, float] | None = None  # its picture and when it was thrown

    def subject(self) -> Position:
        """What the camera looks at: the table's position."""
        return self.table.position

    def throw(self) -> tuple[int, ...] | None:
        """Throw the table's game's dice into the tray: the values as the game says a
        roll (two d6 the larger first, ``dice.in_order``; Miwin's III, IV, V), shown from
        the next frame on; None where the game waits for no roll of its dice (TENET's
        single die for the stone is typed)."""
        from companion.games.game import game
        from companion.synth.dice import render_scene, scene_options

        position = self.subject()
        rules = game(position.game)
        inputs = rules.dice_inputs(position)
        kind = position.spec.dice
        if kind == "miwin" and len(inputs) != 3:
            return None
        values = tuple(int(self._rng.choice(faces)) for _, faces in inputs)
        options = scene_options(kind=kind, values=values, touching=0.0, max_tilt=10.0)
        self._tray = (render_scene(self._rng, options).image, time.monotonic())
        self.thrown = values
        return rules.parse_roll(",".join(map(str, values)))  # as the referee will say it

    def __call__(self) -> Image:
        if self.tray_camera is not None:
            return self.tray_camera()
        if self._tray is not None:
            image, since = self._tray
            waiting = self.table.referee.roll is None
            if waiting and time.monotonic() - since < self.TRAY_SECONDS:
                return image
            self._tray = None
        position = self.subject()
        key = (position.layout.name, position.placement)
        if self._image is None or self._key != key:
            self._image, self._key = self.photo(position), key
        return self._image

    def photo(self, position: Position | Layout) -> Image:
        """``position`` (a Layout: the empty board) photographed by the synthetic camera.

        A board with markers is found wherever it lies, so each photo may stand the
        camera elsewhere (the reader is tested on every pose). A board without markers is
        found only by the corners calibrated on one frame: its camera stands still
        (:meth:`pose`), as a real one does over a club's board (trial s13 L8: the empty
        board and the start taken from two poses could not be calibrated)."""
        from companion.settings.memory import big_step
        from companion.synth import default_camera, photograph

        layout = position if isinstance(position, Layout) else position.layout
        camera, rvec, tvec = (default_camera(), None, None)
        if not layout.markers:
            camera, rvec, tvec = self.pose(layout)
        with big_step():  # not beside the reader's build; its scratch given back after
            shot = photograph(
                position, self._rng, camera=camera, rvec=rvec, tvec=tvec, scene_seed=self.seed
            )
            image = shot.image
            del shot
        return image

    def pose(self, layout: Layout) -> tuple[Camera, FloatArray, FloatArray]:
        """The synthetic camera and where it stands over ``layout`` for every photo of a
        board without markers: the same for one seed (the corners a test or the page sets
        on one frame fit the next)."""
        from companion.synth import default_camera
        from companion.synth.board import random_pose

        camera = default_camera()
        rng = np.random.default_rng([self.seed, 13])
        rvec, tvec = random_pose(layout.width, layout.height, camera, rng)
        return camera, rvec, tvec


def table_photographer(table: Table, seed: int = 0) -> TablePhotographer:
    """The synthetic camera's frames of ``table`` (see :class:`TablePhotographer`)."""
    return TablePhotographer(table, seed)


def wait_for(predicate: Callable[[], bool], timeout: float) -> bool:
    """Poll ``predicate`` until true or ``timeout`` seconds passed (tests, start-up)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()
