"""Colour profiles learnt from pictures: the board's own drawing (a fresh install's
defaults, :func:`default_profiles`) and calibration photos of the real board and pieces
under the real lamp (:func:`fit_profiles`). It samples pictures the way the reader does
(:class:`~companion.vision.board.sampler.FieldSampler`), so it sits above both the sampler and
the profiles it makes.
"""

from __future__ import annotations

import warnings

import cv2
import numpy as np
import numpy.typing as npt

from companion.model.layout import Layout
from companion.vision.board.light import MIN_PROBES
from companion.vision.board.profiles import (
    DEFAULT_EMPTY_STD,
    DEFAULT_PIECE_STD,
    DEFAULT_PIECE_TEXTURE,
    DEFAULT_PRINTED_TEXTURE,
    DEFAULT_TEXTURE_STD,
    MIN_STD,
    STANDARD_COLOURS,
    FloatArray,
    Profiles,
    hex_bgr,
    profiles_from_json,
    to_lab,
)
from companion.vision.board.sampler import FieldSampler, Samples


def default_profiles(layout: Layout, colours: tuple[str, ...] = STANDARD_COLOURS) -> Profiles:
    """Profiles from the board picture: the standard piece paints, every field as drawn."""
    from companion.render import PIECE_COLOURS, draw_board, to_image  # a drawing, not a frame

    px_per_mm = 4.0
    flat = to_image(draw_board(layout), px_per_mm)
    sampler = FieldSampler(layout)
    pts = (sampler.offsets_mm + np.array([layout.width / 2, layout.height / 2])) * px_per_mm
    samples = cv2.remap(
        flat, pts[..., 0].astype(np.float32), pts[..., 1].astype(np.float32), cv2.INTER_LINEAR
    )
    empty = np.median(samples.astype(np.float64), axis=1)
    background = sampler.probe_bgr
    piece = np.array([hex_bgr(PIECE_COLOURS[c]) for c in colours], np.float64)
    printed = [f.gravity is not None or f.label is not None for f in layout]
    return Profiles(
        colours,
        piece,
        np.tile(DEFAULT_PIECE_STD, (len(colours), 1)),
        tuple(layout.fields),
        empty,
        np.array(DEFAULT_EMPTY_STD),
        np.full(len(colours), DEFAULT_PIECE_TEXTURE),
        np.where(printed, DEFAULT_PRINTED_TEXTURE, 0.0),
        DEFAULT_TEXTURE_STD,
        background_bgr=background,
        source="default",
    )


