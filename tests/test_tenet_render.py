"""`companion render` of a TENET position shows the balls waiting on start and the stone."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tenet_helpers import make

from companion.render import draw_board, to_svg
from companion.render.tenet import STONE

SVG = "{http://www.w3.org/2000/svg}"


def svg(pos):  # type: ignore[no-untyped-def]
    return ET.fromstring(to_svg(draw_board(pos.layout, pos)))


def test_the_waiting_balls_are_counted_per_colour_and_the_stone_is_drawn_on_its_field() -> None:
    pos = make({"red": ["K1.4", "P3.3", "X1-7"], "blue": ["X3-5", "P5.2"]}, stone="P3.3")
    root = svg(pos)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "stone on Erde (P3.3) · on start: red 6, blue 7" in texts
    assert {"6", "7"} <= set(texts)
    gems = [p for p in root.iter(f"{SVG}polygon") if p.get("fill") == STONE]
    assert len(gems) == 1


def test_the_stone_waits_in_the_zentrum_at_the_start() -> None:
    root = svg(make({"red": [], "blue": [], "green": []}))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "stone in the Zentrum · on start: red 9, blue 9, green 9" in texts
