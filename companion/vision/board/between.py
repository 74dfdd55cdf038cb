"""The board between the fields, against its empty look: a hand shows as a large change there.

No piece ever stands between the fields, so there a frame should look as the empty board
did on the calibration photo, under another light. A hand, an arm or a sleeve changes it
over a large connected region, whatever its colour. Colour alone cannot tell skin from a
tan leather or light wooden board (the background probes and the fields read it as the
board), and such a board may have no print around its fields to hide (the ring test of
:mod:`.surround` sees nothing there). This test compares every small cell of that space
with the same cell on the empty photo:

* **colour**: the cell's mean colour must be what some light makes of the empty cell's,
  ``gain × empty + glare`` (a shadow scales it, a glare spot adds white), after the
  frame's white balance is taken out; skin over wood needs a colour no such light makes;
* **pattern**: where the empty cell shows a pattern of its own (wood grain, leather,
  print), a shadow or a glare spot keeps it (scaled, lifted) and a hand hides it: the
  cell's grey levels must still follow the empty cell's with about the cell's gain.

A changed cell alone is noise or a crumb; a hand is a connected region of them
(:data:`MIN_CELLS`, counted as 12 mm cells). The points lie at least a piece's radius plus
``GAP_MM`` from every field. Where that space is wide (most boards) they are ``STEP_MM``
apart in ``CELL_MM`` squares. On a packed grid (a 19 × 19 Go board: stones 20 mm on
22 mm) it is only small islands, the diagonal gaps between four stones, too small for a
12 mm cell and too far apart to touch: there the cells are shaped to the grid (a cell as
wide as the islands lie apart, an island at its centre, so neighbouring islands are
neighbouring cells) and the points denser (:func:`_cells`).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from companion.model.layout import Layout

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: Points of the space between the fields (mm apart), gathered into square cells.
STEP_MM = 4.0
CELL_MM = 12.0
#: A point this far (mm) beyond a piece's edge is never covered by it (nor its shadow);
#: points farther than REACH piece diameters from every field are not looked at.
GAP_MM = 3.0
REACH = 4.0
#: A cell with fewer points in view is not judged.
MIN_POINTS = 4
#: Colour noise (grey levels) of a cell's mean: a constant part and a share of the level.
NOISE = 2.0
NOISE_SHARE = 0.02
#: A cell whose colour no light makes of its empty look by more than this (squared noise
#: units, summed over the channels) has changed.
COLOUR_D2 = 12.0
#: A point this bright in a channel is clipped: its cell's colour and pattern are not judged.
CLIPPED = 250.0
#: The most negative glare (grey levels) of a cell's light: a glare spot on the empty
#: photo makes the same cell darker by that much in a frame without it.
GLARE_FLOOR = -50.0
#: A cell whose empty look has a pattern (its points' grey spread at least this, over at
#: least PATTERN_POINTS points) has changed when the pattern kept less than PATTERN_KEPT
#: of the cell's gain. These and COLOUR_D2, MIN_CELLS, REACH were chosen on bench looks
#: seed 1 (clean frames: changed regions of at most 8 cells) and measured on seed 2.
PATTERN_SD = 2.5
PATTERN_KEPT = 0.3
PATTERN_POINTS = 6
#: This many connected changed cells of CELL_MM are a hand (one cell is 12 × 12 mm; a
#: hand's palm covers about 50, two fingers' tips a few); larger cells need as much area,
#: and never fewer than LEAST_CELLS of them.
MIN_CELLS = 10
LEAST_CELLS = 3
#: The space between the fields is islands (a packed grid) when half of it lies in pieces
#: smaller than a CELL_MM cell; there each island gets about ISLAND_POINTS points. An
#: island is a plain spot a few mm across, clear of print and of the light's slope across
#: a 12 mm cell: its colour is judged more closely (ISLAND_D2), and it is too small to
#: hold a pattern the frame could be seen to follow (wood grain there is a line or two:
#: on bench looks seed 1 that test alone made clean frames' regions of 4 islands, colour
#: alone at most 1, and hands over plain cardboard and wood showed 3-23 where the clean
#: board showed below 2).
ISLAND_POINTS = 8
ISLAND_D2 = 4.0


@dataclass(frozen=True)
class Between:
    """The points between the fields of a layout, in board mm, and their cells."""

    points: FloatArray  # (P, 2)
    cell: IntArray  # (P,) flat index of each point's cell in the grid
    shape: tuple[int, int]  # rows, columns of the cell grid
    origin: FloatArray  # (2,) board mm of the grid's corner
    offset: FloatArray  # (P, 2) each point's place in its cell, mm from the cell's centre
    cells: IntArray  # (C,) the cells that hold points, in order
    starts: IntArray  # (C,) where each of them starts among the points (sorted by cell)
    size: float = CELL_MM  # mm, a cell's side
    least: int = MIN_CELLS  # connected changed cells that are a hand
    islands: bool = False  # a packed grid: a cell is one island of space between fields


def between_points(layout: Layout, steady: npt.NDArray[np.bool_] | None = None) -> Between:
    """The points between the fields of ``layout``: farther than a piece's radius + GAP_MM
    from every field, nearer than REACH piece diameters to one. A layout whose fields
    leave no such space has none. ``steady`` (the board at 1 px a mm, True where its
    drawing never changes with the game) leaves out what the game moves there."""
    centres = np.array([[f.x, f.y] for f in layout], np.float64)
    reach = max(layout.spacing.values(), default=CELL_MM)
    low, high = centres.min(axis=0) - reach, centres.max(axis=0) + reach
    edge = np.array([layout.width / 2, layout.height / 2])
    low, high = np.maximum(low, -edge), np.minimum(high, edge)
    far = _far(centres, low, high)
    step, size, corner, islands = _cells(layout, far, low, high, centres, edge)
    xs = np.arange(corner[0] + step / 2, high[0], step)
    ys = np.arange(corner[1] + step / 2, high[1], step)
    grid = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
    # only where the 1 mm drawing says a point may be looked at (it is off by 1.5 mm at
    # most) is the distance to every field worked out: points 2 mm apart on a 19 × 19
    # board would cost half a second at every start
    at = np.clip(np.round(grid - low).astype(int), 0, np.array(far.shape[::-1]) - 1)
    grid = grid[_clear(far[at[:, 1], at[:, 0]], layout, slack=1.5)]
    low = corner
    nearest = np.full(len(grid), np.inf)
    for k in range(0, len(centres), 64):  # in slices: a 19 × 19 board has 361 fields
        d2 = ((grid[:, None, :] - centres[None, k : k + 64, :]) ** 2).sum(axis=2)
        nearest = np.minimum(nearest, d2.min(axis=1))
    # near the fields (a hand over the board reaches for one; the bare corners of a big
    # board would only cost time), yet clear of every piece
    nearest = np.sqrt(nearest)
    keep = _clear(nearest, layout)
    if islands:
        # and GAP_MM inside the board's edge: the table beyond it is no part of the board,
        # and a photo blurs the one into the other (on a packed grid whose outer lines lie
        # near the edge, islands there sampled the table). Only there: elsewhere the points
        # stay those of every calibration made before islands were known, whose stored
        # empty looks they must match one for one
        keep &= _inside(grid, edge)
    if steady is not None:
        col = np.clip((grid[:, 0] + layout.width / 2).astype(int), 0, steady.shape[1] - 1)
        row = np.clip((grid[:, 1] + layout.height / 2).astype(int), 0, steady.shape[0] - 1)
        keep &= steady[row, col]
    points = grid[keep]
    index = np.floor((points - low) / size).astype(np.int64)
    shape = (int(np.ceil((high[1] - low[1]) / size)), int(np.ceil((high[0] - low[0]) / size)))
    cell = index[:, 1] * shape[1] + index[:, 0]
    order = np.argsort(cell, kind="stable")  # by cell: one reduceat sums every cell
    points, index, cell = points[order], index[order], cell[order]
    offset = points - low - (index + 0.5) * size
    cells, starts = np.unique(cell, return_index=True)
    least = max(LEAST_CELLS, int(np.ceil(MIN_CELLS * (CELL_MM / size) ** 2 - 1e-9)))
    return Between(points, cell, shape, low, offset, cells, starts, size, least, islands)


def _clear(nearest: FloatArray, layout: Layout, slack: float = 0.0) -> npt.NDArray[np.bool_]:
    """Whether a point this far (mm) from its nearest field is looked at: clear of every
    piece and its shadow, within REACH piece diameters of a field (give or take
    ``slack`` mm, for a distance known only that closely)."""
    lowest, farthest = layout.piece_diameter / 2 + GAP_MM, REACH * layout.piece_diameter
    return (nearest + slack >= lowest) & (nearest - slack <= farthest)


def _inside(points: FloatArray, edge: FloatArray) -> npt.NDArray[np.bool_]:
    """Whether each point (board mm from its centre) lies GAP_MM inside the board's edge."""
    return np.asarray((np.abs(points) <= edge - GAP_MM).all(axis=-1))


