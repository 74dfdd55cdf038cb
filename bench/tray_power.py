"""How many rolls it takes to see a loaded die: the table of docs/tray.md, measured.

Run ``python bench/tray_power.py`` from the project root. For each bias (one face, the 6,
coming up with probability ``p6``, the other five sharing the rest evenly) and each number
of rolls, 2,000 seeded sessions are drawn (``numpy.random.default_rng(35)``, multinomial
counts) and tested with :func:`companion.tray.fairness.uniformity` at the page's level
(p < 0.01). The share of sessions in which the die is called suspect is the test's power;
the table gives the smallest number of rolls of the grid at which it reaches 50 %, 80 % and
95 %, and the share at 600 rolls. The fair die's row is the false-alarm share.
"""

from __future__ import annotations

import argparse

import numpy as np

from companion.tray.fairness import LEVEL, uniformity

GRID = (
    30,
    60,
    100,
    150,
    200,
    300,
    400,
    500,
    600,
    800,
    1000,
    1500,
    2000,
    3000,
    5000,
    8000,
    12000,
    20000,
)
BIASES = (1 / 6, 0.18, 0.20, 0.22, 0.25, 0.30, 1 / 3)
TARGETS = (0.5, 0.8, 0.95)


def power(p6: float, rolls: int, trials: int, rng: np.random.Generator) -> float:
    """The share of ``trials`` sessions of ``rolls`` rolls in which the die is flagged."""
    rest = (1.0 - p6) / 5
    drawn = rng.multinomial(rolls, [rest] * 5 + [p6], size=trials)
    flagged = sum(
        uniformity(dict(zip(range(1, 7), row.tolist(), strict=True))).suspect for row in drawn
    )
    return flagged / trials


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=2000)
    args = parser.parse_args()
    rng = np.random.default_rng(35)
    print(f"level p < {LEVEL}, {args.trials} sessions per cell")
    print("| the 6 comes up | 50 % caught | 80 % caught | 95 % caught | caught at 600 rolls |")
    print("| --- | --- | --- | --- | --- |")
    for p6 in BIASES:
        shares = {n: power(p6, n, args.trials, rng) for n in GRID}
        firsts = [
            next((f"{n:,}" for n in GRID if shares[n] >= t), f"> {GRID[-1]:,}") for t in TARGETS
        ]
        name = "1/6 (fair)" if p6 == 1 / 6 else ("1/3" if p6 == 1 / 3 else f"{p6:.0%}")
        if p6 == 1 / 6:
            firsts = ["—"] * 3
        print(f"| {name} | {' | '.join(firsts)} | {shares[600]:.1%} |")


if __name__ == "__main__":
    main()
