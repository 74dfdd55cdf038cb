"""The page's language: German is the table's language; English glosses.

The language comes from ``?lang=de|en`` (kept in the session), else the browser's
Accept-Language, else German. The words come from the one catalogue the command line and
the voice use (companion/texts): ``t("legal_moves")`` for a fixed word, ``say(value)`` for a
referee's sentence (a verdict's reason, a colour, a game's title) in the page's language.
"""

from __future__ import annotations

from flask import Flask, request, session

from companion.texts import LANGUAGES, WORDS, colour, render, word


def language() -> str:
    chosen = request.args.get("lang")
    if chosen in LANGUAGES:
        session["lang"] = chosen
        return chosen
    kept = session.get("lang")
    if isinstance(kept, str) and kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(list(LANGUAGES), default="de") or "de"


def t(key: str, **fields: object) -> str:
    """The word for ``key`` in the page's language (the key itself if none is known)."""
    if key not in WORDS:
        return key
    template = word(key, language())
    if not fields:
        return template
    return template.format_map({k: render(v, language()) for k, v in fields.items()})


def say(value: object) -> str:
    """A sentence of the referee (a Text, a list of them, or plain words) in the page's
    language."""
    return render(value, language())


def say_colour(name: str) -> str:
    """A player's colour in the page's language."""
    return render(colour(name), language())


def init_i18n(app: Flask) -> None:
    app.jinja_env.globals["t"] = t
    app.jinja_env.globals["say"] = say
    app.jinja_env.globals["say_colour"] = say_colour
    app.jinja_env.filters["say_colour"] = say_colour
    app.jinja_env.globals["language"] = language
