"""Fuzz every subcommand of ``companion`` for longer than the test suite does.

Each run is a working ``companion NAME …`` command line with one word changed (or one
option added), or up to 2 words and 4 of the subcommand's own options, the values drawn
from a list that has broken parsers (non-ASCII digits, 4,400-digit numbers, deep
brackets, NUL, paths, player lists without a colour or with one twice), run in-process
in a temporary folder with a position file (POS), a small PNG (IMG), an empty folder
(frames) and config files (CFG the example, CFGDEEP nested 5,000 deep, CFGBAD with wrong
values, CFGBIG over 1 MB). ``serve`` checks its input but
never serves. A run passes when it exits 0, 1 or 2, and on 2 says why on stderr without
a traceback; an exit 3 (internal error) or any other ending is printed with its
command line.

    python bench/fuzz.py [--runs 200] [--seed N]

Prints, per subcommand, the runs and how they ended, and the CPU time per run.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzz_helpers import CONFIGS, GOOD, PLAYER_LISTS, fuzz_files, options, stubs

NASTY = [
    "", "-", "--", "²,1", "٣", "１", "-1", "0", "1e5", "1e309", "nan", "inf", "9" * 4400,
    "5,2", "4,3", "\x00", "é", "{", "[" * 5000, "../x", "/dev/null", "POS", "IMG", "x.png",
    "x.svg", "frames", "out.json", "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0", "red,yellow",
    "gravitation", "tenet", "0.0.0.0", "65536", "--json", *CONFIGS, *PLAYER_LISTS,
]  # fmt: skip


def command_line(rng: random.Random, name: str, flags: list[str]) -> list[str]:
    """Half the runs: the good command line with one word changed or one option added;
    the other half: words and options at random."""
    if rng.random() < 0.5:
        argv = list(GOOD[name])
        if argv and rng.random() < 0.7:
            argv[rng.randrange(len(argv))] = rng.choice(NASTY)
        else:
            argv += [rng.choice(flags), rng.choice(NASTY)] if flags else []
        return [name, *argv]
    argv = [name] + [rng.choice(NASTY) for _ in range(rng.randint(0, 2))]
    for _ in range(rng.randint(0, 4)):  # options, mostly with a value
        argv += [rng.choice(flags)] + [rng.choice(NASTY)] * (rng.random() < 0.8)
    return argv


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=200, help="runs per subcommand")
    ap.add_argument("--seed", type=int, default=int(time.time()))
    args = ap.parse_args()

    from companion.cli import COMMANDS
    from companion.cli import main as companion

    for target, stand_in in stubs():  # check the input, never serve nor measure
        where, name = target.rsplit(".", 1)
        setattr(importlib.import_module(where), name, stand_in)
    rng = random.Random(args.seed)
    print(f"seed {args.seed}, {args.runs} runs per subcommand")
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = folder
        os.environ.pop("COMPANION_CONFIG", None)
        fuzz_files(Path(folder))
        for module in COMMANDS:
            flags = options(module)
            ends: Counter[str] = Counter()
            cpu = time.process_time()
            for _ in range(args.runs):
                argv = command_line(rng, module.NAME, flags)
                err = io.StringIO()
                sys.stdin = io.StringIO("")
                with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                    try:
                        code = companion(argv)
                    except SystemExit as exc:
                        code = int(exc.code or 0)
                    except BaseException as exc:  # what the fuzz looks for
                        code = -1
                        err.write(f"{type(exc).__name__}: {exc}")
                text = err.getvalue()
                ok = code in (0, 1) or (code == 2 and text and "Traceback" not in text)
                ends[str(code) if ok else f"BAD {code}"] += 1
                if not ok:
                    failures += 1
                    print(f"  {module.NAME}: exit {code}: {argv!r}\n    {text.strip()[:300]}")
            per_run = (time.process_time() - cpu) / args.runs * 1000
            summary = ", ".join(f"exit {k}: {v}" for k, v in sorted(ends.items()))
            print(f"{module.NAME:11} {args.runs} runs ({summary}); {per_run:.1f} ms CPU a run")
    print(f"{failures} runs ended in a traceback or an internal error")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
