"""How sharp a frame shows the fields' print (issue 31, thirteenth round; docs/vision.md,
"A blurred frame's faded print is no piece").

The reader scores an empty field by the print its disc shows against the print the
calibration photos showed. Focus blur and camera shake fade every print of a frame
alike, while a piece hides its print whatever the focus: so the print an empty field is
expected to show in a frame is its calibrated print times the frame's focus, measured on
the frame's own fields read empty."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from companion.vision.board.fields import FieldVerdicts
from companion.vision.board.imprint import HIDDEN

FloatArray = npt.NDArray[np.float64]

#: How many fields read empty must show their print (more than :data:`.imprint.HIDDEN`)
#: before a frame's own focus (:func:`frame_focus`) is measured: fewer say too little,
#: the print is taken as calibrated.
MIN_FOCUS_FIELDS = 5
#: How often a blurred frame's focus is measured again on the fields read empty at the
#: focus measured before (:func:`frame_focus`): a field whose print the blur
#: faded most reads as a piece at the calibrated print and so is left out of the first
#: measure (seed 7's orange photo 16: 0.70 on the fields read empty at first, 0.64 on
#: every field showing print, and only there were its six faded fields unsure).
FOCUS_ROUNDS = 3


def frame_focus(
    texture: FloatArray, printed: FloatArray, share: FloatArray, empty: npt.NDArray[np.bool_]
) -> float:
    """How sharp this frame shows the fields' print, against the calibration photos
    (at most 1): the median share of its calibrated texture (``printed``) kept by the
    fields read ``empty`` at the calibrated print whose disc shows more than
    :data:`.imprint.HIDDEN` of it (``share``, :func:`.imprint.projection`). 1 where
    fewer than :data:`MIN_FOCUS_FIELDS` are such.

    Focus blur and camera shake fade every print of a frame alike; a piece hides its
    print whatever the focus. On seed 7's orange Gravitation board (docs/vision.md,
    issue 31, thirteenth round) a blurred frame's empty fields kept 0.46-0.89 of their
    calibrated texture (median 0.72; a sharp frame of the set-up 1.36): against the
    calibrated print, six cream fields under a soft glare lacked 4-5 spreads of it and
    read as white pieces with 0.92-1.00. Measured on the frame, the print they lack is
    what the blur took, and colour and the print's share decide.

    Only fields read empty count: a piece alike to its field can show more than
    :data:`.imprint.HIDDEN` of the print (review s10: grey-white pieces on 148 of 165
    grey fields, 23 of the 40 fields with such a share were pieces, and a sharp frame
    measured 0.69 and waited); the pieces read at the calibrated print are left out."""
    with np.errstate(invalid="ignore"):
        shows = empty & (share > HIDDEN) & (printed > 0)
    if np.count_nonzero(shows) < MIN_FOCUS_FIELDS:
        return 1.0
    return float(min(1.0, np.median(texture[shows] / printed[shows])))


def focused(
    verdicts: FieldVerdicts,
    at: Callable[[float], FieldVerdicts],
    texture: FloatArray,
    printed: FloatArray,
    share: FloatArray,
) -> tuple[FieldVerdicts, float]:
    """The frame's ``verdicts`` (read at the calibrated print) and its focus: where the
    fields read empty say the frame is blurred, it is read again ``at`` that focus and
    measured again on the fields read empty then, while the focus falls, at most
    :data:`FOCUS_ROUNDS` times. ``texture``, ``printed`` and ``share`` as
    :func:`frame_focus` takes them."""
    focus = 1.0
    for _ in range(FOCUS_ROUNDS):
        now = frame_focus(texture, printed, share, verdicts.labels < 0)
        if now >= focus:
            break
        focus = now
        verdicts = at(focus)
    return verdicts, focus
