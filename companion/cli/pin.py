"""``companion pin``: the referee PIN the page asks for, shown or changed on the Pi.

The PIN is the config's ``web.pin`` if set, else the one kept in the data directory
(made at the first start, :mod:`companion.settings.pin`). Only who can read that directory (the
companion's own user, or root) sees it; it is never logged nor put on the command line.
"""

from __future__ import annotations

import argparse
import sys

from companion.cli.common import add_config_argument, add_data_dir_argument, read_config
from companion.errors import CompanionError
from companion.settings.pin import (
    DIGITS,
    LONGEST,
    PASSPHRASE,
    check_pin_choice,
    keep_pin,
    kept_pin,
    new_pin,
)
from companion.store.lock import ready_data_dir
from companion.texts import text

NAME = "pin"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_config_argument(parser)
    add_data_dir_argument(parser)
    change = parser.add_mutually_exclusive_group()
    rule = text("pin.rule", digits=DIGITS, least=PASSPHRASE, most=LONGEST)
    change.add_argument("--new", action="store_true", help=text("opt.pin.change.new"))
    change.add_argument(
        "--set",
        action="store_true",
        help=text("opt.pin.set", rule=rule),
    )


def run(args: argparse.Namespace) -> int:
    config = read_config(args)
    if config.web.pin is not None:
        if args.new or args.set:
            raise CompanionError(text("pin.in_config", path=str(config.path)))
        print(config.web.pin)
        return 0
    ready_data_dir(config.data_dir)  # one line for a file in its place, /proc, read-only
    if args.set:
        pin = keep_pin(config.data_dir, check_pin_choice(sys.stdin.readline().strip(), "stdin"))
    elif args.new:
        pin = keep_pin(config.data_dir, new_pin())
    else:
        pin = kept_pin(config.data_dir)
    print(pin)
    if args.new or args.set:
        print(text("pin.next_start"), file=sys.stderr)
    return 0
