"""Locate the board in a frame: ArUco markers → homography, or a four-point calibration.

The board is a plane, so one homography maps board millimetres to (undistorted) image
pixels. With camera intrinsics (``calibration/``) the marker corners are undistorted
first and the field points distorted back after the homography, so the lens does not
bend the fields away from where they are sampled. A board is "found" only when at least
three of the layout's markers are seen and their corners agree with one plane to within a
few pixels; anything less is "not found", never a guess. :class:`Locator` keeps state
over frames and smooths a shaking camera.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import CompanionError
from companion.model.layout import Layout
from companion.model.layoutfile import builtin_layouts, load_layout
from companion.vision.board.cause import Cause

FloatArray = npt.NDArray[np.float64]

#: RMS distance (px) between the seen marker corners and the fitted plane above which the
#: markers do not belong to one flat board (a marker lifted, misdetected or a wrong layout).
MAX_PLANE_ERROR = 4.0

#: Frames at least this wide are searched for markers at half size first (a quarter of the
#: work), the corners then refined on the full frame.
HALF_SEARCH_WIDTH = 1000

#: The largest adaptive-threshold window (px) of the half-size marker search.
HALF_WINDOW_MAX = 13

#: In a stream, the lens guessed on an earlier frame is kept while the board stays where it
#: was and the markers fit it this well (px RMS).
KEEP_LENS_ERROR = 1.0


@dataclass(frozen=True)
class Intrinsics:
    """Camera matrix and lens distortion (OpenCV's k1, k2, p1, p2, k3) at an image size."""

    matrix: FloatArray
    distortion: FloatArray
    width: int
    height: int

    def undistort(self, pts: FloatArray) -> FloatArray:
        """Distorted image pixels → ideal (pinhole) pixels."""
        out = cv2.undistortPoints(
            pts.reshape(-1, 1, 2).astype(np.float64), self.matrix, self.distortion, P=self.matrix
        )
        return np.asarray(out, np.float64).reshape(-1, 2)

    def distort(self, pts: FloatArray) -> FloatArray:
        """Ideal (pinhole) pixels → distorted image pixels.

        OpenCV's lens model (k1, k2, p1, p2, k3) written out in NumPy: the same numbers
        as ``cv2.projectPoints`` at a sixth of its time on the ~11,000 points of a frame.
        """
        d = np.asarray(self.distortion, np.float64).ravel()
        if len(d) > 5:  # rational or thin-prism models: OpenCV's own projection
            inv = np.linalg.inv(self.matrix)
            obj = np.column_stack([pts, np.ones(len(pts))]) @ inv.T
            out, _ = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), self.matrix, d)
            return np.asarray(out, np.float64).reshape(-1, 2)
        k1, k2, p1, p2, k3 = np.concatenate([d, np.zeros(5 - len(d))])
        inv = np.linalg.inv(self.matrix)
        x = pts[:, 0] * inv[0, 0] + pts[:, 1] * inv[0, 1] + inv[0, 2]
        y = pts[:, 1] * inv[1, 1] + inv[1, 2]
        r2 = x * x + y * y
        radial = 1.0 + r2 * (k1 + r2 * (k2 + r2 * k3))
        xy = x * y
        xd = x * radial + 2.0 * p1 * xy + p2 * (r2 + 2.0 * x * x)
        yd = y * radial + p1 * (r2 + 2.0 * y * y) + 2.0 * p2 * xy
        m = self.matrix
        return np.column_stack([m[0, 0] * xd + m[0, 2], m[1, 1] * yd + m[1, 2]])

    def check_size(self, width: int, height: int) -> None:
        """A one-line error when a frame does not have the calibrated size."""
        if (width, height) != (self.width, self.height):
            raise CompanionError(
                f"image is {width}x{height} but the camera was calibrated at "
                f"{self.width}x{self.height}; calibrate at this size or resize the image"
            )


