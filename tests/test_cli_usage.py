"""argparse's own errors and -h in the players' language (newcomer-s11 item 1)."""

from __future__ import annotations

import argparse
import inspect
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_languages import FORBIDDEN

from companion.cli import COMMANDS, build_parser, main, parse
from companion.cli.usage import ARGUMENT, TEMPLATES, language_of


def said(capsys, *argv: str) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "german", "english"),
    [
        (["read-board"],
         "companion read-board: es fehlt: BILD (so geht es: companion read-board --help)",
         "companion read-board: the following arguments are required: IMAGE (see --help)"),
        (["serve", "--port", "x"], "companion serve: --port: 'x' ist keine ganze Zahl",
         "companion serve: argument --port: 'x' is not a whole number"),
        (["serve", "--bogus"], "companion: kenne ich nicht: --bogus (so geht es: companion --help)",
         "companion: unrecognized arguments: --bogus (see --help)"),
        (["nix"], "companion: Befehl: 'nix' gibt es nicht; zur Wahl stehen 'start', 'join'",
         "companion: argument command: invalid choice: 'nix' (choose from 'start', 'join'"),
        (["render", "p.json", "o.svg", "--scale", "y"],
         "--scale: 'y' passt nicht: gefragt ist eine Zahl",
         "argument --scale: invalid float value: 'y'"),
        (["serve", "--port"], "companion serve: --port: braucht einen Wert dahinter",
         "companion serve: argument --port: expected one argument"),
        (["pin", "--new", "--set"], "companion pin: --set: geht nicht zusammen mit --new",
         "companion pin: argument --set: not allowed with argument --new"),
        (["journal"], "companion journal: es fehlt: Aufgabe",
         "companion journal: the following arguments are required: action"),
        (["moves", "p.json", "--roll", "3+4", "--limit", "0"],
         "--limit: eine Grenze ist eine ganze Zahl von Zügen, 1 oder mehr, nicht '0'",
         "argument --limit: a limit is a whole number of moves, 1 or more, not '0'"),
    ],
)  # fmt: skip
def test_a_usage_error_is_one_line_in_the_language_asked_for(capsys, argv, german, english):
    code, err = said(capsys, "--lang", "de", *argv)
    assert code == 2 and err.count("\n") == 1 and unquoted(german) in unquoted(err), err
    code, err = said(capsys, *argv, "--lang", "en")  # after the command, too
    assert code == 2 and err.count("\n") == 1 and unquoted(english) in unquoted(err), err


def unquoted(line: str) -> str:
    """Python 3.13.1 and later print argparse's choices without quotes ("choose from
    start, join"): the sentences compare the same either way."""
    return line.replace("'", "")


@pytest.mark.parametrize(
    ("argv", "german"),
    [
        (["--lan", "de", "read-board"], "companion read-board: es fehlt: BILD"),
        (["serve", "--port", "y", "--lan", "de"], "companion serve: --port: 'y' ist keine ganze"),
        (["--lang", "de", "check"], "companion check: es fehlen: STELLUNG, ANSAGE, --roll"),
        (["--lang", "de", "sample"], "companion sample: es fehlen: dice oder game, -o/--output"),
    ],
)
def test_an_abbreviated_option_and_several_missing_arguments_are_said_in_german(
    capsys, argv, german
):
    code, err = said(capsys, *argv)
    assert code == 2 and err.startswith(german), err


def test_the_config_and_the_locale_choose_the_language_of_a_usage_error(
    capsys, tmp_path, monkeypatch
):
    (tmp_path / "config.toml").write_text('language = "de"\n', encoding="utf-8")
    assert said(capsys, "serve", "--config", str(tmp_path / "config.toml"), "--port", "x")[
        1
    ].startswith("companion serve: --port: 'x' ist keine ganze Zahl")
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "none.toml"))
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert said(capsys, "read-board")[1].startswith("companion read-board: es fehlt: BILD")


def test_help_has_german_headings_under_lang_de(capsys):
    for argv in (["--lang", "de", "-h"], ["read-board", "-h", "--lang", "de"]):
        with pytest.raises(SystemExit) as stop:
            parse(argv)
        out = capsys.readouterr().out
        assert stop.value.code == 0 and out.startswith("Aufruf: companion")
        assert "Optionen:" in out and "diese Hilfe zeigen und beenden" in out
        assert not re.search(r"usage:|^options:|show this help", out, re.M)


def test_every_template_is_argparses_own_sentence():
    """A Python that rewords one fails here instead of falling back to English."""
    source = inspect.getsource(argparse)
    for template in [ARGUMENT, *(t for t, _, _ in TEMPLATES)]:
        assert f"'{template}'" in source, template


def test_the_language_is_read_before_the_line_is_parsed():
    assert language_of(["--lang", "de", "serve", "--port"]) == "de"
    assert language_of(["serve", "--lang=en", "--lang", "xx"]) == "en"
    assert language_of(["serve", "--config", "--lang", "de"]) == "de"


