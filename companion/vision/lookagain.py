"""Reading a place of the frame again as a face of the throw's size (third pass on).

The dice of one throw are one set, one size. Where the finder left something over, or a
reading is weak, :func:`read_place` reads a square of that size around the centre the
pips give, turned several ways, and keeps only a clear reading. The warp of a quad to the
pip reader's square and the die kind a colour says live here too, for both passes.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.diceprofiles import DiceProfiles, miwin_profile
from companion.vision.pipgrid import grid_turn
from companion.vision.pips import D6_VALUES, PAD, SIZE, FaceReading, read_face

Image = npt.NDArray[Any]


class Placed(NamedTuple):
    """A clear reading of a place: the reading, its die kind, the face's centre."""

    reading: FaceReading
    kind: str
    x: float
    y: float


SQUARE = np.array([[0, 0], [SIZE - 1, 0], [SIZE - 1, SIZE - 1], [0, SIZE - 1]], np.float32)


def warp(image: Image, quad: npt.NDArray[np.float32]) -> Image:
    start = int(np.argmin(quad.sum(axis=1)))  # the corner nearest the image's top-left
    quad = np.roll(quad, -start, axis=0)
    m = cv2.getPerspectiveTransform(quad, SQUARE)
    out: Image = cv2.warpPerspective(image, m, (SIZE, SIZE), flags=cv2.INTER_AREA)
    return out


def inside(reading: FaceReading) -> bool:
    """Every pip of a reading lies well inside the face: on a die, pips sit at least a
    fifth of the side away from its edges, here at least an eighth is asked."""
    margin = PAD + SIZE / 8
    return all(margin <= v <= SIZE + 2 * PAD - margin for xy in reading.pips for v in xy)


def die_kind(
    kind: str, colour: tuple[int, int, int], profiles: DiceProfiles
) -> tuple[str, frozenset[int]]:
    """The kind of die a face of this colour belongs to, and the values it can show."""
    if kind == "d6":
        return "d6", D6_VALUES
    profile = miwin_profile(colour, profiles)
    return profile.kind, profile.faces


_RESCUE_CONFIDENCE = 0.6  # a die found from its pips alone must be read clearly


def read_place(
    image: Image,
    place: Image,
    side: float,
    kind: str,
    profiles: DiceProfiles,
    read_here: bool = False,
) -> Placed | None:
    """The die whose top face lies near ``place``, read as a face of the throw's size
    ``side``; None unless clearly read: settled, every pip well inside the face, and the
    pips centred on it.

    Every pip layout is symmetric about the face's centre, so the pips read in a square
    1.3 sides wide around ``place`` give the centre (read again where they say; the
    reading that sees more pips saw more of the face and sets it); where no pip set there
    agrees with its count, a weak reading's own centre (``read_here``) stands. The face is
    read there upright, turned by 45°, 1.3 sides wide (wide enough for any turn) and
    turned as the pips' grid (:func:`grid_turn`): upright or at 45°, a face turned by
    about 22° has its corner pips near the crop's edge. A crop turned wrongly cuts off
    pips, and a pip that touches the crop's edge is not counted, so of the clear readings
    the one that sees the most pips wins. A reading whose pips are not centred saw a part
    of a face; when none is clear, the crop that saw more pips than the centring is the
    better centre, and the face is read again there.
    """
    unit = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float32) * side / 2
    turned = unit @ np.array([[1, 1], [-1, 1]], np.float32) / np.sqrt(2)
    centre, turn, seen = place, None, 0
    for _ in range(2):
        wide = centre + unit * 1.3
        first = square_reading(image, wide, kind, profiles)[0]
        if not first.pips and not read_here:
            return None
        if len(first.pips) > seen:  # more of the face seen: a better centre
            centre, turn, seen = *_pips_say(wide, first), len(first.pips)
    for attempt in range(3):
        shapes = [unit * 0.95, turned * 0.95, unit * 1.3]
        if turn is not None:  # turned as the pips' grid: no corner pip near the crop's edge
            c, s = np.cos(turn), np.sin(turn)
            shapes.append(unit @ np.array([[c, s], [-s, c]], np.float32) * 0.95)
        quads = [centre + corners for corners in shapes]
        readings = [square_reading(image, quad, kind, profiles) for quad in quads]
        clear = [rn for rn in readings if is_clear(rn[0])]
        if clear:
            surest = max(r.confidence for r, _ in clear)
            reading, name = max(
                (rn for rn in clear if rn[0].confidence >= 0.8 * surest),
                key=lambda rn: (len(rn[0].pips), rn[0].confidence),
            )
            return Placed(reading, name, float(centre[0]), float(centre[1]))
        # None clear, but a crop that saw more pips than the centring did knows the
        # centre better (the centring crop, wider, also caught side faces): again, while
        # each look sees more of the face (twice at most).
        most = max(range(len(quads)), key=lambda i: len(readings[i][0].pips))
        if attempt == 2 or len(readings[most][0].pips) <= seen:
            return None
        centre, turn = _pips_say(quads[most], readings[most][0])
        seen = len(readings[most][0].pips)
    return None


def _pips_say(quad: Image, reading: FaceReading) -> tuple[Image, float | None]:
    """The face's centre (its pips' mean: every layout is symmetric about it) and its turn
    (:func:`grid_turn`) from a reading of the crop of ``quad``, in frame coordinates."""
    points = pips_in_frame(quad, reading.pips)
    return points.mean(axis=0).astype(np.float32), grid_turn([tuple(p) for p in points])


def is_clear(reading: FaceReading) -> bool:
    """A reading that stands on its own: sure, settled, pips well inside and centred."""
    if len(reading.pips) != reading.value or reading.confidence < _RESCUE_CONFIDENCE:
        return False
    if not reading.value or reading.blurred:
        return False
    offset = np.array(reading.pips, np.float32).mean(axis=0) - (SIZE / 2 + PAD)
    return inside(reading) and float(np.hypot(*offset)) < 0.08 * SIZE


def square_reading(
    image: Image, quad: Image, kind: str, profiles: DiceProfiles
) -> tuple[FaceReading, str]:
    """The face inside ``quad`` read, with the kind of die its colour says."""
    crop = warp(image, quad.astype(np.float32))
    colour = tuple(int(v) for v in np.median(crop.reshape(-1, 3), axis=0))
    name, allowed = die_kind(kind, colour, profiles)  # type: ignore[arg-type]
    return read_face(crop, allowed), name


def pips_in_frame(quad: Image, pips: tuple[tuple[float, float], ...]) -> Image:
    """The pips of a reading of the warped crop of ``quad`` (:func:`warp`; the pip
    reader's padded square) back in the frame, one row each."""
    if not pips:
        return np.zeros((0, 2), np.float32)
    start = int(np.argmin(quad.sum(axis=1)))
    m = cv2.getPerspectiveTransform(np.roll(quad, -start, axis=0).astype(np.float32), SQUARE)
    square = np.array(pips, np.float32).reshape(-1, 1, 2) - PAD
    out: Image = cv2.perspectiveTransform(square, np.linalg.inv(m)).reshape(-1, 2)
    return out
