"""Tell a settled roll from dice still rolling: consecutive frames must agree.

One frame can be wrong in many ways while the dice tumble: a die half-turned, blurred, or
bouncing to a new place. The referee therefore only takes a roll when ``frames`` readings
in a row show the same dice (same count, each die at nearly the same place with the same
value and kind) and none of them shows motion blur. PicoChess waits for a stable board in
the same way before it judges a move.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from companion.vision.dice.reader import DiceReading, Die


def same_roll(a: DiceReading, b: DiceReading, tolerance: float) -> bool:
    """Both readings show the same dice, each moved by at most ``tolerance`` pixels."""
    if len(a.dice) != len(b.dice):
        return False
    free: list[Die] = list(b.dice)
    for die in a.dice:
        near = [
            d
            for d in free
            if d.value == die.value
            and d.kind == die.kind
            and (d.x - die.x) ** 2 + (d.y - die.y) ** 2 <= tolerance**2
        ]
        if not near:
            return False
        free.remove(min(near, key=lambda d: (d.x - die.x) ** 2 + (d.y - die.y) ** 2))
    return True


@dataclass
class SettleDetector:
    """Feed it every frame's reading; it answers with the roll once the dice lie still.

    ``frames`` readings in a row must agree (see :func:`same_roll`) and be free of motion
    blur; an empty tray is never a roll. After a roll is reported, the same dice are not
    reported again until they change (the next throw).
    """

    frames: int = 3
    tolerance: float = 6.0  # pixels a die's centre may wander between frames
    _recent: deque[DiceReading] = field(default_factory=deque, repr=False)
    _reported: DiceReading | None = field(default=None, repr=False)
    _also: DiceReading | None = field(default=None, repr=False)  # the same roll, read otherwise

    def __post_init__(self) -> None:
        if self.frames < 1:
            raise ValueError("a settled roll needs at least one frame")

    def feed(self, reading: DiceReading) -> DiceReading | None:
        """The settled roll when this frame completes one, else ``None``."""
        self._recent.append(reading)
        while len(self._recent) > self.frames:
            self._recent.popleft()
        if not self.is_settled():
            if self._reported is not None and not self._same_as_reported(reading):
                self._reported = self._also = None  # the dice moved: the next still roll is news
            return None
        if self._reported is not None and self._same_as_reported(reading):
            return None
        self._reported, self._also = reading, None
        return reading

    def _same_as_reported(self, reading: DiceReading) -> bool:
        """Whether ``reading`` shows the roll last reported, as it was read either way."""
        return any(
            r is not None and same_roll(reading, r, self.tolerance)
            for r in (self._reported, self._also)
        )

    def is_settled(self) -> bool:
        """The last ``frames`` readings agree, show dice and no motion blur."""
        if len(self._recent) < self.frames:
            return False
        last = self._recent[-1]
        if not last.dice or not all(r.settled for r in self._recent):
            return False
        return all(same_roll(r, last, self.tolerance) for r in self._recent)

    def read_as(self, reading: DiceReading) -> None:
        """The roll just reported was handed on as ``reading`` (read again otherwise, at
        every level of the pyramid: companion.vision.dice.steady): frames that read the
        same dice as either reading are the same roll, not the next throw."""
        self._also = reading if self._reported is not None else None

    def reset(self) -> None:
        """Forget the frames seen so far (a new game, the camera moved)."""
        self._recent.clear()
        self._reported = self._also = None
