"""A game's record to take home: its journal events as JSON, and as the list of its turns
in order (who rolled what, the announcement of each move, what the referee said), as
players of lichess or DGT LiveChess download a game.

The journal stays the source: :func:`game_record` is :meth:`Journal.export` with the
turns added, and :func:`record_text` writes those turns as plain lines. The page serves
both (``/game/<id>.json``, ``/game/<id>.txt``) and ``companion export`` prints them.

Two things the record needs the rules for, which the store does not import: words said
after a move that a correction changed since are judged again against it (the journal
keeps what was said then; new-user trial s12 M2), and moves of one turn said alike are
told apart by their fields (L4). The caller hands them in (:class:`WithRules`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.store.events import Event, said_after
from companion.store.journal import Journal


@dataclass(frozen=True)
class WithRules:
    """What the record asks of the rules and the positions, which the store, reading
    events, does not know: the table answers (companion/table/settled.py, ``WITH_RULES``),
    and whoever asks for a record hands it in (``companion export``, the page)."""

    #: words said after a move, judged again against the move as a later correction
    #: left it: verdict event id → (verdict, reason)
    again: Callable[[Sequence[Event]], Mapping[int, tuple[str, Any]]]
    #: where the moves asked for took their player's pieces: move event id → "U1.10 → U5.5"
    paths: Callable[[Sequence[Event], Collection[int]], Mapping[int, str]]
    #: the moves whose words name more than one legal move in their position → where
    #: each took its player's pieces (new-user trial s13 M4)
    told_apart: Callable[[Sequence[Event]], Mapping[int, str]]


#: Verdicts that say something about a turn (not "roll the dice", "nothing to undo").
TOLD = ("illegal", "ambiguous")


@dataclass
class Turn:
    """One roll and what came of it: the moves announced (TENET: several on one roll),
    the referee's objections on the way, and which of the moves were taken back."""

    number: int
    player: str
    dice: tuple[int, ...]
    moves: list[str] = field(default_factory=list)
    objections: list[str] = field(default_factory=list)
    # for each move, whether it was taken back: "" it stands, "move" taken back,
    # "clearing" TENET's clearing after a Pasch taken back, the Pasch standing (review s11
    # finding 5: the whole turn was marked taken back though its Pasch stood)
    undone: list[str] = field(default_factory=list)
    winner: str | None = None
    corrected: list[str] = field(default_factory=list)  # what the moves were recorded as first
    # which move of the turn each of those is (its index in ``moves``): the note stands
    # beside the move it corrected (new-user trial s13 M1: it sat on the move played again)
    corrected_moves: list[int] = field(default_factory=list)
    # where each of those moved its pieces, kept where the words stayed the same
    # (table.correction.path_data: fields left, fields entered; [] where the words changed)
    corrected_paths: list[list[list[str]]] = field(default_factory=list)
    move_ids: list[int] = field(default_factory=list)  # the journal's move events
    # the words announced first, for each move tapped otherwise (referee.played_otherwise)
    announced: list[str] = field(default_factory=list)
    # objections to words said after a move that a later correction of it answered: the
    # words fit the move as corrected (new-user trial s12 M2); the text record leaves them out
    settled: list[str] = field(default_factory=list)
    # where each move took its pieces, where its words name more than one legal move or
    # two moves of the turn read the same ("" else: the words tell them apart, and the
    # line stays short; new-user trial s12 L4, s13 M4)
    paths: list[str] = field(default_factory=list)

    @property
    def taken_back(self) -> bool:
        """Whether the whole turn was taken back: it had moves, and none of them stands."""
        return bool(self.undone) and all(self.undone)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "player": self.player,
            "dice": list(self.dice),
            "moves": list(self.moves),
            "objections": list(self.objections),
            "taken_back": self.taken_back,
            "undone": list(self.undone),
            "winner": self.winner,
            "corrected": list(self.corrected),
            "corrected_moves": list(self.corrected_moves),
            "corrected_paths": [_path(p) if p else "" for p in self.corrected_paths],
            "announced": list(self.announced),
            "settled": list(self.settled),
            "paths": list(self.paths),
        }


