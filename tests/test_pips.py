"""The pip reader on single faces drawn by the synthetic renderer, one difficulty at a time."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from companion.synth.dice import FaceOptions, render_face
from companion.vision.dice.pips import D6_VALUES, LAYOUTS, layout_residual, read_face

D6 = range(1, 7)
MIWIN = range(1, 10)


def reads(options: FaceOptions, values: range = MIWIN) -> list[int]:
    return [read_face(render_face(v, options, seed=v)).value for v in values]


def test_layouts_follow_the_rulings() -> None:
    # 7 = the six layout plus the centre, 8 = the 3x3 grid without its centre, 9 = full.
    assert set(LAYOUTS[7]) == set(LAYOUTS[6]) | {(0, 0)}
    assert (0, 0) not in LAYOUTS[8] and len(LAYOUTS[8]) == 8
    assert len(set(LAYOUTS[9])) == 9
    assert all(len(LAYOUTS[v]) == v for v in LAYOUTS)


def test_a_plain_face_reads_every_value() -> None:
    assert reads(FaceOptions()) == list(MIWIN)


@pytest.mark.parametrize("angle", [0, 17, 30, 45, 72])
def test_rotation(angle: float) -> None:
    assert reads(FaceOptions(angle=angle, margin=0.2)) == list(MIWIN)


def test_perspective_foreshortening_of_a_tilted_view() -> None:
    # 30° off vertical shortens one axis of the face to cos 30° ≈ 0.87.
    assert reads(FaceOptions(squash=0.85, angle=20, margin=0.15)) == list(MIWIN)


def test_uneven_light_and_a_soft_shadow_across_the_face() -> None:
    assert reads(FaceOptions(light=0.4, shadow=0.3), D6) == list(D6)


def test_specular_glints_on_the_pips() -> None:
    assert reads(FaceOptions(glint=True, angle=30, margin=0.2)) == list(MIWIN)


def test_touching_pips_of_a_d6() -> None:
    # Pip diameter equal to the grid step: the pips of the six's columns touch.
    assert reads(FaceOptions(radius=0.13, spacing=0.26), D6) == list(D6)


def test_coloured_die_with_light_pips_and_coloured_pips_on_white() -> None:
    assert reads(FaceOptions(body=(50, 50, 200), pips=(245, 245, 245))) == list(MIWIN)
    assert reads(FaceOptions(body=(240, 240, 240), pips=(40, 40, 200))) == list(MIWIN)
    assert reads(FaceOptions(body=(195, 225, 238), pips=(30, 30, 40))) == list(MIWIN)  # ivory


def test_noise_and_defocus() -> None:
    assert reads(FaceOptions(noise=8, blur=1.0), D6) == list(D6)


def test_motion_blur_is_flagged_not_trusted() -> None:
    for value in D6:
        assert read_face(render_face(value, FaceOptions(motion=14), seed=value)).blurred
    for value in D6:
        assert not read_face(render_face(value, FaceOptions(), seed=value)).blurred


def test_a_blank_face_reads_nothing() -> None:
    blank = np.full((64, 64, 3), 230, np.uint8)
    reading = read_face(blank)
    assert reading.value == 0 and reading.confidence == 0.0


def test_allowed_values_turn_a_misread_into_the_best_allowed_explanation() -> None:
    face = render_face(6, FaceOptions(), seed=1)
    assert read_face(face, frozenset({1, 2, 5, 6, 7, 9})).value == 6
    assert read_face(face, frozenset({1, 3, 4, 5, 8, 9})).value != 6  # 6 is not on die IV


def test_layout_residual_prefers_the_true_layout() -> None:
    grid = np.array(LAYOUTS[5], dtype=np.float64) * 10 + 32
    assert layout_residual(grid, 5)[0] < 0.01
    bent = grid.copy()
    bent[4] += (6, 0)  # the centre pip pushed halfway to the side
    assert layout_residual(bent, 5)[0] > 0.3
    assert layout_residual(grid, 4)[0] == float("inf")


@settings(max_examples=40, deadline=None)
@given(arrays(np.uint8, st.tuples(st.integers(1, 90), st.integers(1, 90), st.just(3))))
def test_any_image_gives_a_value_in_range_or_nothing(image: np.ndarray) -> None:
    reading = read_face(image, D6_VALUES)
    assert reading.value in {0, *D6_VALUES}
    assert 0.0 <= reading.confidence <= 1.0


def test_a_float_face_reads_as_its_8_bit_copy() -> None:
    face = render_face(5, FaceOptions(), seed=5)
    assert read_face(face.astype(np.float32) + 0.2) == read_face(face)


@settings(max_examples=30, deadline=None)
@given(arrays(np.uint8, (64, 64), elements=st.integers(0, 255)), st.booleans())
def test_the_16_bit_contrast_map_is_the_float_one(face: np.ndarray, dark: bool) -> None:
    import cv2

    from companion.vision.dice.pips import _BACKGROUND, _contrast_map, to_face

    gray = cv2.GaussianBlur(to_face(face), (3, 3), 0)
    if dark:
        background = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, _BACKGROUND)
        diff = background - gray
    else:
        diff = gray - cv2.morphologyEx(gray, cv2.MORPH_OPEN, _BACKGROUND)
        background = cv2.dilate(gray, _BACKGROUND)
    assert np.array_equal(_contrast_map(gray, dark), diff / np.maximum(background, 40.0))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 9),
    st.floats(0, 2 * np.pi),
    st.floats(6, 20),
    st.floats(-1, 1),
)
def test_a_layout_turned_scaled_and_moved_still_fits(
    value: int, turn: float, spacing: float, shift: float
) -> None:
    cells = np.array(LAYOUTS[value], np.float64)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    points = cells @ rotation.T * spacing + 40 + shift
    residual, found = layout_residual(points, value)
    assert residual < 1e-6 and found == pytest.approx(spacing)
