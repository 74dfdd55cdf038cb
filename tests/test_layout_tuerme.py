"""The default race-game layout `tuerme` is the board of docs/rulings.md §5.

Each formula is written from the ruling text, independently of the generator in
tools/make_tuerme_layout.py, so a change to either shows up here.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from companion.model.layout import Layout
from companion.model.layoutfile import builtin_layouts, load_layout
from companion.render import PIECE_COLOURS, draw_board, to_svg
from companion.render.paint import LINE_PAINT

COLOURS = ["red", "yellow", "green", "blue"]  # the standard piece colours, seats clockwise
BRIDGES = [14, 22, 30, 38, 46, 54, 62]  # counted from red's start
SVG = "{http://www.w3.org/2000/svg}"
TRACK = [f"T.{i}" for i in range(64)]


@pytest.fixture(scope="module")
def tuerme() -> Layout:
    return load_layout("tuerme")


def lines_from(layout: Layout, fid: str) -> set[tuple[str, str, bool]]:
    return {(ln.end, ln.colour, ln.both_ways) for ln in layout.lines if ln.start == fid}


def lines_into(layout: Layout, fid: str) -> set[str]:
    return {ln.start for ln in layout.lines if ln.end == fid}


def test_it_ships_with_four_colours_clockwise(tuerme):
    assert "tuerme" in builtin_layouts()
    assert [(s.seat, s.colour) for s in tuerme.seats] == list(enumerate(COLOURS))
    assert tuerme.style == "tuerme" and tuerme.shape == "square"


def test_a_loop_of_64_fields_walked_clockwise_from_twelve_o_clock(tuerme):
    assert [(r.id, r.size) for r in tuerme.rings] == [("T", 64)]
    radii = set()
    for i, fid in enumerate(TRACK):
        f = tuerme.fields[fid]
        assert (f.ring, f.index) == ("T", i)
        radius = math.hypot(f.x, f.y)
        radii.add(round(radius, 1))
        angle = math.degrees(math.atan2(f.x, -f.y)) % 360
        assert angle == pytest.approx(i * 360 / 64, abs=0.01)
        assert lines_from(tuerme, fid) >= {(f"T.{(i + 1) % 64}", "track", False)}
    assert len(radii) == 1  # one circle round the board centre


def test_nothing_runs_backwards_on_the_track(tuerme):
    for i in range(64):
        assert f"T.{i}" not in {end for end, _, _ in lines_from(tuerme, f"T.{(i + 1) % 64}")}
    assert not any(ln.both_ways for ln in tuerme.lines)


@pytest.mark.parametrize("s", range(4))
def test_four_start_fields_16_apart(tuerme, s):
    colour = COLOURS[s]
    start = tuerme.fields[f"T.{16 * s}"]
    assert (start.kind, start.owner) == ("start", colour)
    assert tuerme.owned(colour, "start") == (start.id,)
    assert [f.id for f in tuerme if f.kind == "start"] == ["T.0", "T.16", "T.32", "T.48"]


def test_seven_bridges_each_a_shortcut_to_the_field_6_on(tuerme):
    bridges = {(ln.start, ln.end) for ln in tuerme.lines if ln.colour == "bridge"}
    assert bridges == {(f"T.{b}", f"T.{(b + 6) % 64}") for b in BRIDGES}
    assert [f.id for f in tuerme if f.label == "bridge"] == [f"T.{b}" for b in BRIDGES]
    assert not any(ln.both_ways for ln in tuerme.lines if ln.colour == "bridge")
    assert tuerme.extra["bridge_jump"] == 6


@pytest.mark.parametrize("s", range(4))
def test_the_finish_line_just_before_the_start_leads_into_a_one_field_goal(tuerme, s):
    colour = COLOURS[s]
    (goal,) = tuerme.owned(colour, "goal")
    last = f"T.{(16 * s - 1) % 64}"
    assert lines_into(tuerme, goal) == {last}
    assert lines_from(tuerme, goal) == set()  # the goal sector is the end of the way
    assert (goal, "track", False) in lines_from(tuerme, last)
    g = tuerme.fields[goal]
    assert math.hypot(g.x, g.y) < 0.6 * math.hypot(tuerme.fields[last].x, tuerme.fields[last].y)


@pytest.mark.parametrize("s", range(4))
def test_waiting_pieces_stand_on_a_home_off_the_track_that_leads_onto_the_start(tuerme, s):
    colour = COLOURS[s]
    (home,) = tuerme.owned(colour, "home")
    h = tuerme.fields[home]
    assert lines_from(tuerme, home) == {(f"T.{16 * s}", "track", False)}
    assert lines_into(tuerme, home) == set()
    assert h.ring is None
    track_radius = math.hypot(tuerme.fields["T.0"].x, tuerme.fields["T.0"].y)
    assert math.hypot(h.x, h.y) > track_radius + 2 * tuerme.piece_diameter


@pytest.mark.parametrize("s", range(4))
def test_a_piece_runs_64_steps_from_its_start_into_its_goal(tuerme, s):
    colour = COLOURS[s]
    here, steps = f"T.{16 * s}", 0
    (goal,) = tuerme.owned(colour, "goal")
    while here != goal:
        ahead = {end for end, c, _ in lines_from(tuerme, here) if c == "track"}
        here = goal if goal in ahead else next(a for a in ahead if a.startswith("T."))
        steps += 1
        assert steps <= 64
    assert steps == 64


def test_fields_and_markers_fit_on_the_board_without_touching(tuerme):
    assert min(tuerme.spacing.values()) > tuerme.piece_diameter
    assert [(m.id, m.x, m.y, m.size) for m in tuerme.markers] == [
        (4, -300, -300, 40),
        (5, 300, -300, 40),
        (6, 300, 300, 40),
        (7, -300, 300, 40),
    ]
    for f in tuerme:
        assert abs(f.x) < tuerme.width / 2 - 20 and abs(f.y) < tuerme.height / 2 - 20
        for m in tuerme.markers:
            assert max(abs(f.x - m.x), abs(f.y - m.y)) > m.size / 2 + tuerme.piece_diameter


# ---------------------------------------------------------------- the picture


def test_the_svg_shows_bridges_starts_homes_and_goals():
    root = ET.fromstring(to_svg(draw_board(load_layout("tuerme"))))
    circles = list(root.iter(f"{SVG}circle"))
    red_rings = [c for c in circles if c.get("stroke") == LINE_PAINT["bridge"]]
    assert len(red_rings) == 7  # the bridge fields
    arrows = [p for p in root.iter(f"{SVG}polygon") if p.get("fill") == LINE_PAINT["bridge"]]
    assert len(arrows) == 7  # one on each bridge
    for colour in COLOURS:
        # start ring, home area, home field ring, goal ring
        assert [c.get("stroke") for c in circles].count(PIECE_COLOURS[colour]) == 4
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("Ziel") == 4
    assert all(str(i) in texts for i in range(64))  # the field numbers
