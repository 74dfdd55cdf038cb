"""The move list of the page: every legal move of a roll can be found, none is built in
vain.

A roll may allow a hundred thousand moves; the page never lists them all. It shows the
first SHOWN of them 20 at a time, and finds any other one the way a player thinks of it:

* by the piece (``from``, a tapped piece of the player to move): the moves of that piece
  only, searched for it (for Gravitation and Tunnel X the rest of the roll is not built),
  at most PIECE_SHOWN of them;
* by the field it ends on (``to``), within the piece's moves or the first SHOWN;
* by the words (``said``, typed as spoken): the game's checker names the move, the
  moves the words fit, or the nearest legal ones with its reason.

Each answer is at most PIECE_SHOWN moves, the same for the same query: a move is picked by
its number in that answer (``/play/<n>?from=…``) together with its announcement, which
the server checks, so a list that changed meanwhile plays nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from urllib.parse import urlencode

from companion.errors import CompanionError
from companion.games.game import game
from companion.model.boards import seen
from companion.model.position import Position
from companion.table.announcing import LONGEST, said_length
from companion.table.answers import MoveLike, Rules
from companion.table.correction import Played, moves_from, path, path_data
from companion.texts import Text, colour, message
from companion.texts import text as sentence

#: Moves on one page of the list: a phone shows them without endless scrolling.
PAGE = 20
#: The most moves of one piece (or fitting typed words) one answer holds.
PIECE_SHOWN = 500


@dataclass(frozen=True)
class MoveList:
    """One page of the moves found: which part is shown, of how many, and how."""

    picked: Sequence[tuple[int, MoveLike]]  # (number in the answer, move), filtered
    total: int  # how many the answer holds before ``to`` narrows it
    page: int  # 1-based
    more: bool  # the roll (or the piece) has more moves than the answer holds
    start: str | None = None
    end: str | None = None
    starts: tuple[str, ...] = ()  # the fields a tap may filter by (the mover's pieces)
    ends: tuple[str, ...] = ()  # and the fields the answer's moves end on
    said: str = ""  # the words typed
    verdict: str = ""  # the checker's verdict on them (legal, ambiguous, illegal, invalid)
    reason: str = ""  # and its reason where they are not one legal move
    position: Position | None = None  # the position the moves are made from

    def way(self, move: MoveLike) -> str:
        """Where ``move`` takes its player's pieces, as its form carries it (:func:`way`)."""
        return "" if self.position is None else way(self.position, move.after)

    @property
    def count(self) -> int:
        return len(self.picked)

    @property
    def pages(self) -> int:
        return max(1, -(-self.count // PAGE))

    @property
    def first(self) -> int:
        """The number of the first move shown (1-based, as the list counts)."""
        return min((self.page - 1) * PAGE + 1, self.count)

    @property
    def last(self) -> int:
        return min(self.count, self.page * PAGE)

    @property
    def shown(self) -> Sequence[tuple[int, MoveLike]]:
        return self.picked[(self.page - 1) * PAGE : self.page * PAGE]

    @property
    def filtered(self) -> bool:
        return bool(self.start or self.end or self.said)

    def query(self, **changes: object) -> str:
        """This list's query string with ``changes`` (None drops a key): for its links."""
        keys = {
            "moves": self.page,
            "from": self.start,
            "to": self.end,
            "said": self.said or None,
            **changes,
        }
        return urlencode({k: v for k, v in keys.items() if v is not None})

    def pick_query(self) -> str:
        """The query that finds this answer again (for a move's form)."""
        keys = {"from": self.start, "to": self.end, "said": self.said or None}
        return urlencode({k: v for k, v in keys.items() if v is not None})


def find(
    position: Position,
    roll: tuple[int, ...],
    first: Sequence[MoveLike],
    more: bool,
    rules: Rules,
    args: Mapping[str, str],
) -> MoveList:
    """The moves of ``position`` and ``roll`` the query ``args`` asks for (``from``,
    ``to``, ``said``, ``moves``: the page). ``first`` are the first SHOWN legal moves in
    the engine's order (the referee's list), ``more`` whether the roll has more. A
    ``from`` or ``to`` that no move of the answer has (left from an earlier roll) is
    ignored rather than showing nothing."""
    mover = sorted(f for f, c in seen(position).items() if c == position.to_move)
    said = args.get("said", "").strip()
    verdict = reason = ""
    starts = tuple(sorted({*mover, *(s for s in _fields(first, "start"))}))
    start = args.get("from") if args.get("from") in starts else None
    answer: list[MoveLike] = []
    if (count := said_length(said)) > LONGEST:  # said, not cut and searched in part
        verdict, more = "invalid", False  # (review nc16)
        reason = sentence("referee.announcement_too_long", count=count, most=LONGEST)
    elif said:
        answer, verdict, reason = _by_words(position, roll, said, rules)
        more = False
    elif start is not None:
        found = list(islice(moves_from(position, roll, frozenset({start}), rules), PIECE_SHOWN + 1))
        answer, more = found[:PIECE_SHOWN], len(found) > PIECE_SHOWN
    else:
        answer = list(first)
    if said and start is not None:
        answer = [m for m in answer if getattr(m, "start", None) == start]
    ends = tuple(sorted(set(_fields(answer, "end"))))
    end = args.get("to") if args.get("to") in ends else None
    picked = [(i, m) for i, m in enumerate(answer) if end is None or getattr(m, "end", None) == end]
    text = args.get("moves", "")
    number = int(text) if text.isascii() and text.isdigit() and len(text) < 6 else 1
    pages = max(1, -(-len(picked) // PAGE))
    return MoveList(
        picked,
        len(answer),
        min(max(number, 1), pages),
        more,
        start,
        end,
        starts,
        ends,
        said,
        verdict,
        reason,
        position,
    )


def pick(found: MoveList, number: int, announcement: str) -> MoveLike | None:
    """The move numbered ``number`` in the answer, if it is still said ``announcement``."""
    for i, m in found.picked:
        if i == number:
            return m if m.announcement == announcement else None
    return None


def way(before: Position, after: Position) -> str:
    """Where a move takes its player's pieces, as a form carries it beside the words
    ("S1>U1.9": the fields they left, then entered): moves said alike are told apart."""
    left, entered = path_data(before, after)
    return ",".join(left) + ">" + ",".join(entered)


def late_tap(last: Played | None, said: str, tapped: str | None) -> str | None:
    """A tap on a move the list no longer holds, with the move played last (``last``,
    None: none since an undo or a start). None where the tap is that move again (a
    double tap: the same words, and the same path where the form says it); else why
    nothing was played: "Zug 5 ist schon gespielt: Gelb 2+2: „Wurf 4, …“ (U1.19 → U1.23)",
    not "legal move" for a move another phone did not make (new-user trial s14 M1, L2)."""
    if last is None:
        return "err_no_move"
    if said == last.announcement and tapped in (None, way(last.before, last.after)):
        return None
    dice, where = "+".join(map(str, last.roll)), path(last.before, last.after)
    return sentence(
        "move.played_already",
        number=last.number,
        player=colour(last.player),
        dice=dice,
        said=last.announcement,
        path=where,
    )


def _fields(moves: Sequence[MoveLike], which: str) -> list[str]:
    return [f for f in (getattr(m, which, None) for m in moves) if isinstance(f, str)]


def _by_words(
    position: Position, roll: tuple[int, ...], said: str, rules: Rules
) -> tuple[list[MoveLike], str, str]:
    """The moves typed words name (the checker's verdict and reason with them): the
    move, the moves they fit, or the nearest legal ones. TENET's list holds the steps of
    a turn, so there the words are looked for in the steps' announcements."""
    try:
        moves, verdict, reason = game(position.game).named(position, roll, said, PIECE_SHOWN * 4)
    except CompanionError as exc:
        return [], "invalid", message(exc)
    found: list[MoveLike] = list(islice(moves, PIECE_SHOWN))
    if isinstance(reason, Text) and reason.key == "check.nearest" and found:
        inner = reason.fields["reason"]  # the list below shows the nearest moves, once
        reason = inner if isinstance(inner, str) else reason
    return found, verdict, "" if verdict == "legal" else reason
