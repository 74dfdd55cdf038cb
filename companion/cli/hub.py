"""``companion hub``: the club's hub. It listens to every table of the club on the MQTT
broker, keeps their games in its own SQLite (``hub.sqlite`` in the data directory) and
serves the page that shows them all (docs/hub.md). Read-only: it changes no game.
"""

from __future__ import annotations

import argparse
import logging
import socket
from typing import TYPE_CHECKING, Any

from companion.cli.common import add_config_argument, read_config, whole
from companion.errors import CompanionError
from companion.texts import text

if TYPE_CHECKING:
    from companion.hub.listener import Listener
    from companion.web.events import Broker

NAME = "hub"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_config_argument(parser)
    parser.add_argument("--broker", metavar="HOST", help=text("opt.hub.broker"))
    parser.add_argument("--broker-port", type=whole(1, 65535), help=text("opt.hub.broker-port"))
    parser.add_argument("--club", help=text("opt.hub.club"))
    parser.add_argument("--host", default="127.0.0.1", help=text("opt.hub.host"))
    parser.add_argument("--port", type=whole(1, 65535), default=8090, help=text("opt.hub.port"))


def run(args: argparse.Namespace) -> int:
    from waitress import create_server

    from companion.hub.listener import Listener
    from companion.hub.messages import check_name
    from companion.hub.store import HubStore
    from companion.hub.web import create_hub_app
    from companion.settings.pin import kept_pin

    config = read_config(args)
    broker = args.broker or config.hub.broker
    if not broker:
        raise CompanionError("no broker: give --broker HOST or set [hub] broker in the config")
    club = args.club or config.hub.club
    if club != "+":
        check_name(club, "--club")
    config.data_dir.mkdir(parents=True, exist_ok=True)
    pin = kept_pin(config.data_dir / "hub")  # the organisers' PIN, made at the first start
    store = HubStore(config.data_dir / "hub.sqlite")
    app = create_hub_app(store, pin, config.web.hosts)
    events: Broker = app.extensions["hub_events"]
    listener = Listener(
        store,
        broker,
        args.broker_port or config.hub.port,
        club,
        # one session per hub machine: two hubs on one broker must not take each other's
        client_id=f"companion-hub-{socket.gethostname()}",
        on_change=lambda c, t: events.publish("changed", {"club": c, "table": t}),
    )
    try:
        server = create_server(app, host=args.host, port=args.port, threads=16)
    except (OSError, ValueError) as exc:
        store.close()
        raise CompanionError(f"cannot listen on {args.host}:{args.port}: {exc}") from None
    logging.basicConfig(level=config.log_level.upper(), format="%(asctime)s %(name)s: %(message)s")
    logging.getLogger("companion").info(
        "hub: club %s from %s; the page on http://%s:%d/", club, broker, args.host, args.port
    )
    logging.getLogger("companion").info(
        "hub: the organisers' PIN is in %s", config.data_dir / "hub" / "pin"
    )
    try:
        return _serve(server, listener, events)
    finally:
        store.close()


def _serve(server: Any, listener: Listener, events: Broker) -> int:
    """Listen to the broker and serve the page until stopped."""
    listener.start()
    try:
        server.run()
    finally:
        listener.stop()
        events.close_all()
        server.close()
    return 0
