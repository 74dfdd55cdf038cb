"""The print inside a field, as the empty board showed it: a piece standing there hides it.

Some pieces have their field's colour under the lamp (a grey-white piece on a light-grey
field, a white piece on cream): colour cannot tell them apart, so the reader was never
sure there and the referee asked on every move (:attr:`.Profiles.alike`). A piece
changes more than the colour of the disc the reader samples: it covers the field's own
print (its number, its cross, the grid lines), and a real piece is opaque. So
calibration keeps the grey levels of every empty field's disc, point by point, and the
reader compares a frame's disc with them: the share of that pattern the frame still
shows (:func:`match`, about 1 on an empty field, less under blur, about 0 under a piece).
Light scales the pattern with the field, so both are taken relative to the disc's
brightness after its best plane (a lamp's slope, a shadow's edge) is taken out, as the
texture is.

Measured on dev set-ups of the bench's boards in five looks (docs/vision.md, issue 31,
seventh round): on the Gravitation board's alike fields an empty field kept 0.39-1.29 of
its print, a light piece on it -0.27-0.21. The cue decides only between a field's empty
look and the piece colours alike to it (:func:`alike_d2`), and only where the empty
photo showed a print (:data:`MIN_PRINT`) over the points of the disc both photos saw,
neither clipped by the sensor nor out of view (at least :data:`MIN_SEEN` of them): a
lamp that burns part of a disc in the calibration photo or in a frame leaves the rest
of its print to speak (nineteenth round); elsewhere the reading is as before. A field
a frame's light leaves unsure is asked too, whatever calibration found alike, but only
a print that shows settles it there (an empty field; ``reader._settled``). And whatever
colour and light say, no reading is sure against the print: a piece whose disc shows
part of it (:func:`showing`), an empty field whose disc hides it
(``reader._as_the_print_says``; eleventh round).
"""

from __future__ import annotations

import base64

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]

#: The least print (root mean square of the disc's grey levels around their plane, as a
#: share of its brightness) an empty field must show for the cue to speak: a plain field
#: has nothing for a piece to hide. The alike fields of the bench showed 0.05-0.16.
MIN_PRINT = 0.04
#: A frame's disc that keeps at least this share of its print shows it: no piece there.
SHOWN = 0.35
#: A disc that keeps at most this share of it is covered: a piece hides the print.
HIDDEN = 0.15
#: ... and what the disc shows must be mostly that print (the correlation of the two
#: patterns): on a Gravitation station field (discs 4 px across) a grey-white piece's
#: shading and a shadow's blurred edge once showed 0.54 of the print at a correlation of
#: 0.83 (seed 1), where empty fields show 0.95 (median; 0.87 at the 5th percentile).
MIN_LIKENESS = 0.9
#: How fast a class loses likelihood beyond those bounds (squared units of this share).
MATCH_STD = 0.05
#: A disc read as a piece that keeps more than :data:`HIDDEN` of its field's print, at a
#: correlation of at least this with it, shows that print: no sure piece (:func:`showing`).
#: On seed 4's blurred, shaded Gravitation frame (cardboard) the empty fields read white
#: at 0.89-0.97 showed 0.31-0.43 at 0.82-0.90; the pieces of that frame -0.08-0.52 at
#: 0.52 or less.
PART_LIKENESS = 0.8
#: The least share of a disc's points that both the frame and the empty photo must see
#: (not clipped, in view) for the print to speak from them. Chosen from the sensor's
#: noise, not from a set: about 2 grey levels in 150 (0.013 of the brightness) over n
#: points moves the share by about 0.013 / (MIN_PRINT * sqrt(n)); a third of the 61
#: points keeps that under 0.08 at the faintest print that speaks, well inside the 0.2
#: between :data:`HIDDEN` and :data:`SHOWN`.
MIN_SEEN = 1 / 3


