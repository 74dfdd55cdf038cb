"""A still table costs a thumbnail: the same picture again is not read again, while any
moved piece, and only the light over the whole table, is told apart."""

from __future__ import annotations

import numpy as np
import pytest

from companion.model.position import start_position
from companion.synth import default_camera, photograph
from companion.table.referee import Referee
from companion.table.watch import REREAD, Watcher, same_picture, thumbnail
from companion.vision import BoardReader

START = start_position(players=["red", "yellow", "green", "blue", "white"])


def shot(position, seed=3):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    return photograph(position, rng, camera=default_camera(), scene_seed=4).image


def noisy(image, seed):  # type: ignore[no-untyped-def]
    grain = np.random.default_rng(seed).normal(0, 3, image.shape)
    return np.clip(image + grain, 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def table():  # type: ignore[no-untyped-def]
    return shot(START)


def test_the_same_table_again_is_the_same_picture_camera_noise_and_light_aside(table):
    assert same_picture(thumbnail(table), thumbnail(noisy(table, 1)))
    brighter = np.clip(table.astype(np.int16) + 12, 0, 255).astype(np.uint8)
    assert same_picture(thumbnail(table), thumbnail(brighter))


@pytest.mark.parametrize("colour", ["red", "yellow", "green", "blue", "white"])
def test_any_piece_moved_one_field_is_a_new_picture(table, colour):
    moved = START.moved({f"{colour}.S1": "U1.13"})
    assert not same_picture(thumbnail(table), thumbnail(noisy(shot(moved), 2)))


def test_a_still_table_is_read_once_then_counted_until_the_reread(table, monkeypatch):
    reader = BoardReader(START.layout)
    reads: list[int] = []
    real = reader.read

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        reads.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(reader, "read", counting)
    watcher = Watcher(Referee.start(START, lambda *_: []), reader)
    glances = [watcher.look(noisy(table, n)) for n in range(REREAD + 2)]
    assert [g.still for g in glances[:3]] == [False, False, True]  # three quiet frames
    assert all(g.kind == "board" and g.still for g in glances[2:])
    assert len(reads) == 2  # the first frame, and once more after REREAD frames
