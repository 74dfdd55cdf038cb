"""What a calibration made by an older companion no longer lets the reader check.

Besides the hand tests below, the print inside the fields (:mod:`.imprint`), which tells
a piece from a field of its colour: without it such fields are never read surely.

A calibration file stores the empty board's look where the hand tests compare it: the
print around every field (:mod:`.surround`), the board between the fields, point by
point (:mod:`.between`), and on a board of tall pieces every field's foot (:mod:`.feet`).
A file written before a test existed holds none of it, and one written before its
points changed holds them at the old points (a packed grid, the 19 × 19 and the real
9 × 9 Go boards, before the fourth round of issue 31). The reader
then cannot compare and skips the test: a hand resting there is not seen. That must not
happen without a word: :func:`tests_off` names each test that is off, and the page, the
start-up log and the command line say it with what to do (``calibrate colours`` again,
which stores the look at the points of today; :func:`companion.vision.calibration.outdated`).

Only a calibration is judged: the default colours of a fresh install never held these
looks (the tests start with the first calibration), and a board without print around
its fields or without space between them has nothing to store.
"""

from __future__ import annotations

from companion.vision.board.profiles import Profiles
from companion.vision.board.sampler import FieldSampler

#: The board between the fields was learnt at other points than the layout has today.
OTHER_POINTS = "between_points"
#: The file holds no look of the board between the fields (made before that test).
NO_BETWEEN = "no_between"
#: The file holds no look of the print around the fields (made before that test).
NO_SURROUND = "no_surround"
#: The file holds no look of the fields' feet on a board of tall pieces (:mod:`.feet`,
#: made before that test): a fingertip between standing pieces is not looked for there.
NO_FOOT = "no_foot"
#: The file holds no print inside the fields (:mod:`.imprint`, made before it was
#: stored) and some piece colour looks like its field: the reader stays unsure there.
NO_PRINT = "no_print"


def tests_off(profiles: Profiles, sampler: FieldSampler) -> tuple[str, ...]:
    """The hand tests that ``profiles`` (a calibration) cannot run on the layout of
    ``sampler``, as the kinds above; () when every test the layout allows runs, and for
    the default colours."""
    if profiles.source == "default":
        return ()
    off: list[str] = []
    if profiles.empty_surround is None and sampler.has_rings:
        off.append(NO_SURROUND)
    space, points = profiles.empty_between, len(sampler.between.points)
    if space is None and points:
        off.append(NO_BETWEEN)
    elif space is not None and len(space) != points:
        off.append(OTHER_POINTS)
    if profiles.empty_foot is None and sampler.height > 0:
        off.append(NO_FOOT)
    if profiles.empty_print is None and profiles.alike.any():
        off.append(NO_PRINT)
    return tuple(off)
