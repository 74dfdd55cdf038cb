"""The live table referees the race game: photographed boards through the watcher, the
referee judging each move against the race engine (towers seen from above, homes as one
disc however many wait there)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from companion.games.game import legal_moves
from companion.model.position import start_position
from companion.synth.board import default_camera, photograph, random_pose
from companion.table.answers import Phase
from companion.table.referee import Referee
from companion.table.watch import Watcher
from companion.vision import BoardReader


@pytest.mark.slow
def test_a_race_game_is_refereed_from_the_camera() -> None:
    start = start_position("tuerme", players=["red", "yellow"])
    referee = Referee.start(start, legal_moves)
    watcher = Watcher(referee, BoardReader(start.layout))
    rng, pick = np.random.default_rng(5), random.Random(5)
    camera = default_camera()
    rvec, tvec = random_pose(start.layout.width, start.layout.height, camera, rng)

    def film(position):  # type: ignore[no-untyped-def]
        frames = photograph(position, rng, camera=camera, rvec=rvec, tvec=tvec, scene_seed=7)
        said = [watcher.feed(frames.image).verdict for _ in range(4)]
        return [v for v in said if v is not None]

    assert [v.kind for v in film(start)] == ["info"]  # set up: roll the dice
    moved = 0
    for _ in range(10):
        roll = sorted((pick.randint(1, 6), pick.randint(1, 6)), reverse=True)
        referee.observe_dice(roll)
        if referee.phase is not Phase.MOVE:  # a pass: judged on the roll alone
            continue
        move = pick.choice(referee.legal)
        verdicts = film(move.after)
        assert [v.kind for v in verdicts] == ["legal"], move.announcement
        assert verdicts[0].announcement == move.announcement
        assert referee.position == move.after
        moved += 1
    assert moved >= 5


def test_what_a_player_says_of_a_race_move_is_checked_in_the_race_notation() -> None:
    # The page's announcement form on a race-game table: the words are the race game's
    # ("raus und 3"), checked by its own checker, not the ZwiAner one.
    start = start_position("tuerme", players=["red", "yellow"])
    referee = Referee.start(start, legal_moves)
    referee.confirm_board()
    referee.observe_dice([6, 3])
    made = referee.legal[0]
    referee.play(0)
    assert referee.announce(made.announcement).kind == "legal"
    wrong = referee.announce("5 und 2")
    assert wrong.kind == "illegal" and "5+2" not in wrong.reason and "6+3" in wrong.reason
