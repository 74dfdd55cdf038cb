"""The board picture: a layout, and optionally a position on it, drawn as a Scene.

What it shows (the foundation issue asks for each): rings in green with arrows for the
clockwise direction, spokes in red (both ways), blue (inward) and yellow (outward) with
arrows, the stations, formation and special fields ringed in their owner's colour, the
gravity number in every ring field, the pieces in their colours, the energy stores and
the board's ArUco markers (real marker patterns, so a synthetic photo can be located).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from companion import texts
from companion.model.layout import Field, Layout
from companion.model.position import Position
from companion.render.paint import (
    BOARD,
    DARK_INK,
    FIELD,
    FIELD_EDGE,
    INK,
    LINE_PAINT,
    PIECE_COLOURS,
    SPACE,
    markers,
    mix,
)
from companion.render.race import draw_race, draw_stacks
from companion.render.scene import Circle, Scene, Segment, Spot, Text
from companion.render.tenet import draw_tenet, draw_tenet_state, planet_names
from companion.render.trail import LastMove, draw_trail


def draw_board(
    layout: Layout,
    position: Position | None = None,
    *,
    highlight: Iterable[str] = (),
    show_stores: bool = True,
    lang: str | None = None,
    last_move: LastMove | None = None,
    spots: bool = False,
    show_turn: bool = True,
    stones: Mapping[str, str] | None = None,
) -> Scene:
    """The layout (and the pieces of ``position``) as a Scene in board millimetres; its
    words ("red to move") in ``lang`` (default: the process's, companion/texts).

    ``last_move`` is drawn on top as a trail; ``spots`` adds the fields' names for the
    page to show on hover and tap (SVG only); ``show_turn`` False leaves out whose turn
    it is (a picture that only illustrates, as on the help page). ``stones`` are pieces
    (field → colour) on a board without a game: a club's own board, drawn from a board
    file ``{"fields": …}`` (calibration/README.md)."""
    lang = lang or texts.language()
    scene = Scene(
        -layout.width / 2,
        -layout.height / 2,
        layout.width,
        layout.height,
        BOARD,
        title=texts.render(texts.text("board.title", layout=texts.board(layout.name)), lang),
    )
    marked = set(highlight)
    if layout.style == "tuerme":
        draw_race(scene, layout, field_radii(layout), marked)
    elif layout.style == "tenet":
        draw_tenet(scene, layout, field_radii(layout), marked)
    elif layout.style == "plain":
        _plain(scene, layout, marked)
    else:
        _space(scene, layout, marked)
    for fid, colour in (stones or {}).items():
        _piece(scene, layout, fid, colour)
    if position is not None:
        for fid, colour in position.placement:
            f = layout.fields[fid]
            if layout.style == "tenet" and f.kind in position.spec.pools:
                continue  # the waiting balls are counted by draw_tenet_state
            _piece(scene, layout, fid, colour)
        if layout.style == "tuerme":
            draw_stacks(scene, position)
        if layout.style == "tenet" and position.spec.stone is not None:
            draw_tenet_state(scene, layout, position, lang)
        if show_stores and position.spec.uses_energy:
            _stores(scene, layout, position)
        if show_turn:
            _turn(scene, layout, position, lang)
    if last_move is not None:
        draw_trail(scene, layout, last_move)
    scene.data["piece"] = f"{layout.piece_diameter:g}"
    if spots:
        if layout.style == "tenet":
            planet_names(scene, layout)  # readable over the fields that cross the planets
        _spots(scene, layout, position, lang)
    return scene


def _piece(scene: Scene, layout: Layout, fid: str, colour: str) -> None:
    """A piece on a field, with its shadow."""
    f, piece_r = layout.fields[fid], layout.piece_diameter / 2
    scene.add(Circle(f.x + 0.8, f.y + 1.2, piece_r, fill="#0b0e16"))
    paint = PIECE_COLOURS.get(colour, "#ff00ff")
    scene.add(Circle(f.x, f.y, piece_r, fill=paint, stroke=DARK_INK, width=1.2))


def _spots(scene: Scene, layout: Layout, position: Position | None, lang: str) -> None:
    """Each field's name, and the colour of the piece on it, for the page's tooltips: the
    name as the page's prose says it ("S1 von Gelb" on a German page, as the move list's
    paths), the id itself kept in ``data-field`` for the page's scripts."""
    held: dict[str, list[str]] = {}
    for fid, colour in position.placement if position is not None else ():
        held.setdefault(fid, []).append(texts.render(texts.colour(colour), lang))
    radius = field_radii(layout)
    for f in layout:
        said = texts.render(texts.field(f.id), lang)
        name = f"{said}: {', '.join(held[f.id])}" if f.id in held else said
        scene.spots.append(Spot(f.id, f.x, f.y, max(radius[f.id], layout.piece_diameter / 2), name))


def field_radii(layout: Layout) -> dict[str, float]:
    """Drawn radius of each field: a little larger than a piece, never touching a neighbour."""
    limit = layout.piece_diameter * 0.62
    return {fid: min(limit, 0.47 * d) for fid, d in layout.spacing.items()}