def turns(
    events: Iterable[Mapping[str, Any]], again: Mapping[int, tuple[str, Any]] | None = None
) -> list[Turn]:
    """The turns of a game from its exported events (``id``, ``kind``, ``data``). A verdict
    on words said after a move goes on that move's turn (new-user trial s12 H1: on the
    line of the roll after it, when the next player had rolled); ``again`` (:data:`Again`)
    says it as judged against the move as corrected since."""
    events = list(events)
    said_of = {v: steps[-1].id for v, steps in said_after(_events(events)).items()}
    undos = [e["data"] for e in events if e["kind"] == "undo"]
    undone = {u.get("undoes"): "clearing" if u.get("clearing") else "move" for u in undos}
    out: list[Turn] = []
    for event in events:
        kind, data = event["kind"], event["data"]
        if kind == "roll":
            dice = tuple(int(d) for d in data.get("dice", ()))
            out.append(Turn(len(out) + 1, str(data.get("player", "?")), dice))
        elif not out:
            continue
        elif kind == "move":
            out[-1].moves.append(str(data.get("announcement") or "?"))
            out[-1].move_ids.append(event["id"])
            out[-1].undone.append(undone.get(event["id"], ""))
            if data.get("announced"):
                out[-1].announced.append(str(data["announced"]))
        elif kind == "correction" and "corrects" in data:
            _corrected(out, data)
        elif kind == "finish" and not (out[-1].undone and out[-1].undone[-1]):
            out[-1].winner = str(data.get("winner"))
        elif kind == "verdict":
            _verdict(out, data, said_of.get(event["id"]), (again or {}).get(event["id"]))
    return out


def read_turns(
    exported: Sequence[Mapping[str, Any]], with_rules: WithRules | None = None
) -> list[Turn]:
    """The turns of a game from its exported events, read ``with_rules`` where given:
    words said after a move judged again against the move as a correction left it, and
    moves of one turn said alike told apart by their fields (:class:`WithRules`)."""
    if with_rules is None:
        return turns(exported)
    events = _events(exported)
    found = turns(exported, with_rules.again(events))
    _paths(found, events, with_rules)
    return found


def _events(events: Sequence[Mapping[str, Any]]) -> list[Event]:
    """Exported events (``id``, ``kind``, ``data``) as the journal's :class:`Event`."""
    return [Event(int(e["id"]), 0, str(e.get("at", "")), e["kind"], e["data"]) for e in events]


def _verdict(
    turns_: list[Turn],
    data: Mapping[str, Any],
    move: int | None,
    now: tuple[str, Any] | None,
) -> None:
    """A verdict event's objection on its turn: the turn of the ``move`` its words were
    said of (after the move), else the last; judged ``now`` against the move as corrected
    since, an objection the correction answered is ``settled``, one it did not is said
    with the corrected move's words."""
    # from the last turn back: words are said of a recent move (a scan from the first
    # turn for every verdict cost 0.15 s on a game of 4,800 events, review s13 finding 2)
    turn = (
        turns_[-1]
        if move is None
        else next((t for t in reversed(turns_) if move in t.move_ids), turns_[-1])
    )
    if now is None:
        if data.get("verdict") in TOLD:
            turn.objections.append(objection(data))
        return
    verdict, reason = now
    if verdict in TOLD:
        turn.objections.append(objection({"verdict": verdict, "reason": reason}))
    elif data.get("verdict") in TOLD:
        turn.settled.append(objection(data))


def objection(data: Mapping[str, Any]) -> str:
    """A verdict event's objection, "illegal: …": a sentence that says its reason in the
    language of its reader (:func:`record_text`) where the journal kept the reason's words
    (``reason_words``, since trial s10), else the reason as it was stored (an older
    journal, or words the catalogue no longer has). An ambiguity is said without the
    command line's hint how to name the move (review s12 finding 7: "name the field with
    --to" in a record read after the game)."""
    from companion.texts import text

    return text("record.objection", verdict=str(data["verdict"]), reason=objection_reason(data))


