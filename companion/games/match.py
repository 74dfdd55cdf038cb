"""A board the camera saw, matched to the moves of a roll: the moves that leave it, and
(asked for only when none does) the nearest.

python-chess looks a move up among the legal moves; the referee does the same with the
board after the move. A game whose moves are listed (the race game) is looked up here;
a game whose moves are searched from the board (:class:`Searchable`: the ZwiAner games'
:class:`~companion.games.zwianer.live.LegalMoves`) is asked to search; TENET brings its
own search of whole turns (companion/games/tenet/game.py). Each answers a :class:`Match`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from companion.model.boards import distance, fits_loosely
from companion.model.position import Position


class Seen(Protocol):
    """What the matching needs of a move: the position after it, the pieces it destroyed."""

    @property
    def after(self) -> Position: ...
    @property
    def destroyed(self) -> Sequence[Any]: ...


M = TypeVar("M", bound=Seen)
Found = TypeVar("Found", bound=Seen, covariant=True)


@runtime_checkable
class Searchable(Protocol[Found]):
    """Legal moves that can be searched from a board instead of listed (a lazy sequence):
    the referee never builds every move of a roll."""

    def reaching(self, board: Mapping[str, str]) -> Iterable[Found]: ...
    def nearest(self, board: Mapping[str, str], count: int = 3) -> Sequence[Found]: ...


@dataclass(frozen=True)
class Match(Generic[M]):
    """The moves that leave the board seen, as they are found (the referee stops asking
    once it has seen enough outcomes), and the nearest moves, looked for only when asked
    (a rejection's explanation)."""

    fits: Iterable[M]
    near: Callable[[], Sequence[M]]
    #: Why the search could not decide, in the players' words ("" when it did): its
    #: budget spent, ``fits`` may be incomplete, so the referee asks the players.
    unsure: str = ""

    def nearest(self) -> Sequence[M]:
        return self.near()


def looked_up(moves: Sequence[M], board: Mapping[str, str]) -> Match[M]:
    """``board`` among ``moves``: searched when the moves can be (:class:`Searchable`),
    else the moves whose board it is, or (none) those that differ only in which free
    station fields the destroyed pieces were put on; the nearest are the three closest."""
    board = dict(board)
    if isinstance(moves, Searchable):
        searched: Searchable[M] = moves
        return Match(searched.reaching(board), lambda: searched.nearest(board, 3))
    exact = [m for m in moves if dict(m.after.occupant) == board]
    loose = exact or [m for m in moves if m.destroyed and fits_loosely(m.after, board)]
    return Match(loose, lambda: nearest(moves, board))


def nearest(moves: Iterable[M], board: Mapping[str, str], count: int = 3) -> list[M]:
    """The ``count`` moves whose boards are closest to ``board`` (the first of equals)."""
    return sorted(moves, key=lambda m: distance(dict(m.after.occupant), board))[:count]
