"""Board layouts: the fields, lines and geometry of a board, loaded from a data file.

A layout is data, not code (see ``companion/layouts/*.json``): a club that measures its
own board writes its own file. The loader (:mod:`companion.model.layoutfile`) checks the file
completely and rejects a broken one with a one-line :class:`~companion.errors.LayoutError`
that names the file and the offending entry, because a wrong graph would make every later
verdict wrong. Built in: ``gravitation`` (docs/rulings.md §1), ``tuerme`` (§5), ``tenet`` (§6).

The least a layout needs is ``name``, ``units`` ("mm"), ``board`` (``shape``, ``width``,
``height``), ``piece_diameter`` and ``fields`` (``id``, ``x``, ``y``): such a "plain" board
(a Go board, a club's own copy) can be drawn, calibrated and read, not played.

Coordinates are millimetres with the origin at the board centre, x to the right and
y downwards (12 o'clock is negative y), as in ``docs/rulings.md`` §1.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from companion.errors import LayoutError
from companion.texts import board, text

#: Line colours and what they mean on the ZwiAner boards; other games use "track".
LINE_COLOURS = ("green", "red", "blue", "yellow", "station", "track", "bridge")
#: Field kinds; "field" (the default) is a plain field of a board that only needs reading.
FIELD_KINDS = ("field", "ring", "station", "track", "start", "goal", "home", "planet", "centre")
#: Board outlines, and the drawing styles of companion.render (one per built-in board, and
#: "plain": a board measured into a file only to be read, with no game of its own).
BOARD_SHAPES = ("square", "round")
BOARD_STYLES = ("gravitation", "tuerme", "tenet", "plain")


@dataclass(frozen=True)
class Field:
    """One field of the board."""

    id: str
    kind: str
    x: float
    y: float
    ring: str | None = None  # the ring (closed loop) the field belongs to, e.g. "U3"
    index: int | None = None  # its place in that ring, clockwise from index 0 (see Ring)
    gravity: int | None = None  # the gravity number printed in the field
    owner: str | None = None  # the colour of the player the field belongs to
    special: bool = False  # a "Sonderfeld" of its owner
    label: str | None = None  # a short name for people: "F3", "S1", "bridge"


@dataclass(frozen=True)
class Line:
    """A connection between two fields; one way (start → end) unless ``both_ways``."""

    start: str
    end: str
    colour: str
    both_ways: bool = False


@dataclass(frozen=True)
class Ring:
    """A closed loop of fields, walked clockwise round its centre from index 0.

    Its fields are ``<id>.0`` .. ``<id>.<size-1>`` unless ``fields`` lists them: on the
    TENET board a crossing lies on two circles, so it cannot be named after one of them.
    The centre (``cx``, ``cy``) is the board centre unless the file says otherwise.
    """

    id: str
    size: int
    gravity: int | None = None
    radius: float | None = None
    cx: float = 0.0
    cy: float = 0.0
    fields: tuple[str, ...] = ()  # the members in ring order, when listed in the file


@dataclass(frozen=True)
class Seat:
    """A player's place at the board: colour, station fields, formation fields."""

    seat: int
    colour: str
    station: tuple[str, ...] = ()  # S1 first
    formation: tuple[str, ...] = ()  # F1 (outermost) first
    special: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Marker:
    """A fiducial marker printed on the board (centre and side length in mm)."""

    id: int
    x: float
    y: float
    size: float


