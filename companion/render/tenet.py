"""The TENET board (layout style ``tenet``, docs/rulings.md §6), drawn as a Scene.

What it shows: the round leather board on its square mat (the ArUco markers sit on the
mat's corners, outside the board), the nine force-field circles in gold through the
common start field in the middle, every crossing ringed in gold and the nine entry
fields next to the start in white, the nine planets as small dark discs with their
number and name, each with its Pott (the outermost field, ringed in gold) and the
stone's field before it (ringed in pale blue, "Platz für den Stein der Weisen").
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from companion import texts
from companion.games.tenet.board import PLANETS, stone_planet
from companion.model.layout import Field, Layout, Ring
from companion.render.paint import DARK_INK, FIELD, FIELD_EDGE, PIECE_COLOURS, markers, mix
from companion.render.scene import Circle, Polygon, Scene, Text

if TYPE_CHECKING:
    from companion.model.position import Position

LEATHER = "#6e4529"
LEATHER_EDGE = "#3f2515"
GOLD = "#d9b25f"
PLANET_DISC = "#3a2314"
PLANET_LINE = "#ecd9a8"
POTT = "#ffcc33"
STONE = "#8fd8ff"
ENTRY = "#ffffff"
HIGHLIGHT = "#ff3df2"


def draw_tenet(scene: Scene, layout: Layout, radius: dict[str, float], marked: set[str]) -> None:
    """The whole TENET board into ``scene`` (pieces are drawn by the caller)."""
    board = (layout.diameter or min(layout.width, layout.height)) / 2
    scene.add(Circle(0, 0, board, fill=LEATHER, stroke=LEATHER_EDGE, width=3))
    scene.add(Circle(0, 0, board - 6, stroke=GOLD, width=0.7))  # the stitched rim
    markers(scene, layout)
    planets = {p["ring"]: p for p in _planets(layout)}
    for ring in layout.rings:
        if ring.id in planets and ring.radius:
            _planet(scene, ring, planets[ring.id])
    for f in layout:
        if f.kind == "centre":
            area = 0.75 * layout.spacing[f.id]
            scene.add(Circle(f.x, f.y, area, fill=mix(GOLD, LEATHER, 0.3), stroke=GOLD, width=1.2))
    for ring in layout.rings:
        if ring.radius:
            paint = PLANET_LINE if ring.id in planets else GOLD
            scene.add(Circle(ring.cx, ring.cy, ring.radius, stroke=paint, width=1.6))
    numbers = {f: str(p.get("number", "")) for p in planets.values() for f in _potts(layout, p)}
    for f in layout:
        mark = numbers.get(f.id) or MARKS.get(f.label or "", "")
        _field(scene, f, radius[f.id], mark, len(layout.rings_of(f.id)), f.id in marked)


#: What a labelled field shows in print (the board reader expects print on labelled fields):
#: E for an entry field, S for the stone's field; a Pott shows its planet's number.
MARKS = {"entry": "E", "stone": "S", "Pott": "P", "start": "Start"}


def _potts(layout: Layout, planet: dict[str, Any]) -> list[str]:
    ring = str(planet.get("ring", ""))
    if ring not in {r.id for r in layout.rings}:
        return []
    return [f for f in layout.ring_fields(ring) if layout.fields[f].label == "Pott"]


def _planets(layout: Layout) -> list[dict[str, Any]]:
    """The planet entries of the layout's extra data (number, name, ring), if any."""
    items = layout.extra.get("planets", [])
    if not isinstance(items, list):
        return []
    return [p for p in items if isinstance(p, dict) and "ring" in p]


def _planet(scene: Scene, ring: Ring, planet: dict[str, Any]) -> None:
    r = ring.radius or 0.0
    scene.add(Circle(ring.cx, ring.cy, r, fill=PLANET_DISC))
    scene.add(Text(ring.cx, ring.cy - 0.12 * r, str(planet.get("number", "")), 0.36 * r, POTT))
    name = str(planet.get("name", ""))
    scene.add(Text(ring.cx, ring.cy + 0.3 * r, name, 0.13 * r, PLANET_LINE))


