"""The board reader weighs a field only against the colours of the game in play."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from companion.games.game import legal_moves
from companion.model.boards import seen
from companion.model.position import Position, start_position
from companion.synth import default_camera, photograph
from companion.vision import BoardReader
from companion.web.table import dice_inputs


def tenet_game(moves: int, seed: int) -> list[Position]:
    """A random TENET game of red and yellow on the Merkur board, a position a turn."""
    rng = random.Random(seed)
    position = start_position("tenet", players=["red", "yellow"])
    out = [position]
    for _ in range(moves):
        roll = tuple(rng.choice(faces) for _, faces in dice_inputs(position))
        move = rng.choice(list(legal_moves(position, roll)))
        while move.after.spent:  # the rest of the turn
            move = rng.choice(list(legal_moves(move.after, roll)))
        position = move.after
        out.append(position)
    return out


def shot(position: Position, seed: int) -> np.ndarray:
    return photograph(position, np.random.default_rng(seed), camera=default_camera()).image


@pytest.fixture(scope="module")
def game() -> list[Position]:
    return tenet_game(5, seed=5)


def test_the_light_fields_of_the_merkur_board_are_sure_when_nobody_plays_white(game):
    reader = BoardReader(game[0].layout)
    reader.play(game[0].players)
    for n, position in enumerate(game):
        read = reader.read(shot(position, n))
        assert not read.busy, read.reason
        assert read.fields == seen(position)


def test_a_piece_of_a_colour_nobody_plays_makes_the_frame_busy(game):
    position = game[0]
    stray = replace(position, placement=tuple(sorted((*position.placement, ("P9.0", "green")))))
    reader = BoardReader(position.layout)
    reader.play(position.players)
    read = reader.read(shot(stray, 1))
    assert read.busy and "P9.0" in read.reason


def test_without_a_game_every_known_colour_is_read(game):
    reader = BoardReader(game[0].layout)
    reader.play(("red", "yellow"))
    reader.play(None)
    assert reader.profiles.colours == ("red", "yellow", "green", "blue", "white")
