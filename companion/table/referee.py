"""The referee: from still boards and read dice to judged, recorded moves.

A :class:`Referee` is the game session a table plays with. It never looks at pixels: the
camera layer hands it *still* observations (a settled roll, a board unchanged for a short
while), and it answers with a :class:`Verdict`. The move is inferred by comparing the new
still board with the position after every legal move of the rules engine (python-chess's
"look it up among the legal moves", GNU Backgammon's "then explain the mismatch"):

* one outcome fits → accepted, recorded, announced;
* several outcomes fit (the camera cannot see the energy store, say) → the referee asks;
* none fits → rejected with the reason; the referee waits until the pieces are set back
  (or the player makes a legal move instead), as PicoChess's "set up the pieces" does.

Words said about a move are judged by the pure functions of :mod:`.announcing` (before
the move, the board after it, after the move); the referee keeps and says what they answer.

Every event goes to the journal first, so a session resumes exactly after a power cut.
Each call that changes the game is one step (:func:`_step`): the events it writes (a
move, its verdict, the end of the game) are one transaction, and the referee changes,
and tells its listeners, only once the journal has accepted them; a write that fails
(a full disk) leaves the referee exactly as it was.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, TypeVar, cast

from companion.errors import CompanionError
from companion.games.game import Game, stone_planet_name
from companion.games.game import game as rules_of
from companion.model.boards import differences, seen, too_many, with_board
from companion.model.position import Position
from companion.store.journal import Journal
from companion.table import announcing, moves, resuming
from companion.table.answers import (
    SHOWN,
    Board,
    MoveLike,
    Phase,
    Played,
    Rules,
    Verdict,
)
from companion.texts import colour, message, text, text_n

Step = TypeVar("Step", bound=Callable[..., Any])


def _step(method: Step) -> Step:
    """One step of the game: what ``method`` writes to the journal is one transaction,
    and if any of it fails (:class:`~companion.store.journalcheck.JournalError`, or anything else)
    the referee is put back as it was before the call and nobody is told of a change.
    The verdicts said during the step reach the listeners after the commit, in order,
    each with the phase it was said in."""

    @functools.wraps(method)
    def step(self: Referee, *args: Any, **kwargs: Any) -> Any:
        if self._stepping:  # a step inside a step: the outer one decides
            return method(self, *args, **kwargs)
        before = _snapshot(self)
        self._stepping, self._said = True, []
        try:
            with self.journal.atomic() if self.journal is not None else nullcontext():
                result = method(self, *args, **kwargs)
        except BaseException:
            vars(self).update(before)
            raise
        said, self._said, self._stepping = self._said, [], False
        self._tell(said)
        return result

    return cast(Step, step)


def _snapshot(referee: Referee) -> dict[str, Any]:
    """The referee's fields, its lists and dicts copied (they change in place)."""
    return {
        name: value.copy() if isinstance(value, (list, dict)) else value
        for name, value in vars(referee).items()
        if name != "listeners"
    }


