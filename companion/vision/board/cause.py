"""Why a frame is no still board, as data: what (``kind``), where (``field``), how many
more fields, and what an unsure field looked like.

The reader, the still-board wait and the locator each say it twice: one English line for
people and logs (``BoardRead.reason``) and this :class:`Cause` for the page, which words
it in the players' language (companion/table/busy.py). The page never reads the English line,
so a reworded line cannot change what a German player sees.
"""

from __future__ import annotations

from typing import NamedTuple


class Cause(NamedTuple):
    """Why a frame is busy or shows no board; ``kind`` "" when it is neither.

    Busy (the board is found): "hand" (the board around ``field`` is hidden; without a
    field: a hand seen between the fields), "glare" (a clipped field no class explains),
    "unknown" (something over ``field`` that is no piece), "unsure" (``field`` between two
    classes, read as ``seen``: a colour or "empty"), "changing" (``field`` changed since
    the last frame), "waiting" (not yet still for enough frames), "moved" (the board no longer lies
    where its stored corners put it, :mod:`.moved`; ``more``: by how many pixels, 0 where
    no shift aligns it).

    No board: "no_markers" (none of its markers seen), "too_few" (``more`` of its markers
    seen, too few), "other_board" (the markers of the board named ``seen``), "misplaced"
    (the markers seen do not lie where the layout puts them), "no_plane" (the four
    calibrated corners give no plane), "out_of_view" (part of the board is out of view),
    "no_corners" (a board without markers whose four corners were never calibrated: it
    cannot be found in any frame until they are).

    ``more`` counts the further fields of the same kind (busy), or the markers seen
    ("too_few")."""

    kind: str
    field: str = ""
    more: int = 0
    seen: str = ""


#: The kinds that mean the board was not found at all.
NOT_FOUND = frozenset(
    {"no_markers", "too_few", "other_board", "misplaced", "no_plane", "out_of_view", "no_corners"}
)
