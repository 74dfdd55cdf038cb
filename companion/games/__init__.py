"""The games the companion referees, described as data: pieces, phases and option switches.

A :class:`GameSpec` says what a valid position of a game looks like; the rules of each
game live in its own folder here (``zwianer/``, ``tenet/``, ``tuerme/``) and never import
vision, web or hardware, and :mod:`companion.games.game` is what the referee, the command
line and the page ask of any of them (docs/architecture.md). Option switches and their
defaults follow ``docs/rulings.md``. This module imports no game: positions build on it.

The specs are on the floor above the ground floor, beside the texts (docs/architecture.md,
tests/test_house.py): every room above may import them; the rules in the folders only
the rooms above the model, through game.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.errors import PositionError
from companion.texts import closest, quoted, text

#: A roll as the dice show it: two d6 for the ZwiAner games and the tower race, three
#: Miwin dice for TENET (or the one die rolled for its stone). Each game's
#: ``parse_roll`` says what it accepts.
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
    #: Fields the camera is not compared on (TENET's start pile: the position counts the
    #: balls there, the camera sees one colour on top).
    unseen: tuple[str, ...] = ()
    #: The dice the game is played with, as the dice reader names them.
    dice: str = "d6"
    #: A roll as players type it in this game (the practice form's example).
    example_roll: str = "5,2"
    #: Where the game's Stein der Weisen starts (TENET: the start field); None: no stone.
    #: A position of such a game carries the stone's field, the turns of the first round
    #: and the dice of the roll already moved (docs/tenet.md); the stone stands on the
    #: start or a field labelled "stone". The dice values count from 1 to ``die_faces``.
    stone: str | None = None
    #: The highest value of one die (6: a d6; 9: Miwin's dice).
    die_faces: int = 6

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
    example_roll="6,3",
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
    unseen=("start",),
    dice="miwin",
    example_roll="3,4,1",
    stone="start",
    die_faces=9,
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
        near = closest(name, GAMES) if isinstance(name, str) else None
        if near is not None:  # "TunnelX", "tunnel-x": the game meant (trial s11 L2)
            said = text(
                "position.unknown_game_near", name=repr(name), near=quoted(near), known=list(GAMES)
            )
        else:
            said = text("position.unknown_game", name=repr(name), known=list(GAMES))
        raise PositionError(said) from None
