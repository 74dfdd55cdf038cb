"""The dice of a camera that does not move: one pyramid level a frame, every level a roll.

:func:`~companion.vision.dice.reader.read_dice` reads a photo at every level of its scale
pyramid (three readings). A camera over a table sees the dice at one size, so the live
table and the dice tray read each frame at the level where the last dice were read
surely, and keep that level through the frames that show no sure die: an empty tray,
dice still rolling, a hand over the tray. Those are most frames at a table, and the
camera has not moved for them, so the dice's size learnt from the last roll holds for
them too; each costs one reading (at full size, not read again at half size, a quarter
and an eighth where no die is found, as ``read-dice`` does). The roll that settled is
read once at every level, so that what is counted is what ``read-dice`` reads from the
same picture.

Where the level kept may no longer be the dice's, the next frame is read at every level:

* **the first frames** — no sure die read yet, no level: every frame is read at every
  level until one is (an empty tray before the first throw reads three levels);
* **a new camera position** — the owner calls :meth:`SteadyDice.doubt`: the watcher when
  it comes back from the board (the camera was turned from the tray to the board and may
  come back at another distance) and after a new tray calibration;
* **dice much larger or smaller than before** — sure dice read :data:`SIZE_CHANGE` times
  wider or narrower than the last sure dice (another set of dice, a camera moved
  closer): the level was chosen for the others;
* **nothing seen for long** — after :data:`LOOK_AROUND` frames in a row at the kept level
  that show no die or only dice still rolling, one frame is read at every level: dice of
  another size may not be found at the kept level at all (then no size tells that they
  changed). The same picture shown again (the watcher does not read it again,
  :data:`companion.table.watch.REREAD`) counts as a frame too, so dice the kept level
  cannot see are found within about :data:`LOOK_AROUND` frames of lying still.
  Dice that lie still but are all unsure are no such frame: the level sees them, and
  reading them at every level now and then could read them otherwise and make the same
  roll look like a new one; the settled roll is read at every level once anyway.

Where that frame finds sure dice, their level is kept from then on; where it finds none
(the tray is still empty), the level stays as it was and the count starts again, so an
empty tray costs one level a frame and every level once in :data:`LOOK_AROUND` + 1
frames.
"""

from __future__ import annotations

import math
import statistics

from .colours import DiceProfiles
from .reader import PYRAMID, SURE, DiceReading, Image, read_dice
from .tray import Tray

#: Frames in a row at the kept level that show no die (or dice still rolling) before one
#: is read at every level: about this many frames late in finding dice the kept level
#: cannot see (the same picture shown again counts, :meth:`SteadyDice.again`).
LOOK_AROUND = 10
#: Sure dice this many times wider or narrower than the last sure dice are other dice (or
#: the camera moved): the level kept is forgotten. A die read as one of its pips, or
#: several dice as one, differs by more than the reader's PIP ratio too.
SIZE_CHANGE = 1.6


class SteadyDice:
    """Reads the frames of one camera; remembers the level its sure dice were read at."""

    def __init__(self) -> None:
        self.level: float | None = None  # the pyramid level kept (None: every level)
        self.side: float = 0.0  # the last sure dice's median side, in the frame's pixels
        self.misses = 0  # frames in a row at the level kept that showed nothing (module doc)
        self.blind = False  # whether the last frame read was such a frame
        self.single = False  # whether the last frame was read at the one level kept

    def read(
        self, view: Image, kind: str, profiles: DiceProfiles, tray: Tray | None
    ) -> DiceReading:
        """One frame, read at the level kept (at every level where none is, or where
        :data:`LOOK_AROUND` frames showed nothing at it)."""
        single = self.level is not None and self.misses < LOOK_AROUND
        scales = (self.level,) if single and self.level is not None else PYRAMID
        # at the level kept, a frame without dice is not read again at half size (for
        # dice too large for full size: the level says they are not)
        reading = read_dice(view, kind, profiles, tray, scales, halve=not single)
        self.single = single
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

    def again(self) -> None:
        """The last frame's picture shown once more (not read again): where that frame
        showed nothing at the level kept, this one counts as showing nothing too."""
        if self.blind:
            self.misses += 1

    def doubt(self) -> None:
        """The camera may have moved: the next frame is read at every level (the level
        stays where that frame shows no sure die)."""
        self.misses = LOOK_AROUND

    def _keep(self, reading: DiceReading) -> None:
        """The level nearest to where sure dice were read; kept where no die was sure,
        doubted where the sure dice are of another size than the last ones."""
        sides = [d.side for d in reading.dice if d.confidence >= SURE]  # what trust() adds up
        self.blind = self.single and not sides and not (reading.dice and reading.settled)
        if not sides:
            if self.blind:
                self.misses += 1
            elif not self.single:
                self.misses = 0  # read at every level: the count starts again
            return
        side = max(statistics.median(sides), 1.0)
        if self.single and abs(math.log(side / self.side)) > math.log(SIZE_CHANGE):
            self.doubt()  # read at one level only: every level may read them better
            return
        self.level = min(PYRAMID, key=lambda f: abs(math.log(f / reading.scale)))
        self.side, self.misses = side, 0
