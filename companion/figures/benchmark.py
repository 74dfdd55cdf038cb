"""The figures of ``companion bench`` and ``bench/rules.py``: what the rules and the start
cost on this machine, so that the first user with a Raspberry Pi can measure it.

Every time is CPU time (``time.process_time`` of this process, or the user + system time
of a child process), which other programs on the machine hardly change; memory is the
peak that ``tracemalloc`` traces while the call runs again (Python's own allocations,
which is what a search builds). Each figure is printed with the Pi 4 estimate beside it:
five times the time here (one Pi 4 core is about five times slower than this machine's),
to be replaced by what the Pi itself prints.
"""

from __future__ import annotations

import json
import os
import platform
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

#: How much slower one core of a Raspberry Pi 4 is than this machine's (docs/install-pi.md).
PI_FACTOR = 5.0


def pi(ms: float) -> str:
    """A time here and its Pi 4 estimate: ``12.0 ms (Pi 4 ~60 ms)``."""
    return f"{ms:.1f} ms (Pi 4 ~{ms * PI_FACTOR:.0f} ms)"


def cpu_ms(call: Callable[[], Any]) -> tuple[Any, float]:
    """``call()``'s result and its CPU time in ms."""
    t0 = time.process_time()
    result = call()
    return result, (time.process_time() - t0) * 1000


def peak_mb(call: Callable[[], Any]) -> float:
    """The peak memory in MB that tracemalloc traces while ``call()`` runs."""
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def machine() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"machine: {platform.machine()} {platform.processor() or ''}, python "
        f"{platform.python_version()}, load average {load}"
    ).replace("  ", " ")


# ------------------------------------------------------------------ rules


@dataclass
class Worst:
    """The costliest call met: what it was, its CPU time and how to run it again."""

    ms: float = -1.0
    what: str = ""
    prepare: Callable[[], Any] | None = None
    call: Callable[[Any], Any] | None = None
    built: int = 0

    def peak(self) -> float:
        """The call's peak traced memory in MB, run again (what it needs prepared, not)."""
        assert self.prepare is not None and self.call is not None
        ready = self.prepare()
        call = self.call
        return peak_mb(lambda: call(ready))


@dataclass
class Figures:
    """CPU times (ms) and Moves built of one kind of call over a corpus."""

    name: str
    times: list[float] = field(default_factory=list)
    built: list[int] = field(default_factory=list)
    worst: Worst = field(default_factory=Worst)

    def measure(self, what: str, prepare: Callable[[], Any], call: Callable[[Any], Any]) -> None:
        """Times ``call(prepare())`` (the preparing not timed) and counts the Moves built."""
        from companion.games.zwianer.turn import moves_built

        ready = prepare()
        before = moves_built()
        _, ms = cpu_ms(lambda: call(ready))
        self.times.append(ms)
        self.built.append(moves_built() - before)
        if ms > self.worst.ms:
            self.worst = Worst(ms, what, prepare, call, self.built[-1])

    def line(self) -> str:
        times = sorted(self.times)
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        return (
            f"{self.name:18s} n={len(times):4d}  median {pi(statistics.median(times))}, "
            f"p99 {pi(p99)}, max {pi(times[-1])}; Moves built: max {max(self.built)}"
        )


WORST_GRAVITATION = {
    "red": ["U1.10", "U2.26", "U3.18", "U4.7", "U5.10"],
    "yellow": ["U2.37", "U3.11", "U4.3", "U5.2", "U5.4"],
    "green": ["U1.17", "U1.35", "U2.15", "U2.32", "U3.16"],
    "blue": ["U1.12", "U1.32", "U2.39", "U4.2", "U4.16"],
    "white": ["U2.28", "U3.10", "U4.15", "U5.12", "U5.13"],
}


