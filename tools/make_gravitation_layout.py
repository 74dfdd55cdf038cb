"""Write companion/layouts/gravitation.json from the formulas of docs/rulings.md §1.

The layout file is the data the companion reads; this script is how it was made, kept
so that a change to the ruling can be replayed. Run: python tools/make_gravitation_layout.py
"""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path
from typing import Any

COLOURS = ["red", "yellow", "green", "blue", "white"]
RINGS = [  # id, gravity, fields per sector, radius (mm)
    ("U1", 1, 8, 200.0),
    ("U2", 2, 8, 170.0),
    ("U3", 3, 4, 140.0),
    ("U4", 5, 4, 110.0),
    ("U5", 7, 4, 80.0),
]
STATION_RADII = [230.0, 250.0, 270.0, 290.0, 310.0]  # S1 .. S5


def at(radius: float, degrees: float) -> tuple[float, float]:
    """Clockwise from 12 o'clock, y downwards."""
    a = math.radians(degrees)
    return round(radius * math.sin(a), 2), round(-radius * math.cos(a), 2)


def build() -> dict[str, Any]:
    fields: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    owner_of: dict[str, tuple[str, str]] = {}  # field -> (colour, label)
    players = []
    for s, colour in enumerate(COLOURS):
        b = [s * n for (_, _, n, _) in RINGS]
        formation = [
            f"U1.{b[0] + 4}",
            f"U2.{b[1] + 4}",
            f"U3.{b[2] + 2}",
            f"U4.{b[3] + 2}",
            f"U5.{b[4] + 2}",
        ]
        station = [f"{colour}.S{k}" for k in range(1, 6)]
        for k, fid in enumerate(formation, 1):
            owner_of[fid] = (colour, f"F{k}")
        players.append(
            {
                "seat": s,
                "colour": colour,
                "station": station,
                "formation": formation,
                "special": [*formation, station[0]],
            }
        )
        # red spoke, both ways, at 0 of the sector
        red = [f"U{k + 1}.{b[k]}" for k in range(5)]
        # blue spoke, inward only, at 1/4
        blue = [
            f"U1.{b[0] + 2}",
            f"U2.{b[1] + 2}",
            f"U3.{b[2] + 1}",
            f"U4.{b[3] + 1}",
            f"U5.{b[4] + 1}",
        ]
        # yellow spoke, outward only, at 3/4
        yellow = [
            f"U5.{b[4] + 3}",
            f"U4.{b[3] + 3}",
            f"U3.{b[2] + 3}",
            f"U2.{b[1] + 6}",
            f"U1.{b[0] + 6}",
        ]
        for a, z in itertools.pairwise(red):
            lines.append({"from": a, "to": z, "colour": "red", "direction": "both"})
        for a, z in itertools.pairwise(blue):
            lines.append({"from": a, "to": z, "colour": "blue"})
        for a, z in itertools.pairwise(yellow):
            lines.append({"from": a, "to": z, "colour": "yellow"})
        # the station spur at 5/8 of the sector: S5 -> S4 -> S3 -> S2 -> S1 -> U1.(b+5)
        spur = [*reversed(station), f"U1.{b[0] + 5}"]
        for a, z in itertools.pairwise(spur):
            lines.append({"from": a, "to": z, "colour": "station"})
    for ring, gravity, n, radius in RINGS:
        size = 5 * n
        for i in range(size):
            fid = f"{ring}.{i}"
            x, y = at(radius, i * 360.0 / size)
            colour, label = owner_of.get(fid, (None, None))
            fields.append(
                {
                    "id": fid,
                    "kind": "ring",
                    "ring": ring,
                    "index": i,
                    "gravity": gravity,
                    "owner": colour,
                    "special": colour is not None,
                    "label": label,
                    "x": x,
                    "y": y,
                }
            )
            lines.append({"from": fid, "to": f"{ring}.{(i + 1) % size}", "colour": "green"})
    for s, colour in enumerate(COLOURS):
        angle = 72.0 * (s + 5 / 8)
        for k, radius in enumerate(STATION_RADII, 1):
            x, y = at(radius, angle)
            fields.append(
                {
                    "id": f"{colour}.S{k}",
                    "kind": "station",
                    "owner": colour,
                    "special": k == 1,
                    "gravity": 1 if k == 1 else None,
                    "label": f"S{k}",
                    "x": x,
                    "y": y,
                }
            )
    return {
        "name": "gravitation",
        "title": "ZwiAner::Gravitation (reconstructed from the rule text, docs/rulings.md §1)",
        "units": "mm",
        "board": {"shape": "square", "width": 660, "height": 660},
        "piece_diameter": 18,
        "markers": {
            "dictionary": "4X4_50",
            "size": 40,
            "items": [
                {"id": 0, "x": -300, "y": -300},
                {"id": 1, "x": 300, "y": -300},
                {"id": 2, "x": 300, "y": 300},
                {"id": 3, "x": -300, "y": 300},
            ],
        },
        "rings": [
            {"id": r, "gravity": g, "size": 5 * n, "radius": rad} for (r, g, n, rad) in RINGS
        ],
        "players": players,
        "fields": fields,
        "lines": lines,
        "extra": {"energy_capacity": 5, "station_radii": STATION_RADII},
    }


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "companion" / "layouts" / "gravitation.json"
    layout = build()
    # one entry per line: diffs of a measured board stay readable
    parts = ["{"]
    keys = list(layout)
    for n, key in enumerate(keys):
        comma = "," if n < len(keys) - 1 else ""
        value = layout[key]
        if key in ("fields", "lines", "players"):
            rows = ",\n".join("    " + json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f'  "{key}": [\n{rows}\n  ]{comma}')
        else:
            parts.append(f'  "{key}": {json.dumps(value, ensure_ascii=False)}{comma}')
    parts.append("}")
    out.write_text("\n".join(parts) + "\n", encoding="utf-8")
    print(f"wrote {out}: {len(layout['fields'])} fields, {len(layout['lines'])} lines")


if __name__ == "__main__":
    main()
