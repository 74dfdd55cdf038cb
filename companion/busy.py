"""Why the referee waits for the board, as data and in the players' words.

The board reader (companion/vision/board) says why a frame is no still board in one
English line for people and logs: "busy: something unknown over yellow.S3 and 2 more",
"busy: a hand or an object is over the board", "board not found: no board markers
seen". The page and the camera view need it as data (what, which field) and said in the
players' language with what to do ("etwas liegt über Gelb.S3 – Hand weg oder
Blendung?"). :func:`busy` reads the line into a :class:`Busy`; a line it does not know
stays as it is (``kind`` "other"), so nothing the reader says is lost.

The lines are the reader's own (vision/board/reader.py, still.py, locate.py);
tests/test_newcomer.py reads real frames, so a changed line fails there, not at a table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from companion.texts import colour, field, render, text, text_n

#: The reader's lines, each with the kind of wait it says.
_LINES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("covered", re.compile(r"busy: something over (?P<field>\S+)(?P<more>.*) hides the board")),
    ("unknown", re.compile(r"busy: something unknown over (?P<field>\S+)(?P<more>.*)")),
    ("hand", re.compile(r"busy: a hand or an object is over the board")),
    (
        "unsure",
        re.compile(
            r"busy: unsure of (?P<field>\S+) \((?P<seen>\w+)\? confidence [\d.]+\)(?P<more>.*)"
        ),
    ),
    ("changing", re.compile(r"busy: (?P<field>\S+) is changing")),
    ("waiting", re.compile(r"waiting for a still board")),
    ("no_markers", re.compile(r"board not found: no board markers seen")),
    ("out_of_view", re.compile(r"board not found: part of it is out of view")),
    ("not_found", re.compile(r"board not found: (?P<why>.*)")),
)
_MORE = re.compile(r" and (\d+) more")


@dataclass(frozen=True)
class Busy:
    """Why the board is not read as still: ``kind`` (covered, unknown, hand, unsure,
    changing, waiting, no_markers, out_of_view, not_found, other), the field it is about
    (an id), how many more fields, what the reader took an unsure field for, and the
    reader's own line."""

    kind: str
    field: str | None = None
    more: int = 0
    seen: str | None = None
    line: str = ""

    def said(self) -> str:
        """The wait in the players' words with what to do (a Text: either language)."""
        if self.kind == "other":
            return self.line
        more = text_n("busy.more", self.more) if self.more else ""
        where = field(self.field) if self.field else ""
        if self.kind == "unsure":
            looks = text("busy.empty") if self.seen in (None, "empty") else colour(self.seen or "")
            return text("busy.unsure", field=where, more=more, seen=looks)
        if self.kind == "not_found":
            return text("busy.not_found", why=self.line.partition(": ")[2])
        return text(f"busy.{self.kind}", field=where, more=more)

    def to_json(self, lang: str) -> dict[str, Any]:
        """For the page (``/state.json``): the data and the words in ``lang``."""
        return {
            "kind": self.kind,
            "field": self.field,
            "more": self.more,
            "text": render(self.said(), lang),
        }


def busy(line: str) -> Busy | None:
    """The reader's line as a :class:`Busy` (None for no line: the board is still)."""
    if not line:
        return None
    for kind, pattern in _LINES:
        found = pattern.match(line)
        if found is None:
            continue
        groups = found.groupdict()
        more = _MORE.match(groups.get("more") or "")
        return Busy(
            kind,
            groups.get("field"),
            int(more.group(1)) if more else 0,
            groups.get("seen"),
            line,
        )
    return Busy("other", line=line)
