"""A board partly hidden is a busy board, never a dice frame; a marker lost at half size
is looked for on the full frame."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from companion.games.game import legal_moves
from companion.model.position import Position, start_position
from companion.synth import default_camera, photograph
from companion.table.referee import Referee
from companion.table.watch import Watcher
from companion.vision import BoardReader, Locator
from companion.vision.board.locate import marker_corners


@pytest.fixture(scope="module")
def start() -> Position:
    return start_position("gravitation", players=["red", "yellow"])


@pytest.fixture(scope="module")
def photo(start: Position) -> np.ndarray:
    return photograph(start, np.random.default_rng(3), camera=default_camera()).image


def covered(image: np.ndarray, start: Position, ids: list[int]) -> np.ndarray:
    """The photo with the markers ``ids`` under a grey cloth."""
    location = Locator(start.layout).locate(image)
    assert location is not None
    out = image.copy()
    for mid in ids:
        quad = location.project(marker_corners(start.layout)[mid]).astype(np.int32)
        x, y, w, h = cv2.boundingRect(quad)
        out[y - 12 : y + h + 12, x - 12 : x + w + 12] = 128
    return out


def test_a_board_with_two_markers_covered_waits_as_a_busy_board(start, photo):
    hidden = covered(photo, start, sorted(marker_corners(start.layout))[:2])
    watcher = Watcher(Referee.start(start, legal_moves), BoardReader(start.layout))
    for _ in range(4):
        glance = watcher.look(hidden)
    assert glance.kind == "board" and not glance.still
    assert "2 of the board's markers seen" in glance.note


class FewerAtHalfSize:
    """The half-size detector, losing all but two of the markers it finds (a noisy frame)."""

    def __init__(self, detector: Any) -> None:
        self.detector = detector

    def detectMarkers(self, image: np.ndarray) -> tuple[Any, Any, Any]:
        corners, ids, rejected = self.detector.detectMarkers(image)
        return corners[:2], ids[:2], rejected


def test_a_marker_lost_at_half_size_is_looked_for_on_the_full_frame(start, photo):
    locator = Locator(start.layout)
    assert photo.shape[1] >= 1000 and locator.locate(photo) is not None
    locator._coarse = FewerAtHalfSize(locator._coarse)
    assert locator.locate(photo) is not None
