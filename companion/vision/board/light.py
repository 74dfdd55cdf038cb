"""The light over the board: how bright each field should look, measured on the board itself.

Light is uneven (a lamp on one side, vignetting, a shadow across the board), so colours
are compared after dividing by the local light level. That level is not measured on a
white card but on the board itself: every field is a reference for its neighbours once
we know what stands on it. A first pass fits a smooth light surface over the whole board
to the empty-field colours (robustly: pieces are outliers, :func:`global_light`); then,
twice, the light at each field is re-estimated from what lies within a few centimetres,
the field itself left out: the neighbouring fields (compared with the colour of what they
hold) and the plain board between them. Light and glare act differently on a dark and a
light reference, so a local fit of seen = gain × true + glare (:func:`local_affine`)
separates the lamp (and soft shadows) from a glare spot on glossy cardboard; how far the
neighbours' light may be off at a field, and which way, is their own prediction error
(:func:`light_slack`, :func:`light_bias`).

It is a module of its own because it is arithmetic on brightnesses, apart from where the
pixels come from (:mod:`.sampler`, which computes :func:`light_kernel` once per layout) and
from what a field is judged to hold under that light (:mod:`.fields`, which fits each
class's own light with :func:`class_light`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from companion.vision.board.profiles import Profiles

FloatArray = npt.NDArray[np.float64]

#: Weight of one background probe as a light reference, against 1 for a sure field.
PROBE_WEIGHT = 1.0
#: How strongly glare is pulled towards 0 where the references cannot tell it from light.
GLARE_RIDGE = 0.02
#: Fewer background probes in view than this: light is estimated as a gain only.
MIN_PROBES = 20
#: How far (mm) the local light estimate looks for neighbours (Gaussian sigma).
LIGHT_RADIUS_MM = 40.0
#: How far (mm) the neighbours' prediction errors are looked at to judge the light's
#: uncertainty at a field: nearer than the light itself, as a glare spot or a shadow's
#: edge is smaller than the neighbourhood the light is averaged over.
SLACK_RADIUS_MM = 25.0
#: How far a class's own light may stray from the neighbours' estimate (one sigma): the
#: gain by this share, the glare by this many levels (plus 30 % of the glare itself).
LIGHT_SLACK = 0.12
#: ... once the neighbours' own prediction error is known, it sets the gain's slack,
#: within these bounds.
MIN_SLACK = 0.04
MAX_SLACK = 0.25
GLARE_SLACK = 12.0
#: Colour noise per channel (0..255) of a field's median in the light fit.
COLOUR_NOISE = 6.0


def light_kernel(centres: FloatArray, probes_mm: FloatArray) -> FloatArray:
    """Gaussian weights (N, N + M) of every field and probe as a light reference for a field.

    Zero for a field itself (leave-one-out). Depends on the layout only: compute it once.
    """
    pos = np.vstack([centres, probes_mm])
    d2 = ((centres[:, None, :] - pos[None, :, :]) ** 2).sum(axis=2)
    kernel = np.exp(-d2 / (2 * LIGHT_RADIUS_MM**2))
    kernel[np.arange(len(centres)), np.arange(len(centres))] = 0.0
    return np.asarray(kernel, np.float64)


def global_light(log_ratio: FloatArray, centres: FloatArray) -> FloatArray:
    """Coefficients of a quadratic light surface over the board, fitted robustly (Tukey)."""
    scale = float(np.abs(centres).max() or 1.0)
    design = quadratic(centres, scale)
    weight = np.ones(len(centres))
    coef: FloatArray = np.zeros(design.shape[1])
    ridge = 1e-9 * np.eye(design.shape[1])  # a rank-poor design (few points) still solves
    for _ in range(6):
        # weighted least squares by its normal equations: 6 unknowns, and np.linalg.lstsq's
        # SVD cost more than the rest of the light fit
        wd = design * weight[:, None]
        coef = np.asarray(np.linalg.solve(wd.T @ design + ridge, wd.T @ log_ratio), np.float64)
        resid = log_ratio - design @ coef
        spread = 4.685 * max(1.4826 * float(np.median(np.abs(resid))), 0.02)
        weight = np.clip(1 - (resid / spread) ** 2, 0, None) ** 2
    return np.asarray(coef, np.float64)


def quadratic(points: FloatArray, scale: float) -> FloatArray:
    """The terms (1, x, y, x², xy, y²) of a quadratic surface at ``points`` (mm / ``scale``)."""
    x, y = points[:, 0] / scale, points[:, 1] / scale
    return np.column_stack([np.ones_like(x), x, y, x * x, x * y, y * y])


def local_light(log_ratio: FloatArray, centres: FloatArray, weight: FloatArray) -> FloatArray:
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


def local_affine(
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


def class_light(
    seen: FloatArray,
    refs: FloatArray,
    gain: FloatArray,
    glare: FloatArray,
    slack: FloatArray | float = LIGHT_SLACK,
    glare_slack: float = 0.0,
) -> tuple[FloatArray, FloatArray]:
    """Per field and class: the gain and glare with seen ≈ gain × ref + glare (BGR).

    A least-squares fit over the three channels with a prior at the neighbours' light
    (``gain``, ``glare``), solved in closed form for all fields and classes at once.
    ``seen`` is (N, 3), or (N, C, 3) when each class sees its own (:func:`.fields._censored`).
    """
    if seen.ndim == 2:
        seen = seen[:, None, :]
    g0, b0 = gain[:, None], glare[:, None]
    glare_slack = glare_slack or GLARE_SLACK
    slack = np.broadcast_to(np.asarray(slack, np.float64), gain.shape)[:, None]
    pg = (COLOUR_NOISE / (slack * g0)) ** 2  # prior weights, in units of the noise
    pb = (COLOUR_NOISE / (glare_slack + 0.3 * np.abs(b0))) ** 2
    sxx = (refs * refs).sum(axis=2) + pg
    sx = refs.sum(axis=2)
    sxy = (refs * seen).sum(axis=2) + pg * g0
    sy = seen.sum(axis=2) + pb * b0
    s1 = 3.0 + pb
    det = sxx * s1 - sx * sx
    g = (sxy * s1 - sx * sy) / det
    b = (sxx * sy - sx * sxy) / det
    return np.clip(g, 0.05, 5.0), np.clip(b, -30.0, 230.0)


def light_slack(
    bright: FloatArray,
    predicted: FloatArray,
    weight: FloatArray,
    clipped: npt.NDArray[np.bool_],
    near: FloatArray,
) -> FloatArray:
    """How far the neighbours' light may be off at each field: their own prediction error.

    Each field's light was predicted from its neighbours alone (leave-one-out), so how
    well that predicted the fields around it (seen against predicted brightness) is how
    much to trust it here: a few percent on an evenly lit board, much more at a shadow's
    edge or in a glare spot. A clipped field was at least as bright as seen: it shows an
    error only when the light predicted it darker (in a glare spot it does, strongly).
    """
    err = bright / np.maximum(predicted, 1.0) - 1.0
    err = np.where(clipped, np.maximum(err, 0.0), err) ** 2
    w = near * weight[None, :]
    slack = np.sqrt((w @ err + 0.5 * MIN_SLACK**2) / (w.sum(axis=1) + 0.5))
    return np.asarray(np.clip(slack, MIN_SLACK, MAX_SLACK), np.float64)


def light_bias(
    bright: FloatArray,
    predicted: FloatArray,
    weight: FloatArray,
    clipped: npt.NDArray[np.bool_],
    near: FloatArray,
) -> FloatArray:
    """How much more light than predicted the fields near each field show, in grey levels
    (their weighted mean, shrunk towards 0 where few are near; 0 where they show less).

    :func:`light_slack` says how far the neighbours' light may be off, not which way. A
    glare spot smaller than the neighbourhood lifts the fields around it by about as many
    levels, dark and light alike, which the neighbours' smooth light (its glare held near
    0) does not follow: glare only adds light. A clipped field only says "at least this
    bright" and is left out (counted so it made a grey-white piece under a glare spot
    unsure, 19×19 grey, seed 1).
    """
    err = bright - predicted
    w = near * (weight * ~clipped)[None, :]
    return np.asarray(np.maximum((w @ err) / (w.sum(axis=1) + 0.5), 0.0), np.float64)
