"""What a search among the legal moves looks for, so that the rest is never built.

A referee that saw a board, or a checker that heard an announcement, does not need every
legal move of the roll: only those that can leave that board or be said in those words.
A :class:`Target` tells an engine's move generator what is looked for; the generator
then skips the dice choices and pieces that cannot give it and walks the tunnel effect
only towards the field the board shows (a GNU Backgammon checker applies the move it
heard instead of listing them all). Without a target every legal move is generated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TypeVar

from companion.games.zwianer.notation.tokens import Kind, Token

#: A tunnel pattern no walk has: the words said are not those of a tunnel walk.
NO_WALK = -1


@dataclass(frozen=True)
class Target:
    """What a search looks for; each field left None does not narrow it."""

    value: int | None = None  # only dice choices worth this many points ("Wurf N" said)
    mask: int | None = None  # tunnel walks only with this pattern of tunnelled steps
    board: Mapping[str, str] | None = None  # the board seen: tunnel walks only to it
    starts: frozenset[str] | None = None  # only the pieces on these fields
    words: tuple[Token, ...] | None = None  # only moves said so (normalised words)

    def wants(self, value: int, start: str) -> bool:
        """Can a move worth ``value`` points of the piece on ``start`` be looked for?"""
        return (self.value is None or value == self.value) and (
            self.starts is None or start in self.starts
        )


def words_target(said: tuple[Token, ...]) -> Target:
    """The target of a parsed, normalised announcement: its words, its value and, when
    it is said as a tunnel walk (bare counts and "Tunnel N" only), the pattern of its
    tunnelled steps."""
    value = said[0].value if said and said[0].kind is Kind.WURF else None
    steps = said[1:]
    if value is None or len(steps) != value:
        return Target(value, NO_WALK, words=said)
    mask = 0
    for n, tok in enumerate(steps):
        if tok.kind is Kind.TUNNEL:
            mask |= 1 << n
        elif tok.kind is not Kind.COUNT:
            return Target(value, NO_WALK, words=said)
    return Target(value, mask, words=said)


M = TypeVar("M")


def narrowed(
    moves: Callable[[Target | None], Iterator[M]],
    target: Target | None,
    otherwise: Callable[[], Iterable[M]],
) -> Iterator[M]:
    """The moves ``moves(target)`` gives; where the roll has no move that spends it at all
    (none with the target, and, with one, none without it either: the target only
    narrowed), the engine's move of a roll nothing can spend (``otherwise``: Gravitation's
    crash or pass, Tunnel X's pass). A target that merely matches nothing yields nothing."""
    found = False
    for move in moves(target):
        found = True
        yield move
    if found or (target is not None and next(moves(None), None) is not None):
        return
    yield from otherwise()
