"""Words every game's announcement shares: numbers said as words, fillers, error places.

Players say "Wurf sieben, Umlaufbahn vier" as often as they type "Wurf 7, Umlaufbahn 4",
and join what they say with "dann" and "und". The three notations (ZwiAner in
:mod:`companion.games.zwianer.notation.parser`, the race game in
:mod:`companion.games.tuerme.notation`, TENET in :mod:`companion.games.tenet.notation`)
read numbers and report error places the same way through this module: :func:`number`
reads "7", "sieben", "einundzwanzig"; :func:`fold` makes "Brücke", "BRUECKE" and "bruecke"
one word; :func:`invalid` words an error "… at character N", N counted from 1 in every game,
and :func:`unknown` a word that is not of the game's notation, with the nearest word that
is ("meinten Sie „Umlaufbahn“?") or, where none is near, the words the notation knows.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from companion.errors import InvalidAnnouncement
from companion.texts import quoted, text

_UNITS = {
    "null": 0,
    "ein": 1,
    "eins": 1,
    "eine": 1,
    "zwei": 2,
    "zwo": 2,
    "drei": 3,
    "vier": 4,
    "fuenf": 5,
    "sechs": 6,
    "sieben": 7,
    "acht": 8,
    "neun": 9,
}
_TEENS = {
    "zehn": 10,
    "elf": 11,
    "zwoelf": 12,
    "dreizehn": 13,
    "vierzehn": 14,
    "fuenfzehn": 15,
    "sechzehn": 16,
    "siebzehn": 17,
    "achtzehn": 18,
    "neunzehn": 19,
}
_TENS = {
    "zwanzig": 20,
    "dreissig": 30,
    "vierzig": 40,
    "fuenfzig": 50,
    "sechzig": 60,
    "siebzig": 70,
    "achtzig": 80,
    "neunzig": 90,
}
#: Words that join what is said and carry no meaning of their own, in every game.
FILLER = frozenset({"dann", "und", "auf"})
_COMPOUND = re.compile(r"(?:(\w+?)und)?(\w+)")
_PASCH = re.compile(r"(\w+?)er-?pasch")


def fold(word: str) -> str:
    """The spelling-free form of a word: lower case, "ß" → "ss", umlauts → "ae", "oe", "ue"."""
    low = word.casefold()
    for letter, spelled in (("ß", "ss"), ("ä", "ae"), ("ö", "oe"), ("ü", "ue")):
        low = low.replace(letter, spelled)
    return low


def number(word: str) -> int | None:
    """The number a word says: digits ("7") or German words from "null" to
    "neunundneunzig" ("sieben", "zwölf", "einundzwanzig"); None for any other word."""
    if word.isascii() and word.isdigit():
        return (
            int(word) if len(word) <= 6 else None
        )  # no game counts further (nor int() past 4,300 digits)
    w = fold(word)
    if w in _UNITS:
        return _UNITS[w]
    if w in _TEENS:
        return _TEENS[w]
    if w in _TENS:
        return _TENS[w]
    m = _COMPOUND.fullmatch(w)
    if m and m[1] and m[2] in _TENS and _UNITS.get(m[1], 0) > 0 and m[1] != "eins":
        return _TENS[m[2]] + _UNITS[m[1]]
    return None


def pasch(word: str) -> int | None:
    """The pair a "Fünferpasch" names (also "5er-Pasch", "Dreierpasch"); None otherwise."""
    m = _PASCH.fullmatch(fold(word))
    return None if m is None else pair_value(m[1] + "er")


def pair_value(word: str) -> int | None:
    """The number of a "Fünfer" or "5er" (said before "Pasch"); None otherwise."""
    w = fold(word)
    if not w.endswith("er") or len(w) < 3:
        return None
    stem = w[:-2]
    value = number(stem)
    if value is None and stem.endswith("s"):  # "Einser", "Zweier": "eins", "zwei"
        value = number(stem[:-1])
    return value


def invalid(message: str, offset: int) -> InvalidAnnouncement:
    """The error for words that do not parse (``message`` a sentence of
    companion/texts), placed at character ``offset + 1``."""
    return InvalidAnnouncement(text("notation.at", what=message, pos=offset + 1), offset)


#: Number words as players write them, for the nearest word to a misspelt one ("siebn").
NUMBER_WORDS: tuple[str, ...] = (
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
)
NUMBER_WORDS += ("neun", "zehn", "elf", "zwölf")
#: How near a word must be to be offered: difflib's ratio ("Umlaufban"/"Umlaufbahn" 0.95,
#: "Brüke"/"Brücke" 0.92, "Pash"/"Pasch" 0.89), and it must begin with the same letter, as a
#: slip of the tongue or the keys keeps it: players say words of their own between the
#: notation's, and "nach" offered "acht" (0.75), "raus" "Uranus" (0.80), "Stein" "eins"
#: (0.67), "Ring" "rein" (0.75) (review s7); "Banane"'s nearest, "Tunnel", is 0.50. At 0.6
#: (what docs/notation.md said until new-user trial s14 L4) "Wurst" was offered "Wurf",
#: "Stopp" "Stoß", "Tausend" "Tausch", "vor" "von", "noch" "nach" (tests/test_near_words.py).
NEAR = 0.8


def transposed(word: str, other: str) -> bool:
    """Whether ``word`` is ``other`` with two neighbouring letters swapped ("Wruf" for
    "Wurf", "nahc" for "nach"): the commonest slip of the keys, which difflib scores low
    on a short word (0.75 for a word of four letters; trial s14 L4)."""
    if len(word) != len(other) or word == other:
        return False
    differ = [i for i, (a, b) in enumerate(zip(word, other, strict=True)) if a != b]
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and word[differ[0]] == other[differ[1]]
        and word[differ[1]] == other[differ[0]]
    )


def nearest(word: str, vocabulary: Sequence[str]) -> str | None:
    """The word of ``vocabulary`` nearest to ``word`` (spelling folded), or None where
    none is near (:data:`NEAR`, or two neighbouring letters swapped; the same first letter)
    or the word is one of them (said in the wrong place: offering it again helps no one)."""
    folded = fold(word)
    said = {fold(v): v for v in vocabulary if fold(v)[:1] == folded[:1] and fold(v) != folded}
    close = difflib.get_close_matches(folded, list(said), n=1, cutoff=NEAR)
    if close:
        return said[close[0]]
    return next((v for f, v in said.items() if transposed(folded, f)), None)


#: The English words of the page's readings (games' ``gloss``/``reading``), each with the
#: German words it may stand for; the first of them the game's notation knows is offered:
#: the announcement is German on the English page too (new-user trial s14 M2).
ENGLISH: dict[str, tuple[str, ...]] = {
    "from": ("von",),
    "to": ("nach",),
    "roll": ("Wurf",),
    "orbit": ("Umlaufbahn",),
    "store": ("Speicher",),
    "energy": ("Speicher",),
    "gravity": ("Gravitation",),
    "push": ("Stoß",),
    "defence": ("Abwehr",),
    "defense": ("Abwehr",),
    "crash": ("Absturz",),
    "swap": ("Tausch",),
    "special": ("Sonderfeld",),
    "puts": ("versetzt",),
    "put": ("versetzt",),
    "doublet": ("Pasch",),
    "double": ("Pasch",),
    "pass": ("passt", "passe"),
    "passes": ("passt", "passe"),
    "stone": ("Stein",),
    "tower": ("Turm",),
    "bridge": ("Brücke",),
    "goal": ("Ziel",),
    "out": ("raus",),
    "only": ("nur",),
    "and": ("und",),
    "then": ("dann",),
}


def english(
    message: str, word: str, offset: int, vocabulary: Sequence[str]
) -> InvalidAnnouncement | None:
    """The error ``message`` for an English word of the page's reading typed as an
    announcement, placed like :func:`invalid` and followed by the German word ("'from' →
    say 'von'; announcements are in German"); None where ``word`` is none or its German
    word is not of ``vocabulary``."""
    known = {fold(v) for v in vocabulary} | FILLER
    german = next((g for g in ENGLISH.get(word.casefold(), ()) if fold(g) in known), None)
    if german is None:
        return None
    hint = text("notation.english", word=quoted(word), german=quoted(german))
    return InvalidAnnouncement(
        text("notation.at_hint", what=message, pos=offset + 1, hint=hint), offset
    )


def unknown(
    message: str,
    word: str,
    offset: int,
    vocabulary: Sequence[str],
    listed: bool = True,
    otherwise: str | None = None,
) -> InvalidAnnouncement:
    """The error for ``word``, which is not of the game's notation (``message`` names it;
    a word of it said where it does not fit is said so instead),
    placed like :func:`invalid` and followed by a hint: the nearest word of the notation
    or a number word ("meinten Sie „Umlaufbahn“?"), else, where ``listed``, the words of
    ``vocabulary``, else ``otherwise`` (the race game's examples), after the place."""
    if fold(word) in {fold(v) for v in vocabulary}:  # a word of the notation, misplaced
        return invalid(text("notation.misplaced", word=repr(word)), offset)
    said_in_english = english(message, word, offset, vocabulary)
    if said_in_english is not None:
        return said_in_english
    near = nearest(word, (*vocabulary, *NUMBER_WORDS))
    if near is not None:
        hint = text("notation.did_you_mean", word=quoted(near))
    elif listed:
        hint = text("notation.words_known", words=list(vocabulary))
    elif otherwise is not None:
        hint = otherwise
    else:
        return invalid(message, offset)
    return InvalidAnnouncement(
        text("notation.at_hint", what=message, pos=offset + 1, hint=hint), offset
    )
