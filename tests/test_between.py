"""The board between the fields (vision/board/between.py): a hand changes it, light does not."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from companion.model.layout import grid_layout_data
from companion.model.layoutfile import load_layout, read_layout
from companion.synth.looks import LOOKS
from companion.vision.board.between import (
    between_points,
    changed_cells,
    from_text,
    hand_region,
    to_text,
)

LAYOUT = load_layout("gravitation")  # wide plain board between its rings and stations
BETWEEN = between_points(LAYOUT)
WOOD = np.array([110.0, 170.0, 215.0])  # the wood look's board (BGR)


def empty_board(seed: int = 1) -> np.ndarray:
    """The wood board at the points: its colour and its grain, as the empty photo shows it."""
    grain = np.random.default_rng(seed).normal(0, 8, len(BETWEEN.points))
    return WOOD[None, :] + grain[:, None]


def frame(empty: np.ndarray, gain: np.ndarray | float = 0.8, glare: float = 0.0) -> np.ndarray:
    noise = np.random.default_rng(7).normal(0, 2, empty.shape)
    return np.asarray(np.clip(np.atleast_1d(gain)[:, None] * empty + glare + noise, 0, 255))


def near(point: tuple[float, float], radius: float) -> np.ndarray:
    return np.hypot(*(BETWEEN.points - np.array(point)).T) < radius


def test_points_keep_clear_of_every_piece():
    centres = np.array([[f.x, f.y] for f in LAYOUT])
    gap = np.hypot(*(BETWEEN.points[:, None, :] - centres[None]).transpose(2, 0, 1)).min(axis=1)
    assert gap.min() >= LAYOUT.piece_diameter / 2 + 3.0


def test_a_dimmer_frame_with_a_glare_spot_is_no_hand():
    empty = empty_board()
    spot = 60.0 * np.exp(-((BETWEEN.points - [20.0, -30.0]) ** 2).sum(axis=1) / (2 * 30.0**2))
    seen = frame(empty, 0.7) + spot[:, None]
    assert hand_region(seen, empty, BETWEEN)[1] is None


def test_a_shadow_with_a_soft_edge_is_no_hand():
    empty = empty_board()
    x = BETWEEN.points[:, 0]
    gain = 0.9 - 0.45 / (1 + np.exp(-x / 8.0))  # half the board in a lamp arm's shadow
    seen = frame(empty, gain)
    assert changed_cells(seen, empty, BETWEEN).sum() <= 3  # a cell on the edge, at most
    assert hand_region(seen, empty, BETWEEN)[1] is None


def test_skin_the_colour_of_the_wood_is_a_hand():
    empty = empty_board()
    seen = frame(empty)
    seen[near((0.0, 0.0), 60.0)] = [120.0, 150.0, 200.0]  # a palm and its fingers
    _, centre = hand_region(seen, empty, BETWEEN)
    assert centre is not None and np.hypot(*centre) < 20.0


def test_a_hand_that_hides_the_grain_is_a_hand_even_in_the_boards_own_colour():
    empty = empty_board()
    seen = frame(empty)
    seen[near((-40.0, 40.0), 50.0)] = 0.8 * WOOD  # the right colour, the grain gone
    assert hand_region(seen, empty, BETWEEN)[1] is not None


def test_a_crumb_is_no_hand():
    empty = empty_board()
    seen = frame(empty)
    seen[near((0.0, 0.0), 8.0)] = [20.0, 20.0, 200.0]
    size, centre = hand_region(seen, empty, BETWEEN)
    assert centre is None and size <= 2


def test_points_out_of_view_are_not_judged():
    empty = empty_board()
    seen = frame(empty)
    seen[BETWEEN.points[:, 0] > 0] = np.nan
    assert hand_region(seen, empty, BETWEEN)[1] is None


def test_the_empty_look_keeps_as_text():
    empty = empty_board()
    empty[:3] = np.nan
    back = from_text(to_text(empty))
    assert np.isnan(back[:3]).all()
    assert np.abs(back[3:] - np.clip(empty[3:], 1, 255)).max() <= 0.5


@pytest.mark.parametrize("text", ["AAAAAA==", "no base64!"])
def test_bad_text_is_a_value_error(text):
    with pytest.raises(ValueError):  # four bytes are no whole point; binascii.Error is one
        from_text(text)


def wooden(board_name: str, hands: int):  # type: ignore[no-untyped-def]
    """A bench board (bench/boardlooks.py) in the wood look, calibrated from its empty and
    start photo, with ``hands`` photos of a hand over it (rng 0)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    import boardlooks

    from companion.vision.colourfit import fit_colours

    look = next(look for look in LOOKS if look.name == "wood")
    board = boardlooks.boards()[board_name]
    setup = boardlooks.make_setup(look, 0, hands, np.random.default_rng(0), board=board)
    cal = fit_colours(setup.layout, setup.calibration, setup.calibration_photos)
    assert cal.profiles is not None
    return setup, cal