def fit_profiles(
    layout: Layout,
    samples: list[tuple[Samples, dict[str, str]]],
    base: Profiles,
    ignore: list[set[str]] | None = None,
) -> Profiles:
    """Profiles measured from photos of known placements.

    ``samples`` holds, per photo, what :class:`~companion.vision.board.sampler.FieldSampler`
    read and the truth (field → piece colour). An empty field takes its mean colour over
    the photos where it is empty; a piece colour takes the mean and the Lab spread over
    every field it stands on. Colours or fields never seen keep ``base``'s values.
    """
    ids = list(layout.fields)
    seen_colours = sorted({c for _, truth in samples for c in truth.values()})
    # the default paints are guesses: once real pieces are seen, only those are learnt
    guesses = base.source == "default" and seen_colours
    colours = [c for c in base.colours if c in seen_colours or not guesses]
    colours += [c for c in seen_colours if c not in colours]
    per_colour: dict[str, list[tuple[FloatArray, float]]] = {c: [] for c in colours}
    per_field: list[list[tuple[FloatArray, float]]] = [[] for _ in ids]
    probes = np.vstack([got.probes for got, _ in samples] or [np.zeros((0, 3))])
    probes = probes[~np.isnan(probes[:, 0])]
    background = np.median(probes, axis=0) if len(probes) else base.background_bgr
    for n, (got, truth) in enumerate(samples):
        light = calibration_light(layout, got, background)
        skip = ignore[n] if ignore else set()
        for i, fid in enumerate(ids):
            if fid in skip:
                continue
            c = truth.get(fid)
            target = per_field[i] if c is None else per_colour[c]
            target.append((got.colours[i] / light[i], float(got.texture[i])))
    base = base.for_layout(layout)
    base_index = {c: k for k, c in enumerate(base.colours)}
    piece_bgr, piece_std, piece_tex = [], [], []
    for c in colours:
        seen = per_colour[c]
        if seen:
            bgr = np.array([g[0] for g in seen])
            piece_bgr.append(np.median(bgr, axis=0))  # one piece out of place moves it little
            # one piece says nothing about the spread: the default one until more are seen;
            # from three on, robust (the median's distance): one piece out of place, or
            # one said to be there that is not, widens it little
            lab = to_lab(bgr)
            if len(seen) >= 3:
                mad = np.median(np.abs(lab - np.median(lab, axis=0)), axis=0)
                spread = np.minimum(1.4826 * mad, lab.std(axis=0)) * 1.5
            else:
                spread = lab.std(axis=0) * 1.5 if len(seen) >= 2 else DEFAULT_PIECE_STD
            piece_std.append(np.maximum(spread, MIN_STD))
            tex = np.array([g[1] for g in seen])
            robust = np.median(tex) + 3 * 1.4826 * np.median(np.abs(tex - np.median(tex)))
            piece_tex.append(float(min(tex.max(), robust if len(seen) >= 3 else tex.max())) + 0.01)
        else:
            k = base_index[c]
            piece_bgr.append(base.piece_bgr[k])
            piece_std.append(base.piece_std[k])
            piece_tex.append(float(base.piece_texture[k]))
    empty = base.empty_bgr.copy()
    empty_tex = base.empty_texture.copy()
    residual = []
    for i, seen in enumerate(per_field):
        if seen:
            bgr = np.array([g[0] for g in seen])
            empty[i] = bgr.mean(axis=0)
            empty_tex[i] = 0.6 * min(g[1] for g in seen)
            residual.append(to_lab(bgr) - to_lab(empty[i : i + 1]))
    never = [i for i, seen in enumerate(per_field) if not seen]
    if never and base.source == "default" and layout.style == "plain" and len(never) < len(ids):
        # a plain board's drawing is no guess of the real one: a field never empty in the
        # photos looks like the measured empty fields (a plain board's fields are alike)
        measured = [i for i, seen in enumerate(per_field) if seen]
        empty[never] = np.median(empty[measured], axis=0)
        empty_tex[never] = np.median(empty_tex[measured])
    empty_std = base.empty_std
    if residual:
        spread = np.concatenate(residual).std(axis=0) * 1.5
        empty_std = np.maximum(np.maximum(spread, MIN_STD), base.empty_std * 0.6)
    rings = [got.surround for got, _ in samples if got.surround is not None]
    # the ring around a field is never under a piece, but a neighbour's shadow or a
    # sleeve at the border adds contrast to it on one photo: only what every photo shows
    # is the board's own (with the median of two photos, a shadow on the known photo
    # made a bare ring "structured", and clean frames of the Gravitation board in five
    # looks busy, 16 of 50; docs/vision.md)
    surround = np.min(rings, axis=0) if rings else base.empty_surround
    between = empty_between(samples)
    prints = empty_print(ids, samples, ignore)
    feet = empty_feet(ids, samples, ignore)
    fitted = Profiles(
        tuple(colours),
        np.array(piece_bgr),
        np.array(piece_std),
        tuple(ids),
        empty,
        empty_std,
        np.array(piece_tex),
        empty_tex,
        base.texture_std,
        background_bgr=background,
        source="calibrated",
        empty_surround=surround,
        empty_between=between,
        empty_print=prints,
        empty_foot=feet,
    )
    # as the file keeps them: a reader of the fitted profiles reads as one of the file does
    return profiles_from_json(fitted.to_json())