def reproductions() -> list[tuple[str, Any, tuple[int, int]]]:
    """The worst rolls known (issue 19, tests/test_rules_budget.py): name, position, roll."""
    from companion.model.layoutfile import load_layout
    from companion.model.position import Position

    layout = load_layout("gravitation")
    colours = layout.colours
    worst = Position.create(
        "gravitation",
        layout,
        colours,
        "red",
        WORST_GRAVITATION,
        phase=3,
        options={"prediction": True},
    )
    full = {
        c: [*(f"U3.{n}" for n in range(i, 20, 5)), f"U1.{8 * i}"] for i, c in enumerate(colours)
    }
    return [
        ("Gravitation, 5 players, prediction right, 6+6", replace(worst, prediction=6), (6, 6)),
        (
            "Tunnel X, a full ring, 1+1",
            Position.create("tunnelx", layout, colours, "red", full),
            (1, 1),
        ),
    ]


#: Five players with full stores, four pieces in a row on U1 with gaps between them: the
#: Stöße of an 11 may each be defended, and 2,031 outcomes (who spent how many store
#: points) leave one board, which the camera cannot tell apart (found by a random search
#: over dense boards with full stores; bench/rules.py).
CROWDED_GRAVITATION = {
    "red": ["U1.2", "U1.19", "U2.8", "U2.12", "U2.24"],
    "yellow": ["U1.9", "U2.4", "U2.5", "U2.13", "U2.32"],
    "green": ["U1.7", "U1.15", "U2.11", "U2.27", "U2.36"],
    "blue": ["U1.1", "U1.33", "U2.17", "U2.34", "U2.38"],
    "white": ["U1.11", "U1.31", "U1.34", "U1.36", "U2.29"],
}

#: A move of that roll whose board all 2,031 outcomes leave: blue's piece stays, the four
#: pushed pieces move on.
CROWDED_WORDS = (
    "Wurf 11, Umlaufbahn 10, Stoß 10, 9, 8, 7, 6, Stoß 6, 5, Stoß 5, 4, Stoß 4, Abwehr 0"
)


def crowded() -> tuple[str, Any, tuple[int, int], dict[str, str]]:
    """The board that fits the most outcomes known: name, position, roll and the board."""
    from companion.games.zwianer.check import check
    from companion.model.layoutfile import load_layout
    from companion.model.position import Position

    layout = load_layout("gravitation")
    colours = layout.colours
    position = Position.create(
        "gravitation",
        layout,
        colours,
        "blue",
        CROWDED_GRAVITATION,
        phase=3,
        energy={c: 5 for c in colours},
        options={"prediction": True},
    )
    position = replace(position, prediction=5)
    move = check(position, (5, 6), CROWDED_WORDS, "U1.1", "U1.1").move
    assert move is not None, "the crowded board's move is legal"
    return (
        "Gravitation, five full stores, 5+6, a board of 2,031 outcomes",
        position,
        (5, 6),
        dict(move.after.occupant),
    )


#: TENET with nine players, 60 balls on the board (self-play, seed 26): the roll 2, 4, 3
#: has 1,068 legal next steps, 180 ms to list them all here.
TENET_CROWDED = {
    "red": ["start", "K1.20", "X1-2", "E2-3", "K3.5", "K3.30", "X7-8", "K8.16", "K8.23"],
    "orange": ["K1.11", "K3.24", "K4.9", "K4.30", "K5.1", "K5.17", "K5.25", "K7.7", "K7.22"],
    "yellow": ["start", "K1.7", "K1.8", "E5-6", "K5.30", "K6.8", "K7.26", "K9.7", "K9.15"],
    "green": ["start", "start", "start", "E1-9", "K2.8", "K6.6", "K6.22", "K6.26", "K9.11"],
    "turquoise": ["start", "start", "start", "K1.27", "K3.6", "X5-6", "E6-7", "K8.1", "K8.4"],
    "blue": ["start", "start", "start", "K2.3", "P3.0", "K3.17", "P6.0", "K7.30", "P6.18"],
    "purple": ["X1-9", "K2.30", "K4.25", "K6.14", "K7.11", "K8.14", "E8-9", "K9.20", "K9.24"],
    "white": ["K1.0", "K1.30", "K2.7", "K6.0", "K9.5", "P9.0", "K9.13", "K9.14", "K9.16"],
    "black": ["K2.1", "K3.7", "K3.18", "K4.17", "K4.27", "K5.28", "K7.17", "K7.18", "K8.5"],
}


