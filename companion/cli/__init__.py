"""The ``companion`` command: the user's and the tests' way in.

Each subcommand is a module of this package with ``NAME``, ``add_arguments`` and ``run``
(its help, and its options', in the catalogue: ``cmd.NAME``, companion/texts/options.py);
:data:`COMMANDS` lists them. Exit codes (DESIGN.md): 0 success, 1 a rules verdict against
the move, 2 bad input, always with a one-line reason on stderr and never
a traceback; 3 a bug of the companion ("internal error", and where to report it).

On the top floor (docs/architecture.md): imported only by ``python -m companion``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from companion import __version__, texts
from companion.cli import (
    bench,
    calibrate,
    check,
    config,
    export,
    hub,
    join,
    journal,
    layout,
    listen,
    moves,
    pin,
    read_board,
    read_dice,
    render,
    replay,
    sample,
    serve,
    start,
)
from companion.cli.usage import Parser, language_of
from companion.errors import CompanionError

COMMANDS: tuple[ModuleType, ...] = (
    start,
    join,
    render,
    layout,
    moves,
    check,
    listen,
    read_dice,
    read_board,
    calibrate,
    replay,
    sample,
    serve,
    hub,
    pin,
    export,
    journal,
    config,
    bench,
)

EXIT_OK, EXIT_VERDICT, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command, its usage errors and headings in the language set
    (:func:`main` sets it from the raw argv first: :func:`~companion.cli.usage.language_of`)."""
    parser = Parser(prog="companion", description=texts.text("cli.description"))
    parser.add_argument(
        "--version",
        action="version",
        version=f"companion {__version__}",
        help=texts.text("cli.version"),
    )
    _add_lang(parser, None)
    sub = parser.add_subparsers(
        dest="command", required=True, parser_class=Parser, help=texts.text("opt.command")
    )
    for module in COMMANDS:
        words = texts.text(f"cmd.{module.NAME}")
        cmd = sub.add_parser(module.NAME, help=words, description=words)
        _add_lang(cmd, argparse.SUPPRESS)  # before or after the command, as one likes
        module.add_arguments(cmd)
        cmd.set_defaults(run=module.run)
    return parser


def _add_lang(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--lang",
        choices=texts.LANGUAGES,
        default=default,
        help=texts.text("cli.lang"),
    )


def choose_language(args: argparse.Namespace) -> str:
    """``--lang``, else the config's ``language`` (read even from a config that fails its
    checks: those are the command's own error to report, in that language), else the
    locale's. The config is the file ``config --check FILE`` checks, else ``--config``'s
    (trial s10: the checked file's ``language = "de"`` was not heard)."""
    if args.lang:
        return str(args.lang)
    from companion.settings.config import configured_language

    checked = getattr(args, "check", None) if args.command == "config" else None
    return texts.choose(None, configured_language(checked or getattr(args, "config", None)))


#: The commands' own options that may be said before the command too, with their value:
#: `companion --config FILE serve` (new-user trial s14 L10: argparse took FILE for the
#: command, "argument command: invalid choice: '/tmp/trial14/tray.toml'").
BEFORE_COMMAND = ("--config", "--data-dir")


def options_after_command(argv: Sequence[str]) -> list[str]:
    """``argv`` with each of :data:`BEFORE_COMMAND` said before the command moved after
    it, where the command's parser reads it (one the command does not take is then
    refused by it: "unrecognized arguments: --config …"); as it is without a command."""
    words = list(argv)
    names = {module.NAME for module in COMMANDS}
    kept: list[str] = []
    moved: list[str] = []
    i = 0
    while i < len(words) and words[i] not in names:
        word = words[i]
        takes = 1 if "=" in word or i + 1 == len(words) else 2  # the option and its value
        if word.split("=", 1)[0] in BEFORE_COMMAND:
            moved += words[i : i + takes]
        elif word == "--lang":
            kept += words[i : i + takes]
        else:
            kept.append(word)
            takes = 1
        i += takes
    if not moved or i >= len(words):
        return words
    return [*kept, words[i], *moved, *words[i + 1 :]]


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command line read, in its language from the first word on: argparse's usage
    errors and ``-h`` are said in it (exit 2 or 0 by SystemExit), and it is the language
    of the run."""
    texts.set_language(language_of(argv))
    args = build_parser().parse_args(options_after_command(argv))
    texts.set_language(choose_language(args))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    quiet_libraries()
    args = parse(sys.argv[1:] if argv is None else argv)
    if any("\x00" in word for word in (sys.argv[1:] if argv is None else argv)):  # no path can
        print(f"companion {args.command}: {texts.text('cli.nul')}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        code: int = args.run(args)
    except CompanionError as exc:
        for line in texts.message(exc).splitlines():  # a ConfigError: a line per bad key
            print(f"companion {args.command}: {line}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # `companion moves … | head`: the reader has all it wanted
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - no flush error at exit
        return EXIT_OK
    except OSError as exc:  # a file the command writes: its folder missing, not allowed
        where = f": {exc.filename}" if exc.filename else ""
        print(f"companion {args.command}: {texts.unreadable(exc)}{where}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except MemoryError:
        print(f"companion {args.command}: {texts.text('cli.memory')}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:  # a bug: said in one line, never as exit 1 (a verdict)
        what = str(exc).splitlines()[0][:200] if str(exc) else ""
        said = texts.text("cli.internal", error=f"{type(exc).__name__}: {what}")
        print(f"companion {args.command}: {said}", file=sys.stderr)
        if os.environ.get("COMPANION_TRACEBACK"):
            raise
        return EXIT_INTERNAL
    return code


def quiet_libraries() -> None:
    """Keep OpenCV's own log lines off stderr (one line per error is the promise), and
    let it refuse an image of more pixels than a photo has (:mod:`companion.imagecheck`)."""
    from companion.imagecheck import MAX_PIXELS

    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
    os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))


def entry() -> NoReturn:  # pragma: no cover - the console script
    sys.exit(main())
