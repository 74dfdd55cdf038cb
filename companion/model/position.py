"""Positions: where every piece stands, whose turn it is, the energy stores and the options.

A :class:`Position` is immutable and hashable, so the rules engines can be pure functions
from a position and a roll to new positions. Its JSON form is the contract of
``docs/positions.md`` (and ``shared/DESIGN.md``)::

    {"game": "gravitation", "phase": 3, "layout": "gravitation",
     "players": ["red", "yellow"], "to_move": "red",
     "pieces": {"red": ["red.S1", ...], "yellow": [...]},
     "energy": {"red": 2, "yellow": 0},
     "options": {"always_sum": false, "death_push": false}}

:func:`position_from_json` checks everything and raises a one-line
:class:`~companion.errors.PositionError` naming the first thing that is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from companion import texts
from companion.errors import CompanionError, PositionError
from companion.games import GameSpec, game_spec
from companion.model import position_checks as checks
from companion.model.jsontext import parse_json
from companion.model.layout import Layout
from companion.model.layoutfile import load_layout
from companion.textfile import read_text


@dataclass(frozen=True)
class Position:
    """A game position. Build one with :meth:`create` (checked) or :func:`start_position`.

    ``placement`` holds one ``(field, colour)`` pair per piece, sorted by field id; where a
    field holds several pieces (a tower, a pool such as a home or a common start field)
    its pairs stand bottom to top, a pool's by colour. ``energy`` holds one store value
    per player in the order of ``players``, ``options`` every option of the game.
    """

    game: str
    layout: Layout = field(compare=False, hash=False, repr=False)
    players: tuple[str, ...]
    to_move: str
    placement: tuple[tuple[str, str], ...]
    energy: tuple[int, ...]
    options: tuple[tuple[str, bool], ...]
    phase: int | None = None
    #: Turn state beyond the board (all optional in JSON, see docs/gravitation.md):
    #: fields of pieces of the player to move that other players demand be moved,
    demands: tuple[str, ...] = ()
    #: the field of the piece named before rolling (option ``declare_before_roll``),
    declared: str | None = None
    #: the die value predicted before rolling (option ``prediction``): 4, 5 or 6.
    prediction: int | None = None
    #: TENET (docs/tenet.md): the field of the Stein der Weisen (``start`` until it is in
    #: play, then a planet's ``P<k>.3``) and the turns played in the first round without
    #: a Pasch (when it reaches the number of players, one die is rolled for the stone).
    stone: str | None = None
    first_round: int = 0
    #: TENET: the values of the current roll the player to move has moved already.
    spent: tuple[int, ...] = ()

    # ------------------------------------------------------------------ construction

    @classmethod
    def create(
        cls,
        game: str,
        layout: Layout,
        players: Iterable[str],
        to_move: str,
        pieces: Mapping[str, Iterable[str]],
        energy: Mapping[str, int] | None = None,
        options: Mapping[str, bool] | None = None,
        phase: int | None = None,
        demands: Iterable[str] = (),
        declared: str | None = None,
        prediction: int | None = None,
        stacks: Mapping[str, Sequence[str]] | None = None,
        stone: str | None = None,
        first_round: int = 0,
        spent: Iterable[int] = (),
    ) -> Position:
        """A checked position; raises PositionError on the first thing that is wrong.

        ``stacks`` gives the order, bottom to top, of a field holding pieces of more than
        one colour (a mixed tower); everywhere else the order does not matter.
        """
        spec = game_spec(game)
        players = tuple(players)
        checks.check_players(spec, layout, players, to_move)
        placement = checks.check_pieces(spec, layout, players, pieces, stacks or {})
        stores = checks.check_energy(spec, layout, players, energy or {})
        opts = checks.check_options(spec, options or {})
        phase = checks.check_phase(spec, phase)
        turn = checks.check_turn(
            layout, to_move, dict(placement), dict(opts), demands, declared, prediction
        )
        held = checks.check_stone(spec, layout, len(players), stone, first_round, spent)
        fixed = (game, layout, players, to_move, placement, stores, opts, phase)
        return cls(*fixed, *turn, *held)

    # ------------------------------------------------------------------ reading

    @cached_property
    def occupant(self) -> Mapping[str, str]:
        """Field id → colour of the piece on it, the top one of a stack (occupied fields only)."""
        return dict(self.placement)

    @cached_property
    def stacks(self) -> Mapping[str, tuple[str, ...]]:
        """Field id → the colours of the pieces on it, bottom to top (occupied fields only)."""
        out: dict[str, tuple[str, ...]] = {}
        for fid, colour in self.placement:
            out[fid] = (*out.get(fid, ()), colour)
        return out

    @cached_property
    def pieces(self) -> Mapping[str, tuple[str, ...]]:
        """Colour → the fields of that player's pieces, in layout order."""
        order = {fid: n for n, fid in enumerate(self.layout.fields)}
        out: dict[str, list[str]] = {p: [] for p in self.players}
        for fid, colour in self.placement:
            out[colour].append(fid)
        return {p: tuple(sorted(v, key=order.__getitem__)) for p, v in out.items()}

    def energy_of(self, colour: str) -> int:
        return self.energy[self.players.index(colour)]

    def option(self, name: str) -> bool:
        for key, value in self.options:
            if key == name:
                return value
        raise PositionError(texts.text("position.no_option", game=repr(self.game), name=repr(name)))

    @property
    def spec(self) -> GameSpec:
        return game_spec(self.game)

    def next_player(self) -> str:
        """The player after the one to move, in the order of ``players``."""
        return self.players[(self.players.index(self.to_move) + 1) % len(self.players)]

    # ------------------------------------------------------------------ deriving

    def moved(self, moves: Mapping[str, str]) -> Position:
        """The position with pieces moved ``from → to`` all at once (swaps allowed).

        For games with one piece a field: the caller (a rules engine) guarantees legality;
        the result keeps one piece a field. Games with stacks use :meth:`restacked`.
        """
        occ = dict(self.occupant)
        lifted = {src: occ.pop(src) for src in moves}
        for src, dst in moves.items():
            if dst in occ:
                raise PositionError(texts.text("position.occupied", src=src, dst=dst))
            occ[dst] = lifted[src]
        return replace(self, placement=tuple(sorted(occ.items())))

    def restacked(self, stacks: Mapping[str, Sequence[str]]) -> Position:
        """The position with these pieces, field id → colours bottom to top.

        The caller (a rules engine) guarantees legality; pools are put in colour order so
        that equal boards compare equal.
        """
        pools = self.spec.pools
        fields = self.layout.fields
        placement = []
        for fid in sorted(stacks):
            colours = stacks[fid]
            if fields[fid].kind in pools:
                colours = sorted(colours)
            placement += [(fid, c) for c in colours]
        return replace(self, placement=tuple(placement))

    def with_energy(self, colour: str, value: int) -> Position:
        stores = list(self.energy)
        stores[self.players.index(colour)] = value
        return replace(self, energy=tuple(stores))

    def with_to_move(self, colour: str) -> Position:
        return replace(self, to_move=colour)

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The JSON form of DESIGN.md, ready for ``json.dumps``."""
        data: dict[str, Any] = {"game": self.game}
        if self.phase is not None:
            data["phase"] = self.phase
        data.update(
            layout=self.layout.reference,
            players=list(self.players),
            to_move=self.to_move,
            pieces={p: list(v) for p, v in self.pieces.items()},
        )
        mixed = {
            fid: list(colours)
            for fid, colours in self.stacks.items()
            if len(set(colours)) > 1 and self.layout.fields[fid].kind not in self.spec.pools
        }
        if mixed:
            data["stacks"] = mixed
        if self.spec.uses_energy:
            data["energy"] = {p: self.energy_of(p) for p in self.players}
        data["options"] = dict(self.options)
        if self.demands:
            data["demands"] = list(self.demands)
        if self.declared is not None:
            data["declared"] = self.declared
        if self.prediction is not None:
            data["prediction"] = self.prediction
        if self.stone is not None:
            data["stone"] = self.stone
        if self.first_round:
            data["first_round"] = self.first_round
        if self.spent:
            data["spent"] = list(self.spent)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)


def start_position(
    game: str = "gravitation",
    players: Iterable[str] | None = None,
    layout: Layout | None = None,
    phase: int | None = None,
    options: Mapping[str, bool] | None = None,
) -> Position:
    """The opening position: every piece on its own station, stores at 0, first player on move.

    Without ``players`` all colours of the layout play, in seat order.
    """
    spec = game_spec(game)
    layout = layout or load_layout(spec.default_layout)
    if layout.style == "plain":  # no colours, so no first player: say so before indexing
        checks.check_players(spec, layout, (), "")
    players = tuple(players) if players is not None else layout.colours[: spec.max_players]
    count = spec.pieces_for(len(players))
    pieces = {p: _start_fields(spec, layout, p, count) for p in players if p in layout.colours}
    return Position.create(
        game, layout, players, players[0], pieces, {}, options, phase or spec.default_phase
    )


def _start_fields(spec: GameSpec, layout: Layout, colour: str, count: int) -> list[str]:
    """Where a player's pieces wait before the game: the own station fields, else the own
    pool (the race game's home), else the common pool (TENET's start field)."""
    station = layout.seat(colour).station
    if station:
        return list(station[:count])
    for kind in spec.pools:  # the first pool kind is where pieces wait
        own = layout.owned(colour, kind) or tuple(f.id for f in layout if f.kind == kind)
        if own:
            return [own[0]] * count
    said = texts.colour(colour)
    raise PositionError(texts.text("position.no_start", layout=repr(layout.name), player=said))


def position_from_json(data: Any, layout: Layout | None = None) -> Position:
    """A checked position from its parsed JSON form; ``layout`` overrides the named one."""
    if not isinstance(data, dict):
        raise PositionError(texts.text("position.not_object"))
    known = {"game", "phase", "layout", "players", "to_move", "pieces", "energy", "options"}
    known |= {"demands", "declared", "prediction", "stacks", "stone", "first_round", "spent"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise PositionError(texts.text("position.unknown_key", name=repr(unknown[0])))
    game = data.get("game")
    if not isinstance(game, str):
        raise PositionError(texts.text("position.no_game"))
    spec = game_spec(game)
    defaulted = layout is None and "layout" not in data  # read on the game's board now
    if layout is None:
        name = data.get("layout", spec.default_layout)
        if not isinstance(name, str):
            raise PositionError(texts.text("position.layout_type"))
        layout = load_layout(name)
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise PositionError(texts.text("position.players_type"))
    to_move = data.get("to_move", players[0] if players else "")
    if not isinstance(to_move, str):
        raise PositionError(texts.text("position.to_move_type"))
    pieces = data.get("pieces")
    if not isinstance(pieces, dict):
        raise PositionError(texts.text("position.pieces_type"))
    for colour, fields in pieces.items():
        if not isinstance(fields, list) or not all(isinstance(f, str) for f in fields):
            raise PositionError(texts.text("position.pieces_list", player=repr(colour)))
    energy = data.get("energy", {})
    if not isinstance(energy, dict):
        raise PositionError(texts.text("position.energy_map"))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise PositionError(texts.text("position.options_map"))
    phase = data.get("phase")
    demands = data.get("demands", [])
    if not isinstance(demands, list) or not all(isinstance(d, str) for d in demands):
        raise PositionError(texts.text("position.demands_type"))
    declared = data.get("declared")
    if declared is not None and not isinstance(declared, str):
        raise PositionError(texts.text("position.declared_type"))
    prediction = data.get("prediction")
    stacks = data.get("stacks", {})
    if not isinstance(stacks, dict) or not all(
        isinstance(v, list) and all(isinstance(c, str) for c in v) for v in stacks.values()
    ):
        raise PositionError(texts.text("position.stacks_type"))
    try:
        return Position.create(
            game,
            layout,
            players,
            to_move,
            pieces,
            energy,
            options,
            phase,
            demands,
            declared,
            prediction,
            stacks,
            data.get("stone"),
            data.get("first_round", 0),
            data.get("spent", []),
        )
    except PositionError as exc:
        if not defaulted or not spec.former_layouts:
            raise
        former = texts.Joined((f'"{n}"' for n in spec.former_layouts), " or ", de=" oder ")
        why = texts.message(exc)
        said = dict(why=why, layout=repr(layout.name), title=spec.title, former=former)
        raise PositionError(texts.text("position.former_layout", **said)) from None


def load_position(path: str | Path, layout: Layout | None = None) -> Position:
    """Read a position file ('-' is standard input is the caller's business)."""
    try:
        text = read_text(path, "position")
    except (OSError, UnicodeDecodeError) as exc:
        why = texts.unreadable(exc)
        raise CompanionError(texts.text("file.position_unread", path=str(path), why=why)) from None
    return parse_position(text, source=str(path), layout=layout)


def parse_position(text: str, source: str = "position", layout: Layout | None = None) -> Position:
    data = parse_json(text, source, PositionError)
    try:
        return position_from_json(data, layout)
    except CompanionError as exc:  # the sentence kept, for a reader of either language
        raise type(exc)(
            texts.text("position.in_source", source=source, why=texts.message(exc))
        ) from None
