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
from companion.games.tenet.board import PLANETS, START
from companion.games.tenet.moves import Step
from companion.games.words import english, fold, invalid, number, pair_value, pasch, unknown
from companion.texts import text as t

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
#: The words as they are written, offered for a word that is none (games/words.py unknown).
SAID: tuple[str, ...] = (
    "von",
    "nach",
    "Start",
    "versetzt",
    "Stein",
    "Weisen",
    "Pasch",
    "räumt",
    "Pott",
)
SAID += ("passt", *PLANETS)


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


#: A Pott said by word ("auf den Pott", "auf den Pott von Merkur"): resolved by the
#: checker against the board (:func:`pott_planet` says the planet, if named).
POTT = "Pott"
FROM = frozenset({"von", "vom", "aus"})
TO = frozenset({"nach", "auf", "zu", "zum", "zur", "in", "ins", "bis", "aufs"})
ARTICLES = frozenset({"der", "die", "das", "den", "dem", "des"})
#: Words that join clauses or name nothing the fields do not ("3 zurück, 7 vorwärts").
SKIPPED = frozenset({"und", "dann", "mit", "zurueck", "vorwaerts", "rueckwaerts", "felder"})
PUT = frozenset(
    {"versetzt", "versetze", "versetzen", "wirft", "werfe", "werfen", "wirf", "schlaegt"}
)
BALL = frozenset({"figur", "kugel", "ball"})
START_WORDS = frozenset({"start", "startfeld", "zentrum"})
_COLOURS = {
    **{fold(de): en for en, de in FARBE.items()},
    **{en: en for en in FARBE},
    "violett": "purple",
}
_WORD = re.compile(r"[^\s,;:!?\"'„“”‚‘’«»()]+")


def pott_planet(field: str) -> int | None:
    """The planet a said Pott names ("Pott:1"), None for a bare "den Pott"."""
    return int(field.split(":")[1]) if field.startswith(POTT + ":") else None


def is_pott(field: str | None) -> bool:
    return field is not None and field.split(":")[0] == POTT


class _Words:
    """The said words as (folded word, original word, offset), read left to right."""

    def __init__(self, text: str) -> None:
        self.items: list[tuple[str, str, int]] = []
        for m in _WORD.finditer(text):
            word = m[0].rstrip(".…")
            if word:
                self.items.append((fold(word), word, m.start()))
        self.i = 0
        self.end = len(text)

    def peek(self, ahead: int = 0) -> str | None:
        self.skip()
        j = self.i + ahead
        return self.items[j][0] if j < len(self.items) else None

    def skip(self) -> None:
        while self.i < len(self.items) and self.items[self.i][0] in SKIPPED:
            self.i += 1

    def take(self) -> tuple[str, str, int]:
        self.skip()
        if self.i >= len(self.items):
            raise invalid(t("tenet.stops_early"), self.end)
        item = self.items[self.i]
        self.i += 1
        return item

    def take_if(self, words: frozenset[str]) -> bool:
        if self.peek() in words:
            self.i += 1
            return True
        return False

    @property
    def at(self) -> int:
        self.skip()
        return self.items[self.i][2] if self.i < len(self.items) else self.end