@dataclass(frozen=True)
class Layout:
    """A whole board. Fields keep the order of the file."""

    name: str
    title: str
    width: float  # the area that is drawn and read: the board, or the mat under a round one
    height: float
    shape: str
    piece_diameter: float
    fields: Mapping[str, Field]
    lines: tuple[Line, ...]
    rings: tuple[Ring, ...]
    seats: tuple[Seat, ...]
    markers: tuple[Marker, ...] = ()
    marker_dictionary: str | None = None
    style: str = "gravitation"  # how companion.render draws it
    diameter: float | None = None  # a round board's own diameter (it lies on a mat)
    piece_height: float = 0.0  # mm a piece stands above its field (the reader looks at its top)
    source: str = "<memory>"
    extra: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def _out(self) -> dict[str, tuple[tuple[str, Line], ...]]:
        out: dict[str, list[tuple[str, Line]]] = {f: [] for f in self.fields}
        for line in self.lines:
            out[line.start].append((line.end, line))
            if line.both_ways:
                out[line.end].append((line.start, line))
        return {f: tuple(v) for f, v in out.items()}

    @cached_property
    def spacing(self) -> Mapping[str, float]:
        """Field id → distance in mm to the nearest other field (for drawing and sampling)."""
        ids = list(self.fields)
        pts = [(f.x, f.y) for f in self.fields.values()]
        out = {}
        for i, (x, y) in enumerate(pts):
            out[ids[i]] = min(
                (math.hypot(x - u, y - v) for j, (u, v) in enumerate(pts) if j != i),
                default=self.piece_diameter * 2,
            )
        return out

    def successors(self, field_id: str) -> tuple[tuple[str, Line], ...]:
        """The fields one step away along a line in its allowed direction, with the line."""
        return self._out[field_id]

    def field(self, field_id: str) -> Field:
        """The field with this id, or a LayoutError naming the layout."""
        try:
            return self.fields[field_id]
        except KeyError:
            said = text("layout.no_field", layout=board(self.name), field=repr(field_id))
            raise LayoutError(said) from None

    def ring(self, ring_id: str) -> Ring:
        for ring in self.rings:
            if ring.id == ring_id:
                return ring
        raise LayoutError(text("layout.no_ring", layout=board(self.name), ring=repr(ring_id)))

    def ring_fields(self, ring_id: str) -> tuple[str, ...]:
        """The fields of a ring in clockwise order from index 0."""
        ring = self.ring(ring_id)
        return ring.fields or tuple(f"{ring_id}.{i}" for i in range(ring.size))

    def rings_of(self, field_id: str) -> tuple[Ring, ...]:
        """The rings (circles, loops) that pass through a field, in file order."""
        return self._rings_through.get(field_id, ())

    @cached_property
    def _rings_through(self) -> dict[str, tuple[Ring, ...]]:
        through: dict[str, list[Ring]] = {}
        for ring in self.rings:
            for fid in self.ring_fields(ring.id):
                through.setdefault(fid, []).append(ring)
        return {f: tuple(v) for f, v in through.items()}

    def owned(self, colour: str, kind: str) -> tuple[str, ...]:
        """The fields of one kind that belong to a colour, e.g. ``owned("red", "start")``."""
        return tuple(f.id for f in self if f.owner == colour and f.kind == kind)

    def seat(self, colour: str) -> Seat:
        for seat in self.seats:
            if seat.colour == colour:
                return seat
        said = text("layout.no_colour", layout=board(self.name), colour=repr(colour))
        raise LayoutError(said)

    @property
    def reference(self) -> str:
        """How a position file names this layout: the built-in name, else the file path."""
        return self.name if self.source == f"builtin:{self.name}" else self.source

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(s.colour for s in self.seats)

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields.values())


def grid_layout_data(
    name: str,
    size: int,
    spacing: float,
    piece_diameter: float,
    piece_height: float = 0.0,
    margin: float | None = None,
) -> dict[str, Any]:
    """The layout file of a plain ``size`` × ``size`` grid board (Go, Gomoku): fields ``rRcC``.

    Row 0 is the top line, column 0 the left one, as a person reads the board; the board
    reaches ``margin`` mm (default one spacing) beyond the outer lines.
    """
    half = (size - 1) / 2
    side = (size - 1) * spacing + 2 * (spacing if margin is None else margin)
    data: dict[str, Any] = {
        "name": name,
        "units": "mm",
        "board": {"shape": "square", "width": side, "height": side},
        "piece_diameter": piece_diameter,
        "fields": [
            {"id": f"r{r}c{c}", "x": (c - half) * spacing, "y": (r - half) * spacing}
            for r in range(size)
            for c in range(size)
        ],
    }
    if piece_height:
        data["piece_height"] = piece_height
    return data
