"""A Raspberry Pi's budget (issue 19): no position and roll may take more than 100 ms or
20 MB to judge a board or to check an announcement.

The reproductions are the worst rolls known: five players with five pieces each on the
rings, prediction on and right, 6+6 (Gravitation: 105,813 legal moves, 3.5 s and 300 MB
to list them all here), and Tunnel X's full ring with 1+1. Time is CPU time of this
process (the machine is shared), memory the peak that tracemalloc traces.
"""

from __future__ import annotations

import gc
import json
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.figures.start import serve_start
from companion.figures.worst import crowded, reproductions, tenet_crowded, tenet_searched
from companion.games.zwianer.check import check
from companion.model.position import Position
from companion.table.answers import SHOWN, Phase
from companion.table.referee import Referee
from companion.table.table import rules

BUDGET_MS, BUDGET_MB = 100.0, 20.0

# Gravitation: five players, five pieces each on the rings, prediction on and right, 6+6.
# Tunnel X: U3 full (four pieces of each player), each player's fifth piece on U1: 1+1 as
# 11 tunnels. The worst rolls known, as `companion bench` reproduces them.
(_, WORST, _), (_, FULL_RING, _) = reproductions()
# Five full stores, pushes that may each be defended: 2,031 outcomes leave one board.
_, CROWDED, CROWDED_ROLL, CROWDED_BOARD = crowded()

#: Each case: a position, its roll, and one legal move (its words, from, to).
CASES = [
    (WORST, (6, 6), ("Wurf 12, 11, 10, 9, 8, 7, Tunnel 6, 5, 4, 3, 2, 1, 0", "U1.10", "U2.22")),
    (
        FULL_RING,
        (1, 1),
        ("Wurf 11, 10, Tunnel 9, 8, 7, Tunnel 6, 5, 4, Tunnel 3, 2, 1, Tunnel 0", "U3.0", "U4.13"),
    ),
]
IDS = ["gravitation", "tunnelx"]


#: Runs of a call timed at least, and at most while every run so far was over the budget.
RUNS, MAX_RUNS = 3, 10
#: Seconds between runs past the first RUNS (no CPU time): a burst of the machine's other
#: work passes (note-s13: a 60-76 ms check was charged 112 ms in each of three runs, in a
#: whole-suite run beside other helpers' benches on this 2-core machine).
PAUSE_S = 0.2


def cost(
    call: Callable[[], Any], clock: Callable[[], float] = time.process_time
) -> tuple[Any, float, float]:
    """``call()``'s result, its CPU time in ms and its peak traced memory in MB (a last
    run, under tracemalloc, which slows it).

    The time is the best of :data:`RUNS` runs with the garbage collector off, as
    ``timeit`` measures: CI once charged a 10 ms call 217 ms, the collector sweeping the
    objects that a thousand earlier tests left behind, which is no cost of the call's
    own. While every run is over the budget, it is run again after a pause, up to
    :data:`MAX_RUNS` times: one run within the budget shows the code fits it, and code
    that does not is over in every run, so the budget still guards it.
    """
    times: list[float] = []
    gc.collect()
    gc.disable()
    try:
        while len(times) < RUNS or (min(times) > BUDGET_MS and len(times) < MAX_RUNS):
            if len(times) >= RUNS:
                time.sleep(PAUSE_S)
            t0 = clock()
            result = call()
            times.append((clock() - t0) * 1000)
    finally:
        gc.enable()
    tracemalloc.start()
    try:
        call()
        peak = tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()
    return result, min(times), peak


def test_a_call_slowed_by_a_burst_is_timed_at_its_best_and_one_always_over_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(time, "sleep", lambda _s: None)
    # each run as the clock charges it (ms): three over the budget, then one within
    charged = iter([0.0, 0.112, 1.0, 1.115, 2.0, 2.118, 3.0, 3.07, 4.0, 4.2])
    _, ms, _ = cost(lambda: None, lambda: next(charged))
    assert round(ms) == 70
    always = iter(x for run in range(MAX_RUNS) for x in (run, run + 0.104))
    runs = []
    _, ms, _ = cost(lambda: runs.append(1), lambda: next(always))
    assert len(runs) == MAX_RUNS + 1 and round(ms) == 104  # + the run under tracemalloc
    with pytest.raises(AssertionError):
        within_budget(ms, 1.0)


def rolled(position: Position, roll: tuple[int, ...]) -> Referee:
    referee = Referee.start(position, rules)
    referee.confirm_board()
    referee.observe_dice(list(roll))
    return referee


