"""The default Gravitation layout is exactly the board of docs/rulings.md §1.

Each formula below is written from the ruling text, independently of the generator in
tools/make_gravitation_layout.py, so a change to either shows up here.
"""

from __future__ import annotations

import itertools
import json
import math
from importlib import resources

import pytest

from companion.errors import LayoutError
from companion.model.layoutfile import builtin_layouts, load_layout, parse_layout

COLOURS = ["red", "yellow", "green", "blue", "white"]
PER_SECTOR = {"U1": 8, "U2": 8, "U3": 4, "U4": 4, "U5": 4}
GRAVITY = {"U1": 1, "U2": 2, "U3": 3, "U4": 5, "U5": 7}
RADIUS = {"U1": 200, "U2": 170, "U3": 140, "U4": 110, "U5": 80}


def edges(layout, colour):  # type: ignore[no-untyped-def]
    return {(ln.start, ln.end, ln.both_ways) for ln in layout.lines if ln.colour == colour}


def test_the_default_layout_ships(gravitation):
    assert "gravitation" in builtin_layouts()
    assert gravitation.colours == tuple(COLOURS)


def test_five_rings_of_40_40_20_20_20_fields_with_their_gravity(gravitation):
    assert [(r.id, r.size, r.gravity) for r in gravitation.rings] == [
        ("U1", 40, 1),
        ("U2", 40, 2),
        ("U3", 20, 3),
        ("U4", 20, 5),
        ("U5", 20, 7),
    ]
    rings = [f for f in gravitation if f.kind == "ring"]
    assert len(rings) == 140
    assert all(f.gravity == GRAVITY[f.ring] for f in rings)


def test_ring_fields_sit_clockwise_from_twelve_o_clock(gravitation):
    for f in gravitation:
        if f.kind != "ring":
            continue
        angle = math.radians(f.index * 360 / (5 * PER_SECTOR[f.ring]))
        r = RADIUS[f.ring]
        assert f.x == pytest.approx(r * math.sin(angle), abs=0.01)
        assert f.y == pytest.approx(-r * math.cos(angle), abs=0.01)


def test_green_lines_run_clockwise_only(gravitation):
    green = edges(gravitation, "green")
    expected = {
        (f"{ring}.{i}", f"{ring}.{(i + 1) % (5 * n)}", False)
        for ring, n in PER_SECTOR.items()
        for i in range(5 * n)
    }
    assert green == expected


@pytest.mark.parametrize("s", range(5))
def test_the_spokes_of_each_sector(gravitation, s):
    b = {ring: s * n for ring, n in PER_SECTOR.items()}
    red = [f"U1.{b['U1']}", f"U2.{b['U2']}", f"U3.{b['U3']}", f"U4.{b['U4']}", f"U5.{b['U5']}"]
    blue = [
        f"U1.{b['U1'] + 2}",
        f"U2.{b['U2'] + 2}",
        f"U3.{b['U3'] + 1}",
        f"U4.{b['U4'] + 1}",
        f"U5.{b['U5'] + 1}",
    ]
    yellow = [
        f"U5.{b['U5'] + 3}",
        f"U4.{b['U4'] + 3}",
        f"U3.{b['U3'] + 3}",
        f"U2.{b['U2'] + 6}",
        f"U1.{b['U1'] + 6}",
    ]
    for a, z in itertools.pairwise(red):
        assert (a, z, True) in edges(gravitation, "red")
    for a, z in itertools.pairwise(blue):
        assert (a, z, False) in edges(gravitation, "blue")
    for a, z in itertools.pairwise(yellow):
        assert (a, z, False) in edges(gravitation, "yellow")


def test_four_lines_of_each_spoke_colour_per_sector(gravitation):
    for colour in ("red", "blue", "yellow"):
        assert len(edges(gravitation, colour)) == 20


@pytest.mark.parametrize("s", range(5))
def test_formation_and_special_fields_of_each_player(gravitation, s):
    colour = COLOURS[s]
    b = {ring: s * n for ring, n in PER_SECTOR.items()}
    formation = (
        f"U1.{b['U1'] + 4}",
        f"U2.{b['U2'] + 4}",
        f"U3.{b['U3'] + 2}",
        f"U4.{b['U4'] + 2}",
        f"U5.{b['U5'] + 2}",
    )
    seat = gravitation.seat(colour)
    assert seat.seat == s
    assert seat.formation == formation
    assert seat.special == {*formation, f"{colour}.S1"}
    for fid in formation:
        assert gravitation.fields[fid].owner == colour
        assert gravitation.fields[fid].special
    # "in Reihe": the formation lies on one radius, the middle of the sector
    for fid in formation:
        f = gravitation.fields[fid]
        angle = math.degrees(math.atan2(f.x, -f.y)) % 360
        assert angle == pytest.approx(72 * s + 36, abs=0.01)