def _space(scene: Scene, layout: Layout, marked: set[str]) -> None:
    """The Gravitation board: deep space, the Gravitator, green orbits and coloured spokes."""
    if layout.rings:
        scene.add(Circle(0, 0, 0.494 * min(layout.width, layout.height), fill=SPACE))
    markers(scene, layout)
    _gravitator(scene, layout)
    _lines(scene, layout)
    radius = field_radii(layout)
    for f in layout:
        _field(scene, f, radius[f.id], f.id in marked)


def _plain(scene: Scene, layout: Layout, marked: set[str]) -> None:
    """A board measured into a file only to be read: its lines, and each field as a thin
    ring with a cross (as a grid intersection or a printed spot looks)."""
    markers(scene, layout)
    for line in layout.lines:
        a, b = layout.fields[line.start], layout.fields[line.end]
        scene.add(Segment((a.x, a.y), (b.x, b.y), DARK_INK, width=0.8))
    radius = field_radii(layout)
    for f in layout:
        r = radius[f.id]
        scene.add(Circle(f.x, f.y, r, stroke=FIELD_EDGE, width=0.6))
        arm = 0.45 * r
        scene.add(Segment((f.x - arm, f.y), (f.x + arm, f.y), DARK_INK, width=0.8))
        scene.add(Segment((f.x, f.y - arm), (f.x, f.y + arm), DARK_INK, width=0.8))
        if f.id in marked:
            scene.add(Circle(f.x, f.y, r + 3.5, stroke="#ff3df2", width=1.8))


def _gravitator(scene: Scene, layout: Layout) -> None:
    inner = min((r.radius for r in layout.rings if r.radius), default=None)
    if inner is None:
        return
    for k, colour in enumerate(("#2d2145", "#3c2a5c", "#533a7a", "#000000")):
        scene.add(Circle(0, 0, inner * (0.62 - 0.13 * k), fill=colour))
    scene.add(Text(0, 0, "Gravitator", inner * 0.09, "#b9a7e0"))


def _lines(scene: Scene, layout: Layout) -> None:
    for ring in layout.rings:
        if ring.radius:
            scene.add(Circle(0, 0, ring.radius, stroke=LINE_PAINT["green"], width=2.2))
    for line in layout.lines:
        a, b = layout.fields[line.start], layout.fields[line.end]
        paint = LINE_PAINT[line.colour]
        if line.colour == "green" and layout.fields[line.start].ring is not None:
            ring = layout.ring(a.ring or "")
            if ring.radius:  # drawn as the circle above; an arrow on every other gap
                if (a.index or 0) % (2 if ring.size > 20 else 1) == 0:
                    scene.arrow((a.x, a.y), (b.x, b.y), paint, 4.0)
                continue
        scene.add(Segment((a.x, a.y), (b.x, b.y), paint, width=2.6))
        if line.both_ways:
            scene.arrow((a.x, a.y), (b.x, b.y), paint, 3.6)
            scene.arrow((b.x, b.y), (a.x, a.y), paint, 3.6)
        else:
            scene.arrow((a.x, a.y), (b.x, b.y), paint, 4.5)


def _field(scene: Scene, f: Field, r: float, marked: bool) -> None:
    owner = PIECE_COLOURS.get(f.owner or "")
    fill = FIELD
    if f.kind == "station" and owner:
        fill = mix(owner, FIELD, 0.35)
    scene.add(Circle(f.x, f.y, r, fill=fill, stroke=FIELD_EDGE, width=0.8))
    if f.special and owner:
        scene.add(Circle(f.x, f.y, r + 1.6, stroke=owner, width=2.2))
    if f.gravity is not None and f.kind == "ring":
        scene.add(Text(f.x, f.y, str(f.gravity), r * 0.75, DARK_INK, bold=True))
    elif f.label:
        scene.add(Text(f.x, f.y, f.label, r * 0.55, DARK_INK))
    if marked:
        scene.add(Circle(f.x, f.y, r + 3.5, stroke="#ff3df2", width=1.8))


def _stores(scene: Scene, layout: Layout, position: Position) -> None:
    """Each player's energy store (0..capacity) as a short arc of cells beside the station."""
    capacity = int(layout.extra.get("energy_capacity", 5))
    for colour in position.players:
        seat = layout.seat(colour)
        if not seat.station:
            continue
        s1 = layout.fields[seat.station[0]]
        angle = math.degrees(math.atan2(s1.x, -s1.y))
        value = position.energy_of(colour)
        paint = PIECE_COLOURS.get(colour, INK)
        for k in range(capacity + 1):
            a = math.radians(angle + 10 + 3.6 * k)
            x, y = 268 * math.sin(a), -268 * math.cos(a)
            scene.add(
                Circle(x, y, 6.0, fill=paint if k == value else "#2a3247", stroke=paint, width=0.9)
            )
            scene.add(Text(x, y, str(k), 4.0, DARK_INK if k == value else INK))


def _turn(scene: Scene, layout: Layout, position: Position, lang: str) -> None:
    """Whose turn it is, at the top edge (free of stations and markers on every layout)."""
    y = -layout.height / 2 + 12
    ink = INK if layout.style == "gravitation" else DARK_INK  # the dark board, or a light one
    paint = PIECE_COLOURS.get(position.to_move, ink)
    label = texts.render(texts.text("to_move", player=texts.colour(position.to_move)), lang)
    scene.add(Circle(-len(label) * 2.3 - 8, y, 5, fill=paint, stroke=ink, width=0.8))
    scene.add(Text(0, y, label, 6.5, ink))
