"""The rules figures of ``companion bench`` and ``bench/rules.py``: listing every move, and
what the referee and the checker pay for a roll, a board and an announcement, over random
reachable positions and the worst cases known (companion.figures.worst); how each figure
is taken: companion.figures.measure."""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from companion.figures.measure import Figures, Worst, cpu_ms, pi
from companion.figures.worst import crowded, reproductions, tenet_crowded, tenet_searched


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
