"""The watcher: camera frames in, the referee's verdicts out.

One class for the live camera and for ``companion replay``: :meth:`Watcher.feed` takes one
frame and returns what it made of it (a :class:`Glance`), including the referee's verdict
when the frame completed an observation. It keeps no clock and opens no camera, so a
recorded game replays exactly as it was watched.

How a frame is told apart (docs/referee.md):

* **Board frame** — the board's markers are found. The frame goes to the still-board
  watcher (:class:`~companion.vision.board.still.BoardWatcher`); a busy frame (a hand over the
  board, a piece on its way, fields still changing) is ignored, and only once the board has
  stood still for ``still_frames`` frames is it handed to the referee as a still board.
* **Dice frame** — no board in the frame: the camera looks at the dice tray. The frame is
  read at ``dice_width`` pixels across (the pip reader needs no more) and fed to the
  :class:`~companion.vision.dice.settle.SettleDetector`; a die still rolling (motion blur) or
  dice that moved between frames are ignored, and only a settled roll reaches the referee.
  A board frame between two throws makes the next settled roll news even if the dice
  happen to show the same values at the same place; the very picture a roll was read from
  never is (after a forced pass the tray still shows it: trial s10). With a calibrated tray
  (``dice_tray``, fractions of the frame) only the tray's part of the view is read: dice
  on a keyboard or a board beside it are not. Two d6 go to the referee larger
  first; TENET's Miwin dice (``dice_kind="miwin"``) in the order III, IV, V. A dice
  frame is read at the one pyramid level where the last sure dice were read
  (:class:`~companion.vision.dice.steady.SteadyDice`; empty trays and rolling dice too),
  read afresh at every level after the board was seen or the tray calibrated anew.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import CompanionError
from companion.games import game_spec
from companion.model.boards import seen as seen_board
from companion.table.answers import Phase, Verdict
from companion.table.busy import Busy, busy
from companion.table.referee import Referee
from companion.texts import text, text_n
from companion.vision.board.locate import Location
from companion.vision.board.reader import BoardRead, BoardReader
from companion.vision.board.still import BoardWatcher, Observation
from companion.vision.dice.reader import DEFAULT_PROFILES, SURE, DiceProfiles, DiceReading
from companion.vision.dice.settle import SettleDetector
from companion.vision.dice.steady import SteadyDice
from companion.vision.dice.tray import Tray

Image = npt.NDArray[np.uint8]

#: How wide a dice frame is read: the pip reader is reliable and quick at 640 px.
DICE_WIDTH = 640

#: A frame is the same picture as the last one read when its colour thumbnail (this many
#: pixels across) differs from that frame's by at most SAME_PIXEL grey levels anywhere and
#: SAME_MEAN on average, once a change of the light over the whole frame is taken out. A
#: piece moved changes a thumbnail pixel by tens of levels; camera noise, averaged over the
#: 8×8 pixels of a 1280-px frame behind each, by about one.
THUMB_WIDTH = 160
SAME_PIXEL = 10.0
SAME_MEAN = 1.5
#: Why no frame can show the board until it is calibrated (the page says what to do).
CANNOT_FIND = ("no_corners", "no_plane")
#: A reading reused for the same picture is read afresh at least every this many frames.
REREAD = 10


@dataclass(frozen=True)
class Glance:
    """What one frame was and what came of it.

    ``kind`` is ``board`` (the board, still or not), ``dice`` (the dice tray), and ``still``
    tells whether the frame completed a still board or a settled roll. ``verdict`` is the
    referee's answer when the observation changed something, else None.
    """

    kind: str
    still: bool
    verdict: Verdict | None = None
    note: str = ""  # why the frame was ignored (busy, rolling), or what was seen
    # the reading itself, for drawing it over the frame (companion.vision.overlay)
    read: BoardRead | None = field(default=None, repr=False, compare=False)
    location: Location | None = field(default=None, repr=False, compare=False)
    dice: DiceReading | None = field(default=None, repr=False, compare=False)
    dice_scale: float = 1.0  # frame pixels per pixel of the view the dice were read in
    dice_tray: Tray | None = None  # where in the frame the dice were read (None: anywhere)
    settled: DiceReading | None = field(default=None, repr=False, compare=False)
    busy: Busy | None = None  # why the board is not still, as data (companion.table.busy)


class Watcher:
    """Feeds frames to the board and dice readers and their still waits, then the referee."""

    def __init__(
        self,
        referee: Referee,
        reader: BoardReader,
        *,
        still_frames: int = 3,
        settle_frames: int = 3,
        dice_kind: str = "d6",
        dice_width: int = DICE_WIDTH,
        dice_tray: Tray | None = None,
        dice_profiles: DiceProfiles = DEFAULT_PROFILES,
    ) -> None:
        self.referee = referee
        self.board = BoardWatcher(reader, still_frames=still_frames)
        self.dice = SettleDetector(frames=settle_frames)
        self.dice_kind = dice_kind
        self.dice_width = dice_width
        self._dice_setup = (dice_tray, dice_profiles)  # one tuple: swapped in one step
        self._last_kind = ""
        self._thumb: npt.NDArray[np.int16] | None = None  # of the last frame read
        self._reused = 0  # frames since, found to be the same picture
        self._reading: tuple[DiceReading, float] | None = None  # the last dice frame's
        self._read_with = self._dice_setup  # the tray and profiles it was read with
        self._steady = SteadyDice()  # the dice read at one pyramid level a frame
        self._view: Image | None = None  # the last dice frame
        self._booked: npt.NDArray[np.int16] | None = None  # the picture of the last roll told
        self._pressed = False  # "read the dice" pressed since the last roll told

    def feed(self, image: Image, taken: float | None = None) -> Glance:
        """One frame: classify it, wait for stillness, and hand what is still to the referee.

        ``taken`` is when the frame was taken (the referee drops frames older than its
        position); None for a recording fed as fast as it is read."""
        return self.tell(self.look(image), self.referee, taken)

    def look(self, image: Image) -> Glance:
        """What the frame shows and whether it completes a still board or a settled roll.

        Vision only: the referee is not asked, so the live camera calls this without
        holding the table's lock (the page never waits for a frame to be read). A frame
        that is the same picture as the last one read (:data:`SAME_PIXEL`) is not read
        again: its reading counts once more towards the still wait, so a still table
        costs a thumbnail, not a board search.
        """
        thumb = thumbnail(image)
        if self._thumb is not None and self._reused < REREAD and same_picture(self._thumb, thumb):
            glance = self._again()
            if glance is not None:
                self._reused += 1
                return glance
        self._thumb, self._reused = thumb, 0
        board = self.board  # the calibration page may swap it between two frames
        position = self.referee.position
        board.reader.play(position.players, position.spec.unseen)
        seen = board.feed(image)
        if self.referee.phase is Phase.ROLL:  # the referee knows the board: it waits to roll
            board.learn(seen_board(position))
        # the board, part of it, or a board the camera cannot look for (no markers, no
        # corners calibrated): no dice frame, the wait is the board's
        if seen.read.found or seen.read.markers or seen.read.cause.kind in CANNOT_FIND:
            if self._last_kind == "dice":
                self.dice.reset()  # the next throw is news, whatever it shows
                self._steady.doubt()  # the camera may come back to the tray elsewhere
            self._last_kind = "board"
            return _board_glance(seen, unchecked(board.reader))
        self._last_kind = "dice"
        view = dice_view(image, self.dice_width)
        setup = self._dice_setup  # the page may swap it meanwhile
        if setup is not self._read_with:
            self._steady.doubt()  # a new tray calibration: the camera may have moved
        tray, profiles = self._read_with = setup
        reading = self._steady.read(view, self.dice_kind, profiles, tray)
        self._view = view
        self._reading = (reading, image.shape[1] / view.shape[1])
        return self._dice_glance(*self._reading)

    def expect_throw(self) -> None:
        """The "read the dice" button: the next still dice are news even if they show the
        same values at the same place as the last roll. Not the very picture the last
        roll was read from, though: for that the referee asks (:meth:`tell`)."""
        self.dice.reset()
        self._pressed = True

    def use_dice(self, tray: Tray | None, profiles: DiceProfiles = DEFAULT_PROFILES) -> None:
        """Read dice within ``tray`` (None: anywhere) and tell Miwin dice by ``profiles``
        from the next frame on (a new calibration), the same picture included."""
        self._dice_setup = (tray, profiles)

    def _again(self) -> Glance | None:
        """The last frame's reading once more (the same picture again)."""
        if self._last_kind == "board":
            seen = self.board.again()
            return _board_glance(seen, unchecked(self.board.reader)) if seen is not None else None
        if self._last_kind == "dice" and self._reading is not None:
            if self._read_with is not self._dice_setup:
                return None  # read with the tray before a new calibration: read anew
            self._steady.again()  # a frame of the kept level's count (steady.py)
            return self._dice_glance(*self._reading)
        return None

    def _dice_glance(self, reading: DiceReading, scale: float) -> Glance:
        settled = self.dice.feed(reading)
        tray, profiles = self._read_with
        if settled is not None and self._view is not None:
            # the roll the referee gets is read as read-dice reads a photo (steady.py)
            settled = reading = self._steady.settled(
                self._view, reading, self.dice_kind, profiles, tray
            )
            self.dice.read_as(settled)  # the frames to come may read the dice as it does
        if settled is None:
            if not reading.dice:
                note = text("watch.nothing")
            elif not reading.settled:
                note = text("watch.rolling")
            else:
                note = text("watch.settling", values=_said(reading.values))
            return Glance("dice", False, note=note, dice=reading, dice_scale=scale, dice_tray=tray)
        return Glance(
            "dice", True, None, "", dice=reading, dice_scale=scale, dice_tray=tray, settled=settled
        )

    def tell(self, glance: Glance, referee: Referee, taken: float | None = None) -> Glance:
        """Hand a still board or a settled roll of :meth:`look` to ``referee``: the glance
        with the verdict (None when the referee took nothing new from it)."""
        if not glance.still:
            return glance
        if glance.kind == "board" and glance.read is not None:
            return replace(glance, verdict=referee.observe_board(glance.read.fields, taken))
        if glance.settled is None:
            return glance
        dice = [d.to_json() for d in glance.settled.dice]
        try:  # in the order the game reads a roll (two d6: the larger first)
            values = list(referee.game.roll_seen(dice, referee.position))
        except CompanionError as exc:  # TENET: a Miwin die missing or doubled
            return replace(glance, note=str(exc))
        pressed, self._pressed = self._pressed, False
        if self._read_before():  # never the same picture twice as a roll (trial s10)
            verdict = referee.dice_again(values, taken) if pressed else None
            return replace(
                glance, verdict=verdict, note=text("watch.read_before", values=_said(values))
            )
        unsure = [d.value for d in glance.settled.dice if d.confidence < SURE]
        if unsure:  # the players are asked, nothing decided
            verdict = referee.dice_unsure(values, unsure, taken)
        else:
            verdict = referee.observe_dice(values, taken)
            if verdict is not None:  # read as a roll (None: a frame older than the position)
                self._booked = self._thumb
        return replace(glance, verdict=verdict, note=text("watch.rolled", values=_said(values)))

    def _read_before(self) -> bool:
        """Whether the frame just looked at is the picture the last roll told was read
        from. The settle detector forgets a roll when the button is pressed or a frame of
        the same picture is read otherwise once; the picture itself does not change. After
        a forced pass the referee waits for a roll again while the tray still shows the
        dice just read (the synthetic camera until its next throw is drawn): before trial
        s10 that picture was booked as the next player's roll."""
        booked, now = self._booked, self._thumb
        return booked is not None and now is not None and same_picture(booked, now)


