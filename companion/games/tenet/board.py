"""The TENET board as the rules see it: circles, walks along them, Miwin's dice, the stone.

Read from the layout (docs/rulings.md §6): nine force-field circles ``K1`` .. ``K9``,
nine planet circles ``P1`` .. ``P9`` each crossing its force field, the Pott and the
stone's field by their labels. On the first guess ``tenet`` the circles run through the
common ``start``; on the reconstruction ``tenet-2`` (Added 6.18) the start field lies on
no circle and leads to the nine entry fields. A ball moves a die's value along one
circle in one direction (rulebook: "man darf nicht ums Eck ziehen"); every circle
through its field is open to it, so a crossing (two circles; on ``tenet`` the start
field nine) offers a change of circle.

Miwin's dice (R§6): III = 1 2 5 6 7 9, IV = 1 3 4 5 8 9, V = 2 3 4 6 7 8. A roll is
kept in that order, III first, but may be given in any order ("3,1,2" is III=1, IV=3,
V=2): the rules read only the three numbers, never which die shows which, so two dice
orders that fit the same numbers never differ in effect. No value is on all three
dice, so a roll has at most one pair (a Pasch).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError
from companion.model.layout import Layout
from companion.texts import text as t

START = "start"
#: The faces of Miwin's dice, in roll order (R§6).
DICE: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("III", (1, 2, 5, 6, 7, 9)),
    ("IV", (1, 3, 4, 5, 8, 9)),
    ("V", (2, 3, 4, 6, 7, 8)),
)
PLANETS = ("Merkur", "Venus", "Erde", "Mars", "Jupiter", "Saturn", "Uranus", "Neptun", "Pluto")


@dataclass(frozen=True)
class Board:
    """The circles of a TENET layout, looked up once per layout."""

    members: Mapping[str, tuple[str, ...]]  # circle id -> its fields in ring order
    circles_of: Mapping[str, tuple[str, ...]]  # field id -> the circles through it
    neighbours: Mapping[str, frozenset[str]]  # field id -> the fields next to it
    planet: Mapping[int, str]  # planet number -> its circle id ("P3")
    force: Mapping[int, str]  # planet number -> its force-field circle ("K3")
    pott: Mapping[int, str]  # planet number -> its Pott field
    stone_field: Mapping[int, str]  # planet number -> the stone's field
    entries: tuple[str, ...] = ()  # the entry fields, next to the start field
    _walks: dict[tuple[str, int], tuple[tuple[str, ...], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def walks(self, start: str, value: int) -> tuple[tuple[str, ...], ...]:
        """Every way to walk ``value`` fields from ``start``: along one circle through it,
        one direction, never onto or over the start field; each the fields entered."""
        known = self._walks.get((start, value))
        if known is None:
            known = self._walks[start, value] = tuple(self._walk(start, value))
        return known

    def _walk(self, start: str, value: int) -> Iterator[tuple[str, ...]]:
        if start == START and START not in self.circles_of:
            # layout tenet-2: the start field lies on no circle; a ball leaves it onto an
            # entry field (counted as the first field) and goes on from there along
            # either circle through it, either way ("Die Richtung vom Einstiegsfeld weg
            # ist frei wählbar")
            for entry in self.entries:
                if value == 1:
                    yield (entry,)
                for path in self.walks(entry, value - 1) if value > 1 else ():
                    yield (entry, *path)
            return
        for circle in self.circles_of[start]:
            ring = self.members[circle]
            i, n = ring.index(start), len(ring)
            for d in (1, -1):
                path = tuple(ring[(i + d * s) % n] for s in range(1, value + 1))
                if START not in path:
                    yield path

    def circle_kind(self, circle: str) -> str:
        return "planet" if circle in self.planet.values() else "force"

    def number_of(self, circle: str) -> int:
        """The planet number of a circle: 3 for K3 and for P3."""
        for k in self.planet:
            if circle in (self.planet[k], self.force[k]):
                return k
        raise CompanionError(f"{circle} is no circle of the TENET board")


def _build(layout: Layout) -> Board:
    members = {r.id: layout.ring_fields(r.id) for r in layout.rings}
    circles_of: dict[str, list[str]] = {}
    neighbours: dict[str, set[str]] = {}
    for cid, ring in members.items():
        for i, fid in enumerate(ring):
            circles_of.setdefault(fid, []).append(cid)
            neighbours.setdefault(fid, set()).update((ring[i - 1], ring[(i + 1) % len(ring)]))
    planets = layout.extra.get("planets", [])
    if not isinstance(planets, list) or len(planets) != 9:
        raise CompanionError(f"layout {layout.name!r} has no nine planets for TENET")
    planet: dict[int, str] = {}
    force: dict[int, str] = {}
    pott: dict[int, str] = {}
    stone: dict[int, str] = {}
    for p in planets:
        k, circle = int(p["number"]), str(p["ring"])
        planet[k], force[k] = circle, str(p["force_field"])
        labels = {layout.fields[f].label: f for f in members[circle]}
        pott[k], stone[k] = labels["Pott"], labels["stone"]
    return Board(
        members,
        {f: tuple(c) for f, c in circles_of.items()},
        {f: frozenset(n) for f, n in neighbours.items()},
        planet,
        force,
        pott,
        stone,
        tuple(sorted(f.id for f in layout if f.label == "entry")),
    )


_BOARDS: dict[int, tuple[Layout, Board]] = {}


def board(layout: Layout) -> Board:
    """The rules' view of a TENET layout (computed once per layout object)."""
    cached = _BOARDS.get(id(layout))
    if cached is None or cached[0] is not layout:
        cached = _BOARDS[id(layout)] = (layout, _build(layout))
    return cached[1]


