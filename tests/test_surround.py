"""The board around a field (companion.vision.board.surround): what a hand hides, a piece leaves."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision.board.surround import hidden, ring_points

PRINTED = np.full((1, 8), 0.2)  # the calibration photos: print in every sector


def test_a_ring_that_keeps_its_print_is_not_hidden():
    assert not hidden(PRINTED * 0.9, PRINTED)[0]


def test_a_ring_that_lost_most_of_its_print_is_hidden():
    seen = PRINTED.copy()
    seen[0, :5] = 0.02  # five of eight sectors smooth: a hand
    assert hidden(seen, PRINTED)[0]


def test_a_tall_piece_or_a_shadow_over_a_few_sectors_is_not_a_hand():
    seen = PRINTED.copy()
    seen[0, :4] = 0.02
    assert not hidden(seen, PRINTED)[0]


def test_a_plain_board_has_no_print_to_lose():
    plain = np.full((1, 8), 0.01)
    assert not hidden(np.zeros((1, 8)), plain)[0]


def test_a_grid_line_in_three_sectors_is_enough_to_judge():
    lines = np.array([[0.2, 0.01, 0.2, 0.01, 0.2, 0.01, 0.01, 0.01]])
    assert hidden(np.zeros((1, 8)), lines)[0]
    assert not hidden(lines, lines)[0]


def test_no_ring_or_a_ring_out_of_view_never_counts():
    none = np.full((1, 8), np.nan)
    assert not hidden(np.zeros((1, 8)), none)[0]
    assert not hidden(np.full((1, 8), np.nan), PRINTED)[0]


def test_neighbours_too_close_leave_no_ring():
    centres = np.zeros((2, 2))
    rings = ring_points(centres, np.array([24.0, 34.0]), piece_radius=10.5)
    assert np.isnan(rings[0]).all()  # a 9x9 Go board: stones almost touch
    radius = np.hypot(*rings[1].reshape(-1, 2).T)
    assert radius.min() == pytest.approx(13.5) and radius.max() == pytest.approx(20.5)
