"""The spoken TENET announcement (docs/notation.md, section TENET): say it, and read it.

One clause a die, in the order the balls were moved, then what came of it::

    9 von Start nach K3.8; 4 von K3.8 nach X3-4, versetzt blau nach P3.2; Stein der Weisen
    Pasch 5: Stein auf Jupiter, räumt K3.4, P3.2
    Stein auf Erde
    passt

A field is said by its id (``K3.8``, ``X3-4``, ``P3.4``) or ``Start``; the colour of a
displaced ball may be left out, as may "Stein der Weisen" (the claim is automatic) and
"Stein auf …" after a Pasch. :func:`parse` raises InvalidAnnouncement with the character
where the words stop making sense; whether the move is legal is the checker's business.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from companion.errors import InvalidAnnouncement
from companion.games.tenet_board import PLANETS, START
from companion.games.tenet_moves import Step

#: German colour words for the nine colours of the layout (any other colour is said as is).
FARBE = {
    "red": "rot",
    "orange": "orange",
    "yellow": "gelb",
    "green": "grün",
    "turquoise": "türkis",
    "blue": "blau",
    "purple": "lila",
    "white": "weiß",
    "black": "schwarz",
}
CLAIM = "Stein der Weisen"


def field_word(fid: str) -> str:
    return "Start" if fid == START else fid


def say_step(step: Step) -> str:
    text = f"{step.value} von {field_word(step.start)} nach {field_word(step.end)}"
    if step.hit is not None and step.put is not None:
        text += f", versetzt {FARBE.get(step.hit, step.hit)} nach {field_word(step.put)}"
    return text


def say_turn(steps: Iterable[Step], won: bool) -> str:
    words = [say_step(s) for s in steps] + ([CLAIM] if won else [])
    return "; ".join(words) or "passt"


def say_pasch(value: int, cleared: Iterable[str] = ()) -> str:
    text = f"Pasch {value}: Stein auf {PLANETS[value - 1]}"
    fields = list(cleared)
    return text + (", räumt " + ", ".join(fields) if fields else "")


def say_stone(planet: int) -> str:
    return f"Stein auf {PLANETS[planet - 1]}"


def gloss(announcement: str) -> str:
    """The announcement in English words."""
    out = announcement
    for de, en in (
        (" von ", " from "),
        (" nach ", " to "),
        ("versetzt ", "puts "),
        (CLAIM, "takes the Philosopher's Stone"),
        ("Stein auf ", "the stone to "),
        ("räumt ", "back to start: "),
        ("Pasch ", "doublet "),
        ("passt", "passes"),
    ):
        out = out.replace(de, en)
    for en, de in FARBE.items():
        out = re.sub(rf"\b{de}\b", en, out)
    return out


# ---------------------------------------------------------------------- reading


@dataclass(frozen=True)
class SaidStep:
    value: int
    start: str
    end: str
    hit: str | None  # the colour said for the displaced ball ("" when not named)
    put: str | None
    offset: int


@dataclass(frozen=True)
class Said:
    """What the words say, before any rule is asked."""

    steps: tuple[SaidStep, ...] = ()
    claim: bool = False
    pasch: int | None = None
    stone: int | None = None  # the planet named in "Stein auf …"
    cleared: tuple[str, ...] = ()
    passed: bool = False


_STEP = re.compile(r"(\d+)\s+von\s+(\S+)\s+nach\s+(\S+)")
_PUT = re.compile(r"versetzt\s+(?:(\S+)\s+)?nach\s+(\S+)")
_PASCH = re.compile(r"pasch\s+(\d+)")
_STONE = re.compile(r"stein\s+auf\s+(?:planet\s+)?(\S+)")
_CLEAR = re.compile(r"r(?:ä|ae|a)umt\s+(\S+)")
_COLOURS = {**{v: k for k, v in FARBE.items()}, "weiss": "white", "gruen": "green"}


def parse(text: str, fields: Iterable[str]) -> Said:
    """The announcement's parts; InvalidAnnouncement names the first clause that is not
    TENET notation, with its character offset."""
    ids = {f.casefold(): f for f in fields} | {"start": START, "zentrum": START}
    steps: list[SaidStep] = []
    parts: dict[str, object] = {}
    cleared: list[str] = []
    clearing = False
    for offset, clause in _clauses(text):
        low = clause.casefold()
        if m := _STEP.fullmatch(low):
            _order(parts, offset, clause, "pasch", "stone", "claim", "passed")
            start, end = _field(ids, m[2], offset), _field(ids, m[3], offset)
            steps.append(SaidStep(_number(m[1], offset), start, end, None, None, offset))
        elif m := _PUT.fullmatch(low):
            if not steps or steps[-1].put is not None:
                raise InvalidAnnouncement(f"at {offset}: {clause!r} follows no step", offset)
            colour = "" if m[1] is None else _colour(m[1], offset)
            last = steps[-1]
            steps[-1] = SaidStep(
                last.value, last.start, last.end, colour, _field(ids, m[2], offset), last.offset
            )
        elif low in ("stein der weisen", "stein der weisen genommen", "gewonnen"):
            parts["claim"] = True
        elif m := _PASCH.fullmatch(low):
            _order(parts, offset, clause, "stone", "claim", "passed")
            if steps:
                raise InvalidAnnouncement(f"at {offset}: 'Pasch' after moving a ball", offset)
            parts["pasch"] = _number(m[1], offset)
        elif m := _STONE.fullmatch(low):
            parts["stone"] = _planet(m[1], offset)
        elif m := _CLEAR.fullmatch(low):
            cleared.append(_field(ids, m[1], offset))
            clearing = True
            continue
        elif clearing and low in ids:
            cleared.append(ids[low])
            continue
        elif low == "passt":
            parts["passed"] = True
        else:
            raise InvalidAnnouncement(f"at {offset}: {clause!r} is no TENET clause", offset)
        clearing = False
    if not (steps or parts or cleared):
        raise InvalidAnnouncement("at 0: nothing said", 0)
    if cleared and "pasch" not in parts:
        raise InvalidAnnouncement("'räumt' belongs to a Pasch ('Pasch 5: …, räumt K3.4')", 0)
    return Said(
        tuple(steps),
        bool(parts.get("claim")),
        _int(parts.get("pasch")),
        _int(parts.get("stone")),
        tuple(cleared),
        bool(parts.get("passed")),
    )


def _clauses(text: str) -> list[tuple[int, str]]:
    out = []
    for m in re.finditer(r"[^,;:]+", text):
        clause = " ".join(m[0].split())
        if clause:
            out.append((m.start() + len(m[0]) - len(m[0].lstrip()), clause))
    return out


def _order(parts: dict[str, object], offset: int, clause: str, *before: str) -> None:
    for key in before:
        if key in parts:
            raise InvalidAnnouncement(f"at {offset}: {clause!r} after the turn was over", offset)


def _number(word: str, offset: int) -> int:
    if len(word) > 2:
        raise InvalidAnnouncement(f"at {offset}: {word} is no die's number", offset)
    return int(word)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _field(ids: dict[str, str], word: str, offset: int) -> str:
    try:
        return ids[word.casefold()]
    except KeyError:
        raise InvalidAnnouncement(f"at {offset}: no field {word!r} on the board", offset) from None


def _colour(word: str, offset: int) -> str:
    if word in _COLOURS:
        return _COLOURS[word]
    if word in FARBE:
        return word
    raise InvalidAnnouncement(f"at {offset}: {word!r} is no colour", offset)


def _planet(word: str, offset: int) -> int:
    names = [p.casefold() for p in PLANETS]
    if word in names:
        return names.index(word) + 1
    if len(word) == 1 and word in "123456789":
        return int(word)
    raise InvalidAnnouncement(f"at {offset}: {word!r} is no planet (Merkur … Pluto, 1 … 9)", offset)
