"""What a table and the hub say to each other over MQTT: topics and checked messages.

Topics, for a club ``C`` and a table ``T`` (names of letters, digits, ``-`` and ``_``,
so that they are single topic levels and a broker's ACL can give each table its own):

* ``companion/C/T/events`` (table → hub, QoS 1): one journal event each, in the order
  of the journal, with ``id`` and ``prev`` (the id of the event before it in the table's
  journal, 0 for the first), so that the hub sees a gap and deduplicates by id;
* ``companion/C/T/state`` (table → hub, QoS 1, retained): what the table shows now;
* ``companion/C/T/resend`` (hub → table, QoS 1): ``{"after": ID}``, send again from there.

Every message is a JSON object of at most :data:`MAX_BYTES`; :func:`read_event` and
:func:`read_state` refuse anything else with a :class:`BadMessage` that says why.
"""

from __future__ import annotations

import json
from typing import Any

from companion.errors import CompanionError
from companion.settings.config import HUB_NAME

ROOT = "companion"
#: The largest message a table sends (a TENET state with its position is about 6 KB).
MAX_BYTES = 64 * 1024
#: A club's or a table's name: one topic level (config.toml names them too, so it is
#: the settings' pattern: the hub stands above them).
NAME = HUB_NAME
VERSION = 1


class BadMessage(CompanionError):
    """A message the hub does not take (said in one line, then dropped)."""


def check_name(name: str, what: str) -> str:
    """``name`` if it may be a club's or table's name, else a one-line error."""
    if not NAME.fullmatch(name):
        raise CompanionError(
            f"{what} {name!r}: 1 to 40 letters, digits, '-' or '_' (one MQTT topic level)"
        )
    return name


def topic(club: str, table: str, kind: str) -> str:
    return f"{ROOT}/{club}/{table}/{kind}"


def parse_topic(text: str) -> tuple[str, str, str]:
    """(club, table, kind) of a message's topic, or :class:`BadMessage`."""
    parts = text.split("/")
    if len(parts) != 4 or parts[0] != ROOT or parts[3] not in ("events", "state", "resend"):
        raise BadMessage(f"topic {text[:80]!r} is not companion/<club>/<table>/<kind>")
    if not (NAME.fullmatch(parts[1]) and NAME.fullmatch(parts[2])):
        raise BadMessage(f"topic {text[:80]!r}: a club or table name that is not allowed")
    return parts[1], parts[2], parts[3]


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps({"v": VERSION, **message}, ensure_ascii=False).encode()


def _object(payload: bytes) -> dict[str, Any]:
    if len(payload) > MAX_BYTES:
        raise BadMessage(f"{len(payload)} bytes, more than {MAX_BYTES}")
    try:
        data = json.loads(payload)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadMessage("not JSON") from None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise BadMessage(f"not a version-{VERSION} message object")
    return data


def _whole(data: dict[str, Any], key: str, low: int = 0) -> int:
    value = data.get(key)
    if type(value) is not int or value < low:
        raise BadMessage(f"{key!r} must be a whole number ≥ {low}, not {value!r}"[:120])
    return value


def read_event(payload: bytes) -> dict[str, Any]:
    """A journal event: ``id``, ``prev``, ``game``, ``at``, ``kind``, ``data``."""
    data = _object(payload)
    event_id, prev = _whole(data, "id", 1), _whole(data, "prev")
    if prev >= event_id:
        raise BadMessage(f"prev {prev} is not before id {event_id}")
    _whole(data, "game", 1)
    if not isinstance(data.get("kind"), str) or not isinstance(data.get("at"), str):
        raise BadMessage("'kind' and 'at' must be strings")
    if not isinstance(data.get("data"), dict):
        raise BadMessage("'data' must be an object")
    return data


def read_state(payload: bytes) -> dict[str, Any]:
    """What a table shows: ``game``, ``players``, ``to_move``, ``position``, ``verdict``."""
    data = _object(payload)
    if not isinstance(data.get("position"), dict) or not isinstance(data.get("players"), list):
        raise BadMessage("a state needs 'position' (an object) and 'players' (a list)")
    return data


def read_resend(payload: bytes) -> int:
    """The id after which a table sends its events again."""
    return _whole(_object(payload), "after")
