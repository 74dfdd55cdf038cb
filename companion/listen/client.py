"""Telling the table what was heard: ``POST /heard`` of ``companion serve`` (issue 34).

The offline recogniser's alternatives go to the table server as JSON
``{"alternatives": [...], "source": "offline"}``; the table picks the one that is a legal
announcement now (companion/listen/heard.py) and answers ``{"understood", "heard",
"message", "verdict"}``. A table that cannot be reached or answers no such JSON is a
CompanionError naming it.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from companion.errors import CompanionError

TIMEOUT_S = 10


def table_url(table: str) -> str:
    """The table's ``/heard`` address (CompanionError where ``table`` is no http URL)."""
    if not table.startswith(("http://", "https://")) or len(table) > 300:
        raise CompanionError(f"--table {table[:40]!r}: give the table as http://host:port")
    return table.rstrip("/") + "/heard"


def post_heard(table: str, alternatives: Sequence[str]) -> dict[str, Any]:
    """The table's answer to what was heard, alternatives best first."""
    url = table_url(table)
    body = json.dumps({"alternatives": list(alternatives), "source": "offline"}).encode()
    request = urllib.request.Request(
        url, data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
            answer = json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as e:
        raise CompanionError(f"table {url} answered {e.code} {e.reason}") from None
    except (urllib.error.URLError, OSError) as e:
        raise CompanionError(f"table {url} cannot be reached: {e}") from None
    except UnicodeDecodeError:
        raise CompanionError(f"table {url} answered no JSON") from None
    except ValueError as e:  # JSON that does not parse, or a URL urllib cannot use
        raise CompanionError(f"table {url}: {e}") from None
    if not isinstance(answer, dict) or "message" not in answer:
        raise CompanionError(f"table {url} answered without a message")
    return answer
