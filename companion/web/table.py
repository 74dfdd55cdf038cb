"""The live table: the board as SVG, whose turn it is, the energy stores."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, render_template

from companion.position import Position
from companion.render import PIECE_COLOURS, draw_board, to_svg

table = Blueprint("table", __name__)


def _position() -> Position:
    position: Position = current_app.config["TABLE"].position
    return position


@table.get("/")
def index() -> str:
    position = _position()
    return render_template(
        "table.html",
        position=position,
        colours=PIECE_COLOURS,
        board=to_svg(draw_board(position.layout, position)),
    )


@table.get("/board.svg")
def board_svg() -> Response:
    position = _position()
    return Response(to_svg(draw_board(position.layout, position)), mimetype="image/svg+xml")


@table.get("/events")
def events() -> Response:
    broker = current_app.extensions["companion_events"]
    stream = broker.subscribe()
    if stream is None:
        return Response("too many open pages\n", status=503, mimetype="text/plain")
    limit = current_app.config.get("SSE_TEST_SECONDS")  # tests end the stream themselves
    return Response(
        broker.stream(stream, limit),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


@table.get("/position.json")
def position_json() -> Response:
    return jsonify(_position().to_json())
