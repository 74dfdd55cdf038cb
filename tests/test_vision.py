"""Board reading on synthetic photos: every field right, busy frames flagged, never a guess."""

from __future__ import annotations

import gc
import time

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model.layout import Layout
from companion.model.position import Position, start_position
from companion.render import PIECE_COLOURS
from companion.synth import default_camera, photograph, random_position
from companion.synth.board import SynthPhoto, random_pose
from companion.vision import BoardReader, Intrinsics, Locator
from companion.vision.board.still import BoardWatcher


@pytest.fixture(scope="session")
def reader(gravitation: Layout) -> BoardReader:
    return BoardReader(gravitation)


def intrinsics(shot: SynthPhoto) -> Intrinsics:
    cam = shot.camera
    return Intrinsics(cam.matrix, cam.distortion, cam.width, cam.height)


def calibrated(reader: BoardReader, shot: SynthPhoto) -> BoardReader:
    out = BoardReader.__new__(BoardReader)
    out.__dict__.update(reader.__dict__)
    out.locator = Locator(reader.layout, intrinsics(shot))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_positions_are_read_field_by_field(reader, gravitation, seed):
    rng = np.random.default_rng(seed)
    shot = photograph(random_position(gravitation, rng), rng)
    read = calibrated(reader, shot).read(shot.image)
    assert read.found and not read.busy
    assert read.fields == shot.truth
    assert read.overall > 0.5


def test_start_position_out_of_the_box_without_calibration(reader, gravitation):
    """Every piece in its station, white on white stations included; the lens is guessed."""
    rng = np.random.default_rng(7)
    shot = photograph(start_position(layout=gravitation), rng)
    read = reader.read(shot.image)
    assert read.found and not read.busy
    assert read.fields == shot.truth
    assert len(read.fields) == 25


def test_the_lens_guess_puts_fields_where_they_are(reader, gravitation):
    import cv2

    rng = np.random.default_rng(1)
    cam = default_camera()
    bent = type(cam)(cam.matrix, np.array([-0.14, 0.0, 0.0, 0.0, 0.0]), cam.width, cam.height)
    shot = photograph(start_position(layout=gravitation), rng, camera=bent, lighting=False)
    centres = np.column_stack([reader.sampler.centres, np.zeros(len(reader.sampler.centres))])
    truth = cv2.projectPoints(centres, shot.rvec, shot.tvec, bent.matrix, bent.distortion)[0]
    truth = truth.reshape(-1, 2)
    guessed = Locator(gravitation).locate(shot.image)
    plain = Locator(gravitation, guess_lens=False).locate(shot.image)
    assert guessed is not None and plain is not None
    err_guess = np.abs(guessed.project(reader.sampler.centres) - truth).max()
    err_plain = np.abs(plain.project(reader.sampler.centres) - truth).max()
    assert err_guess < 2.0 and err_plain > 5.0


def test_a_hand_over_the_board_makes_the_frame_busy(reader, gravitation):
    rng = np.random.default_rng(5)
    busy = 0
    for _ in range(4):
        shot = photograph(random_position(gravitation, rng), rng, hand=True)
        read = calibrated(reader, shot).read(shot.image)
        assert read.found
        busy += read.busy
    assert busy >= 3


def test_no_board_in_the_picture_is_not_found(reader):
    grey = np.full((960, 1280, 3), 120, np.uint8)
    read = reader.read(grey)
    assert not read.found and read.fields == {}
    assert "not found" in read.reason


def test_two_hidden_markers_mean_not_found_never_a_guess(reader, gravitation):
    rng = np.random.default_rng(3)
    shot = photograph(start_position(layout=gravitation), rng, lighting=False)
    image = shot.image.copy()
    loc = reader.locator.locate(image)
    assert loc is not None
    for m in gravitation.markers[:2]:  # paint over two markers
        x, y = loc.project(np.array([[m.x, m.y]]))[0]
        image[int(y) - 45 : int(y) + 45, int(x) - 45 : int(x) + 45] = (90, 120, 150)
    assert not reader.read(image).found


def test_a_board_partly_out_of_view_is_not_found(reader, gravitation):
    rng = np.random.default_rng(4)
    shot = photograph(start_position(layout=gravitation), rng, lighting=False)
    read = reader.read(shot.image[:, : shot.image.shape[1] // 2 + 150].copy())
    assert not read.found


def test_four_corners_locate_a_board_without_markers(gravitation):
    import cv2

    rng = np.random.default_rng(9)
    cam = default_camera()
    shot = photograph(random_position(gravitation, rng), rng, camera=cam)
    hw, hh = gravitation.width / 2, gravitation.height / 2
    board = np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]])
    obj = np.column_stack([board, np.zeros(4)])
    px = cv2.projectPoints(obj, shot.rvec, shot.tvec, cam.matrix, cam.distortion)[0]
    reader = BoardReader(gravitation, intrinsics=intrinsics(shot), manual=(board, px.reshape(4, 2)))
    read = reader.read(shot.image)
    assert read.found and read.fields == shot.truth


