"""The referee's web page: a Flask app factory, served by waitress (never Flask's dev server).

The page shows the table (the board drawn from the referee's position, whose turn it is,
the energy stores, the rule switches) with live updates by Server-Sent Events, in German
and English. Anyone may look; set-up and every other change need the referee PIN.

On the top floor (docs/architecture.md): imported only by the command line and the hub.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from werkzeug.exceptions import HTTPException, ServiceUnavailable
from werkzeug.wrappers import Response

from companion.store.journalcheck import JournalError
from companion.table.table import Table
from companion.web.errors import error_page
from companion.web.events import Broker
from companion.web.i18n import init_i18n, say
from companion.web.security import init_security
from companion.web.streams import (
    MAX_BODY,
    MAX_CAMERA_VIEWS,
    MAX_STREAMS,
    MAX_STREAMS_PER_ADDRESS,
    MAX_VIEWS_PER_ADDRESS,
    StreamSlots,
)


def end_streams(app: Flask) -> None:
    """End every page's event stream and camera view now: called as the server stops
    (serve's SIGTERM), before waitress waits for its threads, which these would hold
    until it gives up on them after 5 s ("waitress: 3 thread(s) still running", trial
    s13 L5). Safe from a signal handler: it sets an Event and puts to queues that never
    block (Broker.close_all)."""
    app.extensions["companion_streams"].closing.set()
    app.extensions["companion_events"].close_all()


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` may hold ``TABLE``, ``REFEREE_PIN`` and Flask settings.

    Also ``TRAY`` (a dice tray, docs/tray.md: the table page is then the tray),
    ``LIVE`` (the camera loop, for the camera view and calibration), ``PANEL`` (the
    virtual panel), ``VOICE`` (the table's espeak-ng voice, switched on the table page),
    ``CALIBRATION_DIR`` (where the calibration page saves, one file per layout), and
    ``MAX_STREAMS`` / ``MAX_CAMERA_VIEWS`` (long-lived responses, :mod:`companion.web.streams`),
    and ``PORT`` (the port served: the session cookie is named after it, see below).
    """
    app = Flask(__name__)
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_BODY,  # forms are small; refuse anything bigger
        SESSION_COOKIE_SAMESITE="Strict",  # no form of another site carries it
        SESSION_COOKIE_HTTPONLY=True,
    )
    if config:
        app.config.update(config)
    if app.config.get("PORT") is not None:
        # a browser keeps cookies by host, not port: two referees on one host (a tray on
        # 8098 beside the game on 8097) each need a cookie of their own, or unlocking one
        # logs the phone out of the other (each signs its cookie with its own secret)
        app.config["SESSION_COOKIE_NAME"] = f"companion-{app.config['PORT']}"
    if "TABLE" not in app.config:
        app.config["TABLE"] = Table.new()
    app.debug = False  # never: the debugger would run code for anyone on the Wi-Fi
    broker = Broker()
    app.extensions["companion_events"] = broker
    app.extensions["companion_streams"] = StreamSlots(
        app.config.get("MAX_STREAMS", MAX_STREAMS),
        app.config.get("MAX_CAMERA_VIEWS", MAX_CAMERA_VIEWS),
        app.config.get("PER_ADDRESS", (MAX_STREAMS_PER_ADDRESS, MAX_VIEWS_PER_ADDRESS)),
    )
    table: Table = app.config["TABLE"]
    table.on_change.append(lambda t: broker.publish("state", {"to_move": t.position.to_move}))
    if app.config.get("LIVE") is not None:  # a camera that fails or comes back is news too
        app.config["LIVE"].camera.add_listener(lambda s: broker.publish("state", s.to_json()))
    if app.config.get("BEHIND_PROXY"):  # the client's address as the proxy saw it
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1)  # type: ignore[method-assign]
    init_security(app)
    init_i18n(app)

    from companion.web import corners  # noqa: F401 - its route on the calibrate blueprint
    from companion.web.calibrate import calibrate
    from companion.web.correct import correct
    from companion.web.hearing import hearing
    from companion.web.help import helping
    from companion.web.join import join
    from companion.web.record import record
    from companion.web.setup import setup
    from companion.web.table import table as table_pages
    from companion.web.teaching import teaching
    from companion.web.tray import tray_pages, wire

    app.register_blueprint(table_pages)
    app.register_blueprint(setup)
    app.register_blueprint(teaching)
    app.register_blueprint(calibrate)
    app.register_blueprint(record)
    app.register_blueprint(correct)
    app.register_blueprint(join)
    app.register_blueprint(helping)
    app.register_blueprint(hearing)
    app.register_blueprint(tray_pages)
    app.config.setdefault("TRAY", None)
    if app.config["TRAY"] is not None:  # companion serve --tray
        wire(app, app.config["TRAY"])
    if app.config.get("PANEL") is not None:
        from companion.web.security import show_pin_on_this_screen

        app.config["PANEL"].on_event(
            lambda e: show_pin_on_this_screen(app) if e.kind == "show_pin" else None
        )
    app.jinja_env.globals["panel_state"] = lambda: (
        app.config["PANEL"].state() if app.config.get("PANEL") is not None else None
    )

    @app.errorhandler(HTTPException)
    def _error(exc: HTTPException) -> Response:
        return error_page(exc)

    @app.errorhandler(JournalError)
    def _journal(exc: JournalError) -> Response:
        """The journal cannot be written: nothing was done, and the page says why."""
        reason = exc.args[0] if exc.args else str(exc)  # a Text: in the page's language
        return error_page(ServiceUnavailable(say(reason), retry_after=10))

    app.jinja_env.globals["journal_problem"] = lambda: (
        table.journal.problem if table.journal is not None else None
    )

    return app
