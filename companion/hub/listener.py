"""The hub's ear: every table's messages from the broker into the :class:`HubStore`.

It subscribes to ``companion/<club>/#`` (QoS 1, a session the broker keeps while the hub
is away), checks every message (:mod:`companion.hub.messages`) and drops, with a log
line, what does not fit: a wrong topic, more than 64 KB, not JSON, a field missing. An
event past a gap in its table's events makes it ask that table to send again from the
gap (at most every two seconds per table), so the hub ends with every event once.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.hub.messages import (
    BadMessage,
    encode,
    parse_topic,
    read_event,
    read_state,
    topic,
)
from companion.hub.store import HubStore
from companion.texts import text

log = logging.getLogger("companion.hub")

RESEND_EVERY = 2.0  # seconds between two requests to one table
WATCH_EVERY = 5.0  # seconds between two looks for tables the hub is behind


class Listener:
    """Feeds ``store`` from the broker at ``host``:``port``; ``on_change(club, table)``
    is called after each kept message (the page's live updates)."""

    def __init__(
        self,
        store: HubStore,
        host: str,
        port: int = 1883,
        club: str = "+",
        client_id: str = "companion-hub",
        on_change: Callable[[str, str], None] | None = None,
    ) -> None:
        self.store, self.host, self.port, self.club = store, host, port, club
        self.on_change = on_change
        self.dropped = 0
        self._stopped = threading.Event()
        self._asked: dict[tuple[str, str], float] = {}
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=False
        )
        self.client.reconnect_delay_set(min_delay=1, max_delay=30)
        self.client.on_connect = self._connected
        self.client.on_message = self._message

    def start(self) -> None:
        self.client.connect_async(self.host, self.port, keepalive=30)
        self.client.loop_start()
        threading.Thread(target=self._watch, name="hub-gaps", daemon=True).start()

    def stop(self) -> None:
        self._stopped.set()
        self.client.disconnect()
        self.client.loop_stop()

    def behind(self) -> list[tuple[str, str, int]]:
        """The tables whose events the hub lacks: (club, table, complete up to)."""
        out = []
        for known in self.store.tables():
            complete = self.store.complete_to(*known.key)
            last = known.state.get("last_event")
            newest = max(self.store.newest(*known.key), last if isinstance(last, int) else 0)
            if complete < newest:
                out.append((known.club, known.name, complete))
        return out

    def _watch(self) -> None:
        """Ask again, every few seconds, a table that the hub is still behind (a request
        may be lost when the table was away just then)."""
        while not self._stopped.wait(WATCH_EVERY):
            if self.client.is_connected():
                for club, table, complete in self.behind():
                    self._ask_again(club, table, complete)

    def _connected(self, client: mqtt.Client, _u: Any, _f: Any, reason: Any, _p: Any) -> None:
        if reason.is_failure:
            log.warning("%s", text("log.hub_listener_refused", broker=self.host, reason=reason))
            return
        log.info("%s", text("log.hub_listening", broker=self.host, port=self.port))
        client.subscribe(f"companion/{self.club}/+/events", qos=1)
        client.subscribe(f"companion/{self.club}/+/state", qos=1)
        for known in self.store.tables():  # what was sent while the hub was away
            self._ask_again(known.club, known.name, self.store.complete_to(*known.key))

    def _message(self, _client: mqtt.Client, _u: Any, message: mqtt.MQTTMessage) -> None:
        try:
            self.take(message.topic, bytes(message.payload))
        except BadMessage as exc:
            self.dropped += 1
            said = text("log.hub_dropped", topic=message.topic[:80], why=exc)
            log.warning("%s", said)

    def take(self, where: str, payload: bytes) -> None:
        """Keep one message, or :class:`BadMessage` saying why not."""
        club, table, kind = parse_topic(where)
        if kind == "state":
            state = read_state(payload)
            self.store.set_state(club, table, state)
            complete = self.store.complete_to(club, table)
            if isinstance(state.get("last_event"), int) and complete < state["last_event"]:
                self._ask_again(club, table, complete)  # events the hub did not hear
        elif kind == "events":
            event = read_event(payload)
            self.store.add_event(club, table, event)
            complete = self.store.complete_to(club, table)
            if complete < self.store.newest(club, table):
                self._ask_again(club, table, complete)
        else:
            raise BadMessage(f"{kind!r} is sent by the hub, not to it")
        if self.on_change is not None:
            self.on_change(club, table)

    def _ask_again(self, club: str, table: str, after: int) -> None:
        now = time.monotonic()
        if now - self._asked.get((club, table), -RESEND_EVERY) < RESEND_EVERY:
            return
        self._asked[(club, table)] = now
        log.info("%s", text("log.hub_gap", club=club, table=table, after=after))
        self.client.publish(topic(club, table, "resend"), encode({"after": after}), qos=1)
