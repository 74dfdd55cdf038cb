"""The errors the companion raises for bad input.

Every error is a ``ValueError`` whose message is one line that names what is wrong,
so that the command line can print it as it is and exit 2 (python-chess style).
"""

from __future__ import annotations


class CompanionError(ValueError):
    """Bad input: a file, a layout, a position, an image or an announcement."""


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
