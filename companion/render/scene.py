"""A tiny drawing model with two back ends: SVG text and an OpenCV raster.

The board picture is drawn once as a :class:`Scene` of primitives in board millimetres;
the web page takes the SVG, the PNG output and the synthetic camera take the raster.
One drawing, two back ends: the picture a player sees on the page is the picture the
synthetic camera photographs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
Point = tuple[float, float]


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0


@dataclass(frozen=True)
class Segment:
    a: Point
    b: Point
    stroke: str
    width: float = 1.0


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float  # cap height in mm, roughly
    fill: str
    anchor: str = "middle"  # start | middle | end
    bold: bool = False


Primitive = Circle | Segment | Polygon | Text


@dataclass(frozen=True)
class Spot:
    """A field the page names on hover and tap: an invisible disc on top of the picture
    with the field's id (``data-field``) and its name as a tooltip (SVG only)."""

    field: str
    x: float
    y: float
    r: float
    name: str


@dataclass
class Scene:
    """Primitives in drawing order, in a coordinate box (x0, y0, width, height) in mm."""

    x0: float
    y0: float
    width: float
    height: float
    background: str
    items: list[Primitive] = field(default_factory=list)
    title: str = ""
    spots: list[Spot] = field(default_factory=list)
    #: ``data-*`` attributes of the SVG root (e.g. the piece size the page zooms by).
    data: dict[str, str] = field(default_factory=dict)

    def add(self, *items: Primitive) -> None:
        self.items.extend(items)

    def arrow(self, a: Point, b: Point, colour: str, size: float) -> None:
        """A filled arrow head at the middle of a→b, pointing towards b."""
        (ax, ay), (bx, by) = a, b
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        mx, my = (ax + bx) / 2 + ux * size / 2, (ay + by) / 2 + uy * size / 2
        tip = (mx, my)
        left = (mx - ux * size - uy * size * 0.6, my - uy * size + ux * size * 0.6)
        right = (mx - ux * size + uy * size * 0.6, my - uy * size - ux * size * 0.6)
        self.add(Polygon((tip, left, right), fill=colour))


# --------------------------------------------------------------------------- SVG


def to_svg(scene: Scene, pixel_width: int | None = None) -> str:
    """The scene as a standalone SVG document (scalable; ``pixel_width`` sets the size)."""
    w = pixel_width or round(scene.width * 1.5)
    h = round(w * scene.height / scene.width)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="{scene.x0:g} {scene.y0:g} {scene.width:g} {scene.height:g}" '
        + "".join(f'data-{k}="{escape(v)}" ' for k, v in scene.data.items())
        + 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" role="img">',
        f"<title>{escape(scene.title)}</title>" if scene.title else "",
        f'<rect x="{scene.x0:g}" y="{scene.y0:g}" width="{scene.width:g}" '
        f'height="{scene.height:g}" fill="{scene.background}"/>',
    ]
    for item in scene.items:
        out.append(_svg_item(item))
    if scene.spots:
        out.append('<g class="spots">')
        out.extend(
            f'<circle class="spot" data-field="{escape(s.field)}" cx="{s.x:.2f}" '
            f'cy="{s.y:.2f}" r="{s.r:.2f}" fill="transparent"><title>{escape(s.name)}</title>'
            "</circle>"
            for s in scene.spots
        )
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(s for s in out if s) + "\n"


def crop(scene: Scene, x0: float, y0: float, width: float, height: float) -> Scene:
    """The part of ``scene`` in the box (x0, y0, width, height), with only the primitives
    that can show in it: a small picture of a board's corner is a few kilobytes, not the
    whole board's drawing behind a narrow view."""
    box = (x0, y0, x0 + width, y0 + height)
    items = [item for item in scene.items if _touches(item, box)]
    spots = [s for s in scene.spots if _near(s.x, s.y, s.r, box)]
    return Scene(
        x0, y0, width, height, scene.background, items, scene.title, spots, dict(scene.data)
    )


def _near(x: float, y: float, r: float, box: tuple[float, float, float, float]) -> bool:
    """Whether the square of half side ``r`` round (x, y) overlaps ``box``."""
    return x + r >= box[0] and x - r <= box[2] and y + r >= box[1] and y - r <= box[3]


def _touches(item: Primitive, box: tuple[float, float, float, float]) -> bool:
    if isinstance(item, Circle):
        if not _near(item.x, item.y, item.r + item.width, box):
            return False
        if item.fill:
            return True
        # a ring drawn as a stroke only: drop it when the box lies wholly inside it
        dx = max(abs(item.x - box[0]), abs(item.x - box[2]))
        dy = max(abs(item.y - box[1]), abs(item.y - box[3]))
        return math.hypot(dx, dy) >= item.r - item.width
    if isinstance(item, Segment):
        (ax, ay), (bx, by) = item.a, item.b
        return (
            max(ax, bx) >= box[0]
            and min(ax, bx) <= box[2]
            and max(ay, by) >= box[1]
            and (min(ay, by) <= box[3])
        )
    if isinstance(item, Polygon):
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return max(xs) >= box[0] and min(xs) <= box[2] and max(ys) >= box[1] and min(ys) <= box[3]
    reach = item.size * (1 + 0.5 * len(item.text))
    return _near(item.x, item.y, reach, box)


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    paint = f'fill="{fill or "none"}"'
    if stroke:
        paint += f' stroke="{stroke}" stroke-width="{width:g}"'
    return paint