@dataclass(frozen=True)
class Location:
    """Where the board is: a homography from board mm to ideal image pixels."""

    homography: FloatArray
    intrinsics: Intrinsics | None
    method: str  # "markers" or "manual"
    markers: tuple[int, ...] = ()  # ids of the markers seen
    error: float = 0.0  # RMS marker corner error in px

    def project(self, pts_mm: FloatArray) -> FloatArray:
        """Board millimetres (N, 2) → image pixels (N, 2), lens distortion included."""
        p = cv2.perspectiveTransform(pts_mm.reshape(-1, 1, 2).astype(np.float64), self.homography)
        ideal = np.asarray(p, np.float64).reshape(-1, 2)
        return ideal if self.intrinsics is None else self.intrinsics.distort(ideal)

    def project_raised(
        self, pts_mm: FloatArray, height_mm: float, size: tuple[int, int]
    ) -> FloatArray:
        """Board points lifted ``height_mm`` towards the camera (a piece's top) → pixels.

        The camera pose comes from the homography and the camera matrix: the calibrated
        one, else a typical one for the image ``size`` (focal length 0.8 × width). In a
        slanted view the top of a piece stands off its field, away from the camera's foot.
        """
        if height_mm <= 0:
            return self.project(pts_mm)
        matrix = self.intrinsics.matrix if self.intrinsics else typical_matrix(*size)
        rot, t = camera_pose(self.homography, matrix)
        flat = pts_mm.reshape(-1, 2)
        obj = np.column_stack([flat, np.full(len(flat), -height_mm)])
        cam = obj @ rot.T + t
        ideal = (cam[:, :2] / np.maximum(cam[:, 2:3], 1e-6)) @ matrix[:2, :2].T + matrix[:2, 2]
        return ideal if self.intrinsics is None else self.intrinsics.distort(ideal)