def unchecked(reader: BoardReader) -> bool:
    """Whether ``reader`` finds the board by stored corners that nothing calibrated can
    check (no empty board's print: :mod:`companion.vision.board.moved` needs it)."""
    return reader.locator.manual is not None and reader.empty_print is None


def _board_glance(seen: Observation, corners_unchecked: bool = False) -> Glance:
    pieces = text_n("watch.pieces", len(seen.read.fields))
    waits = None if seen.still else busy(seen.read, corners_unchecked)
    note = waits.said() if waits is not None else pieces
    return Glance(
        "board", seen.still, None, note, read=seen.read, location=seen.location, busy=waits
    )


def thumbnail(image: Image) -> npt.NDArray[np.int16]:
    """The frame :data:`THUMB_WIDTH` pixels across, each pixel the mean of those behind it."""
    h, w = image.shape[:2]
    size = (THUMB_WIDTH, max(1, round(h * THUMB_WIDTH / w)))
    return np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_AREA), np.int16)


def same_picture(before: npt.NDArray[np.int16], now: npt.NDArray[np.int16]) -> bool:
    """Whether two thumbnails show the same scene, a change of light over all of it aside."""
    if before.shape != now.shape:
        return False
    diff = now - before
    shift = diff.reshape(-1, diff.shape[-1] if diff.ndim == 3 else 1).mean(axis=0)
    off = np.abs(diff - shift.reshape((1,) * (diff.ndim - 1) + (-1,)))
    return float(off.max()) <= SAME_PIXEL and float(off.mean()) <= SAME_MEAN


def dice_kind_of(game: str) -> str:
    """The dice a game is played with, as the dice reader names them."""
    return game_spec(game).dice


def dice_view(image: Image, width: int = DICE_WIDTH) -> Image:
    """The frame at most ``width`` pixels across (aspect kept); smaller frames as they are."""
    h, w = image.shape[:2]
    if w <= width:
        return image
    size = (width, round(h * width / w))
    return np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_AREA), np.uint8)


def _said(values: Sequence[int]) -> str:
    return " + ".join(str(v) for v in values)
