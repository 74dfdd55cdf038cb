"""Who may change the game: anyone may look, changes need the referee PIN.

* One check for every request (:func:`init_security`): a route is open only if it is in
  :data:`OPEN_ROUTES`; any other route, including one added later, needs the PIN. The
  open ones are looking, the players' own moves (the camera makes them too), practice
  and the PIN form itself.
* The PIN (:mod:`companion.settings.pin`) unlocks changes for one browser until it locks again or
  the unlock expires (``UNLOCK_SECONDS``, 4 hours); the unlock is a random token kept by
  the server, so "lock again" also locks a copy of the cookie.
* Guessing waits (:class:`PinGuard`): each wrong try doubles the wait of its address,
  and after ``PIN_TRIES_PER_MINUTE`` wrong tries in a minute from anywhere every try of
  a guessing address waits its turn; an address that has not been guessing (the
  referee's phone) is checked at once. A waiting try is answered 429 at once, so no
  thread sleeps and the forms of an unlocked referee are as quick as ever. Each wrong
  try is logged.
* Every form carries a CSRF token bound to the session (Flask-WTF's ``CSRFProtect``,
  checked on every POST before anything else; docs/security.md says why it and not
  Flask-Limiter), POSTs
  are rate-limited per client address, and every answer forbids framing and foreign
  scripts (``X-Frame-Options``, ``Content-Security-Policy`` with a nonce per page).
"""

from __future__ import annotations

import hmac
import logging
import math
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable

from flask import Flask, abort, current_app, flash, g, redirect, request, session, url_for
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import BadRequest, HTTPException, TooManyRequests
from werkzeug.wrappers import Response

from companion.settings.hosts import HostCheck
from companion.texts import text
from companion.web.errors import error_page
from companion.web.i18n import asked_language

log = logging.getLogger("companion.web")


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
    "table.camera_still": None,
    "record.game_json": None,  # a game's record to take home
    "record.game_txt": None,
    "join.page": None,  # the page's address as a QR code
    "helping.page": None,  # the rules and the words of the game played, to read only
    # the players' own moves; the camera and the panel make them too
    "table.dice": None,
    "table.play": None,
    "table.announce": None,
    "table.confirm": None,
    "table.choose": None,
    "table.panel_press": _no_undo,
    "teaching.page": None,  # practice changes nothing
    # the players' words heard by a recogniser, as typed ones (docs/web.md)
    "hearing.heard": None,
    "hearing.teach": None,  # practice changes nothing
    "hearing.legal": None,  # the moves legal now, read only (companion listen's rivals)
    "setup.unlock": None,
    "setup.lock": None,
    # the dice tray (docs/tray.md): rolls are everyone's, as the dice of a game are;
    # a new tray session (tray.new) needs the PIN
    "tray.page": None,
    "tray.state_json": None,
    "tray.question_picture": None,  # the photo asked about, as the page shows it
    "tray.throw": None,
    "tray.photo": None,
    "tray.answer": None,
    "tray.names": None,
    "tray.rolls_csv": None,
    "tray.rolls_json": None,
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
    """Install the checks of every request and the headers of every answer, and give
    templates ``csrf_token()`` (Flask-WTF), ``is_referee()`` and ``csp_nonce()``."""
    if not app.config.get("SECRET_KEY"):  # sessions end when the referee restarts
        app.config["SECRET_KEY"] = secrets.token_hex(32)
    app.config.setdefault("REFEREE_PIN", "")
    app.config.setdefault("POSTS_PER_MINUTE", 60)
    app.config.setdefault("UNLOCK_SECONDS", 4 * 3600)
    limiter = _RateLimiter(app.config["POSTS_PER_MINUTE"])
    app.extensions["companion_rate"] = limiter
    app.extensions["companion_open_routes"] = dict(OPEN_ROUTES)
    app.extensions["companion_pin_guard"] = PinGuard()
    app.extensions["companion_unlocks"] = Unlocks()
    app.config.setdefault("WTF_CSRF_CHECK_DEFAULT", False)  # checked in _guard, in order
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)  # a page open all evening still works
    csrf = CSRFProtect(app)

    @app.errorhandler(CSRFError)
    def _expired(exc: CSRFError) -> Response:
        return error_page(BadRequest("err_csrf"))

    app.wsgi_app = HostCheck(  # type: ignore[method-assign]
        app.wsgi_app, lambda: app.config.get("HOSTS", ())
    )

    @app.before_request
    def _guard() -> Response | None:
        if request.routing_exception is not None:
            return None  # no such page or method: said as such (404, 405), no view runs
        if request.method in ("POST", "PUT", "PATCH", "DELETE"):
            if not limiter.allow(request.remote_addr or "?"):
                abort(429)
            csrf.protect()  # Flask-WTF: CSRFError (400) without a valid token
        if not is_open() and not is_referee():
            flash("pin_needed")
            lang = asked_language()  # /setup?lang=de asks for the PIN in German
            return redirect(url_for("setup.unlock", next=_after_unlock(), **lang))
        return None

    app.after_request(guard_headers)

    app.jinja_env.globals["is_referee"] = is_referee
    app.jinja_env.globals["pin_on_this_screen"] = pin_on_this_screen
    app.jinja_env.globals["csp_nonce"] = csp_nonce


