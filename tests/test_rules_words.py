"""The rules' own refusals in the players' language (brief nc9, item 3): a demand on a
piece that stands on no other player's special field, and "Todesstoß needs N die rolls",
were English under every language; so was every other refusal the games built from a
plain string. Each is a sentence of the catalogue (companion/texts/rules.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from gravitation_helpers import make

from companion import texts
from companion.errors import CompanionError
from companion.games.zwianer.gravitation import legal_moves, with_demands
from companion.games.zwianer.pushes import resolve_death_push
from companion.model.position import start_position

GAMES = Path(__file__).parent.parent / "companion" / "games"
#: The errors a player reads (companion/errors.py), not a bug's AssertionError.
SAID = {"CompanionError", "PositionError", "LayoutError", "IllegalMove", "AmbiguousMove"}
SAID |= {"InvalidAnnouncement", "TooManyTurns"}


def said_in_either(call, *args):  # type: ignore[no-untyped-def]
    with pytest.raises(CompanionError) as info:
        call(*args)
    said = texts.message(info.value)
    assert isinstance(said, texts.Text), said  # a sentence, not a plain string
    return texts.render(said, "de"), texts.render(said, "en")


def test_a_demand_on_a_piece_on_no_special_field_is_said_in_german():
    position = start_position("gravitation", ["red", "yellow"])
    german, english = said_in_either(with_demands, position, ["red.S1"])
    assert german == (
        "keine Forderung auf S1 von Rot möglich: dort steht kein Stein von Rot auf einem "
        "Sonderfeld eines anderen Spielers"
    )
    assert english == (
        "no demand possible on red's S1: not a piece of red on another player's special field"
    )


def test_a_death_push_with_too_few_rolls_is_said_in_german():
    pos = make({"red": ["U1.20"], "yellow": ["U1.21", "U1.22"]}, death_push=True)
    (move,) = [m for m in legal_moves(pos, (6, 5)) if m.pending is not None][:1]
    german, english = said_in_either(resolve_death_push, move, [1, 2])
    assert german == "der Todesstoß braucht 3 Würfe (einen je Stein), nicht 2"
    assert english == "Todesstoß needs 3 die rolls (one per piece), got 2"
    german, english = said_in_either(resolve_death_push, move, [1, 2, 7])
    assert (german, english) == ("ein Würfel zeigt 1 bis 6, nicht 7", "a die roll is 1 to 6, not 7")


def plain_refusals(path: Path) -> list[str]:
    """The refusals of a module built from a plain string ("…" or f"…"), not a sentence."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        name = getattr(node.exc.func, "id", getattr(node.exc.func, "attr", ""))
        first = node.exc.args[0] if node.exc.args else None
        if name in SAID and isinstance(first, (ast.Constant, ast.JoinedStr)):
            found.append(f"{path.relative_to(GAMES.parent.parent)}:{node.lineno}")
    return found


def test_no_game_refuses_with_a_plain_english_string():
    assert [hit for path in sorted(GAMES.rglob("*.py")) for hit in plain_refusals(path)] == []
