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

from companion.errors import CompanionError, PositionError
from companion.games import GameSpec, game_spec
from companion.games.tenet_board import check_stone
from companion.layout import Layout, load_layout


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
        _check_players(spec, layout, players, to_move)
        placement = _check_pieces(spec, layout, players, pieces, stacks or {})
        stores = _check_energy(spec, layout, players, energy or {})
        opts = _check_options(spec, options or {})
        phase = _check_phase(spec, phase)
        turn = _check_turn(
            layout, to_move, dict(placement), dict(opts), demands, declared, prediction
        )
        tenet = _check_tenet(game, layout, len(players), stone, first_round, spent)
        fixed = (game, layout, players, to_move, placement, stores, opts, phase)
        return cls(*fixed, *turn, *tenet)

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
        raise PositionError(f"game {self.game!r} has no option {name!r}")

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
                raise PositionError(f"cannot move {src}->{dst}: {dst} is occupied")
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
    raise PositionError(f"layout {layout.name!r} has no start field for {colour}")


def position_from_json(data: Any, layout: Layout | None = None) -> Position:
    """A checked position from its parsed JSON form; ``layout`` overrides the named one."""
    if not isinstance(data, dict):
        raise PositionError("a position must be a JSON object")
    known = {"game", "phase", "layout", "players", "to_move", "pieces", "energy", "options"}
    known |= {"demands", "declared", "prediction", "stacks", "stone", "first_round", "spent"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise PositionError(f"unknown key {unknown[0]!r} in position")
    game = data.get("game")
    if not isinstance(game, str):
        raise PositionError("position needs 'game' (a string)")
    spec = game_spec(game)
    if layout is None:
        name = data.get("layout", spec.default_layout)
        if not isinstance(name, str):
            raise PositionError("'layout' must be a layout name or file")
        layout = load_layout(name)
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise PositionError("'players' must be a list of colours")
    to_move = data.get("to_move", players[0] if players else "")
    if not isinstance(to_move, str):
        raise PositionError("'to_move' must be a colour")
    pieces = data.get("pieces")
    if not isinstance(pieces, dict):
        raise PositionError("'pieces' must map each player to a list of fields")
    for colour, fields in pieces.items():
        if not isinstance(fields, list) or not all(isinstance(f, str) for f in fields):
            raise PositionError(f"pieces of {colour!r} must be a list of field ids")
    energy = data.get("energy", {})
    if not isinstance(energy, dict):
        raise PositionError("'energy' must map players to store values")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise PositionError("'options' must map option names to true or false")
    phase = data.get("phase")
    demands = data.get("demands", [])
    if not isinstance(demands, list) or not all(isinstance(d, str) for d in demands):
        raise PositionError("'demands' must be a list of field ids")
    declared = data.get("declared")
    if declared is not None and not isinstance(declared, str):
        raise PositionError("'declared' must be a field id")
    prediction = data.get("prediction")
    stacks = data.get("stacks", {})
    if not isinstance(stacks, dict) or not all(
        isinstance(v, list) and all(isinstance(c, str) for c in v) for v in stacks.values()
    ):
        raise PositionError("'stacks' must map fields to lists of colours, bottom to top")
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


def load_position(path: str | Path, layout: Layout | None = None) -> Position:
    """Read a position file ('-' is standard input is the caller's business)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CompanionError(f"{path}: cannot read position: {exc}") from None
    return parse_position(text, source=str(path), layout=layout)


def parse_position(text: str, source: str = "position", layout: Layout | None = None) -> Position:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"{source}: not JSON: {exc.msg} at line {exc.lineno}") from None
    try:
        return position_from_json(data, layout)
    except CompanionError as exc:
        raise type(exc)(f"{source}: {exc}") from None


# ---------------------------------------------------------------------- checks


def _check_tenet(
    game: str, layout: Layout, players: int, stone: Any, first_round: Any, spent: Any
) -> tuple[str | None, int, tuple[int, ...]]:
    """TENET's stone, first-round count and dice spent (docs/tenet.md); only TENET has them."""
    if game == "tenet":
        stone = "start" if stone is None else stone
        return check_stone(layout, players, stone, first_round, spent)
    if stone is not None or first_round or spent:
        raise PositionError(f"{game} has no Stein der Weisen ('stone', 'first_round', 'spent')")
    return None, 0, ()


def _check_players(spec: GameSpec, layout: Layout, players: tuple[str, ...], to_move: str) -> None:
    if layout.style != spec.board:
        raise PositionError(
            f"{spec.name} is played on a {spec.board} board, "
            f"not on layout {layout.name!r} (a {layout.style} board)"
        )
    if not spec.min_players <= len(players) <= spec.max_players:
        raise PositionError(
            f"{spec.name} takes {spec.min_players} to {spec.max_players} players, "
            f"not {len(players)}"
        )
    for p in players:
        if p not in layout.colours:
            raise PositionError(
                f"unknown player {p!r} (layout {layout.name!r} has {', '.join(layout.colours)})"
            )
    if len(set(players)) != len(players):
        raise PositionError("a player is listed twice in 'players'")
    if to_move not in players:
        raise PositionError(f"to_move {to_move!r} is not one of the players")


def _check_pieces(
    spec: GameSpec,
    layout: Layout,
    players: tuple[str, ...],
    pieces: Mapping[str, Iterable[str]],
    stacks: Mapping[str, Sequence[str]],
) -> tuple[tuple[str, str], ...]:
    for colour in pieces:
        if colour not in players:
            raise PositionError(f"pieces given for {colour!r}, who is not a player")
    count = spec.pieces_for(len(players))
    on: dict[str, list[str]] = {}
    for colour in players:
        fields = list(pieces.get(colour, ()))
        if len(fields) != count:
            raise PositionError(f"{colour} has {len(fields)} pieces, {spec.name} needs {count}")
        for fid in fields:
            if fid not in layout.fields:
                raise PositionError(f"{colour} piece on unknown field {fid!r}")
            f = layout.fields[fid]
            if f.kind in _PRIVATE and f.owner not in (None, colour):
                raise PositionError(f"{colour} piece on {fid}, a {f.kind} of {f.owner}")
            here = on.setdefault(fid, [])
            capacity = spec.capacity(f.kind)
            if capacity is not None and len(here) >= capacity:
                if capacity == 1:
                    raise PositionError(f"two pieces on {fid} ({here[0]} and {colour})")
                raise PositionError(f"more than {capacity} pieces on {fid}")
            here.append(colour)
    for fid in stacks:
        if fid not in on:
            raise PositionError(f"'stacks' names {fid!r}, where no piece stands")
    placement: list[tuple[str, str]] = []
    for fid in sorted(on):
        placement += [(fid, c) for c in _order(spec, layout, fid, on[fid], stacks.get(fid))]
    return tuple(placement)


#: Field kinds only their owner's pieces may stand on.
_PRIVATE = ("station", "home", "goal")


def _order(
    spec: GameSpec, layout: Layout, fid: str, colours: list[str], given: Sequence[str] | None
) -> list[str]:
    """The pieces of one field bottom to top: as ``stacks`` gives them where the order
    matters (a mixed tower), in colour order in a pool or a one-colour stack."""
    if given is not None and sorted(given) != sorted(colours):
        raise PositionError(
            f"'stacks' on {fid} lists {', '.join(given)}, but the pieces there are "
            + ", ".join(sorted(colours))
        )
    if len(set(colours)) == 1 or layout.fields[fid].kind in spec.pools:
        return sorted(colours)
    if given is None:
        raise PositionError(f"a mixed tower on {fid}: give its order in 'stacks', bottom first")
    return list(given)


def _check_energy(
    spec: GameSpec, layout: Layout, players: tuple[str, ...], energy: Mapping[str, Any]
) -> tuple[int, ...]:
    capacity = int(layout.extra.get("energy_capacity", 5))
    for colour, value in energy.items():
        if colour not in players:
            raise PositionError(f"energy given for {colour!r}, who is not a player")
        if not isinstance(value, int) or isinstance(value, bool):
            raise PositionError(f"energy of {colour} must be a whole number, not {value!r}")
        if not 0 <= value <= capacity:
            raise PositionError(f"energy of {colour} is {value}, outside 0..{capacity}")
        if value and not spec.uses_energy:
            raise PositionError(f"{spec.name} has no energy store (energy of {colour})")
    return tuple(int(energy.get(p, 0)) for p in players)


def _check_options(spec: GameSpec, options: Mapping[str, Any]) -> tuple[tuple[str, bool], ...]:
    values = spec.option_defaults()
    for name, value in options.items():
        if name not in values:
            known = ", ".join(values) or "none"
            raise PositionError(f"unknown option {name!r} for {spec.name} (known: {known})")
        if not isinstance(value, bool):
            raise PositionError(f"option {name} must be true or false, not {value!r}")
        values[name] = value
    return tuple(sorted(values.items()))


def _check_phase(spec: GameSpec, phase: Any) -> int | None:
    if not spec.phases:
        if phase is not None:
            raise PositionError(f"{spec.name} has no phases")
        return None
    if phase is None:
        return spec.default_phase
    if isinstance(phase, bool) or phase not in spec.phases:
        raise PositionError(
            f"phase {phase!r} is not a phase of {spec.name} ({', '.join(map(str, spec.phases))})"
        )
    return int(phase)


def _check_turn(
    layout: Layout,
    to_move: str,
    occupant: Mapping[str, str],
    options: Mapping[str, bool],
    demands: Iterable[str],
    declared: str | None,
    prediction: Any,
) -> tuple[tuple[str, ...], str | None, int | None]:
    """Checks the optional turn state: demands, a declared piece, a prediction."""
    out = tuple(sorted(set(demands)))
    for fid in out:
        if occupant.get(fid) != to_move:
            raise PositionError(f"demand on {fid}: no piece of {to_move} (the player to move)")
        f = layout.fields[fid]
        if not f.special or f.owner in (None, to_move):
            raise PositionError(f"demand on {fid}: not a special field of another player")
    if declared is not None:
        if occupant.get(declared) != to_move:
            raise PositionError(f"declared piece on {declared}: no piece of {to_move} there")
        if not options.get("declare_before_roll", False):
            raise PositionError("'declared' needs the option declare_before_roll")
    if prediction is not None:
        if isinstance(prediction, bool) or prediction not in (4, 5, 6):
            raise PositionError(f"prediction must be 4, 5 or 6, not {prediction!r}")
        if not options.get("prediction", False):
            raise PositionError("'prediction' needs the option prediction")
    return out, declared, prediction
