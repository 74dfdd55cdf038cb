"""The errors the companion raises for bad input.

Every error is a ``ValueError`` whose message is one line that names what is wrong,
so that the command line can print it as it is and exit 2 (python-chess style).

An error raised on the ground floor (:mod:`companion.imagecheck`), which may not import
the players' words (:mod:`companion.texts`), carries :class:`Words`: the
id of its sentence in the catalogue and the values. Its ``str`` is the English; the edge
(the command line, the page) says it in the players' language with
``companion.texts.message``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeVar


@dataclass(frozen=True)
class Words:
    """A sentence by its id in the catalogue of companion/texts and its values (a value
    may be Words itself: a reason inside the sentence), with its English for where no
    one words it (logs, ``str``)."""

    key: str
    english: str
    values: Mapping[str, object] = field(default_factory=dict)


def words(key: str, english: str, **values: object) -> Words:
    """The sentence ``key``; ``english`` is its English template, formatted with the values
    (the catalogue's English is the same template: tests/test_languages.py)."""
    plain = {k: v.english if isinstance(v, Words) else v for k, v in values.items()}
    return Words(key, english.format_map(plain), values)


class CompanionError(ValueError):
    """Bad input: a file, a layout, a position, an image or an announcement."""

    #: The sentence by its id, where the error was raised below the texts.
    words: Words | None = None


E = TypeVar("E", bound=CompanionError)


def worded(error: type[E], said: Words) -> E:
    """An ``error`` whose message is ``said`` in English and that carries it, for the edge
    to say in the players' language."""
    exc = error(said.english)
    exc.words = said
    return exc


class LayoutError(CompanionError):
    """A layout file that cannot be used: the message names the file and the entry."""


class PositionError(CompanionError):
    """A position that does not fit its game and layout."""


class InvalidAnnouncement(CompanionError):
    """Spoken notation that does not parse; the message names the character position."""

    def __init__(self, message: str, offset: int | None = None) -> None:
        super().__init__(message)
        self.offset = offset


class IllegalMove(CompanionError):
    """An announcement that parses but is not a legal move in the position."""


class AmbiguousMove(CompanionError):
    """An announcement that fits several legal moves with different outcomes."""
