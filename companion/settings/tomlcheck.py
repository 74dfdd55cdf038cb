"""A reader for one table of a TOML file that records every problem instead of raising.

The config loader reads each key through typed getters; each bad key becomes one line
"FILE: section.key: what is wrong" (a sentence of companion/texts/config.py, said in
the players' language), and keys nobody read are reported with the closest
known key as a hint, so that a typo never passes silently.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from typing import Any

from companion.texts import Text, number, text

#: BCM numbers of the GPIO header's general-purpose pins.
GPIO_PINS = range(0, 28)


def is_pin(value: Any) -> bool:
    """A BCM GPIO number (a TOML integer, not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in GPIO_PINS


class Table:
    """One TOML table being read: typed getters that record problems instead of raising."""

    def __init__(self, data: Any, prefix: str, source: str, problems: list[str]) -> None:
        """``problems`` collects a sentence of the catalogue (companion/texts/config.py)
        per bad key, shared by every table of the file."""
        self.data: Mapping[str, Any] = data if isinstance(data, Mapping) else {}
        self.prefix, self.source, self.problems = prefix, source, problems
        self.allowed: set[str] | None = None
        self.read: set[str] = set()

    def key(self, key: str) -> str:
        """The dotted name of a key, quoted as TOML would when it is not a bare key."""
        bare = key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)
        return f"{self.prefix}{key if bare else json.dumps(key)}"

    def bad(self, key: str, why: str) -> None:
        """Record that ``key`` is wrong and ``why`` (a sentence of the catalogue)."""
        self.problems.append(
            Text("config.bad", {"source": self.source, "key": self.key(key), "why": why})
        )

    def get(self, key: str, default: Any, kinds: type | tuple[type, ...], what: str) -> Any:
        """The value of ``key``, or ``default`` (recorded as bad) when it is not one of
        ``kinds``; ``what`` says what it must be."""
        self.read.add(key)
        if key not in self.data:
            return default
        value = self.data[key]
        kinds = kinds if isinstance(kinds, tuple) else (kinds,)
        if isinstance(value, bool) and bool not in kinds:
            value = None  # TOML true is not a number here
        if not isinstance(value, kinds):
            self.bad(key, text("config.must_be", what=what, value=_show(self.data[key])))
            return default
        return value

    def table(self, key: str) -> Table:
        value = self.get(key, {}, dict, Text("config.what.table", {"key": self.key(key)}))
        return Table(value, f"{self.key(key)}.", self.source, self.problems)

    def text(self, key: str, default: str | None) -> str | None:
        value: str | None = self.get(key, default, str, text("config.what.string"))
        return value

    def flag(self, key: str, default: bool) -> bool:
        value: bool = self.get(key, default, bool, text("config.what.flag"))
        return value

    def choice(self, key: str, default: str, choices: tuple[str, ...]) -> str:
        listed = [repr(c) for c in choices]
        value = self.get(key, default, str, text("config.what.choice", choices=listed))
        if value not in choices:
            self.bad(key, text("config.one_of", choices=listed, value=repr(value)))
            return default
        return str(value)

    def number(
        self, key: str, default: float, lo: float, hi: float, *, whole: bool = False
    ) -> float:
        kinds: tuple[type, ...] = (int,) if whole else (int, float)
        what = text("config.what.whole" if whole else "config.what.number")
        value = self.get(key, default, kinds, what)
        if not lo <= value <= hi:
            self.bad(key, text("config.between", lo=number(lo), hi=number(hi), value=number(value)))
            return default
        return float(value)

    def pin(self, key: str, default: int | None) -> int | None:
        self.read.add(key)
        if key not in self.data:
            return default
        value = self.data[key]
        if value is False:
            return None  # `undo = false`: not wired
        if not is_pin(value):
            self.bad(key, text("config.pin_number", value=_show(value)))
            return default
        return int(value)

    def finish(self) -> None:
        """Report every key nobody read, with the closest known key as a hint."""
        known = self.allowed if self.allowed is not None else self.read
        for key in self.data:
            if key in known or (self.allowed is not None and key in self.read):
                continue
            close = difflib.get_close_matches(key, sorted(known), n=1)
            hint = text("config.unknown_hint", close=repr(close[0])) if close else None
            self.bad(key, hint or text("config.unknown"))


def _show(value: Any) -> str:
    text = ("true" if value else "false") if isinstance(value, bool) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
