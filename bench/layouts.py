"""How long the built-in layouts take to load and to draw, SVG and PNG.

The web page draws the board as SVG after every move and the synthetic camera rasters
it, so both must stay well inside "a breath" on a Raspberry Pi 4 (one core there is
several times slower than a desktop core). Run: python bench/layouts.py [repetitions]

Measured: each step `repetitions` times (default 20) per layout after one warm-up,
in this process, on one core; the median and the ratio to Gravitation are printed.
"load" parses and checks the file; "first svg" is load plus the first drawing (which
computes the field spacing once); "svg" and "png" redraw an already loaded layout.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from collections.abc import Callable

from companion.model.layoutfile import builtin_layouts, load_layout
from companion.render import draw_board, to_image, to_svg


def median_ms(step: Callable[[], object], repetitions: int) -> float:
    step()
    times = []
    for _ in range(repetitions):
        t = time.perf_counter()
        step()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    repetitions = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"# {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"# median of {repetitions} runs after one warm-up, milliseconds")
    print(
        f"{'layout':<12}{'fields':>7}{'load':>8}{'first svg':>11}{'svg':>8}"
        f"{'png 2px/mm':>12}{'svg/grav':>10}"
    )
    base = None
    for name in builtin_layouts():
        layout = load_layout(name)
        load = median_ms(lambda n=name: load_layout(n), repetitions)
        first = median_ms(lambda n=name: to_svg(draw_board(load_layout(n))), repetitions)
        svg = median_ms(lambda lay=layout: to_svg(draw_board(lay)), repetitions)
        png = median_ms(lambda lay=layout: to_image(draw_board(lay), 2.0), repetitions)
        base = svg if name == "gravitation" else base
        ratio = f"{svg / base:.2f}" if base else "-"
        print(
            f"{name:<12}{len(layout.fields):>7}{load:>8.1f}{first:>11.1f}{svg:>8.1f}"
            f"{png:>12.1f}{ratio:>10}"
        )


if __name__ == "__main__":
    main()
