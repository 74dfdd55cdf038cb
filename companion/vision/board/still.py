"""Still-frame detection: only a board that stayed unchanged for a few frames is read.

A hand over the board or a piece on its way makes frames "busy". A single frame can show
it (a hand over fields or background, see :mod:`companion.vision.board.fields`); a stream also
shows it as change: the watcher compares every field's colour with the previous frame,
after taking out a change of the light over the whole board (a cloud, a lamp switched
on). Like PicoChess's debouncing, a read counts only after ``still_frames`` unchanged,
not busy frames in a row; like Raspberry Turk, changes are tracked field by field.

A calibrated board's tests for a hand beside the fields (the print around them,
:mod:`.surround`; the board between them, :mod:`.between`: together about 3 ms of a
changed board's budget of 8) run only where they can change what the referee is told:
on a frame that could count towards a still board other than the last one, once per
frame read. A frame whose fields changed is busy anyway, and one that reads the last
still board again tells the referee nothing new, hand or not (the page then shows that
board as still while a hand rests beside its fields).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from companion.vision.board.cause import Cause
from companion.vision.board.locate import FloatArray, Location
from companion.vision.board.reader import BoardRead, BoardReader

#: Mean colour change (0..255) of one field between two frames that counts as a change.
CHANGE = 18.0


@dataclass(frozen=True)
class Observation:
    """One frame of a stream: the read, and whether the board has been still long enough."""

    read: BoardRead
    still: bool
    changed: tuple[str, ...] = ()  # fields that changed since the previous frame
    location: Location | None = None  # where the board was found (for drawing the read)


class BoardWatcher:
    """Feeds frames to a :class:`BoardReader` with smoothing and the still-board wait."""

    def __init__(self, reader: BoardReader, still_frames: int = 3, change: float = CHANGE) -> None:
        self.reader = reader
        self.still_frames = still_frames
        self.change = change
        self._previous: FloatArray | None = None
        self._quiet = 0
        #: the last frame with a board: its read, where the board was, the frame itself
        #: (a frame seen again may still need the hand test) and whether it had that test
        self._last: tuple[BoardRead, Location, npt.NDArray[np.uint8], bool] | None = None
        self._settled: dict[str, str] | None = None  # the fields of the last still board
        #: frames in a row without a changed field, and whether this quiet spell's board
        #: was offered to :meth:`learn` yet (once a spell: each offer re-reads a frame)
        self._unchanged = 0
        self._offered = False

    def feed(self, image: npt.NDArray[np.uint8]) -> Observation:
        """Read the next frame; ``still`` is True once the board stopped changing."""
        location = self.reader.locator.update(image)
        if location is None:
            self._previous, self._quiet, self._last, self._unchanged = None, 0, None, 0
            return Observation(self.reader.not_found(), False)
        read = self.reader.read(image, location, hands=False)
        if not read.found or read.colours is None:
            self._previous, self._quiet, self._last, self._unchanged = None, 0, None, 0
            return Observation(read, False)
        changed = self._changes(read.colours)
        self._previous, self._last = read.colours, (read, location, image, False)
        return self._count(changed)

    def again(self) -> Observation | None:
        """The last frame's read once more, for a frame the caller found to be the same
        picture (no field can have changed), without reading it; None when the last frame
        showed no board."""
        if self._last is None:
            return None
        return self._count(())

    def _count(self, changed: tuple[str, ...]) -> Observation:
        """The still wait: ``still_frames`` frames in a row, none busy, no field changed.
        A frame that could count towards a still board other than the last one is first
        searched for a hand beside the fields (once per frame read)."""
        assert self._last is not None
        read, location, image, checked = self._last
        if not changed and not checked and read.fields != self._settled:
            read = self.reader.check_hands(image, location, read)
            self._last = (read, location, image, True)
        if read.busy or changed:
            self._quiet = 0
        else:
            self._quiet += 1
        if changed:
            self._unchanged, self._offered = 0, False
        else:
            self._unchanged += 1
        still = self._quiet >= self.still_frames
        if still:
            self._settled = read.fields
        if not still and not read.busy:
            why = f"busy: {changed[0]} is changing" if changed else "waiting for a still board"
            cause = Cause("changing", changed[0], len(changed) - 1) if changed else Cause("waiting")
            read = replace(read, busy=True, reason=why, cause=cause)
        return Observation(read, still, changed, location)

    def learn(self, position: Mapping[str, str]) -> tuple[str, ...]:
        """Offer the last frame to the reader to learn the fields the calibration photos
        burnt (:meth:`.BoardReader.learn`), as a board that is ``position`` (the
        referee's, confirmed): only once the board has not changed for ``still_frames``
        frames, once in such a quiet spell (so the frames it learns from are of different
        spells, and a still table costs no second read), and only where the last read's
        doubt, if any, is an unsure field. Returns the fields the frame showed empty."""
        if self._last is None or not self.reader.confirmed.wanted:
            return ()
        read, location, image, _ = self._last
        if self._offered or self._unchanged < self.still_frames:
            return ()
        if read.cause.kind not in ("", "unsure"):
            return ()
        self._offered = True
        return self.reader.learn(image, position, location)

    def _changes(self, colours: FloatArray) -> tuple[str, ...]:
        if self._previous is None:
            return ()
        gain = float(np.median((colours.mean(axis=1) + 1) / (self._previous.mean(axis=1) + 1)))
        diff = np.abs(colours - self._previous * gain).mean(axis=1)
        ids = self.reader.sampler.ids
        return tuple(ids[i] for i in np.flatnonzero(diff > self.change))
