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

import numpy as np

from companion.calibration import Calibration, ManualCorners, fit_colours, read_image
from companion.errors import CompanionError
from companion.layout import Layout, grid_layout_data
from companion.layoutfile import read_layout
from companion.vision import BoardReader
from companion.vision.fields import FieldSampler
from companion.vision.profiles import to_lab

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


def evaluate(folder: Path) -> tuple[Score, Score, Score]:
    """(reader with known = the last frame, reader over every known frame, baseline)."""
    frames: dict[str, dict[str, object]] = json.loads((folder / "truth.json").read_text())
    images = {name: read_image(folder / name) for name in frames}
    mm = np.array([[GO9.fields[f].x, GO9.fields[f].y] for f in CORNERS])
    px = np.array(frames[EMPTY]["corners_px"], np.float64)
    base = Calibration("go9", corners=ManualCorners(mm, px))
    with_stones = sorted(n for n in frames if truth(frames[n]))
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


def _flat(layout: Layout) -> Layout:
    from dataclasses import replace

    return replace(layout, piece_height=0.0)


def _baseline(sampler, base, empty, known, placement):  # type: ignore[no-untyped-def]
    """A per-field nearest-colour classifier learnt from the empty and the known frame."""
    location = BoardReader(GO9, None, None, base.manual).locator.locate(empty)
    assert location is not None
    empty_lab = to_lab(sampler.sample(empty, location).colours)
    known_lab = to_lab(sampler.sample(known, location).colours)
    colours = sorted(set(placement.values()))
    index = {f: i for i, f in enumerate(sampler.ids)}
    means = np.array([known_lab[[index[f] for f, c in placement.items() if c == col]].mean(0)
                      for col in colours])  # fmt: skip

    def read(image):  # type: ignore[no-untyped-def]
        lab = to_lab(sampler.sample(image, location).colours)
        d_empty = ((lab - empty_lab) ** 2).sum(1)
        d_piece = ((lab[:, None] - means[None]) ** 2).sum(2)
        best = np.column_stack([d_empty, d_piece]).argmin(1)
        return {f: colours[k - 1] for f, k in zip(sampler.ids, best, strict=True) if k > 0}

    return read
