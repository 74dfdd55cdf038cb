"""``companion replay FRAMES_DIR``: referee a recorded game, frame by frame.

The frames (image files in natural name order) go through the same :class:`Watcher` as
the live camera; every verdict is printed (one JSON line each with ``--json``). With
``--journal`` the game is recorded, and a journal holding an unfinished game of the same
kind resumes it: feed it the frames from the last judged board on (docs/referee.md).
Exit 0 when every move was legal, 1 when the referee rejected one (or was left asking
which move was meant), 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.common import add_json_argument, players_from, print_json, whole
from companion.errors import CompanionError
from companion.games import GAMES
from companion.games.game import game as game_rules
from companion.games.game import legal_move_generator
from companion.model.boards import seen
from companion.model.layoutfile import load_layout
from companion.model.position import Position, load_position, start_position
from companion.texts import message, text

if TYPE_CHECKING:
    from companion.store.journal import Journal
    from companion.table.answers import Verdict
    from companion.table.referee import Referee

NAME = "replay"
FILM_FILE = "film.json"  # written by ``companion sample game`` beside its frames
JUDGED = ("legal", "illegal", "ambiguous")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("frames", metavar="FRAMES_DIR", help=text("opt.replay.frames"))
    parser.add_argument("--game", choices=sorted(GAMES), help=text("opt.replay.game"))
    parser.add_argument("--layout", help=text("opt.replay.layout"))
    parser.add_argument("--players", metavar="COLOURS", help=text("opt.replay.players"))
    parser.add_argument("--position", metavar="START.json", help=text("opt.replay.position"))
    parser.add_argument(
        "--journal",
        metavar="FILE",
        help=text("opt.replay.journal"),
    )
    parser.add_argument(
        "--still-frames",
        type=whole(1, 1000),
        default=3,
        metavar="N",
        help=text("opt.replay.still-frames"),
    )
    add_json_argument(parser)


def run(args: argparse.Namespace) -> int:
    from companion.imagecheck import read_image
    from companion.store.journal import Journal
    from companion.table.answers import Phase
    from companion.table.watch import Watcher, dice_kind_of
    from companion.vision import BoardReader

    files = frame_files(Path(args.frames))  # bad folders fail before anything else
    if args.still_frames < 1:
        raise CompanionError(text("replay.still_frames", count=args.still_frames))
    film = filmed(Path(args.frames))
    # Gravitation only assumed: no --game, no film.json, no start position naming its game
    assumed = film is None and args.game is None and args.position is None
    if film is not None and args.game is not None and args.game != film.game:
        raise CompanionError(
            text("replay.film_other_game", folder=args.frames, game=film.game, asked=args.game)
        )
    if args.game is None:  # the film's own game where it says one (sample game writes it)
        args.game = film.game if film is not None else "gravitation"
        if film is not None and args.players is None:
            args.players = ",".join(film.players)
    start = _start_position(args)
    journal = Journal(args.journal) if args.journal else None
    try:
        referee = _referee(start, journal, args.json)
        printer = _Printer(args.json, doubt=assumed)
        referee.listeners.append(printer)  # every verdict, also two from one frame
        watcher = Watcher(
            referee,
            BoardReader(start.layout),
            still_frames=args.still_frames,
            dice_kind=dice_kind_of(start.game),
        )
        read = 0
        for path in files:
            try:  # libjpeg's and libpng's own lines kept off stderr (companion.imagecheck)
                image = read_image(path)
            except CompanionError as exc:  # a frame the camera garbled: said, and skipped
                print(text("replay.skipped", reason=message(exc)), file=sys.stderr)
                continue
            read += 1
            printer.frame = path.name
            watcher.feed(image)
            if printer.misfit:  # the game assumed rejected a move: no row of false verdicts
                break
    finally:
        if journal is not None:
            journal.close()
    if printer.misfit:
        raise CompanionError(_misfit(args.frames, printer.frame, start, printer.misfit))
    if read == 0:
        raise CompanionError(text("replay.none_read", folder=args.frames, count=len(files)))
    if not printer.set_up:  # nothing refereed: never silent, never "all legal" (s11 H3)
        raise CompanionError(_nothing_seen(args.frames, read, start.game, film))
    if referee.phase is Phase.DECIDE:
        print(text("replay.undecided"), file=sys.stderr)
        return 1
    return 1 if printer.rejected else 0


@dataclass(frozen=True)
class Film:
    """What ``companion sample game`` wrote beside its frames: the game and players filmed."""

    game: str
    players: tuple[str, ...]


def filmed(folder: Path) -> Film | None:
    """The film's own game (``film.json`` of ``sample game``), None for another folder."""
    path = folder / FILM_FILE
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        game, players = data["game"], data["players"]
    except (OSError, ValueError, KeyError, TypeError):
        raise CompanionError(text("replay.film_unreadable", path=str(path))) from None
    if game not in GAMES or not isinstance(players, list):
        raise CompanionError(text("replay.film_unreadable", path=str(path)))
    return Film(game, tuple(str(p) for p in players))


def _nothing_seen(folder: str, frames: int, game: str, film: Film | None) -> str:
    """The one line for a replay whose frames never showed the game's set-up board: the
    film's game where it is known, else the hint that it may be another game's film."""
    if film is not None:  # its own game, set up otherwise (another layout, a cut film)
        return text("replay.no_board", folder=folder, count=frames, game=game)
    others = ", ".join(g for g in sorted(GAMES) if g != game)
    return text("replay.no_board_hint", folder=folder, count=frames, game=game, others=others)