def objection_reason(data: Mapping[str, Any]) -> str:
    """The reason of a verdict event, as :func:`objection` says it after its verdict."""
    from companion.games.verdict import without_hint
    from companion.texts import Text
    from companion.texts.stored import from_data

    said = from_data(data["reason_words"]) if "reason_words" in data else None
    if said is None and isinstance(data.get("reason"), Text):  # judged again just now
        said = data["reason"]
    return without_hint(said) if isinstance(said, str) else str(data.get("reason", ""))


def _corrected(turns_: list[Turn], data: Mapping[str, Any]) -> None:
    """A correction of a move (companion.table.correction): the moves it replaced say their new
    words and what they were recorded as first; the moves it took back with it say so."""
    where = {i: (t, n) for t in turns_ for n, i in enumerate(t.move_ids)}
    for m in data.get("moves", ()):
        turn, n = where.get(m.get("replaces"), (None, 0))
        said = str(m.get("announcement") or "?")
        was, now = m.get("was_path"), m.get("path")
        moved_otherwise = bool(was and now and was != now)
        if turn is not None and (turn.moves[n] != said or moved_otherwise):
            turn.corrected.append(turn.moves[n])
            turn.corrected_moves.append(n)
            turn.corrected_paths.append(was if turn.moves[n] == said and was else [])
            turn.moves[n] = said
    for dropped in data.get("dropped", ()):
        turn, n = where.get(dropped, (None, 0))
        if turn is not None:
            turn.undone[n] = turn.undone[n] or "move"


def _continues(record: Mapping[str, Any], say: Any) -> list[str]:
    """The line that says which game this record goes on with (``serve --resume N``
    copied that game into it: its start event says ``continues``) and when the game
    began (the copied start event's time: the copy keeps the events' times; the record's
    own ``started`` is the copy's, which the line below it says), else none."""
    continues = _continued_from(record)
    if continues is None:
        return []
    began = record["events"][0].get("at", "?")
    return [say("record.continues", id=continues, at=began)]


def _continued_from(record: Mapping[str, Any]) -> int | None:
    """The game a record goes on with: its start event's ``continues``, else None."""
    events = record.get("events") or [{}]
    continues = events[0].get("data", {}).get("continues")
    return continues if isinstance(continues, int) else None


def _paths(turns_: list[Turn], events: Sequence[Event], with_rules: WithRules) -> None:
    """Each move gets where it went where its words name more than one legal move in its
    position (new-user trial s13 M4), or where the moves of a turn read the same twice
    and did not move the same pieces the same way (TENET's clearing taken back and made
    again reads and moves alike)."""
    told = with_rules.told_apart(events)
    alike = [t for t in turns_ if len(set(t.moves)) < len(t.moves)]
    paths = dict(with_rules.paths(events, [i for t in alike for i in t.move_ids]))
    for turn in turns_:
        ways = [str(paths.get(i, "")) for i in turn.move_ids]
        twice = {
            n
            for n, said in enumerate(turn.moves)
            if len({w for w, s in zip(ways, turn.moves, strict=True) if s == said}) > 1
        }
        turn.paths = [
            told[i] if i in told else ways[n] if n in twice else ""
            for n, i in enumerate(turn.move_ids)
        ]


def _moves(turn: Mapping[str, Any], say: Any, lang: str) -> list[str]:
    """A turn's moves in words, each with where it went where its words name more than
    one move, with what a correction of it replaced, and taken back while others of the
    turn stand marked so (the whole turn taken back is marked at the line's end; an older
    record without ``undone`` only there)."""
    from companion.texts import render

    paths = list(turn.get("paths", ()))
    moves = [
        f"{move} ({render(way, lang)})" if way else str(move)
        for move, way in zip(turn["moves"], paths + [""] * len(turn["moves"]), strict=False)
    ]
    for n, note in _corrections(turn, say):
        if n is not None and 0 <= n < len(moves):
            moves[n] += "  " + note
    undone = list(turn.get("undone", ()))
    if turn["taken_back"] or len(undone) != len(moves):
        return moves
    marks = {"": "", "move": "record.taken_back", "clearing": "record.clearing_taken_back"}
    return [
        f"{move} {say(marks[how])}" if marks.get(how) else move
        for move, how in zip(moves, undone, strict=True)
    ]