def test_calibrated_colours_read_pieces_the_defaults_do_not_know(gravitation, monkeypatch):
    """Orange-brown 'red' pieces: the default red profile doubts them, calibration fits."""
    from companion.vision.calibration import Calibration
    from companion.vision.colourfit import fit_colours

    rng = np.random.default_rng(21)
    cam = default_camera()
    rvec, tvec = random_pose(gravitation.width, gravitation.height, cam, rng)
    default_reader = BoardReader(
        gravitation, intrinsics=Intrinsics(cam.matrix, cam.distortion, 1280, 960)
    )
    monkeypatch.setitem(PIECE_COLOURS, "red", "#b5651d")

    def shot(position: Position) -> SynthPhoto:
        return photograph(position, rng, camera=cam, rvec=rvec, tvec=tvec, scene_seed=4)

    empty_board = shot(random_position(gravitation, rng)).image  # not empty: pieces anywhere
    start = start_position(layout=gravitation)
    cal = Calibration("gravitation", camera=None)
    photos = [(shot(start).image, dict(start.occupant))]
    cal = fit_colours(gravitation, cal.with_(camera=_camera(cam)), photos)
    assert empty_board is not None and cal.profiles is not None
    game = random_position(gravitation, np.random.default_rng(5))
    photo = shot(game)
    fitted = BoardReader(gravitation, cal.profiles, cal.intrinsics)
    assert fitted.read(photo.image).fields == photo.truth
    before = default_reader.read(photo.image)
    reds = [f for f, c in photo.truth.items() if c == "red"]
    assert reds and (before.fields != photo.truth or min(before.confidence[f] for f in reds) < 0.99)


def _camera(cam):  # type: ignore[no-untyped-def]
    from companion.vision.calibration import CameraCalibration

    return CameraCalibration(Intrinsics(cam.matrix, cam.distortion, 1280, 960), 0.1, 8)


def test_watcher_reads_only_a_still_board(gravitation):
    rng = np.random.default_rng(8)
    cam = default_camera()
    rvec, tvec = random_pose(gravitation.width, gravitation.height, cam, rng)
    before = random_position(gravitation, rng)
    piece = next(f for f, _ in before.placement if not f.endswith(("S1", "S2", "S3", "S4", "S5")))
    free = next(f for f in gravitation.ring_fields("U3") if f not in before.occupant)
    after = before.moved({piece: free})
    watcher = BoardWatcher(
        BoardReader(gravitation, intrinsics=Intrinsics(cam.matrix, cam.distortion, 1280, 960))
    )
    script = [before] * 4 + ["hand"] + [after] * 5
    seen = []
    for step in script:
        shaken = rvec + rng.normal(0, 0.0006, 3), tvec + rng.normal(0, 0.4, 3)
        position = after if step == "hand" else step
        assert isinstance(position, Position)
        frame = photograph(
            position,
            rng,
            camera=cam,
            rvec=shaken[0],
            tvec=shaken[1],
            hand=step == "hand",
            scene_seed=2,
        )
        seen.append(watcher.feed(frame.image))
    # three quiet frames make a still board; the hand and the frame after it are changes
    still = [False, False, True, True, False, False, False, False, True, True]
    assert [o.still for o in seen] == still
    assert seen[3].read.fields == dict(before.occupant)
    assert seen[9].read.fields == dict(after.occupant)
    assert seen[5].changed  # the frame after the hand differs from the hand frame
    assert all(o.read.busy for o in seen if not o.still)


def test_a_shaking_camera_is_smoothed_and_a_moved_camera_taken_at_once(gravitation):
    rng = np.random.default_rng(14)
    cam = default_camera()
    rvec, tvec = random_pose(gravitation.width, gravitation.height, cam, rng)
    board = start_position(layout=gravitation)

    def frame(dr: float, dt: float) -> np.ndarray:
        shot = photograph(board, rng, camera=cam, rvec=rvec + dr, tvec=tvec + dt, lighting=False)
        return shot.image

    corner = np.array([[-330.0, -330.0]])
    locator = Locator(gravitation)
    first = locator.update(frame(0.0, 0.0))
    shaken = frame(0.0, np.array([1.5, 0.0, 0.0]))  # 1.5 mm sideways: about 2 px
    raw = Locator(gravitation).locate(shaken)
    smoothed = locator.update(shaken)
    assert first is not None and raw is not None and smoothed is not None
    a, b, s = (loc.project(corner)[0, 0] for loc in (first, raw, smoothed))
    assert min(a, b) < s < max(a, b)  # between the old and the new place
    moved = frame(0.0, np.array([40.0, 0.0, 0.0]))
    taken = locator.update(moved)
    direct = Locator(gravitation).locate(moved)
    assert taken is not None and direct is not None
    assert np.allclose(taken.project(corner), direct.project(corner), atol=0.01)


