"""The spoken form of a race-game move (``docs/notation.md``, "Tower race").

A player names the two dice in the order the piece used them and says "Brücke" after a
die that ended exactly on a bridge and took it: ``5 und 2, Brücke``. Coming in with a 6
is ``raus und 3``; a whole tower moving is ``Turm, 5 und 2``; the top piece leaving a
tower alone ``auflösen, 5 und 2``; the captured lower piece freeing itself
``befreien, 1 und 1``. The 1+6 is said as the doublet it is played as:
``Superzahl, 6 und 6``. A piece going into the goal sector with one die alone says
``nur 1, Ziel`` (Added 5.7). A piece set on another says ``drauf``, one reaching the goal
sector ``Ziel``; a player who cannot move says ``passe``. The sum alone (``7``) names a
move that takes no bridge between the dice. Words are German, case does not matter,
"und", "dann" and commas separate; digits or number words (eins .. zwölf).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.errors import InvalidAnnouncement

#: Unit words: which pieces move. None (no word) is a single piece.
UNITS = {
    "turm": "tower",
    "auflösen": "top",
    "aufloesen": "top",
    "befreien": "bottom",
    "befreiung": "bottom",
}
UNIT_WORD = {"tower": "Turm", "top": "auflösen", "bottom": "befreien"}
ENTER = ("raus", "rein")
BRIDGE = ("brücke", "bruecke")
CLAIMS = {"superzahl": "superzahl", "pasch": "pasch", "drauf": "drauf", "ziel": "ziel"}
PASS = ("passe", "passen", "pass")
FILLER = ("und", "dann", "ins", "mit", "zug")
NUMBERS = {
    "ein": 1,
    "eins": 1,
    "zwei": 2,
    "drei": 3,
    "vier": 4,
    "fünf": 5,
    "fuenf": 5,
    "sechs": 6,
    "sieben": 7,
    "acht": 8,
    "neun": 9,
    "zehn": 10,
    "elf": 11,
    "zwölf": 12,
    "zwoelf": 12,
}
EXAMPLE = "say e.g. '5 und 2, Brücke', 'raus und 3', 'Turm, 4 und 4' or 'passe'"


@dataclass(frozen=True)
class Said:
    """What an announcement names. One value in ``legs`` is the sum of both dice."""

    unit: str | None = None  # "tower", "top", "bottom" or None (a single piece)
    enter: bool = False  # "raus": the first die is the 6 that brings a piece in
    legs: tuple[int, ...] = ()
    bridges: tuple[bool, ...] = ()  # "Brücke" after each value
    claims: frozenset[str] = frozenset()  # superzahl, pasch, drauf, ziel
    passes: bool = False
    only: bool = False  # "nur 3": one die alone (into the goal)

    @property
    def is_sum(self) -> bool:
        return len(self.legs) == 1 and not self.only


_TOKEN = re.compile(r"\d+|[^\W\d_]+|\S")


def parse(text: str) -> Said:
    """The announcement read into :class:`Said`; InvalidAnnouncement names the place."""
    unit: str | None = None
    enter = passes = only = False
    legs: list[int] = []
    bridges: list[bool] = []
    claims: set[str] = set()
    for match in _TOKEN.finditer(text):
        word, at = match.group().lower(), match.start()
        value = int(word) if word.isascii() and word.isdigit() else NUMBERS.get(word)
        if value is not None:
            if "drauf" in claims or "ziel" in claims:
                _fail(f"a die's value {word!r} after the end of the move", at)
            legs.append(value)
            bridges.append(False)
        elif word in ENTER:
            if len(legs) > 1 or (legs and legs[0] != 6):
                _fail(
                    f"{match.group()!r} is said of the first die, the 6 that brings a piece in", at
                )
            if not legs:
                legs.append(6)
                bridges.append(False)
            enter = True
        elif word in BRIDGE:
            if not legs or bridges[-1]:
                _fail("'Brücke' follows the value of the die that ended on the bridge", at)
            bridges[-1] = True
        elif word in UNITS:
            if legs or unit is not None:
                _fail(f"{match.group()!r} names the moving piece and comes first, once", at)
            unit = UNITS[word]
        elif word in CLAIMS:
            claims.add(CLAIMS[word])
        elif word == "nur":
            if legs:
                _fail("'nur' comes before the one die's value: 'nur 3, Ziel'", at)
            only = True
        elif word in PASS or word == "kein":
            passes = True
        elif word in FILLER or word in ",;.+-":
            continue
        else:
            _fail(f"unknown word {match.group()!r} ({EXAMPLE})", at)
    end = len(text)
    if passes:
        if legs or unit or claims or only:
            _fail("'passe' stands alone: a player who passes moves nothing", 0)
        return Said(passes=True)
    if not legs:
        _fail(f"no die's value named ({EXAMPLE})", end)
    if len(legs) > 2:
        _fail(f"{len(legs)} values named: a move uses the two dice", end)
    if only and (len(legs) != 1 or not 1 <= legs[0] <= 6):
        _fail("'nur' names one die's value, 1 to 6: 'nur 3, Ziel'", end)
    if len(legs) == 1:
        if enter:
            _fail("'raus' uses the 6: name the other die too, e.g. 'raus und 3'", end)
        if not 1 <= legs[0] <= 12:
            _fail(f"{legs[0]} is neither one die (1 to 6) nor the sum of two (2 to 12)", end)
    elif not all(1 <= v <= 6 for v in legs):
        _fail(f"a die shows 1 to 6, not {max(legs)}", end)
    return Said(unit, enter, tuple(legs), tuple(bridges), frozenset(claims), only=only)


def _fail(message: str, offset: int) -> None:
    raise InvalidAnnouncement(f"at {offset}: {message}", offset)


def render(
    unit: str | None,
    legs: tuple[int, ...],
    bridges: tuple[bool, ...],
    *,
    enter: bool = False,
    superzahl: bool = False,
    drauf: bool = False,
    ziel: bool = False,
) -> str:
    """The canonical announcement: ``Superzahl, Turm, 2, Brücke und 5, drauf``."""
    parts = ["Superzahl"] if superzahl else []
    if unit is not None:
        parts.append(UNIT_WORD[unit])
    said = []
    for n, (value, bridge) in enumerate(zip(legs, bridges, strict=True)):
        word = "raus" if enter and n == 0 else str(value)
        said.append(f"{word}, Brücke" if bridge else word)
    parts.append(" und ".join(said) if len(said) > 1 else f"nur {said[0]}")
    if drauf:
        parts.append("drauf")
    if ziel:
        parts.append("Ziel")
    return ", ".join(parts)


def spell(said: Said) -> str:
    """What was said, in canonical spelling ("fünf und zwei brücke" → "5 und 2, Brücke")."""
    if said.passes:
        return "passe"
    words = render(
        said.unit,
        said.legs,
        said.bridges,
        enter=said.enter,
        superzahl="superzahl" in said.claims,
        drauf="drauf" in said.claims,
        ziel="ziel" in said.claims,
    )
    if said.is_sum:
        words = words.replace(f"nur {said.legs[0]}", str(said.legs[0]), 1)
    return f"Pasch, {words}" if "pasch" in said.claims else words


def gloss(
    unit: str | None,
    legs: tuple[int, ...],
    bridges: tuple[bool, ...],
    *,
    enter: bool = False,
    superzahl: bool = False,
    drauf: bool = False,
    ziel: bool = False,
) -> str:
    """The same in English words: ``the tower moves 2, takes the bridge, then 5``."""
    who = {"tower": "the tower", "top": "the top piece alone", "bottom": "the captured piece"}
    text = "1+6 played as a doublet: " if superzahl else ""
    text += who.get(unit or "", "a piece")
    steps = []
    for n, (value, bridge) in enumerate(zip(legs, bridges, strict=True)):
        step = "comes in with the 6" if enter and n == 0 else f"moves {value}"
        step += " with one die alone" if len(legs) == 1 else ""
        steps.append(step + (" and takes the bridge" if bridge else ""))
    text += " " + ", then ".join(steps)
    if drauf:
        text += ", and is set on the piece there"
    if ziel:
        text += ", into the goal"
    return text