# ---------------------------------------------------------------------- dice


def parse_roll(text: str) -> tuple[int, ...]:
    """A roll as typed: three values of Miwin's dice in any order ("9,4,2", "2 4 9"), or
    one value for the stone after a first round without a Pasch ("5")."""
    parts = [p for p in text.replace("+", ",").replace(" ", ",").split(",") if p]
    plain = all(p.isascii() and p.isdigit() and len(p) < 4 for p in parts)  # not '²', 4,300 digits
    if len(parts) not in (1, 3) or not plain:
        raise CompanionError(t("miwin.like", said=repr(text)))
    return check_roll(tuple(int(p) for p in parts))


def check_roll(roll: Sequence[int]) -> tuple[int, ...]:
    """The roll in the order of the dice III, IV, V: as given when every value is on its
    die's faces, else the first order of the three values that fits the dice (the rules
    read only the numbers, so any fitting order has the same effect). CompanionError
    naming the dice when no order fits."""
    roll = tuple(roll)
    if len(roll) == 1:
        if not 1 <= roll[0] <= 9:
            raise CompanionError(t("miwin.range", value=roll[0]))
        return roll
    if len(roll) != 3:
        raise CompanionError(t("miwin.three", count=len(roll)))
    for order in (roll, *sorted(set(itertools.permutations(roll)))):
        if _misfit(order) is None:
            return order
    if len(set(roll)) == 1:
        raise CompanionError(t("miwin.on_no_die", roll=_text(roll), misfit=_misfit(roll)))
    raise CompanionError(t("miwin.no_order", roll=_text(roll), misfit=_misfit(roll)))


def check_order(roll: Sequence[int]) -> tuple[int, int, int]:
    """Three values read from dice known to be III, IV, V (the camera tells them apart by
    colour): CompanionError naming the die whose faces do not hold its value."""
    if len(roll) != 3:
        raise CompanionError(t("miwin.three", count=len(roll)))
    misfit = _misfit(tuple(roll))
    if misfit is not None:
        raise CompanionError(t("miwin.misfit", roll=_text(roll), misfit=misfit))
    return roll[0], roll[1], roll[2]


def _misfit(roll: Sequence[int]) -> str | None:
    for (name, faces), value in zip(DICE, roll, strict=True):
        if value not in faces:
            return t("miwin.faces", die=name, faces=" ".join(map(str, faces)), value=value)
    return None


def _text(roll: Sequence[int]) -> str:
    return ",".join(map(str, roll))


def doublet(roll: Sequence[int]) -> tuple[int, int] | None:
    """A Pasch: (the pair's value, the other die's value), or None."""
    for v in set(roll):
        if list(roll).count(v) == 2:
            return v, next(x for x in roll if x != v)
    return None


def roll_from_reading(dice: Sequence[Mapping[str, Any]]) -> tuple[int, int, int]:
    """The roll in the order III, IV, V from the dice reader's report (each die a
    ``{"kind": "miwin-IV", "value": 8, ...}``); CompanionError unless one die of each kind."""
    values: dict[str, int] = {}
    for die in dice:
        kind = str(die.get("kind", ""))
        name = kind.removeprefix("miwin-")
        if name not in dict(DICE) or kind == name:
            raise CompanionError(t("position.tenet_die_kind", kind=repr(kind)))
        if name in values:
            raise CompanionError(t("position.tenet_die_twice", kind=kind))
        values[name] = int(die["value"])
    missing = [n for n, _ in DICE if n not in values]
    if missing:
        raise CompanionError(t("position.tenet_die_missing", name=missing[0]))
    return check_order(tuple(values[n] for n, _ in DICE))


# ---------------------------------------------------------------------- the stone


def stone_planet(layout: Layout, stone: str) -> int | None:
    """The number of the planet the stone is on (None: still in the Zentrum)."""
    for k, fid in board(layout).stone_field.items():
        if fid == stone:
            return k
    return None
