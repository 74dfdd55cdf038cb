"""A table that plays itself through the page, watched by the synthetic camera.

The soak behind ``bench/live.py`` and the live-table tests (issue: stale frames). The
camera thread runs at the camera's real frame rate, photographing the table; a driver
plays random legal moves the two ways players make them:

* **picked on the page** (``POST /play/<n>``): the position changes at once, and the
  synthetic camera shows the new board from its next frame, as ``companion serve`` does;
* **made on the board**: the pieces are set as a legal outcome (for TENET a whole turn),
  the camera sees them, and the referee infers the move from the still board (a board
  that fits several outcomes is settled with ``POST /choose/0``).

The dice are entered on the page (``POST /dice``). Every verdict the referee says is
watched: a warning (``setup`` or ``illegal``) is false, since every move is legal and the
pieces always end as the position says; a position the referee reaches that no player
made is a phantom move. Timed: from a move (the pick sent, the pieces set down) to the
referee's verdict on it, wall clock.
"""

from __future__ import annotations

import random
import re
import statistics
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from flask.testing import FlaskClient

from companion.camera import Supervisor, SyntheticSource
from companion.games.game import legal_moves
from companion.model.boards import seen
from companion.model.position import Position, start_position
from companion.table.answers import Phase, Verdict
from companion.table.live import Live, TablePhotographer, wait_for
from companion.table.referee import Referee
from companion.table.table import Table
from companion.table.watch import Watcher, dice_kind_of
from companion.vision import BoardReader
from companion.web import create_app
from companion.web.table import dice_inputs

#: The games a table can play, as ``--game`` names them.
GAMES = ("gravitation", "tunnelx", "tuerme", "tenet")

#: How long the driver waits for the camera or the referee before it counts a stall.
PATIENCE = 20.0


@dataclass
class Soak:
    """What a soak saw: moves made, warnings and phantoms, and the time to each verdict."""

    game: str
    moves: int = 0
    picked: int = 0  # of the moves, picked on the page; the rest made on the board
    false_warnings: list[str] = field(default_factory=list)
    phantoms: list[str] = field(default_factory=list)
    stalls: list[str] = field(default_factory=list)
    verdict_ms: list[float] = field(default_factory=list)

    def line(self) -> str:
        """``live: N moves, F false warnings, P phantom moves, verdict median …, p95 …``."""
        times = sorted(self.verdict_ms) or [0.0]
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        return (
            f"live: {self.moves} moves, {len(self.false_warnings)} false warnings, "
            f"{len(self.phantoms)} phantom moves, verdict median "
            f"{statistics.median(times):.0f} ms, p95 {p95:.0f} ms"
        )


class _Board(TablePhotographer):
    """The synthetic camera's subject: the table's position, or the pieces a player has
    just set down (``lead``) that the referee has not yet seen."""

    def __init__(self, table: Table, seed: int) -> None:
        super().__init__(table, seed)
        self.lead: Position | None = None

    def subject(self) -> Position:
        return self.lead or super().subject()


def soak(game: str, moves: int, *, fps: float = 10.0, seed: int = 1) -> Soak:
    """Play ``moves`` random legal moves of ``game`` through the page; see the module."""
    rng = random.Random(seed)
    start = _start(game)
    table = Table.new(start)
    board = _Board(table, seed)
    camera = Supervisor(SyntheticSource(board, fps=fps))
    reader = BoardReader(start.layout)
    live = Live(table, camera, Watcher(table.referee, reader, dice_kind=dice_kind_of(game)), board)
    # one client sends every form of the game, faster than a table of players would
    app = create_app({"TABLE": table, "LIVE": live, "TESTING": True, "POSTS_PER_MINUTE": 10**6})
    client = app.test_client()
    page = client.get("/").get_data(as_text=True)
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    token = found.group(1) if found else ""
    result = Soak(game)
    watch = _Watch(table, result, live)
    live.start()
    try:
        _await(watch, "the board set up", lambda: table.referee.phase is Phase.ROLL)
        idle = 0  # rolls in a row that led to no move: the game is stuck, say so and stop
        while result.moves < moves and idle < 20:
            before = (result.moves, table.referee.position)
            if table.referee.phase is Phase.OVER:
                table.restart(_start(game))
                watch.follow(table)
                _await(watch, "a new game set up", lambda: table.referee.phase is Phase.ROLL)
            dice = {
                f"die{n}": str(rng.choice(faces))
                for n, (_, faces) in enumerate(dice_inputs(table.position), 1)
            }
            watch.expect(table.position)  # a forced pass leaves the board as it is
            _post(client, "/dice", {**dice, "csrf_token": token}, result)
            while table.referee.phase is Phase.MOVE and result.moves < moves:
                if rng.random() < 0.5:
                    _pick(client, token, table, rng, result, watch)
                else:
                    _set_down(client, token, table, board, rng, result, watch)
                _await(watch, "the camera to see the board", lambda: _seen(live, table))
            moved = (result.moves, table.referee.position) != before  # a move, or a pass
            idle = 0 if moved else idle + 1
        if idle:
            _await(watch, "the game to go on", lambda: False)  # said as a stall, with why
    finally:
        live.stop()
    return result


#: The piece colours the board reader knows without a calibration (docs/vision.md).
READ_COLOURS = ("red", "yellow", "green", "blue", "white")


