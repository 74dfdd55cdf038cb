"""Read every field: sample its disc through the homography, decide empty or a piece colour.

Sampling points are precomputed once per layout (a disc well inside a piece, inside
half the distance to the nearest field) and mapped to the image in one go; one
``cv2.remap`` fetches all of them. A field's colour is the per-channel median of its
disc, which ignores the printed gravity number of an empty field, JPEG ringing and noise.

Light is uneven (a lamp on one side, vignetting, a shadow across the board), so colours
are compared after dividing by the local light level. That level is not measured on a
white card but on the board itself: every field is a reference for its neighbours once
we know what stands on it. A first pass fits a smooth light surface over the whole board
to the empty-field colours (robustly: pieces are outliers); then, twice, the light at each
field is re-estimated from what lies within a few centimetres, the field itself left out:
the neighbouring fields (compared with the colour of what they hold) and the plain board
between them. Light and glare act differently on a dark and a light reference, so a
local fit of seen = gain × true + glare separates the lamp (and soft shadows) from a
glare spot on glossy cardboard. Each field is then scored against every
profile in Lab (a Gaussian per class, :mod:`companion.vision.profiles`): the best class is
the verdict, its posterior the confidence, and a colour far from every profile (a hand, a
cup, a die) is flagged as an anomaly, which makes the frame busy.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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
#: How much warmer (Lab b*) than the board a background probe must look to show a hand.
SKIN_DB = 15.0
#: ... and how far past neutral grey to the warm side (b* above 0, or above the board's b*).
SKIN_WARM = 6.0
#: How many background probes must show a hand before the frame is busy (noise is single).
MIN_INTRUDED = 5
#: A field colour with a channel at or above this is clipped by the sensor.
SATURATED = 250.0
#: Weight of one background probe as a light reference, against 1 for a sure field.
PROBE_WEIGHT = 1.0
#: How strongly glare is pulled towards 0 where the references cannot tell it from light.
GLARE_RIDGE = 0.02
#: Fewer background probes in view than this: light is estimated as a gain only.
MIN_PROBES = 20
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
        self.height = layout.piece_height
        self.probes_mm, self.probe_bgr = background_probes(layout)
        self.kernel = light_kernel(self.centres, self.probes_mm)

    def points(self, location: Location, size: tuple[int, int]) -> tuple[FloatArray, FloatArray]:
        """Image pixels of the discs (N, P, 2) and of the background probes (M, 2).

        With a ``piece_height`` the discs are where the top of a piece appears (the empty
        fields are looked at through the same points, so their calibrated look matches).
        """
        n, p, _ = self.offsets_mm.shape
        if self.height > 0:
            discs = location.project_raised(self.offsets_mm.reshape(-1, 2), self.height, size)
            probes = location.project(self.probes_mm) if len(self.probes_mm) else np.zeros((0, 2))
            return discs.reshape(n, p, 2), probes
        allpx = location.project(np.vstack([self.offsets_mm.reshape(-1, 2), self.probes_mm]))
        return allpx[: n * p].reshape(n, p, 2), allpx[n * p :]

    def sample(self, image: npt.NDArray[np.uint8], location: Location) -> Samples | None:
        """The fields' colours, textures and the probes' colours; None if out of view.

        Texture is how much darker the darkest sixth of the disc is than its median, as a
        share of the median: about 0 on a plain piece, well above 0.1 on a printed field.
        """
        p = self.offsets_mm.shape[1]
        m = len(self.probes_mm)
        h, w = image.shape[:2]
        px, ppx = self.points(location, (w, h))
        if px[..., 0].min() < 0 or px[..., 1].min() < 0:
            return None
        if px[..., 0].max() > w - 1 or px[..., 1].max() > h - 1:
            return None
        got = cv2.remap(
            image, px[..., 0].astype(np.float32), px[..., 1].astype(np.float32), cv2.INTER_LINEAR
        ).astype(np.float64)
        colours = np.median(got, axis=1)
        means = got.mean(axis=1)
        grey = np.sort(got.mean(axis=2), axis=1)
        mid = grey[:, p // 2]
        texture = (mid - grey[:, p // 6]) / (mid + 1.0)
        probes = np.full((m, 3), np.nan)
        seen = (ppx[:, 0] >= 0) & (ppx[:, 1] >= 0) & (ppx[:, 0] <= w - 1) & (ppx[:, 1] <= h - 1)
        if seen.any():
            q = ppx[seen].astype(np.float32)
            got_p = cv2.remap(image, q[None, :, 0], q[None, :, 1], cv2.INTER_LINEAR)[0]
            probes[seen] = got_p
        return Samples(colours, texture, probes, means)


@dataclass(frozen=True)
class Samples:
    """What one frame shows at the sampling points."""

    colours: FloatArray  # (N, 3) median BGR of each field's disc
    texture: FloatArray  # (N,) texture of each field's disc
    probes: FloatArray  # (M, 3) BGR at the background probes (NaN: out of view)
    means: FloatArray  # (N, 3) mean BGR of each disc (steadier than the median over frames)


def background_probes(layout: Layout, step_mm: float = 12.0) -> tuple[FloatArray, FloatArray]:
    """Points of plain board background (no field, line or print within 6 mm) and its colour.

    A hand over the board covers background as well as fields; the background has one
    known colour, so a probe that turns skin-coloured is a sure sign of a busy frame.
    """
    px_per_mm = 1.0
    flat = [img.astype(np.int16) for img in _drawings(layout, px_per_mm)]
    board = np.median(flat[0].reshape(-1, 3), axis=0)
    plain: npt.NDArray[np.uint8] = np.ones(flat[0].shape[:2], np.uint8)
    for img in flat:
        plain &= (np.abs(img - board).max(axis=2) <= 6).astype(np.uint8)
    reach = int(6 * px_per_mm)
    kernel = np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)
    plain = np.asarray(cv2.erode(plain, kernel), np.uint8)
    xs = np.arange(-layout.width / 2 + step_mm, layout.width / 2, step_mm)
    ys = np.arange(-layout.height / 2 + step_mm, layout.height / 2, step_mm)
    grid = np.array([(x, y) for y in ys for x in xs])
    col = ((grid[:, 0] + layout.width / 2) * px_per_mm).astype(int)
    row = ((grid[:, 1] + layout.height / 2) * px_per_mm).astype(int)
    height, width = int(plain.shape[0]), int(plain.shape[1])
    keep = plain[row.clip(0, height - 1), col.clip(0, width - 1)] > 0
    return grid[keep], board.astype(np.float64)


@dataclass(frozen=True)
class FieldVerdicts:
    """For every field in layout order: the class index (-1 empty), confidence, anomaly."""

    labels: npt.NDArray[np.int64]
    confidence: FloatArray
    anomaly: npt.NDArray[np.bool_]
    light: FloatArray  # the estimated light level (1 = the profiles' light)
    intruded: int = 0  # background probes that show something over the board


def light_kernel(centres: FloatArray, probes_mm: FloatArray) -> FloatArray:
    """Gaussian weights (N, N + M) of every field and probe as a light reference for a field.

    Zero for a field itself (leave-one-out). Depends on the layout only: compute it once.
    """
    pos = np.vstack([centres, probes_mm])
    d2 = ((centres[:, None, :] - pos[None, :, :]) ** 2).sum(axis=2)
    kernel = np.exp(-d2 / (2 * LIGHT_RADIUS_MM**2))
    kernel[np.arange(len(centres)), np.arange(len(centres))] = 0.0
    return np.asarray(kernel, np.float64)


def classify(
    samples: Samples,
    centres: FloatArray,
    probes_mm: FloatArray,
    profiles: Profiles,
    kernel: FloatArray | None = None,
) -> FieldVerdicts:
    """Decide every field from its samples and its board position (N, 2).

    Also counts the background probes (at ``probes_mm``) that show skin rather than board.
    ``kernel`` is :func:`light_kernel` of the same points (computed here if not given).
    """
    colours, texture = samples.colours, samples.texture
    saturated = colours.max(axis=1) >= SATURATED
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
    scale = float(np.abs(centres).max() or 1.0)
    coef = _global_light(log_ratio, centres)
    light = np.exp(_quadratic(centres, scale) @ coef)
    intruded = 0
    if len(probes_mm):
        probe_light = np.exp(_quadratic(probes_mm, scale) @ coef)
        ok = ~np.isnan(samples.probes[:, 0])
        seen = to_lab(samples.probes[ok] / probe_light[ok, None])
        expected = to_lab(profiles.background_bgr[None, :])
        intruded = int(np.count_nonzero(_skin_like(seen, expected)))
    verdict = _score(colours, tex, light, empty_lab, piece_lab, profiles)
    for _ in range(2):
        ref = np.where(verdict.labels < 0, empty_bright, piece_bright[verdict.labels])
        # an empty field that shows its print is the surest light reference: nothing else
        # looks like that; a plain disc may be a piece or a blurred empty field
        printed = np.clip(texture / np.maximum(profiles.empty_texture, 1e-3), 0.2, 1.0)
        sure = np.where(verdict.labels < 0, printed, 0.5)
        # a clipped colour only says "at least this bright": no light reference
        weight = verdict.confidence * sure * ~verdict.anomaly * ~saturated
        ok = ~np.isnan(samples.probes[:, 0])
        if ok.sum() >= MIN_PROBES:
            if kernel is None:
                kernel = light_kernel(centres, probes_mm)
            gain, glare = _local_affine(bright, ref, weight, samples.probes, ok, kernel, profiles)
            # dividing a clipped colour by a light above 1 would make it look darker than it is
            light = np.where(saturated, np.minimum(gain, 1.0), gain)
            verdict = _score(colours - glare[:, None], tex, light, empty_lab, piece_lab, profiles)
        else:  # a layout without plain background: light as a gain only
            light = np.exp(_local_light(np.log(bright / ref), centres, weight))
            light = np.where(saturated, np.minimum(light, 1.0), light)
            verdict = _score(colours, tex, light, empty_lab, piece_lab, profiles)
    return replace(verdict, intruded=intruded)


def _local_affine(
    bright: FloatArray,
    ref: FloatArray,
    weight: FloatArray,
    probes: FloatArray,
    ok: npt.NDArray[np.bool_],
    kernel: FloatArray,
    profiles: Profiles,
) -> tuple[FloatArray, FloatArray]:
    """Light as gain and glare: seen = gain × true + glare, fitted at every field.

    References are the neighbouring fields (true = the colour of what they hold) and the
    dark board around them (true = the background colour): a dark and a light reference
    tell a multiplicative light change from an additive glare.
    """
    probe_seen = np.where(ok, np.nan_to_num(probes).mean(axis=1) + 1.0, 0.0)
    seen = np.concatenate([bright, probe_seen])
    true = np.concatenate([ref, np.full(len(probes), profiles.background_bgr.mean() + 1.0)])
    w_ref = np.concatenate([weight, np.where(ok, PROBE_WEIGHT, 0.0)])
    s0 = kernel @ w_ref + 1e-9
    st = kernel @ (w_ref * true)
    stt = kernel @ (w_ref * true * true)
    ss = kernel @ (w_ref * seen)
    sts = kernel @ (w_ref * true * seen)
    ridge = GLARE_RIDGE * s0 * 40.0**2  # glare is 0 unless the references say otherwise
    det = stt * (s0 + ridge) - st * st
    gain = (sts * (s0 + ridge) - st * ss) / np.maximum(det, 1e-9)
    glare = (ss - gain * st) / (s0 + ridge)
    return np.clip(gain, 0.05, 5.0), np.clip(glare, -30.0, 200.0)


def _skin_like(seen: FloatArray, expected: FloatArray) -> npt.NDArray[np.bool_]:
    """Background that turned warm: skin, a sleeve, a wooden die; not shadow, not glare.

    Shadow and glare move the board colour along L and towards grey, never past grey to
    the warm side; something over the board does (every skin tone is warm, b* > 10).
    """
    delta = seen - expected
    warm = seen[:, 2] - max(float(expected[0, 2]), 0.0)
    return (delta[:, 2] > SKIN_DB) & (warm > SKIN_WARM) & (delta[:, 1] > -5)


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
    anomaly = d2.min(axis=1) > ANOMALY_D2
    return FieldVerdicts(
        labels=best.astype(np.int64) - 1,
        # far from every profile: the best of bad guesses is no reading
        confidence=np.where(anomaly, 0.0, post[np.arange(len(best)), best]),
        anomaly=anomaly,
        light=light,
    )


def _quadratic(points: FloatArray, scale: float) -> FloatArray:
    x, y = points[:, 0] / scale, points[:, 1] / scale
    return np.column_stack([np.ones_like(x), x, y, x * x, x * y, y * y])


def _global_light(log_ratio: FloatArray, centres: FloatArray) -> FloatArray:
    """Coefficients of a quadratic light surface over the board, fitted robustly (Tukey)."""
    scale = float(np.abs(centres).max() or 1.0)
    design = _quadratic(centres, scale)
    weight = np.ones(len(centres))
    coef: FloatArray = np.zeros(design.shape[1])
    for _ in range(6):
        sw = np.sqrt(weight)
        solution = np.linalg.lstsq(design * sw[:, None], log_ratio * sw, rcond=None)[0]
        coef = np.asarray(solution, np.float64)
        resid = log_ratio - design @ coef
        spread = 4.685 * max(1.4826 * float(np.median(np.abs(resid))), 0.02)
        weight = np.clip(1 - (resid / spread) ** 2, 0, None) ** 2
    return np.asarray(coef, np.float64)


def _local_light(log_ratio: FloatArray, centres: FloatArray, weight: FloatArray) -> FloatArray:
    """At each field, a weighted local linear fit of its neighbours' light (itself left out)."""
    dx = centres[None, :, 0] - centres[:, None, 0]
    dy = centres[None, :, 1] - centres[:, None, 1]
    d2 = dx**2 + dy**2
    near = np.exp(-d2 / (2 * LIGHT_RADIUS_MM**2))
    far = 0.05 * np.exp(-d2 / (2 * (3 * LIGHT_RADIUS_MM) ** 2))  # for fields out on a spur
    w = (near + far) * weight[None, :]
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


def _drawings(layout: Layout, px_per_mm: float) -> list[npt.NDArray[np.uint8]]:
    """The board as drawn, bare and with each player to move (stores, turn label)."""
    from companion.games import GAMES  # game data only: which game plays on this layout
    from companion.position import start_position
    from companion.render import draw_board, to_image

    out = [to_image(draw_board(layout), px_per_mm)]
    for spec in GAMES.values():
        if spec.default_layout != layout.name:
            continue
        players = layout.colours[: spec.max_players]
        for colour in players:
            pos = start_position(spec.name, players, layout).with_to_move(colour)
            out.append(to_image(draw_board(layout, pos), px_per_mm))
    return out
