"""A game's events, and what they add up to: the steps kept after every undo and
correction (:func:`kept`), and the position and announcements they end on (:func:`fold`),
which is how the referee resumes a game after a restart or a power cut. The journal
(companion.store.journal) stores the events; this reads them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.model.position import Position, position_from_json


@dataclass(frozen=True)
class Event:
    id: int
    game_id: int
    at: str
    kind: str
    data: Mapping[str, Any]


@dataclass(frozen=True)
class GameState:
    """What the events of a game add up to."""

    position: Position | None
    announcements: list[str]
    last_event: int


@dataclass(frozen=True)
class Kept:
    """One step of the game as it stands: the start, a move, or a position the operator
    set. ``id`` is the journal event that made it; a move a correction replaced keeps the
    id of the move it replaced, so that an undo or a second correction names it."""

    id: int
    kind: str  # "start" | "move" | "set"
    after: Mapping[str, Any]  # the position after it, as the journal stores it
    announcement: str | None = None
    roll: tuple[int, ...] = ()


def kept(events: Iterable[Event]) -> list[Kept]:
    """The steps of a game as they stand after every undo and correction, in order.

    The events are read one after the other: ``start`` begins the list; a ``move``
    (``after``, ``announcement``, ``roll``) adds to it; an ``undo`` (``undoes``) removes
    the step it names; a ``correction`` with ``position`` only (the operator set the
    board) adds a step; a correction of a move (``corrects``: the move's id, ``moves``:
    that move and every later one as replayed, each with the id it ``replaces``) puts
    those moves in place of the corrected move and everything after it, so a later move
    the referee chose to take back with it (``dropped``) is no longer there.
    """
    steps: list[Kept] = []
    for e in events:
        steps = step_after(steps, e)
    return steps


def step_after(steps: list[Kept], e: Event) -> list[Kept]:
    """The steps of :func:`kept` once ``e`` is read: a move or a board set is appended to
    ``steps``; an undo or a correction of a move gives a new list."""
    data = e.data
    if e.kind == "start":
        steps = [Kept(e.id, "start", data["position"])]
    elif e.kind == "move":
        roll = tuple(int(d) for d in data.get("roll", ()))
        steps.append(Kept(e.id, "move", data["after"], data.get("announcement"), roll))
    elif e.kind == "undo" and "undoes" in data:
        steps = [s for s in steps if s.id != int(data["undoes"])]
    elif e.kind == "correction" and "corrects" in data:
        at = next((i for i, s in enumerate(steps) if s.id == int(data["corrects"])), None)
        if at is None:
            return steps  # names no move of the game as it stands: changes nothing
        steps = steps[:at] + [
            Kept(
                int(m["replaces"]),
                "move",
                m["after"],
                m.get("announcement"),
                tuple(int(d) for d in m.get("roll", ())),
            )
            for m in data["moves"]
        ]
    elif e.kind == "correction":
        steps.append(Kept(e.id, "set", data["position"]))
    return steps


def said_after(events: Sequence[Event]) -> dict[int, list[Kept]]:
    """Each verdict on words said after a move (``before_move`` false) → the steps of the
    game as they stood when the words were said, up to the move they were said of (the
    move the referee had last accepted: the last of them). The game's record puts the
    verdict on that move's line, and judges the words again where a correction has since
    changed those steps (companion/table/settled.py). One pass over the events (review
    s13 finding 2: folding the events before every verdict again cost 5.7 s on a game of
    4,800 events, where reading its turns had cost 8 ms)."""
    out: dict[int, list[Kept]] = {}
    steps: list[Kept] = []
    for e in events:
        if e.kind == "verdict" and e.data.get("before_move") is False:
            last = next((i for i in reversed(range(len(steps))) if steps[i].kind == "move"), None)
            if last is not None:
                out[e.id] = steps[: last + 1]
        steps = step_after(steps, e)
    return out


def renumbered(kind: str, data: Mapping[str, Any], ids: Mapping[int, int]) -> dict[str, Any]:
    """An event's data with the events it names (an undo's ``undoes``, a correction's
    ``corrects``, each replayed move's ``replaces``, ``dropped``) named by ``ids`` (old id
    → new): a game copied into a new record (:meth:`Journal.continue_game`) keeps meaning
    what it meant. These are the only ids the events hold (:func:`kept`, journalcheck)."""

    def new(old: Any) -> int:
        return ids.get(int(old), int(old))

    out = dict(data)
    if kind == "undo" and "undoes" in out:
        out["undoes"] = new(out["undoes"])
    if kind == "correction" and "corrects" in out:
        out["corrects"] = new(out["corrects"])
        out["moves"] = [{**m, "replaces": new(m["replaces"])} for m in out.get("moves", ())]
        if "dropped" in out:
            out["dropped"] = [new(d) for d in out["dropped"]]
    return out


def read_position(data: Mapping[str, Any], layouts: dict[object, Any]) -> Position:
    """A position of the journal, its layout loaded once per game (``layouts``: the ones
    read so far, by name): loading a layout costs ~16 ms, a game holds hundreds of
    positions on the same one."""
    name = data.get("layout")
    if isinstance(name, str) and name in layouts:
        return position_from_json(data, layouts[name])
    position = position_from_json(data)
    if isinstance(name, str):
        layouts[name] = position.layout
    return position


def fold(events: list[Event]) -> GameState:
    """The state after the events: start, then moves and corrections, minus what was
    undone (:func:`kept`)."""
    steps = kept(events)
    position = position_from_json(steps[-1].after) if steps else None
    announcements = [s.announcement for s in steps if s.announcement]
    return GameState(position, announcements, events[-1].id if events else 0)