def _start(game: str) -> Position:
    """Two players, in the first two colours of the board that the default profiles read."""
    layout = start_position(game).layout
    return start_position(game, players=[c for c in layout.colours if c in READ_COLOURS][:2])


class _Watch:
    """Counts warnings and moves no driver made, from the referee's own listeners."""

    def __init__(self, table: Table, result: Soak, live: Live) -> None:
        self.result, self.live = result, live
        self.lock = threading.Lock()
        self.expected: set[tuple[str, ...]] = set()  # boards a move may now reach
        self.said: list[tuple[float, Verdict]] = []
        self.follow(table)

    def follow(self, table: Table) -> None:
        self.table, self.last = table, table.referee.position
        table.referee.listeners.append(self._heard)

    def expect(self, position: Position) -> None:
        with self.lock:
            self.expected.add(_key(position))

    def _heard(self, referee: Referee) -> None:
        verdict = referee.verdict
        with self.lock:
            if verdict is not None:
                self.said.append((time.perf_counter(), verdict))
                if verdict.kind in ("setup", "illegal"):
                    self.result.false_warnings.append(verdict.reason)
            if referee.position is not self.last:  # a move was accepted
                self.last = referee.position
                if _key(referee.position) in self.expected:
                    self.expected.clear()
                else:
                    self.result.phantoms.append(verdict.announcement if verdict else "?")

    def verdict_after(self, since: float) -> float | None:
        """When the first legal verdict since ``since`` was said (perf_counter)."""
        with self.lock:
            return next((t for t, v in self.said if t >= since and v.kind == "legal"), None)


def _key(position: Position) -> tuple[str, ...]:
    return tuple(sorted(f"{f}={c}" for f, c in seen(position).items()))


def _pick(
    client: FlaskClient, token: str, table: Table, rng: random.Random, result: Soak, watch: _Watch
) -> None:
    with table.lock:
        legal = table.referee.legal
        index = rng.randrange(len(legal))
        watch.expect(legal[index].after)
    since = time.perf_counter()
    _post(client, f"/play/{index}", {"csrf_token": token}, result)
    _timed(result, watch, since, "a picked move")
    result.moves += 1
    result.picked += 1


def _set_down(
    client: FlaskClient,
    token: str,
    table: Table,
    board: _Board,
    rng: random.Random,
    result: Soak,
    watch: _Watch,
) -> None:
    """The player moves the pieces: a random legal outcome (TENET: a whole turn)."""
    with table.lock:
        position, roll = table.referee.position, table.referee.roll or ()
        move = rng.choice(table.referee.legal)
    while move.after.spent:  # TENET: step on until the turn is used up
        move = rng.choice(list(legal_moves(move.after, roll)))
    if seen(move.after) == seen(position):  # a Pasch: no board shows it, so it is picked
        _pick(client, token, table, rng, result, watch)
        return
    watch.expect(move.after)
    since = time.perf_counter()
    board.lead = move.after
    decided = _await(
        watch,
        "the referee to judge the board",
        lambda: (
            table.referee.phase in (Phase.ROLL, Phase.OVER, Phase.DECIDE)
            or table.referee.position.placement != position.placement
        ),
    )
    if decided and table.referee.phase is Phase.DECIDE:
        with table.lock:
            watch.expect(table.referee.candidates[0].after)
        _post(client, "/choose/0", {"csrf_token": token}, result)
    _timed(result, watch, since, "a move set down")
    board.lead = None
    result.moves += 1


def _post(client: FlaskClient, path: str, form: dict[str, str], result: Soak) -> None:
    """A form sent as the page sends it; an answer other than the page again is a stall."""
    response = client.post(path, data=form)
    if response.status_code != 302:
        result.stalls.append(f"POST {path} answered {response.status_code}")


def _timed(result: Soak, watch: _Watch, since: float, what: str) -> None:
    if _await(watch, f"the verdict on {what}", lambda: watch.verdict_after(since) is not None):
        done = watch.verdict_after(since)
        assert done is not None
        result.verdict_ms.append((done - since) * 1000)


def _seen(live: Live, table: Table) -> bool:
    glance = live.glance
    return bool(
        glance is not None
        and glance.kind == "board"
        and glance.still
        and glance.read is not None
        and _board(glance.read.fields, table) == _board(seen(table.position), table)
    )


def _board(fields: Mapping[str, str], table: Table) -> dict[str, str]:
    board = dict(fields)
    for unseen in table.position.spec.unseen:
        board.pop(unseen, None)
    return board


def _await(watch: _Watch, what: str, done: Callable[[], bool]) -> bool:
    """Wait for ``done``; past :data:`PATIENCE` a stall, said with the referee's phase and
    verdict and what the camera made of the table meanwhile."""
    if wait_for(done, PATIENCE):
        return True
    ref, glance = watch.table.referee, watch.live.glance
    said = f"{ref.verdict.kind}: {ref.verdict.reason}" if ref.verdict else "nothing"
    camera = "no frame"
    if glance is not None:
        camera = f"{glance.kind}, {'still' if glance.still else 'not still'}: {glance.note}"
    watch.result.stalls.append(
        f"waited {PATIENCE:.0f} s for {what} ({ref.phase.name}, {said}; camera: {camera})"
    )
    return False
