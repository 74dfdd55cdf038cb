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
glare spot on glossy cardboard. Each field is then scored against every class (its own
empty look, each piece colour of :mod:`companion.vision.board.profiles`), each under the light
that fits that class best within what the neighbours allow (:func:`_score`), with a
heavy-tailed likelihood and "something else" as one more class: the best class is the
verdict, its posterior the confidence, and "something else" (a hand, a cup, a die, a
colour never calibrated) is an anomaly, which makes the frame busy. The plain board
between the fields is checked as well (:func:`_intruders`): a hand shows there too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import chain

import cv2
import numpy as np
import numpy.typing as npt

from companion.model.layout import Layout
from companion.vision.board.between import between_points
from companion.vision.board.imprint import alike_d2
from companion.vision.board.locate import Location
from companion.vision.board.profiles import Profiles, to_lab
from companion.vision.board.surround import contrast, ring_points

FloatArray = npt.NDArray[np.float64]

#: Squared Mahalanobis distance to the nearest profile above which a field shows
#: something that is neither the empty field nor any known piece.
ANOMALY_D2 = 40.0
#: How many background probes must show a hand before the frame is busy (noise is single).
MIN_INTRUDED = 5
#: A field colour with a channel at or above this is clipped by the sensor.
SATURATED = 250.0
#: A field whose sampling disc lies more than this share outside the photo is out of view
#: (a quarter of a disc still tells a piece from its field);
#: below it, the disc is clipped at the photo's edge and its points in view are read.
MAX_OUT_OF_VIEW = 0.75
#: Rounds of refitting a class's light with its clipped channels censored.
CENSOR_ROUNDS = 3
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
#: How far glare may stray from the neighbours' estimate when a clipped field is scored
#: again as under a glare spot (levels): free, as glare only adds light.
GLARE_FREE = 150.0
#: A clipped field read with less confidence than this is scored again as under glare
#: (the reader's UNSURE: below it the frame would wait).
GLARE_DOUBT = 0.8
#: The most confidence a field read under a glare spot gets: drawn unsure, still used.
GLARE_CONFIDENCE = 0.85
#: Colour noise per channel (0..255) of a field's median in the light fit.
COLOUR_NOISE = 6.0
#: A background probe's light may stray this far from the smooth fit over the board: the
#: gain by this share, the glare by this many levels; its colour noise; and the cost above
#: which it shows something other than the board.
PROBE_SLACK = 0.25
PROBE_GLARE = 40.0
PROBE_NOISE = 8.0
PROBE_D2 = 6.0
#: Grey levels of a disc's texture that are noise whatever its brightness (a dark disc's
#: texture, relative to its brightness, is mostly this).
TEXTURE_NOISE = 4.0
#: Degrees of freedom of the heavy-tailed class likelihood (Student-t like).
TAIL = 20.0