def tenet_crowded() -> tuple[str, Any, tuple[int, ...]]:
    """The TENET roll with the most next steps known: name, position, roll."""
    from companion.model.position import position_from_json

    position = position_from_json(
        {
            "game": "tenet",
            "layout": "tenet-2",
            "players": list(TENET_CROWDED),
            "to_move": "yellow",
            "pieces": TENET_CROWDED,
            "stone": "P6.5",
        }
    )
    return "TENET, 9 players, 60 balls out, 2+4+3: 1,068 next steps", position, (2, 4, 3)


#: TENET, three players (self-play, seed 2): orange's 7+9+2 takes one ball from start to
#: K9.13: the costliest board search known before its balls had to walk home (1,862
#: states, 204 ms; now 178).
TENET_SEARCHED = {
    "red": ["start", "start", "K1.13", "K1.17", "X1-2", "K1.27", "K1.28", "K5.13", "K9.20"],
    "orange": ["start", "start", "start", "K1.7", "K1.11", "K4.3", "K5.0", "K5.6", "K9.25"],
    "yellow": ["start", "K2.26", "K5.3", "K7.22", "K8.4", "K8.5", "K8.6", "K8.8", "K9.3"],
}


def tenet_searched() -> tuple[str, Any, tuple[int, ...], dict[str, str]]:
    """The TENET board whose search costs most known: name, position, roll, the board."""
    from companion.games.tenet.live import seen
    from companion.model.position import position_from_json

    position = position_from_json(
        {
            "game": "tenet",
            "layout": "tenet-2",
            "players": list(TENET_SEARCHED),
            "to_move": "orange",
            "pieces": TENET_SEARCHED,
            "stone": "P4.5",
        }
    )
    board = {**seen(position), "K9.13": "orange"}
    return "TENET, 3 players, 7+9+2, a ball from start to K9.13", position, (7, 9, 2), board


def _rolled(position: Any, roll: tuple[int, ...]) -> Any:
    """A referee that has seen the board set up and the roll: ready to judge."""
    from companion.games.game import legal_move_generator
    from companion.table.referee import Referee

    referee = Referee.start(position, legal_move_generator)
    referee.confirm_board()
    referee.observe_dice(list(roll))
    return referee


def _nothing() -> None:
    return None


def _roll(_: None, pos: Any, roll: tuple[int, ...]) -> Any:
    return _rolled(pos, roll)


def _judge(referee: Any, board: Mapping[str, str]) -> Any:
    return referee.observe_board(board)


def _check(_: None, pos: Any, roll: tuple[int, int], said: str) -> Any:
    from companion.games.zwianer.check import check

    return check(pos, roll, said)


