"""The games the companion referees, described as data: pieces, phases and option switches.

A :class:`GameSpec` says what a valid position of a game looks like; the rules engine of
each game lives in its own module in this package and never imports vision, web or
hardware. Option switches and their defaults follow ``docs/rulings.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from companion.errors import CompanionError, PositionError
from companion.texts import text

if TYPE_CHECKING:
    from companion.games.dice import Choice
    from companion.games.zwianer.moves import Move
    from companion.games.zwianer.target import Target
    from companion.position import Position

#: A roll as the dice show it: two d6 for the ZwiAner games and the tower race, three
#: Miwin dice for TENET. Each engine's ``parse_roll`` says what it accepts.
Roll = tuple[int, ...]


@dataclass(frozen=True)
class Option:
    """A named rule switch, shown by the referee with its default and a short explanation
    (in the catalogue: ``option.GAME.NAME``, companion/texts/names.py)."""

    game: str
    name: str
    default: bool

    @property
    def help(self) -> str:
        return text(f"option.{self.game}.{self.name}")


@dataclass(frozen=True)
class GameSpec:
    name: str
    default_layout: str
    pieces_per_player: int
    min_players: int
    max_players: int
    phases: tuple[int, ...] = ()  # empty: the game has no phases
    default_phase: int | None = None
    uses_energy: bool = False
    options: tuple[Option, ...] = field(default_factory=tuple)
    #: Field kinds that hold any number of pieces in no particular order (the race
    #: game's homes and goals, TENET's common start field).
    pools: tuple[str, ...] = ()
    #: How many pieces another field may hold, bottom to top (2: the race game's towers).
    max_stack: int = 1
    #: Pieces per player where it depends on the number of players: (players, pieces).
    pieces_by_players: tuple[tuple[int, int], ...] = ()
    #: The kind of board it is played on (a layout's ``style``): layouts measured by a
    #: club keep the style of the board they copy.
    board: str = "gravitation"
    #: Layouts that were this game's default before ``default_layout``: a position that
    #: names no layout and does not fit the default is told to name one of them.
    former_layouts: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        """The game's name in the catalogue (``game.NAME``, companion/texts/names.py)."""
        return text(f"game.{self.name}")

    def option_defaults(self) -> dict[str, bool]:
        return {o.name: o.default for o in self.options}

    def pieces_for(self, players: int) -> int:
        """How many pieces each player has in a game of ``players`` players."""
        return dict(self.pieces_by_players).get(players, self.pieces_per_player)

    def capacity(self, kind: str) -> int | None:
        """How many pieces a field of this kind holds (None: any number, a pool)."""
        return None if kind in self.pools else self.max_stack


GRAVITATION = GameSpec(
    name="gravitation",
    default_layout="gravitation",
    pieces_per_player=5,
    min_players=2,
    max_players=5,
    phases=(1, 2, 3),
    default_phase=3,
    uses_energy=True,
    options=(
        Option("gravitation", "always_sum", False),
        Option("gravitation", "death_push", False),
        Option("gravitation", "declare_before_roll", False),
        Option("gravitation", "prediction", False),
        Option("gravitation", "roll_again_on_own_special", True),
    ),
)

TUNNELX = GameSpec(
    name="tunnelx",
    default_layout="gravitation",
    pieces_per_player=5,
    min_players=2,
    max_players=5,
    options=(Option("tunnelx", "variant_2_1", False),),
)

TUERME = GameSpec(
    name="tuerme",
    default_layout="tuerme",
    pieces_per_player=6,
    pieces_by_players=((4, 4),),
    min_players=2,
    max_players=4,
    pools=("home", "goal"),
    max_stack=2,
    board="tuerme",
    options=(Option("tuerme", "towers_free_after_every_start", False),),
)

TENET = GameSpec(
    name="tenet",
    default_layout="tenet-2",  # the board of its author's Merkur table (Added 6.18)
    former_layouts=("tenet",),  # the first guess of rulings 6.1-6.2
    pieces_per_player=9,
    min_players=1,
    max_players=9,
    pools=("centre",),
    board="tenet",
    # A turn is up to three steps that the camera sees as one change of the board: the
    # referee searches the turn that explains it (games/tenet/live.py, docs/tenet.md).
)

GAMES: dict[str, GameSpec] = {g.name: g for g in (GRAVITATION, TUNNELX, TUERME, TENET)}


def games_on(board: str) -> tuple[str, ...]:
    """The games played on one kind of board (a layout's ``style``)."""
    return tuple(n for n, g in GAMES.items() if g.board == board)


