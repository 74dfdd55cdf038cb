"""Where each field's disc lies and how its pixels are fetched: the sampler of a layout.

Sampling points are precomputed once per layout (a disc well inside a piece, inside
half the distance to the nearest field) and mapped to the image in one go; one
``cv2.remap`` fetches all of them. A field's colour is the per-channel median of its
disc, which ignores the printed gravity number of an empty field, JPEG ringing and noise.
Beside the discs it holds the background probes (points of plain board, a light reference
and where a hand shows, :func:`background_probes`), the ring around each field
(:mod:`.surround`), the points between the fields (:mod:`.between`) and, on a tall board,
the discs at the fields' feet (:mod:`.feet`).

It is a module of its own because the reader, the calibration (:mod:`.learn`,
:mod:`companion.vision.colourfit`) and the benches all look at a frame through it, while
only the reader decides what the fields hold (:mod:`.fields`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain

import cv2
import numpy as np
import numpy.typing as npt

from companion.model.layout import Layout
from companion.vision.board.between import between_points
from companion.vision.board.imprint import flatten
from companion.vision.board.light import light_kernel
from companion.vision.board.locate import Location
from companion.vision.board.surround import contrast, ring_points

FloatArray = npt.NDArray[np.float64]

#: A field colour with a channel at or above this is clipped by the sensor.
SATURATED = 250.0
#: A field whose sampling disc lies more than this share outside the photo is out of view
#: (a quarter of a disc still tells a piece from its field);
#: below it, the disc is clipped at the photo's edge and its points in view are read.
MAX_OUT_OF_VIEW = 0.75


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
        # as :meth:`pattern` makes it of ``discs``: a disc with points unseen is
        # flattened over the points it saw (:func:`.imprint.flatten`)
        pattern = flat / (mid[:, None] + 1.0)
        partly = np.flatnonzero(unseen.any(axis=1))
        pattern[partly] = flatten(discs[partly], self.from_plane, self.to_plane)
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
        """The discs' grey levels (N, P) as a print (:func:`.imprint.flatten`): their
        best plane (a lamp's slope, a shadow's edge) taken out, relative to the disc's
        brightness (light scales field and print alike); NaN where a point was not seen,
        and for a disc that saw too few."""
        if grey is None or grey.shape != self.offsets_mm.shape[:2]:
            return None
        return flatten(grey, self.from_plane, self.to_plane)

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
