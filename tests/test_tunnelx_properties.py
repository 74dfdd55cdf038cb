"""Tunnel X rules as properties over positions from random self-play, and the referee."""

from __future__ import annotations

import random

from gravitation_helpers import COLOURS, make_tunnelx
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.game import legal_moves
from companion.games.zwianer.selfplay import Turn, self_play
from companion.games.zwianer.tunnelx import full_rings
from companion.games.zwianer.walk import graph
from companion.model.position import Position, start_position
from companion.table.answers import Phase
from companion.table.referee import Referee

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 10**6),
        "players": st.integers(2, 5),
        "turns": st.integers(1, 80),
        "variant": st.booleans(),
    }
)


def last_turn(game: dict) -> Turn:  # type: ignore[type-arg]
    rng = random.Random(game["seed"])
    options = {"variant_2_1": game["variant"]}
    turns = self_play(rng, game["players"], None, options, game["turns"], game="tunnelx")
    return list(turns)[-1]


@settings(max_examples=30, deadline=None)
@given(games)
def test_sonderregel_1_and_2_on_every_move(game: dict) -> None:  # type: ignore[type-arg]
    turn = last_turn(game)
    pos, (a, b) = turn.position, turn.roll
    g = graph(pos.layout)
    for move in turn.moves:
        if move.kind in ("swap", "special", "pass"):
            assert not move.destroyed
            continue
        # the occupied fields on the path are the tunnelled ones (the start excepted)
        tunnelled = [f for f in move.path[1:] if f in pos.occupant]
        doublet = a == b and move.dice != "sum"
        expect = [
            f for f in tunnelled if not g.is_station(f) and (doublet or f not in g.special_owner)
        ]
        assert [d.field for d in move.destroyed] == expect, move.announcement
        assert all(d.home.startswith(f"{d.colour}.S") for d in move.destroyed)
        if move.dice == "sum":  # variant 2.1: both dice, no tunnel effect
            assert a == b and not tunnelled and move.value == a + b
        else:
            assert move.value in (a, b) or (a, b) == (1, 1)


@st.composite
def full_ring_positions(draw: st.DrawFn) -> tuple[Position, tuple[int, int]]:
    """Five players, one ring (U3, U4 or U5) full, four pieces each there, one elsewhere."""
    ring = draw(st.sampled_from(["U3", "U4", "U5"]))
    colours = draw(st.permutations(COLOURS))
    fields = [f"{ring}.{i}" for i in range(20)]
    others = [f"U{k}.{i}" for k in (1, 2, 3, 4, 5) for i in range(40 if k < 3 else 20)]
    others = [f for f in others if not f.startswith(ring + ".")]
    spare = draw(st.lists(st.sampled_from(others), min_size=5, max_size=5, unique=True))
    pieces = {c: [*fields[n::5][:4], spare[n]] for n, c in enumerate(colours)}
    # dice up to 4 and no 1+1 (11 points): 25 pieces make tens of thousands of walks
    roll = draw(st.tuples(st.integers(1, 4), st.integers(1, 4)).filter(lambda r: r != (1, 1)))
    mover = draw(st.sampled_from(COLOURS))
    return make_tunnelx(pieces, mover, variant_2_1=draw(st.booleans())), roll


@settings(max_examples=30, deadline=None)
@given(full_ring_positions())
def test_no_move_tunnels_through_a_full_ring(case: tuple[Position, tuple[int, int]]) -> None:
    pos, roll = case
    g = graph(pos.layout)
    (full,) = full_rings(pos, g)
    for move in legal_moves(pos, roll):
        if move.kind in ("swap", "special", "pass"):
            continue
        own = g.ring_of.get(move.start or "")
        if own == full:  # it must step out first: a plain step to a free field
            assert move.path[1] not in pos.occupant and g.ring_of.get(move.path[1]) != full
        for f in move.path[1:]:
            if f in pos.occupant and g.ring_of.get(f) == full:
                assert own == full, move.announcement  # only the mover's own ring reopens


def test_the_referee_judges_tunnel_x_with_the_real_engine() -> None:
    start = start_position("tunnelx", players=["red", "yellow"])
    ref = Referee.start(start, legal_moves)
    ref.observe_board(dict(start.occupant))
    assert ref.phase is Phase.ROLL
    ref.observe_dice([4, 2])
    (move,) = [m for m in legal_moves(start, (4, 2)) if m.announcement == "Wurf 4, 3, 2, 1, 0"]
    verdict = ref.observe_board(dict(move.after.occupant))
    assert verdict is not None and verdict.kind == "legal"
    assert verdict.announcement == "Wurf 4, 3, 2, 1, 0" and ref.position.to_move == "yellow"
