"""The ``companion`` command: the user's and the tests' way in.

Each subcommand is a module of this package with ``NAME``, ``HELP``, ``add_arguments``
and ``run``; :data:`COMMANDS` lists them. Exit codes (DESIGN.md): 0 success, 1 a rules
verdict against the move, 2 bad input, always with a one-line reason on stderr and never
a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from companion import __version__
from companion.cli import (
    bench,
    calibrate,
    check,
    config,
    join,
    moves,
    read_board,
    read_dice,
    render,
    replay,
    sample,
    serve,
    start,
)
from companion.errors import CompanionError

COMMANDS: tuple[ModuleType, ...] = (
    start,
    join,
    render,
    moves,
    check,
    read_dice,
    read_board,
    calibrate,
    replay,
    sample,
    serve,
    config,
    bench,
)

EXIT_OK, EXIT_VERDICT, EXIT_BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line, exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="companion", description="A camera referee for tabletop games.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for module in COMMANDS:
        cmd = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(cmd)
        cmd.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except CompanionError as exc:
        for line in str(exc).splitlines():  # a ConfigError has one line per bad key
            print(f"companion {args.command}: {line}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # `companion moves … | head`: the reader has all it wanted
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - no flush error at exit
        return EXIT_OK
    except OSError as exc:
        where = f": {exc.filename}" if exc.filename else ""
        print(f"companion {args.command}: {exc.strerror or exc}{where}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    return code


def entry() -> NoReturn:  # pragma: no cover - the console script
    sys.exit(main())
