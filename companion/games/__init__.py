"""The games the companion referees, described as data: pieces, phases and option switches.

A :class:`GameSpec` says what a valid position of a game looks like; the rules engine of
each game lives in its own module in this package and never imports vision, web or
hardware. Option switches and their defaults follow ``docs/rulings.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from companion.errors import CompanionError, PositionError

if TYPE_CHECKING:
    from companion.games.dice import Choice
    from companion.games.moves import Move
    from companion.position import Position


@dataclass(frozen=True)
class Option:
    """A named rule switch, shown by the referee with its default and a short explanation."""

    name: str
    default: bool
    help: str


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    default_layout: str
    pieces_per_player: int
    min_players: int
    max_players: int
    phases: tuple[int, ...] = ()  # empty: the game has no phases
    default_phase: int | None = None
    uses_energy: bool = False
    options: tuple[Option, ...] = field(default_factory=tuple)

    def option_defaults(self) -> dict[str, bool]:
        return {o.name: o.default for o in self.options}


GRAVITATION = GameSpec(
    name="gravitation",
    title="ZwiAner::Gravitation",
    default_layout="gravitation",
    pieces_per_player=5,
    min_players=2,
    max_players=5,
    phases=(1, 2, 3),
    default_phase=3,
    uses_energy=True,
    options=(
        Option("always_sum", False, "always add both dice (summary card), never one die alone"),
        Option(
            "death_push",
            False,
            "Todesstoß: a push of 10 or more cannot be defended and "
            "may destroy the pieces in the chain",
        ),
        Option(
            "declare_before_roll",
            False,
            "name the piece before rolling; it crashes if the roll cannot carry it (summary card)",
        ),
        Option("prediction", False, "Vorhersage: predict 4, 5 or 6 before rolling"),
        Option(
            "roll_again_on_own_special",
            True,
            "a move ending on an own special field earns another roll (summary card, Spezial-3)",
        ),
    ),
)

TUNNELX = GameSpec(
    name="tunnelx",
    title="ZwiAner::Tunnel X",
    default_layout="gravitation",
    pieces_per_player=5,
    min_players=2,
    max_players=5,
    options=(
        Option(
            "variant_2_1",
            False,
            "Sonderregel 2.1: on a doublet, one die with tunnelling "
            "or both dice added without the tunnel effect",
        ),
    ),
)

GAMES: dict[str, GameSpec] = {g.name: g for g in (GRAVITATION, TUNNELX)}


def game_spec(name: str) -> GameSpec:
    """The spec of a game by name, or a PositionError listing the known games."""
    try:
        return GAMES[name]
    except KeyError:
        raise PositionError(f"unknown game {name!r} (known: {', '.join(GAMES)})") from None


class Engine(Protocol):
    """What a rules engine module offers; the referee calls ``legal_moves(position, roll)``."""

    def legal_moves(self, position: Position, roll: tuple[int, int]) -> tuple[Move, ...]: ...

    def dice_choices(self, position: Position, roll: tuple[int, int]) -> tuple[Choice, ...]: ...


def engine(game: str) -> Engine:
    """The rules engine of a game (imported on first use: the engines import Position)."""
    from companion.games import gravitation, tunnelx

    engines: dict[str, Engine] = {"gravitation": gravitation, "tunnelx": tunnelx}
    try:
        return engines[game]
    except KeyError:
        raise CompanionError(
            f"no rules engine for game {game!r} (engines: {', '.join(engines)})"
        ) from None


def legal_moves(position: Position, roll: tuple[int, int]) -> tuple[Move, ...]:
    """Every legal move of the position and roll, by the engine of ``position.game``."""
    return engine(position.game).legal_moves(position, roll)


def dice_choices(position: Position, roll: tuple[int, int]) -> tuple[Choice, ...]:
    """Every way to use the roll in the position, by the engine of ``position.game``."""
    return engine(position.game).dice_choices(position, roll)
