"""Figures of a list of timings, shared by the benchmarks (run as python bench/NAME.py)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def timed(call: Callable[..., T], *args: Any, repeats: int = 1) -> tuple[float, T]:
    """``call(*args)``'s wall-clock time in ms (the median of ``repeats`` runs) and its
    result."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = call(*args)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), result


def percentile(values: list[float], q: float) -> float:
    """The value below which a share ``q`` of the timings lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(values: list[float], unit: str = "ms") -> str:
    """Median, p90, p99 and max, as the benchmarks print them."""
    return (
        f"median {statistics.median(values):.2f} {unit}, p90 {percentile(values, 0.9):.2f} "
        f"{unit}, p99 {percentile(values, 0.99):.2f} {unit}, max {max(values):.1f} {unit}"
    )


def print_legal_moves(times: list[float], groups: dict[str, list[float]], sizes: list[int]) -> None:
    """The legal-move timings of a corpus of positions, overall and per group, and how many
    moves a position has, as the rules benchmarks print them."""
    print(
        f"legal_moves per position and roll: median {statistics.median(times):.3f} ms, "
        f"p90 {percentile(times, 0.9):.3f} ms, p99 {percentile(times, 0.99):.3f} ms, "
        f"max {max(times):.1f} ms"
    )
    for tag in sorted(groups):
        values = groups[tag]
        print(
            f"  {tag:12s} n={len(values):4d}  median {statistics.median(values):.3f} ms, "
            f"p90 {percentile(values, 0.9):.3f} ms"
        )
    print(f"moves per position: median {statistics.median(sizes):.0f}, max {max(sizes)}")
