"""Who may change the game: anyone may look, changes need the referee PIN.

* The PIN is set when the referee starts (``companion serve --pin`` or the config); a
  person unlocks changes for their browser session by entering it once.
* Every form carries a CSRF token bound to the session (checked on every POST).
* POSTs are rate-limited per client address, and a wrong PIN costs a pause, so a PIN
  cannot be guessed by a script at the table's Wi-Fi.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import Flask, abort, current_app, flash, redirect, request, session, url_for
from werkzeug.exceptions import HTTPException

F = TypeVar("F", bound=Callable[..., Any])

CSRF_FIELD = "csrf_token"


def init_security(app: Flask) -> None:
    """Install the CSRF check and rate limit, and give templates ``csrf_token()``."""
    if not app.config.get("SECRET_KEY"):  # sessions end when the referee restarts
        app.config["SECRET_KEY"] = secrets.token_hex(32)
    app.config.setdefault("REFEREE_PIN", "")
    app.config.setdefault("POSTS_PER_MINUTE", 60)
    limiter = _RateLimiter(app.config["POSTS_PER_MINUTE"])
    app.extensions["companion_rate"] = limiter

    @app.before_request
    def _guard() -> None:
        if request.routing_exception is not None:
            return  # no such page or method: said as such (404, 405), no view runs
        if request.method in ("POST", "PUT", "PATCH", "DELETE"):
            if not limiter.allow(request.remote_addr or "?"):
                abort(429)
            sent = request.form.get(CSRF_FIELD) or request.headers.get("X-CSRF-Token", "")
            if not _same(sent, csrf_token()):
                abort(400, "err_csrf")

    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["is_referee"] = is_referee


def csrf_token() -> str:
    token = session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(24)
        session["csrf"] = token
    return token


def is_referee() -> bool:
    return bool(session.get("referee"))


def check_pin(pin: str) -> bool:
    """Unlock changes for this session if ``pin`` is the referee PIN."""
    expected = str(current_app.config["REFEREE_PIN"])
    if expected and _same(pin.strip(), expected):
        session["referee"] = True
        return True
    time.sleep(current_app.config.get("WRONG_PIN_PAUSE", 1.0))
    return False


def _same(sent: str, expected: str) -> bool:
    """Constant-time comparison of what a form sent; any text, not only ASCII (no 500)."""
    return hmac.compare_digest(sent.encode("utf-8", "replace"), expected.encode("utf-8"))


def referee_required(view: F) -> F:
    """A view that changes the game: without the PIN, back to the PIN form."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not is_referee():
            flash("pin_needed")
            return redirect(url_for("setup.unlock", next=_after_unlock()))
        return view(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def _after_unlock() -> str:
    """Where the PIN form leads back to: this page, or the table after a form (a POST
    such as ``/undo`` cannot be opened again as a page)."""
    if request.method == "GET":
        return request.path
    try:
        current_app.url_map.bind("").match(request.path, method="GET")
    except HTTPException:
        return url_for("table.index")
    return request.path


class _RateLimiter:
    """At most ``per_minute`` requests per client in any sliding minute."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.seen: dict[str, list[float]] = {}
        self.lock = threading.Lock()

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        with self.lock:
            if len(self.seen) > 1000:  # forget quiet clients; memory stays bounded
                self.seen = {c: t for c, t in self.seen.items() if t and now - t[-1] < 60}
            times = [t for t in self.seen.get(client, []) if now - t < 60]
            if len(times) >= self.per_minute:
                self.seen[client] = times
                return False
            times.append(now)
            self.seen[client] = times
            return True
