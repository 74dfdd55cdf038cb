"""The dice of a camera that does not move: one pyramid level a frame, every level a roll.

:func:`~companion.vision.dice.reader.read_dice` reads a photo at every level of its scale
pyramid (three readings). A camera over a table sees the dice at one size, so the live
table and the dice tray read each frame at the level where the last dice were read
surely: a frame costs one reading while the dice roll and settle. The roll that settled is
read once at every level, so that what is counted is what ``read-dice`` reads from the
same picture; a frame with no sure die is read at every level, and so is the first one.
"""

from __future__ import annotations

import math

from .colours import DiceProfiles
from .reader import PYRAMID, DiceReading, Image, read_dice, trust
from .tray import Tray


class SteadyDice:
    """Reads the frames of one camera; remembers the level its sure dice were read at."""

    def __init__(self) -> None:
        self.level: float | None = None  # the pyramid level kept (None: every level)
        self.single = False  # whether the last frame was read at the one level kept

    def read(
        self, view: Image, kind: str, profiles: DiceProfiles, tray: Tray | None
    ) -> DiceReading:
        """One frame, read at the level kept (at every level where none is)."""
        scales = PYRAMID if self.level is None else (self.level,)
        reading = read_dice(view, kind, profiles, tray, scales)
        self.single = len(scales) == 1
        self._keep(reading)
        return reading

    def settled(
        self,
        view: Image,
        reading: DiceReading,
        kind: str,
        profiles: DiceProfiles,
        tray: Tray | None,
    ) -> DiceReading:
        """The settled roll to hand on: the frame ``view`` read at every level, once per
        roll; where that finds no dice or sees them moving, the frame's ``reading``."""
        if not self.single:
            return reading
        self.single = False
        whole = read_dice(view, kind, profiles, tray)
        if not (whole.dice and whole.settled):
            return reading
        self._keep(whole)
        return whole

    def _keep(self, reading: DiceReading) -> None:
        """The level nearest to where sure dice were read; none where no die was sure."""
        near = min(PYRAMID, key=lambda f: abs(math.log(f / reading.scale)))
        self.level = near if trust(reading) > 0 else None