@pytest.mark.parametrize("s", range(5))
def test_the_station_spur(gravitation, s):
    colour = COLOURS[s]
    station = [f"{colour}.S{k}" for k in range(1, 6)]
    assert gravitation.seat(colour).station == tuple(station)
    spur = [*reversed(station), f"U1.{s * 8 + 5}"]
    assert {(a, z, False) for a, z in itertools.pairwise(spur)} == {
        e for e in edges(gravitation, "station") if e[0].startswith(colour)
    }
    angle = math.radians(72 * (s + 5 / 8))
    for k, radius in enumerate((230, 250, 270, 290, 310), 1):
        f = gravitation.fields[f"{colour}.S{k}"]
        assert (f.x, f.y) == pytest.approx(
            (radius * math.sin(angle), -radius * math.cos(angle)), abs=0.01
        )
        assert f.kind == "station" and f.owner == colour
        assert f.special == (k == 1)


def test_board_markers_and_pieces(gravitation):
    assert (gravitation.width, gravitation.height) == (660, 660)
    assert gravitation.marker_dictionary == "4X4_50"
    assert [(m.id, m.x, m.y, m.size) for m in gravitation.markers] == [
        (0, -300, -300, 40),
        (1, 300, -300, 40),
        (2, 300, 300, 40),
        (3, -300, 300, 40),
    ]
    assert gravitation.piece_diameter == 18


def test_red_spokes_are_walkable_both_ways(gravitation):
    assert "U1.0" in dict(gravitation.successors("U2.0"))
    assert "U2.0" in dict(gravitation.successors("U1.0"))
    assert "U1.2" not in dict(gravitation.successors("U2.2"))  # blue: inward only


# ---------------------------------------------------------------- broken layout files


def _text() -> str:
    return resources.files("companion.layouts").joinpath("gravitation.json").read_text()


def broken(mutate):  # type: ignore[no-untyped-def]
    """The default layout's JSON text after ``mutate`` has changed its parsed data."""
    data = json.loads(_text())
    mutate(data)
    return json.dumps(data)


def test_a_line_to_an_unknown_field_is_named():
    text = broken(lambda d: d["lines"].append({"from": "U1.0", "to": "U9.9", "colour": "red"}))
    expected = r"^my\.json: line #225 U1\.0->U9\.9: unknown field 'U9\.9'$"
    with pytest.raises(LayoutError, match=expected):
        parse_layout(text, source="my.json")


def test_a_duplicate_field_id_is_named():
    text = broken(lambda d: d["fields"].append(dict(d["fields"][3])))
    with pytest.raises(LayoutError, match=r"field 'U1\.3': duplicate field id"):
        parse_layout(text, source="my.json")


def test_a_ring_with_a_gap_is_named():
    def drop(d):  # type: ignore[no-untyped-def]
        d["fields"] = [f for f in d["fields"] if f["id"] != "U3.7"]
        d["lines"] = [ln for ln in d["lines"] if "U3.7" not in (ln["from"], ln["to"])]

    with pytest.raises(LayoutError, match=r"ring 'U3': gap: no field U3\.7"):
        parse_layout(broken(drop), source="my.json")


def test_a_ring_without_its_clockwise_line_is_named():
    text = broken(lambda d: d["lines"].remove({"from": "U2.9", "to": "U2.10", "colour": "green"}))
    with pytest.raises(LayoutError, match=r"ring 'U2': gap: no line U2\.9->U2\.10"):
        parse_layout(text, source="my.json")


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["lines"][0].update(colour="purple"), "unknown colour 'purple'"),
        (lambda d: d["lines"][0].update(direction="sideways"), "direction must be"),
        (lambda d: d["fields"][0].update(kind="lake"), "unknown kind 'lake'"),
        (lambda d: d["fields"][0].update(x="left"), "'x' has the wrong type"),
        (lambda d: d["players"][1].update(colour="red"), "player 'red': duplicate colour"),
        (lambda d: d["players"][0]["formation"].append("nowhere"), "unknown field 'nowhere'"),
        (lambda d: d.pop("fields"), "missing 'fields'"),
        (lambda d: d["markers"]["items"].append({"id": 0, "x": 0, "y": 0}), "duplicate marker"),
    ],
)
def test_other_broken_entries_are_named(mutate, message):
    with pytest.raises(LayoutError, match=message):
        parse_layout(broken(mutate), source="my.json")


def test_not_json_names_the_file_and_line():
    with pytest.raises(LayoutError, match=r"^my\.json: not JSON: .* at line 1$"):
        parse_layout("{fields: ", source="my.json")


def test_a_layout_file_is_loaded_by_path(tmp_path):
    path = tmp_path / "club-board.json"
    path.write_text(_text().replace('"name": "gravitation"', '"name": "club-board"'))
    layout = load_layout(path)
    assert layout.name == "club-board" and layout.reference == str(path)


def test_an_unknown_layout_name_lists_the_known_ones():
    with pytest.raises(LayoutError, match=r"no layout 'chess'.*gravitation"):
        load_layout("chess")
