"""Figures of a list of timings, shared by the benchmarks (run as python bench/NAME.py)."""

from __future__ import annotations

import statistics


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
