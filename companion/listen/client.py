"""Telling the table what was heard: ``POST /heard`` of ``companion serve`` (issue 34).

The offline recogniser's alternatives go to the table server as JSON
``{"alternatives": [...], "source": "offline"}``; the table picks the one that is a legal
announcement now (companion/listen/heard.py) and answers ``{"understood", "heard",
"message", "verdict"}``. The table takes a post only with the page's CSRF token (as
the phones' own posts): the client first loads the table's page, as a phone does, and
keeps its cookie. A table that cannot be reached or answers no such JSON is a
CompanionError naming it.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from companion.errors import CompanionError
from companion.listen.grammar import TOP
from companion.listen.rivals import as_heard

TIMEOUT_S = 10
#: The most legal announcements read from the table (companion.listen.rivals lists at
#: most 2000 a roll, for now and the last turn), and their longest.
MOST_LEGAL = 4000
LONGEST = 400
#: The page's hidden CSRF field (Flask-WTF), whose value goes in the X-CSRFToken header.
_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def table_url(table: str) -> str:
    """The table's ``/heard`` address (CompanionError where ``table`` is no http URL)."""
    if not table.startswith(("http://", "https://")) or len(table) > 300:
        raise CompanionError(f"--table {table[:40]!r}: give the table as http://host:port")
    return table.rstrip("/") + "/heard"


def legal_now(table: str) -> tuple[str, tuple[str, ...]]:
    """The table's game and its legal announcements now (``GET /legal``) as the
    recogniser writes them, for it to score the heard words' rivals; CompanionError
    naming the table where it answers anything else."""
    url = table_url(table).removesuffix("/heard") + "/legal"
    opener = urllib.request.build_opener()
    try:
        answer = json.loads(_read(opener, urllib.request.Request(url), url).decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise CompanionError(f"table {url} answered no JSON") from None
    game = answer.get("game") if isinstance(answer, dict) else None
    said = answer.get("announcements") if isinstance(answer, dict) else None
    if (
        not isinstance(game, str)
        or game not in TOP
        or not isinstance(said, list)
        or len(said) > MOST_LEGAL
        or not all(isinstance(a, str) and len(a) <= LONGEST for a in said)
    ):
        raise CompanionError(f"table {url} answered no game's legal announcements")
    try:
        return game, as_heard(said, game)
    except ValueError as e:  # words the grammar has no words for ("Wurf 99")
        raise CompanionError(f"table {url} answered an announcement it cannot say: {e}") from None


def post_heard(table: str, alternatives: Sequence[str]) -> dict[str, Any]:
    """The table's answer to what was heard, alternatives best first."""
    url = table_url(table)
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    page = _read(opener, urllib.request.Request(table.rstrip("/") + "/"), url)
    token = _TOKEN.search(page.decode("utf-8", "replace"))
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-CSRFToken"] = token.group(1)
    body = json.dumps({"alternatives": list(alternatives), "source": "offline"}).encode()
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        answer = json.loads(_read(opener, request, url).decode("utf-8"))
    except UnicodeDecodeError:
        raise CompanionError(f"table {url} answered no JSON") from None
    except ValueError as e:  # JSON that does not parse
        raise CompanionError(f"table {url}: {e}") from None
    if not isinstance(answer, dict) or "message" not in answer:
        raise CompanionError(f"table {url} answered without a message")
    return answer


def _read(
    opener: urllib.request.OpenerDirector, request: urllib.request.Request, url: str
) -> bytes:
    """The body of one request to the table; CompanionError naming ``url`` otherwise."""
    try:
        with opener.open(request, timeout=TIMEOUT_S) as response:
            body: bytes = response.read(1 << 20)
            return body
    except urllib.error.HTTPError as e:
        raise CompanionError(f"table {url} answered {e.code} {e.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise CompanionError(f"table {url} cannot be reached: {e}") from None