def the_move(position: Position, roll: tuple[int, int], said: tuple[str, str, str]) -> Any:
    """The legal move said so (the first, when the words fit several)."""
    verdict = check(position, roll, said[0], said[2], said[1])
    return verdict.move or verdict.candidates[0]


def within_budget(ms: float, mb: float) -> None:
    assert ms <= BUDGET_MS and mb <= BUDGET_MB, f"{ms:.0f} ms, {mb:.1f} MB"


@pytest.mark.parametrize(("position", "roll", "said"), CASES, ids=IDS)
def test_the_roll_is_read_within_the_budget(
    position: Position, roll: tuple[int, int], said: tuple[str, str, str]
) -> None:
    verdict, ms, mb = cost(lambda: rolled(position, roll).verdict)
    within_budget(ms, mb)
    assert verdict is not None and "legal moves" in verdict.reason


@pytest.mark.parametrize(("position", "roll", "said"), CASES, ids=IDS)
def test_a_legal_board_is_judged_within_the_budget(
    position: Position, roll: tuple[int, int], said: tuple[str, str, str]
) -> None:
    move = the_move(position, roll, said)
    board = dict(move.after.occupant)
    verdict, ms, mb = cost(lambda: rolled(position, roll).observe_board(board))
    within_budget(ms, mb)
    assert verdict is not None and verdict.kind == "legal"


@pytest.mark.parametrize(("position", "roll", "said"), CASES, ids=IDS)
def test_a_wrong_board_is_rejected_within_the_budget(
    position: Position, roll: tuple[int, int], said: tuple[str, str, str]
) -> None:
    board = dict(position.occupant)
    board["yellow.S1"] = board.pop("U1.0" if "U1.0" in board else "U1.10")  # red: not its station
    referee = rolled(position, roll)
    verdict, ms, mb = cost(lambda: rolled(position, roll).observe_board(board))
    within_budget(ms, mb)
    assert verdict is not None and verdict.kind == "illegal" and len(verdict.choices) == 3
    referee.observe_board(board)
    assert referee.phase is Phase.REJECTED


@pytest.mark.parametrize(("position", "roll", "said"), CASES, ids=IDS)
def test_an_announcement_is_checked_within_the_budget(
    position: Position, roll: tuple[int, int], said: tuple[str, str, str]
) -> None:
    words, start, end = said
    verdict, ms, mb = cost(lambda: check(position, roll, words, end, start))
    within_budget(ms, mb)
    assert verdict.verdict in ("legal", "ambiguous")  # Tunnel X: which pieces went home
    wrong = words.replace("Wurf 12, 11,", "Wurf 12, 10,").replace("Wurf 11, 10,", "Wurf 11, 9,")
    verdict, ms, mb = cost(lambda: check(position, roll, wrong))
    within_budget(ms, mb)
    assert verdict.verdict == "illegal" and verdict.candidates


def test_a_board_that_fits_thousands_of_outcomes_is_judged_within_the_budget() -> None:
    verdict, ms, mb = cost(lambda: rolled(CROWDED, CROWDED_ROLL).observe_board(CROWDED_BOARD))
    within_budget(ms, mb)
    assert verdict is not None and verdict.kind == "ambiguous"
    assert len(verdict.choices) == SHOWN and f"more than {SHOWN}" in verdict.reason


def test_a_board_next_to_thousands_of_outcomes_is_rejected_within_the_budget() -> None:
    board = dict(CROWDED_BOARD)
    board["U1.35"] = board.pop("U1.11")  # white's last pushed piece far round the orbit
    verdict, ms, mb = cost(lambda: rolled(CROWDED, CROWDED_ROLL).observe_board(board))
    within_budget(ms, mb)
    assert verdict is not None and verdict.kind == "illegal" and len(verdict.choices) == 3


def test_a_board_other_than_the_move_announced_first_is_judged_within_the_budget() -> None:
    """Review s9b: looking for the announced turn's first steps among every legal move
    listed cost 4.3 s and 304 MB here; only the words' own beginnings are tried."""
    said = next(
        m.announcement
        for m in rules(CROWDED, CROWDED_ROLL)
        if check(CROWDED, CROWDED_ROLL, m.announcement).verdict == "legal"
        and dict(m.after.occupant) != CROWDED_BOARD
    )

    def judged() -> Any:
        referee = rolled(CROWDED, CROWDED_ROLL)
        assert referee.announce(said, before_move=True).kind == "legal"
        return referee.observe_board(CROWDED_BOARD)

    verdict, ms, mb = cost(judged)
    within_budget(ms, mb)
    assert verdict is not None and verdict.kind == "setup"  # set the pieces as announced