@dataclass
class Referee:
    """One game at one table. Feed it still observations; read ``phase`` and ``verdict``."""

    position: Position
    rules: Rules
    journal: Journal | None = None
    game_id: int = 0
    phase: Phase = Phase.SETUP
    verdict: Verdict | None = None
    roll: tuple[int, ...] | None = None
    candidates: list[MoveLike] = field(default_factory=list)
    last_move: MoveLike | None = None  # the last accepted move (for teaching)
    last_roll: tuple[int, ...] | None = None  # the roll it was made with
    resumed: bool = False  # taken up from the journal after a restart
    #: The move a player announced before making it (legal for the roll being played):
    #: the next still board must show it (docs/referee.md, "Announce, then move").
    announced: MoveLike | None = None
    #: The roll the camera read last with a die it is unsure of, and those dice's values:
    #: the page's dice form shows them while the question stands (new-user trial s7).
    asked: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    listeners: list[Callable[[Referee], None]] = field(default_factory=list)
    #: The cameras' clock (``time.monotonic`` seconds): a frame's ``taken`` is on it.
    clock: Callable[[], float] = time.monotonic
    #: When what the referee expects last changed; an observation taken before is stale.
    changed_at: float = -math.inf
    _legal: Sequence[MoveLike] = field(default_factory=list)
    _last_board: dict[str, str] | None = None
    _history: list[Played] = field(default_factory=list)  # the moves kept, for undo
    _pending_roll: tuple[int, ...] | None = None  # read while the board was not set up
    _kept_roll: bool = False  # the pending roll is an undone move's: no other replaces it
    _pasch: tuple[Position, tuple[int, ...]] | None = None  # before a forced move (a Pasch)
    #: The words announced before the move of the pending roll, from the journal after a
    #: restart: announced again once that roll is played (new-user trial s8).
    _pending_said: str | None = None
    _fresh: bool = False  # taken up from the journal, no move, undo or fix since (resumed_note)
    _continues: int | None = None  # the game this record copied (serve --resume N), if any
    _unseen: bool = False  # the players changed the position; no still board showed it yet
    _stepping: bool = False  # inside a step (:func:`_step`): listeners are told after it
    _said: list[tuple[Verdict, Phase]] = field(default_factory=list)  # said in this step

    # ------------------------------------------------------------------ starting

    @classmethod
    def start(cls, position: Position, rules: Rules, journal: Journal | None = None) -> Referee:
        game_id = journal.start_game(position) if journal else 0
        return cls(position, rules, journal, game_id)

    @classmethod
    def resume(cls, journal: Journal, game_id: int, rules: Rules) -> Referee:
        """The session as the journal left it: position after the last kept move or fix,
        and what the table waited for then (:mod:`.resuming`)."""
        events = list(journal.events(game_id))
        try:
            was = resuming.resumed(events, rules)
        except ValueError:
            raise ValueError(f"game {game_id} has no start event") from None
        ref = cls(was.position, rules, journal, game_id, resumed=True)
        ref._history = was.history
        ref._pending_roll, ref._kept_roll, ref._pending_said = (
            was.pending_roll,
            was.kept_roll,
            was.pending_said,
        )
        ref.last_move, ref.last_roll, ref._pasch = was.last_move, was.last_roll, was.pasch
        ref._fresh = True
        continues = events[0].data.get("continues") if events[0].kind == "start" else None
        ref._continues = continues if isinstance(continues, int) else None
        return ref

    @property
    def resumed_note(self) -> str | None:
        """After a pulled plug, until the next move, undo or fix: that the game was taken
        up from the journal as it stood (the page says so: new-user trial s8), naming the
        game a ``serve --resume N`` copy continues (trial s12 L1: which game was it?);
        else None."""
        if not self._fresh:
            return None
        if self._continues is not None:
            ids = {"old": self._continues, "new": self.game_id}
            return text_n("referee.continued", len(self._history), **ids)
        return text_n("referee.resumed", len(self._history))

    @property
    def game(self) -> Game:
        """The rules of the position's game: how it reads a roll, matches a board seen and
        hears an announcement (companion/games/game.py)."""
        return rules_of(self.position.game)

    @property
    def legal(self) -> list[MoveLike]:
        """The first SHOWN legal moves of the roll being played, in the engine's order
        (empty unless waiting for the move)."""
        if self.phase not in (Phase.MOVE, Phase.REJECTED):
            return []
        return list(islice(self._legal, SHOWN))

    @property
    def more_than_shown(self) -> bool:
        """Whether the roll has more legal moves than :attr:`legal` lists (the engine's
        sequence is lazy: this builds one move more than the list, no more)."""
        if self.phase not in (Phase.MOVE, Phase.REJECTED):
            return False
        return next(islice(self._legal, SHOWN, None), None) is not None

    # ------------------------------------------------------------------ observations

    @_step
    def confirm_board(self) -> Verdict | None:
        """The players say the pieces stand as the referee shows them (no camera, or set back)."""
        return self.observe_board(seen(self.position))

    @_step
    def observe_board(self, board: Board, taken: float | None = None) -> Verdict | None:
        """A still board from the camera. Returns the new verdict, or None if nothing changed.

        ``taken`` is when the frame was taken (the camera's clock; None: just now). A board
        taken before the last change of the position is stale and dropped: it may show the
        pieces before a move picked on the page (docs/referee.md, "Frames and time").
        """
        if self._stale(taken):
            return None
        board = dict(board)
        for unseen in self.position.spec.unseen:
            board.pop(unseen, None)  # TENET's pile of balls: the position counts them
        if board == self._last_board:
            return None
        self._last_board = board
        self._record("board", {"fields": board})
        expected = seen(self.position)
        if board == expected:
            return self._matched()
        if self._unseen or self._walked_back(board):
            # the page is ahead of the pieces: never read the old board as a move
            return self._say(
                Verdict("setup", text("referee.set_as_shown", diff=differences(expected, board)))
            )
        if self.phase is Phase.SETUP:
            return self._say(
                Verdict("setup", text("referee.set_up", diff=differences(expected, board)))
            )
        crowded = too_many(self.position, board)
        if crowded is not None:  # no position of the game: ask, judge nothing (#31);
            # while setting up, the fields to set are named instead
            player, shown, each = crowded
            why = text("referee.too_many", colour=colour(player), shown=shown, each=each)
            return self._say(Verdict("setup", why))
        if self.phase in (Phase.ROLL, Phase.OVER):
            cleared = self._cleared(board)
            if cleared is not None:
                return self._accept(cleared, board, taken)
            return self._say(
                Verdict(
                    "setup",
                    text("referee.moved_before_roll", diff=differences(expected, board)),
                )
            )
        return self._judge(board, taken)

    def _stale(self, taken: float | None) -> bool:
        return taken is not None and taken < self.changed_at

    def _changed(self, taken: float | None = None) -> None:
        """What the referee expects changed now (players) or as the frame ``taken`` showed."""
        self.changed_at = self.clock() if taken is None else taken

    def _matched(self) -> Verdict | None:
        """The still board is the position: set up, set back, or a warning to clear."""
        self._unseen = False
        if self.phase is Phase.SETUP:
            self.phase = Phase.ROLL
            if self._pending_roll is not None:
                roll, self._pending_roll, self._kept_roll = self._pending_roll, None, False
                verdict = self._roll(roll, record=False)
                said, self._pending_said = self._pending_said, None
                if said and self.phase is Phase.MOVE:
                    return self._announced_again(said, verdict) or verdict
                return verdict
            return self._say(Verdict("info", text("referee.board_set_up")))
        if self.phase in (Phase.REJECTED, Phase.DECIDE):
            self.phase = Phase.MOVE
            return self._say(Verdict("info", text("referee.set_back")))
        if self.verdict is not None and self.verdict.kind in ("setup", "illegal"):
            then = {Phase.ROLL: "referee.as_shown_roll", Phase.MOVE: "referee.as_shown_move"}
            return self._say(Verdict("info", text(then.get(self.phase, "referee.as_shown"))))
        return None  # nothing moved yet, or the board the page already showed

    def _walked_back(self, board: dict[str, str]) -> bool:
        """TENET in mid-turn: the board before the last step again is no change made after
        it, so the dice left are not searched for a way back (R§6 steps go forward only in
        time: a turn grows by what the camera sees after its last step)."""
        return bool(self.position.spent and self._history) and board == seen(
            self._history[-1].before
        )

    @_step
    def observe_dice(self, dice: Sequence[int], taken: float | None = None) -> Verdict | None:
        """A settled roll (from the dice reader, the panel's electronic dice or the page),
        checked by the game's own dice rules (two d6; TENET: Miwin's III, IV, V). A roll
        seen in a frame taken before the last change is stale: None."""
        if self._stale(taken):
            return None
        try:
            roll = self.game.parse_roll(",".join(str(int(d)) for d in dice))
        except (CompanionError, ValueError) as exc:
            return self._say(
                Verdict("info", text("referee.dice_refused", dice=list(dice), reason=message(exc)))
            )
        if self.phase not in (Phase.ROLL, Phase.SETUP):
            return self._say(
                Verdict("info", text("referee.roll_unexpected", phase=self.phase.text))
            )
        return self._roll(roll, taken=taken)

    def dice_unsure(
        self, dice: Sequence[int], unsure: Sequence[int], taken: float | None = None
    ) -> Verdict | None:
        """A settled roll the camera read with ``unsure`` of its ``dice`` below the reader's
        SURE: nothing is decided, the players are asked to roll again or to enter the roll
        (issue 30: where the reader is unsure, the referee asks instead of deciding). A roll
        the referee does not wait for is said as :meth:`observe_dice` says it."""
        if self._stale(taken):
            return None
        if self.phase not in (Phase.ROLL, Phase.SETUP):
            return self.observe_dice(dice, taken)
        said, doubted = "+".join(map(str, dice)), ", ".join(map(str, unsure))
        self.asked = (tuple(dice), tuple(unsure))
        return self._say(Verdict("ask", text("referee.dice_unsure", dice=said, unsure=doubted)))

    def dice_again(self, dice: Sequence[int], taken: float | None = None) -> Verdict | None:
        """The "read the dice" button pressed while the tray shows the very picture the
        last roll was read from: nobody threw again, or the throw went unseen. Nothing is
        booked (trial s10: the dice of a forced pass were booked again as the next
        player's roll); while a roll is awaited the players are asked, else it is news to
        nobody: None."""
        if self._stale(taken) or self.phase is not Phase.ROLL:
            return None
        said = "+".join(map(str, dice))
        return self._say(Verdict("ask", text("referee.dice_again", dice=said)))

    def _roll(
        self, roll: tuple[int, ...], record: bool = True, taken: float | None = None
    ) -> Verdict:
        if self.phase is Phase.SETUP:
            kept = self._pending_roll
            if self._kept_roll and kept is not None and roll != kept:
                return self._say(
                    Verdict("info", text("referee.roll_kept", dice="+".join(map(str, kept))))
                )
            self._pending_roll = roll
            if record:
                self._record("roll", {"dice": list(roll), "player": self.position.to_move})
            return self._say(Verdict("setup", text("referee.roll_noted")))
        said, player = "+".join(map(str, roll)), colour(self.position.to_move)
        try:
            legal = self.rules(self.position, roll)
            some = list(islice(legal, SHOWN + 1))
        except CompanionError as exc:  # a roll the position does not wait for (TENET)
            why = text("referee.roll_refused", player=player, dice=said, reason=message(exc))
            return self._say(Verdict("info", why))
        self.roll, self._legal, self._pasch, self.announced = roll, legal, None, None
        self.candidates = []
        if record:
            self._record("roll", {"dice": list(roll), "player": self.position.to_move})
        self.phase = Phase.MOVE
        self._changed(taken)
        many = (
            text("referee.rolled_many", player=player, dice=said, count=SHOWN)
            if len(some) > SHOWN
            else text_n("referee.rolled", len(some), player=player, dice=said)
        )
        if self.position.spent and self._history:  # TENET: a turn begun (restart, undo)
            left = moves.dice_left(roll, self.position.spent)
            so_far = moves.turn_said(self._history)
            rolled = self._say(Verdict("legal", text("referee.moves_on", dice=left), so_far))
        else:
            rolled = self._say(Verdict("info", many))
        forced = moves.forced(self._legal, self.position)
        if forced is not None:
            # a forced pass (or TENET's Pasch, stone die, claim): no board will show it;
            # the game may see a clearing follow (TENET's Pasch, R§6: Game.clearing)
            self._pasch = (self.position, roll)
            return self._accept(forced, seen(self.position), taken)
        return rolled

    # ------------------------------------------------------------------ judging

    def _judge(self, board: dict[str, str], taken: float | None) -> Verdict:
        if self.announced is not None:
            return self._as_announced(self.announced, board, taken)
        try:  # looked up among the moves, searched from the board, or whole turns searched
            found = self.game.match(self.position, self.roll or (), self._legal, board)
        except CompanionError as exc:
            return self._reject(board, message(exc), ())
        if found.unsure:  # a search's budget spent: ask, neither accept nor reject
            return self._say(Verdict("ambiguous", found.unsure))
        outcomes = moves.outcomes(found.fits, SHOWN + 1)
        if len(outcomes) == 1:
            return self._accept(outcomes[0], board, taken)
        if outcomes:
            self.candidates = outcomes[:SHOWN]
            self.phase = Phase.DECIDE
            self._changed(taken)
            choices = tuple(m.announcement for m in self.candidates)
            why = (
                text("referee.ambiguous")
                if len(outcomes) <= SHOWN
                else text("referee.ambiguous_many", count=SHOWN)
            )
            return self._say(Verdict("ambiguous", why, choices=choices))
        reason = text("referee.no_move_leads", diff=differences(seen(self.position), board))
        return self._reject(board, reason, found.nearest())  # looked for only now

    def _as_announced(self, move: MoveLike, board: dict[str, str], taken: float | None) -> Verdict:
        """A still board after a move announced first (:func:`announcing.shown`): the
        announced move accepted, in TENET its first steps accepted as a turn begun, or the
        pieces asked for as announced (journalled; the phase stays MOVE, so the next still
        board is judged again)."""
        shown = announcing.shown(
            self.game, self.position, self.roll or (), self._legal, move, board
        )
        if isinstance(shown, Verdict):
            self._record("verdict", shown.to_json())
            return self._say(shown)
        if moves.begins(shown, move):  # TENET: a pause after the announced turn's first steps
            return self._go_on_as_announced(move, shown, board, taken)
        return self._accept(move, board, taken)

    def _go_on_as_announced(
        self, move: MoveLike, begun: MoveLike, board: dict[str, str], taken: float | None
    ) -> Verdict:
        """The first steps of a turn announced whole (TENET) are on the board: they are
        accepted as a turn begun, and the rest of the announced turn is expected next."""
        rest = move.announcement[len(begun.announcement) + 2 :]
        verdict = self._accept(begun, board, taken)
        if self.phase is Phase.MOVE and self.roll is not None:
            going = announcing.going_on(self.game, self.position, self.roll, rest, verdict)
            if going is not None:
                self.announced, verdict = going
                return self._say(verdict)
        return verdict

    def _announced_again(self, said: str, now: Verdict) -> Verdict | None:
        """The announcement the journal kept over a restart, kept again once its roll is
        played (:func:`announcing.again`; ``now``: the verdict on the roll); None where
        the words no longer name a legal move."""
        roll, so_far = self.roll or (), moves.turn_said(self._history)
        again = announcing.again(self.game, self.position, roll, said, so_far, now)
        if again is None:
            return None
        (self.announced, verdict), self.candidates = again, []
        return self._say(verdict)

    def _reject(self, board: dict[str, str], reason: str, near: Sequence[MoveLike]) -> Verdict:
        """Illegal: wait for the pieces to be set back; ``near`` are the closest moves."""
        self.phase = Phase.REJECTED
        verdict = Verdict("illegal", reason, choices=tuple(m.announcement for m in near))
        self._record("verdict", verdict.to_json())
        return self._say(verdict)

    def _cleared(self, board: dict[str, str]) -> MoveLike | None:
        """TENET after a Pasch: the balls its owners took back to start (R§6), as the
        Pasch with them cleared, when that is all that changed; else None."""
        if self._pasch is None:
            return None
        before, roll = self._pasch
        move = self.game.clearing(before, roll, board)
        if move is not None:
            self.roll = roll
        return move

    @_step
    def play(self, index: int) -> Verdict:
        """The player names the move made, from :attr:`legal` (when no camera watches)."""
        legal = self.legal
        if not 0 <= index < len(legal):
            return self._say(Verdict("info", text("referee.no_such_move")))
        return self.play_move(legal[index])

    @_step
    def play_move(self, move: MoveLike) -> Verdict:
        """The player names the move made, found among all legal moves of the roll (the
        page's search by piece or by words): one of ``rules(position, roll)``."""
        if self.phase not in (Phase.MOVE, Phase.REJECTED):
            return self._say(Verdict("info", text("referee.no_such_move")))
        before, after = seen(self.position), seen(move.after)
        announced = self.announced
        if announced is not None and moves.begins(move, announced):
            # TENET: the first steps of a turn announced whole, tapped as the camera would
            # have seen them: the rest of the turn is still expected (review s8b)
            verdict = self._go_on_as_announced(announced, move, after, None)
        elif announced is not None and moves.outcome(move) != moves.outcome(announced):
            # the player's explicit choice, unlike a board off the announcement: taken,
            # and said (docs/referee.md, "Rulings"; new-user trial s9: it was silent)
            verdict = self._accept(move, after, otherwise=announced.announcement)
        else:
            verdict = self._accept(move, after)
        # the camera has yet to show it, unless the move looks like the board before (a
        # Pasch, a tower's inside): then there is nothing for the players to set
        self._unseen, self._last_board = after != before, None
        return verdict

    @_step
    def announce(
        self,
        said_text: str,
        heard: Mapping[str, Any] | None = None,
        before_move: bool | None = None,
    ) -> Verdict:
        """What the player said: before the move, checked against the roll being played
        (:meth:`_announce_first`); after it, against the move the referee last accepted
        (docs/referee.md, "Announce, then move").

        ``before_move`` is the field the words were typed in. True (the page's "before the
        move" field): judged against the waiting roll only, a wrong one answered with this
        roll's nearest moves, never charged to the last move (new-user trial s7: "Wurf 9"
        for yellow's 5+4 was answered as red's late announcement of 6+2). False (the "last
        move" field): the last move's only. None (the microphone, a script): the waiting
        roll's when it names a legal move of it, else the last move's, late.

        After the move the words are judged against that move (:func:`announcing.after`).
        The journal keeps them with the verdict, and with ``heard`` how they were heard.
        """
        too_long = announcing.too_long(said_text)
        if too_long is not None:  # the page keeps the words in their field
            return self._say(too_long)
        # TENET, a turn begun: the last move is a step of it, and words that name a next
        # step are its announcement before it, in either field (new-user trial s11 H2:
        # they were judged as the first step, "no red ball on K1.5", recorded illegal)
        going = bool(self.position.spent) and self.announcing_first
        first = None
        if before_move is not False or going:
            first = self._announce_first(said_text, before_move)
        move, ahead = self.last_move, going and first is None
        if (
            ahead
            and move is not None
            and announcing.next_step(self.game, self._history, move, said_text)
        ):
            first = self._announce_first(said_text, True)  # wrong: told why from here
        if first is not None:
            return self._said_verdict(first, said_text, heard, before_move=True)
        if before_move:  # a page from before the move was made: no roll waits for one now
            return self._say(Verdict("info", text("referee.no_roll_to_announce")))
        move, roll = self.last_move, self.last_roll
        if move is None or roll is None or not self._history:
            return self._say(Verdict("info", text("referee.nothing_to_check")))
        verdict = announcing.after(self.game, self._history, move, roll, said_text)
        return self._said_verdict(verdict, said_text, heard, before_move=False)

    def _said_verdict(
        self, verdict: Verdict, said: str, heard: Mapping[str, Any] | None, before_move: bool
    ) -> Verdict:
        """The verdict on words said, recorded with them (:func:`announcing.said_event`)."""
        self._record("verdict", announcing.said_event(verdict, said, heard, before_move))
        return self._say(verdict)

    def _announce_first(self, said_text: str, only: bool | None) -> Verdict | None:
        """The verdict on words said before the move (:func:`announcing.first`), or None
        where they are not that (no roll waits for its move, or they are a late
        announcement of the last move: ``only`` says they came from the "before the move"
        field, never so). In a TENET turn begun they name the rest of the turn from here
        (words of the whole turn from its first step: the rest after the steps made). A
        legal announcement of the roll is kept (:attr:`announced`): the next still board
        must show its move (in TENET, its first steps). Words that fit several moves keep
        those moves to choose from (:meth:`choose`); other words of no legal move forget an
        earlier announcement."""
        if not self.announcing_first or self.roll is None:
            return None
        heard = said_text
        so_far = moves.turn_said(self._history) + "; " if self.position.spent else None
        if so_far is not None and said_text.startswith(so_far):
            said_text = said_text[len(so_far) :]  # the whole turn said: its rest is ahead
        judged = announcing.first(
            self.game, self.position, self.roll, said_text, lambda: self._late(heard, only)
        )
        if judged is None:
            return None
        if judged.move is not None or judged.maybe_last:
            self.announced, self.candidates = judged.move, list(judged.fits)
        return judged.verdict

    def _late(self, said_text: str, only: bool | None) -> bool:
        """Whether words of no legal move of the waiting roll are a late announcement of
        the last move: a move was made, the words came from no "before the move" field
        (``only``), and in TENET's turn begun they may be its steps; else they name a
        legal move of the last roll. Any other words are the player to move's, told what
        is wrong with them for this roll: charged to the last move, a wrong word of the
        player to move marked a legal move illegal in the record (new-user trial s12 H1:
        blue's "Wurf sieben" heard for 4+2 was judged as yellow's late announcement)."""
        if only or not self._history or self.last_move is None:
            return False
        roll = self.last_roll
        if self.position.spent or roll is None:
            return True
        return announcing.names_a_move(self.game, self._history, roll, said_text)

    @property
    def announcing_first(self) -> bool:
        """Whether words said now may announce the move before it is made: the referee
        waits for the move of a roll (a TENET turn is announced whole before its first
        step, its steps then expected one by one, :meth:`_go_on_as_announced`; during the
        turn, words of its next steps announce the rest: new-user trial s11 H2)."""
        return self.phase is Phase.MOVE and self.roll is not None

    def hearing(self) -> list[tuple[Position, tuple[int, ...]]]:
        """Where words heard now may announce a legal move, in order
        (:func:`announcing.hearing`): the position and roll being played, then the
        position before the last turn with its roll."""
        now = None
        if self.announcing_first and self.roll is not None:
            now = (self.position, self.roll)
        return announcing.hearing(now, self._history, self.last_roll)

    @_step
    def choose(self, index: int) -> Verdict:
        """The player (page or button) says which of the ambiguous moves was meant: of
        the moves a still board fits, or of those an announcement before the move fits
        (then that move is announced, as if said alone)."""
        if self.announcing_first and 0 <= index < len(self.candidates):
            move = self.candidates[index]
            verdict = announcing.expected(self.position, self.roll or (), move)
            self.announced, self.candidates = move, []
            return self._said_verdict(verdict, move.announcement, None, before_move=True)
        if self.phase is not Phase.DECIDE or not 0 <= index < len(self.candidates):
            return self._say(Verdict("info", text("referee.nothing_to_choose")))
        return self._accept(self.candidates[index], self._last_board or {})

    def _accept(
        self,
        move: MoveLike,
        board: dict[str, str],
        taken: float | None = None,
        otherwise: str | None = None,
    ) -> Verdict:
        """The move made: recorded, and the verdict said (``otherwise``: the words of the
        move announced first, where the player tapped another: the verdict says both)."""
        self._fresh = False
        after, mover, stone = move.after, self.position.to_move, self.position.stone
        if seen(after) != board and move.destroyed:
            after = with_board(after, board)  # the station fields the player really used
        data = {"after": after.to_json(), "announcement": move.announcement}
        if otherwise is not None:  # the record says it beside the move (review nc16)
            data["announced"] = otherwise
        event = self._record("move", {**data, "roll": list(self.roll or ())})
        self._history.append(Played(event, self.position, move.announcement, self.roll or ()))
        said = moves.turn_said(self._history)  # TENET: the turn so far, the words to say
        self.last_move, self.last_roll, roll = move, self.roll, self.roll
        self.position, self.roll, self.candidates, self._legal = after, None, [], []
        self.announced = None
        self._changed(taken)
        why = getattr(move, "why", "")  # a pass says why no piece can move (the race game)
        legal = text("referee.legal_pass", why=why) if why else text("referee.legal_move")
        planet = stone_planet_name(after) if after.stone != stone else None
        if planet is not None:  # TENET's Pasch or stone die, taken on the roll: the stone
            legal = text("referee.stone_to", legal=legal, planet=planet)  # is moved by hand
        again = after.to_move == mover and len(after.players) > 1  # (one player: a turn)
        if roll and again and not after.spent and not move.winner:
            # the rules give the mover another roll (1+2, an own special field): said,
            # not left to the header's "to move" (new-user trial s11 M6b)
            dice = "+".join(map(str, roll))  # as the page writes the roll: "2+1"
            legal = text("referee.rolls_again", legal=legal, player=colour(mover), dice=dice)
        legal = announcing.otherwise(legal, otherwise, move)
        verdict = Verdict("legal", legal, said)
        self._record("verdict", verdict.to_json())
        if move.winner:
            self.phase = Phase.OVER
            self._record("finish", {"winner": move.winner})
            wins = text("referee.wins", player=colour(move.winner))
            return self._say(Verdict("legal", announcing.otherwise(wins, otherwise, move), said))
        self.phase = Phase.ROLL
        if after.spent and roll is not None:  # TENET: the turn begun, the same roll goes on
            self.roll, self.phase = roll, Phase.MOVE
            self._legal = self.rules(after, roll)  # lazy: the page lists the first SHOWN
            left = moves.dice_left(roll, after.spent)
            going = announcing.otherwise(text("referee.moves_on", dice=left), otherwise, move)
            verdict = Verdict("legal", going, said)
        return self._say(verdict)

    # ------------------------------------------------------------------ the operator

    @_step
    def correct(self, position: Position) -> Verdict:
        """The operator sets the position (after a misread or a dispute)."""
        self._fresh = False
        self._record("correction", {"position": position.to_json()})
        self.position, self.roll, self.candidates, self._legal = position, None, [], []
        self.phase, self._pasch, self.announced = Phase.SETUP, None, None
        self._last_board, self._unseen = None, False
        self._changed()
        return self._say(Verdict("info", text("referee.corrected")))

    @_step
    def rewrite(
        self,
        event: Mapping[str, Any],
        position: Position,
        last: MoveLike | None,
        said: str,
    ) -> Verdict:
        """Record a correction of a move (``event``, built by companion.table.correction) and go
        on from ``position``, the game as corrected; ``last`` is its last move, ``said``
        the verdict's sentence. The game goes on with the event's ``pending_roll`` (and
        ``kept_roll``: no other replaces it), as companion.table.reopening decides; the
        pieces are then set up as the page shows them."""
        self._fresh = False
        if self.journal is None:
            return self._say(Verdict("info", text("referee.nothing_to_correct")))
        keep = tuple(int(d) for d in event.get("pending_roll") or ()) or None
        self._record("correction", event)
        self._history = moves.history(list(self.journal.events(self.game_id)))
        self.position, self.roll, self.candidates, self._legal = position, None, [], []
        self.last_move = last
        self.last_roll = tuple(int(d) for d in event["moves"][-1]["roll"]) if last else None
        self.phase, self._pasch, self._pending_roll = Phase.SETUP, None, keep
        self.announced = None
        self._kept_roll = bool(keep and event.get("kept_roll"))
        self._last_board, self._unseen = None, False
        self._changed()
        if last is not None and last.winner:
            self.phase = Phase.OVER
            self._record("finish", {"winner": last.winner})
        return self._say(Verdict("info", said))

    @property
    def board_seen(self) -> dict[str, str] | None:
        """The last still board the referee judged (None before any): a rejected move's
        board, which ``companion replay`` holds against the other games' rules."""
        return None if self._last_board is None else dict(self._last_board)

    @property
    def turn_words(self) -> str:
        """The words of the turn the last move belongs to, from its first step (TENET: a
        turn is announced whole; any other game: the last move's), "" before any move."""
        return moves.turn_said(self._history) if self._history else ""

    @property
    def undo_takes_roll(self) -> bool:
        """Whether taking back the last move takes its roll back too: a move its roll
        forced at a turn's start, played at once, that moved TENET's stone (its Pasch or
        stone die). Kept, the roll would play it again at once, so a mistyped roll could
        never be mended, while the record called the move taken back (new-user trial s11
        H4). A forced pass keeps its roll: taken back with it, the player would throw
        again, and the panel's undo button needs no PIN (review s11)."""
        if not self._history:
            return False
        _, before, _, roll = self._history[-1]
        if not roll or before.spent:
            return False
        try:
            forced = moves.forced(self.rules(before, roll), before)
        except CompanionError:
            return False
        return forced is not None and forced.after.stone != before.stone

    @property
    def undo_clears(self) -> bool:
        """Whether the last move is the clearing of TENET's Pasch (R§6): the balls taken
        back to start after the forced Pasch of the same roll. Taken back, it is the
        clearing only: the Pasch stands, its player rolls next, and the balls may still be
        cleared (review s11 finding 5: the record called the whole turn taken back, and
        the undo kept the roll, which played the Pasch a second time)."""
        if len(self._history) < 2:
            return False
        pasch, last = self._history[-2], self._history[-1]
        if not last.roll or last.roll != pasch.roll:
            return False
        return self.game.clearing(pasch.before, last.roll, seen(self.position)) is not None

    @_step
    def undo(self) -> Verdict:
        """Take back the last accepted move (journal keeps both the move and the undo).

        The move only: the roll it was made with stays, and once the pieces stand as
        before, the same player moves again with it (no second roll: an undo is no way
        to roll a bad roll again). A roll read before the pieces are set back must be
        the same one. A move the roll forced (:attr:`undo_takes_roll`) is taken back
        with its roll: the player rolls (or types the roll) again. A Pasch's clearing
        (:attr:`undo_clears`) is taken back alone: the Pasch stands, and its player rolls
        next once the balls stand as before."""
        self._fresh = False
        if not self._history:
            return self._say(Verdict("info", text("referee.nothing_to_undo")))
        clears = self.undo_clears
        with_roll = not clears and self.undo_takes_roll
        undone, before, _, roll = self._history.pop()
        said_how = {"with_roll": True} if with_roll else {"clearing": True} if clears else {}
        self._record("undo", {"undoes": undone, **said_how})
        self.position, self.last_move, self.last_roll = before, None, None
        self.roll, self.candidates, self._legal = None, [], []
        self.phase, self._pasch, self.announced = Phase.SETUP, None, None
        kept = None if with_roll or clears else roll or None
        self._pending_roll, self._kept_roll = kept, kept is not None
        self._last_board, self._unseen = None, False
        self._changed()
        if clears:  # the Pasch stands, and its clearing window is open again
            self._pasch = (self._history[-1].before, roll)
            said = text("referee.undone_clearing", player=colour(before.to_move))
            return self._say(Verdict("info", said))
        if not roll:
            return self._say(Verdict("info", text("referee.undone")))
        key = "referee.undone_with_roll" if with_roll else "referee.undone_roll"
        key += "_on" if before.spent and not with_roll else ""  # TENET mid-turn (s14 L6)
        left = moves.dice_said(roll, before.spent)
        said = text(key, player=colour(before.to_move), dice="+".join(map(str, roll)), left=left)
        return self._say(Verdict("info", said))

    # ------------------------------------------------------------------ plumbing

    def _record(self, kind: str, data: Mapping[str, Any]) -> int:
        if self.journal is None:
            return 0
        return self.journal.append(self.game_id, kind, data).id

    def _say(self, verdict: Verdict) -> Verdict:
        self.verdict = verdict
        if self._stepping:  # told once the step's events are in the journal
            self._said.append((verdict, self.phase))
        else:
            self._tell([(verdict, self.phase)])
        return verdict

    def _tell(self, said: Sequence[tuple[Verdict, Phase]]) -> None:
        """Tell the listeners each verdict said, as the referee stood when it was said
        (a roll and the forced pass after it are two verdicts of one step)."""
        verdict, phase = self.verdict, self.phase
        try:
            for self.verdict, self.phase in said:
                for listener in self.listeners:
                    listener(self)
        finally:
            self.verdict, self.phase = verdict, phase