def guard_headers(response: Response) -> Response:
    """Every answer forbids framing, sniffing and any script but the page's own (by the
    nonce of this answer): the table's page and the hub's alike."""
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        f"script-src 'nonce-{csp_nonce()}'; frame-ancestors 'none'; base-uri 'none'; "
        "form-action 'self'; object-src 'none'"
    )
    return response


def csp_nonce() -> str:
    """The nonce of this answer's own inline scripts (no other script runs)."""
    nonce: str | None = g.get("csp_nonce")
    if nonce is None:
        nonce = g.csp_nonce = secrets.token_urlsafe(16)
    return nonce


def is_referee() -> bool:
    token = session.get("referee")
    unlocks: Unlocks = current_app.extensions["companion_unlocks"]
    return isinstance(token, str) and unlocks.valid(token)


def lock_session() -> None:
    """Changes need the PIN again in this browser, and in any copy of its cookie."""
    token = session.pop("referee", None)
    if isinstance(token, str):
        current_app.extensions["companion_unlocks"].drop(token)


def check_pin(pin: str) -> bool:
    """Unlock changes for this session if ``pin`` is the referee PIN.

    A try while its address or the whole table must wait is not checked: 429 with
    ``Retry-After``, at once (:class:`PinGuard`). An empty form is not a try.
    """
    guard: PinGuard = current_app.extensions["companion_pin_guard"]
    address = request.remote_addr or "?"
    config = current_app.config
    wait = guard.wait(address, config.get("PIN_TRIES_PER_MINUTE", 10))
    if wait > 0:
        raise TooManyRequests("pin_wait", retry_after=math.ceil(wait))
    expected = str(config["REFEREE_PIN"])
    if expected and _same(pin.strip(), expected):
        guard.right(address)
        session["referee"] = current_app.extensions["companion_unlocks"].add(
            config["UNLOCK_SECONDS"]
        )
        return True
    if pin:
        count, wait = guard.wrong(address, config.get("WRONG_PIN_PAUSE", 1.0))
        said = text("log.wrong_pin", address=address, count=count, wait=f"{wait:.0f}")
        log.warning("%s", said)
    return False


def local_target(target: str) -> str | None:
    """``target`` if it is a path on this site (the ``next`` of the PIN form), else None.

    Browsers drop tabs and line breaks inside a URL and read ``\\`` as ``/``, so
    ``/\t/evil.example`` would lead away: only plain URL characters are taken."""
    return target if _LOCAL.fullmatch(target) else None


_LOCAL = re.compile(r"/(?![/\\])[A-Za-z0-9/._~!$&'()*+,;=:@%?-]*")


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


def _now() -> float:
    return time.monotonic()


#: Seconds the Pi's own screen shows the PIN after a long press of the read-dice button.
PIN_ON_SCREEN_SECONDS = 60.0


def show_pin_on_this_screen(app: Flask) -> None:
    """The panel's long press on read-dice: the Pi's own page shows the PIN for a minute."""
    app.extensions["companion_pin_shown_until"] = _now() + PIN_ON_SCREEN_SECONDS


def pin_on_this_screen() -> str | None:
    """The PIN, for the page of a browser on the Pi itself within a minute of the press;
    None for any other: a request from another address, or through a proxy."""
    until = current_app.extensions.get("companion_pin_shown_until", -math.inf)
    local = request.remote_addr in ("127.0.0.1", "::1")
    proxied = "X-Forwarded-For" in request.headers or current_app.config.get("BEHIND_PROXY")
    if _now() < until and local and not proxied:
        return str(current_app.config["REFEREE_PIN"]) or None
    return None


