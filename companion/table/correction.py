"""Correcting one recorded move without undoing what came after it.

The referee took move 7 wrong (the camera read another piece, a player picked the wrong
line of the list): the referee names the move it really was, and the game is replayed
from the position before move 7 with that move, then with every later move as it was
recorded. A later move *stands* when the same words, with the same roll, still name a
legal move that moves the same pieces of the same player the same way (the fields the
mover's pieces left and entered); its position after it is the one the rules give now (a
store of energy, a pushed piece may differ). The first later move that does not stand
stops the replay: the page names it and its reason and asks the referee — say which move
it was instead (:func:`plan` with ``picks``), or take it back with every move after it
(``drop``), or leave the game as it is. Nothing is dropped unasked.

The journal stays append-only: a correction is one ``correction`` event naming the move
it corrects (``corrects``), with that move and every later one as replayed (``moves``,
each naming the move it ``replaces``) and the moves taken back with it (``dropped``);
:func:`companion.store.events.kept` reads it back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.errors import CompanionError
from companion.games.game import game, stone_planet_name
from companion.model.boards import seen, setting
from companion.model.position import Position
from companion.store.events import Event, fold, kept, read_position
from companion.table.answers import MoveLike, Rules
from companion.table.moves import outcome
from companion.table.referee import Referee
from companion.table.reopening import reopened, said_with
from companion.texts import colour, fields, message, text
from companion.texts import field as field_word

#: The most TENET steps looked through to find a later step again (a crowded board has
#: about a thousand on a roll, companion/games/tenet/moves.py): a search that stops here says
#: the step does not stand rather than taking seconds.
SEARCHED = 5000


@dataclass(frozen=True)
class Played:
    """One move of the game as it stands, numbered as the history lists it."""

    number: int  # 1-based
    id: int  # the journal event (kept by the moves that replaced it)
    roll: tuple[int, ...]
    announcement: str
    before: Position
    after: Position
    correctable: bool = True  # False: the operator set the board after it
    first: str | None = None  # corrected: the words it was recorded with first
    first_path: str | None = None  # and where its piece went, when the words stayed

    @property
    def player(self) -> str:
        return self.before.to_move


def played(events: Iterable[Event]) -> list[Played]:
    """The moves of a game as they stand (after undos and corrections), in order."""
    events = list(events)
    first = corrected(events)
    paths = corrected_paths(events)
    moves: list[Played] = []
    layouts: dict[object, Any] = {}
    before: Position | None = None
    for step in kept(events):
        after = read_position(step.after, layouts)
        if step.kind == "move" and before is not None:
            said = step.announcement or ""
            number = len(moves) + 1
            was, where = first.get(step.id), paths.get(step.id)
            moves.append(
                Played(number, step.id, step.roll, said, before, after, first=was, first_path=where)
            )
        elif step.kind == "set":  # the moves before a board the operator set stay put
            moves = [replace(m, correctable=False) for m in moves]
        before = after
    return moves


def corrected(events: Iterable[Event]) -> dict[int, str]:
    """The moves a correction changed (by the id of the move event they replace), each
    with the words it was recorded with first: the move corrected, and a later move the
    referee said was another one (its words changed). A later move that stood is not."""
    events = list(events)
    said = {e.id: str(e.data.get("announcement") or "") for e in events if e.kind == "move"}
    first: dict[int, str] = {}
    for e in events:
        if e.kind != "correction" or "corrects" not in e.data:
            continue
        for m in e.data.get("moves", ()):
            replaces = int(m["replaces"])
            was = said.get(replaces, str(m.get("was") or ""))
            if replaces == int(e.data["corrects"]) or m.get("announcement") != was:
                first.setdefault(replaces, was)
    return first


def corrected_paths(events: Iterable[Event]) -> dict[int, str]:
    """The moves a correction changed to another move said with the same words (by the id
    of the move event they replace), each with where its pieces went as first recorded:
    "Wurf 2, 1, 0" on its own says nothing about which of two moves it was."""
    out: dict[int, str] = {}
    for e in events:
        if e.kind == "correction" and "corrects" in e.data:
            for m in e.data.get("moves", ()):
                was, now = m.get("was_path"), m.get("path")
                if was and now and was != now and m.get("announcement") == m.get("was"):
                    out.setdefault(int(m["replaces"]), said_path(was))
    return out


def path(before: Position, after: Position) -> str:
    """Where a move took its player's pieces, as a player reads it: "U1.17 → U2.18"
    (several pieces: their fields with commas). Counted per field, not as the camera
    sees it, so a piece that leaves a house or a tower still showing its colour is
    named too (trial s10: the undo page said "( → T.2)" for „raus und 2“)."""
    mover = before.to_move
    was = Counter(f for f, c in before.placement if c == mover)
    now = Counter(f for f, c in after.placement if c == mover)
    left, entered = (
        sorted(f for f in was if now[f] < was[f]),
        sorted(f for f in now if now[f] > was[f]),
    )
    if not left and not entered and before.stone != after.stone:
        # TENET's Pasch or stone die moves no ball: the stone's way (trial s11 H4: "( → )")
        return text("move.stone_path", start=stone_place(before), end=stone_place(after))
    return said_path([left, entered])


def stone_place(position: Position) -> str:
    """Where TENET's stone stands, as players say it: "Start", or its planet ("Jupiter")."""
    return stone_planet_name(position) or field_word("start")


