"""A sequence of moves built as it is read: what a referee asks of a roll with many moves.

A roll may have a hundred thousand legal moves (a crowded ZwiAner board) or a thousand
next steps (TENET); the referee lists a hundred and searches the rest from the board its
camera saw. :class:`Generated` is python-chess's ``LegalMoveGenerator`` made generic.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import TypeVar, overload

M = TypeVar("M")


class Generated(Sequence[M]):
    """A sequence of moves built lazily from a generator, in its order, and kept once
    built: ``first(n)`` builds n, ``len`` builds all (python-chess's
    ``LegalMoveGenerator``). TENET's next steps are one (companion/games/tenet/game.py)."""

    def __init__(self, source: Iterator[M]) -> None:
        self._source: Iterator[M] | None = source
        self._built: list[M] = []

    def _fill(self, size: int | None) -> None:
        """Builds moves until ``size`` are built (None: all of them)."""
        if self._source is None:
            return
        want = None if size is None else size - len(self._built)
        if want is not None and want <= 0:
            return
        before = len(self._built)
        self._built.extend(islice(self._source, want))
        if want is None or len(self._built) - before < want:
            self._source = None  # the generator is spent

    def first(self, size: int) -> list[M]:
        """The first ``size`` moves (fewer when the roll has fewer)."""
        self._fill(size)
        return self._built[:size]

    def __iter__(self) -> Iterator[M]:
        n = 0
        while True:
            if n == len(self._built):
                self._fill(n + 1)
                if n == len(self._built):
                    return
            yield self._built[n]
            n += 1

    def __len__(self) -> int:
        self._fill(None)
        return len(self._built)

    def __bool__(self) -> bool:
        return bool(self.first(1))

    @overload
    def __getitem__(self, index: int) -> M: ...
    @overload
    def __getitem__(self, index: slice) -> list[M]: ...
    def __getitem__(self, index: int | slice) -> M | list[M]:
        if isinstance(index, slice):
            ahead = index.stop is not None and index.stop >= 0 and (index.start or 0) >= 0
            self._fill(index.stop if ahead else None)
            return self._built[index]
        self._fill(None if index < 0 else index + 1)
        return self._built[index]
