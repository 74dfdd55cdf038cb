"""What the referee says when it takes a roll and when it accepts a move, pure.

The sentences name what the players must know that the board does not show: how many
moves the roll has, a forced pass and why, TENET's stone moved by hand, the same player
rolling again, the words of a move announced first where another was tapped. The
referee decides when each is said and journals it; these functions only word it, from
the positions, the roll and the move (nothing here holds a referee).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.game import stone_planet_name
from companion.model.position import Position
from companion.table import announcing, moves
from companion.table.answers import SHOWN, MoveLike, Played, Verdict
from companion.texts import colour, text, text_n


def dice(roll: Sequence[int]) -> str:
    """A roll as the page writes it: "2+1"."""
    return "+".join(map(str, roll))


def rolled(
    position: Position, roll: tuple[int, ...], found: int, history: Sequence[Played]
) -> Verdict:
    """The roll taken at ``position`` with ``found`` legal moves (counted up to SHOWN + 1):
    how many moves it has, or, in a TENET turn begun (a restart, an undo), the dice left
    and the turn so far."""
    if position.spent and history:  # TENET: a turn begun (restart, undo)
        left = moves.dice_left(roll, position.spent)
        return Verdict("legal", text("referee.moves_on", dice=left), moves.turn_said(history))
    said, player = dice(roll), colour(position.to_move)
    if found > SHOWN:
        return Verdict("info", text("referee.rolled_many", player=player, dice=said, count=SHOWN))
    return Verdict("info", text_n("referee.rolled", found, player=player, dice=said))


def accepted(
    move: MoveLike,
    before: Position,
    after: Position,
    roll: tuple[int, ...] | None,
    otherwise: str | None,
) -> str:
    """The sentence of a move accepted from ``before`` to ``after`` (the position as the
    board shows it) with ``roll``; ``otherwise``: the words of the move announced first,
    where the player tapped another (the sentence says both)."""
    why = getattr(move, "why", "")  # a pass says why no piece can move (the race game)
    legal = text("referee.legal_pass", why=why) if why else text("referee.legal_move")
    planet = stone_planet_name(after) if after.stone != before.stone else None
    if planet is not None:  # TENET's Pasch or stone die, taken on the roll: the stone
        legal = text("referee.stone_to", legal=legal, planet=planet)  # is moved by hand
    mover = before.to_move
    again = after.to_move == mover and len(after.players) > 1  # (one player: a turn)
    if roll and again and not after.spent and not move.winner:
        # the rules give the mover another roll (1+2, an own special field): said,
        # not left to the header's "to move" (new-user trial s11 M6b)
        legal = text("referee.rolls_again", legal=legal, player=colour(mover), dice=dice(roll))
    return announcing.otherwise(legal, otherwise, move)