class PinGuard:
    """How long a PIN try must wait: per address, and for all guessers together.

    Each wrong try from an address doubles its wait (``first`` seconds after the first,
    at most :data:`LONGEST_WAIT`); a right PIN, or an hour without a wrong try, forgets
    them. After ``per_minute`` wrong tries within a minute from anywhere, the tries of
    the addresses that have been guessing are checked one at a time, ``60 / per_minute``
    seconds apart, so many guessing addresses guess no faster than one.

    An address that has not been guessing (no wrong try within :data:`GUESSER_FOR`, a
    day: the referee's own phone) never waits for the guessers: its try is checked at
    once. Only when new addresses themselves come faster than ``per_minute`` a minute
    (an attacker bringing fresh addresses) do their tries take turns, ``60 /
    per_minute`` seconds apart. A day, not an hour: an attacker with a thousand
    addresses comes back to each only after more than an hour, and would otherwise
    pass as new every time (twice the tries a day, measured with bench/security.py).
    """

    LONGEST_WAIT = 900.0
    FORGET_AFTER = 3600.0  # the doubling starts again after an hour without a wrong try
    GUESSER_FOR = 24 * 3600.0  # an address that guessed waits its turn for a day
    MOST = 10_000  # addresses remembered (memory stays bounded)

    def __init__(self) -> None:
        self.addresses: dict[str, tuple[int, float, float]] = {}  # count, not before, last
        self.recent: deque[float] = deque()  # wrong tries of the last minute, anywhere
        self.fresh: deque[float] = deque()  # tries of the last minute from new addresses
        self.last_checked = -math.inf  # the last try checked of a guessing address
        self.last_fresh = -math.inf  # the last try checked of a new address
        self.lock = threading.Lock()

    def wait(self, address: str, per_minute: int) -> float:
        """Seconds until a try from ``address`` is checked; 0: now (and it counts as checked)."""
        now = _now()
        spacing = 60 / per_minute
        with self.lock:
            for window in (self.recent, self.fresh):
                while window and now - window[0] >= 60:
                    window.popleft()
            count, not_before, last = self.addresses.get(address, (0, now, now))
            if count == 0 or now - last > self.GUESSER_FOR:  # not guessing
                wait = 0.0 if len(self.fresh) < per_minute else self.last_fresh + spacing - now
                if wait <= 0:
                    self.fresh.append(now)
                    self.last_fresh = now
                return max(wait, 0.0)
            wait = not_before - now
            if len(self.recent) >= per_minute:
                wait = max(wait, self.last_checked + spacing - now)
            if wait <= 0:
                self.last_checked = now
            return max(wait, 0.0)

    def wrong(self, address: str, first: float) -> tuple[int, float]:
        """Count a wrong try; its address's wrong tries in a row and its next wait."""
        now = _now()
        with self.lock:
            self.recent.append(now)
            if len(self.addresses) > self.MOST:  # memory stays bounded
                self._forget(now)
            count, _, last = self.addresses.get(address, (0, now, now))
            count = 1 if now - last > self.FORGET_AFTER else count + 1
            wait = min(first * 2 ** (count - 1), self.LONGEST_WAIT)
            self.addresses[address] = (count, now + wait, now)
            return count, wait

    def right(self, address: str) -> None:
        with self.lock:
            self.addresses.pop(address, None)

    def _forget(self, now: float) -> None:
        """Drop addresses quiet for a day; past :data:`MOST` the oldest half too."""
        kept = {a: v for a, v in self.addresses.items() if now - v[2] <= self.GUESSER_FOR}
        if len(kept) > self.MOST:
            newest = sorted(kept.items(), key=lambda item: item[1][2])[-(self.MOST // 2) :]
            kept = dict(newest)
        self.addresses = kept


class Unlocks:
    """The unlocks the server gave: a random token per unlocked browser, with its end."""

    MOST = 256

    def __init__(self) -> None:
        self.ends: dict[str, float] = {}
        self.lock = threading.Lock()

    def add(self, seconds: float) -> str:
        token = secrets.token_urlsafe(24)
        now = _now()
        with self.lock:
            self.ends = {t: end for t, end in self.ends.items() if end > now}
            while len(self.ends) >= self.MOST:  # the oldest unlock goes first
                del self.ends[min(self.ends, key=self.ends.__getitem__)]
            self.ends[token] = now + seconds
        return token

    def valid(self, token: str) -> bool:
        with self.lock:
            return self.ends.get(token, -math.inf) > _now()

    def drop(self, token: str) -> None:
        with self.lock:
            self.ends.pop(token, None)


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
