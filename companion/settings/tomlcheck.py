"""A reader for one table of a TOML file that records every problem instead of raising.

The config loader reads each key through typed getters; each bad key becomes one line
"FILE: section.key: what is wrong", and keys nobody read are reported with the closest
known key as a hint, so that a typo never passes silently.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from typing import Any

#: BCM numbers of the GPIO header's general-purpose pins.
GPIO_PINS = range(0, 28)


def is_pin(value: Any) -> bool:
    """A BCM GPIO number (a TOML integer, not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool) and value in GPIO_PINS


class Table:
    """One TOML table being read: typed getters that record problems instead of raising."""

    def __init__(self, data: Any, prefix: str, source: str, problems: list[str]) -> None:
        self.data: Mapping[str, Any] = data if isinstance(data, Mapping) else {}
        self.prefix, self.source, self.problems = prefix, source, problems
        self.allowed: set[str] | None = None
        self.read: set[str] = set()

    def key(self, key: str) -> str:
        """The dotted name of a key, quoted as TOML would when it is not a bare key."""
        bare = key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)
        return f"{self.prefix}{key if bare else json.dumps(key)}"

    def bad(self, key: str, why: str) -> None:
        self.problems.append(f"{self.source}: {self.key(key)}: {why}")

    def get(self, key: str, default: Any, kinds: type | tuple[type, ...], what: str) -> Any:
        self.read.add(key)
        if key not in self.data:
            return default
        value = self.data[key]
        kinds = kinds if isinstance(kinds, tuple) else (kinds,)
        if isinstance(value, bool) and bool not in kinds:
            value = None  # TOML true is not a number here
        if not isinstance(value, kinds):
            self.bad(key, f"must be {what}, not {_show(self.data[key])}")
            return default
        return value

    def table(self, key: str) -> Table:
        value = self.get(key, {}, dict, f"a table [{self.key(key)}]")
        return Table(value, f"{self.key(key)}.", self.source, self.problems)

    def text(self, key: str, default: str | None) -> str | None:
        value: str | None = self.get(key, default, str, "a string in quotes")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value: bool = self.get(key, default, bool, "true or false")
        return value

    def choice(self, key: str, default: str, choices: tuple[str, ...]) -> str:
        value = self.get(key, default, str, f"one of {', '.join(map(repr, choices))}")
        if value not in choices:
            self.bad(key, f"must be one of {', '.join(map(repr, choices))}, not {value!r}")
            return default
        return str(value)

    def number(
        self, key: str, default: float, lo: float, hi: float, *, whole: bool = False
    ) -> float:
        kinds: tuple[type, ...] = (int,) if whole else (int, float)
        value = self.get(key, default, kinds, "a whole number" if whole else "a number")
        if not lo <= value <= hi:
            self.bad(key, f"must be between {lo:g} and {hi:g}, not {value}")
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
            self.bad(key, f"must be a BCM pin number 0..27 or false, not {_show(value)}")
            return default
        return int(value)

    def finish(self) -> None:
        """Report every key nobody read, with the closest known key as a hint."""
        known = self.allowed if self.allowed is not None else self.read
        for key in self.data:
            if key in known or (self.allowed is not None and key in self.read):
                continue
            close = difflib.get_close_matches(key, sorted(known), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            self.bad(key, f"unknown key{hint}")


def _show(value: Any) -> str:
    text = ("true" if value else "false") if isinstance(value, bool) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
