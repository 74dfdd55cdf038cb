"""Words said after a move, judged again where a correction has since changed that move
(new-user trial s12 M2): the camera recorded "Wurf 6, …", the player said "Wurf 7, …"
and was told it does not fit; the referee then corrected the move to "Wurf 7, …". The
game's record (companion/store/record.py) should not go on calling the words illegal.

The journal keeps the verdict as it was said (it is append-only, and it was what the
players heard); the record folds the correction in: the same words, judged as the
referee judges words after the move (:func:`companion.table.announcing.after`), against
the move as it stands now. Words that fit it are settled; words that still do not are
told so with the move's words as corrected."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from companion.games.game import game
from companion.store.events import Event, kept, read_position, said_after
from companion.store.record import WithRules
from companion.table import announcing
from companion.table.answers import Recorded
from companion.table.correction import path
from companion.table.moves import history


def judged_again(events: Sequence[Event]) -> dict[int, tuple[str, Any]]:
    """Each verdict event on words said after a move whose steps (that move and every
    one before it) a correction changed since → (verdict, reason) on the same words now.
    A move taken back since is left out: the record marks it so, with what was said."""
    then = said_after(events)
    now = kept(events)
    at = {s.id: n for n, s in enumerate(now)}
    changed = {v: steps for v, steps in then.items() if _changed(steps, now, at)}
    if not changed:
        return {}
    moves = history(events)
    where = {p.id: n for n, p in enumerate(moves)}
    said = {e.id: e.data.get("said") for e in events if e.id in changed}
    layouts: dict[object, Any] = {}
    out: dict[int, tuple[str, Any]] = {}
    for verdict, steps in changed.items():
        move, words = steps[-1].id, said.get(verdict)
        if move not in where or not isinstance(words, str):
            continue
        step, upto = now[at[move]], moves[: where[move] + 1]
        made = Recorded(step.announcement or "", read_position(step.after, layouts))
        rules = game(made.after.game)
        again = announcing.after(rules, upto, made, upto[-1].roll, words)
        out[verdict] = (again.kind, again.reason)
    return out


def _changed(steps: Sequence[Any], now: Sequence[Any], at: dict[int, int]) -> bool:
    """Whether the steps up to the move words were said of read otherwise now (a
    correction of it or of a move before it); False where that move no longer stands."""
    last = at.get(steps[-1].id)
    return last is not None and list(now[: last + 1]) != list(steps)


def paths(events: Sequence[Event], wanted: Collection[int]) -> dict[int, str]:
    """Where each ``wanted`` move took its player's pieces (:func:`correction.path`,
    as the page's history says it): a move that stands, as it stands now (a correction
    may have changed it); one taken back, from the position it was made in."""
    layouts: dict[object, Any] = {}
    now = kept(events)
    out: dict[int, str] = {}
    for n, step in enumerate(now):
        if step.id in wanted and step.kind == "move" and n > 0:
            before = read_position(now[n - 1].after, layouts)
            out[step.id] = path(before, read_position(step.after, layouts))
    for n, e in enumerate(events):
        if e.kind == "move" and e.id in wanted and e.id not in out:
            then = kept(events[:n])
            if then:
                before = read_position(then[-1].after, layouts)
                out[e.id] = path(before, read_position(e.data["after"], layouts))
    return out


#: What the game's record asks of the rules (:class:`companion.store.record.WithRules`).
WITH_RULES = WithRules(judged_again, paths)
