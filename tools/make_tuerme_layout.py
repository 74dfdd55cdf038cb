"""Write companion/layouts/tuerme.json from the formulas of docs/rulings.md §5.

The race game with towers and bridges (seed 003): its board picture and section 3.1
are lost, so the default board is reconstructed from the ruling. A round track of 64
fields (ring ``T``, ``T.0`` at 12 o'clock, clockwise) on a 660 mm square; four start
fields 16 apart (red ``T.0``, yellow ``T.16``, green ``T.32``, blue ``T.48``, seats
clockwise); each colour's finish line just before its start, from ``T.(start-1)`` into
its goal sector ``<colour>.goal`` in the middle ("Er zählt ein Feld"); its waiting pieces
on ``<colour>.home`` in the corner before its start, off the track ("Die Steine bleiben
zunächst außerhalb des Spielplanes"), entering on the start field; seven red bridge
fields at 14, 22, .., 62 counted from red's start, each a shortcut to the field 6 on.

Run: python tools/make_tuerme_layout.py
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

COLOURS = ["red", "yellow", "green", "blue"]  # seats clockwise, starts at 12, 3, 6, 9 o'clock
TRACK = 64
START_GAP = 16
BRIDGES = [14, 22, 30, 38, 46, 54, 62]
BRIDGE_JUMP = 6
TRACK_RADIUS = 240.0  # 64 fields 23.6 mm apart: an 18 mm piece and a little air
GOAL_RADIUS = 110.0  # the goal sectors share the middle of the board
HOME_RADIUS = 330.0  # the corners, clear of the track and of the markers
STEP = 360.0 / TRACK


def at(radius: float, degrees: float) -> tuple[float, float]:
    """Clockwise from 12 o'clock, y downwards."""
    a = math.radians(degrees)
    return round(radius * math.sin(a), 2), round(-radius * math.cos(a), 2)


def build() -> dict[str, Any]:
    starts = {s * START_GAP: colour for s, colour in enumerate(COLOURS)}
    fields: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    for i in range(TRACK):
        x, y = at(TRACK_RADIUS, i * STEP)
        field: dict[str, Any] = {"id": f"T.{i}", "kind": "track", "ring": "T", "index": i}
        if i in starts:
            field.update(kind="start", owner=starts[i], label="start")
        if i in BRIDGES:
            field.update(label="bridge")
        fields.append({**field, "x": x, "y": y})
        lines.append({"from": f"T.{i}", "to": f"T.{(i + 1) % TRACK}", "colour": "track"})
    for b in BRIDGES:
        lines.append({"from": f"T.{b}", "to": f"T.{(b + BRIDGE_JUMP) % TRACK}", "colour": "bridge"})
    players = []
    for s, colour in enumerate(COLOURS):
        start = s * START_GAP
        last = (start - 1) % TRACK
        gx, gy = at(GOAL_RADIUS, (start - 0.5) * STEP)
        hx, hy = at(HOME_RADIUS, start * STEP - 45.0)
        fields.append(
            {"id": f"{colour}.goal", "kind": "goal", "owner": colour, "label": "goal"}
            | {"x": gx, "y": gy}
        )
        fields.append(
            {"id": f"{colour}.home", "kind": "home", "owner": colour, "label": "home"}
            | {"x": hx, "y": hy}
        )
        lines.append({"from": f"{colour}.home", "to": f"T.{start}", "colour": "track"})
        lines.append({"from": f"T.{last}", "to": f"{colour}.goal", "colour": "track"})
        players.append({"seat": s, "colour": colour})
    return {
        "name": "tuerme",
        "title": "Race game with towers and bridges (reconstructed, docs/rulings.md §5)",
        "units": "mm",
        "board": {"shape": "square", "width": 660, "height": 660, "style": "tuerme"},
        "piece_diameter": 18,
        "markers": {
            "dictionary": "4X4_50",
            "size": 40,
            "items": [
                {"id": 4, "x": -300, "y": -300},
                {"id": 5, "x": 300, "y": -300},
                {"id": 6, "x": 300, "y": 300},
                {"id": 7, "x": -300, "y": 300},
            ],
        },
        "rings": [{"id": "T", "size": TRACK, "radius": TRACK_RADIUS}],
        "players": players,
        "fields": fields,
        "lines": lines,
        "extra": {"bridge_jump": BRIDGE_JUMP},
    }


def write(layout: dict[str, Any], name: str) -> Path:
    """One entry per line: diffs of a measured board stay readable."""
    out = Path(__file__).resolve().parent.parent / "companion" / "layouts" / f"{name}.json"
    parts = ["{"]
    keys = list(layout)
    for n, key in enumerate(keys):
        comma = "," if n < len(keys) - 1 else ""
        value = layout[key]
        if key in ("fields", "lines", "players", "rings"):
            rows = ",\n".join("    " + json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f'  "{key}": [\n{rows}\n  ]{comma}')
        else:
            parts.append(f'  "{key}": {json.dumps(value, ensure_ascii=False)}{comma}')
    parts.append("}")
    out.write_text("\n".join(parts) + "\n", encoding="utf-8")
    print(f"wrote {out}: {len(layout['fields'])} fields, {len(layout['lines'])} lines")
    return out


def main() -> None:
    write(build(), "tuerme")


if __name__ == "__main__":
    main()
