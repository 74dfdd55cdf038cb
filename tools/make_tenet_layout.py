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
four ArUco markers, outside the round board.

That first guess (layout ``tenet``, kept so that positions saved on it stay playable)
cannot play the author's own table "Würfel-Kombinationen zum Planeten Merkur mit
Gewinn" literally. :func:`build_2` writes the reconstruction that can (layout
``tenet-2``, docs/rulings.md Added 6.18, derivation there): nine force-field circles of
31 fields around the start field, each crossing only its two neighbours (inner crossings
``E<k>-<m>``: the entry fields, next to the start; outer ones ``X<k>-<m>``); on circle k,
field j = 0 .. 30 clockwise from its innermost field: the entries at j = 2 (left exit A)
and 29 (right exit B), the outer crossings at 10 and 21, the planet circle's two
crossings at 12 and 19 (``P<k>.0`` and ``P<k>.12``); planet circles of 19 fields
``P<k>.0`` .. ``P<k>.18`` clockwise from the left crossing, the Pott ``P<k>.6`` (the
outermost field, 6 from either crossing) and the stone's field ``P<k>.5`` before it.

Run: python tools/make_tenet_layout.py
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


# ---------------------------------------------------------------------- layout tenet-2

K_FIELDS = 31  # a force-field circle: 4 (A to B inside) + 10 (A to F) + 7 (F to F) + 10
ENTRY_A, OUTER_A, CROSS_L, CROSS_R, OUTER_B, ENTRY_B = 2, 10, 12, 19, 21, 29
P_FIELDS = 19  # a planet circle: 12 outside its force field (the Pott in the middle), 7 inside
POTT_2, STONE_2, OUTSIDE = 6, 5, 12
R2 = 64.0  # force-field circle radius (mm): fields 13 mm apart
POTT_AT = 238.0  # the Pott's distance from the centre, inside the 250 mm rim


def _bisect(f: Any, lo: float, hi: float) -> float:
    for _ in range(80):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(lo) * f(mid) > 0 else (lo, mid)
    return (lo + hi) / 2


def _inner_angle(d: float) -> float:
    """Degrees round circle 1 (centre (0, -d), radius R2) from its innermost point to its
    inner crossing with circle 2 (centre d at 40°)."""
    (x1, y1), (x2, y2) = (0.0, -d), polar(0.0, 0.0, d, 40.0)
    dx, dy = x2 - x1, y2 - y1
    dist = math.hypot(dx, dy)
    h = math.sqrt(R2 * R2 - (dist / 2) ** 2)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    points = [(mx + h * dy / dist, my - h * dx / dist), (mx - h * dy / dist, my + h * dx / dist)]
    px, py = min(points, key=lambda p: math.hypot(*p))
    return abs(math.degrees(math.atan2(px - x1, py - y1)))  # 0: straight down


def geometry_2() -> dict[str, float]:
    """The measures of layout tenet-2: the force-field circles' centre distance ``d`` puts
    the entries exactly 2 fields (2·360/31°) either side of a circle's innermost point;
    the planet circle runs through the circle's fields 12 and 19 and the Pott."""
    step = 360.0 / K_FIELDS
    d = _bisect(lambda d: _inner_angle(d) - 2 * step, 1.6 * R2, 2.6 * R2)
    cross = math.radians(180.0 - CROSS_L * step)  # field 12, from the top of circle 1
    fx, fy = R2 * math.sin(cross), d + R2 * math.cos(cross)  # x and height above the centre
    pc = (POTT_AT**2 - fx**2 - fy**2) / (2 * (POTT_AT - fy))  # the planet circle's centre
    return {"d": d, "step": step, "fx": fx, "fy": fy, "pc": pc, "pr": POTT_AT - pc}


def _k_id(k: int, j: int) -> str:
    left, right = (k - 2) % 9 + 1, k % 9 + 1
    pair = {ENTRY_A: ("E", left), OUTER_A: ("X", left), ENTRY_B: ("E", right)}
    pair[OUTER_B] = ("X", right)
    if j in pair:
        kind, m = pair[j]
        return f"{kind}{min(k, m)}-{max(k, m)}"
    if j in (CROSS_L, CROSS_R):
        return f"P{k}.{0 if j == CROSS_L else OUTSIDE}"
    return f"K{k}.{j}"


