"""``companion serve``: the referee with its page, served by waitress."""

from __future__ import annotations

import argparse
import logging

from companion.errors import CompanionError
from companion.layout import load_layout

NAME = "serve"
HELP = "run the referee and its web page (waitress; open http://HOST:PORT/ on a phone)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on (default 0.0.0.0: every phone on the LAN)",
    )
    parser.add_argument("--port", type=int, default=8080, help="port (default 8080)")
    parser.add_argument(
        "--players",
        metavar="COLOURS",
        help="comma-separated colours in turn order (default: all five seats)",
    )
    parser.add_argument("--game", default="gravitation", help="the game (default gravitation)")
    parser.add_argument("--layout", help="a layout name or file (default: the game's own)")
    parser.add_argument(
        "--pin",
        help="the referee PIN that unlocks changes (default: a random one, printed at start)",
    )


def run(args: argparse.Namespace) -> int:
    from waitress import serve

    from companion.position import start_position
    from companion.web import Table, create_app

    if not 0 < args.port < 65536:
        raise CompanionError(f"--port {args.port} is not a port number")
    players = [p.strip() for p in args.players.split(",")] if args.players else None
    layout = load_layout(args.layout) if args.layout else None
    table = Table(start_position(args.game, players, layout))
    app = create_app({"TABLE": table})
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    logging.getLogger("companion").info(
        "serving %s for %s on http://%s:%d/",
        table.position.spec.title,
        ", ".join(table.position.players),
        args.host,
        args.port,
    )
    serve(app, host=args.host, port=args.port, threads=4)
    return 0