@pytest.fixture(scope="module")
def wood():
    """The Gravitation board in the wood look with three photos of a hand over it."""
    return wooden("gravitation", 3)


def test_a_hand_over_a_wooden_gravitation_board_is_busy(wood):
    """Found on bench/board.py (issue 31): a hand over 22 fields of the Gravitation board
    in the wood look, skin the colour of the board, read as a still board."""
    from companion.table.busy import busy
    from companion.vision import BoardReader

    setup, cal = wood
    reader = BoardReader(setup.layout, cal.profiles, cal.intrinsics, cal.manual)
    _, image, hand, covered = setup.photos[2]
    assert hand and len(covered) > 20
    read = reader.read(image)
    assert read.busy and read.cause.kind == "hand"
    said = busy(read)  # the page words it in the players' language, from its cause
    assert said is not None and said.kind == "covered" and said.field == read.cause.field
    for photo, _ in setup.calibration_photos:  # the board with no hand stays still
        assert not reader.read(photo).busy
    blind = replace(cal.profiles, empty_between=None)  # as the reader was before
    assert not BoardReader(setup.layout, blind, cal.intrinsics, cal.manual).read(image).busy


def watching(wood, monkeypatch):
    """A still-board watcher of the wood board, and the list of hand tests it ran."""
    from companion.vision import BoardReader
    from companion.vision.board import reader as module
    from companion.vision.board.still import BoardWatcher

    setup, cal = wood
    tests = []

    def counted(*args):
        tests.append(args)
        return hand_region(*args)

    monkeypatch.setattr(module, "hand_region", counted)
    reader = BoardReader(setup.layout, cal.profiles, cal.intrinsics, cal.manual)
    return BoardWatcher(reader, still_frames=3), tests


def test_the_watcher_tests_for_a_hand_only_where_a_new_still_board_could_follow(wood, monkeypatch):
    """The Pi's budget (issue 31): the tests cost 3 ms of the 8 a changed board may cost,
    so it runs on frames that could count towards a new still board, not on every one."""
    setup, _ = wood
    watcher, tests = watching(wood, monkeypatch)
    empty, start = (photo for photo, _ in setup.calibration_photos)
    seen = [watcher.feed(start) for _ in range(4)]
    assert [o.still for o in seen] == [False, False, True, True]
    assert len(tests) == 3  # the frames before the board was still; not the still board again
    for image in (empty, start, empty, start):
        assert watcher.feed(image).changed  # busy anyway: no test
    assert len(tests) == 3


def test_a_hand_over_a_new_board_keeps_the_watcher_waiting_on_frames_seen_again(wood, monkeypatch):
    """A frame the camera shows again is counted without being read (watch.py); the frame
    it repeats changed, so it was read without the hand test: the test runs on the
    repeat, or a hand resting over the board after a move would let the board settle."""
    setup, _ = wood
    watcher, tests = watching(wood, monkeypatch)
    start = setup.calibration_photos[1][0]
    hand = setup.photos[2][1]
    for _ in range(3):
        watcher.feed(start)
    assert watcher.feed(hand).changed and len(tests) == 3
    again = [watcher.again() for _ in range(5)]
    assert all(o is not None and not o.still and o.read.cause.kind == "hand" for o in again)
    assert len(tests) == 4  # once, on the first repeat


