"""The house (issues 22 and 36, docs/architecture.md): no import circle in ``companion/``,
counting the imports made inside functions and for type checking, since a lazy import that
breaks a circle only hides it; every module in a room, and no room importing one above it;
and the referee, the command line and the page never name a game (they ask its rules,
companion/games/game.py)."""

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


#: A board's style (``layout.style``, ``GameSpec.board``) has the name of the game it was
#: drawn for; comparing it asks what the board looks like, not which game is played.
BOARD_STYLE = ("style", "board")


def games_named(path: Path) -> list[str]:
    """The comparisons with a game's name in a module (``game == "tenet"``, ``in (…)``)."""
    from companion.games import GAMES

    names = set(GAMES)
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        if any(isinstance(s, ast.Attribute) and s.attr in BOARD_STYLE for s in sides):
            continue
        for side in sides:
            texts = [side] if isinstance(side, ast.Constant) else getattr(side, "elts", [])
            if any(isinstance(t, ast.Constant) and t.value in names for t in texts):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


#: Modules outside the games that still name one, and why.
NAMING = {
    # each game's words for the offline recogniser (JSGF or a countdown graph, issue 34):
    # a grammar per game that the Game protocol does not hold yet
    "companion/listen/grammar.py",
}


def test_no_one_outside_the_games_names_a_game():
    """What differs between games is asked of their Game or read from their GameSpec."""
    paths = [p for p in sorted(PACKAGE.rglob("*.py")) if PACKAGE / "games" not in p.parents]
    naming = {hit.split(":")[0] for p in paths for hit in games_named(p)}
    assert sorted(naming - NAMING) == []
    assert sorted(NAMING - naming) == []  # an allowance no longer needed goes


# Who may import whom (docs/architecture.md). ------------------------------------------

#: The rooms of companion/, lowest first: a module imports its own floor and those below,
#: never one above. The games' specs (companion/games/__init__.py: data) are on the second
#: floor; the rules (the rest of companion/games/) above the model.
FLOORS = (
    ("companion", "companion.errors", "companion.textfile", "companion.imagecheck"),
    ("companion.texts", "the specs"),
    ("companion.model", "companion.layouts"),
    ("companion.games",),
    ("companion.settings", "companion.store"),
    ("companion.render",),
    ("companion.vision", "companion.camera", "companion.synth", "companion.tray"),
    ("companion.panel", "companion.listen"),
    ("companion.table",),
    ("companion.web", "companion.cli", "companion.hub", "companion.figures"),
    ("companion.__main__",),
)
#: The imports that go up a floor, and why each is allowed.
UPSTAIRS = {
    # the synthetic recorded games shrink their dice frames as the watcher does
    ("companion.synth.game", "companion.table.watch"),
}
#: The games' folders, found as a new game adds its own (docs/architecture.md).
GAME_FOLDERS = tuple(sorted(p.parent.name for p in (PACKAGE / "games").glob("*/__init__.py")))


def graph() -> dict[str, set[str]]:
    found = modules()
    return {m: imports(m, p, set(found)) for m, p in found.items()}


def floor(name: str) -> int:
    """The floor of a module (its place in FLOORS), or -1 if it lives in no room."""
    name = "the specs" if name == "companion.games" else name
    for level, rooms in enumerate(FLOORS):
        if name in rooms or any(name.startswith(r + ".") for r in rooms if r != "companion"):
            return level
    return -1


def folder(name: str) -> str | None:
    """The game folder a module belongs to (``tenet`` for companion.games.tenet.live)."""
    parts = name.split(".")
    if parts[:2] == ["companion", "games"] and len(parts) > 2 and parts[2] in GAME_FOLDERS:
        return parts[2]
    return None


def under(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def test_every_module_lives_in_a_room():
    assert sorted(m for m in modules() if floor(m) < 0) == []


def test_every_room_says_what_it_is_and_who_may_import_it():
    rooms = [p.parent for p in PACKAGE.glob("*/__init__.py")]
    assert [
        r.name
        for r in rooms
        if not ast.get_docstring(ast.parse(r.joinpath("__init__.py").read_text()))
    ] == []


def test_no_room_imports_a_room_above_it():
    upstairs = {(m, i) for m, imported in graph().items() for i in imported if floor(i) > floor(m)}
    assert sorted(upstairs - UPSTAIRS) == []
    assert sorted(UPSTAIRS - upstairs) == []  # an allowance no longer needed goes


def test_the_games_never_import_the_table_the_page_or_the_cli():
    above = ("companion.table", "companion.web", "companion.cli", "companion.hub")
    bad = sorted(
        (m, i)
        for m, imported in graph().items()
        if under(m, "companion.games")
        for i in imported
        if under(i, *above)
    )
    assert bad == []


def test_a_game_folder_imports_no_other_game_and_nothing_shared_imports_a_game():
    crossing = sorted(
        (m, i)
        for m, imported in graph().items()
        if under(m, "companion.games") and m != "companion.games.game"
        for i in imported
        if (folder(i) is not None and folder(i) != folder(m)) or i == "companion.games.game"
    )
    assert crossing == []


def test_the_rooms_reach_a_game_only_through_its_protocol():
    #: Outside games/, only these may import a game's folder, each for its own game:
    #: `companion join` is TENET's; TENET's board is drawn from its own shape; the
    #: benchmark measures the games' own engines (a new game reaches the rest through
    #: games/game.py, or this fails; the synthetic recorded games do, since newcomer-20).
    own = {
        "companion.cli.join": {"tenet"},
        "companion.render.tenet": {"tenet"},
        "companion.figures.measure": {"zwianer"},
        "companion.figures.rules": {"zwianer"},
        "companion.figures.worst": {"tenet", "zwianer"},
    }
    reaching = sorted(
        (m, i)
        for m, imported in graph().items()
        if not under(m, "companion.games")
        for i in imported
        if folder(i) is not None and folder(i) not in own.get(m, set())
    )
    assert reaching == []


def test_every_game_of_the_registry_has_its_rules():
    from companion.games import GAMES
    from companion.games.game import RULES, game

    assert set(RULES) == set(GAMES)
    assert all(game(name).spec is spec for name, spec in GAMES.items())


def test_the_vision_and_the_cameras_read_pixels_and_never_the_rules():
    # they may read the specs (which games use which board) but no game's rules
    reaching = sorted(
        (m, i)
        for m, imported in graph().items()
        if under(m, "companion.vision", "companion.camera")
        for i in imported
        if under(i, "companion.games") and i != "companion.games"
    )
    assert reaching == []
