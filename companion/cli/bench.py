"""``companion bench``: what the rules and the start cost on this machine.

Prints the figures of ``bench/rules.py``'s search section and of the start (the same code,
companion/figures/), each with its Raspberry Pi 4 estimate beside it, so that whoever
has a Pi can run it there and replace the estimates in docs/install-pi.md by figures.
"""

from __future__ import annotations

import argparse

from companion.cli.common import whole
from companion.texts import text

NAME = "bench"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--positions",
        type=whole(1, 100_000),
        default=200,
        metavar="N",
        help=text("opt.bench.positions"),
    )
    parser.add_argument("--seed", type=whole(0, 2**32 - 1), default=1, help=text("opt.bench.seed"))
    parser.add_argument("--only", choices=("rules", "start"), help=text("opt.bench.only"))


def run(args: argparse.Namespace) -> int:
    from companion.figures import rules, start
    from companion.figures.measure import machine

    print(machine(), flush=True)
    if args.only in (None, "rules"):
        rules.rules(args.positions, args.seed, out=lambda line: print(line, flush=True))
    if args.only in (None, "start"):
        start.start(out=lambda line: print(line, flush=True))
    return 0