#: A move as the film showed it: its roll and the board after it.
Step = tuple[tuple[int, ...], dict[str, str]]


def _misfit(folder: str, frame: str, start: Position, steps: list[Step]) -> str:
    """The one line for a film of no named game (no --game, no film.json) whose move the
    game assumed rejects: the games with the same board and start position that explain
    every move up to it (``steps``, the rejected one last) are named for --game; where
    none does, the games whose start position fits (else every other game). A Tunnel X
    film was refereed as Gravitation with false "ILLEGAL" verdicts (trial s11 H3)."""
    starts, fits = [], []
    for name in sorted(GAMES):
        if name == start.game:
            continue
        try:
            other = start_position(name, list(start.players), start.layout)
        except (CompanionError, ValueError, KeyError):
            continue  # the players or the board are not that game's
        if other.layout.reference != start.layout.reference or seen(other) != seen(start):
            continue
        starts.append(name)
        if _follows(other, steps):
            fits.append(name)
    game = start.game
    if fits:
        named = ", ".join(fits)
        return text("replay.misfit_fits", folder=folder, frame=frame, game=game, fits=named)
    others = ", ".join(starts or [g for g in sorted(GAMES) if g != game])
    return text("replay.misfit", folder=folder, frame=frame, game=game, others=others)


def _follows(position: Position, steps: list[Step]) -> bool:
    """Whether the rules of ``position``'s game explain each board of ``steps`` in turn
    from it (a move of that roll leaves it), going on from the first such move."""
    rules = game_rules(position.game)
    for roll, board in steps:
        try:
            found = rules.match(position, roll, rules.moves(position, roll), board)
            first = next(iter(found.fits), None)
        except CompanionError:
            return False
        if first is None:
            return False
        position = first.after
    return True


def frame_files(folder: Path) -> list[Path]:
    """The image files of the folder in natural name order (CompanionError if none)."""
    from companion.camera.replay import image_files

    if not folder.is_dir():
        what = "replay.a_file" if folder.exists() else "replay.no_folder"
        raise CompanionError(text(what, folder=str(folder)))
    files = image_files(folder)
    if not files:
        raise CompanionError(text("replay.no_images", folder=str(folder)))
    return files


def _start_position(args: argparse.Namespace) -> Position:
    layout = load_layout(args.layout) if args.layout else None
    if args.position:
        position = load_position(args.position, layout=layout)
        if position.game != args.game:
            raise CompanionError(
                text(
                    "replay.other_game",
                    path=args.position,
                    game=repr(position.game),
                    asked=repr(args.game),
                )
            )
        return position
    players = players_from(args.players)
    return start_position(args.game, players, layout)


def _referee(start: Position, journal: Journal | None, as_json: bool) -> Referee:
    """A new game, or the journal's last unfinished game of the same kind, resumed."""
    from companion.store.events import fold
    from companion.table.referee import Referee

    if journal is None:
        return Referee.start(start, legal_move_generator)
    unfinished = [g for g in journal.unfinished() if g.game == start.game]
    if not unfinished:
        return Referee.start(start, legal_move_generator, journal)
    game = unfinished[-1]
    if game.layout != start.layout.reference:
        raise CompanionError(
            text(
                "replay.other_board",
                path=str(journal.path),
                game=game.id,
                layout=repr(game.layout),
                asked=repr(start.layout.reference),
            )
        )
    referee = Referee.resume(journal, game.id, legal_move_generator)
    if not as_json:
        moves = len(fold(list(journal.events(game.id))).announcements)
        print(text("replay.resuming", game=game.id, path=journal.path, count=moves))
    return referee


class _Printer:
    """A referee listener: prints each verdict with the frame that brought it about."""

    def __init__(self, as_json: bool, doubt: bool = False) -> None:
        self.as_json = as_json
        self.frame = ""
        self.rejected = False
        #: Whether the game's board was ever seen set up (any verdict beyond "set up").
        self.set_up = False
        #: The game was assumed, not named: a rejection is not said but kept (``misfit``:
        #: each move seen with its roll and board, the rejected one last), nothing after it.
        self.doubt = doubt
        self.steps: list[Step] = []
        self.misfit: list[Step] = []

    def __call__(self, referee: Referee) -> None:
        verdict = referee.verdict
        if verdict is None or self.misfit:
            return
        if self.doubt and verdict.kind == "illegal":
            self.misfit = [*self.steps, (referee.roll or (), referee.board_seen or {})]
            return
        if verdict.kind == "legal" and verdict.announcement and referee.last_roll is not None:
            self.steps.append((referee.last_roll, seen(referee.position)))
        self.rejected |= verdict.kind == "illegal"
        self.set_up |= verdict.kind != "setup"
        if self.as_json:
            phase = referee.phase.name.lower()
            print_json({"frame": self.frame, **verdict.to_json(), "phase": phase})
        else:
            print(f"{self.frame}: {describe(verdict)}")
        sys.stdout.flush()  # whoever watches this process sees each verdict as it is given


def describe(verdict: Verdict) -> str:
    """``LEGAL: Wurf 7, …`` for a move, else the verdict's reason."""
    if verdict.kind == "legal" and verdict.announcement:
        return text("replay.legal", said=verdict.announcement)
    if verdict.kind == "ambiguous":
        choices = " | ".join(verdict.choices)
        return text("replay.ambiguous", reason=verdict.reason, choices=choices)
    if verdict.kind == "illegal":
        return text("replay.illegal", reason=verdict.reason)
    return verdict.reason
