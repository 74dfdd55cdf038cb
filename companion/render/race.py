"""The race-game board (layout style ``tuerme``, docs/rulings.md §5), drawn as a Scene.

What it shows: the round track on a light band with every field's number outside it,
the four start fields tinted and ringed in their owner's colour, each colour's home in
the corner before its start with a dashed path onto the start field, the finish lane
with its chequered finish line into the goal sector in the middle, and the seven red
bridge fields with the wooden bridge that shortens the way to the field it reaches.
With a position, :func:`draw_stacks` marks every field holding more than one piece (a
tower, a home, a goal) with the number of pieces, and rings a mixed tower's top piece
in the colour of the captured piece under it.
"""

from __future__ import annotations

import itertools
import math

from companion.model.layout import Field, Layout
from companion.model.position import Position
from companion.render.paint import (
    BOARD,
    DARK_INK,
    FIELD,
    FIELD_EDGE,
    LINE_PAINT,
    PIECE_COLOURS,
    angle_of,
    annulus_sector,
    dashed,
    markers,
    mix,
    polar,
)
from companion.render.scene import Circle, Point, Polygon, Scene, Segment, Text

TRACK_BAND = "#d3c09a"  # a sandy road under the fields
WOOD = "#7a4f27"
PLANK = "#b7844b"
HIGHLIGHT = "#ff3df2"


def draw_race(scene: Scene, layout: Layout, radius: dict[str, float], marked: set[str]) -> None:
    """The whole race-game board into ``scene`` (pieces are drawn by the caller)."""
    markers(scene, layout)
    for ring in layout.rings:
        if ring.radius:
            width = 2 * max(radius[fid] for fid in layout.ring_fields(ring.id)) + 7
            scene.add(Circle(ring.cx, ring.cy, ring.radius, stroke=TRACK_BAND, width=width))
    for line in layout.lines:
        if line.colour == "bridge":
            _bridge(scene, layout.fields[line.start], layout.fields[line.end])
    for f in layout:  # after the bridges: red's finish lane passes over the one from 62
        owner = PIECE_COLOURS.get(f.owner or "")
        if owner and f.kind == "goal":
            _goal(scene, layout, f, owner)
        elif owner and f.kind == "home":
            _home(scene, layout, f, owner)
    _numbers(scene, layout, radius)
    jumps = {ln.start: ln.end for ln in layout.lines if ln.colour == "bridge"}
    for f in layout:
        mark = MARKS.get(f.label or "", "")
        if f.id in jumps:
            mark = f"+{_distance(layout, f.id, jumps[f.id])}"
        _field(scene, f, radius[f.id], mark, f.id in marked)


def draw_stacks(scene: Scene, position: Position) -> None:
    """Counts on towers, homes and goals, and the captured colour round a mixed tower
    (the pieces themselves are drawn by the caller, the top one last)."""
    layout = position.layout
    r = layout.piece_diameter / 2
    for fid, colours in position.stacks.items():
        if len(colours) < 2:
            continue
        f = layout.fields[fid]
        if len(set(colours)) > 1:
            under = PIECE_COLOURS.get(colours[0], DARK_INK)
            scene.add(Circle(f.x, f.y, r + 2.0, stroke=under, width=2.6))
        bx, by = f.x + 0.75 * r, f.y - 0.75 * r
        scene.add(Circle(bx, by, 3.6, fill="#fafafa", stroke=DARK_INK, width=0.6))
        scene.add(Text(bx, by, str(len(colours)), 4.4, DARK_INK, bold=True))


#: What a labelled field shows in print (the board reader expects print on labelled fields).
MARKS = {"start": "S", "goal": "Z", "home": "H"}


def _distance(layout: Layout, a: str, b: str) -> int:
    """How many track fields the bridge from a to b skips (6 on the default board)."""
    fa, fb = layout.fields[a], layout.fields[b]
    if fa.ring is None or fa.ring != fb.ring or fa.index is None or fb.index is None:
        return 0
    return (fb.index - fa.index) % layout.ring(fa.ring).size


def _field(scene: Scene, f: Field, r: float, mark: str, marked: bool) -> None:
    owner = PIECE_COLOURS.get(f.owner or "")
    fill = mix(owner, FIELD, 0.35) if owner else FIELD
    scene.add(Circle(f.x, f.y, r, fill=fill, stroke=FIELD_EDGE, width=0.8))
    if f.label == "bridge":
        scene.add(Circle(f.x, f.y, r + 1.6, stroke=LINE_PAINT["bridge"], width=2.6))
    elif owner:
        scene.add(Circle(f.x, f.y, r + 1.6, stroke=owner, width=2.2))
    if mark:
        scene.add(Text(f.x, f.y, mark, r * 0.7, DARK_INK, bold=True))
    if marked:
        scene.add(Circle(f.x, f.y, r + 3.5, stroke=HIGHLIGHT, width=1.8))


