"""The roll a game goes on with after a correction (companion/table/correction.py), pure.

An undo keeps the roll of the move it takes back: nobody may roll again by asking for a
change (docs/referee.md, "Undo: the move only, the roll stays"). A correction that takes
back later moves reopens the turn of the first of them, so it keeps that move's roll the
same way; a TENET turn begun goes on with its roll. Before new-user trial s14 H2 the live
referee forgot both (a TENET turn was stuck: every roll was refused as not fitting the
dice spent, while a restart took the roll up again; Gravitation's player rolled anew).
"""

from __future__ import annotations

from companion.errors import CompanionError
from companion.model.position import Position
from companion.table.answers import Rules
from companion.table.moves import dice_left, forced
from companion.texts import colour, text

Roll = tuple[int, ...]


def reopened(
    position: Position,
    dropped: tuple[str, Roll] | None,
    turn: Roll,
    live: Position,
    live_roll: Roll | None,
    rules: Rules,
) -> tuple[Roll | None, bool]:
    """The roll the corrected game (``position``) goes on with, and whether it is kept (no
    other roll replaces it). ``dropped``: the player and roll of the first move taken back
    with the correction, if any; ``turn``: the roll of the last move kept; ``live`` and
    ``live_roll``: the game before the correction and the roll its player to move held
    (being played, or read while the board was not set up: :attr:`.Referee.held_roll`).

    The first move taken back gives its roll to its player, who is to move again; a TENET
    turn begun goes on with its roll; otherwise a roll held stays, kept, while the same
    player is still to move (review s14b HIGH-1: it was lost where an undo had kept it
    and the board was not set back yet, and replaceable by a new throw otherwise). A roll
    that would play a stone's move at once goes back, as
    :attr:`.referee.Referee.undo_takes_roll` says for an undo (else a mistyped Pasch could
    never be mended), and so does a roll the position no longer takes."""
    roll: Roll | None
    if dropped is not None and dropped[0] == position.to_move:
        roll = dropped[1]
    elif position.spent and dropped is None:  # TENET: the steps so far are the turn's
        roll = turn
    elif dropped is not None or position.to_move != live.to_move or live.spent:
        return None, False
    else:
        roll = live_roll
    try:
        forced_ = forced(rules(position, roll), position) if roll else None
    except CompanionError:
        return None, False
    if not roll or (forced_ is not None and forced_.after.stone != position.stone):
        return None, False
    return roll, True


def said_with(said: str, position: Position, roll: Roll) -> str:
    """The correction's verdict ``said`` with the roll it keeps: "…; the roll 6+1 stays:
    red moves with it again" (TENET in mid-turn: "moves on with 3", the dice left)."""
    return text("correction.with_roll", said=said, roll=roll_kept(position, roll))


def roll_kept(position: Position, roll: Roll) -> str:
    """The roll a correction keeps, said: "the roll 6+1 stays: red moves with it again"
    (the verdict after the yes, and the check page before it)."""
    player, dice = colour(position.to_move), dice_left(roll, position.spent)
    key = "correction.roll_goes_on" if position.spent else "correction.roll_stays"
    return text(key, roll="+".join(map(str, roll)), player=player, dice=dice)
