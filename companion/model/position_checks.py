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
from companion.texts import colour as say_colour
from companion.texts import colours, text, text_n


def check_stone(
    spec: GameSpec, layout: Layout, players: int, stone: Any, first_round: Any, spent: Any
) -> tuple[str | None, int, tuple[int, ...]]:
    """The stone's field, the first-round count (turns played without a Pasch) and the dice
    of the current roll already moved (at most two different values), in a game whose spec
    has a stone (TENET, docs/tenet.md); refused in any other game."""
    if spec.stone is None:
        if stone is not None or first_round or spent:
            raise PositionError(
                f"{spec.name} has no Stein der Weisen ('stone', 'first_round', 'spent')"
            )
        return None, 0, ()
    stone = spec.stone if stone is None else stone
    if not isinstance(stone, str):
        raise PositionError("'stone' must be a field id: start or a stone's field P<k>.3")
    if stone != spec.stone and not (
        stone in layout.fields and layout.fields[stone].label == "stone"
    ):
        raise PositionError(f"'stone' on {stone!r}: the stone stands on start or a P<k>.3 field")
    if isinstance(first_round, bool) or not isinstance(first_round, int):
        raise PositionError(f"'first_round' must be a whole number, not {first_round!r}")
    if not 0 <= first_round <= players:
        raise PositionError(f"'first_round' is {first_round}, outside 0..{players} (players)")
    if first_round and stone != spec.stone:
        raise PositionError("'first_round' counts only while the stone is still on start")
    if isinstance(spent, (str, bytes)) or not hasattr(spent, "__iter__"):
        raise PositionError("'spent' must be a list of the die values moved this turn")
    values = list(spent)
    top = spec.die_faces
    if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= top for v in values):
        raise PositionError(f"'spent' lists die values 1..{top}, not {values!r}")
    if len(values) > 2 or len(set(values)) != len(values):
        raise PositionError(f"'spent' holds at most two different dice of a roll, not {values!r}")
    return stone, first_round, tuple(values)


def check_players(spec: GameSpec, layout: Layout, players: tuple[str, ...], to_move: str) -> None:
    if layout.style == "plain":
        raise PositionError(
            f"layout {layout.name!r} is a plain board (no players, no game): it can be "
            f"drawn, calibrated and read, not played as {spec.name}"
        )
    if layout.style != spec.board:
        raise PositionError(
            f"{spec.name} is played on a {spec.board} board, "
            f"not on layout {layout.name!r} (a {layout.style} board)"
        )
    if not spec.min_players <= len(players) <= spec.max_players:
        raise PositionError(
            text(
                "setup.player_count",
                game=spec.name,
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
                    player=repr(p),
                    layout=repr(layout.name),
                    colours=colours(layout.colours),
                )
            )
    if len(set(players)) != len(players):
        raise PositionError(text("setup.twice"))
    if to_move not in players:
        raise PositionError(f"to_move {to_move!r} is not one of the players")


def check_pieces(
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
            raise PositionError(
                text_n(
                    "position.pieces",
                    len(fields),
                    player=say_colour(colour),
                    game=spec.name,
                    needed=count,
                )
            )
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


def check_energy(
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


def check_options(spec: GameSpec, options: Mapping[str, Any]) -> tuple[tuple[str, bool], ...]:
    values = spec.option_defaults()
    for name, value in options.items():
        if name not in values:
            known = ", ".join(values) or "none"
            raise PositionError(f"unknown option {name!r} for {spec.name} (known: {known})")
        if not isinstance(value, bool):
            raise PositionError(f"option {name} must be true or false, not {value!r}")
        values[name] = value
    return tuple(sorted(values.items()))


def check_phase(spec: GameSpec, phase: Any) -> int | None:
    if not spec.phases:
        if phase is not None:
            raise PositionError(text("setup.no_phases", game=spec.name))
        return None
    if phase is None:
        return spec.default_phase
    if isinstance(phase, bool) or phase not in spec.phases:
        raise PositionError(
            text("setup.not_a_phase", phase=repr(phase), game=spec.name, phases=list(spec.phases))
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
