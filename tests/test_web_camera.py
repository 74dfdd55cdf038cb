"""The camera view on the page shows what the referee's own reading saw.

The markers are outlined, each field's disc is drawn in the colour read there, and each
die gets a box with the value read. The drawing is made once per frame from the
watcher's reading (the one the referee judges), not by each page that looks.
"""

from __future__ import annotations

import cv2
import numpy as np
from conftest import on_synthetic_camera, position

from companion.synth.dice import render_scene, scene_options
from companion.table.live import table_photographer
from companion.table.table import Table
from companion.vision import BoardReader
from companion.vision.dice.reader import read_dice
from companion.vision.overlay import EMPTY, MARKER, bgr, draw_board, draw_dice


def ring_pixels(view, x, y, r):  # type: ignore[no-untyped-def]
    """The BGR values on the circle of radius r around (x, y)."""
    angles = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    xs = np.round(x + r * np.cos(angles)).astype(int)
    ys = np.round(y + r * np.sin(angles)).astype(int)
    return view[ys, xs].astype(int)


def test_fields_are_ringed_in_the_colour_read_and_markers_outlined():
    table = Table.new(position().moved({"red.S1": "U2.7"}))
    photo = table_photographer(table)()
    reader = BoardReader(table.position.layout)
    location = reader.locator.locate(photo)
    read = reader.read(photo, location)
    assert read.fields["U2.7"] == "red"
    view = photo.copy()
    draw_board(view, read, location, reader)
    sampler = reader.sampler
    centres = location.project(sampler.centres)
    radii = np.linalg.norm(location.project(sampler.offsets_mm[:, -1]) - centres, axis=1)
    k = sampler.ids.index("U2.7")
    ring = ring_pixels(view, *centres[k], round(radii[k]) + 2)
    assert (np.abs(ring - bgr("red")).max(axis=1) < 40).mean() > 0.8
    k = sampler.ids.index("U1.3")  # an empty field: a thin grey circle
    assert "U1.3" not in read.fields
    ring = ring_pixels(view, *centres[k], round(radii[k]))
    assert (np.abs(ring - EMPTY).max(axis=1) < 60).mean() > 0.5
    cyan = np.all(view == MARKER, axis=2) & ~np.all(photo == MARKER, axis=2)
    assert cyan.sum() > 4 * 40  # four marker outlines


def test_dice_get_a_box_and_the_value_read():
    scene = render_scene(3, scene_options(moving=0.0))
    reading = read_dice(scene.image)
    assert reading.dice and all(d.side > 0 for d in reading.dice)
    view = scene.image.copy()
    draw_dice(view, reading)
    die = reading.dice[0]
    half = round(die.side / 2)
    box = view[round(die.y) - half, round(die.x) - half // 2 : round(die.x) + half // 2]
    assert (box == (255, 255, 255)).all(axis=1).mean() > 0.8  # the box's top edge


def test_the_live_view_is_drawn_from_the_watchers_own_reading():
    table = Table.new(position())
    reader = BoardReader(table.position.layout)
    live = on_synthetic_camera(table, reader=reader)
    glance = live.step()
    assert glance is not None and glance.read is not None and glance.location is not None
    view = cv2.imdecode(np.frombuffer(live.jpeg() or b"", np.uint8), cv2.IMREAD_COLOR)
    frame = live.frame()
    assert frame is not None and view.shape[1] == min(960, frame.shape[1])
    plain = cv2.resize(frame, (view.shape[1], view.shape[0]))
    # pieces are ringed in their colour: the view differs from the frame around red.S1
    sampler = reader.sampler
    scale = view.shape[1] / frame.shape[1]
    x, y = glance.location.project(sampler.centres)[sampler.ids.index("red.S1")] * scale
    patch = (slice(round(y) - 25, round(y) + 25), slice(round(x) - 25, round(x) + 25))
    assert np.abs(view[patch].astype(int) - plain[patch]).max() > 100
