"""Who may change the game: anyone may look, changes need the referee PIN.

* One check for every request (:func:`init_security`): a route is open only if it is in
  :data:`OPEN_ROUTES`; any other route, including one added later, needs the PIN. The
  open ones are looking, the players' own moves (the camera makes them too), practice
  and the PIN form itself.
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

from flask import Flask, abort, current_app, flash, redirect, request, session, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

CSRF_FIELD = "csrf_token"


def _no_undo() -> bool:
    """A press of the page's virtual panel is open unless it could take a move back: the
    undo button, or a long press (on a panel without an undo button a long confirm undoes)."""
    return request.view_args != {"kind": "undo"} and request.form.get("long", "") == ""


#: The routes anyone may use, by endpoint; a route not named here needs the PIN. A value
#: is None (open) or a test of the request (open when it says True).
OPEN_ROUTES: dict[str, Callable[[], bool] | None] = {
    "static": None,
    "table.index": None,
    "table.status": None,
    "table.board_svg": None,
    "table.position_json": None,
    "table.state_json": None,
    "table.events": None,
    "table.camera": None,
    # the players' own moves; the camera and the panel make them too
    "table.dice": None,
    "table.play": None,
    "table.announce": None,
    "table.confirm": None,
    "table.choose": None,
    "table.panel_press": _no_undo,
    "teaching.page": None,  # practice changes nothing
    "setup.unlock": None,
    "setup.lock": None,
}


def declare_open(app: Flask, endpoint: str, test: Callable[[], bool] | None = None) -> None:
    """Let anyone use ``endpoint`` of this app (or, with ``test``, the requests it allows)."""
    app.extensions["companion_open_routes"][endpoint] = test


def is_open() -> bool:
    """Whether this request may go on without the PIN (the one place that decides)."""
    routes: dict[str, Callable[[], bool] | None] = current_app.extensions["companion_open_routes"]
    endpoint = request.endpoint or ""
    if endpoint not in routes:
        return False
    test = routes[endpoint]
    return test is None or test()


def init_security(app: Flask) -> None:
    """Install the CSRF check and rate limit, and give templates ``csrf_token()``."""
    if not app.config.get("SECRET_KEY"):  # sessions end when the referee restarts
        app.config["SECRET_KEY"] = secrets.token_hex(32)
    app.config.setdefault("REFEREE_PIN", "")
    app.config.setdefault("POSTS_PER_MINUTE", 60)
    limiter = _RateLimiter(app.config["POSTS_PER_MINUTE"])
    app.extensions["companion_rate"] = limiter
    app.extensions["companion_open_routes"] = dict(OPEN_ROUTES)

    @app.before_request
    def _guard() -> Response | None:
        if request.routing_exception is not None:
            return None  # no such page or method: said as such (404, 405), no view runs
        if request.method in ("POST", "PUT", "PATCH", "DELETE"):
            if not limiter.allow(request.remote_addr or "?"):
                abort(429)
            sent = request.form.get(CSRF_FIELD) or request.headers.get("X-CSRF-Token", "")
            if not _same(sent, csrf_token()):
                abort(400, "err_csrf")
        if not is_open() and not is_referee():
            flash("pin_needed")
            return redirect(url_for("setup.unlock", next=_after_unlock()))
        return None

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


def lock_session() -> None:
    """Changes need the PIN again in this browser."""
    session.pop("referee", None)


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
