"""Board layouts: the fields, lines and geometry of a board, loaded from a data file.

A layout is data, not code (see ``companion/layouts/*.json``): a club that measures its
own board writes its own file. The loader checks the file completely and rejects a
broken one with a one-line :class:`~companion.errors.LayoutError` that names the file
and the offending entry, because a wrong graph would make every later verdict wrong.

Coordinates are millimetres with the origin at the board centre, x to the right and
y downwards (12 o'clock is negative y), as in ``docs/rulings.md`` §1.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from companion.errors import LayoutError

#: Line colours and what they mean on the ZwiAner boards; other games use "track".
LINE_COLOURS = ("green", "red", "blue", "yellow", "station", "track", "bridge")
FIELD_KINDS = ("ring", "station", "track", "start", "goal", "home", "planet", "centre")


@dataclass(frozen=True)
class Field:
    """One field of the board."""

    id: str
    kind: str
    x: float
    y: float
    ring: str | None = None  # the ring (closed loop) the field belongs to, e.g. "U3"
    index: int | None = None  # its place in that ring, 0 at 12 o'clock, clockwise
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
    """A closed loop of fields ``<id>.0`` .. ``<id>.<size-1>``, walked clockwise."""

    id: str
    size: int
    gravity: int | None = None
    radius: float | None = None


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
    width: float
    height: float
    shape: str
    piece_diameter: float
    fields: Mapping[str, Field]
    lines: tuple[Line, ...]
    rings: tuple[Ring, ...]
    seats: tuple[Seat, ...]
    markers: tuple[Marker, ...] = ()
    marker_dictionary: str | None = None
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
            raise LayoutError(f"layout {self.name!r} has no field {field_id!r}") from None

    def ring(self, ring_id: str) -> Ring:
        for ring in self.rings:
            if ring.id == ring_id:
                return ring
        raise LayoutError(f"layout {self.name!r} has no ring {ring_id!r}")

    def ring_fields(self, ring_id: str) -> tuple[str, ...]:
        """The fields of a ring in clockwise order from index 0."""
        return tuple(f"{ring_id}.{i}" for i in range(self.ring(ring_id).size))

    def seat(self, colour: str) -> Seat:
        for seat in self.seats:
            if seat.colour == colour:
                return seat
        raise LayoutError(f"layout {self.name!r} has no player colour {colour!r}")

    @property
    def reference(self) -> str:
        """How a position file names this layout: the built-in name, else the file path."""
        return self.name if self.source == f"builtin:{self.name}" else self.source

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(s.colour for s in self.seats)

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields.values())


# --------------------------------------------------------------------------- loading


def builtin_layouts() -> tuple[str, ...]:
    """The names of the layouts that ship with the companion."""
    folder = resources.files("companion.layouts")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


def load_layout(name_or_path: str | Path) -> Layout:
    """Load a built-in layout by name (``"gravitation"``) or a layout file by path."""
    text_name = str(name_or_path)
    if text_name in builtin_layouts():
        resource = resources.files("companion.layouts").joinpath(f"{text_name}.json")
        return parse_layout(resource.read_text(encoding="utf-8"), source=f"builtin:{text_name}")
    path = Path(name_or_path)
    if not path.exists():
        known = ", ".join(builtin_layouts())
        raise LayoutError(f"no layout {text_name!r}: not a built-in one ({known}) nor a file")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LayoutError(f"{path}: cannot read layout file: {exc}") from None
    return parse_layout(text, source=str(path))


def parse_layout(text: str, source: str = "<memory>") -> Layout:
    """Parse and validate a layout from its JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LayoutError(f"{source}: not JSON: {exc.msg} at line {exc.lineno}") from None
    return _Reader(source).layout(data)


