"""Reading a layout file: every entry checked, a broken one named in one line.

:func:`read_layout` turns the parsed JSON of a layout file into a
:class:`~companion.model.layout.Layout`. A wrong graph would make every later verdict wrong,
so nothing is taken on trust: each error is a :class:`~companion.errors.LayoutError`
naming the file and the entry (``my-board.json: ring 'U3': gap: no field U3.7``).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from companion.errors import LayoutError
from companion.model.jsontext import parse_json
from companion.model.layout import (
    BOARD_SHAPES,
    BOARD_STYLES,
    FIELD_KINDS,
    LINE_COLOURS,
    Field,
    Layout,
    Line,
    Marker,
    Ring,
    Seat,
)
from companion.textfile import read_text
from companion.texts import Text, number, text, unreadable

#: OpenCV's predefined ArUco dictionaries and how many markers each holds.
MARKER_DICTIONARIES = {
    **{f"{n}X{n}_{k}": k for n in (4, 5, 6, 7) for k in (50, 100, 250, 1000)},
    "ARUCO_ORIGINAL": 1024,
}


#: The top level of a layout file, as its errors name it.
TOP = text("layout.at.top")


def read_layout(data: Any, source: str = "<memory>") -> Layout:
    """The checked Layout of a layout file's parsed JSON (``source`` names it in errors)."""
    return _Reader(source).layout(data)


