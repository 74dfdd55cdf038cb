"""The default TENET layout `tenet` is the board of docs/rulings.md §6.

Written from the ruling's geometry, independently of tools/make_tenet_layout.py: nine
equal circles through the centre, crossing a second time at c_k + c_m; 18 fields a circle;
planets of 8 fields touching each circle's outermost field from outside.
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from companion.model.layout import Layout
from companion.model.layoutfile import builtin_layouts, load_layout
from companion.render import PIECE_COLOURS, draw_board, to_svg
from companion.render.tenet import ENTRY, GOLD, POTT, STONE

SVG = "{http://www.w3.org/2000/svg}"
FORCE = [f"K{k}" for k in range(1, 10)]
PLANETS = [f"P{k}" for k in range(1, 10)]


@pytest.fixture(scope="module")
def tenet() -> Layout:
    return load_layout("tenet")


def xy(layout: Layout, fid: str) -> tuple[float, float]:
    f = layout.fields[fid]
    return f.x, f.y


def on_force_circles(layout: Layout, fid: str) -> list[str]:
    return [r.id for r in layout.rings_of(fid) if r.id in FORCE]


def test_a_round_board_of_50_cm_on_a_mat_with_its_markers_outside_it(tenet):
    assert "tenet" in builtin_layouts()
    assert (tenet.shape, tenet.diameter, tenet.style) == ("round", 500, "tenet")
    assert [m.id for m in tenet.markers] == [8, 9, 10, 11]  # its own ids: Gravitation has 0-3
    for m in tenet.markers:
        nearest_corner = math.hypot(abs(m.x) - m.size / 2, abs(m.y) - m.size / 2)
        assert nearest_corner > 250  # the whole marker lies outside the round board
        assert (
            abs(m.x) + m.size / 2 <= tenet.width / 2 and abs(m.y) + m.size / 2 <= tenet.height / 2
        )
    assert all(math.hypot(f.x, f.y) < 250 - tenet.piece_diameter / 2 for f in tenet)


def test_nine_players_in_nine_colours_that_can_be_drawn(tenet):
    assert len(tenet.colours) == len(set(tenet.colours)) == 9
    assert [s.seat for s in tenet.seats] == list(range(9))
    assert set(tenet.colours) <= set(PIECE_COLOURS)


@pytest.mark.parametrize("k", range(1, 10))
def test_force_field_circle_k_has_18_fields_every_20_degrees_from_the_start(tenet, k):
    ring = tenet.ring(f"K{k}")
    members = tenet.ring_fields(ring.id)
    assert ring.size == len(members) == 18 and members[0] == "start"
    # its centre is one radius from the board centre, at 40°·(k-1) clockwise from 12
    a = math.radians(40 * (k - 1))
    assert (ring.cx, ring.cy) == pytest.approx(
        (ring.radius * math.sin(a), -ring.radius * math.cos(a)), abs=0.01
    )
    for j, fid in enumerate(members):
        x, y = xy(tenet, fid)
        assert math.hypot(x - ring.cx, y - ring.cy) == pytest.approx(ring.radius, abs=0.02)
        angle = math.degrees(math.atan2(x - ring.cx, -(y - ring.cy)))
        assert (angle - (40 * (k - 1) + 180 + 20 * j)) % 360 == pytest.approx(0, abs=0.02) or (
            angle - (40 * (k - 1) + 180 + 20 * j)
        ) % 360 == pytest.approx(360, abs=0.02)


def test_9_times_18_circle_places_on_118_fields(tenet):
    places = [fid for ring in FORCE for fid in tenet.ring_fields(ring)]
    assert len(places) == 9 * 18
    assert len(set(places)) == 1 + 36 + 9 * 9  # start, crossings, 9 own fields a circle


def test_36_crossings_each_on_exactly_two_circles_at_c_k_plus_c_m(tenet):
    crossings = {fid for fid in tenet.fields if len(on_force_circles(tenet, fid)) == 2}
    assert len(crossings) == 36
    assert len(on_force_circles(tenet, "start")) == 9
    for k, m in itertools.combinations(FORCE, 2):
        shared = set(tenet.ring_fields(k)) & set(tenet.ring_fields(m)) - {"start"}
        assert len(shared) == 1
        (fid,) = shared
        rk, rm = tenet.ring(k), tenet.ring(m)
        assert xy(tenet, fid) == pytest.approx((rk.cx + rm.cx, rk.cy + rm.cy), abs=0.02)
        assert fid == f"X{k[1:]}-{m[1:]}"


@pytest.mark.parametrize("k", FORCE)
def test_every_other_field_is_a_crossing_and_the_one_opposite_the_start_is_the_outermost(tenet, k):
    members = tenet.ring_fields(k)
    for j, fid in enumerate(members):
        crossing = len(on_force_circles(tenet, fid)) == 2
        assert crossing == (j % 2 == 1 and j != 9), (k, j, fid)
    distance = [math.hypot(*xy(tenet, fid)) for fid in members]
    assert max(range(18), key=distance.__getitem__) == 9
    assert members[9] == f"{k}.9"


def test_the_nine_innermost_crossings_are_the_entry_fields_next_to_the_start(tenet):
    crossings = [fid for fid in tenet.fields if len(on_force_circles(tenet, fid)) == 2]
    crossings.sort(key=lambda fid: math.hypot(*xy(tenet, fid)))
    entries = {f.id for f in tenet if f.label == "entry"}
    assert entries == set(crossings[:9])
    assert math.hypot(*xy(tenet, crossings[8])) < math.hypot(*xy(tenet, crossings[9])) - 1
    assert {end for end, _ in tenet.successors("start")} == entries


@pytest.mark.parametrize("k", range(1, 10))
def test_each_planet_has_8_fields_touching_its_force_field_at_the_outermost(tenet, k):
    planet, force = tenet.ring(f"P{k}"), tenet.ring(f"K{k}")
    members = tenet.ring_fields(planet.id)
    assert len(members) == planet.size == 8
    assert members[0] == f"K{k}.9"
    assert all(tenet.fields[fid].kind == "planet" for fid in members[1:])
    # touching from outside: the centres are R + r apart, in line with the touching field
    gap = math.hypot(planet.cx - force.cx, planet.cy - force.cy)
    assert gap == pytest.approx(force.radius + planet.radius, abs=0.02)
    touch = xy(tenet, members[0])
    t = force.radius / gap
    assert touch == pytest.approx(
        (force.cx + (planet.cx - force.cx) * t, force.cy + (planet.cy - force.cy) * t), abs=0.02
    )
    for fid in members:
        x, y = xy(tenet, fid)
        assert math.hypot(x - planet.cx, y - planet.cy) == pytest.approx(planet.radius, abs=0.02)


@pytest.mark.parametrize("k", range(1, 10))
def test_the_pott_is_the_outermost_planet_field_and_the_stone_field_the_one_before(tenet, k):
    members = tenet.ring_fields(f"P{k}")
    outermost = max(members, key=lambda fid: math.hypot(*xy(tenet, fid)))
    assert tenet.fields[outermost].label == "Pott"
    i = members.index(outermost)
    assert i == 4  # opposite the touching field, four steps either way
    assert tenet.fields[members[i - 1]].label == "stone"
    labels = [tenet.fields[fid].label for fid in members]
    assert labels.count("Pott") == labels.count("stone") == 1


def test_planets_are_numbered_as_in_the_text(tenet):
    planets = {p["number"]: p for p in tenet.extra["planets"]}
    assert sorted(planets) == list(range(1, 10))
    assert planets[3]["name"] == "Erde" and planets[5]["name"] == "Jupiter"
    assert all(planets[k]["ring"] == f"P{k}" for k in planets)


def test_every_line_runs_both_ways_and_joins_neighbours_on_a_circle(tenet):
    assert all(ln.both_ways for ln in tenet.lines)
    pairs = {frozenset((ln.start, ln.end)) for ln in tenet.lines}
    assert len(pairs) == len(tenet.lines)  # start—entry lies on two circles: one line
    neighbours = set()
    for ring in tenet.rings:
        members = tenet.ring_fields(ring.id)
        neighbours |= {frozenset((a, members[(i + 1) % ring.size])) for i, a in enumerate(members)}
    assert pairs == neighbours


def test_balls_have_room_on_every_field(tenet):
    assert min(tenet.spacing.values()) > tenet.piece_diameter


# ---------------------------------------------------------------- the picture


def test_the_svg_shows_circles_crossings_entries_potts_and_stone_fields(tenet):
    root = ET.fromstring(to_svg(draw_board(tenet)))
    circles = list(root.iter(f"{SVG}circle"))
    rings = [(c.get("stroke"), float(c.get("r") or 0)) for c in circles if c.get("fill") == "none"]
    force_r = tenet.ring("K1").radius
    assert sum(1 for s, r in rings if s == GOLD and r == pytest.approx(force_r)) == 9
    assert [s for s, _ in rings].count(ENTRY) == 9
    assert [s for s, _ in rings].count(POTT) == 9
    assert [s for s, _ in rings].count(STONE) == 9
    # the 27 crossings that are no entry fields, and the 9 planets' touching fields
    assert sum(1 for s, r in rings if s == GOLD and r < 20) == 27 + 9
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"Erde", "Jupiter", "Start"} <= set(texts)
    assert all(str(k) in texts for k in range(1, 10))
