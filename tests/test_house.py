"""The house (issue 22, docs/architecture.md): no import circle in ``companion/``, counting
the imports made inside functions and for type checking, since a lazy import that breaks
a circle only hides it; and the referee, the command line and the page never name a game
(they ask its rules, companion/games/game.py)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "companion"


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


def test_no_import_circle():
    assert circles() == set()


#: Where no game is named: what differs between games is asked of their Game.
GAME_BLIND = ("table", "cli", "web")


def games_named(path: Path) -> list[str]:
    """The comparisons with a game's name in a module (``game == "tenet"``, ``in (…)``)."""
    names = {"gravitation", "tunnelx", "tuerme", "tenet"}
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Compare):
            continue
        for side in [node.left, *node.comparators]:
            texts = [side] if isinstance(side, ast.Constant) else getattr(side, "elts", [])
            if any(isinstance(t, ast.Constant) and t.value in names for t in texts):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def test_the_referee_the_command_line_and_the_page_never_name_a_game():
    paths = [p for where in GAME_BLIND for p in sorted((PACKAGE / where).rglob("*.py"))]
    paths += [PACKAGE / where for where in GAME_BLIND if where.endswith(".py")]
    assert paths
    assert [hit for p in paths for hit in games_named(p)] == []


# Who may import whom (docs/architecture.md). ------------------------------------------

#: What the games build on: positions, boards as data, errors and words.
CORE = ("model", "errors", "texts")
GAME_FOLDERS = ("zwianer", "tenet", "tuerme")


def graph() -> dict[str, set[str]]:
    found = modules()
    return {m: imports(m, p, set(found)) for m, p in found.items()}


def folder(name: str) -> str | None:
    """The game folder a module belongs to (``tenet`` for companion.games.tenet.live)."""
    parts = name.split(".")
    if parts[:2] == ["companion", "games"] and len(parts) > 2 and parts[2] in GAME_FOLDERS:
        return parts[2]
    return None


def under(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def test_the_games_import_only_the_core_below_them():
    core = [f"companion.{c}" for c in CORE]
    bad = {
        m: sorted(
            i for i in imported if i != "companion" and not under(i, "companion.games", *core)
        )
        for m, imported in graph().items()
        if under(m, "companion.games")
    }
    assert {m: i for m, i in bad.items() if i} == {}


def test_a_game_folder_imports_no_other_game_and_nothing_shared_imports_a_game():
    crossing = sorted(
        (m, i)
        for m, imported in graph().items()
        if under(m, "companion.games") and m != "companion.games.game"
        for i in imported
        if (folder(i) is not None and folder(i) != folder(m)) or i == "companion.games.game"
    )
    assert crossing == []


def test_the_referee_the_page_and_the_camera_reach_a_game_only_through_its_protocol():
    #: A game's own command may import its game: `companion join` is TENET's.
    own = {"companion.cli.join": "tenet"}
    reaching = sorted(
        (m, i)
        for m, imported in graph().items()
        if under(
            m,
            "companion.table.referee",
            "companion.table.table",
            "companion.table.live",
            "companion.table.watch",
        )
        or under(m, "companion.web", "companion.cli", "companion.vision", "companion.camera")
        for i in imported
        if folder(i) is not None and own.get(m) != folder(i)
    )
    assert reaching == []


def test_every_game_of_the_registry_has_its_rules():
    from companion.games import GAMES
    from companion.games.game import RULES, game

    assert set(RULES) == set(GAMES)
    assert all(game(name).spec is spec for name, spec in GAMES.items())
