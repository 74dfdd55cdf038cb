"""The plain board around the fields (fields._intruders): a hand there is no light on the
board; a glare spot that clips a channel of the board's colour is."""

from __future__ import annotations

import numpy as np

from companion.vision.board.fields import MIN_INTRUDED, _intruders

ORANGE = np.array([38.0, 116.5, 216.0])  # the orange look's board (BGR), its red near the top
xs, ys = np.meshgrid(np.arange(-240.0, 241.0, 12.0), np.arange(-240.0, 241.0, 12.0))
PROBES_MM = np.column_stack([xs.ravel(), ys.ravel()])
SPOT = np.hypot(*(PROBES_MM - [-150.0, -220.0]).T) < 45.0  # a glare spot's probes


def lit(board: np.ndarray, gain: float = 1.3, glare: float = 50.0) -> np.ndarray:
    """The board's probes under a bright lamp, a glare spot, noise; the sensor clips at 255."""
    seen = gain * board[None, :] + glare * SPOT[:, None]
    seen += np.random.default_rng(3).normal(0, 2, seen.shape)
    return np.clip(seen, 0, 255)


def test_a_glare_spot_that_clips_the_red_of_an_orange_board_is_no_hand():
    """Found on bench/board.py (issue 31, orange look, seed 2): a glare spot over the
    board's margin clipped its red; the probes asked for the red the light would make,
    above 255, and called the frame 'a hand or an object is over the board'."""
    probes = lit(ORANGE)
    assert (probes[SPOT, 2] >= 250).all() and SPOT.sum() >= MIN_INTRUDED
    assert _intruders(probes, PROBES_MM, ORANGE, 240.0) < MIN_INTRUDED


def test_a_hand_in_that_glare_spot_is_still_a_hand():
    probes = lit(ORANGE)
    probes[SPOT] = np.clip(np.array([140.0, 170.0, 230.0]) + 50.0, 0, 255)  # skin, red clipped
    assert _intruders(probes, PROBES_MM, ORANGE, 240.0) >= MIN_INTRUDED
