"""The dice tray: the part of the camera's frame where dice are read.

Beside a tray there is often clutter with pip-like spots (a keyboard, cables, a board's
print, the frame's dark edge); a calibrated tray keeps the reader to the tray. It is kept
in fractions of the frame, so that one calibration serves the camera's 1280×960 frame and
the 640×480 view the live loop reads dice in alike. Kept apart from the calibration module
so that the dice reader does not import it.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import CompanionError
from companion.texts import text
from companion.texts import text as said

#: A tray narrower or lower than this share of the frame is a slip of the mouse, not a tray.
MIN_SIDE = 0.02


@dataclass(frozen=True)
class Tray:
    """The tray's rectangle as fractions of the frame's width (x) and height (y), 0..1."""

    x0: float
    y0: float
    x1: float
    y1: float

    def __post_init__(self) -> None:
        fault = _fault(self.x0, self.y0, self.x1, self.y1)
        if fault:
            raise CompanionError(text("tray.fault", tray=str(self), fault=fault))

    @classmethod
    def of(cls, x0: float, y0: float, x1: float, y1: float) -> Tray:
        """The tray of these fractions, kept to four decimals (a tenth of a pixel on a
        1,000-pixel frame) as the calibration file stores them."""
        return cls(*(round(v, 4) for v in (x0, y0, x1, y1)))

    def __str__(self) -> str:
        return f"x {self.x0:g}-{self.x1:g}, y {self.y0:g}-{self.y1:g}"

    @classmethod
    def of_box(cls, box: tuple[float, float, float, float], width: int, height: int) -> Tray:
        """The tray of a pixel box (left, top, right, bottom) on a ``width``×``height``
        photo; CompanionError when the box is not inside the photo."""
        x0, y0, x1, y1 = box
        where = f"--box {x0:g},{y0:g},{x1:g},{y1:g}"
        if not (0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height):
            raise CompanionError(text("tray.box_outside", where=where, size=f"{width}x{height}"))
        fractions = [round(v, 4) for v in (x0 / width, y0 / height, x1 / width, y1 / height)]
        fault = _fault(*fractions)
        if fault:
            raise CompanionError(text("tray.box_fault", where=where, fault=fault))
        return cls(*fractions)

    def box(self, width: int, height: int) -> tuple[int, int, int, int]:
        """The tray on a ``width``×``height`` frame: (left, top, right, bottom) pixels, the
        right and bottom exclusive, as slicing takes them; at least one pixel each way."""
        left, top = round(self.x0 * width), round(self.y0 * height)
        right = max(left + 1, round(self.x1 * width))
        bottom = max(top + 1, round(self.y1 * height))
        return left, top, right, bottom

    def to_json(self) -> list[float]:
        return [self.x0, self.y0, self.x1, self.y1]


def _fault(x0: float, y0: float, x1: float, y1: float) -> str:
    """Why these fractions are no tray of the frame ("" when they are one)."""
    if not all(0.0 <= v <= 1.0 for v in (x0, y0, x1, y1)):  # also refuses NaN
        return text("tray.fault_range")
    if not (x0 < x1 and y0 < y1):
        return text("tray.fault_order")
    # (less a hair: 0.03 - 0.01 is a little under 0.02 in floating point)
    if min(x1 - x0, y1 - y0) < MIN_SIDE - 1e-9:
        return text("tray.fault_small", side=f"{MIN_SIDE:.0%}")
    return ""


def parse_box(text: str, option: str = "--box") -> tuple[float, float, float, float]:
    """``X0,Y0,X1,Y1`` in pixels, as a user types it (CompanionError naming ``option``)."""
    try:
        x0, y0, x1, y1 = (float(v) for v in text.split(","))
    except ValueError:
        raise CompanionError(said("tray.not_box", option=option, value=repr(text))) from None
    if not x0 < x1 or not y0 < y1:  # also NaN
        raise CompanionError(said("tray.box_order", option=option, value=repr(text)))
    return x0, y0, x1, y1
