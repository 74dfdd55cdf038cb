"""How the figures of ``companion bench`` and ``bench/rules.py`` are taken: what the rules
and the start cost on this machine, so that the first user with a Raspberry Pi can measure it.

Every time is CPU time (``time.process_time`` of this process, or the user + system time
of a child process), which other programs on the machine hardly change; memory is the
peak that ``tracemalloc`` traces while the call runs again (Python's own allocations,
which is what a search builds). Each figure is printed with the Pi 4 estimate beside it:
five times the time here (one Pi 4 core is about five times slower than this machine's),
to be replaced by what the Pi itself prints.
"""

from __future__ import annotations

import os
import platform
import statistics
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: How much slower one core of a Raspberry Pi 4 is than this machine's (docs/install-pi.md).
PI_FACTOR = 5.0


def pi(ms: float) -> str:
    """A time here and its Pi 4 estimate: ``12.0 ms (Pi 4 ~60 ms)``."""
    return f"{ms:.1f} ms (Pi 4 ~{ms * PI_FACTOR:.0f} ms)"


def cpu_ms(call: Callable[[], Any]) -> tuple[Any, float]:
    """``call()``'s result and its CPU time in ms."""
    t0 = time.process_time()
    result = call()
    return result, (time.process_time() - t0) * 1000


def peak_mb(call: Callable[[], Any]) -> float:
    """The peak memory in MB that tracemalloc traces while ``call()`` runs."""
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def machine() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"machine: {platform.machine()} {platform.processor() or ''}, python "
        f"{platform.python_version()}, load average {load}"
    ).replace("  ", " ")


@dataclass
class Worst:
    """The costliest call met: what it was, its CPU time and how to run it again."""

    ms: float = -1.0
    what: str = ""
    prepare: Callable[[], Any] | None = None
    call: Callable[[Any], Any] | None = None
    built: int = 0

    def peak(self) -> float:
        """The call's peak traced memory in MB, run again (what it needs prepared, not)."""
        assert self.prepare is not None and self.call is not None
        ready = self.prepare()
        call = self.call
        return peak_mb(lambda: call(ready))


@dataclass
class Figures:
    """CPU times (ms) and Moves built of one kind of call over a corpus."""

    name: str
    times: list[float] = field(default_factory=list)
    built: list[int] = field(default_factory=list)
    worst: Worst = field(default_factory=Worst)

    def measure(self, what: str, prepare: Callable[[], Any], call: Callable[[Any], Any]) -> None:
        """Times ``call(prepare())`` (the preparing not timed) and counts the Moves built."""
        from companion.games.zwianer.turn import moves_built

        ready = prepare()
        before = moves_built()
        _, ms = cpu_ms(lambda: call(ready))
        self.times.append(ms)
        self.built.append(moves_built() - before)
        if ms > self.worst.ms:
            self.worst = Worst(ms, what, prepare, call, self.built[-1])

    def line(self) -> str:
        times = sorted(self.times)
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        return (
            f"{self.name:18s} n={len(times):4d}  median {pi(statistics.median(times))}, "
            f"p99 {pi(p99)}, max {pi(times[-1])}; Moves built: max {max(self.built)}"
        )
