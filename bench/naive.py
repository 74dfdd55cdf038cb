"""The naive reader: the reference every board reader must not fall below (issue 31).

The median colour of a small disc at each field (the reader's own sampling points, so
both look at the same pixels), compared in CIE Lab with that field's own empty look
(from the empty photo) and with each piece colour's mean (from the known photos): the
nearest wins. No light model, no texture, no confidence, about sixty lines. Where a disc
reaches out of the photo only its points in view count.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import numpy.typing as npt

from companion.vision.board.locate import Location
from companion.vision.board.profiles import to_lab
from companion.vision.board.sampler import FieldSampler

Image = npt.NDArray[np.uint8]
Read = Callable[[Image], dict[str, str]]


def disc_colours(sampler: FieldSampler, image: Image, location: Location) -> np.ndarray:
    """(N, 3) median BGR of every field's disc, points out of view left out."""
    h, w = image.shape[:2]
    px, _ = sampler.points(location, (w, h))
    got = cv2.remap(
        image, px[..., 0].astype(np.float32), px[..., 1].astype(np.float32), cv2.INTER_LINEAR
    ).astype(np.float64)
    out = (px[..., 0] < 0) | (px[..., 1] < 0) | (px[..., 0] > w - 1) | (px[..., 1] > h - 1)
    got[out] = np.nan
    colours = np.nanmedian(got, axis=1)
    return np.asarray(np.nan_to_num(colours), np.float64)


def naive_reader(
    sampler: FieldSampler,
    location: Location,
    empty: Image,
    known: list[tuple[Image, dict[str, str]]],
) -> Read:
    """A reader learnt from the empty photo and known photos (field → colour), at a fixed
    ``location`` (the calibration's four corners: the board does not move)."""
    index = {f: i for i, f in enumerate(sampler.ids)}
    empty_lab = to_lab(disc_colours(sampler, empty, location))
    per_colour: dict[str, list[np.ndarray]] = {}
    for image, placement in known:
        lab = to_lab(disc_colours(sampler, image, location))
        for f, c in placement.items():
            per_colour.setdefault(c, []).append(lab[index[f]])
    colours = sorted(per_colour)
    means = np.array([np.mean(per_colour[c], axis=0) for c in colours])

    def read(image: Image) -> dict[str, str]:
        lab = to_lab(disc_colours(sampler, image, location))
        d_empty = ((lab - empty_lab) ** 2).sum(1)
        d_piece = ((lab[:, None] - means[None]) ** 2).sum(2)
        best = np.column_stack([d_empty, d_piece]).argmin(1)
        return {f: colours[k - 1] for f, k in zip(sampler.ids, best, strict=True) if k > 0}

    return read
