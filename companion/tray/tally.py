"""The tray's counts: how often each face came up, per die colour and kind and overall,
each with its fairness test (:mod:`companion.tray.fairness`).

A group is the dice of one kind and one colour ("the red d6"), since a loaded die is one
die: the red ones are tested apart from the blue ones. "All" of a kind is every die of it
together (a set bought at once). Miwin's dice are tested over their own faces.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.tray.fairness import D6, Fairness, counts, uniformity
from companion.tray.history import Roll

__all__ = ["ALL", "Group", "faces_of", "tally"]

#: The colour of the group of every die of a kind.
ALL = "all"


def faces_of(kind: str) -> tuple[int, ...]:
    """The faces of a die kind as the dice reader names it (d6, miwin-III, -IV, -V)."""
    # imported here: `companion export` and --help start without OpenCV (tests/test_start)
    from companion.vision.dice.colours import DEFAULT_PROFILES

    for profile in DEFAULT_PROFILES.miwin:
        if profile.kind == kind:
            return tuple(sorted(profile.faces))
    return D6


@dataclass(frozen=True)
class Group:
    """The dice of one kind and colour (``colour`` :data:`ALL`: every die of the kind)."""

    kind: str
    colour: str
    fairness: Fairness

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "colour": self.colour, **self.fairness.to_json()}


def tally(rolls: Iterable[Roll]) -> list[Group]:
    """Every kind's groups: the whole kind first, then each colour (where there are
    several), kinds and colours in the order they were first read."""
    seen: dict[tuple[str, str], list[int]] = {}
    for roll in rolls:
        for d in roll.dice:
            seen.setdefault((d.kind, ALL), []).append(d.value)
            if d.colour:  # a die of no known colour (a grey photo) is in its kind's only
                seen.setdefault((d.kind, d.colour), []).append(d.value)
    groups = []
    for (kind, colour), values in seen.items():
        colours = sum(1 for k, c in seen if k == kind and c != ALL)
        if colour != ALL and colours < 2:
            continue  # one colour only: the same counts as the kind's
        faces = faces_of(kind)
        groups.append(Group(kind, colour, uniformity(counts(values, faces))))
    return groups
