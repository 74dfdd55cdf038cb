"""The live table's soak: false warnings, phantom moves and the time to each verdict.

How it is measured (companion/web/soak.py): one table per game runs in this process with
the synthetic camera at the camera's real frame rate (--fps, default 10 as in the config),
its thread photographing the board and the board reader reading every frame, exactly as
`companion serve` does. A driver plays --moves random legal moves through the page's
routes (Flask's test client: POST /dice, /play/<n>, /choose/0), half of them picked on
the page (the position changes at once and the camera shows it from its next frame) and
half made on the board (the pieces set down as a legal outcome, for TENET a whole turn,
and the referee infers the move from the still board). After each move the driver waits
until the camera has seen the board still.

Counted: every warning the referee says (a `setup` or `illegal` verdict; all are false,
since every move is legal and the pieces end as the position says), every position the
referee reaches that no move of the driver made (a phantom move), and any wait longer
than 20 s (a stall). Timed, wall clock: from a move (the pick sent, the pieces set down)
to the referee's verdict on it. A picked move is judged when it is picked; a move on the
board waits for a new photo (a few hundred ms on this machine) and three still frames at
--fps, so its time is mostly the camera's. Target: 0 false warnings, 0 phantom moves.

    python bench/live.py [--game gravitation|tunnelx|tuerme|tenet] [--moves 200] [--fps 10]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from companion.web.soak import GAMES, Soak, soak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, action="append", help="default: all four")
    parser.add_argument("--moves", type=int, default=200, help="moves per game")
    parser.add_argument("--fps", type=float, default=10.0, help="camera frames a second")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"# {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
        f"{args.moves} moves a game at {args.fps:g} fps, seed {args.seed}"
    )
    total = Soak("all")
    for game in args.game or GAMES:
        start = time.monotonic()
        result = soak(game, args.moves, fps=args.fps, seed=args.seed)
        print(
            f"{game}: {result.picked} picked on the page, {result.moves - result.picked} made "
            f"on the board, {len(result.stalls)} stalls, {time.monotonic() - start:.0f} s"
        )
        for what, said in (("false warning", result.false_warnings), ("phantom", result.phantoms)):
            for reason in said[:5]:
                print(f"  {what}: {reason}")
        for stall in result.stalls[:5]:
            print(f"  stall: {stall}")
        print(f"  {result.line()}")
        total.moves += result.moves
        total.picked += result.picked
        total.false_warnings += result.false_warnings
        total.phantoms += result.phantoms
        total.stalls += result.stalls
        total.verdict_ms += result.verdict_ms
    print(total.line())


if __name__ == "__main__":
    main()
