"""The legal moves of a roll, built as they are asked for, and searched from a board seen.

:class:`LegalMoves` is to a ZwiAner engine what python-chess's ``LegalMoveGenerator`` is
to a board: a sequence whose moves are generated on demand (companion/games/lazy.py). A
referee that only needs the moves leaving the board its camera saw asks
:meth:`LegalMoves.reaching`, which searches from that board; the nearest moves of a
rejected board are looked for only then (:meth:`LegalMoves.nearest`). Counting every move
(``len``) still builds them all, so the referee counts only up to a limit
(:meth:`LegalMoves.first`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import islice

from companion.games.lazy import Generated
from companion.games.zwianer.engines import engine
from companion.games.zwianer.moves import Move
from companion.games.zwianer.target import Target
from companion.model.boards import distance, fits_loosely
from companion.model.position import Position

#: Most moves ranked when the nearest of a rejected board are looked for: a roll with
#: more is ranked among the moves of the pieces that left their fields.
NEAREST_POOL = 300


class LegalMoves(Generated[Move]):
    """The legal moves of ``position`` and ``roll`` in canonical order, built lazily and
    kept once built. The position and the roll are checked at once (CompanionError)."""

    def __init__(self, position: Position, roll: tuple[int, ...]) -> None:
        self.position = position
        self.roll = roll
        self._engine = engine(position.game)
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
