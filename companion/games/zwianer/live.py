"""The legal moves of a roll, built as they are asked for (Gravitation, Tunnel X, TENET).

:class:`LegalMoves` is to a ZwiAner engine what python-chess's ``LegalMoveGenerator`` is
to a board: a sequence whose moves are generated on demand. A referee that only needs
the moves leaving the board its camera saw asks :meth:`LegalMoves.reaching`, which
searches from that board; the nearest moves of a rejected board are looked for only then
(:meth:`LegalMoves.nearest`). Counting every move (``len``) still builds them all, so
the referee counts only up to a limit (:meth:`LegalMoves.first`). TENET's next steps
are listed the same way (:func:`tenet_steps`): a crowded board has a thousand, and the
referee reading a roll takes a hundred; its turns are searched from the board seen
(``tenet.live.explain``), never listed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from typing import TYPE_CHECKING, TypeVar, overload

from companion.boards import distance, fits_loosely
from companion.games import zwianer_engine
from companion.games.zwianer.moves import Move
from companion.games.zwianer.target import Target
from companion.position import Position

if TYPE_CHECKING:
    from companion.games.tenet.rules import TenetMove

M = TypeVar("M")

#: Most moves ranked when the nearest of a rejected board are looked for: a roll with
#: more is ranked among the moves of the pieces that left their fields.
NEAREST_POOL = 300


class Generated(Sequence[M]):
    """A sequence of moves built lazily from a generator, in its order, and kept once
    built: ``first(n)`` builds n, ``len`` builds all (python-chess's
    ``LegalMoveGenerator``). TENET's next steps are one (:func:`tenet_steps`)."""

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


def tenet_steps(position: Position, roll: tuple[int, ...]) -> Generated[TenetMove]:
    """TENET's legal next steps as a lazy sequence (the roll checked at once)."""
    from companion.games.tenet import rules as tenet

    return Generated(tenet.generate(position, roll))


class LegalMoves(Generated[Move]):
    """The legal moves of ``position`` and ``roll`` in canonical order, built lazily and
    kept once built. The position and the roll are checked at once (CompanionError)."""

    def __init__(self, position: Position, roll: tuple[int, ...]) -> None:
        self.position = position
        self.roll = roll
        self._engine = zwianer_engine(position.game)
        super().__init__(self._engine.generate(position, roll))

    def reaching(self, board: Mapping[str, str]) -> Iterator[Move]:
        """The moves that leave ``board`` (field → colour), as the search finds them:
        those whose board it is, else (when the search ends without one) those that
        differ only in which free station fields the pieces they destroyed were put on.
        Of the moves with one outcome the first is there, maybe not the rest. A caller
        that has seen enough outcomes stops asking, and the search stops with it: a
        board may fit thousands (docs/referee.md)."""
        board = dict(board)
        if any(f not in self.position.layout.fields for f in board):
            return  # a field the board does not have: no move leaves a piece there
        loose: list[Move] = []
        exact = False
        for move in self._engine.generate(self.position, self.roll, Target(board=board)):
            if dict(move.after.occupant) == board:
                exact = True
                yield move
            elif not exact and move.destroyed and fits_loosely(move.after, board):
                loose.append(move)
        if not exact:
            yield from loose

    def nearest(self, board: Mapping[str, str], count: int = 3) -> list[Move]:
        """The ``count`` moves whose boards differ from ``board`` on the fewest fields
        (the first of equals). A roll of more than NEAREST_POOL moves is ranked among
        the first NEAREST_POOL moves of the pieces the board no longer shows where they
        stood, so that a rejection costs no more than a judgement."""
        pool = self.first(NEAREST_POOL + 1)
        if len(pool) > NEAREST_POOL:
            colour = self.position.to_move
            gone = frozenset(f for f in self.position.pieces[colour] if board.get(f) != colour)
            search = self._engine.generate(self.position, self.roll, Target(starts=gone or None))
            pool = list(islice(search, NEAREST_POOL))
        return sorted(pool, key=lambda m: distance(dict(m.after.occupant), board))[:count]