def path_data(before: Position, after: Position) -> list[list[str]]:
    """Where a move took its player's pieces, as the journal keeps it: the fields they
    left and the fields they entered, each sorted."""
    left, entered = movement(before, after)
    return [sorted(f for f, _ in left), sorted(f for f, _ in entered)]


def said_path(data: Sequence[Sequence[str]]) -> str:
    """A path kept as :func:`path_data` in words."""
    return text("move.path", start=fields(data[0]), end=fields(data[1]))


def last_correction(events: Iterable[Event]) -> int | None:
    """The id of the move the game's last correction corrected, when nothing was rolled,
    moved or undone since (the page then still says which move was corrected)."""
    steps = [e for e in events if e.kind in ("roll", "move", "undo", "correction")]
    if not steps or steps[-1].kind != "correction" or "corrects" not in steps[-1].data:
        return None
    return int(steps[-1].data["corrects"])


def corrected_board(events: Sequence[Event]) -> str:
    """What the game's last correction changed on the board (:func:`setting`: "red from
    U1.8 to U1.6"), when nothing was rolled, moved or undone since; "" otherwise or where
    it changed nothing the camera sees. The page says it beside the referee's verdict
    until the next roll: the synthetic camera sees the corrected board at once, a real
    board does not change by itself (new-user trial s11 M6a)."""
    if last_correction(events) is None:
        return ""
    at = max(i for i, e in enumerate(events) if e.kind == "correction")
    before, after = fold(list(events[:at])).position, fold(list(events[: at + 1])).position
    if before is None or after is None:
        return ""
    return setting(seen(before), seen(after))


def cleared_undone(events: Iterable[Event]) -> bool:
    """Whether the game's last undo took back TENET's clearing after a Pasch, the Pasch
    standing (Referee.undo_clears; the page says so, not "move taken back")."""
    undos = [e for e in events if e.kind == "undo"]
    return bool(undos) and bool(undos[-1].data.get("clearing"))


def last_undo(events: Iterable[Event]) -> tuple[int, ...] | None:
    """The roll of the move the game's last undo took back (``()``: a move without one, or
    one whose roll went back with it), when nothing was rolled, moved or corrected since;
    else None. The page says the move
    was taken back until it is made again: once the pieces stand as before, the referee's
    verdict is the kept roll's ("Gelb würfelt 6+3"), which does not say it."""
    events = list(events)
    steps = [e for e in events if e.kind in ("roll", "move", "undo", "correction")]
    if not steps or steps[-1].kind != "undo":
        return None
    if steps[-1].data.get("with_roll") or steps[-1].data.get("clearing"):
        return ()  # a forced move's roll went back with it; a Pasch's clearing kept none
    undone = steps[-1].data.get("undoes")
    move = next((e for e in events if e.id == undone), None)
    return () if move is None else tuple(int(d) for d in move.data.get("roll", ()))


