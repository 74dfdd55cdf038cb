"""`companion render` of a race position: counts on towers, homes and goals, and the
colour of a mixed tower's captured piece round its top piece."""

from __future__ import annotations

import math

from tuerme_helpers import make

from companion.render import draw_board
from companion.render.paint import PIECE_COLOURS
from companion.render.scene import Circle, Text


def texts_near(scene, x: float, y: float) -> set[str]:  # type: ignore[no-untyped-def]
    return {
        i.text for i in scene.items if isinstance(i, Text) and math.hypot(i.x - x, i.y - y) < 12
    }


def test_a_mixed_tower_shows_two_pieces_and_the_captured_colour() -> None:
    pos = make(
        {"red": ["50"], "yellow": ["50"]},
        stacks={"50": ["yellow", "red"]},
        players=["red", "yellow"],
    )
    f = pos.layout.fields["T.50"]
    scene = draw_board(pos.layout, pos)
    assert "2" in texts_near(scene, f.x, f.y)
    pieces = [i for i in scene.items if isinstance(i, Circle) and (i.x, i.y) == (f.x, f.y)]
    assert pieces[-1].stroke == PIECE_COLOURS["yellow"]  # the ring round the red top
    assert PIECE_COLOURS["red"] in [i.fill for i in pieces]


def test_homes_and_goals_show_how_many_pieces_they_hold() -> None:
    pos = make({"red": ["red.goal", "red.goal", "40"]}, players=["red", "yellow"])
    scene = draw_board(pos.layout, pos)
    home, goal = pos.layout.fields["red.home"], pos.layout.fields["red.goal"]
    assert "3" in texts_near(scene, home.x, home.y) and "2" in texts_near(scene, goal.x, goal.y)
    yellow = pos.layout.fields["yellow.home"]
    assert "6" in texts_near(scene, yellow.x, yellow.y)


def test_a_single_piece_has_no_count() -> None:
    pos = make({"red": ["40"]}, players=["red", "yellow"])
    f = pos.layout.fields["T.40"]
    assert texts_near(draw_board(pos.layout, pos), f.x, f.y) <= {"40"}