def planet_names(scene: Scene, layout: Layout) -> None:
    """Each planet's name once more, on a dark plate over whatever lies on it: the page's
    drawing only (the picture the board reader learns from and the synthetic camera's
    photos keep the printed board), since on the page the force-field circles' fields
    cover half of the printed names ("luto", "Uran")."""
    for ring in layout.rings:
        planet = next((p for p in _planets(layout) if p["ring"] == ring.id), None)
        if planet is None or not ring.radius:
            continue
        name, size = str(planet.get("name", "")), 0.16 * ring.radius
        x, y = ring.cx, ring.cy + 0.3 * ring.radius
        half, high = 0.36 * size * len(name) + size * 0.4, size * 0.95
        plate = (
            (x - half, y - high),
            (x + half, y - high),
            (x + half, y + high),
            (x - half, y + high),
        )
        scene.add(Polygon(plate, fill=PLANET_DISC, stroke=PLANET_LINE, width=0.6))
        scene.add(Text(x, y, name, size, PLANET_LINE, bold=True))


def _field(scene: Scene, f: Field, r: float, mark: str, circles: int, marked: bool) -> None:
    scene.add(Circle(f.x, f.y, r, fill=FIELD, stroke=FIELD_EDGE, width=0.8))
    paint, width = {"entry": (ENTRY, 2.0), "Pott": (POTT, 2.6), "stone": (STONE, 2.0)}.get(
        f.label or "", (None, 0.0)
    )
    if paint is None and circles >= 2 and f.kind == "ring":
        paint, width = GOLD, 1.1  # a crossing: here a ball may change circles
    if paint is not None:
        scene.add(Circle(f.x, f.y, r + 0.4 + width / 2, stroke=paint, width=width))
    if mark:
        scene.add(Text(f.x, f.y, mark, r * (0.42 if len(mark) > 2 else 0.7), DARK_INK, bold=True))
    if marked:
        scene.add(Circle(f.x, f.y, r + 3.2, stroke=HIGHLIGHT, width=1.6))


def draw_tenet_state(scene: Scene, layout: Layout, position: Position, lang: str) -> None:
    """What a TENET position adds to the board: the balls waiting on the start field, one
    disc a colour with its count round the middle, and the Stein der Weisen (a pale blue
    gem on its field, or in the middle while it waits in the Zentrum), with a caption."""
    start = next((f for f in layout if f.kind == "centre"), None)
    if start is None:
        return
    waiting = Counter(c for fid, c in position.placement if fid == start.id)
    colours = [c for c in position.players if waiting[c]]
    ring = 0.36 * layout.spacing[start.id]  # inside the start field, clear of the entries
    r = min(0.38 * layout.piece_diameter, 0.9 * ring * math.sin(math.pi / max(len(colours), 2)))
    for n, colour in enumerate(colours):
        a = 2 * math.pi * n / len(colours)
        x, y = start.x + ring * math.sin(a), start.y - ring * math.cos(a)
        paint = PIECE_COLOURS.get(colour, "#ff00ff")
        scene.add(Circle(x, y, r, fill=paint, stroke=DARK_INK, width=0.8))
        ink = DARK_INK if colour not in ("black", "blue", "purple") else "#ffffff"
        scene.add(Text(x, y, str(waiting[colour]), r * 1.1, ink, bold=True))
    stone = position.stone or start.id
    f = layout.fields[stone]
    size = 0.45 * layout.piece_diameter
    if stone != start.id and stone in position.occupant:  # beside the ball on its field
        d = math.hypot(f.x, f.y) or 1.0
        f = replace(f, x=f.x + 0.9 * size * f.x / d, y=f.y + 0.9 * size * f.y / d)
    gem = ((f.x, f.y - size), (f.x + size, f.y), (f.x, f.y + size), (f.x - size, f.y))
    scene.add(Polygon(gem, fill=STONE, stroke=DARK_INK, width=0.8))
    number = stone_planet(layout, stone)
    where = (
        texts.text("tenet.in_zentrum")
        if number is None
        else texts.text("tenet.on_planet", planet=PLANETS[number - 1], field=stone)
    )
    counts = [texts.text("tenet.count", player=texts.colour(c), count=waiting[c]) for c in colours]
    caption = texts.render(
        texts.text("tenet.caption", where=where, counts=counts or texts.text("tenet.none")), lang
    )
    scene.add(Text(0, layout.height / 2 - 10, caption, 6.0, DARK_INK))
