"""Teaching mode: the last move spelled out with its arithmetic, and a practice form.

Practising changes nothing in the game: the checker judges the typed announcement for
the table's position and the roll the learner gives, and explains what is wrong.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import islice

from flask import Blueprint, current_app, render_template, request

from companion.errors import CompanionError
from companion.games.game import check, game, legal_move_generator, parse_roll
from companion.model.position import Position, start_position
from companion.render import LastMove, draw_board, to_svg
from companion.table.announcing import LONGEST, said_length
from companion.table.table import Table
from companion.texts import message, text
from companion.web.i18n import language, say, t

teaching = Blueprint("teaching", __name__)


#: The most moves of the example roll whose words are tried as the example: the first
#: one they name alone wins (Tunnel X's station moves are often said alike).
TRIED = 12


def example(position: Position) -> tuple[str, str]:
    """The practice form's example roll and words for this position on its board
    (:func:`_example`, kept by the board too: positions on two boards compare equal)."""
    return _example(position, (position.layout.name, position.layout.source))


@lru_cache(maxsize=16)  # the table's page asks it at every redraw, for one position
def _example(
    position: Position, board: tuple[str, str], roll: tuple[int, ...] | None = None
) -> tuple[str, str]:
    """A roll as this game is typed, and the words of a legal move with it here that name
    that move alone (the placeholders of the practice form, the words the page asks to be
    said by ear: every game's own, not Gravitation's). The game's checker decides: words
    it finds ambiguous are skipped (new-user trial s11 M3: Tunnel X's "Wurf 5, 4, 3, 2, 1,
    0" with 5+2 fits two moves); "" where none of the first TRIED moves is said alone.
    ``roll``: the roll on the table instead of the game's example roll (the table's fields
    fit the roll shown: new-user trial s13 L7 read "3, Brücke und 6" on 2+2); where that
    roll names no move alone, the words of its first move.
    Kept for the last positions asked: 0.4-2 ms a position (CPU, median of 15), cheap to
    look up again at every redraw of the table's page. ``board`` (the layout's name and
    file) is part of the key because a Position's equality leaves its layout out: the
    start of TENET on ``tenet`` and on ``tenet-2`` are equal, and each served the other's
    example (review s12 finding 4), words the referee calls illegal on that board."""
    typed = position.spec.example_roll if roll is None else ",".join(str(d) for d in roll)
    try:
        dice = parse_roll(position.game, typed) if roll is None else roll
        tried: list[str] = []
        for move in islice(legal_move_generator(position, dice), TRIED):
            if move.announcement in tried:
                continue
            tried.append(move.announcement)
            if check(position, dice, move.announcement).verdict == "legal":
                return typed, move.announcement
    except CompanionError:
        return typed, ""
    # the roll on the table names no move alone (Türme's 2+2 with two pieces that can):
    # its words still show how a move of it is said
    return typed, tried[0] if roll is not None and tried else ""


@teaching.app_template_global()
def last_words_example(table: Table) -> str:
    """The placeholder of the last move's field: words of a move of the last roll in the
    position it was played from (:meth:`Referee.hearing`), else the game's example."""
    ref = table.referee
    where = ref.hearing()[1:] if ref.announcing_first else ref.hearing()
    if where:  # the position before the last turn, with its roll
        position, roll = where[-1]
        return example_words(position, roll)
    return example_words(table.position)


@teaching.app_template_global()
def example_words(position: Position, roll: tuple[int, ...] | None = None) -> str:
    """The words of a move of this game, for the placeholders of the table's fields (the
    announcement, the move search): with ``roll`` (the roll on the table, the last
    move's), a move of that roll here said alone (new-user trial s13 L7: "3, Brücke und
    6" on 2+2); else, or where that roll names none alone, the practice form's example,
    from this position or, where the example roll moves nothing here, from the game's
    start; in a TENET turn begun, as the practice form's, with a fresh roll
    (:func:`practised`)."""
    if roll and not position.spent:
        board = (position.layout.name, position.layout.source)
        words = _example(position, board, tuple(roll))[1]
        if words:
            return words
    words = example(practised(position))[1]
    if not words:
        try:
            start = start_position(position.game, position.players, position.layout)
        except CompanionError:
            return ""
        words = example(start)[1]
    return words


def shown_words(table: Table) -> str:
    """The announcement the teaching page asks to be said by ear: the last move's (TENET:
    its turn's from the first step, as a turn is said: new-user trial s11 M4), or the
    example move's where no move was made yet ("" where the game has none to show)."""
    last = table.referee.last_move
    if last is not None:
        return table.referee.turn_words or last.announcement
    return example(table.position)[1]


def practised(position: Position) -> Position:
    """The position the practice form judges: the table's as shown, with a fresh roll. In
    a TENET turn begun, the dice moved so far are the live turn's, not the learner's
    (new-user trial s11 M4: "1 3 6" was "3 is not among the dice still to move")."""
    return replace(position, spent=()) if position.spent else position


@teaching.route("/teach", methods=["GET", "POST"])
def page() -> tuple[str, int] | str:
    table = current_app.config["TABLE"]
    position = practised(table.position)
    last = table.referee.last_move
    rules = game(position.game)
    steps = rules.spell_out(last)
    verdict, error, status = None, None, 200
    roll_text = request.form.get("roll", "")
    said = request.form.get("announcement", "")  # kept whole in its field (review nc16)
    if request.method == "POST" and (count := said_length(said)) > LONGEST:
        most = {"count": count, "most": LONGEST}
        error, status = say(text("referee.announcement_too_long", **most)), 400
    elif request.method == "POST" and not said.strip():  # said in words, not "at character 1"
        error = t(f"teach_empty.{position.game}", example=example(position)[1])
        status = 400
    elif request.method == "POST":
        try:
            roll = parse_roll(position.game, roll_text)
            verdict = check(position, roll, said)
        except CompanionError as exc:
            error, status = say(message(exc)), 400
    move = getattr(verdict, "move", None)  # the move the checker found
    practice_steps = rules.spell_out(move)
    example_roll, example_words = example(position)
    # the board draws the move the heading beside it spells out: the last one played (a
    # practised move is not played; drawn there it read as one, review s7)
    board = draw_board(
        position.layout,
        position,
        lang=language(),
        last_move=LastMove.of(last) if last is not None else None,
    )
    return render_template(
        "teach.html",
        position=position,
        last=last,
        steps=steps,
        verdict=verdict,
        error=error,
        roll=roll_text,
        said=said,
        practice_steps=practice_steps,
        example_roll=example_roll,
        example_words=example_words,
        ear_words=shown_words(table),
        board=to_svg(board),
    ), status
