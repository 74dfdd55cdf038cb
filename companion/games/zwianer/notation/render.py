"""Renders announcements: the canonical German words and an English gloss for teaching."""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.zwianer.notation.tokens import Kind, Token


def render(tokens: Iterable[Token]) -> str:
    """The canonical announcement: "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"."""
    return ", ".join(str(t) for t in tokens)


_GLOSS = {
    Kind.WURF: "roll {n}",
    Kind.SPEICHER: "{n} with the energy store",
    Kind.UMLAUFBAHN: "orbit: {n} left after paying gravity",
    Kind.GRAVITATION: "gravity line: {n} left",
    Kind.STOSS: "push: {n} handed on",
    Kind.ABWEHR: "defence: push cut to {n}",
    Kind.TUNNEL: "tunnel: {n} left",
    Kind.COUNT: "{n}",
    Kind.ABSTURZ: "crash into the Gravitator",
    Kind.TAUSCH: "swap with the nearest foreign piece",
    Kind.SONDERFELD: "move to the nearest special field",
}


def gloss(tokens: Iterable[Token]) -> str:
    """An English reading of the announcement, item by item, for teaching."""
    return ", ".join(_GLOSS[t.kind].format(n=t.value) for t in tokens)
