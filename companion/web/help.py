"""``/help``: the rules of the game being played in short, and the words of its
announcement, each with its meaning, an example and a small picture of the board
(companion/web/pictures.py), in the page's language (companion/texts/help.py). A
verdict on the table links to the word its reason is about.
"""

from __future__ import annotations

import re

from flask import Blueprint, current_app, render_template

from companion.model.position import Position
from companion.render import draw_board, to_svg
from companion.texts.help import GLOSSARY, RULES
from companion.web.i18n import language, t
from companion.web.pictures import picture as word_picture

helping = Blueprint("helping", __name__)


@helping.get("/help")
def page() -> str:
    position = current_app.config["TABLE"].position
    game, layout, lang = position.game, position.layout, language()
    words = GLOSSARY.get(game, ())
    board, marked = picture(position)
    return render_template(
        "help.html",
        board=board,
        marked=marked,
        position=position,
        rules=RULES.get(position.game, ()),
        words=[
            (w, anchor(w), t(f"word.{w}"), example, word_picture(game, layout, w, lang))
            for w, example in words
        ],
    )


def picture(position: Position) -> tuple[str, bool]:
    """The board being played, empty, as SVG, with the station and formation of the
    player to move ringed where the board has them (the words "Station", "Formation",
    S1, F1 on the board itself); and whether any are ringed."""
    layout = position.layout
    seat = next((s for s in layout.seats if s.colour == position.to_move), None)
    marked = [*seat.station, *seat.formation] if seat is not None else []
    scene = draw_board(layout, lang=language(), highlight=marked, spots=True)
    return to_svg(scene), bool(marked)


def anchor(word: str) -> str:
    """The id of a word's line on the help page ("Stoß" → "w-stoß")."""
    return "w-" + re.sub(r"\W+", "-", word.lower()).strip("-")


@helping.app_template_global()
def help_word(game: str, reason: str) -> tuple[str, str] | None:
    """The word of ``game``'s announcement that a verdict's reason names first, with its
    anchor on the help page (None: it names none): the verdict links to its meaning."""
    found = []
    for word, _ in GLOSSARY.get(game, ()):
        if word in ("Zahl", "Wurf"):
            continue  # every reason has numbers; "Wurf" starts every announcement
        hit = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", reason)
        if hit is not None:
            found.append((hit.start(), word))
    if not found:
        return None
    word = min(found)[1]
    return word, anchor(word)
