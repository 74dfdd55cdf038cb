"""The board picture: what the foundation issue asks it to show, in SVG and in PNG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import cv2
import numpy as np
import pytest
from conftest import position

from companion.errors import CompanionError
from companion.model.layoutfile import builtin_layouts, load_layout
from companion.model.position import start_position
from companion.render import PIECE_COLOURS, draw_board, field_radii, save, to_image, to_svg
from companion.render.board import LINE_PAINT
from companion.render.paint import FIELD
from companion.render.scene import bgr

SVG = "{http://www.w3.org/2000/svg}"


def svg_tree(pos):  # type: ignore[no-untyped-def]
    return ET.fromstring(to_svg(draw_board(pos.layout, pos)))


def fills(root, tag):  # type: ignore[no-untyped-def]
    return [e.get("fill") for e in root.iter(f"{SVG}{tag}")]


def test_the_start_position_of_five_players_shows_every_piece():
    pos = start_position()
    root = svg_tree(pos)
    circles = fills(root, "circle")
    for colour in pos.players:
        assert circles.count(PIECE_COLOURS[colour]) >= 5  # five pieces (+ the energy store)


def test_rings_are_green_and_spokes_carry_their_colours_with_arrows():
    root = svg_tree(start_position())
    rings = [e for e in root.iter(f"{SVG}circle") if e.get("stroke") == LINE_PAINT["green"]]
    assert len(rings) == 5
    strokes = [e.get("stroke") for e in root.iter(f"{SVG}line")]
    for colour in ("red", "blue", "yellow"):
        assert strokes.count(LINE_PAINT[colour]) == 20
    arrows = fills(root, "polygon")
    assert arrows.count(LINE_PAINT["red"]) == 40  # both ways: two heads a line
    assert arrows.count(LINE_PAINT["blue"]) == 20
    assert arrows.count(LINE_PAINT["yellow"]) == 20
    assert arrows.count(LINE_PAINT["green"]) > 0


def test_gravity_numbers_are_printed_in_the_ring_fields():
    texts = [e.text for e in svg_tree(start_position()).iter(f"{SVG}text")]
    for gravity, fields in (("1", 40), ("2", 40), ("3", 20), ("5", 20), ("7", 20)):
        assert texts.count(gravity) >= fields


def test_special_fields_are_ringed_in_their_owners_colour():
    root = svg_tree(start_position())
    rings = [e.get("stroke") for e in root.iter(f"{SVG}circle") if e.get("fill") == "none"]
    for colour in ("red", "yellow", "green", "blue", "white"):
        assert rings.count(PIECE_COLOURS[colour]) == 6  # F1..F5 and S1


def test_the_png_shows_a_piece_where_it_stands():
    pos = position().moved({"red.S1": "U3.5"})
    img = to_image(draw_board(pos.layout, pos), px_per_mm=2.0)
    assert img.shape == (1320, 1320, 3)
    f = pos.layout.fields["U3.5"]
    x, y = round((f.x + 330) * 2), round((f.y + 330) * 2)
    assert tuple(int(v) for v in img[y, x]) == bgr(PIECE_COLOURS["red"])


@pytest.mark.parametrize("name", builtin_layouts())
def test_the_markers_are_real_aruco_markers(name):
    img = to_image(draw_board(load_layout(name)), px_per_mm=1.0)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    _corners, ids, _rejected = detector.detectMarkers(img)
    own = sorted(m.id for m in load_layout(name).markers)
    assert ids is not None and sorted(ids.ravel().tolist()) == own


def test_every_board_has_its_own_markers():
    ids = [frozenset(m.id for m in load_layout(name).markers) for name in builtin_layouts()]
    assert all(len(i) == 4 for i in ids) and len(frozenset().union(*ids)) == 4 * len(ids)


@pytest.mark.parametrize("name", ["tuerme", "tenet"])
def test_plain_fields_are_empty_grey_and_labelled_fields_carry_print(name):
    """The board reader's contract: a labelled field is printed on, a plain one is not."""
    layout = load_layout(name)
    img = to_image(draw_board(layout), px_per_mm=2.0)
    radius = field_radii(layout)
    for f in layout:
        r = radius[f.id] * 0.5 * 2  # the inner half of the disc, in pixels
        x, y = round((f.x + layout.width / 2) * 2), round((f.y + layout.height / 2) * 2)
        disc = img[round(y - r) : round(y + r) + 1, round(x - r) : round(x + r) + 1].reshape(-1, 3)
        inked = int((disc.sum(axis=1) < 200).sum())
        if f.label is None and f.owner is None:
            assert tuple(int(v) for v in img[y, x]) == bgr(FIELD), f.id
            assert inked == 0, f.id
        elif f.label is not None:
            assert inked > 3, f.id


def test_the_energy_store_shows_the_stone_on_its_value():
    pos = position(energy={"red": 3, "yellow": 0})
    root = svg_tree(pos)
    lit = [e for e in root.iter(f"{SVG}text") if e.get("fill") == "#23283a" and e.text == "3"]
    assert lit  # the value cell is drawn in dark ink on the player's colour


def test_save_writes_svg_and_png_and_refuses_other_formats(tmp_path):
    scene = draw_board(start_position().layout, start_position())
    save(scene, tmp_path / "b.svg")
    save(scene, tmp_path / "b.png", px_per_mm=1.0)
    assert (tmp_path / "b.svg").read_text().startswith("<svg")
    img = cv2.imread(str(tmp_path / "b.png"))
    assert img is not None and img.shape == (660, 660, 3)
    assert np.unique(img.reshape(-1, 3), axis=0).shape[0] > 20
    with pytest.raises(CompanionError, match=r"use \.svg or \.png"):
        save(scene, tmp_path / "b.gif")
