"""Colour profiles: what an empty field and each piece colour look like to the camera.

A profile is statistics, not a threshold: the mean colour (BGR, under the light of the
calibration photo) and the spread in CIE Lab of every piece colour, and the mean colour of
every single field when it is empty (fields differ: station fields are tinted in their
owner's colour, numbers are printed in the ring fields). The defaults come from the
board picture of :mod:`companion.render` with the standard piece colours, so a fresh
install reads a board out of the box; ``companion calibrate colours`` measures the
players' real pieces and the real board under the real lamp (both learnt by
:mod:`companion.vision.board.learn`).
"""

from __future__ import annotations

import binascii
import functools
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import CompanionError
from companion.model.layout import Layout
from companion.vision.board import imprint
from companion.vision.board.between import from_text, to_text
from companion.vision.board.surround import SECTORS

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
#: A field's empty look and a piece colour closer than this (squared spreads in Lab, the
#: missing print included) are alike: a reading between them is never sure. Measured on
#: the Gravitation board in five looks: grey-white pieces on light-grey fields lie 7-10
#: apart, and were read empty with 0.97 where the light moved them (bench/board.py).
ALIKE_D2 = 12.0
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
    #: (N, SECTORS) contrast of the board around each empty field on the calibration
    #: photos (companion.vision.board.surround); None before calibration (nothing is checked)
    empty_surround: FloatArray | None = None
    #: (P, 3) BGR of the board between the fields on the empty photo, NaN where unseen
    #: (companion.vision.board.between); None before calibration (nothing is checked)
    empty_between: FloatArray | None = None
    #: (N, P) grey levels of every empty field's disc, point by point, NaN for a field
    #: never seen empty (companion.vision.board.imprint: the print a piece hides); None
    #: before calibration and in a file made before it was stored (the cue is off)
    empty_print: FloatArray | None = None
    #: (N, P) the same at every field's foot on a board of tall pieces, from the photos of
    #: the empty board (companion.vision.board.feet: a fingertip hides it); None for flat
    #: pieces, before calibration and in a file made before it was stored
    empty_foot: FloatArray | None = None

    @functools.cached_property
    def empty_lab(self) -> FloatArray:
        """The empty fields' colours in CIE Lab (computed once, not for every frame)."""
        return to_lab(self.empty_bgr)

    @functools.cached_property
    def piece_lab(self) -> FloatArray:
        """The piece colours in CIE Lab (computed once, not for every frame)."""
        return to_lab(self.piece_bgr)

    @functools.cached_property
    def alike(self) -> npt.NDArray[np.bool_]:
        """(N, K): whether field i's empty look and piece colour k are too alike to tell
        apart surely under the calibration light: within ALIKE_D2 squared spreads of each
        other in Lab, the missing print of a piece counted too. The reader is never sure
        there (a light piece on a light field; issue 31)."""
        spread = np.sqrt(self.piece_std[None, :, :] ** 2 + self.empty_std[None, None, :] ** 2)
        d2 = (((self.piece_lab[None, :, :] - self.empty_lab[:, None, :]) / spread) ** 2).sum(2)
        tex = np.maximum(self.empty_texture[:, None] - self.piece_texture[None, :], 0.0)
        d2 += (tex / self.texture_std) ** 2
        return np.asarray(d2 < ALIKE_D2, np.bool_)

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
            **({} if self.empty_between is None else {"between": to_text(self.empty_between)}),
            "empty": {
                "lab_std": _r(self.empty_std),
                "texture_std": round(self.texture_std, 3),
                **self._print_json(),
                "fields": {
                    f: self._field_json(i, float(t))
                    for i, (f, t) in enumerate(zip(self.field_ids, self.empty_texture, strict=True))
                },
            },
        }

    def _print_json(self) -> dict[str, str]:
        out = {}
        if self.empty_print is not None:
            # "print" as versions before the nineteenth round read it (a disc whole or
            # unknown: they took a point never seen, kept as 0, for black; review s14),
            # the discs seen in part beside it, read in its place by this version
            whole = imprint.whole_discs(self.empty_print)
            out["print"] = imprint.to_text(whole)
            if not np.array_equal(np.isnan(whole), np.isnan(self.empty_print)):
                out["print_part"] = imprint.to_text(self.empty_print)
        if self.empty_foot is not None:
            out["foot"] = imprint.to_text(self.empty_foot)
        return out

    def _field_json(self, i: int, texture: float) -> dict[str, Any]:
        out: dict[str, Any] = {"bgr": _r(self.empty_bgr[i]), "texture": round(texture, 3)}
        ring = None if self.empty_surround is None else self.empty_surround[i]
        if ring is not None and np.isfinite(ring).all():
            out["surround"] = [round(float(c), 3) for c in ring]
        return out

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
            empty_surround=None if self.empty_surround is None else self.empty_surround[index],
            empty_between=self.empty_between,
            empty_print=None if self.empty_print is None else self.empty_print[index],
            empty_foot=None if self.empty_foot is None else self.empty_foot[index],
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
        surround = _surround(fields, field_ids)
        between = data.get("between")
        if between is not None and not isinstance(between, str):
            raise ValueError("between must be text")
        print_ = data["empty"].get("print_part", data["empty"].get("print"))
        if print_ is not None and not isinstance(print_, str):
            raise ValueError("print must be text")
        foot = data["empty"].get("foot")
        if foot is not None and not isinstance(foot, str):
            raise ValueError("foot must be text")
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
        empty_surround=surround,
        empty_between=None if between is None else _between(between, where),
        empty_print=None if print_ is None else _print(print_, len(field_ids), where),
        empty_foot=None if foot is None else _print(foot, len(field_ids), where, "foot"),
    )