def game_spec(name: str) -> GameSpec:
    """The spec of a game by name, or a PositionError listing the known games."""
    try:
        return GAMES[name]
    except KeyError:
        raise PositionError(f"unknown game {name!r} (known: {', '.join(GAMES)})") from None


class GameMove(Protocol):
    """What every engine's move offers the command line, the checker and the referee."""

    @property
    def announcement(self) -> str: ...
    @property
    def after(self) -> Position: ...
    @property
    def outcome(self) -> Hashable: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def destroyed(self) -> Sequence[Any]: ...
    @property
    def gloss(self) -> str: ...  # the announcement in English words

    def describe(self) -> str: ...  # where the pieces went, for a list of moves

    def to_json(self) -> dict[str, Any]: ...


class GameVerdict(Protocol):
    """What every engine's checker answers about a spoken announcement."""

    @property
    def verdict(self) -> str: ...  # legal | illegal | ambiguous | invalid
    @property
    def reason(self) -> str: ...
    @property
    def announcement(self) -> str | None: ...

    def to_json(self) -> dict[str, Any]: ...


class Engine(Protocol):
    """What a rules engine module offers: its rolls, its legal moves and its checker."""

    def parse_roll(self, text: str) -> Roll: ...

    def legal_moves(self, position: Position, roll: Roll) -> Sequence[GameMove]: ...

    def check(
        self,
        position: Position,
        roll: Roll,
        text: str,
        to: str | None = None,
        start: str | None = None,
    ) -> GameVerdict: ...


#: The module of each game's rules engine, imported on first use (engines import Position).
ENGINES = {
    "gravitation": "companion.games.zwianer.gravitation",
    "tunnelx": "companion.games.zwianer.tunnelx",
    "tuerme": "companion.games.tuerme.rules",
    "tenet": "companion.games.tenet.rules",
}


def engine(game: str) -> Engine:
    """The rules engine of a game, or a CompanionError naming the games that have one."""
    try:
        module = ENGINES[game]
    except KeyError:
        raise CompanionError(
            f"no rules engine for game {game!r} (engines: {', '.join(ENGINES)})"
        ) from None
    return cast(Engine, importlib.import_module(module))


class ZwiAnerEngine(Engine, Protocol):
    """The ZwiAner engines (Gravitation, Tunnel X) on their shared Move and dice choices."""

    def legal_moves(self, position: Position, roll: Roll) -> tuple[Move, ...]: ...

    def generate(
        self, position: Position, roll: Roll, target: Target | None = None
    ) -> Iterator[Move]: ...

    def dice_choices(self, position: Position, roll: Roll) -> tuple[Choice, ...]: ...


def zwianer_engine(game: str) -> ZwiAnerEngine:
    """The engine of a ZwiAner game, or a CompanionError for the other games."""
    if game not in ("gravitation", "tunnelx"):
        raise CompanionError(f"{game!r} is not a ZwiAner game (gravitation, tunnelx)")
    return cast(ZwiAnerEngine, engine(game))


def zwianer_moves(position: Position, roll: Roll) -> tuple[Move, ...]:
    """Every legal move of a Gravitation or Tunnel X position, as the shared Move."""
    return zwianer_engine(position.game).legal_moves(position, roll)


def dice_choices(position: Position, roll: Roll) -> tuple[Choice, ...]:
    """Every way to use the roll in a Gravitation or Tunnel X position."""
    return zwianer_engine(position.game).dice_choices(position, roll)


def parse_roll(game: str, text: str) -> Roll:
    """A roll as typed, read by the rules of ``game`` (CompanionError if it cannot be)."""
    return engine(game).parse_roll(text)


def legal_moves(position: Position, roll: Roll) -> Sequence[GameMove]:
    """Every legal move of the position and roll, by the engine of ``position.game``."""
    return engine(position.game).legal_moves(position, roll)


def legal_move_generator(position: Position, roll: Roll) -> Sequence[GameMove]:
    """The legal moves as the referee asks for them: for Gravitation and Tunnel X a lazy
    :class:`~companion.games.zwianer.live.LegalMoves` (built on demand, searched from a board
    seen), for TENET its next steps built on demand, for the race game the engine's list
    (a few moves: one die, at most six pieces)."""
    if position.game in ("gravitation", "tunnelx"):
        from companion.games.zwianer.live import LegalMoves

        return LegalMoves(position, roll)
    if position.game == "tenet":
        from companion.games.zwianer.live import tenet_steps

        return tenet_steps(position, roll)
    return legal_moves(position, roll)


def check(
    position: Position, roll: Roll, text: str, to: str | None = None, start: str | None = None
) -> GameVerdict:
    """The verdict on a spoken announcement, by the checker of ``position.game``."""
    return engine(position.game).check(position, roll, text, to, start)