def _svg_item(item: Primitive) -> str:
    if isinstance(item, Circle):
        return (
            f'<circle cx="{item.x:.2f}" cy="{item.y:.2f}" r="{item.r:.2f}" '
            f"{_paint(item.fill, item.stroke, item.width)}/>"
        )
    if isinstance(item, Segment):
        (ax, ay), (bx, by) = item.a, item.b
        return (
            f'<line x1="{ax:.2f}" y1="{ay:.2f}" x2="{bx:.2f}" y2="{by:.2f}" '
            f'stroke="{item.stroke}" stroke-width="{item.width:g}" stroke-linecap="round"/>'
        )
    if isinstance(item, Polygon):
        pts = " ".join(f"{x:.2f},{y:.2f}" for x, y in item.points)
        return f'<polygon points="{pts}" {_paint(item.fill, item.stroke, item.width)}/>'
    weight = ' font-weight="bold"' if item.bold else ""
    baseline = item.y + item.size * 0.5
    return (
        f'<text x="{item.x:.2f}" y="{baseline:.2f}" font-size="{item.size * 1.4:.2f}" '
        f'text-anchor="{item.anchor}" fill="{item.fill}"{weight}>{escape(item.text)}</text>'
    )


# --------------------------------------------------------------------------- raster

_SHIFT = 4  # OpenCV fixed-point bits: sub-pixel accurate drawing
_ONE = 1 << _SHIFT


def to_image(scene: Scene, px_per_mm: float = 2.0) -> Image:
    """The scene as a BGR image, anti-aliased, ``px_per_mm`` pixels per board millimetre."""
    w, h = round(scene.width * px_per_mm), round(scene.height * px_per_mm)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = bgr(scene.background)

    def px(x: float, y: float) -> tuple[int, int]:
        return round((x - scene.x0) * px_per_mm * _ONE), round((y - scene.y0) * px_per_mm * _ONE)

    for item in scene.items:
        if isinstance(item, Circle):
            centre, r = px(item.x, item.y), round(item.r * px_per_mm * _ONE)
            if item.fill:
                cv2.circle(img, centre, r, bgr(item.fill), -1, cv2.LINE_AA, _SHIFT)
            if item.stroke:
                t = max(1, round(item.width * px_per_mm))
                cv2.circle(img, centre, r, bgr(item.stroke), t, cv2.LINE_AA, _SHIFT)
        elif isinstance(item, Segment):
            t = max(1, round(item.width * px_per_mm))
            cv2.line(img, px(*item.a), px(*item.b), bgr(item.stroke), t, cv2.LINE_AA, _SHIFT)
        elif isinstance(item, Polygon):
            pts = np.array([px(x, y) for x, y in item.points], np.int32)
            if item.fill:
                cv2.fillPoly(img, [pts], bgr(item.fill), cv2.LINE_AA, _SHIFT)
            if item.stroke:
                t = max(1, round(item.width * px_per_mm))
                cv2.polylines(img, [pts], True, bgr(item.stroke), t, cv2.LINE_AA, _SHIFT)
        else:
            _raster_text(img, item, px_per_mm, scene)
    return img


def _raster_text(img: Image, item: Text, px_per_mm: float, scene: Scene) -> None:
    font = cv2.FONT_HERSHEY_DUPLEX if item.bold else cv2.FONT_HERSHEY_SIMPLEX
    scale = item.size * px_per_mm / 22.0  # Hershey cap height is about 22 px at scale 1
    thick = max(1, round(scale * (2.2 if item.bold else 1.4)))
    (tw, th), _ = cv2.getTextSize(item.text, font, scale, thick)
    x = (item.x - scene.x0) * px_per_mm
    x -= {"start": 0, "middle": tw / 2, "end": tw}.get(item.anchor, tw / 2)
    y = (item.y - scene.y0) * px_per_mm + th / 2
    cv2.putText(
        img, item.text, (round(x), round(y)), font, scale, bgr(item.fill), thick, cv2.LINE_AA
    )


def bgr(colour: str) -> tuple[int, int, int]:
    """'#rrggbb' → OpenCV's (b, g, r)."""
    c = colour.lstrip("#")
    if len(c) != 6:
        raise ValueError(f"colour must be #rrggbb, not {colour!r}")
    r, g, b = int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
    return b, g, r
