"""Is a die fair? Per-face counts and Pearson's chi-square test of uniformity.

A fair die shows each of its faces equally often, so after ``n`` rolls each face is
expected ``n / k`` times. Pearson's statistic ``X² = Σ (observed - expected)² / expected``
follows a chi-square distribution with ``k - 1`` degrees of freedom when the die is fair;
its survival function at ``X²`` is the p-value: how often a fair die would look at least
this uneven. Below the chosen level (:data:`LEVEL`, 1 %) the die is called suspect and
the face whose count is furthest from its expectation (in standard deviations, Pearson's
residual) is named, with "too often" or "too rarely".

The survival function is written here with the standard library only (the regularised
upper incomplete gamma function, by its series or its continued fraction, as in
Numerical Recipes §6.2): no scipy on a Pi. The test needs each face expected at least
:data:`MIN_EXPECTED` times (the textbook rule for the chi-square approximation); with
fewer rolls the words say so rather than give a p-value nobody should trust.

How many rolls a bias needs to be seen is measured by simulation in
``bench/tray_power.py`` (docs/tray.md has the table).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from companion.texts import Joined, number, text, text_n

__all__ = ["D6", "LEVEL", "MIN_EXPECTED", "Fairness", "chi2_sf", "counts", "fairness", "uniformity"]

#: The faces of an ordinary die.
D6: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

#: The p-value below which a die is called suspect: a fair die is flagged this often.
LEVEL = 0.01

#: Each face must be expected this many times before the test is said at all.
MIN_EXPECTED = 5.0

_EPS = 1e-15
_TINY = 1e-300


def chi2_sf(x: float, dof: int) -> float:
    """P(X ≥ x) for X chi-square with ``dof`` degrees of freedom (the p-value of ``x``)."""
    if dof < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {dof}")
    if x <= 0.0:
        return 1.0
    return _gamma_q(dof / 2.0, x / 2.0)


def _gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a)."""
    front = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1.0:  # the series of P(a, x) converges fast here
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * _EPS:
            n += 1.0
            term *= x / n
            total += term
        return max(0.0, 1.0 - front * total)
    # Lentz's continued fraction for Q(a, x)
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    i = 0
    while True:
        i += 1
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1.0 / d
        step = d * c
        h *= step
        if abs(step - 1.0) < _EPS or i > 10_000:
            break
    return min(1.0, front * h)


def counts(values: Iterable[int], faces: Sequence[int] = D6) -> dict[int, int]:
    """How often each face came up (every face listed, unseen ones with 0); a value that is
    no face of the die raises ValueError (a misread die is not silently counted)."""
    out = dict.fromkeys(faces, 0)
    for v in values:
        if v not in out:
            raise ValueError(f"{v} is no face of this die (faces {', '.join(map(str, faces))})")
        out[v] += 1
    return out


@dataclass(frozen=True)
class Fairness:
    """The chi-square test of one die's (or one group's) counts."""

    counts: dict[int, int]
    rolls: int
    statistic: float
    dof: int
    #: None where too few rolls were made for the test (each face expected < MIN_EXPECTED)
    p: float | None
    level: float
    #: the face furthest from its expectation, and whether it came too often
    face: int | None
    too_often: bool

    @property
    def suspect(self) -> bool:
        """The counts are less even than a fair die's would be, at :attr:`level`."""
        return self.p is not None and self.p < self.level

    @property
    def needed(self) -> int:
        """Rolls needed before the test is said (each face expected MIN_EXPECTED times)."""
        return math.ceil(MIN_EXPECTED * len(self.counts))

    def words(self) -> str:
        """The verdict as a player reads it, German or English (a Text)."""
        if self.p is None:
            return text_n("tray.too_few", self.rolls, needed=self.needed)
        p = _p_said(self.p)
        if not self.suspect:
            return text("tray.fair", rolls=self.rolls, p=p)
        key = "tray.too_often" if self.too_often else "tray.too_rarely"
        return text(key, face=self.face, p=p, rolls=self.rolls)

    def to_json(self) -> dict[str, object]:
        return {
            "counts": {str(f): c for f, c in self.counts.items()},
            "rolls": self.rolls,
            "chi2": round(self.statistic, 4),
            "dof": self.dof,
            "p": None if self.p is None else round(self.p, 6),
            "level": self.level,
            "suspect": self.suspect,
            "face": self.face,
            "too_often": self.too_often,
            "words": str(self.words()),
        }


def fairness(values: Iterable[int], faces: Sequence[int] = D6, level: float = LEVEL) -> Fairness:
    """Test the rolls ``values`` of one die with ``faces`` for uniformity at ``level``."""
    return uniformity(counts(values, faces), level)


def uniformity(tally: Mapping[int, int], level: float = LEVEL) -> Fairness:
    """Test per-face counts (face → count, every face of the die listed) at ``level``."""
    if len(tally) < 2:
        raise ValueError("a die needs at least two faces to be uniformity")
    faces = sorted(tally)
    n = sum(tally.values())
    k = len(faces)
    expected = n / k
    if n == 0:
        return Fairness(dict(tally), 0, 0.0, k - 1, None, level, None, False)
    residuals = {f: (tally[f] - expected) / math.sqrt(expected) for f in faces}
    statistic = sum(r * r for r in residuals.values())
    face = max(faces, key=lambda f: (abs(residuals[f]), f))
    p = chi2_sf(statistic, k - 1) if expected >= MIN_EXPECTED else None
    return Fairness(dict(tally), n, statistic, k - 1, p, level, face, residuals[face] > 0)


def _p_said(p: float) -> Joined:
    """A p-value as a player reads it: two significant places, "< 0.001" below that (a
    decimal comma in German: "= 0,41")."""
    if p < 0.001:
        return Joined(("< ", number(0.001, ".3f")), "")
    return Joined(("= ", number(p, ".3f" if p < 0.01 else ".2f")), "")
