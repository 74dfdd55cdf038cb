"""The house (issue 22): no import circle in ``companion/``, counting the imports made
inside functions, since a lazy import that breaks a circle only hides it.

The circles not yet broken are named in LEFT; a new circle fails, and so does one of
LEFT once it is gone (then take it off the list)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "companion"

#: Circles still in the house; issue 22 says how each is to be broken.
LEFT = {
    frozenset(
        {
            "companion.boards",
            "companion.games",
            "companion.games.zwianer.live",
            "companion.games.zwianer.moves",
            "companion.games.tenet.rules",
            "companion.games.tenet.check",
            "companion.games.verdict",
            "companion.position",
            "companion.position_checks",
        }
    ),
    frozenset({"companion.games.tuerme.rules", "companion.games.tuerme.check"}),
}


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The companion modules ``name`` imports anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{up}.{base}" if base else up
            targets = [base, *(f"{base}.{a.name}" for a in node.names)]
        else:
            continue
        out |= {t for t in targets if t in known and t != name}
    return out


def circles() -> set[frozenset[str]]:
    """Every set of modules that import each other round (Tarjan's components)."""
    found = modules()
    graph = {m: imports(m, p, set(found)) for m, p in found.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: set[frozenset[str]] = set()

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while (w := stack.pop()) != v:
                group.add(w)
            group.add(v)
            if len(group) > 1:
                out.add(frozenset(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_but_those_left_to_break():
    assert circles() == LEFT
