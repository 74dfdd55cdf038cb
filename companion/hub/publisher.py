"""A table's side of the club hub: its journal, sent to the club's MQTT broker.

The journal stays the source of truth. A thread of its own sends the journal's events in
order (QoS 1), each with its id and the id before it, and keeps the last id the broker
acknowledged in the data directory (``hub-sent``), so that after a broker or Wi-Fi outage,
or a restart, it goes on from there: nothing is lost, and what is sent twice is the same
event with the same id (the hub keeps one). The hub may ask for events again (``resend``)
when it sees a gap. The table's state goes out as a retained message after every change.
The referee never waits for any of it: a change only wakes the thread, and a broker that
is down makes the thread wait, not the table.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.errors import CompanionError
from companion.hub.messages import BadMessage, check_name, encode, read_resend, topic
from companion.settings.config import HubConfig
from companion.table.table import Table
from companion.texts import text

log = logging.getLogger("companion.hub")

#: Events sent before their acknowledgements are awaited.
BATCH = 50
#: Messages paho may hold while the broker is away (then sending waits for it).
QUEUE = 200
SENT_FILE = "hub-sent"


class Publisher:
    """Sends ``table``'s journal and state to the broker of ``config``; :meth:`start` it."""

    def __init__(self, table: Table, config: HubConfig, data_dir: Path) -> None:
        if table.journal is None:
            raise CompanionError("the club hub needs the table's journal")
        if config.broker is None:
            raise CompanionError("[hub] broker: the club's MQTT broker is not set")
        self.table, self.config = table, config
        self.club = check_name(config.club, "[hub] club")
        self.name = check_name(config.table or socket.gethostname().split(".")[0], "[hub] table")
        self._sent_file = data_dir / SENT_FILE
        self.sent = _read_sent(self._sent_file)
        self._rewind: int | None = None
        self._state_due = True
        self._wake, self._stop = threading.Event(), threading.Event()
        self._thread = threading.Thread(target=self._run, name="hub", daemon=True)
        self.client = _client(config, f"companion-{self.club}-{self.name}")
        self.client.on_connect = self._connected
        self.client.on_message = self._message
        table.on_change.append(lambda _table: self.changed())

    def start(self) -> None:
        self.client.connect_async(self.config.broker or "", self.config.port, keepalive=30)
        self.client.loop_start()  # paho's own thread: connects, and reconnects when lost
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout=5)
        self.client.disconnect()
        self.client.loop_stop()

    def changed(self) -> None:
        """The table changed (called by the referee's thread): only wakes the sender."""
        self._state_due = True
        self._wake.set()

    # ------------------------------------------------------------------ paho callbacks

    def _connected(self, client: mqtt.Client, _u: Any, _f: Any, reason: Any, _p: Any) -> None:
        if reason.is_failure:
            log.warning("%s", text("log.hub_refused", broker=self.config.broker, reason=reason))
            return
        said = text("log.hub_connected", broker=self.config.broker, club=self.club, name=self.name)
        log.info("%s", said)
        client.subscribe(topic(self.club, self.name, "resend"), qos=1)
        self._state_due = True
        self._wake.set()

    def _message(self, _client: mqtt.Client, _u: Any, message: mqtt.MQTTMessage) -> None:
        try:
            after = read_resend(bytes(message.payload))
        except BadMessage as exc:
            log.warning("%s", text("log.hub_resend_dropped", why=exc))
            return
        self._rewind = after if self._rewind is None else min(self._rewind, after)
        self._wake.set()

    # ------------------------------------------------------------------ the sender

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(timeout=5)
            self._wake.clear()
            if self._stop.is_set() or not self.client.is_connected():
                continue
            try:
                self._send_events()
                if self._state_due:
                    self._send_state()
            except Exception:  # never the table's problem: logged, tried again
                log.exception("%s", text("log.hub_send_failed"))

    def _send_events(self) -> None:
        while self.client.is_connected() and not self._stop.is_set():
            if self._rewind is not None:
                self.sent, self._rewind = min(self.sent, self._rewind), None
            journal = self.table.journal
            assert journal is not None
            with self.table.lock:  # the referee writes on the same connection
                rows = journal.since(self.sent, BATCH)
                if not rows and journal.last_id() < self.sent:
                    self.sent = 0  # a new journal: send it from its start
                    continue
            if not rows:
                return
            prev, sending = self.sent, []
            for event_id, game, at, kind, data in rows:
                message = {"id": event_id, "prev": prev, "game": game, "at": at, "kind": kind}
                message["data"] = _data(data)
                info = self.client.publish(
                    topic(self.club, self.name, "events"), encode(message), qos=1
                )
                sending.append((event_id, info))
                prev = event_id
            for event_id, info in sending:
                try:
                    info.wait_for_publish(timeout=10)
                except (RuntimeError, ValueError):  # not connected, or paho's queue full
                    return
                if not info.is_published():
                    return
                self.sent = event_id
                _write_sent(self._sent_file, event_id)

    def _send_state(self) -> None:
        self._state_due = False
        with self.table.lock:
            ref = self.table.referee
            position = ref.position
            state = {
                "game": position.game,
                "title": position.spec.title,
                "players": list(position.players),
                "to_move": position.to_move,
                "phase": ref.phase.name.lower(),
                "verdict": ref.verdict.to_json() if ref.verdict else None,
                "position": position.to_json(),
                "game_id": ref.game_id,
                "last_event": self.table.journal.last_id() if self.table.journal else 0,
                "at": datetime.now(UTC).isoformat(timespec="seconds"),
            }
        self.client.publish(topic(self.club, self.name, "state"), encode(state), qos=1, retain=True)


def _client(config: HubConfig, client_id: str) -> mqtt.Client:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id)
    client.max_queued_messages_set(QUEUE)
    client.reconnect_delay_set(min_delay=1, max_delay=30)
    if config.username:
        password = None
        if config.password_file:
            try:
                password = Path(config.password_file).read_text().strip()
            except OSError as exc:
                raise CompanionError(
                    f"{config.password_file}: cannot read the hub password: {exc.strerror}"
                ) from None
        client.username_pw_set(config.username, password)
    if config.tls:
        client.tls_set(ca_certs=config.ca_file)
    return client


def _data(stored: str) -> dict[str, Any]:
    try:
        data = json.loads(stored)
    except (ValueError, RecursionError):
        data = None
    return data if isinstance(data, dict) else {"unreadable": True}


def _read_sent(path: Path) -> int:
    try:
        return max(0, int(path.read_text().strip() or 0))
    except (OSError, ValueError):
        return 0


def _write_sent(path: Path, event_id: int) -> None:
    """The last acknowledged id, replaced atomically (a power cut leaves old or new)."""
    part = path.with_name(path.name + ".part")
    part.write_text(f"{event_id}\n")
    os.replace(part, path)