@dataclass(frozen=True)
class Check:
    """A later move replayed in the corrected game: the move it is now, or why it is not
    legal any more."""

    played: Played
    move: MoveLike | None
    reason: str = ""
    picked: bool = False  # the referee said which move it was

    @property
    def stands(self) -> bool:
        return self.move is not None


@dataclass(frozen=True)
class Plan:
    """What correcting one move does to the game: the move as corrected, then each later
    move replayed, up to the first that does not stand (the page asks about that one)."""

    corrected: Played
    move: MoveLike
    checks: tuple[Check, ...]
    later: tuple[Played, ...] = field(default_factory=tuple)  # every later move

    @property
    def broken(self) -> Check | None:
        """The first later move that does not stand, if one does not."""
        last = self.checks[-1] if self.checks else None
        return last if last is not None and not last.stands else None

    @property
    def standing(self) -> list[Check]:
        return [c for c in self.checks if c.stands]

    @property
    def position(self) -> Position:
        """The position after the corrected game's last move kept."""
        kept_ = self.standing
        last = kept_[-1].move if kept_ else self.move
        assert last is not None
        return last.after

    def dropped(self) -> list[Played]:
        """The moves a correction that takes back from the broken move on drops."""
        broken = self.broken
        return [p for p in self.later if broken and p.number >= broken.played.number]

    def event(self) -> dict[str, Any]:
        """The journal data of this correction (the broken move and the later ones, if
        any, taken back with it: the referee was asked)."""
        moves = [(self.corrected, self.move), *((c.played, c.move) for c in self.standing)]
        befores = [self.corrected.before, *(m.after for _, m in moves[:-1] if m is not None)]
        return {
            "position": self.position.to_json(),
            "corrects": self.corrected.id,
            "moves": [
                {
                    "replaces": p.id,
                    "announcement": m.announcement,
                    "after": m.after.to_json(),
                    "roll": list(p.roll),
                    "was": p.announcement,
                    "path": path_data(before, m.after),
                    "was_path": path_data(p.before, p.after),
                }
                for (p, m), before in zip(moves, befores, strict=True)
                if m is not None
            ],
            "dropped": [p.id for p in self.dropped()],
        }


def plan(
    moves: Sequence[Played],
    number: int,
    move: MoveLike,
    rules: Rules,
    picks: Mapping[int, MoveLike] | None = None,
) -> Plan:
    """Move ``number`` corrected to ``move`` (a legal move of its position and roll), and
    the later moves replayed after it; ``picks`` (by move number) are the moves the
    referee said later moves were, where they no longer stand as recorded."""
    picks = picks or {}
    corrected = moves[number - 1]
    later = tuple(moves[number:])
    checks: list[Check] = []
    position, last = move.after, move
    for p in later:
        if last.winner:
            why = text("correction.game_over", number=p.number - 1, player=colour(last.winner))
            checks.append(Check(p, None, why))
            break
        if p.number in picks:
            check = Check(p, picks[p.number], picked=True)
        elif position == p.before and not any(n > p.number for n in picks):
            # the replay is back where the game was: from here on it is the same game
            checks.extend(
                Check(q, AsRecorded(q.announcement, q.after)) for q in later[len(checks) :]
            )
            break
        else:
            check = recheck(position, p, rules)
        checks.append(check)
        if check.move is None:
            break
        position, last = check.move.after, check.move
    return Plan(corrected, move, tuple(checks), later)


def recheck(position: Position, p: Played, rules: Rules) -> Check:
    """Move ``p`` as recorded, played again from ``position``: the legal move of its roll
    said with the same words that moves the same pieces the same way, if there is one."""
    if position.to_move != p.player:
        return Check(p, None, text("correction.not_their_turn", player=colour(position.to_move)))
    wanted = movement(p.before, p.after)
    try:
        said, why = _said_so(position, p.roll, p.announcement, rules)
    except CompanionError as exc:  # the roll no longer fits the position (TENET)
        return Check(p, None, message(exc))
    found: dict[Hashable, MoveLike] = {}
    for m in said:
        if movement(position, m.after) == wanted:
            found.setdefault(outcome(m), m)
    if len(found) == 1:
        return Check(p, next(iter(found.values())))
    if found:
        return Check(p, None, text("correction.several"))
    return Check(p, None, why or text("correction.other_pieces"))