def _far(centres: FloatArray, low: FloatArray, high: FloatArray) -> FloatArray:
    """The board from ``low`` to ``high`` at 1 px a mm: each pixel's distance (mm) to the
    nearest field's centre."""
    size_px = np.ceil(high - low).astype(int) + 1
    seeds = np.ones((max(size_px[1], 1), max(size_px[0], 1)), np.uint8)
    px = np.clip(np.round(centres - low).astype(int), 0, size_px - 1)
    seeds[px[:, 1], px[:, 0]] = 0
    return np.asarray(cv2.distanceTransform(seeds, cv2.DIST_L2, cv2.DIST_MASK_PRECISE), np.float64)


def _cells(
    layout: Layout,
    far: FloatArray,
    low: FloatArray,
    high: FloatArray,
    centres: FloatArray,
    edge: FloatArray,
) -> tuple[float, float, FloatArray, bool]:
    """The points' step (mm), the cells' side (mm), the cell grid's corner for ``layout``
    and whether its space between the fields is islands.

    ``far`` is :func:`_far` of the board from ``low`` to ``high``. What is judged is the
    space *between* the fields (within the box of their centres) that lies GAP_MM inside
    the board's edge: a margin around the grid, however wide, is one band, and must not
    outvote the grid's gaps. Where half of that space lies in islands
    smaller than a CELL_MM cell (a packed grid), a cell is as wide as the islands lie apart
    (the median distance from an island to its nearest one), the grid is placed so that
    an island lies at a cell's centre, and the step gives an island about ISLAND_POINTS
    points. Elsewhere (the space between the fields is wide): STEP_MM, CELL_MM, ``low``."""
    if min(far.shape) < 2:
        return STEP_MM, CELL_MM, low, False
    h, w = far.shape
    board = np.stack(np.meshgrid(np.arange(w) + low[0], np.arange(h) + low[1]), axis=-1)
    within = _inside(board, edge)
    within &= (board >= centres.min(axis=0)).all(axis=-1)
    within &= (board <= centres.max(axis=0)).all(axis=-1)
    clear = (_clear(far, layout) & within).astype(np.uint8)
    count, _, stats, centroids = cv2.connectedComponentsWithStats(clear, connectivity=8)
    areas = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
    if count < 3:
        return STEP_MM, CELL_MM, low, False
    by_size = np.sort(areas)[::-1]
    half = by_size[np.searchsorted(np.cumsum(by_size), by_size.sum() / 2)]
    if half >= CELL_MM**2:
        return STEP_MM, CELL_MM, low, False
    spots = np.asarray(centroids[1:], np.float64)
    d2 = ((spots[:, None, :] - spots[None, :, :]) ** 2).sum(axis=2)
    np.fill_diagonal(d2, np.inf)
    size = max(CELL_MM, float(np.median(np.sqrt(d2.min(axis=1)))))
    step = float(np.clip(np.sqrt(half / ISLAND_POINTS), 1.0, STEP_MM))
    middle = spots[np.argmin(((spots - (high - low) / 2) ** 2).sum(axis=1))] + low
    corner = middle - size / 2 - np.ceil((middle - size / 2 - low) / size) * size
    return step, size, corner, True


