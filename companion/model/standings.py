"""Who is winning: each player's pieces by where they stand, and the energy store.

The table page shows it at the top of its side column (on a phone right under the
board, above the camera), so a player sees the state of the game without scrolling: a
small table, one row a player and one column a place, so that no row wraps on a phone
of 390 px in either language (docs/web.md). It is read from the
position and its layout only, for every game alike (no game is named): a piece on one of
its player's formation fields or on a goal field is *home*; one in a station, at home
waiting, on a start pile or in the centre is *waiting*; one on a planet is *on a planet*;
any other is *on the way* (the rings, the track, the force-field circles). The energy
store is shown where the game has one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.model.position import Position

#: Where a piece stands, by the kind of its field (a formation field of its own seat is
#: "home" whatever its kind), in the order the page lists them.
PLACES = ("home", "way", "planet", "waiting")
_KIND_PLACE = {
    "goal": "home",
    "station": "waiting",
    "home": "waiting",
    "centre": "waiting",
    "planet": "planet",
}


@dataclass(frozen=True)
class Standing:
    """One player's state: pieces per place (only places with pieces), the store."""

    player: str
    places: tuple[tuple[str, int], ...]
    energy: int | None  # None: the game has no energy store

    @property
    def home(self) -> int:
        return dict(self.places).get("home", 0)

    def count(self, place: str) -> int:
        """The player's pieces in ``place`` (0 where none stand)."""
        return dict(self.places).get(place, 0)


def columns(position: Position) -> tuple[str, ...]:
    """The places a piece can stand in on this board, in :data:`PLACES` order: the
    columns of the page's table, the same all game long (a column does not appear when
    the first piece gets there)."""
    layout = position.layout
    kinds = {f.kind for f in layout}
    places = {_KIND_PLACE.get(kind, "way") for kind in kinds}
    if any(seat.formation for seat in layout.seats):
        places.add("home")
    return tuple(p for p in PLACES if p in places)


def standings(position: Position) -> list[Standing]:
    """Every player's standing, in turn order."""
    layout = position.layout
    formation = {seat.colour: set(seat.formation) for seat in layout.seats}
    counts: dict[str, Counter[str]] = {p: Counter() for p in position.players}
    for field_id, colour in position.placement:
        if colour not in counts:
            continue
        kind = layout.fields[field_id].kind
        own = field_id in formation.get(colour, ())
        counts[colour]["home" if own else _KIND_PLACE.get(kind, "way")] += 1
    uses_energy = position.spec.uses_energy
    return [
        Standing(
            p,
            tuple((place, counts[p][place]) for place in PLACES if counts[p][place]),
            position.energy_of(p) if uses_energy else None,
        )
        for p in position.players
    ]
