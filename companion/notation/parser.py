"""Tokenizer and parser of the spoken notation; the grammar is in ``docs/notation.md``.

The parser is tolerant of what people type or a speech recogniser writes: any case,
commas or no commas, extra spaces, "ß" or "ss", a trailing full stop or "..", quotes.
It checks syntax only (a keyword needs its number, the announcement starts with
"Wurf N"); whether the numbers add up is the checker's business.
"""

from __future__ import annotations

import re

from companion.errors import InvalidAnnouncement
from companion.notation.tokens import BARE_KEYWORDS, Kind, Token

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
}

_LEXEME = re.compile(r"(?P<num>\d+)|(?P<word>[^\W\d_]+)|(?P<sep>[\s,;:.!…\"'„“”‚‘’«»()\-–—]+)")
MAX_NUMBER = 999


def fold(word: str) -> str:
    """Case- and spelling-insensitive form of a word: "Stoß", "STOSS" → "stoss"."""
    return word.casefold().replace("ß", "ss")


def tokenize(text: str) -> list[tuple[str, str, int]]:
    """The lexemes of ``text`` as (kind, text, offset), kind "num" or "word"; separators dropped."""
    out: list[tuple[str, str, int]] = []
    pos = 0
    while pos < len(text):
        m = _LEXEME.match(text, pos)
        if m is None:
            raise InvalidAnnouncement(
                f"unexpected character {text[pos]!r} at character {pos + 1}", pos
            )
        kind = m.lastgroup or "sep"
        if kind != "sep":
            out.append((kind, m.group(), pos))
        pos = m.end()
    return out


def parse_announcement(text: str) -> tuple[Token, ...]:
    """The tokens of a spoken announcement, or InvalidAnnouncement naming the position."""
    lexemes = tokenize(text)
    if not lexemes:
        raise InvalidAnnouncement("empty announcement: it starts with 'Wurf N'", 0)
    tokens: list[Token] = []
    i = 0
    while i < len(lexemes):
        kind, lexeme, offset = lexemes[i]
        where = f"at character {offset + 1}"
        if kind == "num":
            if not tokens:
                raise InvalidAnnouncement(
                    f"announcement must start with 'Wurf N', not {lexeme!r} ({where})", offset
                )
            tokens.append(Token(Kind.COUNT, _number(lexeme, offset)))
            i += 1
            continue
        key = KEYWORDS.get(fold(lexeme))
        if key is None:
            raise InvalidAnnouncement(f"unknown word {lexeme!r} {where}", offset)
        if not tokens and key is not Kind.WURF:
            raise InvalidAnnouncement(
                f"announcement must start with 'Wurf N', not {lexeme!r} ({where})", offset
            )
        if tokens and key is Kind.WURF:
            raise InvalidAnnouncement(f"'Wurf' may only come first ({where})", offset)
        if key in BARE_KEYWORDS:
            tokens.append(Token(key))
            i += 1
            continue
        if i + 1 >= len(lexemes) or lexemes[i + 1][0] != "num":
            raise InvalidAnnouncement(f"{key.value!r} needs a number {where}", offset)
        tokens.append(Token(key, _number(lexemes[i + 1][1], lexemes[i + 1][2])))
        i += 2
    return tuple(tokens)


def _number(lexeme: str, offset: int) -> int:
    value = int(lexeme)
    if value > MAX_NUMBER:
        raise InvalidAnnouncement(f"number {lexeme} is too large at character {offset + 1}", offset)
    return value
