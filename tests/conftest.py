"""Shared fixtures: the default layout (loaded once), small position builders, and the
page's forms posted as a browser posts them (:func:`token`, :func:`post`, :func:`unlock`)."""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

from companion.model.layout import Layout
from companion.model.layoutfile import load_layout
from companion.model.position import Position, position_from_json

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from gpiozero.pins.mock import MockFactory

    from companion.panel import Panel
    from companion.settings.config import PanelConfig
    from companion.table.live import Live
    from companion.table.table import Table
    from companion.table.watch import Image
    from companion.vision import BoardReader

# Shared, noisy machines (CI, a Pi): no per-example deadline, and slow generation is fine.
# On CI (CI=true) the examples are derandomized, so a submission's result does not hang on
# the draw; at a desk every run explores new examples and keeps failures in .hypothesis/.
settings.register_profile(
    "companion",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    max_examples=100,
    derandomize=bool(os.environ.get("CI")),
)
settings.load_profile("companion")


@pytest.fixture(autouse=True)
def no_machine_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Keep the machine's own config files and data folder out of every test."""
    from companion.settings import config

    monkeypatch.delenv(config.ENV_VAR, raising=False)
    monkeypatch.setattr(config, "SYSTEM_FILE", tmp_path / "etc" / "config.toml")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home-data"))


@pytest.fixture(autouse=True)
def english_by_default(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Tests read the referee's English unless they ask for German (``--lang de``): the
    machine's locale does not change a test, and a run in German does not leak."""
    from companion import texts

    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    texts.set_language("en")
    yield
    texts.set_language("en")


@pytest.fixture(scope="session")
def gravitation() -> Layout:
    return load_layout("gravitation")


@pytest.fixture
def write_json(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Write a JSON value to a file in tmp_path and return the path."""

    def write(data: Any, name: str = "data.json") -> Path:
        path = tmp_path / name
        path.write_text(json.dumps(data), encoding="utf-8")
        return path

    return write


def two_player(**changes: Any) -> dict[str, Any]:
    """The JSON of a red-against-yellow start position, with some keys replaced."""
    data: dict[str, Any] = {
        "game": "gravitation",
        "phase": 3,
        "layout": "gravitation",
        "players": ["red", "yellow"],
        "to_move": "red",
        "pieces": {
            "red": [f"red.S{k}" for k in range(1, 6)],
            "yellow": [f"yellow.S{k}" for k in range(1, 6)],
        },
        "energy": {"red": 0, "yellow": 0},
        "options": {"always_sum": False, "death_push": False},
    }
    data.update(changes)
    return data


def position(**changes: Any) -> Position:
    return position_from_json(two_player(**changes))


#: The csrf token every form of the page carries (flask-wtf), as the page writes it.
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def csrf_of(page: str) -> str:
    """The csrf token of a form on ``page`` (the HTML of a page already fetched)."""
    found = CSRF.search(page)
    assert found, "no form with a csrf token on the page"
    return found.group(1)


def token(client: Any, path: str = "/unlock") -> str:
    """The csrf token of the form on ``path``. It is the session's, so any page with a form
    gives it: /unlock has one on the table and on the tray alike."""
    return csrf_of(client.get(path).get_data(as_text=True))


def post(client: Any, path: str, *, follow_redirects: bool = False, **data: Any) -> Any:
    """``data`` posted to ``path`` as a browser posts a form, with the session's token."""
    sent = {**data, "csrf_token": token(client)}
    return client.post(path, data=sent, follow_redirects=follow_redirects)


def unlock(client: Any, pin: str = "2468") -> Any:
    """The referee's PIN typed on /unlock: undo, set-up and calibration open to ``client``."""
    return client.post("/unlock", data={"pin": pin, "csrf_token": token(client)})


def served(app: Any, threads: int = 8, host: str = "127.0.0.1", **options: Any) -> tuple[str, Any]:
    """``app`` served by waitress on a free loopback port in a daemon thread, as
    ``companion serve`` serves it: its address (``http://127.0.0.1:PORT``) and the server,
    whose ``close()`` ends it. Another ``host`` of 127.0.0.0/8 (``127.0.0.2``) gives a
    second server in the same browser cookies of its own: a browser keeps cookies by host,
    not by port (RFC 6265), and each app signs its session with its own secret."""
    import contextlib
    import threading

    from waitress.server import create_server

    server = create_server(app, host=host, port=0, **{**options, "threads": threads})

    def run() -> None:
        with contextlib.suppress(OSError):  # close() ends the loop so
            server.run()

    threading.Thread(target=run, daemon=True).start()
    return f"http://{host}:{server.effective_port}", server


def on_synthetic_camera(
    table: Table,
    seed: int = 0,
    reader: BoardReader | None = None,
    frames: Callable[[], Image] | None = None,
) -> Live:
    """``table`` on the synthetic camera, wired as ``companion serve`` wires it off the Pi:
    the camera photographs the table's position (``seed``: the photos' noise and the dice
    it throws), the watcher reads the board with ``reader`` (the layout's uncalibrated one
    unless given) and looks for the game's dice, and the ``Live`` keeps the photographer,
    so "Würfel lesen", the calibration's captures and the dice tray throw as served.
    With ``frames`` the camera shows what ``frames()`` returns instead (a test's own
    picture) and there is no photographer, as on a real camera. Nothing is stepped: a
    test steps the camera (``live.step()``) where it means to."""
    from companion.camera import Supervisor, SyntheticSource
    from companion.table.live import Live, table_photographer
    from companion.table.watch import Watcher, dice_kind_of
    from companion.vision import BoardReader

    photographer = table_photographer(table, seed) if frames is None else None
    looking = reader if reader is not None else BoardReader(table.position.layout)
    watcher = Watcher(table.referee, looking, dice_kind=dice_kind_of(table.position.game))
    camera = Supervisor(SyntheticSource(frames if frames is not None else photographer))
    return Live(table, camera, watcher, photographer)


@contextlib.contextmanager
def mock_panel(
    table: Table | None = None, config: PanelConfig | None = None, **options: Any
) -> Iterator[tuple[Panel, MockFactory]]:
    """A panel on gpiozero's mock pins and the pins (a test presses a button with
    ``pins.pin(17).drive_low()``): every button and LED wired unless ``config`` says
    otherwise, ``options`` as ``Panel`` takes them (``roll_die``, ``bounce_time`` …), and
    attached to ``table``'s referee as ``companion serve`` attaches it (no table: a panel
    alone). At the end the panel is closed and the pins reset, also when the test fails:
    MockFactory keeps its pins at class level, and a pin left reserved fails the next test
    that wires it."""
    from companion.panel import Panel, mock_factory
    from companion.settings.config import PanelConfig
    from companion.table.devices import attach_panel

    pins = mock_factory()
    try:
        with Panel(config or PanelConfig(), pin_factory=pins, **options) as panel:
            if table is not None:
                attach_panel(table, panel)
            yield panel, pins
    finally:
        pins.reset()
