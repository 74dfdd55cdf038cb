"""The checker explains a wrong announcement in words a player understands."""

from __future__ import annotations

import pytest
from gravitation_helpers import make, station

from companion.errors import AmbiguousMove, CompanionError, IllegalMove, InvalidAnnouncement
from companion.games.zwianer.check import check, parse_move

PUSH = make({"red": ["U2.20"], "yellow": ["U2.22"]})
START = make({"red": station("red", 1, 2, 3, 4, 5), "yellow": []})


def reason(pos, roll, text, to=None):  # type: ignore[no-untyped-def]
    verdict = check(pos, roll, text, to)
    assert verdict.verdict == "illegal", verdict
    return verdict.reason


def test_legal_gives_the_move_and_the_position_after() -> None:
    verdict = check(START, (5, 2), "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0")
    assert verdict.verdict == "legal"
    assert verdict.announcement == "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"
    assert verdict.to_json()["position"]["pieces"]["red"][0] == "U1.10"


def test_wrong_gravity_arithmetic() -> None:
    assert reason(START, (5, 2), "Wurf 7, Umlaufbahn 5, 4, 3, 2, 1, 0").startswith(
        "Umlaufbahn 5 should be 6: 7 − 1"
    )
    fall = make({"red": ["U2.0"], "yellow": []})
    assert reason(fall, (4, 3), "Wurf 7, Gravitation 7, Umlaufbahn 5, 4, 3, 2, 1").startswith(
        "the count ends at 1, not 0"
    )
    assert reason(fall, (4, 3), "Wurf 7, Gravitation 7, Umlaufbahn 3, 2, 1, 0").startswith(
        "Umlaufbahn 3 should be 4: 7 − 3"
    )


def test_count_that_does_not_end_at_zero() -> None:
    assert "the count ends at 2, not 0" in reason(START, (5, 2), "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2")


def test_a_count_that_skips() -> None:
    text = "Wurf 7, Umlaufbahn 6, 5, 3, 2, 1, 0"
    assert "after 5 the next count is 4, not 3" in reason(START, (5, 2), text)


def test_wurf_that_does_not_fit_the_roll() -> None:
    assert "Wurf 8 does not fit the roll 5+2" in reason(START, (5, 2), "Wurf 8, Umlaufbahn 7")


def test_store_overdrawn() -> None:
    text = "Wurf 7, Speicher 9, Umlaufbahn 8, 7, 6, 5, 4, 3, 2, 1, 0"
    assert "store overdrawn: Speicher 9 takes 2 from red's store, which holds 0" in reason(
        START, (5, 2), text
    )


def test_line_against_its_direction() -> None:
    pos = make({"red": ["U2.10"], "yellow": []})
    why = reason(pos, (2, 1), "Wurf 3, Umlaufbahn 1, 0", to="U2.9")
    assert "against a line's direction" in why


def test_push_where_the_next_field_is_occupied() -> None:
    why = reason(PUSH, (3, 2), "Wurf 5, Umlaufbahn 3, 2, 1, 0")
    assert "the next field is occupied" in why and "Stoß 2" in why


def test_push_on_a_gravity_line() -> None:
    pos = make({"red": ["U1.0"], "yellow": ["U2.0"]})
    why = reason(pos, (4, 3), "Wurf 7, Gravitation 7, Stoß 7, 6, 5, 4, 3, 2, 1, 0")
    assert "push is only possible along an orbit" in why


def test_nearest_legal_announcements_are_named() -> None:
    verdict = check(PUSH, (3, 2), "Wurf 5, Umlaufbahn 3, 2, 1, 0")
    assert verdict.to_json()["nearest"][0] == "Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0"


def test_ambiguous_without_to_and_decided_with_to() -> None:
    pos = make({"red": ["U1.38"], "yellow": ["U1.39", "U1.0"]})
    verdict = check(pos, (1, 1), "Wurf 2, Tunnel 1, 0")
    assert verdict.verdict == "ambiguous" and "--to" in verdict.reason
    assert check(pos, (1, 1), "Wurf 2, Tunnel 1, 0", to="U2.1").verdict == "legal"
    with pytest.raises(AmbiguousMove):
        parse_move(pos, (1, 1), "Wurf 2, Tunnel 1, 0")


def test_to_that_does_not_fit() -> None:
    why = reason(START, (5, 2), "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0", to="U1.11")
    assert "ends on U1.10, not on U1.11" in why


def test_parse_move_raises_python_chess_style() -> None:
    assert parse_move(PUSH, (3, 2), "Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0").end == "U2.21"
    with pytest.raises(IllegalMove):
        parse_move(PUSH, (3, 2), "Wurf 5, Umlaufbahn 4, 3, 2, 1, 0")
    with pytest.raises(InvalidAnnouncement):
        parse_move(PUSH, (3, 2), "Wurf five")
    with pytest.raises(CompanionError, match="no such field"):
        check(PUSH, (3, 2), "Wurf 5", to="U9.1")


def test_todesstoss_is_legal_up_to_the_push_and_then_waits_for_dice() -> None:
    pos = make({"red": ["U1.20"], "yellow": ["U1.21", "U1.22"]}, death_push=True)
    verdict = check(pos, (6, 5), "Wurf 11, Umlaufbahn 10, Stoß 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0")
    assert verdict.verdict == "legal" and "Todesstoß" in verdict.reason
    assert verdict.move is not None and verdict.move.pending is not None


def test_counting_on_after_zero() -> None:
    text = "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0, 0"
    assert "the count is already at 0 before '0'" in reason(START, (5, 2), text)


def test_push_in_the_station() -> None:
    pos = make({"red": [*station("red", 2, 3, 4, 5), "U1.30"], "yellow": []})
    why = reason(pos, (4, 3), "Wurf 7, Stoß 7, 6, 5, 4, 3, 2, 1, 0")
    assert "no push in the station" in why


def test_what_was_said_is_kept_beside_the_nearest_legal_announcement() -> None:
    verdict = check(PUSH, (3, 2), "wurf 5 umlaufbahn 3 2 1 0").to_json()
    assert verdict["said"] == "Wurf 5, Umlaufbahn 3, 2, 1, 0"
    assert verdict["announcement"] == "Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0"
