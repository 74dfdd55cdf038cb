"""What the referee, the command line and the page ask of a game, never naming it.

Every game the companion referees implements :class:`Game`: how a roll is read (typed,
or seen by the dice reader), its legal moves (listed, one by one, or built as the
referee asks for them), its whole turns, the checker of a spoken announcement, and how
a board the camera saw is matched to a move. :func:`game` finds the game of a position by
its name; the few functions below it are the shortcuts the callers use most.

Each game lives in its own folder (``zwianer/``, ``tenet/``, ``tuerme/``) with a
``game.py`` that implements this protocol; none of them imports this module, which is
why it may import them all (docs/architecture.md: who may import whom). It imports a
game's folder when that game is first asked for: ``companion check`` on a Gravitation
position loads no TENET, and ``companion --help`` no game at all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from companion.errors import CompanionError
from companion.games import GameSpec, Roll
from companion.games.match import Match
from companion.model.position import Position
from companion.texts import text


class GameMove(Protocol):
    """What every game's move offers the command line, the checker and the referee."""

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
    """What every game's checker answers about a spoken announcement
    (companion.games.verdict.Verdict)."""

    @property
    def verdict(self) -> str: ...  # legal | illegal | ambiguous | invalid
    @property
    def reason(self) -> str: ...
    @property
    def announcement(self) -> str | None: ...

    def to_json(self) -> dict[str, Any]: ...


class Spelt(Protocol):
    """One spoken item of an announcement spelled out for a learner (the teaching page)."""

    @property
    def words(self) -> str: ...
    @property
    def arithmetic(self) -> str: ...  # the sum behind the words, "" where there is none
    @property
    def meaning(self) -> str: ...


class Game(Protocol):
    """One game's rules as the referee, the command line and the page use them."""

    @property
    def spec(self) -> GameSpec: ...  # pieces, options, the board, the dice: the data

    def parse_roll(self, text: str) -> Roll:
        """A roll as typed ("5,2"), checked by the game's dice (CompanionError)."""
        ...

    def roll_seen(self, dice: Sequence[Mapping[str, Any]], position: Position) -> Roll:
        """The roll the dice reader saw (each die's JSON: ``value``, ``kind``, …), in the
        order the rules read it (CompanionError naming a die missing or doubled)."""
        ...

    def dice_inputs(self, position: Position) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The dice the players may type on the page now: a name and the faces of each."""
        ...

    def legal_moves(self, position: Position, roll: Roll) -> Sequence[GameMove]:
        """Every legal move (TENET: next step), listed, in the game's order."""
        ...

    def generate(self, position: Position, roll: Roll) -> Iterator[GameMove]:
        """The legal moves of :meth:`legal_moves` one by one, each built when asked for
        (the roll checked at once)."""
        ...

    def moves(self, position: Position, roll: Roll) -> Sequence[GameMove]:
        """The legal moves as the referee holds them while it waits for the move: a lazy
        sequence where a roll may have many (it lists a hundred, searches the rest)."""
        ...

    def turns(self, position: Position, roll: Roll) -> Iterator[GameMove] | None:
        """Whole turns where a move is only one step of one (TENET), the winning first;
        None where every move is a whole turn already."""
        ...

    def check(
        self,
        position: Position,
        roll: Roll,
        text: str,
        to: str | None = None,
        start: str | None = None,
    ) -> GameVerdict:
        """The verdict on a spoken announcement; ``to`` and ``start`` are where the moved
        piece ended and stood, as the camera tells (CompanionError for a field the board
        does not have)."""
        ...

    def match(
        self, position: Position, roll: Roll, moves: Sequence[Any], board: Mapping[str, str]
    ) -> Match[Any]:
        """The moves of ``roll`` that leave the board the camera saw (field → colour, the
        spec's unseen fields left out), ``moves`` being what :meth:`moves` gave; and the
        nearest, looked for only when none does (CompanionError: no move can)."""
        ...

    def clearing(self, before: Position, roll: Roll, board: Mapping[str, str]) -> GameMove | None:
        """A move the players finish after a forced one, shown only by the board (TENET's
        clearing after a Pasch); None when the board shows no such move."""
        ...

    def announced(self, before: Position, roll: Roll, text: str, made: Position) -> tuple[str, str]:
        """Whether what a player said of the turn the referee saw (made from ``before``,
        where the turn began, with ``roll``, leading to ``made``) names that turn:
        ``("legal", why)`` or ``("illegal", why)``; ``("invalid", why)`` where the words
        do not parse (they say nothing of the move)."""
        ...

    def named(
        self, position: Position, roll: Roll, said: str, limit: int
    ) -> tuple[Sequence[GameMove], str, str]:
        """The legal moves the words name, with the verdict (legal, ambiguous, illegal) and
        its reason: the checker's move, the moves the words fit, or the nearest legal ones
        (CompanionError where the words cannot be read). A game whose moves are single
        steps (TENET) looks through at most ``limit`` steps for those whose announcement
        holds the words."""
        ...

    def moves_of(
        self, position: Position, roll: Roll, starts: frozenset[str]
    ) -> Iterator[GameMove]:
        """The legal moves of the pieces on ``starts`` only, in the game's order (the
        ZwiAner games build no other piece's moves: a roll of thousands stays cheap)."""
        ...

    def reading(self, said: str) -> str:
        """The English reading of an announcement in the game's notation, as a listed
        move's ``gloss`` gives it (CompanionError or ValueError where it does not parse:
        the words of an older notation in an old journal)."""
        ...

    def spell_out(self, move: Any) -> Sequence[Spelt]:
        """A move's announcement word by word with its arithmetic, for the teaching page;
        empty where the game has no arithmetic to teach (or ``move`` is none of its)."""
        ...


