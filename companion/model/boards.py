"""Boards as the referee compares them: what the camera can see of a position, the
differences it names when a board does not fit, and the destroyed pieces' free choice
of station field (Gravitation). Plain functions over positions and field → colour maps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.model.layout import Layout
from companion.model.position import Position, position_from_json
from companion.texts import Joined, colour, field, text


def seen(position: Position) -> dict[str, str]:
    """The position as the camera compares it: top colour a field; the game's unseen
    fields are left out (TENET's start pile: the position counts the balls there)."""
    board = dict(position.occupant)
    for unseen in position.spec.unseen:
        board.pop(unseen, None)
    return board


def too_many(position: Position, board: Mapping[str, str]) -> tuple[str, int, int] | None:
    """The first player's colour ``board`` shows on more fields than a player has pieces:
    (colour, fields, pieces each), or None. No move of any game leads there, so such a
    board is no move to judge: something lies over the board (a pale hand read as pieces
    of a pale colour, #31) or pieces stand that do not belong. A pool or a stack shows one
    colour for many pieces, so fields never count more pieces than stand."""
    each = position.spec.pieces_for(len(position.players))
    shown = Counter(board.values())
    for player in position.players:
        if shown[player] > each:
            return player, shown[player], each
    return None


def fits_loosely(after: Position, board: Mapping[str, str]) -> bool:
    """Equal but for which free fields of their own stations the destroyed pieces were
    put on."""
    layout = after.layout
    if any(f not in layout.fields for f in board):
        return False
    return ignoring_stations(layout, after.occupant) == ignoring_stations(layout, board)


def ignoring_stations(layout: Layout, board: Mapping[str, str]) -> tuple[Any, ...]:
    """The pieces on the board, with station pieces counted per station and colour, not
    per field (a piece on another player's station is not at home)."""
    ring = sorted((f, c) for f, c in board.items() if layout.fields[f].kind != "station")
    home = sorted(
        (str(layout.fields[f].owner), c)
        for f, c in board.items()
        if layout.fields[f].kind == "station"
    )
    return tuple(ring), tuple(home)


def with_board(position: Position, board: Mapping[str, str]) -> Position:
    data = position.to_json()
    pieces: dict[str, list[str]] = {p: [] for p in position.players}
    for fid, piece in board.items():
        pieces[piece].append(fid)
    data["pieces"] = pieces
    return position_from_json(data, position.layout)


def distance(a: Mapping[str, str], b: Mapping[str, str]) -> int:
    return sum(1 for f in set(a) | set(b) if a.get(f) != b.get(f))


def differences(expected: Mapping[str, str], observed: Mapping[str, str]) -> str:
    """'U1.3 should be empty (red seen); U2.7 should hold yellow (empty seen)' — at most 4."""
    out: list[object] = []
    for fid in sorted(set(expected) | set(observed)):
        want, got = expected.get(fid), observed.get(fid)
        if want != got:
            if want is None:
                out.append(text("board.should_be_empty", field=field(fid), seen=colour(got or "")))
            elif got is None:
                out.append(text("board.should_hold_empty", field=field(fid), want=colour(want)))
            else:
                out.append(
                    text("board.should_hold", field=field(fid), want=colour(want), seen=colour(got))
                )
    if len(out) > 4:
        out = [*out[:4], text("board.more", count=len(out) - 4)]
    return text("board.differences", items=Joined(out, "; "))


def changes(before: Mapping[str, str], after: Mapping[str, str]) -> str:
    """What a move does to the board, field by field, the fields left first: 'red.S1
    empty; red on U1.10' (the board a player announced before moving: docs/referee.md,
    "Announce, then move")."""
    changed = [f for f in sorted(set(before) | set(after)) if before.get(f) != after.get(f)]
    out: list[object] = [
        text("board.will_be_empty", field=field(f)) for f in changed if f not in after
    ]
    out += [
        text("board.will_hold", field=field(f), want=colour(after[f]))
        for f in changed
        if f in after
    ]
    return text("board.differences", items=Joined(out, "; "))


def setting(before: Mapping[str, str], after: Mapping[str, str]) -> str:
    """What to do on the real board to go from ``before`` to ``after`` (a corrected move:
    the camera may not see the change, new-user trial s11 M6a): a piece of a colour that
    left one field and entered one other is moved, 'red from U1.8 to U1.6'; any other
    change is said field by field as :func:`changes` says it; "" where nothing changes."""
    changed = [f for f in sorted(set(before) | set(after)) if before.get(f) != after.get(f)]
    out: list[object] = []
    rest = set(changed)
    for who in sorted(
        {before[f] for f in changed if f in before} | {after[f] for f in changed if f in after}
    ):
        left = [f for f in changed if before.get(f) == who and after.get(f) != who]
        entered = [f for f in changed if after.get(f) == who and before.get(f) != who]
        if len(left) == 1 and len(entered) == 1:
            out.append(
                text(
                    "board.set_from_to",
                    want=colour(who),
                    start=field(left[0]),
                    end=field(entered[0]),
                )
            )
            rest -= {left[0], entered[0]}
    out += [text("board.will_be_empty", field=field(f)) for f in sorted(rest) if f not in after]
    out += [
        text("board.will_hold", field=field(f), want=colour(after[f]))
        for f in sorted(rest)
        if f in after
    ]
    return text("board.differences", items=Joined(out, "; ")) if out else ""
