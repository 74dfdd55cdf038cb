"""JSON text from a user's file, read with bounds: one-line errors, never a traceback.

``json.loads`` recurses once per nesting level (100,000 brackets: RecursionError) and
``int()`` refuses numbers of more than 4,300 digits (ValueError, not JSONDecodeError).
Positions, layouts and calibrations are shallow and their numbers small, so the text is
refused before parsing when it nests deeper than :data:`MAX_DEPTH`, and any number the
parser cannot take is said in one line.
"""

from __future__ import annotations

import json
import re
from typing import Any

from companion.errors import CompanionError

#: The deepest nesting any file of the companion has (a layout: 5), with room to spare.
MAX_DEPTH = 32

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
    text: str, source: str, error: type[CompanionError] = CompanionError, what: str = ""
) -> Any:
    """The JSON value of ``text``; ``error`` naming ``source`` (and ``what`` it should be,
    e.g. "calibration is ") if it is not plain JSON."""
    if nesting(text) > MAX_DEPTH:
        raise error(f"{source}: {what}not JSON this program reads: nested deeper than {MAX_DEPTH}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{source}: {what}not JSON: {exc.msg} at line {exc.lineno}") from None
    except (ValueError, RecursionError) as exc:  # e.g. a number of 5,000 digits
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise error(f"{source}: {what}not JSON this program reads: {reason}") from None
