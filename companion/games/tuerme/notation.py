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
"und", "dann", "auf", articles and commas only join ("2 auf die Brücke und 5"); digits or
number words ("fünf und zwei"). "Wurf 7" may come first (the roll's points, held against
the dice); "Fünferpasch" (or "5er-Pasch") is the Pasch of that pair and, said alone, the
move "5 und 5".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.errors import InvalidAnnouncement
from companion.games.words import FILLER, fold, invalid, number, pair_value, pasch, unknown
from companion.texts import quoted
from companion.texts import text as t

#: Unit words: which pieces move. None (no word) is a single piece.
UNITS = {
    "turm": "tower",
    "aufloesen": "top",
    "befreien": "bottom",
    "befreiung": "bottom",
}
UNIT_WORD = {"tower": "Turm", "top": "auflösen", "bottom": "befreien"}
ENTER = ("raus", "rein")
BRIDGE = ("bruecke",)
CLAIMS = {"superzahl": "superzahl", "pasch": "pasch", "drauf": "drauf", "ziel": "ziel"}
PASS = ("passe", "passen", "pass")
#: Words that only join ("5 und 2", "2 auf die Brücke", "über die Brücke", "ins Ziel").
SKIPPED = FILLER | {"ins", "mit", "zug", "die", "der", "den", "das", "ueber", "in"}
EXAMPLE = "tuerme.say_eg"  # companion/texts/notation.py
#: The words as they are written, offered for a word that is none (games/words.py unknown).
SAID: tuple[str, ...] = (
    "Wurf",
    "Turm",
    "auflösen",
    "befreien",
    "raus",
    "rein",
    "Brücke",
    "Superzahl",
)
SAID += ("Pasch", "drauf", "Ziel", "nur", "passe")


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
    wurf: int | None = None  # "Wurf 7, …": the points of the roll, said first
    pair: int | None = None  # "Fünferpasch": the value of the pair

    @property
    def is_sum(self) -> bool:
        return len(self.legs) == 1 and not self.only


_TOKEN = re.compile(r"\d+(?:er\b)?|[^\W\d_]+|\S")


