"""JSON text from a user's file, read with bounds: one-line errors, never a traceback.

``json.loads`` recurses once per nesting level (100,000 brackets: RecursionError) and
``int()`` refuses numbers of more than 4,300 digits (ValueError, not JSONDecodeError).
Positions, layouts and calibrations are shallow and their numbers small, so the text is
refused before parsing when it nests deeper than :data:`MAX_DEPTH`, and any number the
parser cannot take is said in one line.

The errors are said in the players' language (companion/texts); the reasons of ``json``
that are always the same words ("Expecting value") are said in German too, any other as
``json`` says it. Some of ``json``'s reasons end in "at" before the position it appends;
the sentence names the line itself, so they are said without it (never "at at line 17").
"""

from __future__ import annotations

import json
import re
from typing import Any

from companion.errors import CompanionError
from companion.texts import text

#: The deepest nesting any file of the companion has (a layout: 5), with room to spare.
MAX_DEPTH = 32

#: ``json``'s reasons that are always the same words, by their id in companion/texts.
REASONS = {
    "Expecting value": "json.value",
    "Expecting property name enclosed in double quotes": "json.name",
    "Expecting ':' delimiter": "json.colon",
    "Expecting ',' delimiter": "json.comma",
    "Unterminated string starting at": "json.unterminated",
    "Invalid control character at": "json.control",
    "Extra data": "json.extra",
    "Invalid \\uXXXX escape": "json.escape",
}

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def nesting(text: str) -> int:
    """How deep the brackets of ``text`` nest (strings skipped)."""
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def parse_json(
    text_: str, source: str, error: type[CompanionError] = CompanionError, what: str = ""
) -> Any:
    """The JSON value of ``text_``; ``error`` naming ``source`` (and ``what`` it should be,
    e.g. "calibration is ") if it is not plain JSON."""
    if nesting(text_) > MAX_DEPTH:
        raise error(text("json.too_deep", source=source, what=what, most=MAX_DEPTH))
    try:
        return json.loads(text_)
    except json.JSONDecodeError as exc:
        why = text(REASONS[exc.msg]) if exc.msg in REASONS else exc.msg.removesuffix(" at")
        raise error(text("json.not", source=source, what=what, why=why, line=exc.lineno)) from None
    except (ValueError, RecursionError) as exc:  # e.g. a number of 5,000 digits
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise error(text("json.unread", source=source, what=what, why=reason)) from None