def flatten(grey: FloatArray, from_plane: FloatArray, to_plane: FloatArray) -> FloatArray:
    """Discs' grey levels (rows, P) as prints: their best plane (a lamp's slope, a
    shadow's edge; ``grey @ to_plane @ from_plane``) taken out, relative to the disc's
    brightness (light scales field and print alike). A disc with unseen points (NaN) is
    flattened over the points it saw, where at least :data:`MIN_SEEN` of them are, and
    stays NaN at the others; a disc that saw fewer is NaN."""
    seen = ~np.isnan(grey)
    whole = seen.all(axis=1)
    out = np.full(grey.shape, np.nan)
    g = grey[whole]
    out[whole] = (g - (g @ to_plane) @ from_plane) / (np.median(g, axis=1, keepdims=True) + 1.0)
    for i in np.flatnonzero(~whole & (seen.mean(axis=1) >= MIN_SEEN)):
        basis, row = from_plane[:, seen[i]], grey[i, seen[i]]
        plane = np.linalg.lstsq(basis.T, row, rcond=None)[0] @ basis
        out[i, seen[i]] = (row - plane) / (np.median(row) + 1.0)
    return out


def match(seen: FloatArray | None, empty: FloatArray | None) -> FloatArray:
    """(N,) the share of each field's empty print its disc shows in this frame; NaN where
    the cue cannot speak (no stored print, too faint a print, too few of its points
    seen, :data:`MIN_SEEN`). ``seen`` and ``empty`` are discs' patterns (N, P) as
    :meth:`~companion.vision.board.sampler.FieldSampler.pattern` makes them."""
    seen_share = _projected(seen, empty)
    if seen_share is None:
        return np.full(0 if seen is None else len(seen), np.nan)
    share, likeness, strong = seen_share
    with np.errstate(invalid="ignore"):
        unlike = (share >= SHOWN) & ~(likeness >= MIN_LIKENESS)
    return np.asarray(np.where(~strong | unlike, np.nan, share), np.float64)


def _projected(
    seen: FloatArray | None, empty: FloatArray | None
) -> tuple[FloatArray, FloatArray, npt.NDArray[np.bool_]] | None:
    """Each disc's print seen against its field's empty print, as :func:`match`,
    :func:`projection` and :func:`showing` read it, over the points both saw: the share
    of the print shown, how much of what the disc shows is that pattern (the likeness),
    and whether the print is strong enough to speak (:data:`MIN_PRINT`, over at least
    :data:`MIN_SEEN` of the points). None where the patterns do not fit each other (none
    stored, another layout)."""
    if seen is None or empty is None or seen.shape != empty.shape:
        return None
    both = ~np.isnan(seen) & ~np.isnan(empty)
    count = both.sum(axis=1)
    s, e = np.where(both, seen, 0.0), np.where(both, empty, 0.0)
    energy = (e**2).sum(axis=1)
    share = (s * e).sum(axis=1) / np.maximum(energy, 1e-12)
    likeness = share * np.sqrt(energy / np.maximum((s**2).sum(axis=1), 1e-12))
    enough = count >= MIN_SEEN * empty.shape[1]
    strong = enough & (np.sqrt(energy / np.maximum(count, 1)) >= MIN_PRINT)
    # a disc seen in part lies at a glare spot's edge, where light is no plane: a print
    # hidden there may be the spot's curve, not a piece (tall seed 11, set-up 9: an empty
    # field showed 0.14 of it over its 23 points seen); only a print that shows speaks
    partial = count < empty.shape[1]
    strong &= ~partial | ((share >= SHOWN) & (likeness >= MIN_LIKENESS))
    return share, likeness, np.asarray(strong, np.bool_)


def on_the_same_points(
    pattern: FloatArray | None,
    discs: FloatArray | None,
    empty: FloatArray | None,
    from_plane: FloatArray,
    to_plane: FloatArray,
) -> FloatArray | None:
    """A frame's prints (``pattern``, of its discs' grey levels ``discs``) where each
    field's stored empty disc (grey levels, ``empty``) lacks points, a lamp having burnt
    them in calibration: flattened again over the points that empty disc has, so that
    both planes are fitted to the same points (:func:`flatten`)."""
    if pattern is None or discs is None or empty is None or discs.shape != empty.shape:
        return pattern
    gaps = np.isnan(empty)
    partly = np.flatnonzero(gaps.any(axis=1) & ~gaps.all(axis=1))
    if not len(partly):
        return pattern
    out = pattern.copy()
    out[partly] = flatten(np.where(gaps[partly], np.nan, discs[partly]), from_plane, to_plane)
    return out