def parse(text: str) -> Said:
    """The announcement read into :class:`Said`; InvalidAnnouncement names the place."""
    unit: str | None = None
    enter = passes = only = False
    legs: list[int] = []
    bridges: list[bool] = []
    claims: set[str] = set()
    wurf: int | None = None
    wurf_at: int | None = None  # where "Wurf" was said, until its number follows
    pair: int | None = None
    pair_at: int | None = None  # where "Fünfer" was said, until "Pasch" follows
    for match in _TOKEN.finditer(text):
        word, at = fold(match.group()), match.start()
        if word in SKIPPED or word in ",;.+-":
            continue
        value = number(word)
        if pair_at is not None and word != "pasch":
            _fail(t("tuerme.before_pasch", said=quoted(text[pair_at:at].strip())), pair_at)
        if wurf_at is not None:
            if value is None:
                _fail(t("tuerme.wurf_needs"), wurf_at)
            wurf, wurf_at = value, None
            continue
        if value is not None:
            if "drauf" in claims or "ziel" in claims:
                _fail(t("tuerme.value_after_end", word=quoted(match.group())), at)
            legs.append(value)
            bridges.append(False)
        elif word == "wurf":
            if legs or unit is not None or enter or only or wurf is not None:
                _fail(t("tuerme.wurf_once"), at)
            wurf_at = at
        elif word in ENTER:
            if len(legs) > 1 or (legs and legs[0] != 6):
                _fail(t("tuerme.enter_first", word=quoted(match.group())), at)
            if not legs:
                legs.append(6)
                bridges.append(False)
            enter = True
        elif word in BRIDGE:
            if not legs or bridges[-1]:
                _fail(t("tuerme.bridge_after"), at)
            bridges[-1] = True
        elif word in UNITS:
            if legs or unit is not None:
                _fail(t("tuerme.unit_first", word=quoted(match.group())), at)
            unit = UNITS[word]
        elif word == "pasch" and pair_at is not None:
            claims.add("pasch")
            pair_at = None
        elif word in CLAIMS:
            claims.add(CLAIMS[word])
        elif pasch(word) is not None:
            claims.add("pasch")
            pair = pasch(word)
        elif pair_value(word) is not None:
            pair, pair_at = pair_value(word), at
        elif word == "nur":
            if legs:
                _fail(t("tuerme.only_first"), at)
            only = True
        elif word in PASS or word == "kein":
            passes = True
        else:
            # the place before the example (trial s10 read "(z. B. …) bei Zeichen 1")
            why = t("notation.unknown", word=quoted(match.group()))
            raise unknown(why, match.group(), at, SAID, listed=False, otherwise=t(EXAMPLE))
    end = len(text)
    if wurf_at is not None:
        _fail(t("tuerme.wurf_needs"), wurf_at)
    if pair_at is not None:
        _fail(t("tuerme.before_pasch", said=quoted(text[pair_at:].strip())), pair_at)
    if passes:
        if legs or unit or claims or only:
            _fail(t("tuerme.pass_alone"), 0)
        return Said(passes=True, wurf=wurf)
    if wurf is not None and not legs:  # "Wurf 7" alone names the sum
        legs, bridges = [wurf], [False]
    elif wurf is not None and len(legs) == 1 and not only and wurf <= 6 and legs[0] <= 6:
        # "Wurf 5 und 2": the roll said as its two dice, in the order played
        legs, bridges, wurf = [wurf, legs[0]], [False, bridges[0]], None
    if pair is not None and not legs:  # "Fünferpasch" alone: both dice of the pair
        legs, bridges = [pair, pair], [False, False]
    elif pair is not None and legs not in ([pair, pair], [2 * pair]):
        said = " und ".join(map(str, legs))
        _fail(t("tuerme.pasch_moves", pair=pair, said=said), end)
    if not legs:
        # the place, then the example, as for an unknown word (trial s10)
        no_value = t("notation.at_hint", what=t("tuerme.no_value"), pos=end + 1, hint=t(EXAMPLE))
        raise InvalidAnnouncement(no_value, end)
    if len(legs) > 2:
        _fail(t("tuerme.too_many", count=len(legs)), end)
    if only and (len(legs) != 1 or not 1 <= legs[0] <= 6):
        _fail(t("tuerme.only_one"), end)
    if len(legs) == 1:
        if enter:
            _fail(t("tuerme.enter_other"), end)
        if not 1 <= legs[0] <= 12:
            _fail(t("tuerme.neither", value=legs[0]), end)
    elif not all(1 <= v <= 6 for v in legs):
        _fail(t("tuerme.die_range", value=max(legs)), end)
    return Said(
        unit,
        enter,
        tuple(legs),
        tuple(bridges),
        frozenset(claims),
        only=only,
        wurf=wurf,
        pair=pair,
    )


def _fail(message: str, offset: int) -> None:
    raise invalid(message, offset)


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


#: A pass in English words (a move's gloss and a recorded "passe" read on the page).
PASS_GLOSS = "no piece can use the roll: the player passes"


def _claimed(said: Said) -> dict[str, bool]:
    """What the words claim, as :func:`render` and :func:`gloss` take it."""
    return {"enter": said.enter, **{c: c in said.claims for c in ("superzahl", "drauf", "ziel")}}


def spell(said: Said) -> str:
    """What was said, in canonical spelling ("fünf und zwei brücke" → "5 und 2, Brücke")."""
    if said.passes:
        return "passe"
    words = render(said.unit, said.legs, said.bridges, **_claimed(said))
    if said.is_sum:
        words = words.replace(f"nur {said.legs[0]}", str(said.legs[0]), 1)
    if "pasch" in said.claims:
        words = f"Pasch, {words}"
    return words if said.wurf is None else f"Wurf {said.wurf}, {words}"


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


def reading(said: Said) -> str:
    """What was said, in English words (the page's gloss of a recorded announcement)."""
    if said.passes:
        return PASS_GLOSS
    return gloss(said.unit, said.legs, said.bridges, **_claimed(said))
