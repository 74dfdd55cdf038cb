"""Games played through the page with the synthetic camera watching: after a correct move
no warning appears and nothing is recorded that nobody played (bench/live.py runs the
same soak for 200 moves a game)."""

from __future__ import annotations

import pytest

from companion.web.soak import GAMES, soak


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_game_played_through_the_page_raises_no_warning_and_records_no_phantom(game: str):
    result = soak(game, 6, seed=5)
    assert result.moves == 6 and result.stalls == []
    assert result.false_warnings == [] and result.phantoms == []
    assert len(result.verdict_ms) == 6
