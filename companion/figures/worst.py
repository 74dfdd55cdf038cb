"""The worst cases known to the rules figures (issue 19, tests/test_rules_budget.py): the
Gravitation rolls that cost most, the board that fits the most outcomes, TENET's roll with
the most next steps and its costliest board search: name, position, roll (and board)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

WORST_GRAVITATION = {
    "red": ["U1.10", "U2.26", "U3.18", "U4.7", "U5.10"],
    "yellow": ["U2.37", "U3.11", "U4.3", "U5.2", "U5.4"],
    "green": ["U1.17", "U1.35", "U2.15", "U2.32", "U3.16"],
    "blue": ["U1.12", "U1.32", "U2.39", "U4.2", "U4.16"],
    "white": ["U2.28", "U3.10", "U4.15", "U5.12", "U5.13"],
}


def reproductions() -> list[tuple[str, Any, tuple[int, int]]]:
    """The worst rolls known (issue 19, tests/test_rules_budget.py): name, position, roll."""
    from companion.model.layoutfile import load_layout
    from companion.model.position import Position

    layout = load_layout("gravitation")
    colours = layout.colours
    worst = Position.create(
        "gravitation",
        layout,
        colours,
        "red",
        WORST_GRAVITATION,
        phase=3,
        options={"prediction": True},
    )
    full = {
        c: [*(f"U3.{n}" for n in range(i, 20, 5)), f"U1.{8 * i}"] for i, c in enumerate(colours)
    }
    return [
        ("Gravitation, 5 players, prediction right, 6+6", replace(worst, prediction=6), (6, 6)),
        (
            "Tunnel X, a full ring, 1+1",
            Position.create("tunnelx", layout, colours, "red", full),
            (1, 1),
        ),
    ]


#: Five players with full stores, four pieces in a row on U1 with gaps between them: the
#: Stöße of an 11 may each be defended, and 2,031 outcomes (who spent how many store
#: points) leave one board, which the camera cannot tell apart (found by a random search
#: over dense boards with full stores; bench/rules.py).
CROWDED_GRAVITATION = {
    "red": ["U1.2", "U1.19", "U2.8", "U2.12", "U2.24"],
    "yellow": ["U1.9", "U2.4", "U2.5", "U2.13", "U2.32"],
    "green": ["U1.7", "U1.15", "U2.11", "U2.27", "U2.36"],
    "blue": ["U1.1", "U1.33", "U2.17", "U2.34", "U2.38"],
    "white": ["U1.11", "U1.31", "U1.34", "U1.36", "U2.29"],
}


#: A move of that roll whose board all 2,031 outcomes leave: blue's piece stays, the four
#: pushed pieces move on.
CROWDED_WORDS = (
    "Wurf 11, Umlaufbahn 10, Stoß 10, 9, 8, 7, 6, Stoß 6, 5, Stoß 5, 4, Stoß 4, Abwehr 0"
)


def crowded() -> tuple[str, Any, tuple[int, int], dict[str, str]]:
    """The board that fits the most outcomes known: name, position, roll and the board."""
    from companion.games.zwianer.check import check
    from companion.model.layoutfile import load_layout
    from companion.model.position import Position

    layout = load_layout("gravitation")
    colours = layout.colours
    position = Position.create(
        "gravitation",
        layout,
        colours,
        "blue",
        CROWDED_GRAVITATION,
        phase=3,
        energy={c: 5 for c in colours},
        options={"prediction": True},
    )
    position = replace(position, prediction=5)
    move = check(position, (5, 6), CROWDED_WORDS, "U1.1", "U1.1").move
    assert move is not None, "the crowded board's move is legal"
    return (
        "Gravitation, five full stores, 5+6, a board of 2,031 outcomes",
        position,
        (5, 6),
        dict(move.after.occupant),
    )


#: TENET with nine players, 60 balls on the board (self-play, seed 26): the roll 2, 4, 3
#: has 1,068 legal next steps, 180 ms to list them all here.
TENET_CROWDED = {
    "red": ["start", "K1.20", "X1-2", "E2-3", "K3.5", "K3.30", "X7-8", "K8.16", "K8.23"],
    "orange": ["K1.11", "K3.24", "K4.9", "K4.30", "K5.1", "K5.17", "K5.25", "K7.7", "K7.22"],
    "yellow": ["start", "K1.7", "K1.8", "E5-6", "K5.30", "K6.8", "K7.26", "K9.7", "K9.15"],
    "green": ["start", "start", "start", "E1-9", "K2.8", "K6.6", "K6.22", "K6.26", "K9.11"],
    "turquoise": ["start", "start", "start", "K1.27", "K3.6", "X5-6", "E6-7", "K8.1", "K8.4"],
    "blue": ["start", "start", "start", "K2.3", "P3.0", "K3.17", "P6.0", "K7.30", "P6.18"],
    "purple": ["X1-9", "K2.30", "K4.25", "K6.14", "K7.11", "K8.14", "E8-9", "K9.20", "K9.24"],
    "white": ["K1.0", "K1.30", "K2.7", "K6.0", "K9.5", "P9.0", "K9.13", "K9.14", "K9.16"],
    "black": ["K2.1", "K3.7", "K3.18", "K4.17", "K4.27", "K5.28", "K7.17", "K7.18", "K8.5"],
}


def tenet_crowded() -> tuple[str, Any, tuple[int, ...]]:
    """The TENET roll with the most next steps known: name, position, roll."""
    from companion.model.position import position_from_json

    position = position_from_json(
        {
            "game": "tenet",
            "layout": "tenet-2",
            "players": list(TENET_CROWDED),
            "to_move": "yellow",
            "pieces": TENET_CROWDED,
            "stone": "P6.5",
        }
    )
    return "TENET, 9 players, 60 balls out, 2+4+3: 1,068 next steps", position, (2, 4, 3)


#: TENET, three players (self-play, seed 2): orange's 7+9+2 takes one ball from start to
#: K9.13: the costliest board search known before its balls had to walk home (1,862
#: states, 204 ms; now 178).
TENET_SEARCHED = {
    "red": ["start", "start", "K1.13", "K1.17", "X1-2", "K1.27", "K1.28", "K5.13", "K9.20"],
    "orange": ["start", "start", "start", "K1.7", "K1.11", "K4.3", "K5.0", "K5.6", "K9.25"],
    "yellow": ["start", "K2.26", "K5.3", "K7.22", "K8.4", "K8.5", "K8.6", "K8.8", "K9.3"],
}


def tenet_searched() -> tuple[str, Any, tuple[int, ...], dict[str, str]]:
    """The TENET board whose search costs most known: name, position, roll, the board."""
    from companion.games.tenet.live import seen
    from companion.model.position import position_from_json

    position = position_from_json(
        {
            "game": "tenet",
            "layout": "tenet-2",
            "players": list(TENET_SEARCHED),
            "to_move": "orange",
            "pieces": TENET_SEARCHED,
            "stone": "P4.5",
        }
    )
    board = {**seen(position), "K9.13": "orange"}
    return "TENET, 3 players, 7+9+2, a ball from start to K9.13", position, (7, 9, 2), board