def _between(text: str, where: str) -> FloatArray:
    """The empty look between the fields, checked (a one-line error if it is no such text)."""
    try:
        return from_text(text)
    except (ValueError, binascii.Error) as exc:
        raise CompanionError(f"{where}: bad colour profiles (between: {_why(exc)})") from None


def _print(text: str, fields: int, where: str, name: str = "print") -> FloatArray:
    """The empty fields' discs (``name``: at the top, ``print``, or at the foot),
    checked (a one-line error if it is no such text)."""
    try:
        return imprint.from_text(text, fields)
    except (ValueError, binascii.Error) as exc:
        raise CompanionError(f"{where}: bad colour profiles ({name}: {_why(exc)})") from None


def _surround(fields: dict[str, Any], ids: tuple[str, ...]) -> FloatArray | None:
    """The fields' ring contrasts, NaN for a field without; None when no field has one
    (a calibration from before they were measured: the reader then does not check)."""
    rings = [fields[f].get("surround") for f in ids]
    if all(r is None for r in rings):
        return None
    out = np.full((len(ids), SECTORS), np.nan)
    for i, ring in enumerate(rings):
        if ring is None:
            continue
        if not isinstance(ring, list) or len(ring) != SECTORS:
            raise ValueError(f"field {ids[i]}: surround must be {SECTORS} numbers")
        out[i] = [float(c) for c in ring]
        if not np.isfinite(out[i]).all() or out[i].min() < 0:
            raise ValueError(f"field {ids[i]}: surround must be {SECTORS} numbers >= 0")
    return out


def to_lab(bgr: FloatArray) -> FloatArray:
    """BGR colours (…, 3) in 0..255 → CIE Lab (L 0..100)."""
    flat = np.clip(bgr.reshape(1, -1, 3) / 255.0, 0, 1).astype(np.float32)
    return np.asarray(cv2.cvtColor(flat, cv2.COLOR_BGR2Lab), np.float64).reshape(bgr.shape)


def hex_bgr(colour: str) -> tuple[float, float, float]:
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
