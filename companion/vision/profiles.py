"""Colour profiles: what an empty field and each piece colour look like to the camera.

A profile is statistics, not a threshold: the mean colour (BGR, under the light of the
calibration photo) and the spread in CIE Lab of every piece colour, and the mean colour of
every single field when it is empty (fields differ: station fields are tinted in their
owner's colour, numbers are printed in the ring fields). The defaults come from the
board picture of :mod:`companion.render` with the standard piece colours, so a fresh
install reads a board out of the box; ``companion calibrate colours`` measures the
players' real pieces and the real board under the real lamp.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import CompanionError
from companion.layout import Layout

if TYPE_CHECKING:
    from companion.vision.fields import Samples

FloatArray = npt.NDArray[np.float64]

#: The standard piece colours a fresh install knows (DESIGN.md).
STANDARD_COLOURS = ("red", "yellow", "green", "blue", "white")

#: Default spread (Lab standard deviation) of a piece colour and of an empty field: wide
#: enough for a light gradient, a tint and JPEG, narrow enough to keep colours apart.
DEFAULT_PIECE_STD = (7.0, 8.0, 8.0)
DEFAULT_EMPTY_STD = (6.0, 5.0, 5.0)
#: Texture (how much darker the darkest sixth of a field's disc is than its median): a
#: piece is a plain disc, an empty field shows its printed number or label. Defaults: a
#: piece stays below 0.05; a printed field shows at least 0.12 even through a soft lens.
DEFAULT_PIECE_TEXTURE = 0.05
DEFAULT_PRINTED_TEXTURE = 0.12
DEFAULT_TEXTURE_STD = 0.025
#: The narrowest spread a calibration may store (a photo is never that exact twice).
MIN_STD = (4.5, 5.0, 5.0)
#: The plain board colour between the fields (BGR), as drawn by companion.render.
DEFAULT_BACKGROUND = (51.0, 34.0, 28.0)


@dataclass(frozen=True)
class Profiles:
    """Piece colours and empty fields of one layout, as read by one camera."""

    colours: tuple[str, ...]
    piece_bgr: FloatArray  # (K, 3) mean colour of each piece colour
    piece_std: FloatArray  # (K, 3) Lab spread of each piece colour
    field_ids: tuple[str, ...]
    empty_bgr: FloatArray  # (N, 3) mean colour of each empty field, in layout order
    empty_std: FloatArray  # (3,) Lab spread of an empty field
    piece_texture: FloatArray  # (K,) the most texture a piece of each colour shows
    empty_texture: FloatArray  # (N,) the least texture each empty field shows
    texture_std: float = DEFAULT_TEXTURE_STD
    background_bgr: FloatArray = field(default_factory=lambda: np.array(DEFAULT_BACKGROUND))
    source: str = "default"

    def to_json(self) -> dict[str, Any]:
        """Readable JSON: colours and fields by name, numbers rounded."""
        return {
            "source": self.source,
            "pieces": {
                c: {
                    "bgr": _r(self.piece_bgr[k]),
                    "lab_std": _r(self.piece_std[k]),
                    "texture": round(float(self.piece_texture[k]), 3),
                }
                for k, c in enumerate(self.colours)
            },
            "background": {"bgr": _r(self.background_bgr)},
            "empty": {
                "lab_std": _r(self.empty_std),
                "texture_std": round(self.texture_std, 3),
                "fields": {
                    f: {"bgr": _r(self.empty_bgr[i]), "texture": round(float(t), 3)}
                    for i, (f, t) in enumerate(zip(self.field_ids, self.empty_texture, strict=True))
                },
            },
        }

    def only(self, colours: Iterable[str]) -> Profiles:
        """The profiles of the piece colours in ``colours`` only (the colours of the game
        being played): a colour that cannot be on the board is no class to confuse a field
        with. Colours without a profile are
        left out; when none of ``colours`` has one, all profiles are kept."""
        keep = [k for k, c in enumerate(self.colours) if c in set(colours)]
        if not keep or len(keep) == len(self.colours):
            return self
        return replace(
            self,
            colours=tuple(self.colours[k] for k in keep),
            piece_bgr=self.piece_bgr[keep],
            piece_std=self.piece_std[keep],
            piece_texture=self.piece_texture[keep],
        )

    def for_layout(self, layout: Layout) -> Profiles:
        """Check that the profiles cover every field of ``layout`` (one-line error if not)."""
        missing = [f for f in layout.fields if f not in self.field_ids]
        if missing:
            raise CompanionError(
                f"colour profiles have no empty colour for field {missing[0]} of layout "
                f"{layout.name!r}; calibrate the empty board again"
            )
        if tuple(layout.fields) == self.field_ids:
            return self
        index = [self.field_ids.index(f) for f in layout.fields]
        return Profiles(
            self.colours,
            self.piece_bgr,
            self.piece_std,
            tuple(layout.fields),
            self.empty_bgr[index],
            self.empty_std,
            self.piece_texture,
            self.empty_texture[index],
            self.texture_std,
            background_bgr=self.background_bgr,
            source=self.source,
        )


def profiles_from_json(data: Any, where: str = "profiles") -> Profiles:
    """Profiles from their JSON form, every entry checked."""
    try:
        pieces = data["pieces"]
        colours = tuple(pieces)
        piece_bgr = np.array([_vec(pieces[c]["bgr"]) for c in colours])
        piece_std = np.array([_vec(pieces[c]["lab_std"], positive=True) for c in colours])
        piece_texture = np.array([float(pieces[c]["texture"]) for c in colours])
        fields = data["empty"]["fields"]
        field_ids = tuple(fields)
        empty_bgr = np.array([_vec(fields[f]["bgr"]) for f in field_ids])
        empty_texture = np.array([float(fields[f]["texture"]) for f in field_ids])
        empty_std = np.array(_vec(data["empty"]["lab_std"], positive=True))
        texture_std = float(data["empty"]["texture_std"])
        background = np.array(_vec(data["background"]["bgr"]))
        if texture_std <= 0:
            raise ValueError("texture_std must be positive")
    except (KeyError, TypeError, ValueError) as exc:
        raise CompanionError(f"{where}: bad colour profiles ({_why(exc)})") from None
    if not colours or not field_ids:
        raise CompanionError(f"{where}: colour profiles need piece colours and empty fields")
    return Profiles(
        colours,
        piece_bgr,
        piece_std,
        field_ids,
        empty_bgr,
        empty_std,
        piece_texture,
        empty_texture,
        texture_std,
        background_bgr=background,
        source=str(data.get("source", "")),
    )


def default_profiles(layout: Layout, colours: tuple[str, ...] = STANDARD_COLOURS) -> Profiles:
    """Profiles from the board picture: the standard piece paints, every field as drawn."""
    from companion.render import PIECE_COLOURS, draw_board, to_image  # a drawing, not a frame
    from companion.vision.fields import FieldSampler

    px_per_mm = 4.0
    flat = to_image(draw_board(layout), px_per_mm)
    sampler = FieldSampler(layout)
    pts = (sampler.offsets_mm + np.array([layout.width / 2, layout.height / 2])) * px_per_mm
    samples = cv2.remap(
        flat, pts[..., 0].astype(np.float32), pts[..., 1].astype(np.float32), cv2.INTER_LINEAR
    )
    empty = np.median(samples.astype(np.float64), axis=1)
    background = sampler.probe_bgr
    piece = np.array([_hex_bgr(PIECE_COLOURS[c]) for c in colours], np.float64)
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

    ``samples`` holds, per photo, what :class:`~companion.vision.fields.FieldSampler`
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
            # one piece says nothing about the spread: the default one until more are seen
            spread = _lab(bgr).std(axis=0) * 1.5 if len(seen) >= 2 else DEFAULT_PIECE_STD
            piece_std.append(np.maximum(spread, MIN_STD))
            piece_tex.append(max(g[1] for g in seen) + 0.01)
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
            residual.append(_lab(bgr) - _lab(empty[i : i + 1]))
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
    )
    # as the file keeps them: a reader of the fitted profiles reads as one of the file does
    return profiles_from_json(fitted.to_json())


#: How far (mm) the light of a calibration photo is averaged over the plain board.
CALIBRATION_LIGHT_MM = 30.0


def calibration_light(layout: Layout, got: Samples, background: FloatArray) -> FloatArray:
    """The light at every field of a calibration photo, relative to the whole board's.

    A shadow or a brighter corner in the calibration photo would otherwise be learnt as
    the look of the fields under it. The plain board between the fields has one colour,
    so its brightness near each field (a Gaussian average of the probes) is the light
    there. Without enough plain board in view the light is taken as even (1).
    """
    from companion.vision.fields import MIN_PROBES, FieldSampler

    ok = ~np.isnan(got.probes[:, 0])
    if ok.sum() < MIN_PROBES:
        return np.ones(len(got.colours))
    sampler = FieldSampler(layout)
    ratio = (got.probes[ok].mean(axis=1) + 1.0) / (background.mean() + 1.0)
    d2 = ((sampler.centres[:, None, :] - sampler.probes_mm[None, ok, :]) ** 2).sum(axis=2)
    weight = np.exp(-d2 / (2 * CALIBRATION_LIGHT_MM**2)) + 1e-12
    light = (weight @ ratio) / weight.sum(axis=1)
    return np.asarray(np.clip(light, 0.3, 3.0), np.float64)


def to_lab(bgr: FloatArray) -> FloatArray:
    """BGR colours (…, 3) in 0..255 → CIE Lab (L 0..100)."""
    return _lab(bgr)


def _lab(bgr: FloatArray) -> FloatArray:
    flat = np.clip(bgr.reshape(1, -1, 3) / 255.0, 0, 1).astype(np.float32)
    return np.asarray(cv2.cvtColor(flat, cv2.COLOR_BGR2Lab), np.float64).reshape(bgr.shape)


def _hex_bgr(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return float(int(c[4:6], 16)), float(int(c[2:4], 16)), float(int(c[0:2], 16))


def _vec(value: Any, positive: bool = False) -> list[float]:
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError(f"expected three numbers, got {value!r}")
    out = [float(v) for v in value]
    if positive and min(out) <= 0:
        raise ValueError(f"spreads must be positive, got {value!r}")
    return out


def _r(v: FloatArray) -> list[float]:
    return [round(float(x), 2) for x in v]


def _why(exc: Exception) -> str:
    return f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
