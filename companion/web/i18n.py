"""The page's language: German is the table's language; English glosses.

The language comes from ``?lang=de|en`` (kept in the session), else the browser's
Accept-Language, else German. The words come from the one catalogue the command line and
the voice use (companion/texts): ``t("legal_moves")`` for a fixed word, ``say(value)`` for a
referee's sentence (a verdict's reason, a colour, a game's title) in the page's language.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, request, session

from companion.texts import (
    LANGUAGES,
    WORDS,
    Text,
    colour,
    field,
    number,
    percent,
    render,
    swapped,
    word,
)


def language() -> str:
    chosen = request.args.get("lang")
    if chosen in LANGUAGES:
        # written only when it changes: each write sends the whole session cookie back, and
        # the page's fetches in flight would put back a session without a button's message
        if session.get("lang") != chosen:
            session["lang"] = chosen
        return chosen
    kept = session.get("lang")
    if isinstance(kept, str) and kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(list(LANGUAGES), default="de") or "de"


def asked_language() -> dict[str, Any]:
    """The ``lang`` this request's address asks for, as arguments of ``url_for``, so that a
    redirect (to the PIN page, to the tray) keeps it: empty where none was asked."""
    chosen = request.args.get("lang")
    return {"lang": chosen} if chosen in LANGUAGES else {}


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
    language, with the page's words where the command line's would name an option."""
    return render(on_page(value), language())


#: The command line's hints and what the page says instead (new-user trial s11 M3: an
#: ambiguous announcement on the page said "das Feld mit --to nennen").
PAGE_HINTS = {"check.hint_to": "check.hint_to_page", "check.hint_from": "check.hint_from_page"}


def on_page(value: object) -> object:
    """``value`` (a Text at any depth) with each of the command line's hints replaced by
    the page's (:data:`PAGE_HINTS`); anything else, and a Text without such a hint, as it
    is (not built anew: every sentence of the page passes here)."""
    return swapped(value, PAGE_HINTS)


def quote(words: object) -> str:
    """``words`` in the page's quotation marks: „…“ in German, “…” in English."""
    return ("„{}“" if language() == "de" else "“{}”").format(words)


def say_colour(name: str) -> str:
    """A player's colour in the page's language."""
    return render(colour(name), language())


def decimal(value: float, spec: str = "g") -> str:
    """A decimal number in the page's language: "0,42" in German, "0.42" in English."""
    return render(number(value, spec), language())


def sure(share: float) -> str:
    """How sure a reading is (0..1), in the page's language: "85 %" / "85%"."""
    return render(percent(share), language())


#: The most characters of the players' own words a sentence of the page repeats: a
#: search of thousands of characters is not echoed back whole.
ECHO = 60


def clip(words: str, most: int = ECHO) -> str:
    """``words`` cut to ``most`` characters, the cut marked with "…"."""
    return words if len(words) <= most else words[: most - 1] + "…"


_QUOTED = re.compile(r"(?<!\w)'([^']*)'(?!\w)|„([^“]*)“|“([^”]*)”|\"([^\"]*)\"")


def clip_echo(sentence: str, said: str | None = None, most: int = ECHO) -> str:
    """``sentence`` with each quotation of the players' words ``said`` in it (an unknown
    word a reason repeats: 'xxxx…') cut to ``most`` characters; a quoted legal move,
    which the players did not type, stays whole. Without ``said`` (the words are not
    kept), a quoted single word is cut: an announcement has spaces."""

    def cut(found: re.Match[str]) -> str:
        inner = next(g for g in found.groups() if g is not None)
        whole = found.group(0)
        typed = inner in said if said is not None else not any(c.isspace() for c in inner)
        if len(inner) <= most or not typed:
            return whole
        return whole[0] + clip(inner, most) + whole[-1]

    return _QUOTED.sub(cut, sentence)


def unlisted(reason: object) -> object:
    """A verdict's reason without its "nearest legal: …" (at any depth), for where the
    page lists those moves under it: each stands on the page once (new-user trial s7:
    after a move, with a roll waiting, they stood in the sentence and again as the list).
    The command line and the voice keep them in the sentence: they have no list."""
    if not isinstance(reason, Text):
        return reason
    if reason.key == "check.nearest":
        return unlisted(reason.fields["reason"])
    return Text(reason.key, {k: unlisted(v) for k, v in reason.fields.items()})


def init_i18n(app: Flask) -> None:
    app.jinja_env.globals["t"] = t
    app.jinja_env.globals["say"] = say
    app.jinja_env.globals["say_colour"] = say_colour
    app.jinja_env.globals["field"] = field  # a field's id as prose says it ("S1 von Gelb")
    app.jinja_env.filters["quote"] = quote
    app.jinja_env.filters["say_colour"] = say_colour
    app.jinja_env.globals["language"] = language
    app.jinja_env.globals["decimal"] = decimal
    app.jinja_env.globals["sure"] = sure
    app.jinja_env.filters["clip"] = clip
    app.jinja_env.filters["clip_echo"] = clip_echo
    app.jinja_env.filters["unlisted"] = unlisted
