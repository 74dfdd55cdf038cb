"""The last move drawn on the board: an arrow along the moved piece's path, thinner
arrows for the pieces it pushed, a ring where it swapped and a cross where a piece was
destroyed or sent home. Players read a verdict's field names against it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from companion.model.layout import Layout
from companion.render.scene import Circle, Point, Polygon, Scene, Segment

#: The trail's paint: magenta, not a piece colour, on the dark and on the light boards.
TRAIL = "#ff3df2"


@dataclass(frozen=True)
class LastMove:
    """What of a move the board shows (field ids; any rules engine's move gives them)."""

    path: tuple[str, ...]  # start first, end last (two fields when only those are known)
    #: (from, to) of every other piece the move moved: pushed pieces, TENET's further
    #: steps and the balls its steps displaced
    pushes: tuple[tuple[str, str], ...] = ()
    gone: tuple[str, ...] = ()  # fields whose piece was destroyed or sent home
    swapped: str | None = None  # the field of the piece swapped with (1+2)

    @classmethod
    def of(cls, move: object) -> LastMove | None:
        """The trail of a rules engine's move (None for a pass or a move with no field)."""
        steps = tuple(getattr(move, "steps", ()) or ())
        if steps:  # TENET: each step a ball of its own; the first is the main arrow
            others = [(s.start, s.end) for s in steps[1:]]
            others += [(s.end, s.put) for s in steps if getattr(s, "put", None)]
            return cls((steps[0].start, steps[0].end), tuple(others))
        start, end = getattr(move, "start", None), getattr(move, "end", None)
        if not isinstance(start, str) or not isinstance(end, str):
            return None
        path = tuple(getattr(move, "path", ()) or ()) or (start, end)
        pushes = tuple(
            (p.start, p.end) for p in getattr(move, "pushes", ()) or () if p.start != p.end
        )
        gone = tuple(d.field for d in getattr(move, "destroyed", ()) or ())
        swapped = getattr(move, "swapped", None)
        return cls(path, pushes, gone, swapped if isinstance(swapped, str) else None)


def draw_trail(scene: Scene, layout: Layout, last: LastMove) -> None:
    """The last move on top of the pieces (fields the layout does not have are skipped)."""
    piece = layout.piece_diameter / 2
    points = [(f.x, f.y) for f in (layout.fields.get(i) for i in last.path) if f is not None]
    if len(points) >= 2:
        scene.add(Circle(*points[0], piece + 2.5, stroke=TRAIL, width=2.0))
        _arrow(scene, points, piece, 3.2)
    for a, b in last.pushes:
        fa, fb = layout.fields.get(a), layout.fields.get(b)
        if fa is not None and fb is not None:
            _arrow(scene, [(fa.x, fa.y), (fb.x, fb.y)], piece, 1.8)
    if last.swapped is not None and last.swapped in layout.fields:
        f = layout.fields[last.swapped]
        scene.add(Circle(f.x, f.y, piece + 2.5, stroke=TRAIL, width=2.0))
    for fid in last.gone:
        if fid in layout.fields:
            f, arm = layout.fields[fid], piece * 0.8
            scene.add(Segment((f.x - arm, f.y - arm), (f.x + arm, f.y + arm), TRAIL, 2.4))
            scene.add(Segment((f.x - arm, f.y + arm), (f.x + arm, f.y - arm), TRAIL, 2.4))


def _arrow(scene: Scene, points: Sequence[Point], piece: float, width: float) -> None:
    """A line through ``points`` with its head at the rim of the last field's piece."""
    for a, b in pairwise(points[:-1]):  # the last stretch ends at the head
        scene.add(Segment(a, b, TRAIL, width))
    (ax, ay), (bx, by) = points[-2], points[-1]
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = (bx - ux * piece, by - uy * piece)
    head = 3.2 * width
    base = (tip[0] - ux * head, tip[1] - uy * head)
    scene.add(Segment((ax, ay), base, TRAIL, width))
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    scene.add(Polygon((tip, left, right), fill=TRAIL))
