"""The dice tray's rolls, kept in the game journal: one ``dice`` event per settled roll.

A tray session is a row of the journal's games with ``game = "tray"`` (no game: the
referee never resumes it, ``companion export`` never picks it as "the last game"); each
roll is an event of kind ``dice`` holding every die read (value, kind, colour, confidence,
place) and where the roll came from (the camera, a photo, the synthetic tray). An unsure
die (confidence below the reader's SURE) that a player confirmed or corrected is written
with the value they gave and ``asked: true``. A restart takes up the last open session
(:meth:`TrayLog.open`); "new tray" finishes it and starts another.

The downloads are :mod:`companion.tray.export`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.store.events import Event
from companion.store.journal import Journal
from companion.store.journalcheck import JournalError
from companion.texts import text

__all__ = ["Roll", "TrayDie", "TrayLog", "session_rolls"]

#: Where a roll came from.
SOURCES = ("camera", "photo", "synthetic")


@dataclass(frozen=True)
class TrayDie:
    """One die of a roll as the tray keeps it."""

    value: int
    kind: str
    colour: str
    confidence: float
    x: float = 0.0
    y: float = 0.0
    asked: bool = False  # a player gave or confirmed the value of an unsure die

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "kind": self.kind,
            "colour": self.colour,
            "confidence": round(self.confidence, 3),
            "x": round(self.x, 1),
            "y": round(self.y, 1),
            "asked": self.asked,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TrayDie:
        return cls(
            int(data["value"]),
            str(data["kind"]),
            str(data.get("colour", "")),
            float(data["confidence"]),
            float(data.get("x", 0.0)),
            float(data.get("y", 0.0)),
            bool(data.get("asked", False)),
        )


@dataclass(frozen=True)
class Roll:
    """One settled roll of the tray: its dice in reading order, and where it came from."""

    id: int  # the journal event's id (0 before it is written)
    at: str
    dice: tuple[TrayDie, ...]
    source: str

    @property
    def total(self) -> int:
        return sum(d.value for d in self.dice)

    def sums(self) -> dict[str, int]:
        """The sum per colour, colours in the order their first die was read."""
        out: dict[str, int] = {}
        for d in self.dice:
            out[d.colour] = out.get(d.colour, 0) + d.value
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "at": self.at,
            "source": self.source,
            "dice": [d.to_json() for d in self.dice],
            "sum": self.total,
            "sums": self.sums(),
        }

    @classmethod
    def from_event(cls, event: Event) -> Roll:
        dice = tuple(TrayDie.from_json(d) for d in event.data["dice"])
        return cls(event.id, event.at, dice, str(event.data.get("source", "camera")))


class TrayLog:
    """One tray session in a journal (or in memory where the table keeps no journal)."""

    def __init__(self, journal: Journal | None, session: int) -> None:
        self.journal, self.session = journal, session
        self._rolls: list[Roll] = []
        #: what the players call each colour's dice, as last named (an "options" event)
        self.names: dict[str, str] = {}
        if journal is not None:
            for e in journal.events(session):
                if e.kind == "dice":
                    self._rolls.append(Roll.from_event(e))
                elif e.kind == "options" and isinstance(e.data.get("names"), dict):
                    self.names = {str(k): str(v) for k, v in e.data["names"].items()}

    @classmethod
    def open(cls, journal: Journal | None, resume: bool = True) -> TrayLog:
        """The journal's last open tray session (``resume``), else a new one."""
        if journal is None:
            return cls(None, 0)
        open_ = [t for t in journal.trays() if t.finished is None]
        if resume and open_:
            return cls(journal, open_[-1].id)
        return cls(journal, journal.start_tray())

    @property
    def rolls(self) -> list[Roll]:
        """Every roll of the session, oldest first."""
        return list(self._rolls)

    def record(self, dice: Sequence[TrayDie], source: str) -> Roll:
        """Write one roll (durable before it is returned) and keep it."""
        if source not in SOURCES:
            raise ValueError(f"roll source {source!r} (one of {', '.join(SOURCES)})")
        if not dice:
            raise ValueError("a roll has at least one die")
        data = {"dice": [d.to_json() for d in dice], "sum": sum(d.value for d in dice)}
        data["source"] = source
        if self.journal is not None:
            event = self.journal.append(self.session, "dice", data)
            roll = Roll(event.id, event.at, tuple(dice), source)
        else:
            roll = Roll(len(self._rolls) + 1, "", tuple(dice), source)
        self._rolls.append(roll)
        return roll

    def name(self, names: Mapping[str, str]) -> None:
        """Keep what the players call each colour's dice (written, then kept)."""
        if self.journal is not None:
            self.journal.append(self.session, "options", {"names": dict(names)})
        self.names = dict(names)

    def new_session(self) -> TrayLog:
        """Close this session (kept in the journal) and open a fresh one."""
        if self.journal is None:
            return TrayLog(None, 0)
        self.journal.append(self.session, "finish", {"rolls": len(self._rolls)})
        return TrayLog(self.journal, self.journal.start_tray())


def session_rolls(journal: Journal, session: int | None = None) -> tuple[int, list[Roll]]:
    """A tray session's id and rolls (default: the last session); JournalError if none."""
    trays = journal.trays()
    if not trays:
        raise JournalError(text("journal.no_tray", path=str(journal.path)))
    chosen = trays[-1].id if session is None else session
    if chosen not in {t.id for t in trays}:
        raise JournalError(text("journal.no_such_tray", path=str(journal.path), session=chosen))
    return chosen, [Roll.from_event(e) for e in journal.events(chosen) if e.kind == "dice"]
