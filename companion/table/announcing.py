"""Words said before the move, judged against the roll being played (docs/referee.md,
"Announce, then move"): the game's checker reads them, as `companion check` does, and
the answer is the verdict the players hear, with the move to expect or the moves to
choose from. A pure function of the position, the roll and the words: the referee
(companion/table/referee.py) decides whether the words are an announcement before the
move at all, and keeps what the verdict says (the move announced, the moves to choose)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import CompanionError
from companion.games.game import Game
from companion.model.boards import changes, seen
from companion.model.position import Position
from companion.table.answers import SHOWN, MoveLike, Verdict
from companion.texts import colour, message, text

#: The most characters of words the referee checks (a TENET turn of three steps is about
#: 90): longer ones are answered "too long", never cut and judged in part (review nc16).
LONGEST = 300


@dataclass(frozen=True)
class Judged:
    """The verdict on words said before the move, and what the referee keeps of it."""

    verdict: Verdict
    #: legal: the move the next still board must show
    move: MoveLike | None = None
    #: words that fit several moves: each one a button for the player to choose
    fits: tuple[MoveLike, ...] = ()
    #: neither a legal move of this roll nor words the checker refused outright (an
    #: ambiguous, wrong or not understood announcement): such words may instead be a
    #: late announcement of the last move, where the referee reads them so, and else
    #: they replace what the referee kept of an earlier announcement
    maybe_last: bool = False


def judge(game: Game, position: Position, roll: tuple[int, ...], said: str) -> Judged:
    """The words ``said`` checked by ``game``'s checker against ``roll`` in ``position``:
    legal (the board to expect, field by field), ambiguous (the moves they fit), not an
    announcement ("not understood": asked again, not refused) or wrong (the reason and
    the nearest announcements)."""
    player, dice = colour(position.to_move), "+".join(map(str, roll))
    try:
        checked = game.check(position, roll, said)
    except CompanionError as exc:
        why = text("referee.announced_first_wrong", player=player, dice=dice, reason=message(exc))
        return Judged(Verdict("illegal", why))
    move: MoveLike | None = getattr(checked, "move", None)
    if checked.verdict == "legal" and move is not None:
        return Judged(expected(position, roll, move), move)
    fits = tuple(getattr(checked, "candidates", ()))[:SHOWN]
    if checked.verdict == "ambiguous" and fits:
        # words that fit several moves: each one a button (Referee.choose) with where
        # it goes, not the command line's "--to" (new-user trial s7, Tunnel X)
        why = text("referee.announced_first_which", player=player, dice=dice, count=len(fits))
        said_so = checked.announcement or ""
        choices = tuple(m.announcement for m in fits)
        return Judged(Verdict("ask", why, said_so, choices), fits=fits, maybe_last=True)
    if checked.verdict == "invalid":  # no announcement at all: asked again, not refused
        why = text(
            "referee.announced_first_not_understood",
            player=player,
            dice=dice,
            reason=checked.reason,
        )
        return Judged(Verdict("info", why), maybe_last=True)
    near = tuple(m.announcement for m in fits)
    kind = "info" if checked.verdict == "ambiguous" else "illegal"
    why = text("referee.announced_first_wrong", player=player, dice=dice, reason=checked.reason)
    return Judged(Verdict(kind, why, checked.announcement or "", near), maybe_last=True)


def expected(position: Position, roll: tuple[int, ...], move: MoveLike) -> Verdict:
    """The verdict on a legal move of ``roll`` announced before it is made: it names the
    board to expect, field by field."""
    player, dice = colour(position.to_move), "+".join(map(str, roll))
    fields = changes(seen(position), seen(move.after))
    return Verdict(
        "legal",
        text("referee.announced_first", player=player, dice=dice, fields=fields),
        move.announcement,
    )
