"""The checks that make a :class:`~companion.model.position.Position` valid.

Each raises a one-line :class:`~companion.errors.PositionError` that names the first
thing that is wrong (a field, a player, a key) and the rule it breaks, and returns the
value in the position's canonical form (placements sorted, options complete, ...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.errors import PositionError
from companion.games import GameSpec
from companion.model.layout import Layout
from companion.texts import board, colours, game_name, quoted, text, text_n
from companion.texts import colour as say_colour
from companion.texts import field as say_field
from companion.texts.names import WORDS


def check_stone(
    spec: GameSpec, layout: Layout, players: int, stone: Any, first_round: Any, spent: Any
) -> tuple[str | None, int, tuple[int, ...]]:
    """The stone's field, the first-round count (turns played without a Pasch) and the dice
    of the current roll already moved (at most two different values), in a game whose spec
    has a stone (TENET, docs/tenet.md); refused in any other game."""
    if spec.stone is None:
        if stone is not None or first_round or spent:
            raise PositionError(text("position.no_stone", game=game_name(spec.name)))
        return None, 0, ()
    stone = spec.stone if stone is None else stone
    if not isinstance(stone, str):
        raise PositionError(text("position.stone_type"))
    if stone != spec.stone and not (
        stone in layout.fields and layout.fields[stone].label == "stone"
    ):
        raise PositionError(text("position.stone_where", field=repr(stone)))
    if isinstance(first_round, bool) or not isinstance(first_round, int):
        raise PositionError(text("position.first_round_type", value=repr(first_round)))
    if not 0 <= first_round <= players:
        raise PositionError(text("position.first_round_range", value=first_round, players=players))
    if first_round and stone != spec.stone:
        raise PositionError(text("position.first_round_moved"))
    if isinstance(spent, (str, bytes)) or not hasattr(spent, "__iter__"):
        raise PositionError(text("position.spent_type"))
    values = list(spent)
    top = spec.die_faces
    if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= top for v in values):
        raise PositionError(text("position.spent_values", top=top, values=repr(values)))
    if len(values) > 2 or len(set(values)) != len(values):
        raise PositionError(text("position.spent_two", values=repr(values)))
    return stone, first_round, tuple(values)


def check_players(spec: GameSpec, layout: Layout, players: tuple[str, ...], to_move: str) -> None:
    if layout.style == "plain":
        raise PositionError(
            text("position.plain_layout", layout=repr(layout.name), game=game_name(spec.name))
        )
    if layout.style != spec.board:
        raise PositionError(
            text(
                "position.wrong_board",
                game=game_name(spec.name),
                board=spec.board,
                layout=repr(layout.name),
                style=layout.style,
            )
        )
    if not spec.min_players <= len(players) <= spec.max_players:
        raise PositionError(
            text(
                "setup.player_count",
                game=game_name(spec.name),
                low=spec.min_players,
                high=spec.max_players,
                count=len(players),
            )
        )
    for p in players:
        if p not in layout.colours:
            raise PositionError(
                text(
                    "setup.unknown_player",
                    player=_as_said(p),
                    layout=board(layout.name),
                    colours=colours(layout.colours),
                )
            )
    if len(set(players)) != len(players):
        raise PositionError(text("setup.twice"))
    if to_move not in players:
        raise PositionError(text("position.to_move", player=repr(to_move)))


def _as_said(player: str) -> str:
    """A player not on the board, as the players say it: a colour in the sentence's
    language („Weiß“ for `--players rot,weiß`, not the id 'white' nobody typed, trial
    s10), any other word as written."""
    return quoted(say_colour(player)) if f"colour.{player}" in WORDS else repr(player)


def check_pieces(
    spec: GameSpec,
    layout: Layout,
    players: tuple[str, ...],
    pieces: Mapping[str, Iterable[str]],
    stacks: Mapping[str, Sequence[str]],
) -> tuple[tuple[str, str], ...]:
    for colour in pieces:
        if colour not in players:
            raise PositionError(text("position.pieces_not_player", player=repr(colour)))
    count = spec.pieces_for(len(players))
    on: dict[str, list[str]] = {}
    for colour in players:
        fields = list(pieces.get(colour, ()))
        if len(fields) != count:
            raise PositionError(
                text_n(
                    "position.pieces",
                    len(fields),
                    player=say_colour(colour),
                    game=game_name(spec.name),
                    needed=count,
                )
            )
        for fid in fields:
            if fid not in layout.fields:
                said = say_colour(colour)
                raise PositionError(text("position.unknown_field", player=said, field=repr(fid)))
            f = layout.fields[fid]
            if f.kind in _PRIVATE and f.owner not in (None, colour):
                raise PositionError(
                    text(
                        "position.private_field",
                        player=say_colour(colour),
                        field=say_field(fid),
                        kind=text(f"position.kind.{f.kind}"),
                        owner=say_colour(f.owner or ""),
                    )
                )
            here = on.setdefault(fid, [])
            capacity = spec.capacity(f.kind)
            if capacity is not None and len(here) >= capacity:
                if capacity == 1:
                    first, second = say_colour(here[0]), say_colour(colour)
                    at = say_field(fid)
                    raise PositionError(
                        text("position.two_on", field=at, first=first, second=second)
                    )
                raise PositionError(
                    text("position.too_many", capacity=capacity, field=say_field(fid))
                )
            here.append(colour)
    for fid in stacks:
        if fid not in on:
            raise PositionError(text("position.stacks_empty", field=repr(fid)))
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
            text(
                "position.stacks_mismatch",
                field=say_field(fid),
                given=[say_colour(c) for c in given],
                there=[say_colour(c) for c in sorted(colours)],
            )
        )
    if len(set(colours)) == 1 or layout.fields[fid].kind in spec.pools:
        return sorted(colours)
    if given is None:
        raise PositionError(text("position.mixed_tower", field=say_field(fid)))
    return list(given)


def check_energy(
    spec: GameSpec, layout: Layout, players: tuple[str, ...], energy: Mapping[str, Any]
) -> tuple[int, ...]:
    capacity = int(layout.extra.get("energy_capacity", 5))
    for colour, value in energy.items():
        if colour not in players:
            raise PositionError(text("position.energy_not_player", player=repr(colour)))
        said = say_colour(colour)
        if not isinstance(value, int) or isinstance(value, bool):
            raise PositionError(text("position.energy_type", player=said, value=repr(value)))
        if not 0 <= value <= capacity:
            raise PositionError(
                text("position.energy_range", player=said, value=value, capacity=capacity)
            )
        if value and not spec.uses_energy:
            raise PositionError(text("position.no_energy", game=game_name(spec.name), player=said))
    return tuple(int(energy.get(p, 0)) for p in players)


def check_options(spec: GameSpec, options: Mapping[str, Any]) -> tuple[tuple[str, bool], ...]:
    values = spec.option_defaults()
    for name, value in options.items():
        if name not in values:
            known = list(values) or text("position.no_options")
            raise PositionError(
                text(
                    "position.unknown_option",
                    name=repr(name),
                    game=game_name(spec.name),
                    known=known,
                )
            )
        if not isinstance(value, bool):
            raise PositionError(text("position.option_type", name=name, value=repr(value)))
        values[name] = value
    return tuple(sorted(values.items()))


def check_phase(spec: GameSpec, phase: Any) -> int | None:
    if not spec.phases:
        if phase is not None:
            raise PositionError(text("setup.no_phases", game=game_name(spec.name)))
        return None
    if phase is None:
        return spec.default_phase
    if isinstance(phase, bool) or phase not in spec.phases:
        raise PositionError(
            text(
                "setup.not_a_phase",
                phase=repr(phase),
                game=game_name(spec.name),
                phases=list(spec.phases),
            )
        )
    return int(phase)


def check_turn(
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
            at = say_field(fid) if fid in layout.fields else repr(fid)
            said = say_colour(to_move)
            raise PositionError(text("position.demand_not_own", field=at, player=said))
        f = layout.fields[fid]
        if not f.special or f.owner in (None, to_move):
            raise PositionError(text("position.demand_not_special", field=say_field(fid)))
    if declared is not None:
        if occupant.get(declared) != to_move:
            at = say_field(declared) if declared in layout.fields else repr(declared)
            said = say_colour(to_move)
            raise PositionError(text("position.declared_none", field=at, player=said))
        if not options.get("declare_before_roll", False):
            raise PositionError(text("position.declared_option"))
    if prediction is not None:
        if isinstance(prediction, bool) or prediction not in (4, 5, 6):
            raise PositionError(text("position.prediction_value", value=repr(prediction)))
        if not options.get("prediction", False):
            raise PositionError(text("position.prediction_option"))
    return out, declared, prediction