def test_profiles_round_trip_and_name_what_is_wrong(gravitation):
    from companion.errors import CompanionError
    from companion.vision import default_profiles
    from companion.vision.board.profiles import profiles_from_json

    profiles = default_profiles(gravitation)
    again = profiles_from_json(profiles.to_json())
    assert again.to_json() == profiles.to_json()
    data = profiles.to_json()
    data["pieces"]["red"]["lab_std"] = [1, 0, 1]
    with pytest.raises(CompanionError, match="spreads must be positive"):
        profiles_from_json(data, "cal.json")
    del data["empty"]["fields"]["U1.0"]
    data["pieces"]["red"]["lab_std"] = [1, 1, 1]
    with pytest.raises(CompanionError, match=r"no empty colour for field U1\.0"):
        profiles_from_json(data).for_layout(gravitation)


def test_a_photo_of_another_size_than_the_calibration_is_refused(reader, gravitation):
    from companion.errors import CompanionError

    shot = photograph(start_position(layout=gravitation), np.random.default_rng(2), lighting=False)
    small = shot.image[::2, ::2].copy()
    with pytest.raises(CompanionError, match=r"image is 640x480 but the camera was calibrated"):
        calibrated(reader, shot).read(small)


@settings(max_examples=40)
@given(
    st.integers(8, 400),
    st.integers(8, 400),
    st.integers(0, 2**32 - 1),
    st.sampled_from(["noise", "blocks", "flat"]),
)
def test_any_picture_is_read_or_not_found_never_an_exception(reader, w, h, seed, kind):
    rng = np.random.default_rng(seed)
    if kind == "noise":
        image = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    elif kind == "blocks":
        image = np.repeat(np.repeat(rng.integers(0, 256, (h // 8 + 1, w // 8 + 1, 3)), 8, 0), 8, 1)
        image = image[:h, :w].astype(np.uint8)
    else:
        image = np.full((h, w, 3), rng.integers(0, 256), np.uint8)
    read = reader.read(image)
    assert read.found in (True, False)
    if not read.found:
        assert read.fields == {} and read.reason


def test_a_changed_board_is_read_within_the_pi_budget(reader, gravitation):
    """Issue 18's budget: a changed 1280×960 board, once located, is read in about the CPU
    of one Gaussian blur and one Lab conversion of the whole frame (best of five each, the
    collector off, as bench/timing.py times; bench/timing.py gives the milliseconds).

    A ratio, not milliseconds: on this shared machine the same read took 9.4-16.1 ms of
    CPU within minutes, on today's code and on e8004de's alike (2026-11-28), where the
    8 ms this test once asserted failed both; the ratio stayed 1.02-1.25, so 1.6 leaves
    room for noise and still fails a read that grows by half."""
    rng = np.random.default_rng(5)
    shot = photograph(random_position(gravitation, rng), rng)
    location = reader.locator.locate(shot.image)
    assert location is not None

    def best(work) -> float:  # type: ignore[no-untyped-def]
        fastest = float("inf")
        for _ in range(5):
            t0 = time.process_time()
            work()
            fastest = min(fastest, time.process_time() - t0)
        return fastest

    def frame_filters() -> None:
        cv2.GaussianBlur(shot.image, (9, 9), 2)
        cv2.cvtColor(shot.image, cv2.COLOR_BGR2Lab)

    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    gc.disable()
    try:
        read = best(lambda: reader.read(shot.image, location))
        filters = best(frame_filters)
    finally:
        gc.enable()
        cv2.setNumThreads(threads)
    assert read <= 1.6 * filters, f"{1000 * read:.1f} ms against {1000 * filters:.1f} ms"


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.floats(-0.3, 0.3), min_size=5, max_size=5),
    st.floats(600, 1400),
    st.floats(-0.2, 0.2),
)
def test_the_lens_distortion_is_opencvs_own_model(coefficients, focal, offset):
    """Intrinsics.distort writes OpenCV's k1, k2, p1, p2, k3 model in NumPy (a sixth of
    cv2.projectPoints' time): the same pixels, wherever in the picture."""
    k1, k2, p1, p2, k3 = coefficients
    distortion = np.array([k1, k2, p1 * 0.03, p2 * 0.03, k3])
    matrix = np.array([[focal, 0, 640 + 100 * offset], [0, focal * 0.99, 480], [0, 0, 1.0]])
    lens = Intrinsics(matrix, distortion, 1280, 960)
    pts = np.random.default_rng(1).uniform((0, 0), (1280, 960), (200, 2))
    obj = np.column_stack([pts, np.ones(len(pts))]) @ np.linalg.inv(matrix).T
    opencv = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), matrix, distortion)[0]
    assert np.abs(lens.distort(pts) - opencv.reshape(-1, 2)).max() < 1e-6
