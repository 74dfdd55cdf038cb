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
the move, the board after it, after the move); which of them applies to words said now is
:mod:`.words`'s. What a still board is told and which moves it fits is :mod:`.stills`'s,
what an undo keeps :mod:`.undoing`'s, and how a roll taken and a move accepted are said
:mod:`.verdicts`'s. Those helpers are pure and never import the referee; the referee
keeps its state, changes it, and says and journals what they answer.

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
from companion.games.game import Game
from companion.games.game import game as rules_of
from companion.model.boards import seen, with_board
from companion.model.position import Position
from companion.store.journal import Journal
from companion.table import announcing, moves, resuming, stills, undoing, verdicts, words
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
        if board == seen(self.position):
            return self._matched()
        ahead = self._unseen or stills.walked_back(self.position, self._history, board)
        objection = stills.objection(self.position, self.phase, board, ahead)
        if objection is not None:
            return self._say(objection)
        if self.phase in (Phase.ROLL, Phase.OVER):
            cleared = self._cleared(board)
            if cleared is not None:
                return self._accept(cleared, board, taken)
            return self._say(stills.moved_before_roll(self.position, board))
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
        said, doubted = verdicts.dice(dice), ", ".join(map(str, unsure))
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
        return self._say(Verdict("ask", text("referee.dice_again", dice=verdicts.dice(dice))))

    def _roll(
        self, roll: tuple[int, ...], record: bool = True, taken: float | None = None
    ) -> Verdict:
        """A roll taken (``record``: journalled; False: the journal has it, read before the
        board was set up). While setting up it waits for the board; else its legal moves
        are the roll's, and a move it forces is accepted at once."""
        if self.phase is Phase.SETUP:
            kept = self._pending_roll
            if self._kept_roll and kept is not None and roll != kept:
                return self._say(
                    Verdict("info", text("referee.roll_kept", dice=verdicts.dice(kept)))
                )
            self._pending_roll = roll
            if record:
                self._record("roll", {"dice": list(roll), "player": self.position.to_move})
            return self._say(Verdict("setup", text("referee.roll_noted")))
        said, player = verdicts.dice(roll), colour(self.position.to_move)
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
        rolled = self._say(verdicts.rolled(self.position, roll, len(some), self._history))
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
        found = stills.looked_up(self.game, self.position, self.roll or (), self._legal, board)
        if found.verdict is None:
            return self._accept(found.fits[0], board, taken)
        if found.fits:  # several: the players say which
            self.candidates, self.phase = list(found.fits), Phase.DECIDE
            self._changed(taken)
        elif found.verdict.kind == "illegal":
            return self._reject(found.verdict)
        return self._say(found.verdict)

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

    def _reject(self, verdict: Verdict) -> Verdict:
        """Illegal: wait for the pieces to be set back (the verdict's choices: the closest
        moves)."""
        self.phase = Phase.REJECTED
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
        """What the player said: before the move, checked against the roll being played;
        after it, against the move the referee last accepted (docs/referee.md, "Announce,
        then move"). ``before_move`` is the field the words were typed in (True: "before
        the move", False: "last move", None: the microphone or a script): which judgement
        applies is :func:`.words.answer`'s. The journal keeps the verdict with the words,
        and with ``heard`` how they were heard; a legal announcement is kept
        (:attr:`announced`), and words that fit several moves keep those to choose from."""
        answer = words.answer(self._standing(), said_text, before_move)
        if answer.keeps is not None:
            self.announced, self.candidates = answer.keeps[0], list(answer.keeps[1])
        if answer.recorded is None:
            return self._say(answer.verdict)
        return self._said_verdict(answer.verdict, said_text, heard, answer.recorded)

    def _standing(self) -> words.Standing:
        """Where the game stands for words said now (:class:`.words.Standing`)."""
        roll = self.roll if self.announcing_first else None
        history, move, last = self._history, self.last_move, self.last_roll
        return words.Standing(self.game, self.position, roll, history, move, last)

    def _said_verdict(
        self, verdict: Verdict, said: str, heard: Mapping[str, Any] | None, before_move: bool
    ) -> Verdict:
        """The verdict on words said, recorded with them (:func:`announcing.said_event`)."""
        self._record("verdict", announcing.said_event(verdict, said, heard, before_move))
        return self._say(verdict)

    @property
    def held_roll(self) -> tuple[int, ...] | None:
        """The roll the player to move holds: the one being played, or one read while the
        board was not set up (an undo's kept roll among them); None before a roll. A
        correction keeps it (companion/table/reopening.py): nobody rolls again by asking
        for a change (review s14b HIGH-1)."""
        return self.roll if self.roll is not None else self._pending_roll

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
        after, before = move.after, self.position
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
        verdict = Verdict("legal", verdicts.accepted(move, before, after, roll, otherwise), said)
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
        self._set_up(position)
        return self._say(Verdict("info", text("referee.corrected")))

    def _set_up(self, position: Position) -> None:
        """Back to SETUP at ``position`` (an undo, a fix, a move corrected): no roll being
        played, nothing announced or to choose, and the pieces to be set as the page shows
        them; the still board seen before is forgotten, so that the next one is judged."""
        self.position, self.roll, self.candidates, self._legal = position, None, [], []
        self.phase, self._pasch, self.announced = Phase.SETUP, None, None
        self._last_board, self._unseen = None, False
        self._changed()

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
        self._set_up(position)
        self.last_move = last
        self.last_roll = tuple(int(d) for d in event["moves"][-1]["roll"]) if last else None
        self._pending_roll, self._kept_roll = keep, bool(keep and event.get("kept_roll"))
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
        forced that moved TENET's stone (:func:`.undoing.takes_roll`)."""
        return undoing.takes_roll(self._history, self.rules)

    @property
    def undo_clears(self) -> bool:
        """Whether the last move is the clearing of TENET's Pasch (R§6), taken back alone
        (:func:`.undoing.clears`)."""
        return undoing.clears(self.game, self._history, seen(self.position))

    @_step
    def undo(self) -> Verdict:
        """Take back the last accepted move (journal keeps both the move and the undo).
        The roll it was made with stays for the same player, unless the roll forced it
        or it was a Pasch's clearing (:func:`.undoing.undone` says which and why)."""
        self._fresh = False
        if not self._history:
            return self._say(Verdict("info", text("referee.nothing_to_undo")))
        undone = undoing.undone(self._history, self.rules, self.game, seen(self.position))
        self._history.pop()
        self._record("undo", undone.event)
        self._set_up(undone.before)
        self.last_move, self.last_roll, self._pasch = None, None, undone.pasch
        self._pending_roll, self._kept_roll = undone.pending, undone.pending is not None
        return self._say(undone.verdict)

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