class _Reader:
    """Turns layout JSON into a Layout, checking every entry and naming the bad one."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, why: str) -> LayoutError:
        return LayoutError(f"{self.source}: {where}: {why}")

    def get(self, obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(where, "expected an object")
        if key not in obj:
            raise self.fail(where, f"missing {key!r}")
        value = obj[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
            raise self.fail(where, f"{key!r} has the wrong type ({type(value).__name__})")
        return value

    def layout(self, data: Any) -> Layout:
        if not isinstance(data, dict):
            raise self.fail("top level", "expected an object")
        name = self.get(data, "name", str, "top level")
        board = self.get(data, "board", dict, "top level")
        fields = self.fields(self.get(data, "fields", list, "top level"))
        rings = self.rings(data.get("rings", []), fields)
        lines = self.lines(self.get(data, "lines", list, "top level"), fields)
        seats = self.seats(self.get(data, "players", list, "top level"), fields)
        markers, dictionary = self.markers(data.get("markers"))
        self.check_rings_closed(rings, lines)
        return Layout(
            name=name,
            title=str(data.get("title", name)),
            width=float(self.get(board, "width", (int, float), "board")),
            height=float(self.get(board, "height", (int, float), "board")),
            shape=str(board.get("shape", "square")),
            piece_diameter=float(self.get(data, "piece_diameter", (int, float), "top level")),
            fields=fields,
            lines=lines,
            rings=rings,
            seats=seats,
            markers=markers,
            marker_dictionary=dictionary,
            source=self.source,
            extra=dict(data.get("extra", {})),
        )

    def fields(self, items: list[Any]) -> dict[str, Field]:
        fields: dict[str, Field] = {}
        for n, item in enumerate(items):
            where = f"field #{n}"
            fid = self.get(item, "id", str, where)
            where = f"field {fid!r}"
            if fid in fields:
                raise self.fail(where, "duplicate field id")
            kind = self.get(item, "kind", str, where)
            if kind not in FIELD_KINDS:
                raise self.fail(where, f"unknown kind {kind!r} (one of {', '.join(FIELD_KINDS)})")
            fields[fid] = Field(
                id=fid,
                kind=kind,
                x=float(self.get(item, "x", (int, float), where)),
                y=float(self.get(item, "y", (int, float), where)),
                ring=_opt(item, "ring", str, self, where),
                index=_opt(item, "index", int, self, where),
                gravity=_opt(item, "gravity", int, self, where),
                owner=_opt(item, "owner", str, self, where),
                special=bool(item.get("special", False)),
                label=_opt(item, "label", str, self, where),
            )
        if not fields:
            raise self.fail("fields", "a layout needs at least one field")
        return fields

    def rings(self, items: Any, fields: Mapping[str, Field]) -> tuple[Ring, ...]:
        if not isinstance(items, list):
            raise self.fail("rings", "expected a list")
        rings = []
        for n, item in enumerate(items):
            rid = self.get(item, "id", str, f"ring #{n}")
            where = f"ring {rid!r}"
            size = self.get(item, "size", int, where)
            members = sorted(
                f.index for f in fields.values() if f.ring == rid and f.index is not None
            )
            missing = sorted(set(range(size)) - set(members))
            if missing:
                raise self.fail(where, f"gap: no field {rid}.{missing[0]}")
            if len(members) != size:
                raise self.fail(where, f"has {len(members)} fields, expected {size}")
            for i in range(size):
                f = fields.get(f"{rid}.{i}")
                if f is None or f.ring != rid or f.index != i:
                    raise self.fail(where, f"field {rid}.{i} must have ring {rid!r}, index {i}")
            rings.append(
                Ring(
                    id=rid,
                    size=size,
                    gravity=_opt(item, "gravity", int, self, where),
                    radius=_opt(item, "radius", (int, float), self, where),
                )
            )
        known = {r.id for r in rings}
        for f in fields.values():
            if f.ring is not None and f.ring not in known:
                raise self.fail(f"field {f.id!r}", f"unknown ring {f.ring!r}")
        return tuple(rings)

    def lines(self, items: list[Any], fields: Mapping[str, Field]) -> tuple[Line, ...]:
        lines = []
        seen: set[tuple[str, str]] = set()
        for n, item in enumerate(items):
            where = f"line #{n}"
            start = self.get(item, "from", str, where)
            end = self.get(item, "to", str, where)
            where = f"line #{n} {start}->{end}"
            for fid in (start, end):
                if fid not in fields:
                    raise self.fail(where, f"unknown field {fid!r}")
            if start == end:
                raise self.fail(where, "a line needs two different fields")
            colour = self.get(item, "colour", str, where)
            if colour not in LINE_COLOURS:
                raise self.fail(where, f"unknown colour {colour!r}")
            direction = item.get("direction", "forward")
            if direction not in ("forward", "both"):
                raise self.fail(where, f"direction must be 'forward' or 'both', not {direction!r}")
            if (start, end) in seen:
                raise self.fail(where, "duplicate line")
            seen.add((start, end))
            lines.append(Line(start, end, colour, both_ways=direction == "both"))
        return tuple(lines)

    def seats(self, items: list[Any], fields: Mapping[str, Field]) -> tuple[Seat, ...]:
        seats = []
        colours: set[str] = set()
        for n, item in enumerate(items):
            colour = self.get(item, "colour", str, f"player #{n}")
            where = f"player {colour!r}"
            if colour in colours:
                raise self.fail(where, "duplicate colour")
            colours.add(colour)
            groups = {}
            for key in ("station", "formation", "special"):
                ids = item.get(key, [])
                if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                    raise self.fail(where, f"{key!r} must be a list of field ids")
                for fid in ids:
                    if fid not in fields:
                        raise self.fail(where, f"{key} names unknown field {fid!r}")
                groups[key] = ids
            seats.append(
                Seat(
                    seat=int(item.get("seat", n)),
                    colour=colour,
                    station=tuple(groups["station"]),
                    formation=tuple(groups["formation"]),
                    special=frozenset(groups["special"]),
                )
            )
        for f in fields.values():
            if f.owner is not None and f.owner not in colours:
                raise self.fail(f"field {f.id!r}", f"owner {f.owner!r} is not a player colour")
        return tuple(seats)

    def markers(self, data: Any) -> tuple[tuple[Marker, ...], str | None]:
        if data is None:
            return (), None
        dictionary = self.get(data, "dictionary", str, "markers")
        size = float(self.get(data, "size", (int, float), "markers"))
        markers: list[Marker] = []
        for n, item in enumerate(self.get(data, "items", list, "markers")):
            where = f"marker #{n}"
            mid = self.get(item, "id", int, where)
            if any(m.id == mid for m in markers):
                raise self.fail(where, f"duplicate marker id {mid}")
            markers.append(
                Marker(
                    mid,
                    float(self.get(item, "x", (int, float), where)),
                    float(self.get(item, "y", (int, float), where)),
                    float(item.get("size", size)),
                )
            )
        return tuple(markers), dictionary

    def check_rings_closed(self, rings: tuple[Ring, ...], lines: tuple[Line, ...]) -> None:
        """Every ring must be joined clockwise all the way round by its own lines."""
        pairs = {(ln.start, ln.end) for ln in lines}
        pairs |= {(ln.end, ln.start) for ln in lines if ln.both_ways}
        for ring in rings:
            for i in range(ring.size):
                a, b = f"{ring.id}.{i}", f"{ring.id}.{(i + 1) % ring.size}"
                if (a, b) not in pairs:
                    raise self.fail(f"ring {ring.id!r}", f"gap: no line {a}->{b}")


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _opt(item: dict[str, Any], key: str, kind: Any, reader: _Reader, where: str) -> Any:
    if item.get(key) is None:
        return None
    return reader.get(item, key, kind, where)