def _said_so(
    position: Position, roll: tuple[int, ...], said: str, rules: Rules
) -> tuple[list[MoveLike], str]:
    """The legal moves said with these words (one per outcome), or the checker's reason
    why the words name none. The game's checker applies the words (only the moves that
    can be said so are built); TENET's list holds single steps, which are looked through
    (at most SEARCHED) for those said with exactly these words."""
    moves, verdict, reason = game(position.game).named(position, roll, said, SEARCHED)
    if verdict in ("illegal", "invalid"):
        return [], reason
    found: list[MoveLike] = list(moves)
    said_so = [m for m in found if m.announcement == said]  # TENET: the steps said so
    return said_so or found, ""


@dataclass(frozen=True)
class AsRecorded:
    """A later move the replay did not need to play again: the game before it is the
    game as recorded, so it is the recorded move."""

    announcement: str
    after: Position
    winner: str | None = None
    destroyed: tuple[Any, ...] = ()


def movement(before: Position, after: Position) -> tuple[frozenset[tuple[str, str]], ...]:
    """What a move did to its player's pieces: the fields they left and the fields they
    entered, as the camera sees them (field, colour)."""
    mover = before.to_move
    was, now = seen(before), seen(after)
    left = frozenset((f, c) for f, c in was.items() if c == mover and now.get(f) != c)
    entered = frozenset((f, c) for f, c in now.items() if c == mover and was.get(f) != c)
    return left, entered


def moves_from(
    position: Position, roll: tuple[int, ...], starts: frozenset[str] | None, rules: Rules
) -> Iterator[MoveLike]:
    """The legal moves of the pieces on ``starts`` (None: of every piece), in the engine's
    order: for Gravitation and Tunnel X searched for those pieces only (the rest of a
    roll of thousands of moves is never built), otherwise the rules' moves filtered."""
    if starts is None:
        yield from rules(position, roll)
    else:
        yield from game(position.game).moves_of(position, roll, starts)


def roll_after(referee: Referee, plan: Plan) -> tuple[tuple[int, ...] | None, bool]:
    """The roll the game goes on with after ``plan``, and whether it is kept
    (:func:`.reopening.reopened`), as :func:`apply` records it: the check page says it
    before the yes (correct-8 left it to the verdict after)."""
    dropped = plan.dropped()
    turn = plan.standing[-1].played.roll if plan.standing else plan.corrected.roll
    first = (dropped[0].player, dropped[0].roll) if dropped else None
    return reopened(plan.position, first, turn, referee.position, referee.held_roll, referee.rules)


def apply(referee: Referee, plan: Plan) -> str:
    """Record ``plan`` as the referee's correction (the broken move, if any, and every
    later one are taken back with it: the page asked) and return its verdict. A plan
    made before the game went on (a move, an undo since the page asked) is refused."""
    journal = referee.journal
    now = played(journal.events(referee.game_id)) if journal is not None else []
    planned = [plan.corrected, *plan.later]
    if [(m.id, m.announcement) for m in now[plan.corrected.number - 1 :]] != [
        (m.id, m.announcement) for m in planned
    ]:
        raise CompanionError(text("correction.stale", number=plan.corrected.number))
    dropped = plan.dropped()
    standing = plan.standing
    last = standing[-1].move if standing else plan.move
    # what to do on the board: the camera may not see it (new-user trial s11 M6a)
    board = setting(seen(referee.position), seen(plan.position))
    said_so = {"number": plan.corrected.number, "said": plan.move.announcement}
    if dropped:
        key = "referee.move_corrected_dropped" + ("_set" if board else "")
        said = text(
            key, **said_so, dropped=dropped[0].number, **({"board": board} if board else {})
        )
    else:
        key = "referee.move_corrected" + ("_set" if board else "")
        said = text(key, **said_so, **({"board": board} if board else {}))
    roll, kept = roll_after(referee, plan)
    said = said_with(said, plan.position, roll) if kept and roll else said
    event = {**plan.event(), "pending_roll": list(roll) if roll else None, "kept_roll": kept}
    verdict = referee.rewrite(event, plan.position, last, said)
    return str(verdict.reason)
