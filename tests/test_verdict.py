"""The steps every checker shares (companion.games.verdict), on made-up moves: words that
do not parse, words that fit one outcome or several, the nearest legal announcements."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gravitation_helpers import make, station

from companion.errors import InvalidAnnouncement
from companion.games.verdict import fitting, illegal, judged, nearest
from companion.model.position import Position

BOARD = make({"red": station("red", 1, 2, 3, 4, 5), "yellow": []})


@dataclass(frozen=True)
class Move:
    announcement: str
    start: str | None = "red.S1"
    end: str | None = "U1.1"
    outcome: str = "a"

    @property
    def after(self) -> Position:
        return BOARD

    def to_json(self) -> dict[str, Any]:
        return {"announcement": self.announcement}


def describe(m: Move) -> str:
    return f"{m.start} → {m.end}"


def test_words_that_do_not_parse_are_invalid_where_they_stop() -> None:
    def parse(words: str) -> str:
        raise InvalidAnnouncement("unknown word 'Umlauf' at character 9", 9)

    verdict = judged("Wurf 7, Umlauf 6", parse, lambda said: illegal("-", []), str.upper)
    assert (verdict.verdict, verdict.offset, verdict.said) == ("invalid", 9, None)


def test_words_that_parse_are_spelled_back() -> None:
    verdict = judged("wurf 7", str.strip, lambda said: illegal("no", []), str.upper)
    assert (verdict.verdict, verdict.said) == ("illegal", "WURF 7")


def test_moves_with_one_outcome_are_legal_the_first_is_the_move() -> None:
    first, second = Move("Wurf 7, 0"), Move("Wurf 7, 0", start="red.S2")
    verdict = fitting("Wurf 7, 0", [first, second], describe)
    assert verdict.verdict == "legal" and verdict.move is first


def test_moves_ending_on_one_field_are_told_apart_by_the_piece() -> None:
    moves = [Move("Wurf 7, 0", start=f"red.S{n}", outcome=str(n)) for n in (1, 2, 2, 3)]
    verdict = fitting("Wurf 7, 0", moves, describe)
    assert verdict.verdict == "ambiguous" and len(verdict.candidates) == 3  # one per outcome
    assert "name the piece with --from" in verdict.reason


def test_moves_ending_apart_are_told_apart_by_the_field() -> None:
    moves = [Move("Wurf 7, 0", end=f"U1.{n}", outcome=str(n)) for n in range(6)]
    verdict = fitting("Wurf 7, 0", moves, describe)
    assert "and 2 more" in verdict.reason and "name the field with --to" in verdict.reason


def test_nearest_names_three_announcements_once_each_ending_on_to_first() -> None:
    moves = [Move("b"), Move("a"), Move("a", end="U1.2"), Move("c", end="U1.9"), Move("d")]
    assert [m.announcement for m in nearest(moves, lambda m: m.announcement)] == ["a", "b", "c"]
    near = nearest(moves, lambda m: m.announcement, to="U1.9")
    assert [m.announcement for m in near] == ["c", "a", "b"]


def test_illegal_names_the_nearest_after_the_reason() -> None:
    verdict = illegal("Umlaufbahn 5 should be 6", (Move("Wurf 7, 6"), Move("Wurf 7, 5")))
    assert verdict.reason.startswith("Umlaufbahn 5 should be 6")
    assert "'Wurf 7, 6' | 'Wurf 7, 5'" in verdict.reason
    assert verdict.announcement == "Wurf 7, 6"
    assert illegal("no such move", ()).reason == "no such move"