def parse(text: str, fields: Iterable[str]) -> Said:
    """The announcement's parts; InvalidAnnouncement names the first word that is not
    TENET notation, with its character (counted from 1)."""
    ids = {fold(f): f for f in fields}
    w = _Words(text)
    steps: list[SaidStep] = []
    parts: dict[str, object] = {}
    cleared: list[str] = []
    while w.peek() is not None:
        at = w.at
        word, said, _ = w.take()
        if number(word) is not None:
            _order(parts, at, said, "pasch", "stone", "claim", "passed")
            value = _die(word, said, at)
            w.take_if(frozenset({"feld"}))
            if not w.take_if(FROM):
                raise _missing(w, t("tenet.names_start", said=said))
            start = _field(w, ids)
            if not w.take_if(TO):
                raise _missing(w, t("tenet.names_end", said=said, start=_word(start)))
            steps.append(SaidStep(value, start, _field(w, ids), None, None, at))
        elif word in PUT:
            if not steps or steps[-1].put is not None:
                raise invalid(t("tenet.follows_no_step", said=repr(said)), at)
            w.take_if(ARTICLES)
            colour = _colour(w.peek())
            if colour is not None:
                w.take()
            w.take_if(BALL)
            w.take_if(TO)
            last = steps[-1]
            steps[-1] = SaidStep(
                last.value, last.start, last.end, colour or "", _field(w, ids), last.offset
            )
        elif word == "stein" and w.peek() == "der" and w.peek(1) == "weisen":
            w.take(), w.take()
            w.take_if(frozenset({"genommen"}))
            parts["claim"] = True
        elif word in ("gewonnen", "gewinnt"):
            parts["claim"] = True
        elif word == "pasch" or pasch(word) is not None or pair_value(word) is not None:
            _order(parts, at, said, "stone", "claim", "passed")
            if steps:
                raise invalid(t("tenet.pasch_after"), at)
            parts["pasch"] = _pasch(w, word, said, at)
        elif word == "stein" and w.peek() in TO:
            w.take()
            w.take_if(ARTICLES | {"planet", "planeten"})
            parts["stone"] = _planet(*w.take())
        elif word in ("raeumt", "raeume", "raeumen", "raumt"):
            if w.peek() is None:
                raise invalid(t("tenet.raeumt"), w.end)
            cleared.append(_field(w, ids))
            while w.peek() in ids:
                cleared.append(_field(w, ids))
        elif word in ("passt", "passe", "pass"):
            parts["passed"] = True
        elif word in ids or word in START_WORDS:
            raise invalid(t("tenet.step_said", said=repr(said), bare=said), at)
        else:
            raise unknown(t("tenet.no_word", said=repr(said)), said, at, SAID)
    if not (steps or parts or cleared):
        raise invalid(t("tenet.nothing_said"), 0)
    if cleared and "pasch" not in parts:
        raise invalid(t("tenet.raeumt_pasch"), 0)
    return Said(
        tuple(steps),
        bool(parts.get("claim")),
        _int(parts.get("pasch")),
        _int(parts.get("stone")),
        tuple(cleared),
        bool(parts.get("passed")),
    )


def _missing(w: _Words, message: str) -> InvalidAnnouncement:
    """The error ``message`` where "von" or "nach" is missing; an English word said in
    its place ("8 from Start to K1.5", the page's reading) is named with the German one."""
    at = w.at
    said = w.items[w.i][1] if w.i < len(w.items) else ""
    return english(message, said, at, SAID) or invalid(message, at)


def _order(parts: dict[str, object], offset: int, said: str, *before: str) -> None:
    for key in before:
        if key in parts:
            raise invalid(t("tenet.after_turn", said=repr(said)), offset)


def _die(word: str, said: str, offset: int) -> int:
    value = number(word)
    if value is None or not 1 <= value <= 9:
        raise invalid(t("tenet.no_die", said=said), offset)
    return value


def _pasch(w: _Words, word: str, said: str, at: int) -> int:
    """The pair of "Pasch 5", "Pasch fünf", "Fünferpasch", "5er-Pasch", "5er Pasch"."""
    value = pasch(word)
    if value is None and word != "pasch":
        value = pair_value(word)
        if w.peek() != "pasch":
            raise invalid(t("tenet.before_pasch", said=repr(said), bare=said), at)
        w.take()
    elif value is None:
        at = w.at
        number_word, said, _ = w.take()
        return _die(number_word, said, at)
    assert value is not None
    if not 1 <= value <= 9:
        raise invalid(t("tenet.pasch_range", said=said), at)
    return value


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _word(fid: str) -> str:
    return "den Pott" if is_pott(fid) else field_word(fid)


def _field(w: _Words, ids: dict[str, str]) -> str:
    """A field: its id, "Start" (or "Startfeld", "Zentrum"), or "den Pott" with the
    planet perhaps named ("den Pott von Merkur", "den Pott Merkur")."""
    w.take_if(ARTICLES)
    at = w.at
    word, said, _ = w.take()
    if word in ids:
        return ids[word]
    if word in START_WORDS:
        return START
    if word == POTT.casefold():
        names = [fold(p) for p in PLANETS]
        ahead = 1 if w.peek() in ("von", "vom", "des", "am") else 0
        if w.peek(ahead) in names:
            for _ in range(ahead + 1):
                w.take()
            return f"{POTT}:{names.index(w.items[w.i - 1][0]) + 1}"
        return POTT
    raise invalid(t("tenet.no_field", said=repr(said)), at)


def _colour(word: str | None) -> str | None:
    """The colour a word names: "rot", "rote", "roten", "red" → "red"; None if none."""
    if word is None:
        return None
    for cut in (0, 1, 2):
        stem = word[: len(word) - cut] if cut else word
        if stem in _COLOURS:
            return _COLOURS[stem]
    if word.startswith("orange"):
        return "orange"
    return None


def _planet(word: str, said: str, offset: int) -> int:
    names = [fold(p) for p in PLANETS]
    if word in names:
        return names.index(word) + 1
    value = number(word)
    if value is not None and 1 <= value <= 9:
        return value
    raise invalid(t("tenet.no_planet", said=repr(said)), offset)
