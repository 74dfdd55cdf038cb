"""Candidate places for dice: pips found as spots and grouped into faces."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from companion.synth.dice import FaceOptions, render_face
from companion.vision.dice.spots import candidates, find_spots


def on_table(face: np.ndarray, table: tuple[int, int, int] = (90, 120, 150)) -> np.ndarray:
    """A 40 px face in the middle of a plain 200×200 table."""
    image = np.empty((200, 200, 3), np.uint8)
    image[:] = table
    image[80:120, 80:120] = cv2.resize(face, (40, 40), interpolation=cv2.INTER_AREA)
    return image


@pytest.mark.parametrize("value", range(1, 7))
def test_the_pips_of_a_face_are_one_candidate_at_its_centre(value: int) -> None:
    image = on_table(render_face(value, FaceOptions(angle=20.0)))
    near = [c for c in candidates(image) if math.hypot(c.x - 100, c.y - 100) < 5]
    # a face is about seven pip diameters wide (a 1's white face is a light spot as well)
    assert any(c.spots == value and 25 < c.side < 60 for c in near)


def test_light_pips_on_a_dark_die_and_red_pips_on_black() -> None:
    for body, pips in (((40, 40, 40), (235, 235, 235)), ((30, 30, 30), (40, 40, 200))):
        image = on_table(render_face(5, FaceOptions(body=body, pips=pips)), (200, 200, 200))
        spots = [s for s in find_spots(image) if abs(s.x - 100) < 20 and abs(s.y - 100) < 20]
        assert len(spots) == 5 and all(s.light for s in spots)


def test_a_plain_table_has_no_candidates() -> None:
    image = np.full((120, 160, 3), 128, np.uint8)
    assert candidates(image) == []


def test_a_dim_photo_is_looked_at_with_lower_contrasts() -> None:
    # a white die whose light parts reach 120 instead of 230: its pips differ from it by
    # about half as much, and are found all the same
    face = render_face(5, FaceOptions(body=(115, 115, 115), pips=(95, 95, 95)))
    image = on_table(face, (90, 90, 90))
    assert any(c.spots == 5 for c in candidates(image))


def test_a_dim_noisy_photo_has_no_candidates() -> None:
    # a covered camera or a dark room: the contrasts go down with the light, but not into
    # the camera's noise (each grain was a spot: 1,705 candidates)
    image = np.random.default_rng(0).normal(60, 8, (480, 640, 3)).clip(0, 255).astype(np.uint8)
    assert candidates(image) == []
