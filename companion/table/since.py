"""What a page showed, and what the game did since: a correction is recorded only against
the game its confirm page listed.

The check page of a correction (companion/web/correct.py) names the moves the correction
keeps and the moves it takes back. Another phone may play a move, undo one or correct one
while the referee reads it; the plan rebuilt from the game as it is then would take back
moves the page never listed (new-user trial s14 H1). So the page carries :func:`mark`, the
id of the game's last step as it showed it, and the yes is refused where the game's last
step is another one now, with :func:`went_on` saying what happened (a move played, taken
back or corrected). A page sent again after its correction was recorded (a reload) finds
that correction as the one step since: :func:`redone` says so, and nothing is recorded a
second time (trial s14 L5).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.store.events import Event
from companion.table.correction import Played, played
from companion.texts import colour, text

#: The events that change the moves a page lists (a roll does not).
STEPS = ("start", "move", "undo", "correction")


def mark(events: Iterable[Event]) -> int:
    """The id of the game's last step (0: none): what a page was made against."""
    return max((e.id for e in events if e.kind in STEPS), default=0)


def went_on(events: Sequence[Event], shown: int) -> str | None:
    """Why a page made against ``shown`` (:func:`mark`) is out of date, in the players'
    words ("the game went on since this page was shown: move 4 was played …"); None
    where the game's last step is still the one it showed."""
    if mark(events) == shown:
        return None
    if all(e.id != shown for e in events):  # another game, or a page of another version
        return text("since.went_on", what=text("since.other_game"))
    steps = [e for e in events if e.id > shown and e.kind in STEPS]
    new = [m for m in played(events) if m.id > shown]
    if new and all(e.kind == "move" for e in steps):
        what = _played(new)
    elif any(e.kind == "undo" for e in steps):
        what = text("since.undone")
    else:
        what = text("since.corrected")
    return text("since.went_on", what=what)


def _played(new: Sequence[Played]) -> str:
    if len(new) > 1:
        return text("since.played_many", first=new[0].number, last=new[-1].number)
    move = new[0]
    dice = "+".join(map(str, move.roll))
    said = move.announcement
    return text(
        "since.played", number=move.number, player=colour(move.player), dice=dice, said=said
    )


def redone(events: Sequence[Event], shown: int, corrects: int, path: list[list[str]]) -> bool:
    """Whether the one step since ``shown`` is a correction of the move ``corrects`` (its
    event id) to the move that went ``path`` (:func:`.correction.path_data`): the same
    correction sent again, by a reload or a second tap."""
    steps = [e for e in events if e.id > shown and e.kind in STEPS]
    if len(steps) != 1 or steps[0].kind != "correction" or all(e.id != shown for e in events):
        return False
    data = steps[0].data
    moves = data.get("moves") or [{}]
    return data.get("corrects") == corrects and moves[0].get("path") == path
