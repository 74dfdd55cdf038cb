"""The synthetic part of bench/board.py for boards of other looks (companion/synth/looks.py).

A set-up is one look (cardboard, leather, wood, light grey, orange), one random Pi-like
camera and one fixed pose (tilted up to 14°, any turn), as a club's table is. It is
calibrated as calibration/README.md tells a club: the camera's lens (its true intrinsics,
as ``calibrate camera`` measures them), the four corner fields clicked (true pixels plus
0.7 px of noise), the colours from the empty board and one known photo under the
set-up's light. Then photos of random placements are read, each under a new light
(gradient, vignetting, soft shadows, glare, tint, focus blur, shake, noise, JPEG:
``companion.synth`` NORMAL), and photos with a hand over the board.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import cv2
import numpy as np
import numpy.typing as npt
from naive import naive_reader

from companion.errors import CompanionError
from companion.model.layout import Layout, grid_layout_data
from companion.model.layoutfile import load_layout, read_layout
from companion.synth import random_camera
from companion.synth.board import NORMAL, Camera, random_pose
from companion.synth.looks import (
    LOOKS,
    Look,
    known_placement,
    looks_layout,
    photograph_look,
    random_placement,
)
from companion.vision import BoardReader, Intrinsics
from companion.vision.board.sampler import FieldSampler
from companion.vision.calibration import Calibration, CameraCalibration, ManualCorners
from companion.vision.colourfit import fit_colours

CORNERS = ("r0c0", "r0c6", "r6c6", "r6c0")


@dataclass
class LookScore:
    fields: int = 0
    right: int = 0
    boards: int = 0
    boards_right: int = 0
    busy: int = 0  # clean photos called busy (an unsure field or a false hand)
    sure_wrong: int = 0  # wrong fields read with confidence >= 0.9
    hands: int = 0
    hands_caught: int = 0
    moved: int = 0  # still or hand photos said "moved" (bench/moved.py; the target: none)
    refused: int = 0
    judged_wrong: int = 0  # wrong fields in boards not called busy (the referee would judge)
    baseline_right: int = 0  # fields right by the per-field nearest-colour baseline
    baseline_boards: int = 0
    notes: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)


@dataclass
class SetUp:
    """One look, camera and pose: its calibration and its photos (placement, photo, hand)."""

    look: str
    calibration: Calibration
    calibration_photos: list[tuple[npt.NDArray[np.uint8], dict[str, str]]]
    photos: list[tuple[dict[str, str], npt.NDArray[np.uint8], bool, frozenset[str]]]
    layout: Layout = field(default_factory=looks_layout)
    #: the set-up's camera and pose (rvec, tvec), for photos of it bumped (bench/moved.py)
    pose: tuple[Camera, npt.NDArray[np.float64], npt.NDArray[np.float64]] | None = None


@dataclass(frozen=True)
class Board:
    """A board the looks are painted on: its layout, the four fields a club clicks, how
    the camera sees it (how much of the photo it fills, how far tilted) and a label."""

    name: str
    layout: Layout
    corners: tuple[str, str, str, str]
    fill: tuple[float, float] = (0.6, 0.9)
    tilt: float = 0.24


def boards() -> dict[str, Board]:
    """The 7 × 7 grid of every look; the Gravitation board in every look (its fields
    light on dark, grey on grey: the looks a fresh install's colours mistake for pieces);
    the 7 × 7 grid with pieces 30 mm tall (taller than wide), tilted up to 0.4 rad, so a
    piece's top leans over the next field; a 19 × 19 Go grid whose outer lines run near
    the photo's edge, strongly tilted."""
    gravitation = load_layout("gravitation")
    tall = read_layout(
        grid_layout_data("tall", 7, 34.0, 24.0, piece_height=30.0, margin=40.0), "bench:tall"
    )
    go19 = read_layout(grid_layout_data("go19e", 19, 22.0, 20.0, margin=12.0), "bench:go19e")
    return {
        "grid7": Board("grid7", looks_layout(), CORNERS),
        "gravitation": Board("gravitation", gravitation, ("U1.0", "U1.10", "U1.20", "U1.30")),
        "tall": Board("tall", tall, CORNERS, tilt=0.4),
        "go19-edge": Board(
            "go19-edge", go19, ("r0c0", "r0c18", "r18c18", "r18c0"), fill=(1.02, 1.06), tilt=0.4
        ),
    }


def generate(setups: int, photos: int, hands: int, seed: int, board: str = "grid7") -> list[SetUp]:
    """The set-ups of every look on ``board`` with their photos (rendering is not timed)."""
    rng = np.random.default_rng(seed)
    where = boards()[board]
    return [
        make_setup(look, photos, hands, rng, board=where) for look in LOOKS for _ in range(setups)
    ]


def make_setup(
    look: Look,
    photos: int,
    hands: int,
    rng: np.random.Generator,
    shown: dict[str, str] | None = None,
    board: Board | None = None,
) -> SetUp:
    """One set-up of ``look``: camera, pose, calibration photos, then its photos, all from
    ``rng`` in this order (a test rebuilds one set-up from the generator's state).
    The known photo is said to show the look's start placement; ``shown`` is what it
    really shows (a test takes a piece away), by default that placement."""
    board = board or Board("grid7", looks_layout(), CORNERS)
    layout = board.layout
    camera = random_camera(rng)
    rvec, tvec = random_pose(
        layout.width, layout.height, camera, rng, fill=board.fill, tilt=board.tilt
    )
    light = int(rng.integers(1 << 30))

    def shot(placement, *, hand=False, scene=None):  # type: ignore[no-untyped-def]
        return photograph_look(
            layout, look, placement, rng, camera=camera, rvec=rvec, tvec=tvec,
            hand=hand, conditions=NORMAL, scene_seed=scene,
        )  # fmt: skip

    mm = np.array([[layout.fields[f].x, layout.fields[f].y, 0.0] for f in board.corners])
    px = cv2.projectPoints(mm, rvec, tvec, camera.matrix, camera.distortion)[0]
    px = px.reshape(-1, 2) + rng.normal(0, 0.7, (4, 2))
    intr = Intrinsics(camera.matrix, camera.distortion, camera.width, camera.height)
    cal = Calibration(
        layout.name,
        camera=CameraCalibration(intr, 0.1, 10),
        corners=ManualCorners(mm[:, :2], px),
    )
    known = known_placement(layout, look)
    empty = shot({}, scene=light).image  # first: the generator's order makes the set-up
    calib = [(empty, {}), (shot(known if shown is None else shown, scene=light).image, known)]
    taken = []
    for n in range(photos + hands):
        placement = random_placement(layout, look, rng)
        photo = shot(placement, hand=n >= photos)
        taken.append((placement, photo.image, n >= photos, photo.covered))
    return SetUp(look.name, cal, calib, taken, layout, (camera, rvec, tvec))


def evaluate(setups: list[SetUp]) -> dict[str, LookScore]:
    """Calibrate every set-up as a club would, then read its photos."""
    scores = {look.name: LookScore() for look in LOOKS}
    for setup in setups:
        score = scores[setup.look]
        layout = setup.layout
        located = BoardReader(layout, None, setup.calibration.intrinsics, setup.calibration.manual)
        plain = _baseline(located, setup.calibration_photos)
        try:
            cal = fit_colours(layout, setup.calibration, setup.calibration_photos)
        except CompanionError as exc:
            score.refused += 1
            score.notes.append(f"refused: {exc}")
            for placement, image, hand, _ in setup.photos:
                if not hand:  # the naive reader still reads: a refusal is below it
                    seen = plain(image)
                    right = sum(placement.get(f) == seen.get(f) for f in layout.fields)
                    score.baseline_right += right
                    score.baseline_boards += right == len(layout.fields)
                    score.fields += len(layout.fields)
                    score.boards += 1
            continue
        reader = BoardReader(layout, cal.profiles, cal.intrinsics, cal.manual)
        for placement, image, hand, covered in setup.photos:
            t0 = time.process_time()
            read = reader.read(image)
            score.times.append(time.process_time() - t0)
            score.moved += read.cause.kind == "moved"
            if hand:
                score.hands += 1
                score.hands_caught += read.busy
                if not read.busy:
                    score.notes.append(f"hand missed over {sorted(covered)[:3]}")
                continue
            wrong = [f for f in layout.fields if placement.get(f) != read.fields.get(f)]
            seen = plain(image)
            base_wrong = [f for f in layout.fields if placement.get(f) != seen.get(f)]
            score.baseline_right += len(layout.fields) - len(base_wrong)
            score.baseline_boards += not base_wrong
            score.judged_wrong += len(wrong) * (not read.busy)
            score.fields += len(layout.fields)
            score.right += len(layout.fields) - len(wrong)
            score.boards += 1
            score.busy += read.busy
            score.boards_right += not wrong and not read.busy
            sure = [f for f in wrong if read.confidence.get(f, 0) >= 0.9]
            score.sure_wrong += len(sure)
            for f in wrong[:2]:
                score.notes.append(
                    f"{f}: {placement.get(f, 'empty')} read {read.fields.get(f, 'empty')} "
                    f"({read.confidence.get(f, 0):.2f})"
                )
            if read.busy and not wrong:
                score.notes.append(f"busy: {read.reason}")
    return scores


def _baseline(reader: BoardReader, photos):  # type: ignore[no-untyped-def]
    """The naive reader (bench/naive.py) learnt from the same calibration photos, at the
    fields themselves (no piece height)."""
    from dataclasses import replace

    location = reader.locator.locate(photos[0][0])
    flat = FieldSampler(replace(reader.layout, piece_height=0.0))
    return naive_reader(flat, location, photos[0][0], photos[1:])
