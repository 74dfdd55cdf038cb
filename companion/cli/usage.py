"""argparse in the players' language: a usage error is one line, exit 2, in German or
English, and ``-h`` has German headings and placeholders under ``--lang de`` ("DATEI" for
FILE: :func:`placeholder`, since review nc16).

argparse says its errors in English before any command runs (a missing PHOTO, an unknown
option, a bad choice). So the language is chosen first, from the raw argv
(:func:`language_of`: ``--lang``, else the config's ``language``, else the locale), and
:class:`Parser` says argparse's sentence again in the catalogue's words
(companion/texts/cli.py): each of argparse's templates below is matched against the
sentence it made, and its fields go into ours. A sentence no template matches stays as
argparse wrote it (tests/test_cli_usage.py checks that every template is still argparse's
own, so a new Python that rewords one fails there, not silently in English).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from companion import texts
from companion.texts import text, text_n

EXIT_BAD_INPUT = 2

#: argparse's English templates (Python 3.11-3.13) → the catalogue's id and its fields'
#: names, in the order of the template's bare ``%s``/``%r``.
TEMPLATES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("the following arguments are required: %s", "argparse.required", ("names",)),
    ("one of the arguments %s is required", "argparse.one_required", ("names",)),
    ("unrecognized arguments: %s", "argparse.unrecognized", ("words",)),
    ("not allowed with argument %s", "argparse.not_allowed", ("other",)),
    ("ignored explicit argument %r", "argparse.explicit", ("value",)),
    ("expected one argument", "argparse.one", ()),
    ("expected at most one argument", "argparse.at_most_one", ()),
    ("expected at least one argument", "argparse.at_least_one", ()),
    ("expected %s argument", "argparse.n", ("count",)),
    ("expected %s arguments", "argparse.n", ("count",)),
    ("ambiguous option: %(option)s could match %(matches)s", "argparse.ambiguous", ()),
    ("unexpected option string: %s", "argparse.unexpected", ("option",)),
    ("invalid %(type)s value: %(value)r", "argparse.type", ()),
    ("invalid choice: %(value)r (choose from %(choices)s)", "argparse.choice", ()),
)
#: The outer template of an argument's own error: its name, then one of the above.
ARGUMENT = "argument %(argument_name)s: %(message)s"


def _pattern(template: str, names: tuple[str, ...]) -> re.Pattern[str]:
    bare = iter(names)
    parts = re.split(r"(%\(\w+\)[sr]|%[sr])", template)
    regex = ""
    for part in parts:
        named = re.fullmatch(r"%\((\w+)\)[sr]", part)
        if named:
            regex += f"(?P<{named[1]}>.+?)"
        elif part in ("%s", "%r"):
            regex += f"(?P<{next(bare)}>.+?)"
        else:
            regex += re.escape(part)
    return re.compile(regex, re.S)


_PATTERNS = [(_pattern(t, names), key) for t, key, names in TEMPLATES]
_ARGUMENT = _pattern(ARGUMENT, ())


def said(message: str) -> str:
    """argparse's English ``message`` in the catalogue's words (as it is where no
    template matches it: an argument type's own refusal is a Text already)."""
    outer = _ARGUMENT.fullmatch(message)
    if outer:
        named, inner = _named(outer["argument_name"]), said(outer["message"])
        return text("argparse.argument", argument=named, message=inner)
    for pattern, key in _PATTERNS:
        found = pattern.fullmatch(message)
        if not found:
            continue
        fields: dict[str, Any] = found.groupdict()
        if key in ("argparse.required", "argparse.one_required"):
            fields["names"] = [_named(n) for n in re.split(r"[, ]+", fields["names"])]
        if key == "argparse.required":  # "es fehlt" one, "es fehlen" several
            return text_n(key, len(fields["names"]), names=fields["names"])
        if key == "argparse.n":
            return text_n(key, int(fields["count"]))
        if key == "argparse.choice" and (near := _meant(fields["value"], fields["choices"])):
            return text("argparse.choice_near", **fields, near=texts.quoted(near))
        if key == "argparse.type" and f"argparse.type.{fields['type']}" in texts.WORDS:
            fields["type"] = text(f"argparse.type.{fields['type']}")
        return text(key, **fields)
    return message


def _meant(value: str, choices: str) -> str | None:
    """The choice a wrong ``value`` was most likely meant to be ("TunnelX" → "tunnelx"),
    from argparse's words: the value as ``repr`` writes it, the choices with commas (and
    quotes before Python 3.13.1)."""
    names = [c.strip().strip("'\"") for c in choices.split(",")]
    return texts.closest(value.strip("'\""), names)


def _named(name: str) -> str:
    """An argument as argparse names it, in the catalogue's word where it is a bare dest
    ("command" → "Befehl") or a placeholder ("PHOTO" → "FOTO"); options as they are typed."""
    if f"cli.arg.{name}" in texts.WORDS:
        return text(f"cli.arg.{name}")
    return placeholder(name)


def placeholder(metavar: str) -> str:
    """A placeholder of ``-h`` (an argparse metavar) in the players' language: "FILE" is
    "DATEI" in German help (review nc16); one the catalogue does not know stays."""
    key = f"cli.metavar.{metavar}"
    return text(key) if key in texts.WORDS else metavar


class _Formatter(argparse.HelpFormatter):
    """``-h``'s usage line with the catalogue's "usage: ", and its placeholders in the
    players' language (:func:`placeholder`)."""

    def _metavar_formatter(
        self, action: argparse.Action, default_metavar: str
    ) -> Callable[[int], tuple[str, ...]]:
        # argparse's own, with the placeholder said: it reads ``action.metavar`` here for
        # the usage line and for each help line (Python 3.11-3.13)
        said = _said_metavar(action.metavar)
        if said is None:  # a positional's default is its dest, named as usage errors name it
            named = placeholder if action.option_strings else _named
            return super()._metavar_formatter(action, named(default_metavar))

        def format(tuple_size: int) -> tuple[str, ...]:
            return said if isinstance(said, tuple) else (said,) * tuple_size

        return format

    def add_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, text("cli.usage") if prefix is None else prefix)