class Locator:
    """Finds the board frame after frame.

    ``manual`` (four board points in mm and their four image pixels) replaces the markers for
    a board without them. ``smoothing`` (0..1) is the weight of the newest frame when the
    board has moved less than ``jump_px``: that averages a shaking camera away, while a real
    move of the camera or board (a bigger jump) is taken over at once.
    """

    def __init__(
        self,
        layout: Layout,
        intrinsics: Intrinsics | None = None,
        manual: tuple[FloatArray, FloatArray] | None = None,
        *,
        min_markers: int = 3,
        smoothing: float = 0.4,
        jump_px: float = 6.0,
        guess_lens: bool = True,
    ) -> None:
        self.layout = layout
        self.intrinsics = intrinsics
        self.manual = manual
        self.min_markers = min_markers
        self.smoothing = smoothing
        self.jump_px = jump_px
        self.guess_lens = guess_lens
        self._size = (0, 0)
        #: Why the last :meth:`locate` found no board, for people ("" after a success).
        self.why = ""
        #: The same as data, for the page to say in the players' words (``kind`` "" after
        #: a success).
        self.cause = Cause("")
        #: The board's own markers the last :meth:`locate` saw (some, when too few to
        #: locate it: the board is there, partly hidden).
        self.seen: tuple[int, ...] = ()
        self._corners_mm = marker_corners(layout)
        self._detector = _detector(layout, refine=True) if layout.markers else None
        self._coarse = _detector(layout, refine=False) if layout.markers else None
        self._quick = _detector(layout, refine=False, quick=True) if layout.markers else None
        hw, hh = layout.width / 2, layout.height / 2
        self._frame_mm = np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]], np.float64)
        self._last_px: FloatArray | None = None
        self._half: bool | None = None  # do half-size searches find this board's markers?
        self._lens: Intrinsics | None = None  # the last lens guess, for the frames after

    def locate(self, image: npt.NDArray[np.uint8]) -> Location | None:
        """The board in one frame, or None when it is not found (then :attr:`why` says why).

        Of earlier frames only what makes the search cheaper is kept: whether the markers
        are found at half size, and in a stream (:meth:`update`) the lens guess while the
        board stays where it was and the markers still fit it.
        """
        self.why, self.seen, self.cause = "", (), Cause("")
        if self.intrinsics is not None:
            self.intrinsics.check_size(image.shape[1], image.shape[0])
        if self.manual is not None:
            found = self._from_points(*self.manual, method="manual", markers=())
            self.why = "" if found else "the four calibrated corners give no plane"
            self.cause = Cause("" if found else "no_plane")
            return found
        if self._detector is None:  # a club's own board: found by its corners alone
            self.why = f"board {self.layout.name!r} has no markers: calibrate its four corners"
            self.cause = Cause("no_corners")
            return None
        self._size = (image.shape[1], image.shape[0])
        gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        corners, ids = self._detect(gray)
        if ids is None:
            self.why = "no board markers seen"
            self.cause = Cause("no_markers")
            return None
        board_pts, image_pts, seen, foreign = [], [], [], []
        for quad, mid in zip(corners, ids.ravel(), strict=True):
            known = self._corners_mm.get(int(mid))
            if known is None:
                foreign.append(int(mid))
            if known is None or int(mid) in seen:
                continue
            seen.append(int(mid))
            board_pts.append(known)
            image_pts.append(np.asarray(quad, np.float64).reshape(4, 2))
        self.seen = tuple(seen)
        if len(seen) < self.min_markers:
            other = _board_of(foreign, self.layout.name)
            self.why = (
                f"the markers seen are those of the {other!r} board, not {self.layout.name!r}"
                if other
                else f"only {len(seen)} of the board's markers seen, {self.min_markers} needed"
            )
            self.cause = (
                Cause("other_board", seen=other) if other else Cause("too_few", more=len(seen))
            )
            return None
        found = self._from_points(
            np.vstack(board_pts), np.vstack(image_pts), method="markers", markers=tuple(seen)
        )
        if found is None:
            self.why = (
                f"the {len(seen)} markers seen do not lie where layout {self.layout.name!r} "
                "puts them (another board, or a marker lifted or covered)"
            )
            self.cause = Cause("misplaced")
        return found

    def _detect(self, gray: npt.NDArray[Any]) -> tuple[Sequence[Any], Any]:
        """The markers in a grey frame: at half size with the corners refined on the full
        frame when the frame is large, the full frame searched when that finds too
        few markers, unless it has been shown to find them here and finds none at all now
        (so a dice frame pays a quarter of a full search)."""
        assert self._detector is not None and self._coarse is not None
        assert self._quick is not None
        h, w = gray.shape[:2]
        if w >= HALF_SEARCH_WIDTH and self._half is not False:
            small = cv2.resize(gray, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
            corners, ids, _ = self._quick.detectMarkers(small)
            ours = set() if ids is None else set(ids.ravel()) & set(self._corners_mm)
            if ours and len(ours) < self.min_markers:  # a blurred marker: wider windows
                corners, ids, _ = self._coarse.detectMarkers(small)
                ours = set() if ids is None else set(ids.ravel()) & set(self._corners_mm)
            enough = len(ours) >= self.min_markers
            # some of the board's markers but too few: a marker too noisy at half size
            # maybe, so the full frame is searched (a dice frame shows none of them)
            if enough or (self._half and not ours):
                if enough:
                    self._half = True
                return _refined(gray, corners), ids
        corners, ids, _ = self._detector.detectMarkers(gray)
        if w >= HALF_SEARCH_WIDTH and self._half is None and ids is not None:
            found = len(set(ids.ravel()) & set(self._corners_mm)) >= self.min_markers
            self._half = None if not found else False  # too small at half size: full only
        return corners, ids

    def update(self, image: npt.NDArray[np.uint8]) -> Location | None:
        """The board in the next frame of a stream, smoothed; None when it is not found."""
        found = self.locate(image)
        if found is None:
            return None
        px = cv2.perspectiveTransform(self._frame_mm.reshape(-1, 1, 2), found.homography)
        px = np.asarray(px, np.float64).reshape(-1, 2)
        if self._last_px is not None and np.abs(px - self._last_px).max() < self.jump_px:
            px = self.smoothing * px + (1 - self.smoothing) * self._last_px
            h = cv2.getPerspectiveTransform(
                self._frame_mm.astype(np.float32), px.astype(np.float32)
            )
            found = replace(found, homography=np.asarray(h, np.float64))
        self._last_px = px
        return found

    def _from_points(
        self, board: FloatArray, image: FloatArray, *, method: str, markers: tuple[int, ...]
    ) -> Location | None:
        intrinsics = self.intrinsics
        if intrinsics is None and method == "markers" and self.guess_lens:
            kept = self._lens
            if kept is not None and (kept.width, kept.height) == self._size:
                found = self._fit(board, image, kept, method=method, markers=markers)
                if found is not None and found.error <= KEEP_LENS_ERROR and self._stays(found):
                    return found  # the board stands where the lens was guessed, which fits
            intrinsics = self._lens = self._guess_lens(board, image)
        return self._fit(board, image, intrinsics, method=method, markers=markers)

    def _stays(self, found: Location) -> bool:
        """Whether the board is where the stream last saw it (within ``jump_px``)."""
        if self._last_px is None:
            return False
        px = cv2.perspectiveTransform(self._frame_mm.reshape(-1, 1, 2), found.homography)
        return bool(np.abs(px.reshape(-1, 2) - self._last_px).max() < self.jump_px)

    def _fit(
        self,
        board: FloatArray,
        image: FloatArray,
        intrinsics: Intrinsics | None,
        *,
        method: str,
        markers: tuple[int, ...],
    ) -> Location | None:
        ideal = image if intrinsics is None else intrinsics.undistort(image)
        h, _ = cv2.findHomography(board.astype(np.float64), ideal.astype(np.float64), 0)
        if h is None:
            return None
        back = cv2.perspectiveTransform(board.reshape(-1, 1, 2).astype(np.float64), h)
        error = float(np.sqrt(np.mean(np.sum((back.reshape(-1, 2) - ideal) ** 2, axis=1))))
        if method == "markers" and error > MAX_PLANE_ERROR * (1 if intrinsics else 2):
            return None
        return Location(np.asarray(h, np.float64), intrinsics, method, markers, error)

    def _guess_lens(self, board: FloatArray, image: FloatArray) -> Intrinsics | None:
        """Without a calibration: the radial distortion that makes the markers most planar.

        A plain homography cannot bend, so with a barrel lens the 16 marker corners do not
        fit one plane exactly. Assuming a typical focal length (0.8 × image width) and the
        centre of the image, the k1 that makes them fit best is taken (k1 = 0 is one of the
        candidates, so a straight lens stays straight).
        """
        w, h = self._size
        matrix = typical_matrix(w, h)
        grid = np.linspace(-0.3, 0.1, 17)
        costs = _plane_errors(board, _undistort_radial(image, matrix, grid))
        best = int(np.argmin(costs))
        if not np.isfinite(costs[best]):
            return None
        if 0 < best < len(grid) - 1:  # parabola through the best three
            c0, c1, c2 = costs[best - 1 : best + 2]
            denom = c0 - 2 * c1 + c2
            step = grid[1] - grid[0]
            k1 = grid[best] + (0.5 * step * (c0 - c2) / denom if denom > 0 else 0.0)
        else:
            k1 = grid[best]
        return Intrinsics(matrix, np.array([k1, 0, 0, 0, 0], np.float64), w, h)


def _undistort_radial(pts: FloatArray, matrix: FloatArray, k1s: FloatArray) -> FloatArray:
    """Image pixels (N, 2) undistorted by each radial k1 of ``k1s``: (K, N, 2) ideal pixels.

    OpenCV's iteration (``cv2.undistortPoints``, five rounds) for all k1 at once."""
    f = np.array([matrix[0, 0], matrix[1, 1]])
    c = matrix[:2, 2]
    start = (pts - c) / f
    x = np.broadcast_to(start, (len(k1s), *start.shape))
    for _ in range(5):
        r2 = (x * x).sum(axis=2, keepdims=True)
        x = start / (1.0 + k1s[:, None, None] * r2)
    return np.asarray(x * f + c, np.float64)


def _plane_errors(board: FloatArray, ideal: FloatArray) -> FloatArray:
    """RMS px error of the best homography from ``board`` (N, 2) to each of ``ideal``
    (K, N, 2): a normalised direct linear fit for all K at once (the lens guess compares
    17 of them; one ``cv2.findHomography`` each took 1.2 ms of a 9 ms read)."""

    def normaliser(p: FloatArray) -> FloatArray:  # (..., N, 2) -> (..., 3, 3)
        mid = p.mean(axis=-2)
        spread = np.linalg.norm(p - mid[..., None, :], axis=-1).mean(axis=-1)
        scale = np.sqrt(2.0) / np.maximum(spread, 1e-9)
        t = np.zeros((*p.shape[:-2], 3, 3))
        t[..., 0, 0] = t[..., 1, 1] = scale
        t[..., :2, 2] = -scale[..., None] * mid
        t[..., 2, 2] = 1.0
        return t

    k, n = ideal.shape[:2]
    tb, ti = normaliser(board), normaliser(ideal)
    b = board @ tb[:2, :2].T + tb[:2, 2]
    q = ideal @ np.swapaxes(ti[:, :2, :2], 1, 2) + ti[:, None, :2, 2]
    one, zero = np.ones(n), np.zeros(n)
    bx = np.broadcast_to(b[:, 0], (k, n))
    by = np.broadcast_to(b[:, 1], (k, n))
    u, v = q[..., 0], q[..., 1]
    ones, zeros = np.broadcast_to(one, (k, n)), np.broadcast_to(zero, (k, n))
    rows_u = np.stack([bx, by, ones, zeros, zeros, zeros, -u * bx, -u * by, -u], axis=-1)
    rows_v = np.stack([zeros, zeros, zeros, bx, by, ones, -v * bx, -v * by, -v], axis=-1)
    a = np.concatenate([rows_u, rows_v], axis=1)  # (K, 2N, 9)
    hn = np.linalg.svd(a)[2][:, -1, :].reshape(k, 3, 3)
    hom = np.linalg.inv(ti) @ hn @ tb
    pts = np.column_stack([board, one]) @ np.swapaxes(hom, 1, 2)
    back = pts[..., :2] / pts[..., 2:3]
    return np.asarray(np.sqrt(((back - ideal) ** 2).sum(axis=2).mean(axis=1)), np.float64)


def typical_matrix(width: int, height: int) -> FloatArray:
    """A camera matrix when none is calibrated: focal length 0.8 × the longer side, centred."""
    f = 0.8 * max(width, height)
    return np.array([[f, 0, width / 2], [0, f, height / 2], [0, 0, 1]], np.float64)


def camera_pose(homography: FloatArray, matrix: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Rotation and translation of the board (mm, z into the table) in camera coordinates.

    A plane's homography is ``K [r1 r2 t]`` up to scale; the scale makes r1 and r2 unit
    vectors, the sign puts the board in front of the camera, and the nearest rotation to
    ``[r1 r2 r1×r2]`` absorbs the noise.
    """
    m = np.linalg.inv(matrix) @ homography
    scale = 2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
    m = m * scale
    if m[2, 2] < 0:
        m = -m
    r = np.column_stack([m[:, 0], m[:, 1], np.cross(m[:, 0], m[:, 1])])
    u, _, vt = np.linalg.svd(r)
    rot = u @ vt
    if np.linalg.det(rot) < 0:
        rot = u @ np.diag([1.0, 1.0, -1.0]) @ vt
    return np.asarray(rot, np.float64), np.asarray(m[:, 2], np.float64)


def _board_of(ids: list[int], besides: str) -> str | None:
    """The built-in layout (other than ``besides``) that owns most of the marker ``ids``.

    Each built-in board has its own marker ids, so a photo of the race board read as
    Gravitation says which board it is instead of "too few markers".
    """
    if not ids:
        return None
    owners = {n: sum(i in _marker_ids(n) for i in ids) for n in builtin_layouts() if n != besides}
    best = max(owners, key=owners.__getitem__, default=None)
    return best if best is not None and owners[best] >= 2 else None


@functools.cache
def _marker_ids(name: str) -> frozenset[int]:
    return frozenset(m.id for m in load_layout(name).markers)


def marker_corners(layout: Layout) -> dict[int, FloatArray]:
    """Marker id → its four corners on the board (mm), in ArUco's order TL, TR, BR, BL."""
    out = {}
    for m in layout.markers:
        s = m.size / 2
        out[m.id] = np.array(
            [[m.x - s, m.y - s], [m.x + s, m.y - s], [m.x + s, m.y + s], [m.x - s, m.y + s]]
        )
    return out


def _refined(gray: npt.NDArray[Any], half: Sequence[Any]) -> list[npt.NDArray[np.float32]]:
    """Marker corners found at half size, in full-frame pixels, refined to a subpixel as
    ArUco's own CORNER_REFINE_SUBPIX does (5-px window)."""
    if not half:
        return []
    pts = np.vstack([np.asarray(q, np.float32).reshape(-1, 2) for q in half]) * 2 + 0.5
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01)
    cv2.cornerSubPix(gray, pts.reshape(-1, 1, 2), (5, 5), (-1, -1), criteria)
    return [q.reshape(1, 4, 2) for q in np.split(pts.reshape(-1, 2), len(half))]


def _detector(layout: Layout, *, refine: bool, quick: bool = False) -> cv2.aruco.ArucoDetector:
    """The layout's marker detector; without corner refinement for the half-size search,
    whose corners are refined on the full frame instead (:func:`_refined`); ``quick``
    with the narrower threshold windows of the first half-size search."""
    name = f"DICT_{layout.marker_dictionary}"
    if not hasattr(cv2.aruco, name):
        raise CompanionError(f"layout {layout.name!r}: unknown marker dictionary {name}")
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = (
        cv2.aruco.CORNER_REFINE_SUBPIX if refine else cv2.aruco.CORNER_REFINE_NONE
    )
    if quick:
        # at half size a 23-px threshold window (46 px of the full frame) is wider than
        # most markers' cells need: windows 3 and 13 only, a third less work (2.2 -> 1.5
        # ms); a search that finds some of the board's markers but too few is repeated
        # with every window (a blurred marker needs the widest)
        params.adaptiveThreshWinSizeMax = HALF_WINDOW_MAX
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name))
    return cv2.aruco.ArucoDetector(dictionary, params)