def build_2() -> dict[str, Any]:
    g = geometry_2()
    fields: dict[str, dict[str, Any]] = {
        "start": {"id": "start", "kind": "centre", "label": "start", "x": 0.0, "y": 0.0}
    }
    rings: list[dict[str, Any]] = []
    # where the crossings lie round circle 1, degrees clockwise from its innermost point
    a = _inner_angle(g["d"])
    marks = {ENTRY_A: a, CROSS_L: CROSS_L * g["step"], CROSS_R: CROSS_R * g["step"]}
    marks[ENTRY_B] = 360.0 - a
    marks[OUTER_A], marks[OUTER_B] = _outer_angle(g["d"]), 360.0 - _outer_angle(g["d"])
    for k in range(1, 10):
        turn = 40.0 * (k - 1)
        cx, cy = polar(0.0, 0.0, g["d"], turn)
        members = []
        for j in range(K_FIELDS):
            fid = _k_id(k, j)
            x, y = polar(cx, cy, R2, turn + 180.0 + _between(marks, j, K_FIELDS))
            field = fields.setdefault(fid, {"id": fid, "kind": "ring", "x": x, "y": y})
            if fid.startswith("E"):
                field["label"] = "entry"
            elif fid.startswith("K"):
                field |= {"ring": f"K{k}", "index": j}
            members.append(fid)
        rings.append({"id": f"K{k}", "size": K_FIELDS, "radius": R2, "cx": cx, "cy": cy})
        rings[-1]["fields"] = members
    # round planet circle 1, degrees clockwise from its top: the crossings and the Pott
    left = 360.0 - math.degrees(math.atan2(g["fx"], g["fy"] - g["pc"]))
    planet_marks = {0: left, POTT_2: 360.0, OUTSIDE: 720.0 - left}
    for k in range(1, 10):
        turn = 40.0 * (k - 1)
        px, py = polar(0.0, 0.0, g["pc"], turn)
        members = []
        for i in range(P_FIELDS):
            fid = f"P{k}.{i}"
            if fid not in fields:
                x, y = polar(px, py, g["pr"], turn + _between(planet_marks, i, P_FIELDS))
                label = {STONE_2: "stone", POTT_2: "Pott"}.get(i)
                fields[fid] = {"id": fid, "kind": "planet", "ring": f"P{k}", "index": i}
                fields[fid] |= {"label": label, "x": x, "y": y} if label else {"x": x, "y": y}
            members.append(fid)
        rings.append({"id": f"P{k}", "size": P_FIELDS, "radius": round(g["pr"], 2)})
        rings[-1] |= {"cx": px, "cy": py, "fields": members}
    lines: list[dict[str, Any]] = []
    seen: set[frozenset[str]] = set()
    for ring in rings:
        ids = ring["fields"]
        for one, two in zip(ids, ids[1:] + ids[:1], strict=True):
            if frozenset((one, two)) not in seen:
                seen.add(frozenset((one, two)))
                lines.append({"from": one, "to": two, "colour": "track", "direction": "both"})
    for fid in sorted(f for f in fields if f.startswith("E")):  # the start leads to each entry
        lines.append({"from": "start", "to": fid, "colour": "track", "direction": "both"})
    data = build()
    half = MAT / 2 - 30
    data |= {
        "name": "tenet-2",
        "title": "TENET, the author's Merkur table (docs/rulings.md Added 6.18)",
        "piece_diameter": 12,
        "rings": rings,
        "fields": list(fields.values()),
        "lines": lines,
    }
    data["markers"] = data["markers"] | {
        "items": [
            {"id": 12, "x": -half, "y": -half},
            {"id": 13, "x": half, "y": -half},
            {"id": 14, "x": half, "y": half},
            {"id": 15, "x": -half, "y": half},
        ]
    }
    return data


def _outer_angle(d: float) -> float:
    """Degrees round circle 1 from its innermost point to its outer crossing with circle 9."""
    (x1, y1), (x2, y2) = (0.0, -d), polar(0.0, 0.0, d, -40.0)
    dx, dy = x2 - x1, y2 - y1
    dist = math.hypot(dx, dy)
    h = math.sqrt(R2 * R2 - (dist / 2) ** 2)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    points = [(mx + h * dy / dist, my - h * dx / dist), (mx - h * dy / dist, my + h * dx / dist)]
    px, py = max(points, key=lambda p: math.hypot(*p))
    return -math.degrees(math.atan2(px - x1, py - y1)) % 360.0  # clockwise from the bottom


def _between(marks: dict[int, float], j: int, n: int) -> float:
    """The angle of field j: fixed where ``marks`` fixes it, else evenly between the
    fixed fields on either side (the arc may pass through 0°)."""
    if j in marks:
        return marks[j]
    fixed = sorted(marks)
    before = max((m for m in fixed if m < j), default=fixed[-1] - n)
    after = min((m for m in fixed if m > j), default=fixed[0] + n)
    a0 = marks[before % n] - (360.0 if before < 0 else 0.0)
    a1 = marks[after % n] + (360.0 if after >= n else 0.0)
    return a0 + (a1 - a0) * (j - before) / (after - before)


def main() -> None:
    write(build(), "tenet")
    write(build_2(), "tenet-2")


if __name__ == "__main__":
    main()
