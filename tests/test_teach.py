"""Teaching spells out the rulebook's examples with their arithmetic."""

from __future__ import annotations

from companion.games.zwianer.check import parse_move
from companion.games.zwianer.gravitation import legal_moves
from companion.games.zwianer.teach import spell_out
from companion.model.position import parse_position


def example(name: str):  # type: ignore[no-untyped-def]
    with open(f"docs/examples/{name}.json", encoding="utf-8") as f:
        return parse_position(f.read())


def test_the_push_example_of_the_summary_card():
    move = parse_move(example("push"), (3, 2), "Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0")
    steps = spell_out(move)
    assert [s.words for s in steps] == ["Wurf 5", "Umlaufbahn 3", "2", "Stoß 2", "1", "0"]
    assert steps[0].arithmetic == "3 + 2 = 5"
    assert steps[1].arithmetic == "5 − 2 = 3" and "gravity 2" in steps[1].meaning
    assert steps[2].arithmetic == "3 − 1 = 2"
    assert "chain" in steps[3].meaning
    assert steps[5].arithmetic == "1 − 1 = 0"


def test_one_die_is_named_as_such():
    position = example("push")
    moves = [m for m in legal_moves(position, (3, 2)) if m.dice == "one die"]
    assert moves
    assert spell_out(moves[0])[0].arithmetic.startswith("one die of 3 and 2")


def test_taking_from_the_store_is_an_addition():
    position = example("push")
    moves = [m for m in legal_moves(position.with_energy("red", 3), (3, 2)) if m.store > 0]
    step = spell_out(moves[0])[1]
    assert step.words.startswith("Speicher") and " + " in step.arithmetic
    assert "taken from your store" in step.meaning
