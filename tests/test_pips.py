"""A face's pip layouts follow the rulings, and a face smeared by motion is told apart."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from companion.synth.dice import FaceOptions, render_face
from companion.vision.dice.pips import LAYOUTS, SIZE, anisotropy
from companion.vision.dice.reader import BLUR


def gray(face: np.ndarray) -> np.ndarray:
    small = cv2.resize(face, (SIZE, SIZE), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32)


def test_layouts_follow_the_rulings() -> None:
    # 7 = the six layout plus the centre, 8 = the 3x3 grid without its centre, 9 = full.
    assert set(LAYOUTS[7]) == set(LAYOUTS[6]) | {(0, 0)}
    assert (0, 0) not in LAYOUTS[8] and len(LAYOUTS[8]) == 8
    assert len(set(LAYOUTS[9])) == 9
    assert all(len(LAYOUTS[v]) == v for v in LAYOUTS)


def test_motion_blur_is_told_from_round_pips() -> None:
    for value in range(1, 7):
        assert anisotropy(gray(render_face(value, FaceOptions(motion=14), seed=value))) < BLUR
        assert anisotropy(gray(render_face(value, FaceOptions(), seed=value))) >= BLUR


@settings(max_examples=40, deadline=None)
@given(arrays(np.float32, (SIZE, SIZE), elements=st.floats(0, 255, width=32)))
def test_anisotropy_of_any_face_lies_between_0_and_1(face: np.ndarray) -> None:
    assert 0.0 <= anisotropy(face) <= 1.0