def _zwianer(name: str) -> Game:
    from companion.games.zwianer import game as zwianer

    return {"gravitation": zwianer.GRAVITATION, "tunnelx": zwianer.TUNNELX}[name]


def _tuerme(name: str) -> Game:
    from companion.games.tuerme import game as tuerme

    return tuerme.GAME


def _tenet(name: str) -> Game:
    from companion.games.tenet import game as tenet

    return tenet.GAME


#: Each game's rules by name, loaded on first use (its folder imported then); the specs
#: are companion.games.GAMES.
RULES: dict[str, Callable[[str], Game]] = {
    "gravitation": _zwianer,
    "tunnelx": _zwianer,
    "tuerme": _tuerme,
    "tenet": _tenet,
}


def game(name: str) -> Game:
    """The rules of a game by name, or a CompanionError naming the games that have them."""
    try:
        load = RULES[name]
    except KeyError:
        said = text("rules.no_engine", game=repr(name), engines=list(RULES))
        raise CompanionError(said) from None
    return load(name)


def stone_planet_name(position: Position) -> str | None:
    """The planet TENET's stone stands on, by its name ("Jupiter"); None while it waits
    at the start or in a game without a stone. The undo page names a move that moved only
    the stone by the stone's way (new-user trial s11 H4: "( → )")."""
    if not position.stone:
        return None
    from companion.games.tenet.board import PLANETS, stone_planet

    planet = stone_planet(position.layout, position.stone)
    return None if planet is None else PLANETS[planet - 1]


def parse_roll(name: str, text: str) -> Roll:
    """A roll as typed, read by the rules of game ``name`` (CompanionError if it cannot be)."""
    return game(name).parse_roll(text)


def legal_moves(position: Position, roll: Roll) -> Sequence[GameMove]:
    """Every legal move of the position and roll, by the rules of ``position.game``."""
    return game(position.game).legal_moves(position, roll)


def legal_move_generator(position: Position, roll: Roll) -> Sequence[GameMove]:
    """The legal moves as the referee asks for them (:meth:`Game.moves`): for the ZwiAner
    games a lazy :class:`~companion.games.zwianer.live.LegalMoves` (searched from a board
    seen), for TENET its next steps built on demand, for the race game its list."""
    return game(position.game).moves(position, roll)


def check(
    position: Position, roll: Roll, text: str, to: str | None = None, start: str | None = None
) -> GameVerdict:
    """The verdict on a spoken announcement, by the checker of ``position.game``."""
    return game(position.game).check(position, roll, text, to, start)
