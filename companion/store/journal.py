"""The journal: every game as an append-only SQLite event log that survives a power cut.

Each event (start, roll, still board, move, verdict, correction, undo, finish) is one row,
committed on its own with ``synchronous=FULL`` in WAL mode, so that once :meth:`append`
returns the event is on the disk. Rows are never changed or deleted (triggers refuse
it); an undo is a new event that names the one it takes back. The referee resumes a game
by folding its events (companion.store.events.fold); a correction of one move is a new
event too, naming the move it corrects (events.kept).

A file that is not a companion journal — a corrupt one, or another program's SQLite
database — is refused with one line and never written to. A journal that cannot be
written (a read-only file or folder, a full disk) is refused at start, found by writing
to it; one that fails while a game runs raises :class:`JournalError` with nothing
written and keeps the reason in :attr:`Journal.problem` for the page and the LEDs. An
event that cannot be read back is named with its game and id (:meth:`Journal.bad_events`);
``companion journal check|export|repair`` deal with it (the checks: journalcheck.py, the
repair: repair.py); lock.py keeps a second server off the same data directory. The SQLite
tables, a transaction and the upgrade of an older schema are in tables.py.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.model.position import Position
from companion.store import continuing, tables
from companion.store.events import Event, fold
from companion.store.journalcheck import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    JournalError,
    acknowledge,
    acknowledged,
    bad_event_line,
    cannot_write,
    check_can_write,
    check_is_journal,
    event_problem,
    refuse_damage,
)
from companion.store.tables import EVENT_KINDS, SCHEMA, Transaction, with_words
from companion.texts import text

#: The ``games.game`` of a dice tray's session: it is no game, so :meth:`Journal.games`
#: leaves it out (a restart resumes no tray as a game, ``companion export`` never picks one).
TRAY = "tray"


@dataclass(frozen=True)
class GameRecord:
    id: int
    started: str
    game: str
    layout: str
    players: tuple[str, ...]
    finished: str | None


class Journal:
    """An open journal file. Use as a context manager or call :meth:`close`."""

    def __init__(self, path: str | Path, read_only: bool = False) -> None:
        self.path = Path(path)
        #: Why the last write failed (one line), None while writing works.
        self.problem: str | None = None
        #: Called whenever :attr:`problem` changes (the page and the LEDs show it).
        self.listeners: list[Callable[[], None]] = []
        self._depth = 0  # inside :meth:`atomic`: appends join its transaction
        self._written = 0  # the last event id written in the open transaction
        self._acked = 0  # the last event id acknowledged (kept beside the journal)
        if read_only:  # to look into it (companion journal check|export): never written
            refuse_damage(self.path)
            if check_is_journal(self.path) == "empty":
                raise JournalError(f"{self.path}: an empty journal (no game recorded yet)")
            try:
                self._db = sqlite3.connect(
                    f"file:{self.path}?mode=ro",
                    uri=True,
                    isolation_level=None,
                    check_same_thread=False,
                )
                self._db.execute("SELECT count(*) FROM games").fetchone()
            except sqlite3.Error as exc:
                raise JournalError(f"{self.path}: cannot read the journal: {exc}") from None
            return
        check_can_write(self.path)
        refuse_damage(self.path)  # before SQLite opens it: it would shrink it for good
        existed = self.path.exists() and self.path.stat().st_size > 0
        if existed and check_is_journal(self.path) == "empty":
            existed = False  # a first start killed before its schema: nothing to lose
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            # One writer, so the WAL index lives in this process's memory, not in a mapped
            # -shm file: a -shm made immutable or cut short mid-game made the next write
            # fault (SIGBUS) and killed the server without a log line. The price: nobody
            # else reads the journal while it is open (``companion journal`` says so).
            self._db.execute("PRAGMA locking_mode=EXCLUSIVE")
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")  # fsync the WAL on every commit
            self._db.execute("PRAGMA foreign_keys=ON")
            if not existed:  # one transaction: a half-made journal is never left behind
                self._db.executescript(
                    f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA application_id={APPLICATION_ID}; "
                    f"PRAGMA user_version={SCHEMA_VERSION}; COMMIT;"
                )
            else:
                tables.upgrade(self._db)
            tables.probe(self._db)  # can it be written? Found now, not at the first move
        except sqlite3.Error as exc:
            raise JournalError(cannot_write(self.path, exc)) from None
        self._acked = self.last_id()
        if (acknowledged(self.path) or 0) != self._acked:  # a journal from before the check
            acknowledge(self.path, self._acked)

    # ------------------------------------------------------------------ writing

    @contextmanager
    def atomic(self) -> Iterator[None]:
        """Every event appended inside is written in one transaction: all of them are
        kept, or (on any exception) none. The referee writes a move, its verdict and the
        end of the game so, and changes its state only after the commit. The transaction
        begins with the first event: a step that writes nothing touches nothing."""
        if self._depth:  # inside another: it decides
            yield
            return
        self._depth, self._written = 1, 0
        try:
            yield
        except BaseException:
            Transaction(self._db).rollback()
            raise
        finally:
            self._depth = 0
        if self._db.in_transaction:
            try:
                Transaction(self._db).commit()
            except sqlite3.Error as exc:
                self._set_problem(cannot_write(self.path, exc))
                raise JournalError(self.problem or "") from None
            self._committed()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One transaction (or a part of the one :meth:`atomic` holds open); a failure
        leaves nothing written and sets :attr:`problem`."""
        if self._depth:
            try:
                if not self._db.in_transaction:
                    self._db.execute("BEGIN IMMEDIATE")
                yield
            except sqlite3.Error as exc:
                self._set_problem(cannot_write(self.path, exc))
                raise JournalError(self.problem or "") from None
            return
        self._written = 0
        try:
            with self._transaction():
                yield
        except sqlite3.Error as exc:
            self._set_problem(cannot_write(self.path, exc))
            raise JournalError(self.problem or "") from None
        self._committed()

    def _committed(self) -> None:
        """After a commit: the last event id kept apart from the WAL, the problem gone."""
        if self._written > self._acked:
            self._acked = self._written
            acknowledge(self.path, self._acked)
        self._set_problem(None)

    def _set_problem(self, problem: str | None) -> None:
        if problem != self.problem:
            self.problem = problem
            for listener in self.listeners:
                listener()

    def start_game(self, position: Position, **data: Any) -> int:
        """Open a new game from its start position; returns the game id."""
        now = tables.now()
        with self._writing():
            cur = self._db.execute(
                "INSERT INTO games (started, game, layout, players) VALUES (?, ?, ?, ?)",
                (now, position.game, position.layout.reference, ",".join(position.players)),
            )
            game_id = int(cur.lastrowid or 0)
            self._insert(game_id, "start", {"position": position.to_json(), **data}, now)
        return game_id

    def continue_game(self, game_id: int) -> int:
        """A new record that goes on with the unfinished game ``game_id``: its events
        copied in order (their times kept, the events they name renumbered:
        :func:`~companion.store.events.renumbered`), its start saying ``continues``. A
        restart takes up only the newest record (:meth:`to_resume`), so this is how an
        abandoned game is taken up again (``serve --resume N``); the old record stays as
        it was, no longer counted :meth:`unfinished` (:meth:`continuation` leads from it to
        the copy). Returns the new game's id."""
        from companion.store.events import renumbered

        record = next((g for g in self.games() if g.id == game_id), None)
        if record is None or record.finished is not None:
            raise JournalError(f"{self.path}: no unfinished game {game_id}")
        events = list(self.events(game_id))
        with self._writing():
            cur = self._db.execute(
                "INSERT INTO games (started, game, layout, players) VALUES (?, ?, ?, ?)",
                (tables.now(), record.game, record.layout, ",".join(record.players)),
            )
            new = int(cur.lastrowid or 0)
            ids: dict[int, int] = {}
            for e in events:
                data = {**e.data, "continues": game_id} if e.kind == "start" else e.data
                ids[e.id] = self._insert(new, e.kind, renumbered(e.kind, data, ids), e.at)
        return new

    def append(self, game_id: int, kind: str, data: Mapping[str, Any]) -> Event:
        """Append one event and make it durable before returning it."""
        if kind not in EVENT_KINDS:
            raise JournalError(f"unknown event kind {kind!r} (one of {', '.join(EVENT_KINDS)})")
        with self._writing():
            row = self._db.execute("SELECT finished FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None:
                raise JournalError(f"{self.path}: no game {game_id}")
            if row[0] is not None:
                raise JournalError(f"{self.path}: game {game_id} is finished")
            now = tables.now()
            event_id = self._insert(game_id, kind, data, now)
            if kind == "finish":
                self._db.execute("UPDATE games SET finished=? WHERE id=?", (now, game_id))
        return Event(event_id, game_id, now, kind, dict(data))

    def _insert(self, game_id: int, kind: str, data: Mapping[str, Any], at: str) -> int:
        text = json.dumps(with_words(data), ensure_ascii=False, sort_keys=True)
        cur = self._db.execute(
            "INSERT INTO events (game_id, at, kind, data) VALUES (?, ?, ?, ?)",
            (game_id, at, kind, text),
        )
        self._written = int(cur.lastrowid or 0)
        return self._written

    def _transaction(self) -> Transaction:
        return Transaction(self._db)

    # ------------------------------------------------------------------ reading

    def games(self) -> list[GameRecord]:
        """The games, oldest first (dice tray sessions are no games: :meth:`trays`)."""
        return [g for g in self._records() if g.game != TRAY]

    def trays(self) -> list[GameRecord]:
        """The dice tray's sessions, oldest first (docs/tray.md)."""
        return [g for g in self._records() if g.game == TRAY]

    def start_tray(self, groups: str = "") -> int:
        """Open a new dice tray session (``groups``: what the page named each colour's
        dice, kept as the record's ``players``); returns its id."""
        with self._writing():
            cur = self._db.execute(
                "INSERT INTO games (started, game, layout, players) VALUES (?, ?, ?, ?)",
                (tables.now(), TRAY, "", groups),
            )
        return int(cur.lastrowid or 0)

    def _records(self) -> list[GameRecord]:
        rows = self._db.execute(
            "SELECT id, started, game, layout, players, finished FROM games ORDER BY id"
        )
        return [GameRecord(r[0], r[1], r[2], r[3], tuple(r[4].split(",")), r[5]) for r in rows]

    def unfinished(self) -> list[GameRecord]:
        """The games never finished, oldest first (abandoned ones too: :meth:`to_resume`),
        less those a later record continues (:meth:`continue_game`): such a game goes on
        there, and a copy of its old state would put a stale game on the table (review
        s12 finding 1)."""
        continued = self._continued()
        return [g for g in self.games() if g.finished is None and g.id not in continued]

    def continuation(self, game_id: int) -> int:
        """The record game ``game_id`` goes on in: the newest record that continues it,
        followed through the copies of copies (``serve --resume N``), else the game itself."""
        return continuing.followed(self._continued(), game_id)

    def continued_as(self, game_id: int) -> int | None:
        """The record that copied game ``game_id`` to go on with it (the newest such, one
        step: :meth:`continuation` follows the copies of copies), else None."""
        return self._continued().get(game_id)

    def _continued(self) -> dict[int, int]:
        """Each game that a later record continues → the newest such record
        (:func:`~companion.store.continuing.continued`)."""
        starts = self._db.execute("SELECT game_id, data FROM events WHERE kind='start' ORDER BY id")
        return continuing.continued(starts)

    def to_resume(self) -> GameRecord | None:
        """The game a restart goes on with: the newest record, if it is a game not finished.

        A game that another game or a dice tray session followed was abandoned (the page's
        "New game", ``--new-game``, the tray), so it is not taken up after a later game was
        finished (review s11 finding 3: the Pi went back to a long-abandoned game)."""
        records = self._records()
        if not records or records[-1].game == TRAY or records[-1].finished is not None:
            return None
        return records[-1]

    def events(self, game_id: int) -> Iterator[Event]:
        return self._events(game_id, set())

    def last_id(self) -> int:
        """The newest event's id (0: none yet)."""
        return int(self._db.execute("SELECT max(id) FROM events").fetchone()[0] or 0)

    def since(self, after: int, limit: int = 100) -> list[tuple[int, int, str, str, str]]:
        """Up to ``limit`` events of any game after event id ``after``, in order, as
        (id, game id, at, kind, data as stored): what a table sends to the club hub."""
        rows = self._db.execute(
            "SELECT id, game_id, at, kind, data FROM events WHERE id>? ORDER BY id LIMIT ?",
            (after, limit),
        )
        return list(rows)

    def _events(self, game_id: int, skip: set[int]) -> Iterator[Event]:
        rows = self._db.execute(
            "SELECT id, game_id, at, kind, data FROM events WHERE game_id=? ORDER BY id",
            (game_id,),
        )
        for r in rows:
            if r[0] in skip:
                continue
            try:
                data = json.loads(r[4])
            except (json.JSONDecodeError, RecursionError):
                data = None
            if not isinstance(data, dict):
                raise JournalError(
                    bad_event_line(self.path, r[1], r[0], "its data is not readable")
                )
            yield Event(r[0], r[1], r[2], r[3], data)

    def bad_events(self) -> list[tuple[int, int, str]]:
        """Every event that cannot be read back, as (game, event id, why), in order."""
        bad = []
        for event_id, game_id, kind, stored in self._db.execute(
            "SELECT id, game_id, kind, data FROM events ORDER BY id"
        ):
            why = event_problem(kind, stored)
            if why:
                bad.append((game_id, event_id, why))
        return bad

    def first_bad_event(self, game_id: int) -> JournalError | None:
        """The error naming the first unreadable event of a game, if it has one."""
        for game, event, why in self.bad_events():
            if game == game_id:
                return JournalError(bad_event_line(self.path, game, event, why))
        return None

    def export(self, game_id: int, skip_bad: bool = False) -> dict[str, Any]:
        """A readable record of a game: its events and the announcements of its moves
        (``skip_bad``: without the events that cannot be read back, listed as ``bad``)."""
        record = next((g for g in self.games() if g.id == game_id), None)
        if record is None:
            raise JournalError(text("journal.no_such_game", path=str(self.path), game=game_id))
        bad = [(e, why) for g, e, why in self.bad_events() if g == game_id] if skip_bad else []
        skipped = {e for e, _ in bad}
        events = [e for e in self._rows(game_id, skipped)]
        state = fold(events)
        return {
            "game": record.game,
            "layout": record.layout,
            "players": list(record.players),
            "started": record.started,
            "finished": record.finished,
            "announcements": state.announcements,
            "position": state.position.to_json() if state.position else None,
            "events": [
                {"id": e.id, "at": e.at, "kind": e.kind, "data": dict(e.data)} for e in events
            ],
            "bad": [{"id": e, "why": why} for e, why in bad],
        }

    def _rows(self, game_id: int, skip: set[int]) -> Iterator[Event]:
        return (e for e in self._events(game_id, skip))

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
