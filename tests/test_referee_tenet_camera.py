"""The live table referees TENET: photographed boards through the watcher, the referee
finding each whole turn from the board alone (the balls on start counted, not seen)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from conftest import on_synthetic_camera

from companion.games import games_on
from companion.games.game import legal_moves
from companion.games.tenet.board import doublet
from companion.games.tenet.selfplay import whole_turns
from companion.model.position import Position, start_position
from companion.synth.board import default_camera, photograph, random_pose
from companion.synth.dice import render_scene, scene_options
from companion.table.answers import Phase, Verdict
from companion.table.referee import Referee
from companion.table.table import Table
from companion.table.watch import Watcher, dice_kind_of
from companion.vision import BoardReader


@pytest.mark.slow
def test_a_tenet_game_is_refereed_from_the_camera():
    game = whole_turns(11, ["red", "blue"], 14)
    start = game[0][0]
    referee = Referee.start(start, legal_moves)
    watcher = Watcher(referee, BoardReader(start.layout), dice_kind=dice_kind_of("tenet"))
    rng = np.random.default_rng(3)
    camera = default_camera()
    rvec, tvec = random_pose(start.layout.width, start.layout.height, camera, rng)

    def film(position: Position) -> list[Verdict]:
        shot = photograph(position, rng, camera=camera, rvec=rvec, tvec=tvec, scene_seed=7)
        said = [watcher.feed(shot.image).verdict for _ in range(4)]
        return [v for v in said if v is not None]

    assert [v.kind for v in film(start)] == ["info"]  # set up: roll the dice
    kinds = set()
    for before, roll, after in game:
        assert referee.position == before
        verdict = referee.observe_dice(list(roll))
        if after.placement == before.placement:  # a Pasch, the stone die, a pass
            assert verdict.kind == "legal" and referee.position == after
            kinds.add("pasch" if len(roll) == 3 and doublet(roll) else "no ball")
            continue
        if len(roll) == 3 and doublet(roll):  # a Pasch and balls taken back to start
            assert verdict.kind == "legal"
            kinds.add("cleared")
        else:
            kinds.add("turn")
        verdicts = film(after)
        assert [v.kind for v in verdicts] == ["legal"], (roll, verdicts)
        assert referee.position == after
    assert {"turn", "pasch"} <= kinds


@pytest.mark.slow
def test_a_photographed_board_no_turn_explains_is_rejected_and_set_back():
    start = start_position("tenet", players=["red", "blue"])
    referee = Referee.start(start, legal_moves)
    watcher = Watcher(referee, BoardReader(start.layout), dice_kind="miwin")
    rng = np.random.default_rng(4)

    def film(position: Position) -> list[str]:
        shot = photograph(position, rng, scene_seed=5)
        return [v.kind for v in (watcher.feed(shot.image).verdict for _ in range(4)) if v]

    film(start)
    referee.observe_dice([9, 4, 2])
    wrong = Position.create(
        "tenet",
        start.layout,
        ["red", "blue"],
        "red",
        {"red": ["start"] * 9, "blue": ["K1.1"] + ["start"] * 8},
    )  # a blue ball came out on red's turn
    assert film(wrong) == ["illegal"] and referee.phase is Phase.REJECTED
    assert film(start) == ["info"] and referee.phase is Phase.MOVE  # set back


@pytest.mark.slow
def test_serve_referees_tenet_on_the_synthetic_camera():
    assert "tenet" in games_on("tenet")
    table = Table.new(start_position("tenet", players=["red", "blue"]))
    live = on_synthetic_camera(table)
    assert live.watcher.dice_kind == "miwin"
    for _ in range(4):
        live.step()
    assert table.referee.phase is Phase.ROLL
    table.referee.observe_dice([9, 4, 2])
    table.referee.play(0)  # the page's list: one step, the rest of the roll still to move
    assert table.referee.phase is Phase.MOVE and table.position.spent
    for _ in range(4):
        live.step()
    assert table.referee.phase is Phase.MOVE and table.referee.verdict is not None
    assert table.referee.verdict.kind == "legal"


def test_miwins_dice_in_the_tray_reach_the_referee_in_the_order_iii_iv_v():
    start = start_position("tenet", players=["red", "blue"])
    referee = Referee.start(start, legal_moves)
    referee.confirm_board()
    watcher = Watcher(referee, BoardReader(start.layout), dice_kind="miwin")
    options = scene_options(kind="miwin", dice=(3, 3), values=(9, 8, 7), moving=0.0)
    tray = render_scene(0, replace(options, width=1280, height=960)).image
    glances = [watcher.feed(tray) for _ in range(3)]
    assert (
        glances[0].note.startswith("dice ") and "waiting for them to lie still" in glances[0].note
    )
    assert glances[-1].note == "rolled 9 + 8 + 7"  # III shows 9, IV 8, V 7
    assert referee.roll == (9, 8, 7) and referee.phase is Phase.MOVE


def test_a_miwin_iii_showing_two_touching_a_iv_is_never_read_as_another_value():
    # The III touches the IV: the finder places it 0.2 of a side off and 1.2 times too
    # large, and the reader gives no value there more than a quarter (it was an unsure
    # 2 at 0.45 before the reader learnt the hard real dice). Not reported, the roll lacks
    # a die, which TENET's roll_seen refuses; it must never be another value.
    options = scene_options(kind="miwin", dice=(3, 3), values=(2, 5, 3), moving=0.0)
    tray = render_scene(0, replace(options, width=1280, height=960)).image
    from companion.vision.dice.reader import read_dice

    read = {d.kind: d.value for d in read_dice(tray, "miwin").dice}
    assert read.get("miwin-III", 2) == 2 and (read["miwin-IV"], read["miwin-V"]) == (5, 3)
