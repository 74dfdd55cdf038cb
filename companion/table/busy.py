"""Why the referee waits for the board, in the players' words, from the reader's data.

The board reader (companion/vision/board) says why a frame is no still board twice: one
English line for people and logs ("busy: something unknown over yellow.S3 and 2 more")
and as data, :class:`~companion.vision.board.cause.Cause` (kind, field, how many more,
what an unsure field looked like), with the fields under a glare spot beside it. The
page and the camera view need it said in the players' language with what to do ("etwas
liegt über S3 von Gelb – Hand weg oder Blendung?"): :func:`busy` takes the data only, so a
reworded English line cannot change or break the German page. A wait the reader gives
no cause for (none is known) is shown as its line, so nothing the reader says is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.texts import colour, field, render, text, text_n

if TYPE_CHECKING:  # the page needs no OpenCV to word a wait
    from companion.vision.board.reader import BoardRead

#: The page's kinds of wait: a hand seen over a field (its surround hidden) is "covered".
KINDS = (
    "covered",
    "hand",
    "glare",
    "unknown",
    "unsure",
    "changing",
    "waiting",
    "moved",
    "no_markers",
    "too_few",
    "other_board",
    "misplaced",
    "no_plane",
    "out_of_view",
    "no_corners",
)


@dataclass(frozen=True)
class Busy:
    """Why the board is not read as still: ``kind`` (one of :data:`KINDS`, or "other"
    for a wait the reader gave no cause for), the field it is about (an id), how many
    more fields (or markers seen, or pixels the board moved by), what the reader took an
    unsure field for (or the other board's name), whether the field lies under a glare
    spot, and the reader's own line (for logs)."""

    kind: str
    field: str | None = None
    more: int = 0
    seen: str | None = None
    line: str = ""
    glare: bool = False
    #: the board was found by four stored corners nothing calibrated can check (no
    #: empty board's print): a wait over the fields may be corners that do not fit
    unchecked: bool = False

    def said(self) -> str:
        """The wait in the players' words with what to do (a Text: either language); over
        fields of a board found by corners nothing checks, the corners are named too
        (trial s13 M2: points of the page's scaled picture read as "Hand weg")."""
        said = self._said()
        if self.unchecked and self.kind in UNCHECKED:
            return text("busy.or_corners", said=said)
        return said

    def _said(self) -> str:
        if self.kind == "other":
            return self.line
        more = text_n("busy.more", self.more) if self.more else ""
        where = field(self.field) if self.field else ""
        if self.kind == "unsure":
            looks = text("busy.empty") if self.seen in (None, "empty") else colour(self.seen or "")
            key = "busy.unsure_glare" if self.glare else "busy.unsure"
            return text(key, field=where, more=more, seen=looks)
        if self.kind == "moved":  # ``more``: by how many pixels (0: not known)
            return text("busy.moved_by", pixels=self.more) if self.more else text("busy.moved")
        if self.kind == "too_few":
            return text("busy.too_few", count=self.more)
        if self.kind == "other_board":
            return text("busy.other_board", board=self.seen or "")
        return text(f"busy.{self.kind}", field=where, more=more)

    def to_json(self, lang: str) -> dict[str, Any]:
        """For the page (``/state.json``): the data and the words in ``lang``."""
        return {
            "kind": self.kind,
            "field": self.field,
            "more": self.more,
            "text": render(self.said(), lang),
        }


#: The waits that corners which do not fit look like: every disc samples the wrong place.
UNCHECKED = frozenset({"covered", "hand", "glare", "unknown", "unsure"})


def busy(read: BoardRead, unchecked: bool = False) -> Busy | None:
    """Why ``read`` is no still board, from its cause and glare fields (None: it is one);
    ``unchecked``: the board was found by corners nothing calibrated can check."""
    cause = read.cause
    if not cause.kind:
        return Busy("other", line=read.reason) if read.reason else None
    kind = "covered" if cause.kind == "hand" and cause.field else cause.kind
    if kind not in KINDS:
        return Busy("other", line=read.reason or kind)
    return Busy(
        kind,
        cause.field or None,
        cause.more,
        cause.seen or None,
        read.reason,
        glare=bool(cause.field) and cause.field in read.glare,
        unchecked=unchecked,
    )
