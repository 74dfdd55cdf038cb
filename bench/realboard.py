"""The real-photo part of bench/board.py: a 9×9 Go game from a fixed webcam (../shared/data).

For every choice of the known frame (each frame that shows both colours), the colours are calibrated
on the empty frame and that frame, and every other frame with stones is read; the board is
located by the four grid corners of the empty frame (a person's four clicks). The
baseline is a plain per-field colour classifier on the same samples: each field's disc
median (CIE Lab) goes to the nearest of the field's own empty colour (from the empty
frame) and the mean colour of each piece colour (from the known frame); no light model,
no texture, no confidence.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
from naive import naive_reader

from companion.errors import CompanionError
from companion.imagecheck import read_image
from companion.model.layout import Layout, grid_layout_data
from companion.model.layoutfile import read_layout
from companion.vision import BoardReader
from companion.vision.board.sampler import FieldSampler
from companion.vision.calibration import Calibration, ManualCorners
from companion.vision.colourfit import fit_colours

#: The board as measured from the photos (tests/test_real_board.py writes the same).
GO9 = read_layout(grid_layout_data("go9", 9, 24.0, 21.0, piece_height=8.0, margin=48.0))
CORNERS = ("r0c0", "r0c8", "r8c8", "r8c0")
EMPTY = "go9-move_0.jpg"


@dataclass
class Score:
    fields: int = 0
    right: int = 0
    boards: int = 0
    boards_right: int = 0
    sure_wrong: int = 0  # wrong fields read with confidence >= 0.9
    unsure: int = 0  # fields read with confidence < 0.9
    busy: int = 0
    refused: int = 0  # calibrations refused
    times: list[float] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    def add(self, name: str, truth: dict[str, str], seen: dict[str, str], conf: dict[str, float]):  # type: ignore[no-untyped-def]
        wrong = [f for f in GO9.fields if truth.get(f) != seen.get(f)]
        self.fields += len(GO9.fields)
        self.right += len(GO9.fields) - len(wrong)
        self.boards += 1
        self.boards_right += not wrong
        self.sure_wrong += sum(conf.get(f, 1.0) >= 0.9 for f in wrong)
        self.unsure += sum(c < 0.9 for c in conf.values())
        for f in wrong[:3]:
            self.wrong.append(f"{name} {f}: {truth.get(f, 'empty')} read {seen.get(f, 'empty')}")


def truth(frame: dict[str, object]) -> dict[str, str]:
    stones = frame["stones"]
    assert isinstance(stones, dict)
    return {"r{}c{}".format(*rc.split(",")): str(colour) for rc, colour in stones.items()}


@dataclass
class RealGame:
    """The filmed game: each frame's truth and photo, the board's four clicked corners
    (on the empty frame) and the frames with stones, in order."""

    frames: dict[str, dict[str, object]]
    images: dict[str, np.ndarray]
    base: Calibration
    with_stones: list[str]


def load(folder: Path) -> RealGame:
    """The game in ``folder`` (truth.json and its photos), each photo read once."""
    frames: dict[str, dict[str, object]] = json.loads((folder / "truth.json").read_text())
    images = {name: read_image(folder / name) for name in frames}
    mm = np.array([[GO9.fields[f].x, GO9.fields[f].y] for f in CORNERS])
    px = np.array(frames[EMPTY]["corners_px"], np.float64)
    base = Calibration("go9", corners=ManualCorners(mm, px))
    with_stones = sorted(n for n in frames if truth(frames[n]))
    return RealGame(frames, images, base, with_stones)


def evaluate(game: RealGame) -> tuple[Score, Score, Score]:
    """(reader with known = the last frame, reader over every known frame, baseline)."""
    frames, images, base, with_stones = game.frames, game.images, game.base, game.with_stones
    last = max(with_stones, key=lambda n: len(truth(frames[n])))
    headline, every, baseline = Score(), Score(), Score()
    flat = FieldSampler(_flat(GO9))
    colours = {c for n in with_stones for c in truth(frames[n]).values()}
    for known in with_stones:
        if set(truth(frames[known]).values()) != colours:
            continue  # a known frame must show every piece colour (else they read unsure)
        photos = [(images[EMPTY], {}), (images[known], truth(frames[known]))]
        try:
            cal = fit_colours(GO9, base, photos)
        except CompanionError as exc:
            every.refused += 1
            every.wrong.append(f"known {known}: refused: {exc}")
            continue
        reader = BoardReader(GO9, cal.profiles, None, cal.manual)
        plain = _baseline(flat, base, images[EMPTY], images[known], truth(frames[known]))
        for name in with_stones:
            if name == known:
                continue
            t0 = time.process_time()
            read = reader.read(images[name])
            elapsed = time.process_time() - t0
            for score in (every, headline) if known == last else (every,):
                score.times.append(elapsed)
                score.busy += read.busy
                score.add(name, truth(frames[name]), read.fields, read.confidence)
            baseline.add(name, truth(frames[name]), plain(images[name]), {})
    return headline, every, baseline


def relit(game: RealGame, seed: int = 7) -> tuple[Score, Score]:
    """The real frames under other light: (reader, baseline), calibrated on the originals.

    Each test frame (known = the fullest frame) is read four more times, changed as a lamp
    would change it: 30 % darker; 25 % brighter with a 6 % colour tint; an additive glare
    spot (peak 60-110 levels, sigma 25-45 px) centred on a random stone or field; a soft
    shadow (35-50 % darker, blurred ellipse). The pixels are real, the changes synthetic.
    """
    frames, images, base, with_stones = game.frames, game.images, game.base, game.with_stones
    known = max(with_stones, key=lambda n: len(truth(frames[n])))
    cal = fit_colours(GO9, base, [(images[EMPTY], {}), (images[known], truth(frames[known]))])
    reader = BoardReader(GO9, cal.profiles, None, cal.manual)
    plain = _baseline(FieldSampler(_flat(GO9)), base, images[EMPTY], images[known],
                      truth(frames[known]))  # fmt: skip
    rng = np.random.default_rng(seed)
    location = reader.locator.locate(images[EMPTY])
    assert location is not None
    centres = location.project(reader.sampler.centres)
    ours, theirs = Score(), Score()
    for name in with_stones:
        if name == known:
            continue
        image = images[name].astype(np.float32)
        h, w = image.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        x, y = centres[int(rng.integers(len(centres)))]
        sigma = rng.uniform(25, 45)
        spot = rng.uniform(60, 110) * np.exp(-((xx - x) ** 2 + (yy - y) ** 2) / (2 * sigma**2))
        shadow = np.zeros((h, w), np.float32)
        x, y = centres[int(rng.integers(len(centres)))]
        cv2.ellipse(shadow, (int(x), int(y)), (int(rng.uniform(30, 80)), int(rng.uniform(20, 50))),
                    float(rng.uniform(0, 180)), 0, 360, 1.0, -1)  # fmt: skip
        shadow = cv2.GaussianBlur(shadow, (0, 0), rng.uniform(6, 14)) * rng.uniform(0.35, 0.5)
        tint = rng.uniform(0.94, 1.06, 3).astype(np.float32)
        for changed in (
            image * 0.7,
            image * 1.25 * tint,
            image + spot[..., None],
            image * (1 - shadow[..., None]),
        ):
            photo = np.clip(changed, 0, 255).astype(np.uint8)
            read = reader.read(photo)
            ours.busy += read.busy
            ours.add(name, truth(frames[name]), read.fields, read.confidence)
            theirs.add(name, truth(frames[name]), plain(photo), {})
    return ours, theirs


def _flat(layout: Layout) -> Layout:
    from dataclasses import replace

    return replace(layout, piece_height=0.0)


def _baseline(sampler, base, empty, known, placement):  # type: ignore[no-untyped-def]
    """The naive reader (bench/naive.py) learnt from the empty and the known frame."""
    location = BoardReader(GO9, None, None, base.manual).locator.locate(empty)
    assert location is not None
    return naive_reader(sampler, location, empty, [(known, placement)])
