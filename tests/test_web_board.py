"""The board on the table page (issue 21.2): every field named on hover and tap, the last
move drawn as an arrow with what it pushed, and the piece size the page zooms by."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from conftest import position

from companion.render import LastMove, draw_board, to_image, to_svg
from companion.render.trail import TRAIL
from companion.web import Table, create_app

SVG = "{http://www.w3.org/2000/svg}"


def client_for(table: Table):  # type: ignore[no-untyped-def]
    return create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "2468"}).test_client()


def test_every_field_is_named_with_the_piece_on_it_in_the_pages_language():
    table = Table.new(position())
    svg = ET.fromstring(client_for(table).get("/board.svg?lang=de").get_data(as_text=True))
    spots = svg.findall(f".//{SVG}circle[@class='spot']")
    assert len(spots) == len(table.position.layout.fields)
    names = {s.get("data-field"): s.find(f"{SVG}title").text for s in spots}
    assert names["U1.1"] == "U1.1" and names["red.S1"] == "S1 von Rot: Rot"
    assert svg.get("data-piece") == "18"  # the page zooms until a piece is 24 px


def test_the_last_move_is_an_arrow_along_its_path():
    table = Table.new(position())
    client = client_for(table)
    assert TRAIL not in client.get("/board.svg").get_data(as_text=True)  # no move yet
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([1, 1])
    move = next(m for m in ref.legal if len(m.path) > 2)
    ref.play(ref.legal.index(move))
    svg = client.get("/board.svg").get_data(as_text=True)
    fields = table.position.layout.fields
    start, end = fields[move.path[0]], fields[move.path[1]]
    assert re.search(  # the first stretch of the path, from the start field
        rf'<line x1="{start.x:.2f}" y1="{start.y:.2f}" x2="{end.x:.2f}" y2="{end.y:.2f}" '
        rf'stroke="{TRAIL}"',
        svg,
    )
    assert f'fill="{TRAIL}"' in svg  # the head


def test_pushed_pieces_get_their_own_arrow_and_destroyed_ones_a_cross():
    class Pushed:
        start, end = "U2.7", "U2.9"

    class Gone:
        field = "U3.1"

    class Move:
        start, end, path = "red.S1", "U2.7", ("red.S1", "U1.38", "U2.7")
        pushes, destroyed, swapped = (Pushed(),), (Gone(),), None

    last = LastMove.of(Move())
    assert last == LastMove(("red.S1", "U1.38", "U2.7"), (("U2.7", "U2.9"),), ("U3.1",))
    scene = draw_board(position().layout, position(), last_move=last)
    heads = [i for i in scene.items if getattr(i, "fill", None) == TRAIL]
    crosses = [i for i in scene.items if getattr(i, "stroke", None) == TRAIL]
    assert len(heads) == 2 and len(crosses) >= 5  # two arrows; lines, start ring, cross
    to_image(scene, 0.5)  # the raster draws it too
    assert "spot" not in to_svg(scene)  # names only where the page asks for them


def test_a_tenet_turn_draws_each_step_and_where_a_hit_ball_was_put():
    from companion.games.tenet.moves import Step

    class Turn:
        steps = (Step(3, "start", "K1.3"), Step(4, "K1.3", "K1.7", hit="green", put="P1.1"))

    assert LastMove.of(Turn()) == LastMove(("start", "K1.3"), (("K1.3", "K1.7"), ("K1.7", "P1.1")))


def test_every_game_draws_its_last_move_on_the_page():
    from companion.model.position import start_position

    for game, roll in (("tunnelx", [3, 4]), ("tuerme", [6, 3]), ("tenet", [3, 4, 1])):
        players = ["red", "green"] if game == "tenet" else ["red", "yellow"]
        table = Table.new(start_position(game, players))
        table.referee.confirm_board()
        table.referee.observe_dice(roll)
        table.referee.play(0)
        svg = client_for(table).get("/board.svg").get_data(as_text=True)
        assert f'fill="{TRAIL}"' in svg, game  # the arrow's head
        ET.fromstring(svg)