def test_a_tenet_roll_with_a_thousand_next_steps_is_read_within_the_budget() -> None:
    _, position, roll = tenet_crowded()
    verdict, ms, mb = cost(lambda: rolled(position, roll).verdict)
    within_budget(ms, mb)
    assert verdict is not None and f"more than {SHOWN} legal moves" in verdict.reason


def test_a_tenet_step_picked_on_the_page_lists_the_next_steps_within_the_budget() -> None:
    _, position, roll = tenet_crowded()
    verdict, ms, mb = cost(lambda: rolled(position, roll).play(0))
    within_budget(ms, mb)
    assert verdict.kind == "legal" and "moves on with" in verdict.reason


def test_the_costliest_tenet_board_known_is_judged_within_the_budget() -> None:
    """Three players, 7+9+2 bringing a ball from start to K9.13 (1,862 step states and
    204 ms before the mover's balls had to walk home), and the same with a ball more."""
    _, position, roll, board = tenet_searched()
    verdict, ms, mb = cost(lambda: rolled(position, roll).observe_board(board))
    within_budget(ms, mb)
    assert verdict is not None and verdict.kind == "legal"
    wrong = {**board, "K1.23": "yellow"}
    verdict, ms, mb = cost(lambda: rolled(position, roll).observe_board(wrong))
    within_budget(ms, mb)
    assert verdict is not None and verdict.kind == "illegal" and verdict.choices


@pytest.mark.slow
def test_companion_bench_times_serve_until_its_page_answers() -> None:
    wall, cpu = serve_start()  # it passed --pin, which serve refuses since
    assert wall > 0 and cpu > 0


def test_moves_of_the_worst_roll_are_streamed_up_to_a_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "worst.json"
    path.write_text(WORST.dumps())
    out, ms, mb = cost(
        lambda: (
            main(["moves", str(path), "--roll", "6,6", "--limit", "5", "--json"]),
            capsys.readouterr().out,
        )
    )
    within_budget(ms, mb)
    code, text = out
    data = json.loads(text)
    assert code == 0 and data["count"] == len(data["moves"]) == 5
    assert (
        data["moves"][0]["announcement"]
        == check(WORST, (6, 6), data["moves"][0]["announcement"]).announcement
    )


def test_a_limit_is_a_positive_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "worst.json"
    path.write_text(WORST.dumps())
    with pytest.raises(SystemExit) as stop:
        main(["moves", str(path), "--roll", "6,6", "--limit", "0"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a limit is a whole number of moves" in err


def test_companion_bench_prints_the_figures_with_the_pi_estimate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--positions", "3", "--only", "rules"]) == 0
    out = capsys.readouterr().out
    for figure in ("roll read", "board judged", "wrong board", "words checked", "wrong words"):
        assert f"worst {figure}: " in out
    assert "Gravitation, 5 players, prediction right, 6+6: board judged" in out
    assert "a board of 2,031 outcomes: board judged" in out
    assert "1,068 next steps: roll read" in out and "to K9.13: board judged" in out
    assert "(Pi 4 ~" in out


def test_a_piece_sent_home_to_another_players_station_is_rejected() -> None:
    # the bench met this: the loose fit took white's station for yellow's and the
    # referee failed making the position ("yellow piece on white.S1") instead of rejecting
    move = the_move(FULL_RING, (1, 1), CASES[1][2])
    board = dict(move.after.occupant)
    home = next(f for f, c in board.items() if f.startswith("yellow.S"))
    board["white.S1"] = board.pop(home)
    verdict = rolled(FULL_RING, (1, 1)).observe_board(board)
    assert verdict is not None and verdict.kind == "illegal"


@pytest.mark.parametrize(("position", "roll", "said"), CASES, ids=IDS)
def test_a_board_with_a_field_the_layout_lacks_is_rejected(
    position: Position, roll: tuple[int, int], said: tuple[str, str, str]
) -> None:
    board = dict(position.occupant)
    board["X9"] = board.pop(said[1])  # the piece seen off the board's fields
    verdict = rolled(position, roll).observe_board(board)
    assert verdict is not None and verdict.kind == "illegal" and "X9" in verdict.reason
