"""A blurred frame fades every field's print: the print an empty field lacks there is
the frame's, not a piece's (issue 31, thirteenth round).

The reader scores an empty field by the print its disc shows against the print the
calibration photos showed. Focus blur and camera shake fade every print of a frame alike,
while a piece hides its print whatever the focus; so the frame's own sharpness, measured
on the fields that show their print, is what an empty field is expected to show there
(vision/board/focus.py: ``frame_focus``).
"""

from __future__ import annotations

import numpy as np
from rebuilt_setups import read_rebuilt, sure_mistakes

from companion.vision.board.focus import MIN_FOCUS_FIELDS, frame_focus

#: Where seed 7's second orange set-up of the Gravitation board begins in bench/board.py
#: (``--looks 2 --looks-photos 20 --looks-hands 5 --looks-seed 7 --boards gravitation``).
SEED7_GRAVITATION_ORANGE = {
    "bit_generator": "PCG64",
    "state": {
        "state": 220293392622706825513229186510552071988,
        "inc": 261136684632268670825940853076396136793,
    },
    "has_uint32": 1,
    "uinteger": 240724382,
}


def test_the_frames_focus_is_what_the_empty_fields_showing_their_print_keep_of_it() -> None:
    printed = np.full(8, 0.2)
    texture = np.array([0.1, 0.12, 0.08, 0.1, 0.1, 0.01, 0.0, 0.02])  # five empty, three pieces
    share = np.array([0.3, 0.4, 0.3, 0.35, 0.3, 0.0, -0.05, 0.02])
    empty = np.arange(8) < 5
    assert frame_focus(texture, printed, share, empty) == 0.5  # the pieces say nothing
    sharp = np.full(8, 0.3)
    assert frame_focus(sharp, printed, share, empty) == 1.0  # never more than calibrated
    few = np.where(np.arange(8) < MIN_FOCUS_FIELDS - 1, share, np.nan)
    assert frame_focus(texture, printed, few, empty) == 1.0  # too few fields to tell


def test_pieces_alike_to_their_fields_do_not_blur_a_sharp_frame() -> None:
    """Review s10: grey-white pieces on grey fields keep up to half their field's print;
    read as pieces, they are not asked how sharp the frame is."""
    printed = np.full(12, 0.2)
    texture = np.array([0.25] * 5 + [0.08] * 7)  # five empty fields, sharp; seven pieces
    share = np.array([0.6] * 5 + [0.3] * 7)  # the pieces keep more than HIDDEN of it
    assert frame_focus(texture, printed, share, np.ones(12, bool)) < 1.0  # as before
    assert frame_focus(texture, printed, share, np.arange(12) < 5) == 1.0


def test_an_empty_field_in_a_blurred_frame_is_never_a_sure_piece() -> None:
    # Photo 16: a blurred frame (its empty fields keep about 0.7 of their calibrated
    # print), a soft glare over cream fields: six empty fields, their print faded to
    # 0.3-0.55, read as white pieces with 0.92-1.00 before.
    made, placement, read = read_rebuilt(SEED7_GRAVITATION_ORANGE, "orange", "gravitation", 16)
    assert not {"U2.2", "U2.6", "U2.11", "U4.0", "U4.1", "U5.4"} & set(placement)

    assert not sure_mistakes(made, placement, read)
    assert read.busy or read.fields == placement
