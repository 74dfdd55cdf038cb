"""The palette and small drawing helpers shared by the board styles of companion.render."""

from __future__ import annotations

import itertools
import math

import cv2

from companion.model.layout import Layout
from companion.render.scene import Point, Polygon, Scene, Segment

#: Piece and player colours: the standard piece colours of docs/rulings.md §1, and the
#: TENET balls (orange, turquoise, purple), chosen far apart in hue from the others.
PIECE_COLOURS = {
    "red": "#d7263d",
    "yellow": "#f6c90e",
    "green": "#2e9e4f",
    "blue": "#1b5fc1",
    "white": "#f4f4ef",
    "black": "#202020",
    "orange": "#f07a12",
    "turquoise": "#17b8b0",
    "purple": "#7d3cb8",
}
LINE_PAINT = {
    "green": "#3fbf5f",
    "red": "#e0453a",
    "blue": "#3a7be0",
    "yellow": "#f0c419",
    "station": "#9aa3b5",
    "track": "#9aa3b5",
    "bridge": "#e0453a",
}
BOARD = "#e6dfcc"  # the cardboard: light, so the corner markers need no frame of their own
SPACE = "#1c2233"  # deep space blue disc: every piece colour and line colour stands out
FIELD = "#a7a9b1"  # empty field: a mid grey that no piece colour is close to
FIELD_EDGE = "#5d6170"
INK = "#e9ecf2"
DARK_INK = "#23283a"


def mix(a: str, b: str, t: float) -> str:
    """Blend colour a into b by t (0..1)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * t + y * (1 - t)):02x}" for x, y in zip(ca, cb, strict=True))


def rect(x: float, y: float, w: float, h: float, fill: str) -> Polygon:
    return Polygon(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), fill=fill)


def polar(radius: float, degrees: float, cx: float = 0.0, cy: float = 0.0) -> Point:
    """A point clockwise from 12 o'clock round (cx, cy), y downwards (board millimetres)."""
    a = math.radians(degrees)
    return cx + radius * math.sin(a), cy - radius * math.cos(a)


def angle_of(x: float, y: float, cx: float = 0.0, cy: float = 0.0) -> float:
    """The clockwise angle from 12 o'clock of (x, y) seen from (cx, cy), in degrees."""
    return math.degrees(math.atan2(x - cx, -(y - cy))) % 360


def annulus_sector(r0: float, r1: float, a0: float, a1: float, fill: str) -> Polygon:
    """The part of a ring between radii r0 < r1 and angles a0 < a1 (degrees)."""
    n = max(2, round(abs(a1 - a0) / 3))
    outer = [polar(r1, a0 + (a1 - a0) * k / n) for k in range(n + 1)]
    inner = [polar(r0, a1 - (a1 - a0) * k / n) for k in range(n + 1)]
    return Polygon(tuple(outer + inner), fill=fill)


def dashed(scene: Scene, points: list[Point], colour: str, width: float) -> None:
    """A polyline drawn with every other segment left out."""
    for k, (a, b) in enumerate(itertools.pairwise(points)):
        if k % 2 == 0:
            scene.add(Segment(a, b, colour, width))


def markers(scene: Scene, layout: Layout) -> None:
    """The layout's ArUco markers as real marker patterns (cells of black squares)."""
    if not layout.markers or layout.marker_dictionary is None:
        return
    dictionary = cv2.aruco.getPredefinedDictionary(
        getattr(cv2.aruco, f"DICT_{layout.marker_dictionary}")
    )
    for m in layout.markers:
        cells = cv2.aruco.generateImageMarker(dictionary, m.id, 6, borderBits=1)
        n = cells.shape[0]
        cell = m.size / n
        x0, y0 = m.x - m.size / 2, m.y - m.size / 2
        for r in range(n):
            for c in range(n):
                if cells[r, c] < 128:
                    scene.add(rect(x0 + c * cell, y0 + r * cell, cell, cell, "#000000"))
