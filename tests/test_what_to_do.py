"""The page says what the players must do next where the rules ask something of them
(new-user trial s11 M6): a 1+2 jump or swap rolls again, a typed TENET Pasch puts the
stone on Jupiter."""

from __future__ import annotations

import pytest

from companion.model.position import start_position
from companion.table.table import Table
from companion.texts import render
from companion.web import create_app


@pytest.mark.parametrize(
    ("lang", "again"),
    [("de", "Rot würfelt noch einmal (2+1)"), ("en", "red rolls again (2+1)")],
)
def test_a_jump_on_1_2_says_that_the_player_rolls_again(lang, again):
    # M6b: after "Wurf 3, Sonderfeld … [würfelt noch einmal]" the status showed only
    # "Würfeln / Erlaubter Zug"; only the header's "Rot ist am Zug" hinted at it. The
    # roll is written as the page writes it everywhere ("Rot 2+1: …" in the history)
    table = Table.new(start_position("tunnelx", ["red", "yellow"]))
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([1, 2])
    ref.play_move(next(m for m in ref.legal if m.announcement == "Wurf 3, Sonderfeld"))
    assert ref.position.to_move == "red"
    assert again in render(ref.verdict.reason, lang)
    status = create_app({"TABLE": table, "TESTING": True}).test_client().get(f"/status?lang={lang}")
    assert again in status.get_data(as_text=True)


def test_a_plain_move_says_nothing_of_rolling_again():
    table = Table.new(start_position("tunnelx", ["red", "yellow"]))
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([1, 2])
    ref.play_move(next(m for m in ref.legal if m.announcement == "Wurf 2, 1, 0"))
    assert render(ref.verdict.reason, "de") == "Erlaubter Zug"


@pytest.mark.parametrize(
    ("lang", "stone"),
    [
        ("de", "Erlaubter Zug; Stein auf Jupiter legen; Rot würfelt noch einmal (5+5+3)"),
        ("en", "legal move; put the stone on Jupiter; red rolls again (5+5+3)"),
    ],
)
def test_a_typed_tenet_pasch_says_to_put_the_stone_on_its_planet(lang, stone):
    # M6c: the Pasch is recorded at once, no board shows it first: the players must be
    # told to move the stone (the page said only "Erlaubter Zug")
    table = Table.new(start_position("tenet", ["red", "yellow"]))
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([5, 5, 3])
    assert ref.last_move is not None and ref.last_move.announcement.startswith("Pasch 5")
    assert render(ref.verdict.reason, lang) == stone
    status = create_app({"TABLE": table, "TESTING": True}).test_client().get(f"/status?lang={lang}")
    assert stone in status.get_data(as_text=True)


def test_a_player_alone_is_not_told_to_roll_again_after_each_turn():
    # TENET may be played alone: the next turn is the same player's by turn, not by rule
    table = Table.new(start_position("tenet", ["red"]))
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([6, 3, 8])
    for words in ("8 von Start nach K1.5", "6 von K1.5 nach K1.11"):
        ref.play_move(next(m for m in ref.legal if m.announcement == words))
    ref.play_move(ref.legal[0])
    assert ref.position.to_move == "red" and not ref.position.spent
    assert "noch einmal" not in render(ref.verdict.reason, "de")