class _Reader:
    """Turns layout JSON into a Layout, checking every entry and naming the bad one."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, why: str, **fields: object) -> LayoutError:
        """The error at ``where`` (a ``layout.at.*`` sentence, or a JSON key as the file
        writes it): the catalogue's sentence ``why`` with its fields, in either language."""
        said = text("layout.in_source", source=self.source, where=where, why=Text(why, fields))
        return LayoutError(said)

    def get(self, obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(where, "layout.expected_object")
        if key not in obj:
            raise self.fail(where, "layout.missing", key=repr(key))
        value = obj[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
            raise self.fail(where, "layout.wrong_type", key=repr(key), kind=type(value).__name__)
        return value

    def layout(self, data: Any) -> Layout:
        if not isinstance(data, dict):
            raise self.fail(TOP, "layout.expected_object")
        name = self.get(data, "name", str, TOP)
        board = self.get(data, "board", dict, TOP)
        fields = self.fields(self.get(data, "fields", list, TOP))
        if data.get("units", "mm") != "mm":
            raise self.fail(TOP, "layout.units", value=repr(data["units"]))
        rings = self.rings(data.get("rings", []), fields)
        lines = self.lines(self.optional_list(data, "lines"), fields)
        seats = self.seats(self.optional_list(data, "players"), fields)
        markers, dictionary = self.markers(data.get("markers"))
        self.check_rings_closed(rings, lines)
        width = self.positive(board, "width", "board")
        height = self.positive(board, "height", "board")
        shape = self.choice(board, "shape", BOARD_SHAPES, "board")
        diameter = _opt(board, "diameter", (int, float), self, "board")
        if shape == "round" and diameter is None:
            raise self.fail("board", "layout.round_diameter")
        if diameter is not None and not 0 < diameter <= min(width, height):
            sizes = {"diameter": number(diameter), "width": number(width), "height": number(height)}
            raise self.fail("board", "layout.diameter_fit", **sizes)
        return Layout(
            name=name,
            title=str(data.get("title", name)),
            width=width,
            height=height,
            shape=shape,
            style=self.style(board, has_players="players" in data),
            diameter=None if diameter is None else float(diameter),
            piece_diameter=self.positive(data, "piece_diameter", TOP),
            piece_height=self.height(data),
            fields=fields,
            lines=lines,
            rings=rings,
            seats=seats,
            markers=markers,
            marker_dictionary=dictionary,
            source=self.source,
            extra=self.get(data, "extra", dict, TOP) if "extra" in data else {},
        )

    def positive(self, obj: Any, key: str, where: str) -> float:
        """A size in millimetres: a number above zero."""
        value = float(self.get(obj, key, (int, float), where))
        if not 0 < value < float("inf"):
            raise self.fail(where, "layout.positive", key=repr(key), value=number(value))
        return value

    def optional_list(self, data: dict[str, Any], key: str) -> list[Any]:
        """An optional list entry (lines, players): absent is an empty list."""
        return self.get(data, key, list, TOP) if key in data else []

    def style(self, board: dict[str, Any], has_players: bool) -> str:
        """How the board is drawn. Without a ``style``: a board with players is drawn as
        Gravitation (the files written before plain boards), one without as plain."""
        default = "gravitation" if has_players else "plain"
        value = board.get("style", default)
        if value not in BOARD_STYLES:
            raise self.fail("board", "layout.unknown_style", value=repr(value), known=BOARD_STYLES)
        return str(value)

    def height(self, data: dict[str, Any]) -> float:
        """``piece_height``: how far (mm) a piece's top stands above its field; 0 if absent."""
        if data.get("piece_height") is None:
            return 0.0
        value = float(self.get(data, "piece_height", (int, float), TOP))
        if not 0 <= value < 1000:
            raise self.fail(TOP, "layout.piece_height", value=number(value))
        return value

    def choice(self, obj: dict[str, Any], key: str, allowed: tuple[str, ...], where: str) -> str:
        """An optional word out of ``allowed``; absent means the first one."""
        value = obj.get(key, allowed[0])
        if value not in allowed:
            raise self.fail(
                where, "layout.unknown_choice", key=key, value=repr(value), known=allowed
            )
        return str(value)

    def fields(self, items: list[Any]) -> dict[str, Field]:
        fields: dict[str, Field] = {}
        for n, item in enumerate(items):
            where = text("layout.at.field_n", n=n)
            fid = self.get(item, "id", str, where)
            where = text("layout.at.field", id=repr(fid))
            if fid in fields:
                raise self.fail(where, "layout.duplicate_field")
            kind = self.get(item, "kind", str, where) if "kind" in item else "field"
            if kind not in FIELD_KINDS:
                raise self.fail(where, "layout.unknown_kind", kind=repr(kind), known=FIELD_KINDS)
            fields[fid] = Field(
                id=fid,
                kind=kind,
                x=float(self.get(item, "x", (int, float), where)),
                y=float(self.get(item, "y", (int, float), where)),
                ring=_opt(item, "ring", str, self, where),
                index=_opt(item, "index", int, self, where),
                gravity=_opt(item, "gravity", int, self, where),
                owner=_opt(item, "owner", str, self, where),
                special=bool(_opt(item, "special", bool, self, where)),
                label=_opt(item, "label", str, self, where),
            )
        if not fields:
            raise self.fail("fields", "layout.no_fields")
        return fields

    def rings(self, items: Any, fields: Mapping[str, Field]) -> tuple[Ring, ...]:
        if not isinstance(items, list):
            raise self.fail("rings", "layout.expected_list")
        rings: list[Ring] = []
        for n, item in enumerate(items):
            rid = self.get(item, "id", str, text("layout.at.ring_n", n=n))
            where = text("layout.at.ring", id=repr(rid))
            if any(r.id == rid for r in rings):
                raise self.fail(where, "layout.duplicate_ring")
            size = self.get(item, "size", int, where)
            if size < 2:
                raise self.fail(where, "layout.ring_small", size=size)
            listed = item.get("fields")
            if listed is None:
                members = self.named_members(rid, size, fields, where)
            else:
                members = self.listed_members(rid, size, listed, fields, where)
            radius = _opt(item, "radius", (int, float), self, where)
            if radius is not None and radius <= 0:
                raise self.fail(where, "layout.radius", value=radius)
            rings.append(
                Ring(
                    id=rid,
                    size=size,
                    gravity=_opt(item, "gravity", int, self, where),
                    radius=radius,
                    cx=float(_opt(item, "cx", (int, float), self, where) or 0.0),
                    cy=float(_opt(item, "cy", (int, float), self, where) or 0.0),
                    fields=members if listed is not None else (),
                )
            )
        known = {r.id for r in rings}
        for f in fields.values():
            if f.ring is not None and f.ring not in known:
                raise self.fail(
                    text("layout.at.field", id=repr(f.id)), "layout.unknown_ring", ring=repr(f.ring)
                )
        return tuple(rings)

    def named_members(
        self, rid: str, size: int, fields: Mapping[str, Field], where: str
    ) -> tuple[str, ...]:
        """The fields ``<rid>.0`` .. ``<rid>.<size-1>``, each naming the ring and its index."""
        members = sorted(f.index for f in fields.values() if f.ring == rid and f.index is not None)
        missing = sorted(set(range(size)) - set(members))
        if missing:
            raise self.fail(where, "layout.gap_field", field=f"{rid}.{missing[0]}")
        if len(members) != size:
            raise self.fail(where, "layout.ring_count", count=len(members), size=size)
        for i in range(size):
            f = fields.get(f"{rid}.{i}")
            if f is None or f.ring != rid or f.index != i:
                said = {"field": f"{rid}.{i}", "ring": repr(rid), "index": i}
                raise self.fail(where, "layout.ring_member", **said)
        return tuple(f"{rid}.{i}" for i in range(size))

    def listed_members(
        self, rid: str, size: int, listed: Any, fields: Mapping[str, Field], where: str
    ) -> tuple[str, ...]:
        """A ring's ``fields`` list: known, distinct, ``size`` of them, and every field
        that names this ring in its ``ring`` standing at its ``index`` in the list."""
        if not isinstance(listed, list) or not all(isinstance(i, str) for i in listed):
            raise self.fail(where, "layout.fields_list")
        if len(listed) != size:
            raise self.fail(where, "layout.lists_count", count=len(listed), size=size)
        for fid in listed:
            if fid not in fields:
                raise self.fail(where, "layout.names_unknown", key="fields", field=repr(fid))
        if len(set(listed)) != size:
            twice = next(fid for fid in listed if listed.count(fid) > 1)
            raise self.fail(where, "layout.listed_twice", field=repr(twice))
        for f in fields.values():
            if f.ring == rid and (f.index is None or listed[f.index : f.index + 1] != [f.id]):
                raise self.fail(where, "layout.at_index", field=repr(f.id), index=f.index)
        return tuple(listed)

    def lines(self, items: list[Any], fields: Mapping[str, Field]) -> tuple[Line, ...]:
        lines = []
        seen: set[tuple[str, str]] = set()
        for n, item in enumerate(items):
            where = text("layout.at.line_n", n=n)
            start = self.get(item, "from", str, where)
            end = self.get(item, "to", str, where)
            where = text("layout.at.line", n=n, start=start, end=end)
            for fid in (start, end):
                if fid not in fields:
                    raise self.fail(where, "layout.unknown_field", field=repr(fid))
            if start == end:
                raise self.fail(where, "layout.line_same")
            colour = self.get(item, "colour", str, where)
            if colour not in LINE_COLOURS:
                raise self.fail(where, "layout.unknown_colour", colour=repr(colour))
            direction = item.get("direction", "forward")
            if direction not in ("forward", "both"):
                raise self.fail(where, "layout.direction", value=repr(direction))
            if (start, end) in seen:
                raise self.fail(where, "layout.duplicate_line")
            seen.add((start, end))
            lines.append(Line(start, end, colour, both_ways=direction == "both"))
        return tuple(lines)

    def seats(self, items: list[Any], fields: Mapping[str, Field]) -> tuple[Seat, ...]:
        seats = []
        colours: set[str] = set()
        for n, item in enumerate(items):
            colour = self.get(item, "colour", str, text("layout.at.player_n", n=n))
            where = text("layout.at.player", colour=repr(colour))
            if colour in colours:
                raise self.fail(where, "layout.duplicate_colour")
            colours.add(colour)
            groups = {}
            for key in ("station", "formation", "special"):
                ids = item.get(key, [])
                if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                    raise self.fail(where, "layout.ids_list", key=repr(key))
                for fid in ids:
                    if fid not in fields:
                        raise self.fail(where, "layout.names_unknown", key=key, field=repr(fid))
                groups[key] = ids
            seats.append(
                Seat(
                    seat=n if item.get("seat") is None else _opt(item, "seat", int, self, where),
                    colour=colour,
                    station=tuple(groups["station"]),
                    formation=tuple(groups["formation"]),
                    special=frozenset(groups["special"]),
                )
            )
        for f in fields.values():
            if f.owner is not None and f.owner not in colours:
                where = text("layout.at.field", id=repr(f.id))
                raise self.fail(where, "layout.owner", owner=repr(f.owner))
        return tuple(seats)

    def markers(self, data: Any) -> tuple[tuple[Marker, ...], str | None]:
        if data is None:
            return (), None
        dictionary = self.get(data, "dictionary", str, "markers")
        if dictionary not in MARKER_DICTIONARIES:
            raise self.fail("markers", "layout.dictionary", name=repr(dictionary))
        size = self.positive(data, "size", "markers")
        markers: list[Marker] = []
        for n, item in enumerate(self.get(data, "items", list, "markers")):
            where = text("layout.at.marker_n", n=n)
            mid = self.get(item, "id", int, where)
            if not 0 <= mid < MARKER_DICTIONARIES[dictionary]:
                raise self.fail(where, "layout.marker_id", id=mid, dictionary=dictionary)
            if any(m.id == mid for m in markers):
                raise self.fail(where, "layout.duplicate_marker", id=mid)
            markers.append(
                Marker(
                    mid,
                    float(self.get(item, "x", (int, float), where)),
                    float(self.get(item, "y", (int, float), where)),
                    self.positive(item, "size", where) if "size" in item else size,
                )
            )
        return tuple(markers), dictionary

    def check_rings_closed(self, rings: tuple[Ring, ...], lines: tuple[Line, ...]) -> None:
        """Every ring must be joined clockwise all the way round by its own lines."""
        pairs = {(ln.start, ln.end) for ln in lines}
        pairs |= {(ln.end, ln.start) for ln in lines if ln.both_ways}
        for ring in rings:
            members = ring.fields or tuple(f"{ring.id}.{i}" for i in range(ring.size))
            for i, a in enumerate(members):
                b = members[(i + 1) % ring.size]
                if (a, b) not in pairs:
                    where = text("layout.at.ring", id=repr(ring.id))
                    raise self.fail(where, "layout.gap_line", start=a, end=b)


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _opt(item: dict[str, Any], key: str, kind: Any, reader: _Reader, where: str) -> Any:
    if item.get(key) is None:
        return None
    return reader.get(item, key, kind, where)


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
        raise LayoutError(text("file.no_layout", name=text_name, known=known))
    try:
        content = read_text(path, "layout")
    except (OSError, UnicodeDecodeError) as exc:  # said as a position file's (texts)
        why = unreadable(exc)
        raise LayoutError(text("file.layout_unread", path=str(path), why=why)) from None
    return parse_layout(content, source=str(path))


def parse_layout(text: str, source: str = "<memory>") -> Layout:
    """Parse and validate a layout from its JSON text."""
    data = parse_json(text, source, LayoutError)
    return read_layout(data, source)
