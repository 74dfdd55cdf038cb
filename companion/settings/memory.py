"""The memory of a long-running ``companion serve`` on a small machine: glibc's malloc.

numpy arrays and OpenCV images come from the C library's malloc. glibc gives each thread
that allocates its own heap ("arena", up to 8 per core), and it returns memory freed
inside a heap to the system only when it lies at the heap's top. A server with 40 page
threads and a camera thread that makes and drops 4 to 14 MB frames thus keeps far more
resident than it uses (bench/serve.py: docs/install-pi.md, "Resources"). Two calls bound
that, without changing how the fast path allocates:

* :func:`limit_arenas` at start: the threads share two heaps, so freed memory is found
  again by the next frame instead of lying idle in a third heap (one heap saved 5 to 8 MB
  more, but in bench/serve.py the camera thread then read 15 frames over the game
  instead of about 90: it waited for the heap's lock);
* :func:`give_back` after a big one-off step (building the board reader, a new synthetic
  photo): the free pages of every heap go back to the system (``malloc_trim``);
* :func:`big_step` around such a step: they take turns. Each needs 30 to 70 MB of
  scratch for a moment, and at start both run at once (the reader is built in the
  background while the synthetic camera renders its first photo): side by side their
  peaks added up to 222 MB, one after the other they do not.

On another C library (musl, macOS) both do nothing and say so by returning False.
"""

from __future__ import annotations

import ctypes
import logging
import platform
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

log = logging.getLogger(__name__)

M_ARENA_MAX = -8  # mallopt parameter number, glibc's malloc.h

_BIG_STEP = threading.Lock()


@cache
def _glibc() -> ctypes.CDLL | None:
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    if not (hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim")):
        return None
    return libc


def limit_arenas(count: int = 2) -> bool:
    """Let all threads share at most ``count`` malloc heaps; True if glibc took it.

    Call it before the threads start: a thread keeps the heap it was given.
    """
    libc = _glibc()
    if libc is None:
        return False
    ok = bool(libc.mallopt(ctypes.c_int(M_ARENA_MAX), ctypes.c_int(count)))
    log.debug("malloc: at most %d heaps (%s)", count, "set" if ok else "refused")
    return ok


def give_back() -> bool:
    """Return the free pages of every malloc heap to the system; True if glibc did it."""
    libc = _glibc()
    if libc is None:
        return False
    libc.malloc_trim(ctypes.c_size_t(0))
    return True


@contextmanager
def big_step() -> Iterator[None]:
    """Run a step that needs much scratch memory after any other such step, and give its
    free pages back to the system when it ends."""
    with _BIG_STEP:
        try:
            yield
        finally:
            give_back()