def _corrections(turn: Mapping[str, Any], say: Any) -> list[tuple[int | None, str]]:
    """What the corrections of a turn's moves replaced, in words, each with the move it
    stands beside (None: a record from before ``corrected_moves``, said at the line's
    end)."""
    paths = list(turn.get("corrected_paths", ()))
    where = list(turn.get("corrected_moves", ()))
    out: list[tuple[int | None, str]] = []
    for n, was in enumerate(turn.get("corrected", ())):
        path = paths[n] if n < len(paths) else ""
        note = (
            say("record.corrected_path", was=was, path=path)
            if path
            else say("record.corrected", was=was)
        )
        out.append((where[n] if n < len(where) else None, note))
    return out


def _path(data: list[list[str]], lang: str = "en") -> str:
    """A path kept by a correction, in words: "U1.17 → U2.18"."""
    from companion.texts import render, text

    return render(text("move.path", start=data[0], end=data[1]), lang)


def game_record(
    journal: Journal, game_id: int, with_rules: WithRules | None = None
) -> dict[str, Any]:
    """A game's record: the journal's export (events, announcements, final position, the
    events that cannot be read back listed as ``bad``) and its ``turns``; ``with_rules``
    judges words said after a move again against the move as a correction left it, and
    tells moves of one turn said alike apart by their fields (:class:`WithRules`)."""
    record = journal.export(game_id, skip_bad=True)
    record["id"] = game_id
    # the game this record goes on with, and where it went on (serve --resume copies a
    # game into a new record; new-user trial s12 L1)
    record["continues"] = _continued_from(record)
    record["continued_as"] = journal.continued_as(game_id)
    record["turns"] = [t.to_json() for t in read_turns(record["events"], with_rules)]
    # its last roll may still be being played: the newest game, not finished (a game left
    # for a new one stays unfinished, and its last roll was never played; review s9b)
    games = journal.games()
    record["in_play"] = not record["finished"] and bool(games) and games[-1].id == game_id
    return record


def record_text(record: Mapping[str, Any], lang: str | None = None) -> str:
    """The record as plain lines in ``lang`` (default: the run's language): a head, then
    one line per turn. The announcements stay German, as spoken."""
    from companion.games import GAMES
    from companion.texts import colour, language, render, text

    lang = lang or language()

    def say(key: str, **fields: object) -> str:
        return render(text(key, **fields), lang)

    game = str(record["game"])
    title = render(text(f"game.{game}"), lang) if game in GAMES else game
    end = say("record.finished", at=record["finished"]) if record["finished"] else None
    if end is None and record.get("continued_as"):
        end = say("record.continued_as", id=record["continued_as"])
    lines = [
        say("record.head", title=title, id=record.get("id", "?")),
        say("record.players", players=[colour(p) for p in record["players"]]),
        *_continues(record, say),
        say("record.started", at=record["started"], end=end or say("record.unfinished")),
        "",
    ]
    turns_ = record["turns"]
    for turn in turns_:
        dice = "+".join(str(d) for d in turn["dice"])
        # the last roll of the game being played (trial s9)
        playing = turn is turns_[-1] and bool(record.get("in_play"))
        said = "; ".join(_moves(turn, say, lang)) or say(
            "record.in_play" if playing else "record.no_move"
        )
        line = f"{turn['number']}. {render(colour(turn['player']), lang)} {dice}: {said}"
        if turn["objections"]:
            line += f"  [{'; '.join(render(o, lang) for o in turn['objections'])}]"
        for announced in turn.get("announced", ()):
            line += "  " + say("record.otherwise", announced=announced)
        for n, note in _corrections(turn, say):
            if n is None:  # an older record: not tied to one move
                line += "  " + note
        if turn["taken_back"]:
            line += "  " + say("record.taken_back")
        if turn["winner"]:
            line += "  " + say("record.wins", player=colour(turn["winner"]))
        lines.append(line)
    for bad in record.get("bad", ()):
        lines.append(say("record.bad", id=bad["id"], why=bad["why"]))
    return "\n".join(lines) + "\n"