def changed_cells(seen: FloatArray, empty: FloatArray, between: Between) -> npt.NDArray[np.bool_]:
    """(rows × columns,) whether each cell differs from its empty look under any light.

    ``seen`` and ``empty`` are (P, 3) BGR at the points, NaN where out of view (or behind a
    tall piece). The points are sorted by cell, so every sum over a cell is one
    ``np.add.reduceat`` (a bincount per sum cost 3 ms a frame on the Gravitation board)."""
    out = np.zeros(between.shape[0] * between.shape[1], np.bool_)
    ok = ~np.isnan(seen[:, 0]) & ~np.isnan(empty[:, 0])
    if not len(ok):
        return out
    rows = np.empty((21, len(ok)))  # one row a sum: contiguous rows sum fastest
    rows[0] = ok
    rows[1:4] = np.where(ok, seen.T, 0.0)
    rows[4:7] = np.where(ok, empty.T, 0.0)
    grey_s, grey_e = rows[1:4].mean(axis=0), rows[4:7].mean(axis=0)
    rows[7], rows[8], rows[9], rows[10] = grey_s, grey_e, grey_e * grey_e, grey_e * grey_s
    rows[11] = (np.maximum(rows[1:4], rows[4:7]) >= CLIPPED).any(axis=0)
    rows[12:14] = between.offset.T * ok
    rows[14:16] = rows[12:14] * rows[12:14]
    rows[16:18] = rows[12:14] * grey_e
    rows[18:20] = rows[12:14] * grey_s
    rows[20] = 0.0
    sums = np.add.reduceat(rows, between.starts, axis=1).T
    count = sums[:, 0]
    judged = count >= MIN_POINTS
    if judged.sum() < between.least:
        return out
    sums = sums[judged] / count[judged, None]
    count = count[judged]
    mean_s, mean_e = sums[:, 1:4], sums[:, 4:7]
    avg_s, avg_e = sums[:, 7], sums[:, 8]
    var_e = sums[:, 9] - avg_e**2
    cov = sums[:, 10] - avg_e * avg_s
    clipped = sums[:, 11] > 0
    # a light's slope across a cell (a shadow's edge on either photo) is no pattern: the
    # cell's best plane is taken out of both
    for k in range(2):
        d = sums[:, 12 + k]
        dd = np.maximum(sums[:, 14 + k] - d * d, 1e-9)
        de = sums[:, 16 + k] - d * avg_e
        ds = sums[:, 18 + k] - d * avg_s
        var_e = var_e - de * de / dd
        cov = cov - de * ds / dd
    # the frame's white balance against the empty photo's (most cells show the board)
    balance = np.median((mean_s + 1.0) / (mean_e + 1.0), axis=0)
    mean_s = mean_s / (balance / balance.mean())
    gain, glare = _light(mean_s, mean_e)
    residual = mean_s - gain[:, None] * mean_e - glare[:, None]
    noise = NOISE + NOISE_SHARE * mean_s
    # a point the sensor clipped (here or on the empty photo) says nothing of colour, and
    # a clipped cell shows no pattern
    most = ISLAND_D2 if between.islands else COLOUR_D2
    colour = (((residual / noise) ** 2).sum(axis=1) > most) & ~clipped
    patterned = (var_e > PATTERN_SD**2) & (count >= PATTERN_POINTS) & (not between.islands)
    kept = cov / np.maximum(var_e, 1e-9) / np.maximum(gain, 0.05)
    out[between.cells[judged]] = colour | (patterned & (kept < PATTERN_KEPT) & ~clipped)
    return out


