"""The referee's words in German and English: one catalogue for the command line, the
page and the voice.

Every sentence the referee says to players has an id in :data:`WORDS` with a German and
an English template (``str.format`` fields by name). Code that says something builds a
:class:`Text` (``text("referee.rolled", player=colour("red"), dice="3+4")``); a Text *is*
a ``str`` — in the language the process was started with (:func:`set_language`: the
command line's ``--lang``, the config's ``language``, the locale) — so logs, exceptions
and JSON for scripts keep working, and :func:`render` says the same sentence in the
other language where a reader asks for it (the page's language switch). Fields that are
Texts themselves (a colour, a nested reason) follow the language of the sentence they
sit in; a list is said with commas.

What stays as it is in both languages: the spoken notation ("Wurf 7, Umlaufbahn 4 …"),
quotations of the rule texts, field ids (U2.21), JSON keys and the ``verdict`` values
("legal", "illegal", …) that scripts read.

Adding a text: give it an id in the part of the catalogue it belongs to
(:mod:`~companion.texts.page` the page's words, set-up and calibration errors;
:mod:`~companion.texts.referee` the referee's verdicts; :mod:`~companion.texts.rules` the
ZwiAner checker and every game's verdict words; :mod:`~companion.texts.positions` why a
position does not fit its game; :mod:`~companion.texts.layouts` why a layout file cannot be
used; :mod:`~companion.texts.config` why a config file cannot; :mod:`~companion.texts.tuerme` and
:mod:`~companion.texts.tenet` those games' reasons; :mod:`~companion.texts.notation` why
words do not parse; :mod:`~companion.texts.listen` what ``companion listen`` says;
:mod:`~companion.texts.logs` what the server's devices log;
:mod:`~companion.texts.cli` the command line's usage errors;
:mod:`~companion.texts.commands` why calibrate, sample, render and replay refuse, and what
they say when done; :mod:`~companion.texts.options` every command's and option's help;
:mod:`~companion.texts.names` colours, games, rule switches, the
drawing) with both languages, and build it with :func:`text`; ``tests/test_languages.py``
fails on a word of the other language on any page and in any verdict it walks.

On the floor above the ground floor, beside the game specs (docs/architecture.md,
tests/test_house.py): every room above may import it; it imports only the ground floor.
"""

from __future__ import annotations

import difflib
import errno
import math
import os
from collections.abc import Iterable, Mapping

from companion.errors import CompanionError, Words
from companion.texts import (
    cli,
    commands,
    config,
    help,
    layouts,
    listen,
    logs,
    names,
    notation,
    options,
    page,
    positions,
    referee,
    rules,
    tenet,
    tray,
    tuerme,
)

__all__ = [
    "LANGUAGES",
    "WORDS",
    "Joined",
    "Text",
    "choose",
    "closest",
    "colour",
    "colours",
    "field",
    "from_locale",
    "language",
    "message",
    "number",
    "percent",
    "quoted",
    "render",
    "render_json",
    "set_language",
    "text",
    "text_n",
    "unreadable",
    "word",
    "worded",
]

LANGUAGES = ("de", "en")


