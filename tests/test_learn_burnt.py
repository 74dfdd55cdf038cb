"""A field both calibration photos burnt white is learnt from frames whose position the
referee confirmed (issue 31, bench seed 10's 19 × 19 grey look: 13 fields of row r0
burnt, 21 of 40 frames waiting for ever). Only from frames that cannot be a hand."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from test_board_looks import CALM, LAYOUT, glare_over

from companion.games.game import legal_moves
from companion.model.position import start_position
from companion.synth import default_camera
from companion.synth.board import random_pose
from companion.synth.looks import LOOKS, known_placement, photograph_look
from companion.table.answers import Phase
from companion.table.referee import Referee
from companion.table.watch import Watcher
from companion.vision import BoardReader, Intrinsics
from companion.vision.board.still import BoardWatcher
from companion.vision.calibration import Calibration, CameraCalibration, ManualCorners
from companion.vision.colourfit import fit_colours

BURNT = "r3c3"
#: two positions the referee confirmed, the burnt field empty in both
CONFIRMED = ({"r0c0": "red", "r6c6": "blue"}, {"r0c0": "red", "r6c6": "yellow"})


@pytest.fixture(scope="module")
def board():  # type: ignore[no-untyped-def]
    """The grey look calibrated from an empty and a known photo that a lamp's glare
    burnt white at r3c3 (both photos, one lamp); frames then come without that glare."""
    look = next(lk for lk in LOOKS if lk.name == "grey")
    rng = np.random.default_rng(3)
    cam = default_camera()
    rvec, tvec = random_pose(LAYOUT.width, LAYOUT.height, cam, rng, fill=(0.7, 0.8))

    def shot(placement: dict[str, str], hand: bool = False) -> np.ndarray:
        photo = photograph_look(
            LAYOUT, look, placement, rng, camera=cam, rvec=rvec, tvec=tvec,
            conditions=CALM, scene_seed=5, hand=hand,
        )  # fmt: skip
        return photo.image

    corners = ("r0c0", "r0c6", "r6c6", "r6c0")
    mm = np.array([[LAYOUT.fields[f].x, LAYOUT.fields[f].y, 0.0] for f in corners])
    px = cv2.projectPoints(mm, rvec, tvec, cam.matrix, cam.distortion)[0].reshape(-1, 2)
    lens = CameraCalibration(Intrinsics(cam.matrix, cam.distortion, 1280, 960), 0.1, 8)
    cal = Calibration("looks", camera=lens, corners=ManualCorners(mm[:, :2], px))
    known = known_placement(LAYOUT, look)
    pose = (rvec, tvec, cam)
    burnt = [(glare_over(shot(p), BURNT, pose, 150.0), p) for p in ({}, known)]
    cal = fit_colours(LAYOUT, cal, burnt)

    def reader() -> BoardReader:
        return BoardReader(LAYOUT, cal.profiles, cal.intrinsics, cal.manual)

    return reader, shot


def test_a_burnt_field_is_learnt_from_two_confirmed_frames(board):  # type: ignore[no-untyped-def]
    reader_of, shot = board
    reader = reader_of()
    i = reader.sampler.ids.index(BURNT)
    assert reader.known.empty_bgr[i].min() >= 250  # burnt white: no light brings it back
    light_piece = {BURNT: "grey-white", "r0c0": "red"}
    before = reader.read(shot(light_piece))
    assert before.busy and before.confidence[BURNT] < 0.8  # the referee waits
    for position in CONFIRMED:
        assert reader.learn(shot(position), position) == (BURNT,)
    assert reader.known.empty_bgr[i].max() < 250 and not reader.confirmed.wanted
    for placement in (light_piece, {"r0c0": "red"}):
        read = reader.read(shot(placement))
        assert not read.busy, read.reason
        assert read.fields == placement


def test_a_hand_presented_as_confirmed_teaches_nothing(board):  # type: ignore[no-untyped-def]
    reader_of, shot = board
    reader = reader_of()
    position = CONFIRMED[0]
    for _ in range(3):
        assert reader.learn(shot(position, hand=True), position) == ()
    assert reader.confirmed.wanted and not reader.confirmed.seen


def test_a_piece_where_the_position_says_empty_teaches_nothing(board):  # type: ignore[no-untyped-def]
    # a piece the colour of the burnt field, left there after the page moved it away
    reader_of, shot = board
    reader = reader_of()
    position = CONFIRMED[0]
    image = shot({**position, BURNT: "grey-white"})
    assert reader.learn(image, position) == ()
    assert reader.learn(image, position) == ()
    assert reader.confirmed.wanted


def test_the_watcher_offers_a_still_board_once_a_quiet_spell(board):  # type: ignore[no-untyped-def]
    reader_of, shot = board
    watcher = BoardWatcher(reader_of(), still_frames=3)
    position = CONFIRMED[0]
    image = shot(position)
    offered = []
    for _ in range(5):
        watcher.feed(image)
        offered.append(watcher.learn(position))
    assert offered == [(), (), (BURNT,), (), ()]  # the third unchanged frame, once


def test_the_live_table_learns_while_it_waits_for_the_roll(board):  # type: ignore[no-untyped-def]
    # the wiring only: the referee plays Gravitation, none of whose fields lies on the
    # 7 × 7 board, so an empty 7 × 7 board is the position as the camera compares it
    reader_of, shot = board
    start = start_position("gravitation", players=["red", "yellow"])
    referee = Referee.start(start, legal_moves)
    reader = reader_of()
    watcher = Watcher(referee, reader)
    empty = shot({})
    for _ in range(12):  # a still table: the same picture, read afresh every tenth frame
        watcher.look(empty)
    assert referee.phase is Phase.SETUP and not reader.confirmed.seen  # nothing confirmed
    referee.confirm_board()
    for _ in range(2):  # two quiet spells: the board changed between them
        watcher.look(shot({"r0c0": "red"}))
        for _ in range(12):
            watcher.look(empty)
    assert referee.phase is Phase.ROLL and not reader.confirmed.wanted