# --- any line a player may type ----------------------------------------------------------

PARSER = build_parser()
OPTIONS = sorted(
    {
        flag
        for module in COMMANDS
        for action in PARSER._subparsers._group_actions[0].choices[module.NAME]._actions  # type: ignore[union-attr]
        for flag in action.option_strings
        if flag not in ("--lang", "-h", "--help")
    }
)
WORDS = [m.NAME for m in COMMANDS] + OPTIONS + [
    "x", "-1", "0", "3", "8125", "3+4", "é", "٣", "", "-", "p.json", "photo.png",
    "target", "camera", "show", "grid", "9", "red,yellow", "--help", "-h", "--version",
]  # fmt: skip


@settings(
    max_examples=300,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    words=st.lists(st.sampled_from(WORDS), max_size=6),
    at=st.integers(0, 6),
    lang=st.sampled_from(["de", "en"]),
)
def test_any_line_a_player_may_type_is_parsed_or_one_line_in_its_language(capsys, words, at, lang):
    argv = [*words[:at], "--lang", lang, *words[at:]]
    try:
        parse(argv)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert code in (0, 2) and "Traceback" not in err, (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1, (argv, err)
        typed = re.sub(
            r"|".join(re.escape(w) for w in sorted(set(argv), key=len, reverse=True) if w), " ", err
        )
        words_of = re.sub(r"'[^']*'|\{[^}]*\}|\b[A-Z][A-Z0-9_,]+\b", " ", typed)
        assert FORBIDDEN[lang].findall(words_of) == [], (argv, err)
    elif out.startswith(("Aufruf", "usage")):  # -h
        assert out.startswith("Aufruf: " if lang == "de" else "usage: "), (argv, out[:40])


def helps(lang: str) -> dict[str, str]:
    """Every help of every command, step and option, walked from the parser built in ``lang``:
    'PROG OPTION' → its help (a step or command by its own prog)."""
    from companion import texts

    texts.set_language(lang)
    found: dict[str, str] = {}

    def walk(parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if action.help == argparse.SUPPRESS:
                continue  # serve --pin: refused, and shown to nobody
            name = "/".join(action.option_strings) or str(action.metavar or action.dest)
            found[f"{parser.prog} {name}"] = str(action.help or "")
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    found[f"{parser.prog} {choice.dest}"] = str(choice.help or "")
                for sub in action.choices.values():
                    walk(sub)

    walk(build_parser())
    return found


def test_german_help_names_its_placeholders_in_german(capsys):
    # review nc16: `companion --lang de calibrate tray -h` showed PHOTO, FILE beside German
    for lang, shown, not_shown in (("de", "FOTO", "PHOTO"), ("en", "PHOTO", "FOTO")):
        with pytest.raises(SystemExit):
            parse(["--lang", lang, "calibrate", "tray", "-h"])
        out = capsys.readouterr().out
        assert f"[{shown}]" in out and not_shown not in out


#: Placeholders that read the same in German: numbers, units, coordinates, typed words.
SAME_IN_GERMAN = {"N", "MM", "X,Y", "X0,Y0,X1,Y1", "START", "START.json", "NAME", "NAME=on|off"}
SAME_IN_GERMAN |= {"PHASE", "PIN", "PORT", "BROKER_PORT", "RADIUS", "WAV"}


def test_every_placeholder_of_every_command_has_a_german_name():
    from companion import texts

    placeholders: set[str] = set()

    def walk(parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                placeholders.add(str(action.metavar or ""))  # calibrate's STEP, layout's KIND
                for sub in action.choices.values():
                    walk(sub)
            elif action.nargs != 0 and action.choices is None:
                if action.metavar is None and not action.option_strings:
                    positionals.add(action.dest)  # named as usage errors name it
                    continue
                shown = action.metavar or action.dest.upper()
                placeholders.update([shown] if isinstance(shown, str) else shown)

    positionals: set[str] = set()
    walk(build_parser())
    unnamed = placeholders - SAME_IN_GERMAN - {""}
    unnamed -= {m for m in unnamed if f"cli.metavar.{m}" in texts.WORDS}
    unnamed |= {p for p in positionals if f"cli.arg.{p}" not in texts.WORDS}
    assert unnamed == set()


def test_a_positional_is_named_in_help_as_its_usage_error_names_it(capsys):
    """Review s10: `check -h` showed "STELLUNG announcement", its usage error ANSAGE."""
    with pytest.raises(SystemExit):
        parse(["--lang", "de", "check", "-h"])
    out = capsys.readouterr().out
    assert "ANSAGE" in out and "announcement" not in out


def test_every_option_of_every_command_has_a_german_help():
    # trial s8 leftover: `companion --lang de CMD -h` had German headings over English helps
    german, english = helps("de"), helps("en")
    assert german.keys() == english.keys() and len(german) > 150
    missing = [name for name, said in german.items() if not said.strip()]
    assert missing == []
    same = [name for name in german if german[name] == english[name]]
    assert same == []