def projection(seen: FloatArray | None, empty: FloatArray | None) -> FloatArray:
    """(N,) the share of each field's empty print its disc shows, whatever else it
    shows (no likeness asked, unlike :func:`match`); NaN where the cue cannot speak (no
    stored print, too faint a print, too few of its points seen)."""
    seen_share = _projected(seen, empty)
    if seen_share is None:
        return np.full(0 if seen is None else len(seen), np.nan)
    share, _, strong = seen_share
    return np.asarray(np.where(strong, share, np.nan), np.float64)


def showing(seen: FloatArray | None, empty: FloatArray | None) -> npt.NDArray[np.bool_]:
    """(N,) the discs that show part of their field's empty print: more than
    :data:`HIDDEN` of it, and mostly that pattern (:data:`PART_LIKENESS`). A piece is
    opaque and hides the print; where a blurred frame fades the print below what settles
    an empty field (:data:`SHOWN`, :data:`MIN_LIKENESS`), what remains of it is still no
    piece's. False where the cue cannot speak (no stored print, too faint, too few
    of its points seen)."""
    seen_share = _projected(seen, empty)
    if seen_share is None:
        return np.zeros(0 if seen is None else len(seen), np.bool_)
    share, likeness, strong = seen_share
    with np.errstate(invalid="ignore"):
        return np.asarray(strong & (share > HIDDEN) & (likeness >= PART_LIKENESS), np.bool_)


def unless_leant_over(share: FloatArray, leaning: npt.NDArray[np.bool_] | None) -> FloatArray:
    """``share`` with a hidden print left unsaid where a neighbour's tall piece could
    stand over the disc (``leaning`` (N, N), :meth:`.FieldSampler.leaning`) and that
    neighbour does not show its own print (it may hold a piece): the print is hidden
    there, but maybe by that piece. A print that shows is no piece's, whoever leans."""
    if leaning is None or not len(share):
        return share
    with np.errstate(invalid="ignore"):
        empty = share >= SHOWN  # NaN: unknown, so maybe a piece
        doubt = (leaning & ~empty[None, :]).any(axis=1) & ~empty
    return np.where(doubt, np.nan, share)


def alike_d2(share: FloatArray, alike: npt.NDArray[np.bool_]) -> FloatArray:
    """(N, 1 + K) what the print adds to each class's squared distance: the empty look
    where less than :data:`SHOWN` of the print shows (no empty field of the dev set-ups
    showed less), a piece colour alike to that field where more does (and :func:`match`
    found it the print). Only the classes colour cannot tell apart are scored so; 0
    where the cue cannot speak."""
    known = ~np.isnan(share)
    s = np.nan_to_num(share)
    empty = np.where(known & alike.any(axis=1), np.maximum(SHOWN - s, 0.0), 0.0)
    piece = np.where(known[:, None] & alike, np.maximum(s - SHOWN, 0.0)[:, None], 0.0)
    return np.column_stack([empty, piece]) ** 2 / MATCH_STD**2


def decides(share: FloatArray, labels: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """(N,) where the print settles a verdict that colour left to chance: an empty field
    that shows its print, a piece that hides it."""
    with np.errstate(invalid="ignore"):
        return np.asarray(np.where(labels < 0, share >= SHOWN, share <= HIDDEN), np.bool_)


def to_text(grey: FloatArray) -> str:
    """The empty discs' grey levels (N, P) as text for the calibration file: one byte a
    point, 0 for a point never seen (a field never seen empty is all 0; base64; 3.6 kB
    for the Gravitation board)."""
    data = np.where(np.isnan(grey), 0, np.clip(np.round(np.nan_to_num(grey)), 1, 255))
    return base64.b64encode(data.astype(np.uint8).tobytes()).decode("ascii")


def from_text(text: str, fields: int) -> FloatArray:
    """The discs' grey levels (``fields``, P) from :func:`to_text`, NaN for a point never
    seen (ValueError if it is no such text; binascii.Error if it is no base64)."""
    raw = np.frombuffer(base64.b64decode(text.encode("ascii"), validate=True), np.uint8)
    if not fields or raw.size % fields:
        raise ValueError(f"print must hold as many points for each of {fields} fields")
    out = raw.reshape(fields, -1).astype(np.float64)
    out[out == 0] = np.nan
    return out
