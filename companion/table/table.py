"""The game at the table: the referee, its journal, and who is told of every change.

The page, the panel, the voice and the camera watcher all act on one :class:`Table`. Its
lock makes their calls one at a time (the referee is a plain state machine), and every
change of the referee's state is passed on to the ``on_change`` listeners.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError
from companion.games.game import GameMove, game
from companion.model.position import Position, start_position
from companion.store.journal import GameRecord, Journal
from companion.store.journalcheck import JournalError
from companion.table.referee import Referee


def rules(position: Position, roll: tuple[int, ...]) -> Sequence[GameMove]:
    """The legal moves of the position's game (the rules engine the referee asks), built
    as the referee needs them (companion.games.game.Game.moves)."""
    return game(position.game).moves(position, roll)


@dataclass
class Table:
    """One table's game. Call the referee inside ``with table.lock:``."""

    referee: Referee
    journal: Journal | None = None
    on_change: list[Callable[[Table], None]] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)

    def __post_init__(self) -> None:
        self.referee.listeners.append(lambda _referee: self.changed())
        if self.journal is not None:  # a journal that fails (or works again) is news
            self.journal.listeners.append(self.changed)

    @classmethod
    def new(
        cls,
        position: Position | None = None,
        journal_path: Path | None = None,
        resume: bool = False,
        refuse: Callable[[GameRecord], str | None] | None = None,
        take_up: int | None = None,
    ) -> Table:
        """A table for ``position`` (default: the start position), recorded if a path is given.

        With ``resume`` and a journal whose newest record is an unfinished game, that game
        goes on instead, so a power cut or a restart of the service loses nothing; an
        unfinished game that another game or the dice tray followed was abandoned, and a
        new game begins (Journal.to_resume).
        ``refuse`` may say (one line) why that game must not be resumed here, e.g. the
        command asks for another game: then nothing starts (CompanionError), since a new
        game in its place would hide the unfinished one from the page.
        ``take_up`` names a game of the journal to go on with instead (serve --resume N),
        followed to the record that continues it (Journal.continuation: never a stale
        copy, review s12 finding 1): an older one is continued as a new record
        (Journal.continue_game), so that it is the newest and the next restart takes it up.
        Game N's own events are resumed first and the copy is written and resumed in one
        transaction, so a game that cannot be read back is refused naming its own event,
        and nothing is written (review s12 finding 2).
        """
        if journal_path is None:
            return cls(Referee.start(position or start_position(), rules))
        journal = Journal(journal_path)
        try:  # a new game's start too (review s13b finding 5: a SIGTERM there left it open)
            referee = _taken_up(journal, resume, refuse, take_up)
            if referee is None:
                referee = Referee.start(position or start_position(), rules, journal)
            return cls(referee, journal)
        except BaseException:
            journal.close()  # another Journal() in this process may open it again
            raise

    @property
    def resumed(self) -> bool:
        """True when the referee took up a game from the journal."""
        return self.referee.resumed

    @property
    def position(self) -> Position:
        return self.referee.position

    def restart(self, position: Position) -> None:
        """Begin a new game at this table (the journal keeps the old one)."""
        with self.lock:
            self.referee = Referee.start(position, rules, self.journal)
            self.referee.listeners.append(lambda _referee: self.changed())
        self.changed()

    def changed(self) -> None:
        for listener in self.on_change:
            listener(self)


def _taken_up(
    journal: Journal,
    resume: bool,
    refuse: Callable[[GameRecord], str | None] | None,
    take_up: int | None,
) -> Referee | None:
    """The referee of the journal's game to go on with (see :meth:`Table.new`), or None
    for a new game."""
    game = journal.to_resume() if resume else None
    if take_up is not None:
        end = journal.continuation(take_up)
        game = next((g for g in journal.unfinished() if g.id == end), None)
    if game is None:
        return None
    refused = refuse(game) if refuse is not None else None
    if refused is not None:
        raise CompanionError(refused)
    try:
        referee = Referee.resume(journal, game.id, rules)  # game N's own events, read only
    except JournalError:
        raise
    except (CompanionError, KeyError, TypeError, ValueError):
        bad = journal.first_bad_event(game.id)  # name the event, not a traceback
        if bad is None:
            raise
        raise bad from None
    newest = journal.to_resume()
    if newest is not None and newest.id == game.id:
        return referee
    with journal.atomic():  # the copy, and the check that it reads back as game N did
        return Referee.resume(journal, journal.continue_game(game.id), rules)
