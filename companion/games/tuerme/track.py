"""The way each colour runs on a race-game board (layout style ``tuerme``, rulings §5).

A piece's place is counted along its own way: ``-1`` at home, ``0`` on its start field,
``63`` on the field before it (the last one of the lap) and :data:`GOAL` (64) in its goal
sector, which "counts one field". Bridges are the one-way lines of colour ``bridge``;
which of them a colour may take and where no towers may be built depends on the way,
so the engine asks this module instead of walking the layout's lines itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import LayoutError
from companion.model.layout import Layout
from companion.texts import colour as said_colour
from companion.texts import text

HOME = -1
#: The goal sector's place on every colour's way (the field after the lap's last one).
GOAL = 64
#: "Auf den ersten 12 Feldern ... dürfen keine Türme gebaut werden": places 0..11.
NO_TOWER_PLACES = 12


@dataclass(frozen=True)
class Track:
    """The loop, every colour's start, home and goal, and the bridges of one layout."""

    loop: tuple[str, ...]  # the loop's fields in running order
    index: dict[str, int]  # field id -> its place in the loop
    starts: dict[str, int]  # colour -> loop index of its start field
    homes: dict[str, str]
    goals: dict[str, str]
    bridges: dict[int, int]  # loop index of a bridge field -> loop index it leads to

    @property
    def size(self) -> int:
        return len(self.loop)

    def place(self, colour: str, fid: str) -> int:
        """Where ``fid`` lies on ``colour``'s way (HOME, 0..size-1 or GOAL)."""
        if fid == self.homes[colour]:
            return HOME
        if fid == self.goals[colour]:
            return GOAL
        return (self.index[fid] - self.starts[colour]) % self.size

    def field(self, colour: str, place: int) -> str:
        """The field at ``place`` on ``colour``'s way."""
        if place == HOME:
            return self.homes[colour]
        if place == GOAL:
            return self.goals[colour]
        return self.loop[(self.starts[colour] + place) % self.size]

    def bridge_from(self, colour: str, place: int) -> int | None:
        """The place a bridge on ``place`` carries ``colour`` to, or None (no bridge there).

        A bridge whose far end lies past the colour's own finish lane is no shortcut for
        that colour (Added 5.3): it would carry the piece into a second lap.
        """
        if not 0 <= place < self.size:
            return None
        far = self.bridges.get((self.starts[colour] + place) % self.size)
        if far is None:
            return None
        jump = (far - self.starts[colour] - place) % self.size
        return place + jump if place + jump < self.size else None

    def is_bridge(self, fid: str) -> bool:
        return fid in self.index and self.index[fid] in self.bridges

    def tower_free(self, colour: str, fid: str, every_start: bool) -> bool:
        """No towers here for a ``colour`` piece: a bridge, or the first 12 fields of the
        colour's own way (Added 5.4), or of any start's way with ``every_start``."""
        if fid not in self.index:
            return False
        if self.is_bridge(fid):
            return True
        colours = self.starts if every_start else (colour,)
        return any(self.place(c, fid) < NO_TOWER_PLACES for c in colours)


_TRACKS: dict[int, tuple[Layout, Track]] = {}


def track(layout: Layout) -> Track:
    """The track of a layout, built once per layout object (LayoutError if it has none)."""
    cached = _TRACKS.get(id(layout))
    if cached is not None and cached[0] is layout:
        return cached[1]
    made = _build(layout)
    _TRACKS[id(layout)] = (layout, made)
    return made


def _build(layout: Layout) -> Track:
    starts: dict[str, str] = {}
    homes: dict[str, str] = {}
    goals: dict[str, str] = {}
    for colour in layout.colours:
        for kind, into in (("start", starts), ("home", homes), ("goal", goals)):
            owned = layout.owned(colour, kind)
            if len(owned) != 1:
                who = said_colour(colour)
                said = text("layout.track_one", layout=repr(layout.name), player=who, kind=kind)
                raise LayoutError(said)
            into[colour] = owned[0]
    ring = layout.fields[next(iter(starts.values()))].ring
    if ring is None:
        raise LayoutError(text("layout.track_loop", layout=repr(layout.name)))
    loop = layout.ring_fields(ring)
    index = {fid: n for n, fid in enumerate(loop)}
    bridges = {
        index[line.start]: index[line.end]
        for line in layout.lines
        if line.colour == "bridge" and line.start in index and line.end in index
    }
    return Track(loop, index, {c: index[f] for c, f in starts.items()}, homes, goals, bridges)
