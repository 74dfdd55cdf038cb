"""The layout `tenet-2`, rebuilt from the author's Merkur table (docs/rulings.md Added 6.18).

Checked from the ruling's words, not from the tool: a 50 cm round board, nine force-field
circles of 31 fields round the start, each crossing its two neighbours inside (the entry
fields) and outside, the planet circle of 19 fields crossing its force field twice with
the Pott, its outermost field, 6 from either crossing; fields where the circles say.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from pathlib import Path

import pytest

from companion.errors import PositionError
from companion.model.layout import Layout
from companion.model.layoutfile import load_layout
from companion.model.position import Position, position_from_json

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def layout() -> Layout:
    return load_layout("tenet-2")


def test_the_round_board_its_own_markers_and_balls_that_fit(layout: Layout) -> None:
    assert (layout.shape, layout.diameter, layout.style) == ("round", 500, "tenet")
    assert [m.id for m in layout.markers] == [12, 13, 14, 15]  # not the 8-11 of `tenet`
    assert all(math.hypot(f.x, f.y) < 250 - layout.piece_diameter / 2 for f in layout)
    closest = min(math.dist((a.x, a.y), (b.x, b.y)) for a, b in itertools.combinations(layout, 2))
    assert closest > layout.piece_diameter


@pytest.mark.parametrize("k", range(1, 10))
def test_force_field_k_crosses_its_neighbours_and_its_planet(layout: Layout, k: int) -> None:
    ring = layout.ring_fields(f"K{k}")
    left, right = (k - 2) % 9 + 1, k % 9 + 1
    pair = lambda m: f"{min(k, m)}-{max(k, m)}"  # noqa: E731
    assert len(ring) == 31 and "start" not in ring
    assert [ring[2], ring[29]] == [f"E{pair(left)}", f"E{pair(right)}"]
    assert [ring[10], ring[21]] == [f"X{pair(left)}", f"X{pair(right)}"]
    assert [ring[12], ring[19]] == [f"P{k}.0", f"P{k}.12"]
    crossings = [f for f in ring if len(layout.rings_of(f)) == 2]
    assert crossings == [ring[j] for j in (2, 10, 12, 19, 21, 29)]


@pytest.mark.parametrize("k", range(1, 10))
def test_planet_k_the_pott_outermost_and_6_from_either_crossing(layout: Layout, k: int) -> None:
    ring = layout.ring_fields(f"P{k}")
    assert len(ring) == 19
    pott = next(f for f in ring if layout.fields[f].label == "Pott")
    stone = next(f for f in ring if layout.fields[f].label == "stone")
    assert (pott, stone) == (f"P{k}.6", f"P{k}.5")
    far = max(ring, key=lambda f: math.hypot(layout.fields[f].x, layout.fields[f].y))
    assert far == pott
    assert ring.index(pott) - ring.index(f"P{k}.0") == 6 == ring.index(f"P{k}.12") - 6


def test_the_start_leads_to_the_nine_entries_which_are_the_innermost_crossings(
    layout: Layout,
) -> None:
    entries = {f.id for f in layout if f.label == "entry"}
    crossings = sorted(
        (f for f in layout if len(layout.rings_of(f.id)) == 2), key=lambda f: math.hypot(f.x, f.y)
    )
    assert len(entries) == 9 and {f.id for f in crossings[:9]} == entries
    from_start = {ln.end for ln in layout.lines if ln.start == "start"} | {
        ln.start for ln in layout.lines if ln.end == "start"
    }
    assert from_start == entries


def test_the_file_is_what_the_tool_writes() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import make_tenet_layout

    written = json.loads((ROOT / "companion/layouts/tenet-2.json").read_text())
    assert written == json.loads(json.dumps(make_tenet_layout.build_2()))


def test_a_position_names_its_board_and_old_ones_keep_theirs() -> None:
    old = {
        "game": "tenet",
        "layout": "tenet",
        "players": ["red", "blue"],
        "pieces": {"red": ["K1.9"] + ["start"] * 8, "blue": ["X1-7"] + ["start"] * 8},
    }
    pos = position_from_json(old)
    assert pos.layout.name == "tenet" and pos.occupant["X1-7"] == "blue"
    new = Position.create(
        "tenet", load_layout("tenet-2"), ["red"], "red", {"red": ["E1-9"] + ["start"] * 8}
    )
    again = position_from_json(json.loads(new.dumps()))
    assert again.layout.name == "tenet-2" and again.occupant["E1-9"] == "red"


def test_a_position_naming_no_board_is_read_on_tenet_2_and_an_old_one_told_its_layout() -> None:
    assert (
        position_from_json(
            {"game": "tenet", "players": ["red"], "pieces": {"red": ["E1-9"] + ["start"] * 8}}
        ).layout.name
        == "tenet-2"
    )
    unnamed = {"game": "tenet", "players": ["red"], "pieces": {"red": ["X1-7"] + ["start"] * 8}}
    with pytest.raises(
        PositionError, match=r"unknown field 'X1-7'.*'tenet-2'.*\"layout\": \"tenet\""
    ):
        position_from_json(unnamed)
    on_the_old_board = position_from_json({**unnamed, "layout": "tenet"})
    assert on_the_old_board.occupant["X1-7"] == "red"
