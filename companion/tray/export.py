"""The dice tray's downloads (``companion export --tray`` and the page's): CSV with one
row per die, so a spreadsheet can count by colour or kind, and JSON with every roll and
the fairness of each die kind and colour."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from companion.tray.history import Roll
from companion.tray.tally import tally

__all__ = ["CSV_COLUMNS", "csv_text", "json_record"]

CSV_COLUMNS: tuple[str, ...] = ("roll", "at", "source", "die", "value", "kind", "colour")
CSV_COLUMNS += ("confidence", "asked", "sum")


def csv_text(rolls: Iterable[Roll]) -> str:
    """One row per die: the roll's id and time, the die's place in it, what was read, and
    the roll's sum (repeated on each of its dice)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for roll in rolls:
        for i, d in enumerate(roll.dice, 1):
            said = (d.value, d.kind, d.colour, f"{d.confidence:.3f}", int(d.asked))
            writer.writerow([roll.id, roll.at, roll.source, i, *said, roll.total])
    return out.getvalue()


def json_record(session: int, rolls: Sequence[Roll]) -> dict[str, Any]:
    """The session as JSON: every roll, and the fairness of each die kind and colour."""
    return {
        "session": session,
        "rolls": [r.to_json() for r in rolls],
        "fairness": [g.to_json() for g in tally(rolls)],
    }
