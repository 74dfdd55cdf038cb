"""A board that no longer lies where its corners were calibrated: a bump, said as such.

A board without markers is found by the four corners ``calibrate corners`` stored
(:class:`~.locate.Locator`, ``manual``). Bump the camera or push the board, and every
field's disc samples the wrong place: the reader sees "something" over most of the
board and told the players to take a hand away (new-user trial s10, M7, a 19 × 19 Go
board), while what helps is ``calibrate corners`` again.

The calibration holds every empty field's print (:mod:`.imprint`: its number, its cross,
its grid lines). A hand or a piece hides the print of the fields it covers, a connected
patch; the rest of the board shows it where the corners put it. A moved board moves all
of it together: almost no field shows its print at the calibrated place. So:

* among the fields whose print can speak (a stored print strong enough, no point clipped
  or out of view) and that are not read as a sure piece (a piece hides its print), the
  share that shows it (:func:`.imprint.showing`) is counted; while at least
  :data:`STILL_SHOWN` of them show it, the board lies where it was calibrated, and
  nothing more is done (the common busy frame, a hand, costs nothing here);
* below that the frame is aligned to the calibrated print: every stored print point is
  put where the calibration projects it, and the frame's local contrast is
  cross-correlated with it over shifts up to :data:`REACH` of the frame's width
  (``cv2.matchTemplate`` at half size, then at full size around the best shift, to a
  tenth of a pixel); the board is *moved by* the best shift when the fields show their
  print there (the frame moved back by it): at least :data:`STILL_SHOWN` of them, and
  twice as many as at the calibrated place, and the shift is over :data:`MIN_SHIFT` of
  a field's spacing or the print is gone at the calibrated place (below :data:`GONE`:
  on the real 9 × 9 board a shift of 1-2 px, a tenth of its spacing, hides the thin
  lines' print on most fields);
* a board turned or tilted so far that no shift aligns it shows its print almost nowhere
  (below :data:`GONE`), and what is left of it aligns best away from the calibrated
  place (the best shift over :data:`MIN_SHIFT` of a spacing): it is moved by an unknown
  amount. A hand covers a patch of the board; where blur fades the small print of the
  other fields too (seed 2's orange Gravitation board: 1 of 42 fields showed it, 21
  fields under the hand), the print still aligns best where it was calibrated.

Only a board found by its stored corners is checked: one found by its markers is found
wherever it lies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.board.imprint import projection, showing
from companion.vision.board.locate import FloatArray, Location
from companion.vision.board.sampler import FieldSampler

#: While this share of the speaking fields (not sure pieces) shows its print where the
#: calibration puts it, the board lies there; a shift must make this share show it too.
STILL_SHOWN = 0.5
#: Below this share showing its print, the board is not where it was calibrated, even
#: where no shift finds it (turned, tilted, another place of the table).
GONE = 0.2
#: The shifts searched reach this share of the frame's width either way.
REACH = 0.15
#: A shift below this share of a field's spacing (in pixels) is no move.
MIN_SHIFT = 0.125
#: The fewest speaking fields the test needs (a plain board has no print to show).
MIN_SPEAKING = 6
#: The frame is first aligned at this scale (half size), then at full size.
SCALE = 0.5


@dataclass(frozen=True)
class Moved:
    """A board found moved: by ``shift`` pixels (x, y; None where no shift aligns it),
    and the share of the speaking fields that showed their print where it was calibrated
    (``shown``) and at the shift (``shifted``)."""

    shift: tuple[float, float] | None
    shown: float
    shifted: float

    @property
    def pixels(self) -> int:
        """How far it moved, in whole pixels (0: not known)."""
        return 0 if self.shift is None else round(float(np.hypot(*self.shift)))


class MoveCheck:
    """Says whether a frame shows the board where its stored corners put it (module doc)."""

    def __init__(self, sampler: FieldSampler, empty_print: FloatArray | None) -> None:
        self.sampler = sampler
        self.empty_print = empty_print
        #: the calibrated print as an image, by corners, frame size and scale
        self._templates: dict[bytes, tuple[npt.NDArray[np.float32], tuple[int, int]]] = {}

    def check(
        self,
        image: npt.NDArray[np.uint8],
        location: Location,
        pattern: FloatArray | None,
        sure_piece: npt.NDArray[np.bool_],
    ) -> Moved | None:
        """A :class:`Moved` when the board in ``image`` is not where ``location`` (the
        stored corners) puts it; ``pattern``: the frame's discs as prints, as the read
        sampled them; ``sure_piece``: the fields read as pieces surely (their print is
        hidden by right). None: it lies there, or the test cannot tell."""
        if self.empty_print is None or pattern is None or location.method != "manual":
            return None
        shown = self._shown(pattern, sure_piece)
        if shown is None or shown >= STILL_SHOWN:
            return None
        shift = self._best_shift(image, location)
        if shift is None:
            return None
        far = bool(np.hypot(*shift) >= MIN_SHIFT * self._spacing_px(location))
        # a small shift is a move only where the print is gone too (its size is then said)
        if far or shown < GONE:
            moved = self.sampler.sample(_shifted(image, shift), location)
            there = None if moved is None else self._shown(moved.pattern, sure_piece)
            if there is not None and there >= STILL_SHOWN and there >= 2 * shown:
                return Moved((float(shift[0]), float(shift[1])), shown, there)
        # the print gone, and what is left of it aligns best elsewhere: moved, by how much
        # no shift says (a hand over a blurred frame hides the print, but it aligns best
        # where it was calibrated: seed 2's orange Gravitation board, hand photo 20)
        if shown < GONE and far:
            return Moved(None, shown, 0.0)
        return None

    def _shown(self, pattern: FloatArray | None, sure_piece: npt.NDArray[np.bool_]) -> float | None:
        """The share of the speaking fields (not ``sure_piece``) whose disc shows its
        print; None where too few speak."""
        speaking = ~np.isnan(projection(pattern, self.empty_print)) & ~sure_piece
        if speaking.sum() < MIN_SPEAKING:
            return None
        shows = showing(pattern, self.empty_print) & speaking
        return float(shows.sum() / speaking.sum())

    def _spacing_px(self, location: Location) -> float:
        """A field's spacing in pixels, at the board's middle: the field nearest the
        middle and its nearest neighbour, projected."""
        centres = self.sampler.centres
        if len(centres) < 2:
            return 0.0
        d2 = ((centres[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)
        np.fill_diagonal(d2, np.inf)
        i = int(np.argmin(((centres - centres.mean(axis=0)) ** 2).sum(axis=1)))
        j = int(np.argmin(d2[i]))
        px = location.project(centres[[i, j]])
        return float(np.hypot(*(px[1] - px[0])))

    def _best_shift(
        self, image: npt.NDArray[np.uint8], location: Location
    ) -> tuple[float, float] | None:
        """The image shift (px) that best lays the calibrated print over the frame's
        local contrast: searched at :data:`SCALE` up to :data:`REACH` of the width either
        way, then at full size within a pixel of the coarse step around it (a thin line's
        print on a small board is lost at one pixel off); None where the print lies out of
        view."""
        w = image.shape[1]
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        disc = self._disc_px(location)
        coarse = self._search(grey, location, SCALE, max(1, int(REACH * w * SCALE)), (0, 0), disc)
        if coarse is None:
            return None
        near = int(np.ceil(1 / SCALE)) + 1
        start = (round(coarse[0]), round(coarse[1]))
        return self._search(grey, location, 1.0, near, start, disc) or coarse

    def _search(
        self,
        grey: npt.NDArray[Any],
        location: Location,
        scale: float,
        reach: int,
        start: tuple[int, int],
        disc: float,
    ) -> tuple[float, float] | None:
        """The best shift (full-size px) at ``scale`` within ``reach`` (px at that scale)
        of ``start`` (full-size px): the peak of the cross-correlation of the calibrated
        print with the frame's contrast, to a tenth of a pixel (a parabola through the
        peak and its neighbours)."""
        h, w = grey.shape[:2]
        made = self._template_at(location, (w, h), scale)
        if made is None:
            return None
        template, (x0, y0) = made
        if scale != 1.0:
            small = (int(w * scale) + 1, int(h * scale) + 1)
            grey = cv2.resize(grey, small, interpolation=cv2.INTER_AREA)
        g = np.asarray(grey, np.float32)
        k = 2 * max(1, round(disc * scale)) + 1
        mean = cv2.blur(g, (k, k))
        contrast = (g - mean) / (mean + 1.0)  # the print relative to the light, as stored
        pad = reach + max(abs(round(start[0] * scale)), abs(round(start[1] * scale)))
        padded = cv2.copyMakeBorder(contrast, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
        th, tw = template.shape
        x = x0 + pad + round(start[0] * scale) - reach
        y = y0 + pad + round(start[1] * scale) - reach
        window = padded[y : y + th + 2 * reach, x : x + tw + 2 * reach]
        if window.shape[0] < th + 2 * reach or window.shape[1] < tw + 2 * reach:
            return None
        score = np.asarray(cv2.matchTemplate(window, template, cv2.TM_CCORR), np.float64)
        peak = np.unravel_index(int(np.argmax(score)), score.shape)
        iy, ix = int(peak[0]), int(peak[1])
        fx = ix + _vertex(score[iy, ix - 1 : ix + 2] if ix else score[iy, :0])
        fy = iy + _vertex(score[iy - 1 : iy + 2, ix] if iy else score[:0, ix])
        return (
            (fx - reach) / scale + round(start[0] * scale) / scale,
            (fy - reach) / scale + round(start[1] * scale) / scale,
        )

    def _disc_px(self, location: Location) -> float:
        """A field's disc radius in pixels, at the board's first field."""
        disc = self.sampler.offsets_mm[0]
        px = location.project(disc[[0, -1]])
        return float(np.hypot(*(px[1] - px[0])))

    def _template_at(
        self, location: Location, size: tuple[int, int], scale: float
    ) -> tuple[npt.NDArray[np.float32], tuple[int, int]] | None:
        """The calibrated print at ``scale``, each stored point where the corners put it
        (cropped to its box), and the box's corner; kept while the corners stay."""
        key = location.homography.tobytes() + bytes(f"{size}{scale}", "ascii")
        if key in self._templates:
            return self._templates[key]
        assert self.empty_print is not None
        known = ~np.isnan(self.empty_print).any(axis=1)
        if not known.any():
            return None
        px, _ = self.sampler.points(location, size)
        q = np.round(px[known].reshape(-1, 2) * scale).astype(np.int64)
        values = self.empty_print[known].reshape(-1)
        w, h = int(size[0] * scale) + 1, int(size[1] * scale) + 1
        inside = (q[:, 0] >= 0) & (q[:, 1] >= 0) & (q[:, 0] < w) & (q[:, 1] < h)
        if not inside.any():
            return None
        q, values = q[inside], values[inside]
        x0, y0 = q.min(axis=0)
        x1, y1 = q.max(axis=0) + 1
        template = np.zeros((int(y1 - y0), int(x1 - x0)), np.float32)
        np.add.at(template, (q[:, 1] - y0, q[:, 0] - x0), values)
        if len(self._templates) > 4:  # the corners changed: the old ones are no use
            self._templates.clear()
        self._templates[key] = (template, (int(x0), int(y0)))
        return self._templates[key]


def _vertex(three: FloatArray) -> float:
    """Where a parabola through a peak and its two neighbours (``three``) peaks, from the
    peak (px); 0 at an edge of the search (fewer than three)."""
    if len(three) != 3:
        return 0.0
    a, b, c = (float(v) for v in three)
    bend = a - 2 * b + c
    return 0.0 if bend >= 0 else float(np.clip(0.5 * (a - c) / bend, -0.5, 0.5))


def _shifted(image: npt.NDArray[np.uint8], shift: tuple[float, float]) -> npt.NDArray[np.uint8]:
    """``image`` moved back by ``shift`` pixels, so that the board lies where the stored
    corners put it (the frame is moved, not the corners: a raised disc's place follows
    the pose the corners give, which a moved homography would change)."""
    back = np.array([[1.0, 0.0, -shift[0]], [0.0, 1.0, -shift[1]]])
    size = (image.shape[1], image.shape[0])
    return np.asarray(cv2.warpAffine(image, back, size, borderMode=cv2.BORDER_REPLICATE), np.uint8)
