"""The foot of a tall board's empty field: a fingertip resting there hides its print.

On a board of tall pieces the reader's discs look where a piece's top appears, off the
field (:meth:`.FieldSampler.points`), and the ring test looks around the field: a
finger lying over an empty field between standing pieces hides neither (the sixth round
of issue 31: 6 of 480 dev hands missed so, fingertips at the board's edge, the palm off
the board). It hides the field's own print at its foot. So calibration keeps every
field's disc at its foot from the photos of the empty board (no piece leans over it
there; ``empty.foot`` in the file), and a single frame's read compares each field read
empty with it, as :mod:`.imprint` compares a disc with its print: the share of that
print the foot still shows. A field read empty whose foot shows less than
:data:`FOOT_HIDDEN` of it has something over it that is no piece: the frame is busy, a
hand.

A neighbour's tall piece, seen slanted, leans over a field's foot too: a foot is not
judged where a field read as a piece (or read empty but not surely) could stand over it
(:meth:`.FieldSampler.leaning` with ``feet``), nor on a field read empty but not surely
(a piece alike to its field may stand there, on that very foot). Measured on dev
set-ups of the bench's tall board (docs/vision.md, issue 31, eighth round).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from companion.vision.board.imprint import HIDDEN, SHOWN, FloatArray, match

#: A field read empty whose foot shows less than this share of its empty print is
#: covered. Clean frames of seed 1 and rng 101 (tall board, five looks): no judged foot
#: below 0.63 (7,032 fields); under a fingertip 0.09.
FOOT_HIDDEN = 0.3


def covered_feet(
    seen: FloatArray | None,
    empty: FloatArray | None,
    leaning: npt.NDArray[np.bool_] | None,
    read_empty: npt.NDArray[np.bool_],
) -> npt.NDArray[np.bool_]:
    """(N,) the fields read empty (``read_empty``) whose foot hides its print: ``seen``
    and ``empty`` are the feet's patterns in this frame and on the empty board
    (:meth:`.FieldSampler.pattern`); a foot that a field not read empty could lean over
    (``leaning`` (N, N) of the feet), or whose print is too faint, clipped or out of
    view, is not judged."""
    n = len(read_empty)
    if seen is None or empty is None or leaning is None:
        return np.zeros(n, np.bool_)
    share = match(seen, empty)
    doubt = (leaning & ~read_empty[None, :]).any(axis=1)
    with np.errstate(invalid="ignore"):
        low = share < FOOT_HIDDEN  # NaN: the cue cannot speak, not low
    return np.asarray(read_empty & ~doubt & low, np.bool_)


def neighbours_piece(
    labels: npt.NDArray[np.int64],
    leaning: npt.NDArray[np.bool_] | None,
    foot: FloatArray,
    foot_leaning: npt.NDArray[np.bool_] | None,
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """(N,) twice: the fields read as a piece (``labels`` >= 0) whose disc may show a
    neighbour's piece instead: a neighbour read as a piece could lean over it
    (``leaning`` (N, N) of the discs). Seen slanted, a tall piece's side fills the next
    field's disc, where that field looks for its own piece's top, so an empty field
    reads as its neighbour's colour (seed 3, tall board, orange: empty fields read as
    the neighbour's white, green or blue at 0.95-1.00), or as another (leather: white
    at 0.97 beside a turquoise piece).

    The field's foot tells (``foot``: the share of its empty print the foot shows,
    :func:`.imprint.match`), where no neighbour read as a piece leans over the foot
    (``foot_leaning``): a piece standing there hides its foot. First array: the foot
    shows its print, so the field is empty. Second: the foot cannot tell (faint, out of
    view, leant over) or says neither, so the reading rests on a neighbour's look and is
    not sure. A foot that is hidden confirms the piece: in neither. The first holds for
    every field read as a piece, a neighbour leaning over its disc or not: a piece
    standing on a field always hides its foot."""
    n = len(labels)
    none = np.zeros(n, np.bool_)
    if leaning is None or foot_leaning is None or len(foot) != n:
        return none, none
    piece = labels >= 0
    suspect = piece & (leaning & piece[None, :]).any(axis=1)
    free = ~(foot_leaning & piece[None, :]).any(axis=1)
    with np.errstate(invalid="ignore"):
        shows = free & (foot >= SHOWN)
        hidden = free & (foot <= HIDDEN)
    # a piece standing on its field hides its foot, whoever leans: a foot that shows its
    # print has no piece on it (twelfth round: in a green-tinted frame of seed 5's grey
    # look the plain board where an empty field's piece top would appear read as a dim
    # grey-white piece with 0.90-0.91, no neighbour leaning; its foot showed 1.03-1.07)
    empty = np.asarray(piece & shows, np.bool_)
    return empty, np.asarray(suspect & ~shows & ~hidden, np.bool_)


def foot_explains(
    unsure: npt.NDArray[np.bool_],
    unknown: npt.NDArray[np.bool_],
    labels: npt.NDArray[np.int64],
    leaning: npt.NDArray[np.bool_] | None,
    foot: FloatArray,
) -> npt.NDArray[np.bool_]:
    """(N,) the fields a tall board's frame leaves waiting that are empty by their foot
    (``foot`` >= :data:`.imprint.SHOWN`, :func:`.imprint.match`): read empty but
    ``unsure``, or ``unknown`` (no class explains the disc) where a neighbour read as a
    piece (``labels`` >= 0) could lean over the disc (``leaning`` (N, N) of the discs).

    A tall board's disc looks where a piece's top would appear, off the field and often
    over plain board with no print to ask (:func:`.imprint.match` is NaN there), so the
    light alone decided an empty field, and a frame whose light it could not explain
    waited on a still board: seed 8's tall board, 25 of 200 clean frames, all but one
    on empty fields whose foot showed its print (docs/vision.md, issue 31, fourteenth
    round). The foot is the field's own print, on the board: a piece standing there
    hides it, whoever leans over it (a leaning piece can only hide a print, never show
    one), so a foot that shows its print has nothing standing on it, as a disc that
    shows its print settles an unsure field (``reader._settled``). A disc no class
    explains is something over it: only a neighbour that could lean over the disc
    explains that (its piece's side); elsewhere it may be a hand, and the frame waits."""
    n = len(labels)
    if leaning is None or len(foot) != n:
        return np.zeros(n, np.bool_)
    leant = (leaning & (labels >= 0)[None, :]).any(axis=1)
    with np.errstate(invalid="ignore"):
        shows = foot >= SHOWN  # NaN: the foot cannot tell
    return np.asarray(((unsure & ~unknown) | (unknown & leant)) & shows, np.bool_)
