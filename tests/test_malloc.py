"""glibc's malloc tuned for a long-running server (companion.settings.memory)."""

from __future__ import annotations

import platform
import threading
from pathlib import Path

import pytest

from companion.settings.memory import give_back, limit_arenas

glibc = pytest.mark.skipif(
    platform.system() != "Linux" or platform.libc_ver()[0] != "glibc", reason="glibc only"
)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@glibc
def test_freed_memory_inside_a_heap_goes_back_to_the_system():
    chunks = [bytearray(64 * 1024) for _ in range(800)]  # 50 MB in small heap blocks
    last = chunks[-1]  # pins the top of the heap: free() alone cannot shrink it
    del chunks
    before = rss_mb()
    assert give_back()
    assert rss_mb() < before - 25
    assert len(last) == 64 * 1024


@glibc
def test_the_heap_limit_is_taken_and_threads_still_allocate():
    assert limit_arenas(2)
    sizes: list[int] = []
    threads = [
        threading.Thread(target=lambda: sizes.append(len(bytearray(1 << 20)))) for _ in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sizes == [1 << 20] * 8
