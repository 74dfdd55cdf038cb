"""The race game's words as the players read them: the help page's pictures, an
announcement that does not fit quoted as said, fields named as the board names them
(new-user trial s10, the Munich club)."""

from __future__ import annotations

import pytest

from companion.games.game import check
from companion.model.position import start_position
from companion.texts.help import GLOSSARY
from companion.web.pictures import _TUERME, _position

EXAMPLE = dict(GLOSSARY["tuerme"])
ROLLS = {
    "raus": (6, 3),
    "Brücke": (2, 5),
    "Turm": (5, 2),
    "auflösen": (5, 2),
    "befreien": (1, 1),
    "drauf": (5, 2),
    "Ziel": (4, 1),
    "Superzahl": (1, 6),
    "passe": (5, 2),
}


@pytest.mark.parametrize("word", list(EXAMPLE))
def test_each_help_picture_shows_the_board_its_example_is_played_on(word):
    # trial s10: „auflösen, 5 und 2, drauf“ under a tower with yellow on top, ringed 5 on
    shown = _TUERME[word]
    layout = start_position("tuerme", players=["red", "yellow"]).layout
    pos = _position("tuerme", layout, ("red", "yellow"), shown)
    start = None if word == "passe" else shown.marked[0]
    verdict = check(pos, ROLLS[word], EXAMPLE[word], start=start)
    assert verdict.verdict == "legal", verdict.reason
    assert verdict.move is not None
    assert verdict.move.kind == "pass" or verdict.move.end in shown.marked


def test_the_dissolved_tower_has_red_on_top_and_red_leaves_it_alone():
    shown = _TUERME["auflösen"]
    layout = start_position("tuerme", players=["red", "yellow"]).layout
    pos = _position("tuerme", layout, ("red", "yellow"), shown)
    start = shown.marked[0]
    assert pos.stacks[start] == ("yellow", "red")  # bottom, top
    move = check(pos, (5, 2), EXAMPLE["auflösen"], start=start).move
    assert move is not None and move.after.stacks[start] == ("yellow",)
