"""What the reader saw, drawn over the camera frame: markers, fields and dice.

One drawing for the live camera view (``companion serve``'s MJPEG stream), the
calibration page and ``companion calibrate check``. It draws a reading that was already
made (by the watcher the referee uses, or by the calibration check); it never reads a
frame itself, so every viewer sees the referee's own reading.

* the board's markers: their outlines and ids (cyan);
* every field's sampling disc: thin grey when read empty, a ring in the piece's colour
  when a piece was read there, red when the reader is unsure (confidence below 0.9);
* every die: a box around its top face with the value read (yellow while it rolls);
* the calibrated dice tray, where dice are read: a magenta rectangle.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from companion.render.paint import PIECE_COLOURS
from companion.vision.board.confidence import SURE
from companion.vision.board.locate import Location, marker_corners
from companion.vision.board.reader import BoardRead, BoardReader
from companion.vision.dice.reader import DiceReading
from companion.vision.dice.tray import Tray

Image = npt.NDArray[np.uint8]


MARKER = (230, 200, 0)  # BGR cyan
EMPTY = (170, 170, 170)
UNSURE = (0, 0, 255)
DIE = (255, 255, 255)
ROLLING = (0, 215, 255)
TRAY = (200, 60, 220)  # BGR magenta


def bgr(colour: str) -> tuple[int, int, int]:
    """A piece colour's BGR for OpenCV (#rrggbb from the board picture, else white)."""
    hex_ = PIECE_COLOURS.get(colour, "#ffffff").lstrip("#")
    r, g, b = (int(hex_[k : k + 2], 16) for k in (0, 2, 4))
    return b, g, r


def draw_board(
    view: Image,
    read: BoardRead,
    location: Location,
    reader: BoardReader,
    scale: float = 1.0,
) -> None:
    """Markers and field discs of ``read`` over ``view`` (a frame resized by ``scale``)."""
    sampler = reader.sampler
    layout_markers = marker_corners(reader.layout)
    for mid in read.markers:
        if mid not in layout_markers:
            continue
        quad = location.project(layout_markers[mid]) * scale
        pts = np.round(quad).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(view, [pts], True, MARKER, 2, cv2.LINE_AA)
        x, y = pts[0, 0]
        cv2.putText(view, str(mid), (int(x), int(y) - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.5, MARKER, 1)
    size = (round(view.shape[1] / scale), round(view.shape[0] / scale))
    discs = sampler.points(location, size)[0] * scale
    centres, rims = discs[:, 0], discs[:, -1]
    radii = np.linalg.norm(rims - centres, axis=1)
    for fid, (x, y), r in zip(sampler.ids, centres, radii, strict=True):
        centre, radius = (round(float(x)), round(float(y))), max(2, round(float(r)))
        piece = read.fields.get(fid)
        if read.confidence.get(fid, 0.0) < SURE:
            cv2.circle(view, centre, radius, UNSURE, 2, cv2.LINE_AA)
        elif piece is None:
            cv2.circle(view, centre, radius, EMPTY, 1, cv2.LINE_AA)
        else:
            cv2.circle(view, centre, radius + 2, (0, 0, 0), 4, cv2.LINE_AA)
            cv2.circle(view, centre, radius + 2, bgr(piece), 2, cv2.LINE_AA)


def draw_dice(view: Image, reading: DiceReading, scale: float = 1.0) -> None:
    """A box and the value read around each die of ``reading`` (coordinates × ``scale``)."""
    for die in reading.dice:
        half = max(6.0, die.side * scale / 2 if die.side else 12.0)
        x, y = die.x * scale, die.y * scale
        colour = DIE if die.settled else ROLLING
        top_left = (round(x - half), round(y - half))
        bottom_right = (round(x + half), round(y + half))
        cv2.rectangle(view, top_left, bottom_right, (0, 0, 0), 4, cv2.LINE_AA)
        cv2.rectangle(view, top_left, bottom_right, colour, 2, cv2.LINE_AA)
        label = (top_left[0], top_left[1] - 6)
        cv2.putText(view, str(die.value), label, cv2.FONT_HERSHEY_SIMPLEX, 0.8, (0, 0, 0), 4)
        cv2.putText(view, str(die.value), label, cv2.FONT_HERSHEY_SIMPLEX, 0.8, colour, 2)


def draw_tray(view: Image, tray: Tray) -> None:
    """The tray's rectangle over ``view`` (the tray is in fractions: any size of view)."""
    left, top, right, bottom = tray.box(view.shape[1], view.shape[0])
    cv2.rectangle(view, (left, top), (right - 1, bottom - 1), TRAY, 2, cv2.LINE_AA)