def empty_print(
    ids: list[str],
    samples: list[tuple[Samples, dict[str, str]]],
    ignore: list[set[str]] | None = None,
) -> FloatArray | None:
    """Every field's disc, point by point, as the photos where it is empty show it
    (:mod:`.imprint`: the print a piece hides): the median over those photos whose disc
    is whole (no point clipped or out of view); where none is, the disc of the one that
    saw most of it, NaN at the points it did not see (a lamp burnt them: the rest of the
    print still speaks, :data:`.imprint.MIN_SEEN`); NaN for a field never seen empty;
    None when no photo was sampled so."""
    discs = [got.discs for got, _ in samples if got.discs is not None]
    if not discs or len(discs) != len(samples):
        return None
    out = np.full(discs[0].shape, np.nan)
    for i, fid in enumerate(ids):
        seen = [
            disc[i]
            for n, (disc, (_, truth)) in enumerate(zip(discs, samples, strict=True))
            if fid not in truth and not (ignore and fid in ignore[n])
        ]
        whole = [disc for disc in seen if not np.isnan(disc).any()]
        if whole:
            out[i] = np.median(np.stack(whole), axis=0)
        elif seen:  # photos' points of different light are not mixed: the best one
            out[i] = max(seen, key=lambda disc: int((~np.isnan(disc)).sum()))
    return out


def empty_feet(
    ids: list[str],
    samples: list[tuple[Samples, dict[str, str]]],
    ignore: list[set[str]] | None = None,
) -> FloatArray | None:
    """Every field's disc at its foot, point by point (:mod:`.feet`), as the photos of
    the empty board show it whole (no point clipped or out of view): their median. A
    field no such photo shows takes the photos where it is said to be empty (their
    feet where a piece could lean over them are unseen already,
    ``colourfit._not_leant_over``); NaN for a field never seen so; None for flat pieces."""
    if not samples or any(got.feet is None for got, _ in samples):
        return None
    stack = np.stack([got.feet for got, _ in samples if got.feet is not None])
    empty = np.array([not truth for _, truth in samples])
    said = np.array([[f not in truth for f in ids] for _, truth in samples])
    if ignore:
        said &= ~np.array([[f in odd for f in ids] for odd in ignore])
    # (photos, N): the foot's disc whole, no point clipped or out of view
    whole: npt.NDArray[np.bool_] = np.asarray(~np.isnan(stack).any(axis=2), np.bool_) & said
    out = np.full(stack.shape[1:], np.nan)
    for i in np.flatnonzero(whole.any(axis=0)):
        best = whole[:, i] & empty if (whole[:, i] & empty).any() else whole[:, i]
        out[i] = np.median(stack[np.flatnonzero(best), i], axis=0)
    return out


def empty_between(samples: list[tuple[Samples, dict[str, str]]]) -> FloatArray | None:
    """The board between the fields as the empty photos show it (:mod:`.between`): the
    median over the photos of an empty board, or over all photos when none is empty (no
    piece stands there); None when no photo sampled it."""
    spaces = [got.between for got, truth in samples if got.between is not None and not truth]
    spaces = spaces or [got.between for got, _ in samples if got.between is not None]
    if not spaces or not len(spaces[0]):
        return None
    with warnings.catch_warnings():  # a point no photo saw stays NaN
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.asarray(np.nanmedian(np.stack(spaces), axis=0), np.float64)


#: How far (mm) the light of a calibration photo is averaged over the plain board.
CALIBRATION_LIGHT_MM = 30.0


def calibration_light(layout: Layout, got: Samples, background: FloatArray) -> FloatArray:
    """The light at every field of a calibration photo, relative to the whole board's.

    A shadow or a brighter corner in the calibration photo would otherwise be learnt as
    the look of the fields under it. The plain board between the fields has one colour,
    so its brightness near each field (a Gaussian average of the probes) is the light
    there. Without enough plain board in view the light is taken as even (1).
    """

    ok = ~np.isnan(got.probes[:, 0])
    if ok.sum() < MIN_PROBES:
        return np.ones(len(got.colours))
    sampler = FieldSampler(layout)
    ratio = (got.probes[ok].mean(axis=1) + 1.0) / (background.mean() + 1.0)
    d2 = ((sampler.centres[:, None, :] - sampler.probes_mm[None, ok, :]) ** 2).sum(axis=2)
    weight = np.exp(-d2 / (2 * CALIBRATION_LIGHT_MM**2)) + 1e-12
    light = (weight @ ratio) / weight.sum(axis=1)
    return np.asarray(np.clip(light, 0.3, 3.0), np.float64)
