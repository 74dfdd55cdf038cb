"""Recorded-frame games: a game played by the real rules engine, filmed by the synthetic camera.

:func:`record_game` plays a seeded game of any game whose turn is one roll of two d6
(:data:`FILMED`: legal moves picked from :func:`companion.games.game.legal_moves`), and
writes what a camera over the table would have recorded, one image file per frame in
name order:

* at the start, the board as it stands (a few identical still frames);
* per turn, the dice tray: maybe one frame with a die still rolling, then settled dice
  showing the roll (a few identical frames); then maybe a hand over the board, then the
  board after the move (a few identical still frames);
* on a turn chosen to go wrong, first the board of an illegal move, then the pieces set
  back, then the legal move.

The ground truth (:class:`Recording`) lists every verdict the referee should give and the
frame where each turn's still board begins, so tests can check a replay and cut it in two.
Moves whose board fits several outcomes (the referee would ask) are never chosen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.games import GAMES
from companion.games.game import GameMove, legal_moves
from companion.model.position import Position
from companion.synth.board import Camera, FloatArray, Image, default_camera, photograph, random_pose
from companion.synth.dice import render_scene, scene_options
from companion.table.watch import dice_view
from companion.vision.dice.reader import read_dice

#: A move of the kind wanted (a push, a crash): the game's own move, read by the caller.
Prefer = Callable[[Any], bool]

#: The games filmed: those played with two d6, a turn one roll and one move of it (the
#: dice tray filmed is a d6 pair); `companion sample game` refuses the others naming these.
FILMED = tuple(name for name, spec in GAMES.items() if spec.dice == "d6")


@dataclass(frozen=True)
class Expected:
    """One verdict the referee should give: ``legal`` with the move's announcement, or
    ``illegal``; ``frame`` is the first still frame of the board it judges (of the settled
    dice for a forced pass, which no board shows)."""

    verdict: str
    announcement: str
    frame: int
    turn: int
    kind: str = "move"  # the move's kind (move, crash, ...) or "illegal"
    pushes: int = 0
    destroyed: int = 0


@dataclass
class Recording:
    """The frames written and what a referee watching them must say."""

    folder: Path
    start: Position
    frames: list[Path] = field(default_factory=list)
    expected: list[Expected] = field(default_factory=list)
    turn_starts: list[int] = field(default_factory=list)  # first frame of each turn's dice
    final: Position | None = None

    @property
    def announcements(self) -> list[str]:
        return [e.announcement for e in self.expected if e.verdict == "legal"]


@dataclass(frozen=True)
class Filming:
    """How the table is filmed: resolution, still-frame counts, hands, rolling dice."""

    width: int = 1280
    height: int = 960
    still: int = 4  # identical frames of each still board (the first one counts as a change)
    settled: int = 3  # identical frames of each settled roll
    hand_chance: float = 0.5  # a hand over the board before the board after a move
    rolling_chance: float = 0.5  # a frame with a die still rolling before it settles
    jpeg: int = 95


def record_game(
    folder: str | Path,
    start: Position,
    seed: int,
    turns: int,
    *,
    filming: Filming | None = None,
    illegal_turns: Sequence[int] = (),
    prefer: Prefer | None = None,
) -> Recording:
    """Play ``turns`` turns from ``start`` and write their frames into ``folder``.

    ``prefer`` picks the kind of move wanted (a push, a crash): on each turn the roll is
    chosen, if any roll allows it, so that such a move can be played. ``illegal_turns``
    (counted from 0) first show an illegal board, then the pieces set back.
    """
    if start.game not in FILMED:
        raise ValueError(f"{start.game}: only {', '.join(FILMED)} are filmed")
    film = filming or Filming()
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    camera = default_camera(film.width, film.height)
    rvec, tvec = random_pose(start.layout.width, start.layout.height, camera, np_rng)
    rec = Recording(out, start)
    writer = _Writer(rec, film, camera, rvec, tvec, np_rng, seed)

    writer.board(start, "start")
    position = start
    for turn in range(turns):
        roll, move = _pick(position, rng, prefer)
        rec.turn_starts.append(len(rec.frames))
        settled = writer.dice(roll, rng)
        if turn in illegal_turns:
            wrong = _illegal_board(position, move, roll)
            if wrong is not None:
                rec.expected.append(Expected("illegal", "", len(rec.frames), turn, "illegal"))
                writer.board(wrong, "illegal")
                writer.board(position, "setback")
        passed = move.after.placement == position.placement  # judged on the roll alone
        if rng.random() < film.hand_chance and not passed:
            writer.hand(move.after)
        judged_at = settled if passed else len(rec.frames)
        rec.expected.append(
            Expected(
                "legal",
                move.announcement,
                judged_at,
                turn,
                str(getattr(move, "kind", "move")),
                len(getattr(move, "pushes", ())),
                len(move.destroyed),
            )
        )
        writer.board(move.after, "move")
        position = move.after
        if move.winner is not None:
            break
    rec.final = position
    return rec


def _pick(
    position: Position, rng: random.Random, prefer: Prefer | None
) -> tuple[tuple[int, int], GameMove]:
    """A roll and an unambiguous legal move of it, the preferred kind if any roll allows."""
    rolls = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
    rng.shuffle(rolls)
    fallback: tuple[tuple[int, int], GameMove] | None = None
    for roll in rolls:
        moves = _unambiguous(legal_moves(position, roll))
        if not moves:
            continue
        wanted = [m for m in moves if prefer is not None and prefer(m)]
        if wanted:
            return roll, rng.choice(wanted)
        if fallback is None:
            fallback = (roll, rng.choice(moves))
        if prefer is None:
            break
    if fallback is None:
        raise ValueError(f"no roll gives an unambiguous move in {position.to_json()}")
    return fallback


def _unambiguous(moves: Sequence[GameMove]) -> list[GameMove]:
    """Moves whose board after them no move with another outcome shares (and no Todesstoß,
    ZwiAner's move left pending)."""
    outcomes: dict[tuple[tuple[str, str], ...], set[object]] = {}
    for m in moves:
        outcomes.setdefault(m.after.placement, set()).add(m.outcome)
    return [
        m
        for m in moves
        if getattr(m, "pending", None) is None and len(outcomes[m.after.placement]) == 1
    ]


def _illegal_board(position: Position, move: GameMove, roll: tuple[int, int]) -> Position | None:
    """The moved piece one step short or long of where it should be: a board no move gives."""
    start: str | None = getattr(move, "start", None)
    end: str | None = getattr(move, "end", None)
    if start is None or end is None:
        return None
    boards = {m.after.placement for m in legal_moves(position, roll)}
    occupied = set(position.occupant)
    for fid in position.layout.fields:
        field_ = position.layout.fields[fid]
        if fid in occupied or field_.kind == "station" or fid == end:
            continue
        wrong = position.moved({start: fid})
        if wrong.placement not in boards:
            return wrong.with_to_move(position.next_player())
    return None


class _Writer:
    """Writes frames in order as ``0007-dice.jpg``, ``0008-board.jpg``, ..."""

    def __init__(
        self,
        rec: Recording,
        film: Filming,
        camera: Camera,
        rvec: FloatArray,
        tvec: FloatArray,
        rng: np.random.Generator,
        seed: int,
    ) -> None:
        self.rec, self.film, self.camera = rec, film, camera
        self.rvec, self.tvec, self.rng, self.seed = rvec, tvec, rng, seed
        self.scene = 0

    def _jpeg(self, image: Image) -> bytes:
        """The frame as a JPEG file holds it."""
        _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, self.film.jpeg])
        return bytes(data)

    def _write(self, data: bytes, what: str) -> None:
        path = self.rec.folder / f"{len(self.rec.frames):04d}-{what}.jpg"
        path.write_bytes(data)
        self.rec.frames.append(path)

    def board(self, position: Position, what: str) -> None:
        data = self._photo(position)
        for _ in range(self.film.still):
            self._write(data, what)

    def hand(self, position: Position) -> None:
        self._write(self._photo(position, hand=True), "hand")

    def _photo(self, position: Position, hand: bool = False) -> bytes:
        """The board from the game's one camera pose, as JPEG bytes."""
        photo = photograph(
            position,
            self.rng,
            camera=self.camera,
            rvec=self.rvec,
            tvec=self.tvec,
            scene_seed=self.seed,
            hand=hand,
        )
        return self._jpeg(photo.image)

    def dice(self, roll: tuple[int, int], rng: random.Random) -> int:
        """Write the throw; returns the index of its first settled frame."""
        size = (self.film.width, self.film.height)
        if rng.random() < self.film.rolling_chance:
            self.scene += 1
            moving = scene_options(dice=(2, 2), values=roll, moving=1.0, jpeg=(0, 0))
            rolling = render_scene(self.seed * 1000 + self.scene, moving).image
            self._write(self._jpeg(_upscale(rolling, size)), "rolling")
        still = scene_options(dice=(2, 2), values=roll, jpeg=(0, 0))
        for _ in range(20):  # a throw the pip reader reads (its accuracy is docs/dice.md's)
            self.scene += 1
            data = self._jpeg(
                _upscale(render_scene(self.seed * 1000 + self.scene, still).image, size)
            )
            image = np.asarray(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR))
            reading = read_dice(dice_view(image))  # what the replay will read
            if sorted(reading.values) == sorted(roll) and reading.settled:
                break
        first = len(self.rec.frames)
        for _ in range(self.film.settled):
            self._write(data, "dice")
        return first


def _upscale(image: Image, size: tuple[int, int]) -> Image:
    """A dice scene at the board camera's resolution: one camera films board and tray."""
    return np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_LINEAR), np.uint8)
