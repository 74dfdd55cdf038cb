"""The referee's web page: a Flask app factory, served by waitress (never Flask's dev server).

Today the page shows the table: the board drawn from the referee's current position,
whose turn it is and the energy stores, refreshed live. The referee session (camera,
judged moves), set-up, history and teaching pages build on this factory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Flask

from companion.position import Position, start_position


@dataclass
class Table:
    """What the page shows: the game position, held by the referee (one per app)."""

    position: Position = field(default_factory=start_position)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` may hold ``TABLE`` (a :class:`Table`) and Flask settings."""
    app = Flask(__name__)
    app.config.update(
        MAX_CONTENT_LENGTH=64 * 1024,  # forms are small; refuse anything bigger
        TABLE=Table(),
    )
    if config:
        app.config.update(config)
    from companion.web.table import table

    app.register_blueprint(table)
    return app