class FieldSampler:
    """The sampling discs of a layout's fields, precomputed in board millimetres."""

    def __init__(self, layout: Layout) -> None:
        self.ids = tuple(layout.fields)
        self.centres = np.array([[f.x, f.y] for f in layout], np.float64)
        spacing = np.array([layout.spacing[f] for f in self.ids])
        radius = np.minimum(0.28 * spacing, 0.30 * layout.piece_diameter)
        pattern = [(0.0, 0.0)]
        for ring, count in ((0.25, 6), (0.5, 12), (0.75, 18), (1.0, 24)):
            for k in range(count):
                a = 2 * np.pi * (k + 0.5 * (ring != 1.0)) / count
                pattern.append((ring * np.cos(a), ring * np.sin(a)))
        unit = np.array(pattern)  # (P, 2) points in the unit disc
        #: a disc's best plane (a light gradient) is grey @ to_plane @ from_plane; two thin
        #: products (a square one would start BLAS threads that cost more than the work)
        self.from_plane = np.column_stack([np.ones(len(unit)), unit]).T.copy()
        self.to_plane = np.linalg.pinv(self.from_plane.T).T.copy()
        self.offsets_mm = self.centres[:, None, :] + radius[:, None, None] * unit[None, :, :]
        self.height = layout.piece_height
        self.piece_radius = layout.piece_diameter / 2
        self.probes_mm, self.probe_bgr, steady = background_probes(layout)
        self.kernel = light_kernel(self.centres, self.probes_mm)
        #: the ring of board around each field that no piece covers (vision/board/surround.py)
        self.ring_mm = ring_points(self.centres, spacing, layout.piece_diameter / 2)
        self._ring_ok = ~np.isnan(self.ring_mm[:, 0, 0, 0])
        #: the points between the fields, where no piece stands (vision/board/between.py)
        self.between = between_points(layout, steady)
        self._between_px: tuple[bytes, FloatArray] | None = None  # (board's place, pixels)
        #: (place, result) of :meth:`leaning`, for the discs and for the feet
        self._leaning: dict[bool, tuple[bytes, npt.NDArray[np.bool_]]] = {}

    def points(self, location: Location, size: tuple[int, int]) -> tuple[FloatArray, FloatArray]:
        """Image pixels of the discs (N, P, 2) and of the background probes (M, 2).

        With a ``piece_height`` the discs are where the top of a piece appears (the empty
        fields are looked at through the same points, so their calibrated look matches).
        """
        n, p, _ = self.offsets_mm.shape
        if self.height > 0:
            discs = location.project_raised(self.offsets_mm.reshape(-1, 2), self.height, size)
            probes = location.project(self.probes_mm) if len(self.probes_mm) else np.zeros((0, 2))
            return discs.reshape(n, p, 2), self._not_behind_pieces(probes, location, size)
        allpx = location.project(np.vstack([self.offsets_mm.reshape(-1, 2), self.probes_mm]))
        return allpx[: n * p].reshape(n, p, 2), allpx[n * p :]

    def _not_behind_pieces(
        self, probes: FloatArray, location: Location, size: tuple[int, int]
    ) -> FloatArray:
        """The probes, those a piece standing on any field could hide moved out of view.

        A tall piece seen slanted covers the board from its foot to where its top
        appears, leaning over the plain board towards the next field: a probe there
        would show the piece's side and call the frame busy with a hand (the bench's
        pieces 30 mm tall: 22 of 50 clean frames)."""
        if not len(probes):
            return probes
        base = location.project(self.centres)
        top = location.project_raised(self.centres, self.height, size)
        edge = location.project(self.centres + np.array([self.piece_radius, 0.0]))
        reach = 1.2 * np.hypot(*(edge - base).T) + 2.0
        lean = top - base
        rel = probes[:, None, :] - base[None, :, :]
        t = np.clip((rel * lean[None]).sum(2) / np.maximum((lean**2).sum(1), 1e-9), 0.0, 1.0)
        gap = rel - t[..., None] * lean[None]
        hidden = (np.hypot(gap[..., 0], gap[..., 1]) < reach[None, :]).any(axis=1)
        return np.where(hidden[:, None], -1.0, probes)

    def leaning(
        self, location: Location, size: tuple[int, int], *, feet: bool = False
    ) -> npt.NDArray[np.bool_] | None:
        """(N, N): whether a piece standing on field j could hide a point of field i's
        disc (a tall piece seen slanted leans over the next field, where that field's
        disc looks for the top of its own piece); None for flat pieces. With ``feet``
        the discs at the fields' feet (:meth:`sample_feet`) instead.

        A disc that shows none of its print there may show a neighbour's piece, not one
        of its own (:mod:`.imprint`, :mod:`.feet`)."""
        if self.height <= 0:
            return None
        key = location.homography.tobytes() + bytes(f"{size[0]}x{size[1]}{feet}", "ascii")
        cached = self._leaning.get(feet)
        if cached is not None and cached[0] == key:
            return cached[1]
        # each disc's centre and its rim (the last 24 points), where a piece's top appears
        n, p, _ = self.offsets_mm.shape
        ends = self.offsets_mm[:, [0, *range(p - 24, p)]].reshape(-1, 2)
        lifted = (
            location.project(ends) if feet else location.project_raised(ends, self.height, size)
        )
        discs = lifted.reshape(n, 25, 2)
        centre = discs[:, 0]
        radius = np.hypot(*(discs[:, 1:] - centre[:, None]).transpose(2, 0, 1)).max(axis=1)
        base = location.project(self.centres)
        top = location.project_raised(self.centres, self.height, size)
        edge = location.project(self.centres + np.array([self.piece_radius, 0.0]))
        reach = np.hypot(*(edge - base).T) + 1.0
        lean = top - base
        rel = centre[:, None, :] - base[None, :, :]
        t = np.clip((rel * lean[None]).sum(2) / np.maximum((lean**2).sum(1), 1e-9), 0.0, 1.0)
        gap = np.hypot(*(rel - t[..., None] * lean[None]).transpose(2, 0, 1))
        # a disc whose centre lies within the piece's band widened by the disc's radius
        under = np.asarray(gap < reach[None, :] + radius[:, None], np.bool_)
        np.fill_diagonal(under, False)
        self._leaning[feet] = (key, under)
        return under

    def sample_feet(self, image: npt.NDArray[np.uint8], location: Location) -> FloatArray | None:
        """(N, P) grey levels of every field's disc at its foot, on the board itself (a
        tall board's discs look where a piece's top appears, beside a finger over an
        empty field; :mod:`.feet`); NaN out of view or clipped; None for flat pieces."""
        if self.height <= 0:
            return None
        n, p, _ = self.offsets_mm.shape
        px = location.project(self.offsets_mm.reshape(-1, 2)).reshape(n, p, 2)
        got, out = _fetch(image, px)
        clipped = out | (got.max(axis=2) >= SATURATED)
        return np.asarray(np.where(clipped, np.nan, got.mean(axis=2)), np.float64)

    def sample(
        self,
        image: npt.NDArray[np.uint8],
        location: Location,
        *,
        surround: bool = False,
        between: bool = False,
        feet: bool = False,
    ) -> Samples | None:
        """The fields' colours, textures and the probes' colours; None if a field is out
        of view (a disc clipped at the photo's edge is read from its points in view).

        Texture is how much darker the darkest sixth of the disc is than its median, as a
        share of the median: about 0 on a plain piece, well above 0.1 on a printed field.
        With ``surround`` also the contrast of the ring around every field
        (:mod:`companion.vision.board.surround`), which calibration learns and the reader checks;
        with ``between`` the colours of the points between the fields (:mod:`.between`);
        with ``feet`` a tall board's discs at the fields' feet (:meth:`sample_feet`).
        """
        p = self.offsets_mm.shape[1]
        m = len(self.probes_mm)
        h, w = image.shape[:2]
        px, ppx = self.points(location, (w, h))
        got, out = _fetch(image, px)
        clipped = np.flatnonzero(out.any(axis=1))
        if len(clipped) and (out[clipped].mean(axis=1) > MAX_OUT_OF_VIEW).any():
            return None  # a field (mostly) out of the picture cannot be read
        colours = np.median(got, axis=1)
        means = got.mean(axis=1)
        grey = got.mean(axis=2)
        mid = np.median(grey, axis=1)
        # a shadow's edge or a lamp's slope across the disc is light, not print: the
        # disc's best plane is taken out before its darkest sixth is measured
        # (one pass of the plane for the texture and the print)
        flat = grey - (grey @ self.to_plane) @ self.from_plane
        ordered = np.sort(flat, axis=1)
        texture = (ordered[:, p // 2] - ordered[:, p // 6]) / (mid + 1.0)
        # the disc point by point for the print a piece hides (:mod:`.imprint`): a point
        # out of view or clipped by the sensor shows no print either way
        unseen = out | (got.max(axis=2) >= SATURATED)
        discs = np.where(unseen, np.nan, grey)
        # as :meth:`pattern` makes it of ``discs``: a disc with a point unseen is NaN
        pattern = np.where(unseen.any(axis=1)[:, None], np.nan, flat / (mid[:, None] + 1.0))
        for i in clipped:  # a disc at the photo's edge: only its points in view count
            seen = ~out[i]
            colours[i] = np.median(got[i, seen], axis=0)
            means[i] = got[i, seen].mean(axis=0)
            texture[i] = _texture(grey[i, seen], self.from_plane[:, seen])
        probes = np.full((m, 3), np.nan)
        seen = (ppx[:, 0] >= 0) & (ppx[:, 1] >= 0) & (ppx[:, 0] <= w - 1) & (ppx[:, 1] <= h - 1)
        if seen.any():
            q = ppx[seen].astype(np.float32)
            got_p = cv2.remap(image, q[None, :, 0], q[None, :, 1], cv2.INTER_LINEAR)[0]
            probes[seen] = got_p
        rings = self.sample_rings(image, location) if surround else None
        space = self.sample_between(image, location) if between else None
        foot = self.sample_feet(image, location) if feet else None
        return Samples(colours, texture, probes, means, rings, space, discs, foot, pattern)

    def pattern(self, grey: FloatArray | None) -> FloatArray | None:
        """The discs' grey levels (N, P) as a print (:mod:`.imprint`): their best plane
        (a lamp's slope, a shadow's edge) taken out, relative to the disc's brightness
        (light scales field and print alike); NaN rows stay NaN."""
        if grey is None or grey.shape != self.offsets_mm.shape[:2]:
            return None
        flat = grey - (grey @ self.to_plane) @ self.from_plane
        return np.asarray(flat / (np.median(grey, axis=1, keepdims=True) + 1.0), np.float64)

    def sample_between(self, image: npt.NDArray[np.uint8], location: Location) -> FloatArray:
        """BGR (P, 3) at the points between the fields; NaN out of view or where a tall
        piece standing on a field could hide the board."""
        h, w = image.shape[:2]
        if not len(self.between.points):
            return np.zeros((0, 3))
        key = location.homography.tobytes() + bytes(f"{w}x{h}", "ascii")
        if self._between_px is not None and self._between_px[0] == key:
            px = self._between_px[1]  # the board has not moved: the same pixels
        else:
            px = location.project(self.between.points)
            if self.height > 0:  # 6 ms on a 7 x 7 board of tall pieces: worth keeping
                px = self._not_behind_pieces(px, location, (w, h))
            self._between_px = (key, px)
        inside = (px[:, 0] >= 0) & (px[:, 1] >= 0) & (px[:, 0] <= w - 1) & (px[:, 1] <= h - 1)
        q = px.astype(np.float32)
        got = cv2.remap(image, q[None, :, 0], q[None, :, 1], cv2.INTER_LINEAR)[0]
        return np.where(inside[:, None], got.astype(np.float64), np.nan)

    @property
    def has_rings(self) -> bool:
        """Whether some field has a ring of board around it that no piece covers (a
        packed grid has none: the ring test has nothing to look at there)."""
        return bool(self._ring_ok.any())

    def sample_rings(self, image: npt.NDArray[np.uint8], location: Location) -> FloatArray:
        """Contrast (N, SECTORS) of every field's ring; NaN without a ring or out of view."""
        n, sectors, k, _ = self.ring_mm.shape
        out = np.full((n, sectors), np.nan)
        if not self._ring_ok.any():
            return out
        px = location.project(self.ring_mm[self._ring_ok].reshape(-1, 2)).astype(np.float32)
        h, w = image.shape[:2]
        inside = (px[:, 0] >= 0) & (px[:, 1] >= 0) & (px[:, 0] <= w - 1) & (px[:, 1] <= h - 1)
        got = cv2.remap(image, px[None, :, 0], px[None, :, 1], cv2.INTER_LINEAR)[0]
        grey = np.where(inside, got.astype(np.float64).mean(axis=1), np.nan)
        out[self._ring_ok] = contrast(grey.reshape(-1, sectors, k))
        return out


def _texture(grey: FloatArray, from_plane: FloatArray) -> float:
    """The texture of one disc from some of its points (grey levels, their plane basis)."""
    n = len(grey)
    plane = np.linalg.lstsq(from_plane.T, grey, rcond=None)[0] @ from_plane
    flat = np.sort(grey - plane)
    return float((flat[n // 2] - flat[n // 6]) / (np.median(grey) + 1.0))


@dataclass(frozen=True)
class Samples:
    """What one frame shows at the sampling points."""

    colours: FloatArray  # (N, 3) median BGR of each field's disc
    texture: FloatArray  # (N,) texture of each field's disc
    probes: FloatArray  # (M, 3) BGR at the background probes (NaN: out of view)
    means: FloatArray  # (N, 3) mean BGR of each disc (steadier than the median over frames)
    surround: FloatArray | None = None  # (N, SECTORS) contrast of the ring around each field
    between: FloatArray | None = None  # (P, 3) BGR at the points between the fields
    discs: FloatArray | None = None  # (N, P) grey of every disc point, NaN out of view or clipped
    feet: FloatArray | None = None  # (N, P) the same at the fields' feet (tall pieces only)
    #: (N, P) ``discs`` as a print (:meth:`FieldSampler.pattern`), NaN rows where unseen
    pattern: FloatArray | None = None


def background_probes(
    layout: Layout, step_mm: float = 12.0
) -> tuple[FloatArray, FloatArray, npt.NDArray[np.bool_]]:
    """Points of plain board background (no field, line or print within 6 mm), its
    colour, and where the board's drawing never changes with the game (1 px a mm).

    A hand over the board covers background as well as fields; the background has one
    known colour, so a probe that turns skin-coloured is a sure sign of a busy frame.
    What the game moves between the fields (a player's energy stone, the turn label)
    is no part of the board's empty look (:mod:`.between`).
    """
    px_per_mm = 1.0
    drawings = _drawings(layout, px_per_mm)  # one at a time: eleven at once took 50 MB
    bare = next(drawings)
    board = np.median(bare.reshape(-1, 3), axis=0)
    plain: npt.NDArray[np.uint8] = np.ones(bare.shape[:2], np.uint8)
    same: npt.NDArray[np.uint8] = np.ones(bare.shape[:2], np.uint8)
    for img in chain([bare], drawings):
        plain &= (np.abs(img.astype(np.int16) - board).max(axis=2) <= 6).astype(np.uint8)
        same &= (np.abs(img.astype(np.int16) - bare).max(axis=2) <= 6).astype(np.uint8)
    moving = np.ones((15, 15), np.uint8)  # a stone's shadow and blur reach a few mm on
    steady = np.asarray(cv2.erode(same, moving), np.uint8) > 0
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
    return grid[keep], board.astype(np.float64), steady


@dataclass(frozen=True)
class FieldVerdicts:
    """For every field in layout order: the class index (-1 empty), confidence, anomaly."""

    labels: npt.NDArray[np.int64]
    confidence: FloatArray
    anomaly: npt.NDArray[np.bool_]
    light: FloatArray  # the estimated light level (1 = the profiles' light)
    intruded: int = 0  # background probes that show something over the board
    glare: npt.NDArray[np.bool_] | None = None  # fields under a glare spot (:func:`_under_glare`)


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
    share: FloatArray | None = None,
    alike: npt.NDArray[np.bool_] | None = None,
) -> FieldVerdicts:
    """Decide every field from its samples and its board position (N, 2).

    Also counts the background probes (at ``probes_mm``) that show skin rather than board.
    ``kernel`` is :func:`light_kernel` of the same points (computed here if not given).
    ``share`` is how much of its empty print each disc shows (:func:`.imprint.match`): it
    decides between a field's empty look and the piece colours too alike to it
    (``alike``, (N, K): :attr:`.Profiles.alike` unless given).
    """
    colours, texture = samples.colours, samples.texture
    saturated = colours.max(axis=1) >= SATURATED
    bright = colours.mean(axis=1) + 1.0
    empty_bright = profiles.empty_bgr.mean(axis=1) + 1.0
    piece_bright = profiles.piece_bgr.mean(axis=1) + 1.0
    log_ratio = np.log(bright / empty_bright)
    scale = float(np.abs(centres).max() or 1.0)
    coef = _global_light(log_ratio, centres)
    light = np.exp(_quadratic(centres, scale) @ coef)
    intruded = _intruders(samples.probes, probes_mm, profiles.background_bgr, scale)
    none = np.zeros(len(light))
    alike = profiles.alike if alike is None else alike
    extra = None if share is None else alike_d2(share, alike)
    verdict = _score(colours, texture, light, none, none + LIGHT_SLACK, profiles, extra=extra)
    for _ in range(2):
        ref = np.where(verdict.labels < 0, empty_bright, piece_bright[verdict.labels])
        # an empty field that shows its print is the surest light reference: nothing else
        # looks like that; a plain disc may be a piece or a blurred empty field
        printed = np.clip(texture / np.maximum(profiles.empty_texture, 1e-3), 0.2, 1.0)
        sure = np.where(verdict.labels < 0, printed, 0.5)
        trusted = verdict.confidence * ~verdict.anomaly
        # a clipped colour only says "at least this bright": no light reference
        weight = trusted * sure * ~saturated
        ok = ~np.isnan(samples.probes[:, 0])
        if ok.sum() >= MIN_PROBES:
            if kernel is None:
                kernel = light_kernel(centres, probes_mm)
            gain, glare = _local_affine(bright, ref, weight, samples.probes, ok, kernel, profiles)
            near = kernel[:, : len(bright)] ** ((LIGHT_RADIUS_MM / SLACK_RADIUS_MM) ** 2)
        else:  # a layout without plain background: light as a gain only
            light = np.exp(_local_light(np.log(bright / ref), centres, weight))
            gain, glare = light, none
            near = np.exp(
                -((centres[:, None] - centres[None]) ** 2).sum(2) / (2 * SLACK_RADIUS_MM**2)
            )
            np.fill_diagonal(near, 0.0)
        predicted = gain * ref + glare
        slack = _light_slack(bright, predicted, trusted, saturated, near)
        verdict = _score(colours, texture, gain, glare, slack, profiles, extra=extra)
    # the verdict under the light the neighbours' errors point to (the last pass's light)
    bias = _light_bias(bright, predicted, trusted, saturated, near)
    if bias.any():
        brighter = _score(colours, texture, gain, glare + bias, slack, profiles, extra=extra)
        verdict = _unless_the_light_decides(verdict, brighter, saturated)
    verdict = _under_glare(verdict, colours, texture, light, profiles)
    return replace(verdict, intruded=intruded)


def _under_glare(
    verdict: FieldVerdicts,
    colours: FloatArray,
    texture: FloatArray,
    light: FloatArray,
    profiles: Profiles,
) -> FieldVerdicts:
    """Fields the sensor clipped that are unlike every class, or unsure: a glare spot.

    Where a glare spot covers several fields, the neighbours' light is a gain that
    explains their brightness (all of them are bright), not the glare it is, and every
    class looks wrong under it (a yellow piece plus glare clipped to (66, 251, 255) read
    as "something unknown" on the synthetic camera, and a Tunnel X game waited on it).
    Glare only adds light: such a field is scored again under the smooth light over the
    whole board (``light``, fitted robustly: a small spot is an outlier to it) with the
    glare left free. What that explains is read, never surely (a glare spot hides what
    the light does not show); what it does not stays unknown. Either way the field is
    marked as under glare, not as a hand: a hand is no clipped colour, and the plain
    board around it shows it (:func:`_intruders`, :mod:`.surround`).
    """
    clipped = colours.max(axis=1) >= SATURATED
    rows = clipped & (verdict.anomaly | (verdict.confidence < GLARE_DOUBT))
    if not rows.any():
        # a disc burnt white in every channel has no colour left: a white piece, or a
        # light field whose print the glare burnt flat (the relit Go frames: r0c4, empty,
        # read white at >= 0.9); only its texture speaks, and never surely
        burnt = colours.min(axis=1) >= SATURATED
        held = np.where(burnt, np.minimum(verdict.confidence, GLARE_CONFIDENCE), verdict.confidence)
        return replace(verdict, confidence=held)
    none = np.zeros(len(colours))
    again = _score(colours, texture, light, none, none + MAX_SLACK, profiles, GLARE_FREE)
    read = rows & ~again.anomaly
    # where a glare spot lies, no clipped field is sure: glare burns the difference
    # between a light field and a bright piece (a yellow piece beside the spot read
    # empty with 0.91)
    confidence = np.where(read, again.confidence, verdict.confidence)
    return replace(
        verdict,
        labels=np.where(read, again.labels, verdict.labels),
        confidence=np.where(clipped, np.minimum(confidence, GLARE_CONFIDENCE), confidence),
        anomaly=verdict.anomaly & ~read,
        glare=rows,
    )


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


def _intruders(probes: FloatArray, probes_mm: FloatArray, board: FloatArray, scale: float) -> int:
    """How many background probes show something that is not the board under some light.

    The plain board between the fields has one colour. Under any lamp, shadow or glare a
    probe shows gain × board + glare, with a gain that varies smoothly over the board
    (fitted robustly: a hand is an outlier) and a small glare; the white balance is taken
    out first (the median of every probe, per channel). A hand, a sleeve or a cup gives a
    colour no such light makes from the board's: a probe whose best light needs a gain
    far from its neighbours', a big glare, or leaves a colour residue is an intruder.
    That holds on warm boards too (wood, leather, orange): it asks "is this the board?",
    not "is this warm?".
    """
    ok = ~np.isnan(probes[:, 0])
    if ok.sum() < MIN_PROBES:
        return 0
    seen, where = probes[ok], probes_mm[ok]
    ratio = np.log((seen.mean(axis=1) + 1.0) / (board.mean() + 1.0))
    gain = np.exp(_quadratic(where, scale) @ _global_light(ratio, where))
    balance = np.median((seen + 1.0) / (gain[:, None] * board[None, :] + 1.0), axis=0)
    ref = np.broadcast_to(board * balance / balance.mean(), (len(seen), 1, 3))
    glare0 = np.zeros(len(seen))
    # a channel the sensor clipped only says "at least this bright" (a glare spot on an
    # orange board clips its red): it contradicts no light that makes it brighter still
    seen = _censored(seen, ref, gain, glare0, np.full(len(seen), PROBE_SLACK), PROBE_GLARE)[:, 0]
    g, b = _class_light(seen, ref, gain, glare0, PROBE_SLACK, PROBE_GLARE)
    fit = g[:, :1] * ref[:, 0] + b[:, :1]
    cost = ((seen - fit) ** 2).sum(axis=1) / PROBE_NOISE**2
    cost += ((g[:, 0] / gain - 1) / PROBE_SLACK) ** 2 + (b[:, 0] / PROBE_GLARE) ** 2
    return int(np.count_nonzero(cost > PROBE_D2))


def _light_slack(
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


def _light_bias(
    bright: FloatArray,
    predicted: FloatArray,
    weight: FloatArray,
    clipped: npt.NDArray[np.bool_],
    near: FloatArray,
) -> FloatArray:
    """How much more light than predicted the fields near each field show, in grey levels
    (their weighted mean, shrunk towards 0 where few are near; 0 where they show less).

    :func:`_light_slack` says how far the neighbours' light may be off, not which way. A
    glare spot smaller than the neighbourhood lifts the fields around it by about as many
    levels, dark and light alike, which the neighbours' smooth light (its glare held near
    0) does not follow: glare only adds light. A clipped field only says "at least this
    bright" and is left out (counted so it made a grey-white piece under a glare spot
    unsure, 19×19 grey, seed 1).
    """
    err = bright - predicted
    w = near * (weight * ~clipped)[None, :]
    return np.asarray(np.maximum((w @ err) / (w.sum(axis=1) + 0.5), 0.0), np.float64)


def _unless_the_light_decides(
    verdict: FieldVerdicts, brighter: FieldVerdicts, clipped: npt.NDArray[np.bool_]
) -> FieldVerdicts:
    """``verdict`` no surer than the light allows: where the field reads otherwise under
    the glare its neighbours point to (``brighter``, :func:`_light_bias`), the reading
    rests on a light nobody measured there, so it is not sure (at most 1 − the other
    reading's confidence). A field the sensor clipped is left to :func:`_under_glare`:
    "at least this bright" fits any class under more glare (a grey-white piece burnt to
    (253, 255, 255) on the Gravitation board's grey look, seed 1, read 0.85 and made
    its frame wait).

    On the tall board's wood look (seed 1) a black piece under a small glare spot read
    white with 0.95: its four unclipped neighbours within 50 mm were seen 19-40 levels
    above the light predicted for them, the piece needed 39 levels of glare (which the
    prior holds near 0), and a white piece in a shadow (gain 0.43, darker against every
    neighbour) cost less. Under the neighbours' glare it reads black (0.87). Taking that
    reading instead was tried and dropped: a hand of the board's colour lifts its
    neighbours too, and under that light it passed for the board (a hand on the
    Gravitation board's wood look, seed 1, no longer busy); this way a doubt is only
    added, never taken away.
    """
    differ = (brighter.labels != verdict.labels) & ~clipped
    if not differ.any():
        return verdict
    doubt = np.minimum(verdict.confidence, 1.0 - brighter.confidence)
    return replace(verdict, confidence=np.where(differ, doubt, verdict.confidence))


def _score(
    colours: FloatArray,
    texture: FloatArray,
    gain: FloatArray,
    glare: FloatArray,
    slack: FloatArray,
    profiles: Profiles,
    glare_slack: float = GLARE_SLACK,
    *,
    extra: FloatArray | None = None,
) -> FieldVerdicts:
    """Score every field against every class, each under the light that fits it best.

    The neighbours give the light at a field only roughly (``gain`` and additive ``glare``):
    a glare spot is smaller than the neighbourhood, a shadow edge sharper. So every class
    (the field's own empty look, each piece colour) gets its own light: the gain and glare
    that bring its reference colour closest to what is seen, pulled towards the
    neighbours' estimate. What light cannot explain is colour: a yellow piece under glare
    stays yellow (a grey field plus glare is never yellow), while a light piece on a light
    field differs from it mainly in brightness, which the light can partly explain, so the
    verdict falls to the texture and a lower confidence. The class's Lab distance plus how
    far its light strays from the neighbours' is scored with a heavy-tailed likelihood, so
    a colour between two classes and far from both is unsure, not sure of the nearer one.
    """
    n, k = len(colours), len(profiles.colours)
    refs = np.concatenate(
        [profiles.empty_bgr[:, None, :], np.broadcast_to(profiles.piece_bgr, (n, k, 3))], axis=1
    )  # (N, 1 + K, 3): what each class looks like under the calibration light
    seen = _censored(colours, refs, gain, glare, slack, glare_slack)
    g, glr = _class_light(seen, refs, gain, glare, slack, glare_slack)
    corrected = (seen - glr[..., None]) / g[..., None]
    # texture is contrast over brightness: under glare the print is as dark against the
    # field as before but the field is brighter, so each class sees it without its glare
    bright = colours.mean(axis=1, keepdims=True) + 1.0
    tex_seen = texture[:, None] * bright / np.maximum(bright - np.maximum(glr, 0.0), 0.25 * bright)
    # the print of an empty field shows as much contrast as its class's light leaves it:
    # glare lowers it, and where the light burns the print out to the sensor's limit too,
    # a plain disc is no sign of a piece
    faded = _print_contrast(refs[:, 0], g[:, 0], glr[:, 0], profiles.empty_texture)
    missing = np.maximum(profiles.empty_texture * faded - texture, 0) / faded
    # texture is relative to the disc's brightness: on a dark disc a few grey levels of
    # noise, a glossy highlight or JPEG are a big share (a black piece at the board's edge
    # showed 0.3-0.5 where its calibration photo showed 0.06), so its spread grows there
    tex_std = np.hypot(profiles.texture_std, TEXTURE_NOISE / bright)
    tex = np.column_stack(
        [
            (missing / profiles.texture_std) ** 2,
            (np.maximum(tex_seen[:, 1:] - profiles.piece_texture[None, :], 0)) ** 2 / tex_std**2,
        ]
    )
    # a print whose darkest part is clipped as well may be burnt out by more light than
    # the class's fit: its absence then costs at most that much more light (cheap for a
    # faint grid line, dear for a printed number)
    grey = colours.mean(axis=1)
    burnt = grey - texture * (grey + 1.0) >= SATURATED
    more = g[:, 0] / np.maximum(1.0 - profiles.empty_texture, 0.05) / gain - 1.0
    burn = (more / slack) ** 2 - ((g[:, 0] / gain - 1.0) / slack) ** 2
    tex[:, 0] = np.where(burnt, np.minimum(tex[:, 0], np.maximum(burn, 0.0)), tex[:, 0])
    lab = to_lab(corrected)
    stds = np.concatenate(
        [
            np.broadcast_to(profiles.empty_std, (n, 1, 3)),
            np.broadcast_to(profiles.piece_std, (n, k, 3)),
        ],
        axis=1,
    )
    refs_lab = np.concatenate(
        [profiles.empty_lab[:, None, :], np.broadcast_to(profiles.piece_lab, (n, k, 3))], axis=1
    )
    d2 = (((lab - refs_lab) / stds) ** 2).sum(axis=2) + tex
    if extra is not None:  # the print a piece hides, where colour cannot tell (.imprint)
        d2 = d2 + extra
    # how far the class's light strays from the neighbours' (a Gaussian prior as well)
    d2 += ((g / gain[:, None] - 1) / slack[:, None]) ** 2
    d2 += ((glr - glare[:, None]) / (glare_slack + 0.3 * np.abs(glare[:, None]))) ** 2
    norm = np.log(stds).sum(axis=2)
    # "something else" (a hand, a cup, a colour never calibrated) as one more class, as
    # likely as a class at ANOMALY_D2: a field far from every class is not sure of any
    d2 = np.column_stack([d2, np.full(n, ANOMALY_D2)])
    norm = np.column_stack([norm, norm.mean(axis=1)])
    loglik = -0.5 * (TAIL + 3) * np.log1p(d2 / TAIL) - norm
    loglik -= loglik.max(axis=1, keepdims=True)
    post = np.exp(loglik)
    post /= post.sum(axis=1, keepdims=True)
    best = post[:, :-1].argmax(axis=1)
    anomaly = post.argmax(axis=1) == k + 1
    return FieldVerdicts(
        labels=best.astype(np.int64) - 1,
        # far from every profile: the best of bad guesses is no reading
        confidence=np.where(anomaly, 0.0, post[np.arange(n), best]),
        anomaly=anomaly,
        light=gain,
    )


def _censored(
    colours: FloatArray,
    refs: FloatArray,
    gain: FloatArray,
    glare: FloatArray,
    slack: FloatArray,
    glare_slack: float = GLARE_SLACK,
) -> FloatArray:
    """What each class (N, C, 3) sees at every field, a clipped channel read as censored.

    A channel at the sensor's limit only says "at least this bright": a class whose light
    makes it brighter still is not contradicted there. Each class's light is fitted, the
    clipped channels it predicts brighter are taken at its prediction, and the light is
    fitted again (a few rounds converge). A white piece under a glare spot and the light
    field it stands on are then compared on what the sensor did see: the hue of the
    unclipped channels, the light their neighbours allow, the print.
    """
    seen = np.broadcast_to(colours[:, None, :], refs.shape)
    clipped = colours >= SATURATED
    rows = np.flatnonzero(clipped.any(axis=1))
    if not len(rows):
        return seen
    seen = seen.copy()
    sub, refs_r, clip_r = colours[rows, None, :], refs[rows], clipped[rows, None, :]
    slack_r = np.broadcast_to(np.asarray(slack, np.float64), gain.shape)[rows]
    got = np.broadcast_to(sub, refs_r.shape)
    for _ in range(CENSOR_ROUNDS):
        g, b = _class_light(got, refs_r, gain[rows], glare[rows], slack_r, glare_slack)
        got = np.where(clip_r, np.maximum(sub, g[..., None] * refs_r + b[..., None]), sub)
    seen[rows] = got
    return seen


def _print_contrast(
    empty: FloatArray, gain: FloatArray, glare: FloatArray, texture: FloatArray
) -> FloatArray:
    """The share (0.25..1) of its calibrated texture an empty field's print keeps under a
    light (gain, glare): glare lifts field and print alike, and clipping flattens both."""
    mid = np.minimum(gain[:, None] * empty + glare[:, None], 255.0).mean(axis=1)
    print_ = (1.0 - texture)[:, None] * empty
    dark = np.minimum(gain[:, None] * print_ + glare[:, None], 255.0).mean(axis=1)
    calibrated = np.maximum(texture, 1e-3) * (mid + 1.0)
    return np.asarray(np.clip((mid - dark) / calibrated, 0.25, 1.0), np.float64)


def _class_light(
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
    ``seen`` is (N, 3), or (N, C, 3) when each class sees its own (:func:`_censored`).
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


def _quadratic(points: FloatArray, scale: float) -> FloatArray:
    x, y = points[:, 0] / scale, points[:, 1] / scale
    return np.column_stack([np.ones_like(x), x, y, x * x, x * y, y * y])


def _global_light(log_ratio: FloatArray, centres: FloatArray) -> FloatArray:
    """Coefficients of a quadratic light surface over the board, fitted robustly (Tukey)."""
    scale = float(np.abs(centres).max() or 1.0)
    design = _quadratic(centres, scale)
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


def _drawings(layout: Layout, px_per_mm: float) -> Iterator[npt.NDArray[np.uint8]]:
    """The board as drawn, bare and with each player to move (stores, turn label), its
    words always in English: the points looked at depend on where the drawing changes,
    and a calibration saved by an English server must match a German command line's
    (TENET's caption: 8,562 points against 8,554, "from an older version", trial s9)."""
    from companion.games import GAMES  # game data only: which game plays on this layout
    from companion.model.position import start_position
    from companion.render import draw_board, to_image

    yield to_image(draw_board(layout, lang="en"), px_per_mm)
    for spec in GAMES.values():
        if spec.default_layout != layout.name:
            continue
        players = layout.colours[: spec.max_players]
        for colour in players:
            pos = start_position(spec.name, players, layout).with_to_move(colour)
            yield to_image(draw_board(layout, pos, lang="en"), px_per_mm)


def _fetch(
    image: npt.NDArray[np.uint8], px: FloatArray
) -> tuple[FloatArray, npt.NDArray[np.bool_]]:
    """The colours at the points ``px`` (N, P, 2) of ``image`` (points outside it take the
    nearest edge's) and which points lie outside it."""
    h, w = image.shape[:2]
    out = (px[..., 0] < 0) | (px[..., 1] < 0) | (px[..., 0] > w - 1) | (px[..., 1] > h - 1)
    got = cv2.remap(
        image,
        np.clip(px[..., 0], 0, w - 1).astype(np.float32),
        np.clip(px[..., 1], 0, h - 1).astype(np.float32),
        cv2.INTER_LINEAR,
    ).astype(np.float64)
    return got, np.asarray(out, np.bool_)
