"""Write companion/layouts/tenet.json from the formulas of docs/rulings.md §6.

TENET (seed 004): a round leather board, 50 cm across, balls as pieces. Nine force-field
circles ``K1`` .. ``K9`` of 18 fields each pass through the common start field in the
middle: circle k has radius R and its centre at distance R from the board centre, at
40°·(k-1) clockwise from 12 o'clock. Field j of a circle (j = 0 .. 17, clockwise round
the circle's centre, j = 0 the start field) lies 20°·j round it, so

* circles k and m cross a second time at c_k + c_m, which is field 2(m-k)-9 (mod 18) of
  circle k: every odd j but 9 is a crossing ``X<k>-<m>`` (k < m), 8 on each circle and
  36 in all; the nine next to the start (|m-k| = 4 or 5) are the entry fields;
* j = 9, opposite the start, is the circle's outermost field ``K<k>.9``; the planet circle
  ``P<k>`` (8 fields, radius r) touches it there from outside: ``P<k>.0`` is ``K<k>.9``,
  ``P<k>.1`` .. ``P<k>.7`` run clockwise, the Pott ``P<k>.4`` is the outermost field and
  the stone's field ``P<k>.3`` the one before it;
* the other fields are ``K<k>.<j>`` (j even), the start field is ``start``.

Every line runs both ways. The board lies on a 560 mm square mat whose corners carry the
four ArUco markers, outside the round board. Run: python tools/make_tenet_layout.py
"""

from __future__ import annotations

import math
from typing import Any

from make_tuerme_layout import write

PLANETS = ["Merkur", "Venus", "Erde", "Mars", "Jupiter", "Saturn", "Uranus", "Neptun", "Pluto"]
COLOURS = ["red", "orange", "yellow", "green", "turquoise", "blue", "purple", "white", "black"]
R = 90.0  # force-field circle radius: outermost field at 2R = 180 mm from the centre
PLANET_R = 27.0  # planet circle radius: the Pott at 2R + 2r = 234 mm, inside the 250 mm rim
DIAMETER = 500.0
MAT = 560.0
FIELDS = 18


def polar(cx: float, cy: float, radius: float, degrees: float) -> tuple[float, float]:
    """Clockwise from 12 o'clock round (cx, cy), y downwards."""
    a = math.radians(degrees)
    return round(cx + radius * math.sin(a), 2), round(cy - radius * math.cos(a), 2)


def centre(k: int) -> tuple[float, float]:
    """The centre of force-field circle k (1..9)."""
    return polar(0.0, 0.0, R, 40.0 * (k - 1))


def crossing(k: int, j: int) -> int | None:
    """The other circle that crosses circle k at its field j, if any."""
    for m in range(1, 10):
        if m != k and (2 * (m - k) - 9) % FIELDS == j:
            return m
    return None


def build() -> dict[str, Any]:
    fields: dict[str, dict[str, Any]] = {
        "start": {"id": "start", "kind": "centre", "label": "start", "x": 0.0, "y": 0.0}
    }
    rings: list[dict[str, Any]] = []
    for k in range(1, 10):
        cx, cy = centre(k)
        members = []
        for j in range(FIELDS):
            x, y = polar(cx, cy, R, 40.0 * (k - 1) + 180.0 + 20.0 * j)
            m = crossing(k, j)
            if j == 0:
                fid = "start"
            elif m is not None:
                fid = f"X{min(k, m)}-{max(k, m)}"
                entry = (m - k) % 9 in (4, 5)
                fields.setdefault(fid, {"id": fid, "kind": "ring", "x": x, "y": y})
                if entry:
                    fields[fid]["label"] = "entry"
            else:
                fid = f"K{k}.{j}"
                fields[fid] = {"id": fid, "kind": "ring", "ring": f"K{k}", "index": j}
                fields[fid] |= {"x": x, "y": y}
            members.append(fid)
        rings.append({"id": f"K{k}", "size": FIELDS, "radius": R, "cx": cx, "cy": cy})
        rings[-1]["fields"] = members
    for k in range(1, 10):
        px, py = polar(0.0, 0.0, 2 * R + PLANET_R, 40.0 * (k - 1))
        members = [f"K{k}.9"]
        for i in range(1, 8):
            x, y = polar(px, py, PLANET_R, 40.0 * (k - 1) + 180.0 + 45.0 * i)
            fid = f"P{k}.{i}"
            label = {3: "stone", 4: "Pott"}.get(i)
            fields[fid] = {"id": fid, "kind": "planet", "ring": f"P{k}", "index": i}
            fields[fid] |= {"label": label, "x": x, "y": y} if label else {"x": x, "y": y}
            members.append(fid)
        rings.append({"id": f"P{k}", "size": 8, "radius": PLANET_R, "cx": px, "cy": py})
        rings[-1]["fields"] = members
    lines: list[dict[str, Any]] = []
    seen: set[frozenset[str]] = set()
    for ring in rings:
        ids = ring["fields"]
        for a, b in zip(ids, ids[1:] + ids[:1], strict=True):
            if frozenset((a, b)) not in seen:  # start—entry is on two circles: one line
                seen.add(frozenset((a, b)))
                lines.append({"from": a, "to": b, "colour": "track", "direction": "both"})
    half = MAT / 2 - 30
    return {
        "name": "tenet",
        "title": "TENET (docs/rulings.md §6): nine force fields, nine planets",
        "units": "mm",
        "board": {
            "shape": "round",
            "diameter": DIAMETER,
            "width": MAT,
            "height": MAT,
            "style": "tenet",
        },
        "piece_diameter": 14,
        "markers": {
            "dictionary": "4X4_50",
            "size": 40,
            "items": [
                {"id": 8, "x": -half, "y": -half},
                {"id": 9, "x": half, "y": -half},
                {"id": 10, "x": half, "y": half},
                {"id": 11, "x": -half, "y": half},
            ],
        },
        "rings": rings,
        "players": [{"seat": s, "colour": c} for s, c in enumerate(COLOURS)],
        "fields": list(fields.values()),
        "lines": lines,
        "extra": {
            "planets": [
                {"number": k, "name": name, "ring": f"P{k}", "force_field": f"K{k}"}
                for k, name in enumerate(PLANETS, 1)
            ],
            "stone_start": "start",
        },
    }


def main() -> None:
    write(build(), "tenet")


if __name__ == "__main__":
    main()
