"""The hub's page: every table of the club at a glance, one table big, every game's
record. Anyone on the hall's network may watch; nothing here changes a game.

* ``/``: each table's board drawn small, whose turn, the last verdict; live (an event
  stream says which table changed, and the page fetches its list again);
* ``/table/<club>/<table>``: the board big, the turns of its game, its games' records;
* ``/table/<club>/<table>/game/<id>.json`` and ``.txt``: as a table serves them;
* ``/organise``: the organisers' part, behind the hub's PIN (:mod:`companion.hub.organise`).
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Flask, Response, abort, jsonify, render_template, request

from companion.hub.store import HubStore, TableState
from companion.model.position import position_from_json
from companion.render import draw_board, to_svg
from companion.settings.hosts import HostCheck
from companion.store.record import read_turns, record_text
from companion.table.settled import WITH_RULES
from companion.web.events import Broker


def create_hub_app(store: HubStore, pin: str, hosts: tuple[str, ...] = ()) -> Flask:
    """The hub's Flask app over ``store``, its organisers' part behind ``pin``;
    ``app.extensions["hub_events"]`` is told ``changed(club, table)`` by the listener."""
    from flask_wtf.csrf import CSRFProtect

    from companion.hub.organise import organise
    from companion.web.security import PinGuard, Unlocks, csp_nonce, guard_headers

    app = Flask(__name__)
    app.debug = False
    app.config.update(
        SECRET_KEY=secrets.token_hex(32),
        REFEREE_PIN=pin,
        UNLOCK_SECONDS=4 * 3600,
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_HTTPONLY=True,
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=16 * 1024,
    )
    broker = Broker()
    app.extensions.update(
        hub_events=broker,
        hub_store=store,
        companion_pin_guard=PinGuard(),
        companion_unlocks=Unlocks(),
    )
    CSRFProtect(app)
    app.register_blueprint(organise)
    app.wsgi_app = HostCheck(app.wsgi_app, lambda: hosts)  # type: ignore[method-assign]

    def table_or_404(club: str, name: str) -> TableState:
        for known in store.tables():
            if known.key == (club, name):
                return known
        abort(404)

    app.after_request(guard_headers)
    app.jinja_env.globals["nonce"] = csp_nonce

    @app.get("/")
    def index() -> str:
        template = "hub_list.html" if request.args.get("part") else "hub.html"
        shown = [t for t in store.tables() if not t.archived]
        return render_template(template, tables=shown, round=store.current_round())

    @app.get("/table/<club>/<name>")
    def table(club: str, name: str) -> str:
        known = table_or_404(club, name)
        game = known.state.get("game_id")
        events = store.events(club, name, game) if isinstance(game, int) else []
        played = read_turns(events, WITH_RULES)
        return render_template(
            "hub_table.html", t=known, turns=played, games=store.games(club, name)
        )

    @app.get("/table/<club>/<name>/board.svg")
    def board(club: str, name: str) -> Response:
        known = table_or_404(club, name)
        try:
            position = position_from_json(known.state["position"])
        except Exception:  # a table of a newer version, or a position the hub cannot draw
            abort(404)
        return Response(to_svg(draw_board(position.layout, position)), mimetype="image/svg+xml")

    @app.get("/table/<club>/<name>/game/<int:game>.json")
    def game_json(club: str, name: str, game: int) -> Response:
        return jsonify(_record(store, club, name, game))

    @app.get("/table/<club>/<name>/game/<int:game>.txt")
    def game_txt(club: str, name: str, game: int) -> Response:
        from companion.texts import LANGUAGES

        lang = request.accept_languages.best_match(list(LANGUAGES), default="de") or "de"
        text = record_text(_record(store, club, name, game), lang)
        return Response(text, mimetype="text/plain")

    @app.get("/events")
    def events() -> Response:
        stream = broker.subscribe()
        gone = request.environ.get("waitress.client_disconnected", lambda: False)
        return Response(
            broker.stream(stream, app.config.get("SSE_TEST_SECONDS"), gone),
            mimetype="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    return app


def _record(store: HubStore, club: str, name: str, game: int) -> dict[str, Any]:
    """A game's record from the hub's copy, in the shape a table's ``/game/<id>.json`` has."""
    events = store.events(club, name, game)
    start = next((e for e in events if e["kind"] == "start"), None)
    if start is None:
        abort(404)
    position = start["data"].get("position", {})
    finish = next((e for e in events if e["kind"] == "finish"), None)
    return {
        "id": game,
        "table": f"{club}/{name}",
        "game": position.get("game", "?"),
        "players": list(position.get("players", [])),
        "started": start["at"],
        "finished": finish["at"] if finish else None,
        "events": events,
        "turns": [t.to_json() for t in read_turns(events, WITH_RULES)],
    }
