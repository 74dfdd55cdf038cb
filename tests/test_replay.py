"""Recorded games refereed from camera frames: ``companion replay`` and the watcher.

The games are played by the real rules engine and filmed by the synthetic camera
(:mod:`companion.synth.game`); the referee must give exactly the verdicts of the ground
truth, from the frames alone.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.games.game import legal_moves
from companion.games.zwianer.selfplay import self_play
from companion.model.position import Position, start_position
from companion.store.events import fold
from companion.store.journal import Journal
from companion.synth.game import Filming, Recording, record_game
from companion.table.answers import Phase
from companion.table.referee import Referee
from companion.table.watch import Watcher
from companion.vision import BoardReader

pytestmark = pytest.mark.slow  # each recording takes a few seconds to film


def midgame(game: str, seed: int, turn: int, players: int) -> Position:
    turns = list(self_play(random.Random(seed), players=players, max_turns=turn + 1, game=game))
    return turns[turn].position


def save(position: Position, path: Path) -> Path:
    path.write_text(json.dumps(position.to_json()), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Recording:
    """Red and yellow from the start; turn 2 first goes wrong; hands and rolling dice."""
    start = start_position("gravitation", ["red", "yellow"])
    folder = tmp_path_factory.mktemp("plain")
    film = Filming(hand_chance=1.0, rolling_chance=1.0)
    return record_game(folder, start, seed=1, turns=5, filming=film, illegal_turns=[2])


@pytest.fixture(scope="module")
def pushes(tmp_path_factory: pytest.TempPathFactory) -> Recording:
    """Three players in mid-game, every turn a push where the dice allow one."""
    start = midgame("gravitation", seed=1, turn=3, players=3)
    folder = tmp_path_factory.mktemp("pushes")
    return record_game(folder, start, seed=2, turns=2, prefer=lambda m: bool(m.pushes))


@pytest.fixture(scope="module")
def send_home(tmp_path_factory: pytest.TempPathFactory) -> Recording:
    """Tunnel X: a piece sent home to its station."""
    start = midgame("tunnelx", seed=2, turn=1, players=2)
    folder = tmp_path_factory.mktemp("sendhome")
    return record_game(folder, start, seed=3, turns=2, prefer=lambda m: bool(m.destroyed))


def replay(
    rec: Recording, *extra: str, folder: Path | None = None, as_json: bool = True
) -> tuple[int, list[Any]]:
    """Run ``companion replay`` on the recording: exit code and the lines (parsed JSON)."""
    position = save(rec.start, rec.folder.parent / f"{rec.folder.name}-start.json")
    argv = ["replay", str(folder or rec.folder), "--game", rec.start.game]
    argv += ["--position", str(position), *extra] + (["--json"] if as_json else [])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    lines = out.getvalue().splitlines()
    return code, [json.loads(line) for line in lines] if as_json else lines


@pytest.fixture(scope="module")
def plain_replay(plain: Recording) -> tuple[int, list[dict[str, Any]]]:
    return replay(plain)


def judged(lines: list[dict[str, Any]]) -> list[tuple[object, object]]:
    return [
        (v["verdict"], v["announcement"])
        for v in lines
        if v["verdict"] in ("legal", "illegal", "ambiguous")
    ]


def truth(rec: Recording) -> list[tuple[str, str]]:
    return [(e.verdict, e.announcement) for e in rec.expected]


def test_every_move_of_a_recorded_game_is_judged_as_played(
    plain: Recording, plain_replay: tuple[int, list[dict[str, Any]]]
) -> None:
    code, lines = plain_replay
    assert judged(lines) == truth(plain)
    assert code == 1  # the referee rejected the wrong board of turn 2


def test_an_illegal_board_is_rejected_then_set_back_then_the_legal_move_accepted(
    plain_replay: tuple[int, list[dict[str, Any]]],
) -> None:
    _, lines = plain_replay
    kinds = [v["verdict"] for v in lines if v["verdict"] != "info" or "set back" in v["reason"]]
    at = kinds.index("illegal")
    assert kinds[at : at + 3] == ["illegal", "info", "legal"]
    illegal = next(v for v in lines if v["verdict"] == "illegal")
    assert "no legal move leads to this board" in str(illegal["reason"])
    frames = [str(v["frame"]) for v in lines]
    assert any("setback" in f for f in frames)


def test_a_push_is_judged_legal(pushes: Recording) -> None:
    assert any(e.pushes for e in pushes.expected), "the recording should hold a push"
    code, lines = replay(pushes)
    assert code == 0
    assert judged(lines) == truth(pushes)


def test_without_json_every_accepted_move_is_printed_with_its_frame(pushes: Recording) -> None:
    code, lines = replay(pushes, as_json=False)
    assert code == 0
    legal = [line for line in lines if ": LEGAL: " in line]
    assert [line.split(": LEGAL: ")[1] for line in legal] == pushes.announcements
    assert all(line.split(":")[0].endswith("-move.jpg") for line in legal)


def test_a_tunnel_x_send_home_is_judged_legal(send_home: Recording) -> None:
    assert any(e.destroyed for e in send_home.expected), "a piece should be sent home"
    code, lines = replay(send_home)
    assert code == 0
    assert judged(lines) == truth(send_home)


def test_hands_over_the_board_and_rolling_dice_are_ignored(plain: Recording) -> None:
    referee = Referee.start(plain.start, legal_moves)
    watcher = Watcher(referee, BoardReader(plain.start.layout))
    kinds: dict[str, set[tuple[str, bool]]] = {}
    for path in plain.frames:
        image = np.asarray(cv2.imread(str(path)), np.uint8)
        glance = watcher.feed(image)
        kinds.setdefault(path.stem.split("-")[1], set()).add((glance.kind, glance.still))
        if "hand" in path.stem or "rolling" in path.stem:
            assert glance.verdict is None
    assert kinds["hand"] == {("board", False)}
    assert kinds["rolling"] == {("dice", False)}
    assert ("dice", True) in kinds["dice"]
    assert referee.position == plain.final
    assert referee.phase is Phase.ROLL


def test_killed_mid_game_and_resumed_loses_nothing(plain: Recording, tmp_path: Path) -> None:
    journal = tmp_path / "game.db"
    start = save(plain.start, tmp_path / "start.json")
    command = [sys.executable, "-m", "companion", "replay", str(plain.folder)]
    command += ["--position", str(start), "--journal", str(journal), "--json"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    legal = 0
    for line in proc.stdout:  # kill -9 right after the third accepted move
        legal += json.loads(line)["verdict"] == "legal"
        if legal == 3:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait()
    assert proc.returncode == -signal.SIGKILL

    with Journal(journal) as j:
        (game,) = j.unfinished()
        kept = fold(list(j.events(game.id))).announcements
    assert kept == plain.announcements[: len(kept)] and len(kept) >= 3
    # the camera comes back on the board as it stands: the last judged board on
    rest = tmp_path / "rest"
    rest.mkdir()
    first = [e for e in plain.expected if e.verdict == "legal"][len(kept) - 1].frame
    for path in plain.frames[first:]:
        shutil.copy(path, rest / path.name)
    code, lines = replay(plain, "--journal", str(journal), folder=rest)
    assert code == 0
    assert [a for v, a in judged(lines)] == plain.announcements[len(kept) :]
    with Journal(journal) as j:
        (game,) = j.games()
        state = fold(list(j.events(game.id)))
    assert state.announcements == plain.announcements
    assert state.position == plain.final


def test_the_same_throw_after_a_move_is_a_new_roll(plain: Recording) -> None:
    """Dice landing as last time (the same values within a few pixels) are news once the
    board was seen in between; the very picture the last roll was read from is not
    (trial s10: after a forced pass it was booked again as the next player's roll)."""
    frames = {path.stem: np.asarray(cv2.imread(str(path)), np.uint8) for path in plain.frames}
    start = [frames[f] for f in frames if f.endswith("-start")]
    first_move = plain.expected[0]
    throw = [frames[f] for f in frames if f.endswith("-dice")][:3]
    landed_alike = [np.roll(f, 3, axis=1) for f in throw]  # 3 px over: another picture
    board = [frames[f] for f in frames if f.endswith("-move")][:4]
    referee = Referee.start(plain.start, legal_moves)
    watcher = Watcher(referee, BoardReader(plain.start.layout))
    verdicts = [watcher.feed(f).verdict for f in start + throw + board]
    assert [watcher.feed(f).verdict for f in throw] == [None] * 3  # the same picture
    verdicts += [watcher.feed(f).verdict for f in board + landed_alike]
    said = [v.reason for v in verdicts if v is not None and v.kind == "info"]
    assert said[-1].startswith(f"{plain.start.next_player()} rolled")
    legal = [v.announcement for v in verdicts if v is not None and v.kind == "legal"]
    assert legal == [first_move.announcement]
