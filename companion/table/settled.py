"""Words said after a move, judged again where a correction has since changed that move
(new-user trial s12 M2): the camera recorded "Wurf 6, …", the player said "Wurf 7, …"
and was told it does not fit; the referee then corrected the move to "Wurf 7, …". The
game's record (companion/store/record.py) should not go on calling the words illegal.

The journal keeps the verdict as it was said (it is append-only, and it was what the
players heard); the record folds the correction in: the same words, judged as the
referee judges words after the move (:func:`companion.table.announcing.after`), against
the move as it last stood (as it stands now, or as it stood when it was taken back).
Words that fit it are settled; words that still do not are told so with the move's words
as corrected."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any

from companion.errors import CompanionError
from companion.games.game import game
from companion.model.position import Position
from companion.store.events import Event, Kept, kept, read_position, said_after, step_after
from companion.store.record import WithRules
from companion.table import announcing
from companion.table.answers import Recorded
from companion.table.correction import SEARCHED, path
from companion.table.moves import history


def judged_again(events: Sequence[Event]) -> dict[int, tuple[str, Any]]:
    """Each verdict event on words said after a move whose steps (that move and every
    one before it) a correction changed since → (verdict, reason) on the same words, as
    the move last stood: as it stands now, or, where it was taken back since, as it stood
    when it was taken back (review s13 finding 1: a corrected move taken back brought the
    objection to words that fitted it back). A verdict whose positions cannot be read
    (a layout this process lacks, a history the rules refuse) is left as it was said
    (review s13 finding 7: the hub's record of such a table failed whole)."""
    then = said_after(events)
    if not then:
        return {}
    stood = _stood(events)  # a move taken back → the events before the one that did so
    # only a correction of a move changes the steps before it; between the words and the
    # end of the game as asked, none: the words stand as judged, and nothing is folded
    # again (review s13b finding 1: a second a page view on 2,134 events, 133 undos)
    index = {e.id: n for n, e in enumerate(events)}
    corrections = [
        n for n, e in enumerate(events) if e.kind == "correction" and "corrects" in e.data
    ]
    by_end: dict[int, list[tuple[int, list[Kept]]]] = {}
    for verdict, steps in then.items():
        end = stood.get(steps[-1].id, len(events))
        if any(index[verdict] < n < end for n in corrections):
            by_end.setdefault(end, []).append((verdict, steps))
    said = {e.id: e.data.get("said") for e in events if e.id in then}
    out: dict[int, tuple[str, Any]] = {}
    for end, asked in by_end.items():
        now = kept(events[:end])
        at = {s.id: n for n, s in enumerate(now)}
        changed = [(v, steps) for v, steps in asked if _changed(steps, now, at)]
        if not changed:
            continue
        try:
            moves = history(events[:end])
        except CompanionError:
            continue
        where = {p.id: n for n, p in enumerate(moves)}
        layouts: dict[object, Any] = {}
        for verdict, steps in changed:
            move, words = steps[-1].id, said.get(verdict)
            if move not in where or not isinstance(words, str):
                continue
            step, upto = now[at[move]], moves[: where[move] + 1]
            try:
                made = Recorded(step.announcement or "", read_position(step.after, layouts))
                again = announcing.after(game(made.after.game), upto, made, upto[-1].roll, words)
            except CompanionError:
                continue
            out[verdict] = (again.kind, again.reason)
    return out


def _stood(events: Sequence[Event]) -> dict[int, int]:
    """Each move taken back (by an undo, or dropped by a correction of an earlier move)
    → the index of the event that took it back: ``events[:index]`` is the game as it
    stood just before."""
    out: dict[int, int] = {}
    for n, _, gone in _taken_back(events):
        for move in gone:
            out.setdefault(move, n)
    return out


def _taken_back(events: Sequence[Event]) -> Iterator[tuple[int, list[Kept], set[int]]]:
    """Every undo or correction that took steps back: its index among ``events``, the
    steps just before it, the ids it took back. One fold over the events (review s13b
    finding 1: folding them again at every undo cost a second a page view on a game of
    2,134 events and 133 undos)."""
    steps: list[Kept] = []
    for n, e in enumerate(events):
        if e.kind not in ("undo", "correction"):
            steps = step_after(steps, e)
            continue
        then = list(steps)  # step_after may append to steps
        steps = step_after(steps, e)
        gone = {s.id for s in then} - {s.id for s in steps}
        if gone:
            yield n, then, gone


def _changed(steps: Sequence[Any], now: Sequence[Any], at: dict[int, int]) -> bool:
    """Whether the steps up to the move words were said of read otherwise now (a
    correction of it or of a move before it); False where that move no longer stands."""
    last = at.get(steps[-1].id)
    return last is not None and list(now[: last + 1]) != list(steps)


def made(events: Sequence[Event]) -> dict[int, tuple[Kept, Kept]]:
    """Each move of the game → (the step before it, the move) as it last stood: a move
    that stands, as it stands now (a correction may have changed it); one taken back, as
    it stood when it was taken back (new-user trial s13 M1: a move corrected, then taken
    back, was said with its corrected words and the path it had before the correction).
    Only an undo or a correction takes a move back (:func:`_taken_back`)."""
    out: dict[int, tuple[Kept, Kept]] = {}
    for _, then, gone in _taken_back(events):
        for i, step in enumerate(then):
            if step.kind == "move" and i > 0 and step.id in gone:
                out[step.id] = (then[i - 1], step)
    now = kept(events)
    for i, step in enumerate(now):
        if step.kind == "move" and i > 0:
            out[step.id] = (now[i - 1], step)
    return out


def paths(events: Sequence[Event], wanted: Collection[int]) -> dict[int, str]:
    """Where each ``wanted`` move took its player's pieces (:func:`correction.path`,
    as the page's history says it), as the move last stood (:func:`made`)."""
    layouts: dict[object, Any] = {}
    out: dict[int, str] = {}
    for move, (before, step) in made(events).items():
        if move in wanted:
            try:
                out[move] = path(
                    read_position(before.after, layouts), read_position(step.after, layouts)
                )
            except CompanionError:  # a layout this process lacks: no path said
                continue
    return out


def told_apart(events: Sequence[Event]) -> dict[int, str]:
    """The moves whose words name more than one legal move in the position they were
    made in (Türme's "4 und 1" with two pieces that can) → where that move took its
    pieces, as it last stood (:func:`made`): so that a disputed game can be replayed
    from its record (new-user trial s13 M4; after a correction, the new path: L4)."""
    layouts: dict[object, Any] = {}
    out: dict[int, str] = {}
    for move, (before, step) in made(events).items():
        if not step.announcement:
            continue
        try:
            position = read_position(before.after, layouts)
            alike = _said_so(position, step.roll, step.announcement)
            if len(alike) > 1:
                out[move] = path(position, read_position(step.after, layouts))
        except CompanionError:  # words of an older notation, a roll that no longer fits,
            continue  # a layout this process lacks (review s13 finding 7)
    return out


def _said_so(position: Position, roll: tuple[int, ...], said: str) -> set[str]:
    """Where the legal moves said with exactly these words take the mover's pieces (the
    game's checker builds only those; TENET's single steps looked through at most
    :data:`correction.SEARCHED`)."""
    moves, verdict, _ = game(position.game).named(position, roll, said, SEARCHED)
    if verdict in ("illegal", "invalid"):
        return set()
    return {path(position, m.after) for m in moves if m.announcement == said}


def objected(events: Sequence[Event]) -> dict[int, list[Any]]:
    """Each move → the referee's objections to words said of it, as the game's record
    says them (new-user trial s13 L3: the page's history marked none): words said before
    it on its roll, and words said after it, judged again where a correction has since
    changed it (:func:`judged_again`; one the correction answered is left out)."""
    from companion.store.record import TOLD

    told = [e for e in events if e.kind == "verdict" and e.data.get("verdict") in TOLD]
    if not told:
        return {}
    after = said_after(events) if any(e.data.get("before_move") is False for e in told) else {}
    again = judged_again(events) if any(e.kind == "correction" for e in events) else {}
    upcoming: dict[int, int] = {}  # a verdict before a move → the move of that roll
    waiting: list[int] = []
    for e in events:
        if e.kind == "verdict" and e.data.get("before_move") is not False:
            waiting.append(e.id)
        elif e.kind == "move":
            upcoming.update({v: e.id for v in waiting})
            waiting = []
        elif e.kind == "roll":
            waiting = []  # a roll that moved nothing: its words belong to no move
    out: dict[int, list[Any]] = {}
    for e in told:
        move = after[e.id][-1].id if e.id in after else upcoming.get(e.id)
        verdict, reason = again.get(e.id, (None, None))
        if move is None or (verdict is not None and verdict not in TOLD):
            continue
        data = e.data if verdict is None else {**e.data, "verdict": verdict, "reason": reason}
        out.setdefault(move, []).append(said_wrong(data))
    return out


#: The nearest legal announcements were advice for the move still to make: the history
#: says the reason alone.
_BARE = {"check.nearest": "check.nearest_bare"}


def said_wrong(data: Mapping[str, Any]) -> Any:
    """A verdict event as the page's history says it, one sentence a reader takes in:
    the words said before the move (the reason of words said after it quotes them
    already), the verdict in the reader's words, the reason without the nearest legal
    announcements (new-user trial s14 L3: "[illegal: … nearest legal: '…' | '…']",
    straight quotes and the verdict in English on the German page)."""
    from companion.store.record import objection_reason
    from companion.texts import quoted, swapped, text

    verdict = text(f"verdict.{data['verdict']}")
    reason = swapped(objection_reason(data), _BARE)
    said = data.get("said") if data.get("before_move") else None
    if said:
        return text("history.said_wrong", said=quoted(str(said)), verdict=verdict, reason=reason)
    return text("history.wrong", verdict=verdict, reason=reason)


#: What the game's record asks of the rules (:class:`companion.store.record.WithRules`).
WITH_RULES = WithRules(judged_again, paths, told_apart)