def rules(positions: int = 200, seed: int = 1, out: Callable[[str], None] = print) -> None:
    """The rules figures: listing every move, and what the referee and the checker pay for
    a roll, a board (one a random legal move leaves, one with a piece put on a random free
    field) and an announcement (a legal move's words, and the same with one count too
    many), over random reachable positions and the worst rolls known; then the board
    that fits the most outcomes known (and a piece off it), TENET's roll with the most
    next steps and its costliest board search known (and a ball more)."""
    from companion.games import GAMES
    from companion.games.game import game as rules_of
    from companion.games.zwianer.live import LegalMoves
    from companion.games.zwianer.selfplay import self_play

    for name in GAMES:  # each game's modules load on first use: time calls, not imports
        rules_of(name)
    rng = random.Random(seed)
    corpus: list[tuple[Any, tuple[int, int]]] = []
    n = 0
    options = {
        "gravitation": {"death_push": True, "prediction": True},
        "tunnelx": {"variant_2_1": True},
    }
    while len(corpus) < positions * 3:
        game = ("gravitation", "tunnelx")[n % 2]
        for turn in self_play(rng, 2 + n // 2 % 4, 3, options[game], max_turns=150, game=game):
            corpus.append((turn.position, turn.roll))
        n += 1
    rng.shuffle(corpus)
    corpus = corpus[:positions]
    extra = reproductions()
    figs = {
        k: Figures(k)
        for k in ("roll read", "board judged", "wrong board", "words checked", "wrong words")
    }
    listed: list[float] = []

    for pos, roll in [*corpus, *((p, r) for _, p, r in extra)]:
        what = f"{json.dumps(pos.to_json())} roll {roll[0]},{roll[1]}"
        moves = LegalMoves(pos, roll)
        if len(listed) < len(corpus):
            listed.append(cpu_ms(partial(list, LegalMoves(pos, roll)))[1])
            move = rng.choice(moves)
        else:  # a worst roll: a move among the first, not all of them built
            move = moves.first(250)[-1]
        wrong = dict(pos.occupant)
        free = [f for f in pos.layout.fields if f not in wrong]
        wrong[rng.choice(free)] = wrong.pop(rng.choice(pos.pieces[pos.to_move]))
        ready = partial(_rolled, pos, roll)
        said = move.announcement
        figs["roll read"].measure(what, _nothing, partial(_roll, pos=pos, roll=roll))
        figs["board judged"].measure(what, ready, partial(_judge, board=move.after.occupant))
        figs["wrong board"].measure(what, ready, partial(_judge, board=wrong))
        figs["words checked"].measure(
            what, _nothing, partial(_check, pos=pos, roll=roll, said=said)
        )
        wrong_words = partial(_check, pos=pos, roll=roll, said=said + ", 0")
        figs["wrong words"].measure(what, _nothing, wrong_words)
    out(
        f"rules: {len(corpus)} positions met in self-play (2-5 players, every option on, seed "
        f"{seed}) and the {len(extra)} worst rolls known; CPU time per call"
    )
    listed.sort()
    out(
        f"  {'every move listed':18s} n={len(listed):4d}  median {pi(statistics.median(listed))}, "
        f"max {pi(listed[-1])} (what `companion moves` pays; the referee does not)"
    )
    for fig in figs.values():
        out("  " + fig.line())
    for name, pos, roll in extra:
        judging, checking = Figures("board judged"), Figures("words checked")
        move = LegalMoves(pos, roll).first(250)[-1]
        judging.measure(
            name, partial(_rolled, pos, roll), partial(_judge, board=move.after.occupant)
        )
        checking.measure(
            name, _nothing, partial(_check, pos=pos, roll=roll, said=move.announcement)
        )
        judged, checked = judging.worst, checking.worst
        out(
            f"  {name}: board judged {pi(judged.ms)}, peak {judged.peak():.2f} MB; "
            f"words checked {pi(checked.ms)}, peak {checked.peak():.2f} MB"
        )
    name, pos, roll, board = crowded()
    off = dict(board)
    off["U1.35"] = off.pop("U1.11")  # the last pushed piece far round the orbit: illegal
    judged, rejected = _judged_and_rejected(name, pos, roll, board, off)
    out(
        f"  {name}: board judged {pi(judged.ms)}, peak {judged.peak():.2f} MB, "
        f"{judged.built} Moves built; a piece off it {pi(rejected.ms)}, peak "
        f"{rejected.peak():.2f} MB, {rejected.built} Moves built"
    )
    _tenet(out)
    for fig in figs.values():
        w = fig.worst
        out(
            f"  worst {fig.name}: {pi(w.ms)}, peak {w.peak():.2f} MB, {w.built} Moves built: "
            f"{w.what}"
        )


def _judged_and_rejected(
    name: str, pos: Any, roll: tuple[int, ...], board: Mapping[str, str], off: Mapping[str, str]
) -> tuple[Worst, Worst]:
    """The cost of judging ``board`` (its move) and ``off`` (no move leads there)."""
    judging, rejecting = Figures("board judged"), Figures("wrong board")
    judging.measure(name, partial(_rolled, pos, roll), partial(_judge, board=board))
    rejecting.measure(name, partial(_rolled, pos, roll), partial(_judge, board=off))
    return judging.worst, rejecting.worst


def _tenet(out: Callable[[str], None]) -> None:
    """TENET's worst known: a roll with a thousand next steps, a board searched long."""
    name, pos, roll = tenet_crowded()
    reading = Figures("roll read")
    reading.measure(name, _nothing, partial(_roll, pos=pos, roll=roll))
    read = reading.worst
    out(f"  {name}: roll read {pi(read.ms)}, peak {read.peak():.2f} MB")
    name, pos, roll, board = tenet_searched()
    off = {**board, "K1.23": "yellow"}  # a foreign ball more: no turn explains it
    judged, rejected = _judged_and_rejected(name, pos, roll, board, off)
    out(
        f"  {name}: board judged {pi(judged.ms)}, peak {judged.peak():.2f} MB; a ball "
        f"more {pi(rejected.ms)}, peak {rejected.peak():.2f} MB"
    )


# ------------------------------------------------------------------ start


def child_cpu(argv: list[str]) -> float:
    """CPU seconds (user + system) of running ``argv`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def serve_start(timeout: float = 60.0) -> tuple[float, float]:
    """Seconds from starting ``companion serve`` (synthetic camera, mock pins, a fresh
    journal) until its page answers: the wall clock and the server's CPU time by then."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "config.toml"
        config.write_text(f'data_dir = "{tmp}"\n[camera]\nsource = "synthetic"\n')
        env = dict(os.environ, GPIOZERO_PIN_FACTORY="mock")
        argv = [sys.executable, "-m", "companion", "serve", "--config", str(config)]
        argv += ["--host", "127.0.0.1", "--port", str(port)]  # the PIN: made in tmp
        t0 = time.perf_counter()
        server = subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
        )
        try:
            while time.perf_counter() - t0 < timeout:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                        break
                except OSError:
                    if server.poll() is not None:
                        raise RuntimeError(
                            "companion serve stopped before its page answered"
                        ) from None
                    time.sleep(0.01)
            wall = time.perf_counter() - t0
            stat = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
            cpu = (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")
        finally:
            server.terminate()
            server.wait(timeout=10)
    return wall, cpu


def start(repeats: int = 3, out: Callable[[str], None] = print) -> None:
    """How long the command line and the page take to start (medians of ``repeats``)."""
    me = [sys.executable, "-m", "companion"]
    example = Path(__file__).parents[2] / "docs" / "examples" / "push.json"
    checks: list[tuple[str, list[str]]] = [("companion --help", [*me, "--help"])]
    if example.exists():
        checks.append(("companion check", [*me, "check", str(example), "--roll", "3,2", "Wurf 5"]))
    out(f"start: CPU time of the whole process, interpreter included, median of {repeats}")
    for name, argv in checks:
        ms = statistics.median(child_cpu(argv) for _ in range(repeats)) * 1000
        out(f"  {name:28s} {pi(ms)}")
    if sys.platform == "linux":
        runs = [serve_start() for _ in range(repeats)]
        wall = statistics.median(w for w, _ in runs) * 1000
        cpu = statistics.median(c for _, c in runs) * 1000
        out(f"  {'companion serve, page answers':28s} {pi(cpu)} of CPU, {wall:.0f} ms wall here")
