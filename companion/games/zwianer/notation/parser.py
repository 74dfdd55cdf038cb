"""Tokenizer and parser of the spoken notation; the grammar is in ``docs/notation.md``.

The parser is tolerant of what people type or a speech recogniser writes: any case,
commas or no commas, extra spaces, "ß" or "ss", a trailing full stop or "..", quotes,
numbers as words ("Wurf sieben, Umlaufbahn vier"), the joining words "dann", "und",
"auf" and the rulebook's "Bewegung auf 3", and its abbreviations "W4", "U3", "S2",
"T1". It checks syntax only (a keyword needs its number, the announcement starts with
"Wurf N"); whether the numbers add up is the checker's business.
"""

from __future__ import annotations

import re

from companion.games.words import (
    FILLER,
    NUMBER_WORDS,
    fold,
    invalid,
    nearest,
    number,
    unknown,
)
from companion.games.zwianer.notation.tokens import BARE_KEYWORDS, Kind, Token
from companion.texts import text as t

#: Spoken forms of the keywords after folding (lower case, "ß" → "ss").
KEYWORDS: dict[str, Kind] = {
    "wurf": Kind.WURF,
    "speicher": Kind.SPEICHER,
    "umlaufbahn": Kind.UMLAUFBAHN,
    "gravitation": Kind.GRAVITATION,
    "stoss": Kind.STOSS,
    "abwehr": Kind.ABWEHR,
    "tunnel": Kind.TUNNEL,
    "absturz": Kind.ABSTURZ,
    "tausch": Kind.TAUSCH,
    "sonderfeld": Kind.SONDERFELD,
    # the abbreviations of the rulebook's examples ("W4: Wurf 4", "T1: Tunnel 1")
    "w": Kind.WURF,
    "u": Kind.UMLAUFBAHN,
    "s": Kind.STOSS,
    "t": Kind.TUNNEL,
}
#: The keywords as they are written, offered for a word that is none (games/words.py unknown).
SAID: tuple[str, ...] = (
    "Wurf",
    "Speicher",
    "Umlaufbahn",
    "Gravitation",
    "Stoß",
    "Abwehr",
    "Tunnel",
)
SAID += ("Absturz", "Tausch", "Sonderfeld")
#: Words that say nothing the numbers do not: the shared fillers and the rulebook's
#: "Bewegung auf 3" (a step to 3).
SKIPPED = FILLER | {"bewegung"}

_LEXEME = re.compile(r"(?P<num>\d+)|(?P<word>[^\W\d_]+)|(?P<sep>[\s,;:.!…\"'„“”‚‘’«»()\-–—]+)")
MAX_NUMBER = 999


def tokenize(text: str) -> list[tuple[str, str, int]]:
    """The lexemes of ``text`` as (kind, text, offset), kind "num" (digits or a number
    word) or "word"; separators and filler words dropped."""
    out: list[tuple[str, str, int]] = []
    pos = 0
    while pos < len(text):
        m = _LEXEME.match(text, pos)
        if m is None:
            raise invalid(t("notation.character", char=repr(text[pos])), pos)
        kind = m.lastgroup or "sep"
        if kind == "word" and fold(m.group()) in SKIPPED:
            kind = "sep"
        elif kind == "word" and number(m.group()) is not None:
            kind = "num"
        if kind != "sep":
            out.append((kind, m.group(), pos))
        pos = m.end()
    return out


def parse_announcement(text: str) -> tuple[Token, ...]:
    """The tokens of a spoken announcement, or InvalidAnnouncement naming the position."""
    lexemes = tokenize(text)
    if not lexemes:
        raise invalid(t("notation.empty"), 0)
    tokens: list[Token] = []
    i = 0
    while i < len(lexemes):
        kind, lexeme, offset = lexemes[i]
        if kind == "num":
            if not tokens:
                raise invalid(t("notation.start_wurf", word=repr(lexeme)), offset)
            tokens.append(Token(Kind.COUNT, _number(lexeme, offset)))
            i += 1
            continue
        key = KEYWORDS.get(fold(lexeme))
        if key is None:
            raise unknown(t("notation.unknown", word=repr(lexeme)), lexeme, offset, SAID)
        if not tokens and key is not Kind.WURF:
            raise invalid(t("notation.start_wurf", word=repr(lexeme)), offset)
        if tokens and key is Kind.WURF:
            raise invalid(t("notation.wurf_first"), offset)
        if key in BARE_KEYWORDS:
            tokens.append(Token(key))
            i += 1
            continue
        if i + 1 >= len(lexemes) or lexemes[i + 1][0] != "num":
            _, after, at = lexemes[i + 1] if i + 1 < len(lexemes) else ("", "", 0)
            if after and fold(after) not in KEYWORDS and nearest(after, (*SAID, *NUMBER_WORDS)):
                # "Wurf siebn": a misspelt number, offered; "Wurf x": the number is missing
                raise unknown(t("notation.unknown", word=repr(after)), after, at, SAID)
            raise invalid(t("notation.needs_number", word=repr(key.value)), offset)
        tokens.append(Token(key, _number(lexemes[i + 1][1], lexemes[i + 1][2])))
        i += 2
    return tuple(tokens)


def _number(lexeme: str, offset: int) -> int:
    value = number(lexeme)  # None: digits past any count of the game (words.number)
    if value is None or value > MAX_NUMBER:
        raise invalid(t("notation.too_large", number=lexeme[:12]), offset)
    return value
