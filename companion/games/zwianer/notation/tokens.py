"""The words of the spoken Gravitation notation ("Wurf 7, Umlaufbahn 6, 5, 4, ...").

A :class:`Token` is one spoken item: a keyword with its number ("Umlaufbahn 6") or a bare
count ("5"). The rules engine builds the canonical token list of every legal move; the
parser turns what a player said into the same tokens, so the two can be compared.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """What a spoken item says. The value is the canonical German keyword."""

    WURF = "Wurf"  # the roll value the player works with
    SPEICHER = "Speicher"  # the running count after taking from or putting into the store
    UMLAUFBAHN = "Umlaufbahn"  # the count after paying the gravity of an orbit
    GRAVITATION = "Gravitation"  # the count while passing a gravity line (in or out)
    STOSS = "Stoß"  # the count handed on to the pushed piece
    ABWEHR = "Abwehr"  # the count after the pushed player spent store points to defend
    TUNNEL = "Tunnel"  # the count after tunnelling through a chain of pieces
    COUNT = ""  # a bare count: one step along a line
    ABSTURZ = "Absturz"  # the piece falls into the Gravitator (no number)
    TAUSCH = "Tausch"  # 1+2: swap with the nearest foreign piece (no number)
    SONDERFELD = "Sonderfeld"  # 1+2: move to the nearest special field (no number)

    __hash__ = object.__hash__  # members are singletons; identity hashing is fast


#: Keywords that stand alone, without a number.
BARE_KEYWORDS = frozenset({Kind.ABSTURZ, Kind.TAUSCH, Kind.SONDERFELD})


@dataclass(frozen=True, slots=True)
class Token:
    """One spoken item; ``value`` is None only for the bare keywords."""

    kind: Kind
    value: int | None = None

    def __str__(self) -> str:
        if self.kind is Kind.COUNT:
            return str(self.value)
        if self.value is None:
            return str(self.kind.value)
        return f"{self.kind.value} {self.value}"


_SMALL = 64  # tokens with numbers below this are made once and shared (move generation)
_TABLE = {kind: tuple(Token(kind, n) for n in range(_SMALL)) for kind in Kind}


def _token(kind: Kind, n: int) -> Token:
    return _TABLE[kind][n] if 0 <= n < _SMALL else Token(kind, n)


def wurf(n: int) -> Token:
    return _token(Kind.WURF, n)


def count(n: int) -> Token:
    return _token(Kind.COUNT, n)


def umlaufbahn(n: int) -> Token:
    return _token(Kind.UMLAUFBAHN, n)


def gravitation(n: int) -> Token:
    return _token(Kind.GRAVITATION, n)


def stoss(n: int) -> Token:
    return _token(Kind.STOSS, n)


def abwehr(n: int) -> Token:
    return _token(Kind.ABWEHR, n)


def tunnel(n: int) -> Token:
    return _token(Kind.TUNNEL, n)


def speicher(n: int) -> Token:
    return _token(Kind.SPEICHER, n)


ABSTURZ = Token(Kind.ABSTURZ)
TAUSCH = Token(Kind.TAUSCH)
SONDERFELD = Token(Kind.SONDERFELD)


def normalise(tokens: tuple[Token, ...]) -> tuple[Token, ...]:
    """The announcement with repeated inward "Gravitation N" said once.

    The rulebook says "Gravitation 10" once for a fall of several fields ("für jedes
    Feld"); the canonical form says it per field. Climbing outward always lowers the
    number, so two equal neighbours can only be an inward fall and are merged.
    """
    out: list[Token] = []
    for tok in tokens:
        if tok.kind is Kind.GRAVITATION and out and out[-1] == tok:
            continue
        out.append(tok)
    return tuple(out)
