"""Read every field: sample its disc through the homography, decide empty or a piece colour.

Sampling points are precomputed once per layout (a disc well inside a piece, inside
half the distance to the nearest field) and mapped to the image in one go; one
``cv2.remap`` fetches all of them. A field's colour is the per-channel median of its
disc, which ignores the printed gravity number of an empty field, JPEG ringing and noise.

Light is uneven (a lamp on one side, vignetting, a shadow across the board), so colours
are compared after dividing by the local light level. That level is not measured on a
white card but on the board itself: every field is a reference for its neighbours once
we know what stands on it. A first pass fits a smooth light surface over the whole board
to the empty-field colours (robustly: pieces are outliers); a second pass re-estimates
the light at each field from its neighbours within a few centimetres (their colours
divided by the colour of what they hold, the field itself left out) with a local linear
fit, which follows the edge of a soft shadow. Each field is then scored against every
profile in Lab (a Gaussian per class, :mod:`companion.vision.profiles`): the best class is
the verdict, its posterior the confidence, and a colour far from every profile (a hand, a
cup, a die) is flagged as an anomaly, which makes the frame busy.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from companion.layout import Layout
from companion.vision.locate import Location
from companion.vision.profiles import Profiles, to_lab

FloatArray = npt.NDArray[np.float64]

#: Squared Mahalanobis distance to the nearest profile above which a field shows
#: something that is neither the empty field nor any known piece.
ANOMALY_D2 = 60.0
#: How far (mm) the local light estimate looks for neighbours (Gaussian sigma).
LIGHT_RADIUS_MM = 40.0


class FieldSampler:
    """The sampling discs of a layout's fields, precomputed in board millimetres."""

    def __init__(self, layout: Layout) -> None:
        self.ids = tuple(layout.fields)
        self.centres = np.array([[f.x, f.y] for f in layout], np.float64)
        spacing = np.array([layout.spacing[f] for f in self.ids])
        radius = np.minimum(0.28 * spacing, 0.30 * layout.piece_diameter)
        pattern = [(0.0, 0.0)]
        for ring, count in ((1 / 3, 6), (2 / 3, 12), (1.0, 18)):
            for k in range(count):
                a = 2 * np.pi * (k + 0.5 * (ring != 1.0)) / count
                pattern.append((ring * np.cos(a), ring * np.sin(a)))
        unit = np.array(pattern)  # (P, 2) points in the unit disc
        self.offsets_mm = self.centres[:, None, :] + radius[:, None, None] * unit[None, :, :]

    def sample(
        self, image: npt.NDArray[np.uint8], location: Location
    ) -> tuple[FloatArray, FloatArray] | None:
        """Per-field median colour (N, 3) and texture (N,); None if the board is out of view.

        Texture is how much darker the darkest sixth of the disc is than its median, as a
        share of the median: about 0 on a plain piece, well above 0.1 on a printed field.
        """
        n, p, _ = self.offsets_mm.shape
        px = location.project(self.offsets_mm.reshape(-1, 2)).reshape(n, p, 2)
        h, w = image.shape[:2]
        if px[..., 0].min() < 0 or px[..., 1].min() < 0:
            return None
        if px[..., 0].max() > w - 1 or px[..., 1].max() > h - 1:
            return None
        got = cv2.remap(
            image, px[..., 0].astype(np.float32), px[..., 1].astype(np.float32), cv2.INTER_LINEAR
        ).astype(np.float64)
        colours = np.median(got, axis=1)
        grey = np.sort(got.mean(axis=2), axis=1)
        mid = grey[:, p // 2]
        texture = (mid - grey[:, p // 6]) / (mid + 1.0)
        return colours, texture


@dataclass(frozen=True)
class FieldVerdicts:
    """For every field in layout order: the class index (-1 empty), confidence, anomaly."""

    labels: npt.NDArray[np.int64]
    confidence: FloatArray
    anomaly: npt.NDArray[np.bool_]
    light: FloatArray  # the estimated light level (1 = the profiles' light)


def classify(
    colours: FloatArray, texture: FloatArray, centres: FloatArray, profiles: Profiles
) -> FieldVerdicts:
    """Decide every field from its median colour (N, 3), texture (N,) and position (N, 2)."""
    tex_empty = (np.maximum(profiles.empty_texture - texture, 0) / profiles.texture_std) ** 2
    tex_piece = np.maximum(texture[:, None] - profiles.piece_texture[None, :], 0)
    tex_piece = (tex_piece / profiles.texture_std) ** 2
    tex = np.column_stack([tex_empty, tex_piece])
    bright = colours.mean(axis=1) + 1.0
    empty_bright = profiles.empty_bgr.mean(axis=1) + 1.0
    piece_bright = profiles.piece_bgr.mean(axis=1) + 1.0
    empty_lab = to_lab(profiles.empty_bgr)
    piece_lab = to_lab(profiles.piece_bgr)
    log_ratio = np.log(bright / empty_bright)
    light = np.exp(_global_light(log_ratio, centres))
    verdict = _score(colours, tex, light, empty_lab, piece_lab, profiles)
    for _ in range(2):
        ref = np.where(verdict.labels < 0, empty_bright, piece_bright[verdict.labels])
        weight = verdict.confidence * ~verdict.anomaly
        light = np.exp(_local_light(np.log(bright / ref), centres, weight))
        verdict = _score(colours, tex, light, empty_lab, piece_lab, profiles)
    return verdict


def _score(
    colours: FloatArray,
    tex: FloatArray,
    light: FloatArray,
    empty_lab: FloatArray,
    piece_lab: FloatArray,
    profiles: Profiles,
) -> FieldVerdicts:
    lab = to_lab(colours / light[:, None])
    d_empty = (((lab - empty_lab) / profiles.empty_std) ** 2).sum(axis=1)
    d_piece = (((lab[:, None, :] - piece_lab[None]) / profiles.piece_std[None]) ** 2).sum(axis=2)
    d2 = np.column_stack([d_empty, d_piece]) + tex  # (N, 1 + K)
    norm = np.concatenate([[np.log(profiles.empty_std).sum()], np.log(profiles.piece_std).sum(1)])
    loglik = -0.5 * d2 - norm[None, :]
    loglik -= loglik.max(axis=1, keepdims=True)
    post = np.exp(loglik)
    post /= post.sum(axis=1, keepdims=True)
    best = post.argmax(axis=1)
    return FieldVerdicts(
        labels=best.astype(np.int64) - 1,
        confidence=post[np.arange(len(best)), best],
        anomaly=d2.min(axis=1) > ANOMALY_D2,
        light=light,
    )


def _global_light(log_ratio: FloatArray, centres: FloatArray) -> FloatArray:
    """A quadratic light surface over the board, fitted robustly (Tukey weights)."""
    scale = np.abs(centres).max() or 1.0
    x, y = centres[:, 0] / scale, centres[:, 1] / scale
    design = np.column_stack([np.ones_like(x), x, y, x * x, x * y, y * y])
    weight = np.ones_like(x)
    fit = np.zeros_like(x)
    for _ in range(6):
        sw = np.sqrt(weight)
        coef, *_ = np.linalg.lstsq(design * sw[:, None], log_ratio * sw, rcond=None)
        fit = design @ coef
        resid = log_ratio - fit
        spread = 4.685 * max(1.4826 * float(np.median(np.abs(resid))), 0.02)
        weight = np.clip(1 - (resid / spread) ** 2, 0, None) ** 2
    return fit


def _local_light(log_ratio: FloatArray, centres: FloatArray, weight: FloatArray) -> FloatArray:
    """At each field, a weighted local linear fit of its neighbours' light (itself left out)."""
    dx = centres[None, :, 0] - centres[:, None, 0]
    dy = centres[None, :, 1] - centres[:, None, 1]
    w = np.exp(-(dx**2 + dy**2) / (2 * LIGHT_RADIUS_MM**2)) * weight[None, :]
    np.fill_diagonal(w, 0.0)
    dx, dy = dx / LIGHT_RADIUS_MM, dy / LIGHT_RADIUS_MM
    s0, sx, sy = w.sum(1), (w * dx).sum(1), (w * dy).sum(1)
    sxx, sxy, syy = (w * dx * dx).sum(1), (w * dx * dy).sum(1), (w * dy * dy).sum(1)
    ridge = 0.05 * s0 + 1e-9
    a = np.stack(
        [
            np.stack([s0 + 1e-9, sx, sy], -1),
            np.stack([sx, sxx + ridge, sxy], -1),
            np.stack([sy, sxy, syy + ridge], -1),
        ],
        -2,
    )
    b = np.stack([(w * log_ratio[None]).sum(1), (w * dx * log_ratio[None]).sum(1)], -1)
    b = np.column_stack([b, (w * dy * log_ratio[None]).sum(1)])
    return np.asarray(np.linalg.solve(a, b[..., None])[:, 0, 0], np.float64)
