"""Telling the table what was heard: ``POST /heard`` of ``companion serve`` (issue 34).

The offline recogniser's alternatives go to the table server as JSON
``{"alternatives": [...], "source": "offline"}``; the table picks the one that is a legal
announcement now (companion/listen/heard.py) and answers ``{"understood", "heard",
"message", "verdict"}``. The table takes a post only with the page's CSRF token (as
the phones' own posts): the client first loads the table's page, as a phone does, and
keeps its cookie. It asks in the language it speaks (``Accept-Language``), so that the
table's verdict and message come in the listener's words. A table that cannot be reached
or answers no such JSON is a CompanionError naming it.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import socket
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from companion.errors import CompanionError
from companion.listen.grammar import TOP
from companion.listen.rivals import as_heard
from companion.texts import language, text

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
        raise CompanionError(text("listen.table_url", table=repr(table[:40])))
    return table.rstrip("/") + "/heard"


def legal_now(table: str) -> tuple[str, tuple[str, ...]]:
    """The table's game and its legal announcements now (``GET /legal``) as the
    recogniser writes them, for it to score the heard words' rivals; CompanionError
    naming the table where it answers anything else."""
    url = table_url(table).removesuffix("/heard") + "/legal"
    opener = urllib.request.build_opener()
    raw = _read(opener, urllib.request.Request(url), url)  # its errors say themselves
    try:  # (not inside: CompanionError is a ValueError, "unreachable" read "no JSON")
        answer = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise CompanionError(text("listen.table_no_json", url=url)) from None
    game = answer.get("game") if isinstance(answer, dict) else None
    said = answer.get("announcements") if isinstance(answer, dict) else None
    if (
        not isinstance(game, str)
        or game not in TOP
        or not isinstance(said, list)
        or len(said) > MOST_LEGAL
        or not all(isinstance(a, str) and len(a) <= LONGEST for a in said)
    ):
        raise CompanionError(text("listen.table_no_legal", url=url))
    try:
        return game, as_heard(said, game)
    except ValueError as e:  # words the grammar has no words for ("Wurf 99")
        raise CompanionError(text("listen.table_cannot_say", url=url, why=str(e))) from None


def post_heard(table: str, alternatives: Sequence[str]) -> dict[str, Any]:
    """The table's answer to what was heard, alternatives best first: ``understood``,
    ``heard`` (the alternative it took), ``message`` and ``verdict`` (None, or the
    referee's verdict: ``{"verdict": "legal" | "illegal" | …, "reason": …}``), said in
    this process's language."""
    url = table_url(table)
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    words = {"Accept-Language": language()}
    page = _read(opener, urllib.request.Request(table.rstrip("/") + "/", headers=words), url)
    token = _TOKEN.search(page.decode("utf-8", "replace"))
    headers = {"Content-Type": "application/json", **words}
    if token:
        headers["X-CSRFToken"] = token.group(1)
    body = json.dumps({"alternatives": list(alternatives), "source": "offline"}).encode()
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    raw = _read(opener, request, url)  # its errors say themselves (trial s12)
    try:
        answer = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):  # ValueError: JSON that does not parse
        raise CompanionError(text("listen.table_no_json", url=url)) from None
    if not isinstance(answer, dict) or not isinstance(answer.get("message"), str):
        raise CompanionError(text("listen.table_no_verdict", url=url))
    verdict = answer.get("verdict")
    if answer.get("understood") and not (
        isinstance(answer.get("heard"), str)
        and isinstance(verdict, dict)
        and isinstance(verdict.get("verdict"), str)
        and isinstance(verdict.get("reason"), str)
    ):
        raise CompanionError(text("listen.table_no_verdict", url=url))
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
        raise CompanionError(
            text("listen.table_status", url=url, code=e.code, reason=e.reason)
        ) from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        why = _why(e.reason if isinstance(e, urllib.error.URLError) else e)
        raise CompanionError(text("listen.table_unreachable", url=url, why=why)) from None


def _why(reason: object) -> str:
    """Why the table cannot be reached, in the listener's words where it is a common
    reason (nobody listens on the port, no answer in time, a host name not known), else
    as the system says it."""
    if isinstance(reason, ConnectionRefusedError):
        return text("listen.why.refused")
    if isinstance(reason, TimeoutError | socket.timeout):
        return text("listen.why.timeout", seconds=TIMEOUT_S)
    if isinstance(reason, socket.gaierror):
        return text("listen.why.unknown_host")
    return str(reason)