def _light(seen: FloatArray, empty: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Per cell the gain and the glare (never negative: glare only adds light) with
    seen ≈ gain × empty + glare, least squares over the three channels."""
    n = 3.0
    sx, sy = empty.sum(axis=1), seen.sum(axis=1)
    sxx, sxy = (empty * empty).sum(axis=1), (empty * seen).sum(axis=1)
    det = np.maximum(n * sxx - sx * sx, 1e-9)
    glare = np.maximum((sxx * sy - sx * sxy) / det, GLARE_FLOOR)
    gain = (sxy - glare * sx) / np.maximum(sxx, 1e-9)
    return gain, glare


def hand_region(
    seen: FloatArray, empty: FloatArray, between: Between
) -> tuple[int, FloatArray | None]:
    """The largest connected region of changed cells: its size in cells and its centre
    (board mm), None when it is smaller than a hand (``between.least`` cells)."""
    changed = changed_cells(seen, empty, between).reshape(between.shape).astype(np.uint8)
    count, _, stats, centroids = cv2.connectedComponentsWithStats(changed, connectivity=8)
    if count <= 1:
        return 0, None
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    size = int(stats[best, cv2.CC_STAT_AREA])
    if size < between.least:
        return size, None
    centre = between.origin + (np.asarray(centroids[best], np.float64) + 0.5) * between.size
    return size, centre


def to_text(empty: FloatArray) -> str:
    """The empty look at the points as text for the calibration file: BGR bytes, 0 0 0
    for a point never seen (base64; 47 kB for the Gravitation board's 11,821 points)."""
    known = ~np.isnan(empty[:, 0])
    data = np.where(known[:, None], np.clip(np.round(np.nan_to_num(empty)), 1, 255), 0)
    return base64.b64encode(data.astype(np.uint8).tobytes()).decode("ascii")


def from_text(text: str) -> FloatArray:
    """The empty look at the points from :func:`to_text` (ValueError if it is no such text;
    binascii.Error if it is no base64)."""
    raw = np.frombuffer(base64.b64decode(text.encode("ascii"), validate=True), np.uint8)
    if raw.size % 3:
        raise ValueError("between must hold three bytes a point")
    out = raw.reshape(-1, 3).astype(np.float64)
    out[(out == 0).all(axis=1)] = np.nan
    return out