def _said_metavar(metavar: str | tuple[str, ...] | None) -> str | tuple[str, ...] | None:
    if isinstance(metavar, tuple):
        return tuple(placeholder(m) for m in metavar)
    return placeholder(metavar) if metavar is not None else None


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line of the players' language, exit 2,
    and heads its help in that language (the language set when it was built)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = text("cli.positionals")
        self._optionals.title = text("cli.options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = text("cli.help")

    def error(self, message: str) -> NoReturn:
        line = text("cli.usage_error", prog=self.prog, reason=said(message))
        self.exit(EXIT_BAD_INPUT, f"{line}\n")


def language_of(argv: Sequence[str]) -> str:
    """The language of a command line before it is parsed: the last ``--lang de|en``
    wherever it stands, else the ``language`` of ``config --check FILE``, of ``--config
    FILE`` (or of the config found), else the locale's (the order of
    :func:`companion.cli.choose_language`).
    Read by hand, not by argparse: a line argparse refuses is the one to say in it.
    argparse takes an option's unique abbreviation, so this does too (``--lan de``)."""
    from companion.settings.config import configured_language

    asked: str | None = None
    config: str | None = None
    checked: str | None = None
    words = list(argv)
    for i, word in enumerate(words):
        if word == "--":  # what follows is no option
            break
        flag, equals, value = word.partition("=")
        if not equals:
            value = words[i + 1] if i + 1 < len(words) else ""
        if _abbreviates(flag, "--lang") and value in texts.LANGUAGES:
            asked = value
        elif _abbreviates(flag, "--config") and value and not value.startswith("-"):
            config = value
        elif _abbreviates(flag, "--check") and value and not value.startswith("-"):
            checked = value  # `config --check FILE`: the file checked speaks first
    if checked is not None and "config" in words:
        config = checked
    return texts.choose(asked, configured_language(config))


def _abbreviates(flag: str, option: str) -> bool:
    """Whether argparse reads ``flag`` as ``option``: the option itself or an
    abbreviation no other option of the companion's begins with ("--la" may be
    --layout, "--co" --count; "--lan" and "--con" are unique)."""
    return len(flag) >= 5 and option.startswith(flag)