GO19 = between_points(
    read_layout(grid_layout_data("go19", 19, 22.0, 20.0, margin=12.0), "test:go19")
)


def test_a_packed_grid_is_judged_gap_by_gap():
    """Stones 20 mm on 22 mm leave the board only in the diagonal gaps between four
    stones: 12 mm cells of points 4 mm apart judged none of them (1 point a cell). Each
    gap is now a cell of its own, the points denser there."""
    assert GO19.islands and GO19.size == 22.0
    counts = np.diff(np.append(GO19.starts, len(GO19.points)))
    assert (counts >= 4).sum() == 18 * 18  # every gap between four stones, judged
    assert GO19.least == 3  # as much board as 10 cells of 12 mm
    assert not BETWEEN.islands and BETWEEN.size == 12.0  # a wide board keeps its cells


@pytest.mark.parametrize("margin", [18.0, 22.0, 30.0])
def test_a_packed_grid_with_a_wide_margin_is_judged_gap_by_gap(margin):
    """Review: `companion layout grid 19 --spacing 22` leaves one spacing of margin, and a
    band of board that wide outvoted the 18 x 18 gaps (a 12 mm cell each, 65 of 531
    judged): the grid's own gaps decide, whatever the margin."""
    layout = read_layout(grid_layout_data("go19", 19, 22.0, 20.0, margin=margin), "test:go19")
    wide = between_points(layout)
    counts = np.diff(np.append(wide.starts, len(wide.points)))
    assert wide.islands and wide.size == 22.0
    assert (counts >= 4).sum() >= 18 * 18


def test_a_wide_board_keeps_the_points_its_calibrations_stored():
    """Review: stepping every point GAP_MM inside the board's edge took 69 of the
    Gravitation board's, and a calibration stores the empty look point by point, so
    every calibration made before silently lost the test. Only packed grids step in."""
    near_edge = np.abs(BETWEEN.points) > [LAYOUT.width / 2 - 3.0, LAYOUT.height / 2 - 3.0]
    assert near_edge.any(axis=1).sum() > 0


def test_skin_over_a_packed_grid_is_a_hand_and_its_light_is_not():
    grain = np.random.default_rng(3).normal(0, 4, len(GO19.points))
    empty = WOOD[None, :] + grain[:, None]
    assert hand_region(frame(empty, 0.7), empty, GO19)[1] is None
    seen = frame(empty)
    over = np.hypot(*(GO19.points - [-100.0, 50.0]).T) < 50.0  # a palm over 20 stones
    seen[over] = [120.0, 150.0, 200.0]
    _, centre = hand_region(seen, empty, GO19)
    assert centre is not None and np.hypot(*(centre - [-100.0, 50.0])) < 22.0


@pytest.fixture(scope="module")
def go19_wood():
    """The 19 × 19 grid at the photo's edge in the wood look with a photo of a hand."""
    return wooden("go19-edge", 1)


def test_a_hand_over_a_wooden_19x19_grid_is_busy(go19_wood):
    """Found on bench/board.py (issue 31, fourth round): a hand over 21 points of the 19 × 19
    grid in the wood look, read as a still board: the test between the fields judged none
    of the gaps between the stones."""
    from companion.vision import BoardReader

    setup, cal = go19_wood
    reader = BoardReader(setup.layout, cal.profiles, cal.intrinsics, cal.manual)
    _, image, hand, covered = setup.photos[0]
    assert hand and len(covered) > 20
    read = reader.read(image)
    assert read.busy and read.cause.kind == "hand"
    for photo, _ in setup.calibration_photos:  # the board with no hand stays still
        assert not reader.read(photo).busy