def _goal(scene: Scene, layout: Layout, goal: Field, paint: str) -> None:
    """The goal sector (a quarter of the middle), the lane into it and its finish line."""
    angle, r = angle_of(goal.x, goal.y), math.hypot(goal.x, goal.y)
    sector = annulus_sector(0.3 * r, 1.5 * r, angle - 43, angle + 43, mix(paint, BOARD, 0.45))
    scene.add(sector)
    scene.add(Polygon(sector.points, stroke=paint, width=1.2))
    scene.add(Text(*polar(0.62 * r, angle), "Ziel", 5.0, DARK_INK, bold=True))
    for line in layout.lines:
        if line.end == goal.id:
            last = layout.fields[line.start]
            scene.add(Segment((last.x, last.y), (goal.x, goal.y), paint, width=7))
            _finish_line(scene, (last.x, last.y), (goal.x, goal.y))


def _finish_line(scene: Scene, a: Point, b: Point) -> None:
    """A chequered bar across the lane a → b, just inside the track."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    cx, cy = a[0] + ux * 16, a[1] + uy * 16
    cell = 2.6
    for row in range(2):
        for col in range(-3, 3):
            x0 = cx + (-uy) * col * cell + ux * (row - 1) * cell
            y0 = cy + ux * col * cell + uy * (row - 1) * cell
            corners = (
                (x0, y0),
                (x0 - uy * cell, y0 + ux * cell),
                (x0 - uy * cell + ux * cell, y0 + ux * cell + uy * cell),
                (x0 + ux * cell, y0 + uy * cell),
            )
            colour = "#111111" if (row + col) % 2 else "#fafafa"
            scene.add(Polygon(corners, fill=colour))


def _home(scene: Scene, layout: Layout, home: Field, paint: str) -> None:
    """The waiting area off the track, and a dashed path from it onto the start field."""
    area = 2.0 * layout.piece_diameter
    scene.add(Circle(home.x, home.y, area, fill=mix(paint, BOARD, 0.4), stroke=paint, width=2))
    for line in layout.lines:
        if line.start != home.id:
            continue
        start = layout.fields[line.end]
        a0, r0 = angle_of(home.x, home.y), math.hypot(home.x, home.y) - area
        a1, r1 = angle_of(start.x, start.y), math.hypot(start.x, start.y) + 14
        turn = (a1 - a0 + 180) % 360 - 180
        pts = [polar(r0 + (r1 - r0) * k / 16, a0 + turn * k / 16) for k in range(17)]
        dashed(scene, pts, paint, 2.4)
        scene.arrow(pts[-1], (start.x, start.y), paint, 5.0)


def _bridge(scene: Scene, a: Field, b: Field) -> None:
    """A wooden bridge arching inwards from field a to field b, a red arrow on top."""
    mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
    pull = 45.0 / (math.hypot(mx, my) or 1.0)  # the arch bows 45 mm towards the middle
    c = (mx * (1 - pull), my * (1 - pull))
    pts = [_bezier((a.x, a.y), c, (b.x, b.y), k / 24) for k in range(25)]
    for p, q in itertools.pairwise(pts):
        scene.add(Segment(p, q, WOOD, width=11))
    for p, q in itertools.pairwise(pts[3:-3]):
        length = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
        nx, ny = -(q[1] - p[1]) / length * 4.6, (q[0] - p[0]) / length * 4.6
        scene.add(Segment((p[0] - nx, p[1] - ny), (p[0] + nx, p[1] + ny), PLANK, 1.8))
    scene.arrow(pts[11], pts[13], LINE_PAINT["bridge"], 6.0)


def _bezier(a: Point, c: Point, b: Point, t: float) -> Point:
    u = 1 - t
    return (
        u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
        u * u * a[1] + 2 * u * t * c[1] + t * t * b[1],
    )


def _numbers(scene: Scene, layout: Layout, radius: dict[str, float]) -> None:
    """Each track field's number just outside the track, so people can name fields."""
    for ring in layout.rings:
        for fid in layout.ring_fields(ring.id):
            f = layout.fields[fid]
            if f.index is None or not ring.radius:
                continue
            angle = angle_of(f.x, f.y, ring.cx, ring.cy)
            x, y = polar(ring.radius + radius[fid] + 9, angle, ring.cx, ring.cy)
            scene.add(Text(x, y, str(f.index), 3.2, DARK_INK))
