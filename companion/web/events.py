"""Live updates to every open page by Server-Sent Events, without page reloads.

The referee publishes an event (``position``, ``verdict``, …); each open page holds one
stream. Streams are bounded in number by :mod:`companion.web.streams` (each holds a
server thread) and send a comment line every few seconds so that a dead phone is noticed
and its stream ends.
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any


class Broker:
    def __init__(self, heartbeat: float = 15.0) -> None:
        self.heartbeat = heartbeat
        self._streams: set[queue.Queue[str | None]] = set()
        self._lock = threading.Lock()

    def publish(self, kind: str, data: Any) -> None:
        message = f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"
        with self._lock:
            for q in self._streams:
                with contextlib.suppress(queue.Full):  # a stalled page misses news, never blocks
                    q.put_nowait(message)

    def subscribe(self) -> queue.Queue[str | None]:
        """A new stream's queue; it hears every event until :meth:`unsubscribe`."""
        q: queue.Queue[str | None] = queue.Queue(maxsize=64)
        with self._lock:
            self._streams.add(q)
        return q

    def unsubscribe(self, q: queue.Queue[str | None]) -> None:
        """Forget a stream (its page went away); harmless if already forgotten."""
        with self._lock:
            self._streams.discard(q)

    def stream(
        self,
        q: queue.Queue[str | None],
        limit: float | None = None,
        gone: Callable[[], bool] = lambda: False,
    ) -> Iterator[str]:
        """Yield SSE text for one page until it goes away (or ``limit`` seconds, in tests).

        ``gone`` (waitress's ``client_disconnected``) is asked every second, so the
        stream of a page that went away ends within a second, not at the next heartbeat.
        """
        end = None if limit is None else time.monotonic() + limit
        try:
            yield "retry: 3000\n\n"
            beat = time.monotonic() + self.heartbeat
            while end is None or time.monotonic() < end:
                if gone():
                    return
                try:
                    message = q.get(timeout=1.0 if end is None else 0.05)
                except queue.Empty:
                    if time.monotonic() >= beat:
                        beat = time.monotonic() + self.heartbeat
                        yield ": still here\n\n"
                    continue
                if message is None:
                    return
                yield message
        finally:
            self.unsubscribe(q)

    def close_all(self) -> None:
        with self._lock:
            for q in self._streams:
                with contextlib.suppress(queue.Full):
                    q.put_nowait(None)