def _merge(*parts: Mapping[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    merged: dict[str, tuple[str, str]] = {}
    for part in parts:
        for key, pair in part.items():
            if key in merged:  # pragma: no cover - caught by tests/test_languages.py
                raise ValueError(f"text {key!r} is in the catalogue twice")
            merged[key] = pair
    return merged


#: Text id → (German, English) template.
WORDS: dict[str, tuple[str, str]] = _merge(
    page.WORDS,
    referee.WORDS,
    rules.WORDS,
    positions.WORDS,
    layouts.WORDS,
    config.WORDS,
    tuerme.WORDS,
    tenet.WORDS,
    notation.WORDS,
    listen.WORDS,
    logs.WORDS,
    names.WORDS,
    help.WORDS,
    tray.WORDS,
    cli.WORDS,
    commands.WORDS,
    options.WORDS,
)

_language = "en"


def language() -> str:
    """The language a Text reads in where no reader chose one (logs, the command line)."""
    return _language


def set_language(lang: str) -> None:
    """Say everything from now on in ``lang`` ("de" or "en") unless a reader asks otherwise."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r}: known are {', '.join(LANGUAGES)}")
    _language = lang


def from_locale(environ: Mapping[str, str] | None = None) -> str:
    """German where the locale says German, else English, read in gettext's order: the
    first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set. LANGUAGE is a list
    ("fr:de"): its first language we speak counts; C and POSIX mean English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for entry in value.split(":"):
            code = entry.lower()
            if code.startswith("de"):
                return "de"
            if code.startswith("en") or code.split(".")[0] in ("c", "posix"):
                return "en"
        return "en"
    return "en"


def choose(asked: str | None, configured: str = "auto") -> str:
    """The language of a run: ``--lang`` if given, else the config's ``language`` unless
    it is "auto", else the locale's."""
    if asked:
        return asked
    return configured if configured in LANGUAGES else from_locale()


class Text(str):
    """A sentence of the catalogue with its fields: reads as a ``str`` in the process's
    language (:func:`language`); :func:`render` says it in either."""

    key: str
    fields: Mapping[str, object]

    def __new__(cls, key: str, fields: Mapping[str, object]) -> Text:
        if key not in WORDS:
            raise KeyError(f"no text {key!r} in the catalogue (companion/texts)")
        self = super().__new__(cls, _format(key, fields, _language))
        self.key, self.fields = key, dict(fields)
        return self

    def __reduce__(self) -> tuple[object, ...]:  # copies and pickles keep the sentence
        return (Text, (self.key, self.fields))


def text(key: str, **fields: object) -> str:
    """The sentence ``key`` with its fields."""
    return Text(key, fields)


def text_n(key: str, count: int, **fields: object) -> str:
    """The sentence ``key.one`` for a count of 1, else ``key.other``; ``count`` is a field."""
    return Text(f"{key}.one" if count == 1 else f"{key}.other", {"count": count, **fields})


def colour(name: str) -> str:
    """A player's colour as a word of the sentence it sits in ("rot" / "red"); a colour
    the catalogue does not know is said as it is written."""
    key = f"colour.{name}"
    return Text(key, {}) if key in WORDS else name


def field(name: str) -> str:
    """A field's id as a word of the sentence it sits in: the id, with its colour (and the
    race game's "home" and "goal", TENET's "start") in the sentence's language
    ("yellow.S1" → "S1 von Gelb" / "yellow's S1", "red.home" → "Haus von Rot"), as players
    say it, not as an id ("Gelb.S1" until newcomer-s13); an id with no such part is said
    as it is written. For prose only: JSON and typed ids stay ids."""
    if f"field.{name}" in WORDS:
        return Text(f"field.{name}", {})
    owner, dot, rest = name.partition(".")
    if not dot or f"colour.{owner}" not in WORDS:
        return name
    part: object = Text(f"field.{rest}", {}) if f"field.{rest}" in WORDS else rest
    return Text("field.of", {"colour": colour(owner), "rest": part})


def game_name(name: str) -> str:
    """A game as a word of the sentence it sits in ("Wettlauf mit Türmen und Brücken" for
    'tuerme'); an id the catalogue does not know is said as it is written."""
    key = f"game.{name}"
    return Text(key, {}) if key in WORDS else name


def board(name: str) -> str:
    """A board (layout) as a word of the sentence it sits in: a built-in board by its
    game ("von Wettlauf mit Türmen und Brücken" for 'tuerme', trial s10), a board of the
    user's own by its name, quoted."""
    if f"game.{name}" in WORDS:
        return Text("board.of_game", {"game": Text(f"game.{name}", {})})
    return quoted(name)


def quoted(said: str) -> str:
    """Words a sentence quotes (an announcement, a word of it): „…“ in German, '…' in
    English (the form scripts have always read)."""
    return Text("said.quoted", {"said": said})


def fields(names_: Iterable[str]) -> list[str]:
    return [field(n) for n in names_]


def colour_id(said: str) -> str:
    """A colour said in either language and either German spelling ("Weiß", "weiss",
    "white"; "grün", "gruen") as its id ("white", "green"); a word that is no colour is
    given back as it is (the caller says it is unknown). The one place a colour word
    becomes a colour: `--players`, the page's typed players, the config's players and a
    board file's fields (new-user trial s10: "gruen" and "weiss" meant a colour in some
    of them, nothing or magenta in others)."""
    word = _plain(said)
    for key in WORDS:
        if key.startswith("colour.") and word in (_plain(w) for w in WORDS[key]):
            return key.removeprefix("colour.")
    return said.strip()


def _plain(word: str) -> str:
    """A word as a keyboard without umlauts writes it: lower case, ß ss, ä ae, ö oe, ü ue."""
    folded = word.strip().casefold()  # casefold writes ß as ss
    return folded.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")


def closest(said: str, known: Iterable[str]) -> str | None:
    """The one of ``known`` names that ``said`` was most likely meant to be (a typo, another
    case, a hyphen: "TunnelX", "tunnel-x", "tunelx" → "tunnelx"), by difflib's ratio over
    the names as a keyboard writes them loosely; None where none is close (0.75 or more).
    For "did you mean …?" after a name nobody knows (new-user trial s11 L2)."""

    def loose(name: str) -> str:
        return "".join(c for c in name.casefold() if c.isalnum())

    names = {loose(k): k for k in known}
    found = difflib.get_close_matches(loose(said), list(names), n=1, cutoff=0.75)
    return names[found[0]] if found else None


def colours(names_: Iterable[str]) -> list[str]:
    return [colour(n) for n in names_]


class Number(str):
    """A decimal number in a sentence: "0.42" in English, "0,42" in German (review nc16:
    German pages wrote "Sicherheit 0.85"); as a ``str``, in the process's language."""

    plain: str

    def __new__(cls, plain: str) -> Number:
        self = super().__new__(cls, _decimal(plain, _language))
        self.plain = plain
        return self

    def __reduce__(self) -> tuple[object, ...]:  # copies and pickles keep the number
        return (Number, (self.plain,))


def number(value: float, spec: str = "g") -> str:
    """``value`` formatted by ``spec`` ("g", ".2f", "+.3f") as a word of the sentence it
    sits in: with a decimal comma in German."""
    return Number(format(value, spec))


def percent(share: float) -> str:
    """A share of 0..1 as a whole percentage: "85 %" in German, "85%" in English. How sure
    a reading is reads this way everywhere (page, tray, command line): a whole number needs
    no decimal separator, and `read-dice` has said its dice so since it was written.
    Rounded down, so that a reading below a bar never shows the bar (review s10: 0.8951,
    not sure by the board reader's 0.9, read "90 %")."""
    return Text("number.percent", {"value": str(math.floor(round(share * 100, 6)))})


def _decimal(plain: str, lang: str) -> str:
    return plain.replace(".", ",") if lang == "de" else plain


class Joined(tuple[object, ...]):
    """Parts said one after the other with ``sep`` between them (a list field is said
    with commas; differences on a board with semicolons); ``de``, where given, is the
    separator of the German sentence."""

    sep: str
    de: str | None

    def __new__(cls, parts: Iterable[object], sep: str, de: str | None = None) -> Joined:
        self = super().__new__(cls, parts)
        self.sep, self.de = sep, de
        return self

    def __reduce__(self) -> tuple[object, ...]:  # copies and pickles keep the separators
        return (Joined, (tuple(self), self.sep, self.de))


def swapped(value: object, keys: Mapping[str, str]) -> object:
    """``value`` (a Text at any depth) with each sentence whose key is in ``keys`` said by
    the key it maps to, its fields kept; anything else, and a Text without such a
    sentence, as it is (the same object: most sentences pass unchanged)."""
    if isinstance(value, Text):
        fields = {k: swapped(v, keys) for k, v in value.fields.items()}
        if value.key in keys or any(fields[k] is not v for k, v in value.fields.items()):
            return Text(keys.get(value.key, value.key), fields)
        return value
    if isinstance(value, Joined):
        parts = [swapped(v, keys) for v in value]
        if any(p is not v for p, v in zip(parts, value, strict=True)):
            return Joined(parts, value.sep, value.de)
    return value


def render(value: object, lang: str) -> str:
    """``value`` said in ``lang``: a Text from its template, a list with commas, Joined
    parts with their separator, anything else as ``str`` gives it."""
    if isinstance(value, Text):
        return _format(value.key, value.fields, lang)
    if isinstance(value, Number):
        return _decimal(value.plain, lang)
    if isinstance(value, Joined):
        sep = value.de if lang == "de" and value.de is not None else value.sep
        return sep.join(render(v, lang) for v in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(render(v, lang) for v in value)
    return str(value)


def render_json(value: object, lang: str) -> object:
    """A JSON value with every Text in it said in ``lang`` (keys stay as they are)."""
    if isinstance(value, Text):
        return render(value, lang)
    if isinstance(value, dict):
        return {k: render_json(v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [render_json(v, lang) for v in value]
    return value


def word(key: str, lang: str) -> str:
    """The template of ``key`` in ``lang``, unformatted (the page's fixed words)."""
    return WORDS[key][LANGUAGES.index(lang)]


def message(exc: BaseException) -> str:
    """An exception's sentence, kept as a Text when it was raised with one or carries its
    :class:`~companion.errors.Words` (an error of the ground floor, said here in the
    players' language)."""
    if isinstance(exc, CompanionError) and exc.words is not None:
        return worded(exc.words)
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Text) else str(exc)


def unreadable(exc: OSError | UnicodeDecodeError) -> str:
    """Why a file cannot be read, in the players' language where the reason is a common
    one (missing, not allowed, a folder, not UTF-8: never Python's codec message), else as
    the system says it. Position, calibration and layout files say it alike."""
    key = {errno.ENOENT: "file.missing", errno.EACCES: "file.denied", errno.EISDIR: "file.folder"}
    if isinstance(exc, OSError) and exc.errno in key:
        return text(key[exc.errno])
    if isinstance(exc, UnicodeDecodeError):
        return text("file.not_utf8")
    return exc.strerror or str(exc)


def worded(said: Words) -> str:
    """Words of a room below the texts as a Text (its reasons too)."""
    values = {k: worded(v) if isinstance(v, Words) else v for k, v in said.values.items()}
    return Text(said.key, values)


def _format(key: str, fields: Mapping[str, object], lang: str) -> str:
    template = WORDS[key][LANGUAGES.index(lang)]
    return template.format_map({k: render(v, lang) for k, v in fields.items()})
