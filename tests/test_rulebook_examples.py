"""Every worked example of the rule texts (000 phases 2-3, summary card 001/002)."""

from __future__ import annotations

from gravitation_helpers import make, station

from companion.games.zwianer.check import check
from companion.games.zwianer.gravitation import legal_moves


def announcements(pos, roll):  # type: ignore[no-untyped-def]
    return {m.announcement: m for m in legal_moves(pos, roll)}


def test_wurf_7_from_the_station() -> None:
    # 000: "Wurf 7" - "Umlaufbahn 6" (7 - 1) - "5, 4, 3, 2, 1, 0" along U1.
    pos = make({"red": station("red", 1, 2, 3, 4, 5), "yellow": []})
    move = announcements(pos, (4, 3))["Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"]
    assert (move.start, move.end) == ("red.S1", "U1.10")
    assert move.path[:2] == ("red.S1", "U1.5")  # einschwenken: S1 onto U1.5 is count 5


def test_staying_in_u4_pays_its_gravity() -> None:
    # 000: "Du willst in der vierten Umlaufbahn (5) bleiben: Wurf 7, Umlaufbahn 2" (7 - 5).
    pos = make({"red": ["U4.6"], "yellow": []})
    move = announcements(pos, (4, 3))["Wurf 7, Umlaufbahn 2, 1, 0"]
    assert move.end == "U4.8"


def test_ten_from_u2_into_u5() -> None:
    # 000: "Wurf 10", "Gravitation 10" (for every field), "Umlaufbahn 3" (10 - 7), "2, 1, 0".
    pos = make({"red": ["U2.0"], "yellow": []})
    said = "Wurf 10, Gravitation 10, Gravitation 10, Gravitation 10, Umlaufbahn 3, 2, 1, 0"
    move = announcements(pos, (6, 4))[said]
    assert move.path == ("U2.0", "U3.0", "U4.0", "U5.0", "U5.1", "U5.2", "U5.3")
    # the rulebook says "Gravitation 10" once for the whole fall: same move
    verdict = check(pos, (6, 4), "Wurf 10, Gravitation 10, Umlaufbahn 3, 2, 1, 0")
    assert verdict.verdict == "legal" and verdict.move == move


def test_twelve_from_u4_to_u2() -> None:
    # 000, phase 2: "Wurf 12", "Umlaufbahn 7" (12 - 5), "Gravitation 4" (7 - 3),
    # "Umlaufbahn 2" (4 - 2), "1, 0".
    pos = make({"red": ["U4.3"], "yellow": []}, phase=2)
    move = announcements(pos, (6, 6))["Wurf 12, Umlaufbahn 7, Gravitation 4, Umlaufbahn 2, 1, 0"]
    assert move.path == ("U4.3", "U3.3", "U2.6", "U2.7", "U2.8")


def test_twelve_from_u4_to_u2_in_phase_3_needs_the_store() -> None:
    # 6+6 is a doublet in phase 3 (no gravity), so 12 with gravity is 6+5 and one point stored.
    pos = make({"red": ["U4.3"], "yellow": []}, energy={"red": 1})
    said = "Wurf 11, Speicher 12, Umlaufbahn 7, Gravitation 4, Umlaufbahn 2, 1, 0"
    move = announcements(pos, (6, 5))[said]
    assert move.end == "U2.8" and move.store == 1 and move.after.energy_of("red") == 0


def test_the_push_example() -> None:
    # Card 002: [3 + 2] "Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0" - a piece on count 1 is pushed.
    pos = make({"red": ["U2.20"], "yellow": ["U2.22"]})
    move = announcements(pos, (3, 2))["Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0"]
    assert move.end == "U2.21"
    assert [(p.start, p.end, p.points) for p in move.pushes] == [("U2.22", "U2.24", 2)]
    assert move.after.occupant["U2.24"] == "yellow"


def test_the_push_example_as_000_writes_it() -> None:
    pos = make({"red": ["U2.20"], "yellow": ["U2.22"]})
    verdict = check(pos, (3, 2), "Wurf 5, Umlaufbahn 3, 2, Stoß 2 .., 1, 0")
    assert verdict.verdict == "legal"


def test_the_tunnel_example() -> None:
    # Card 002: [2 + 2] "Wurf 4, 3, 2" - a piece on count 1 - "Tunnel 1, 0".
    pos = make({"red": ["U2.20"], "yellow": ["U2.23"]})
    move = announcements(pos, (2, 2))["Wurf 4, 3, 2, Tunnel 1, 0"]
    assert move.path == ("U2.20", "U2.21", "U2.22", "U2.23", "U2.24", "U2.25")
    assert move.after.occupant["U2.23"] == "yellow"  # tunnelled, not pushed


def test_doublet_without_gravity() -> None:
    # Card 001: "Pasch: Sprich Wurf 7 >> 6, 5, 4, 3, 2, 1, 0" (here 4+4 = 8).
    pos = make({"red": ["U4.6"], "yellow": []})
    move = announcements(pos, (4, 4))["Wurf 8, 7, 6, 5, 4, 3, 2, 1, 0"]
    assert move.kind == "tunnel" and move.store == 0
