"""The referee PIN: every change the page does not declare open needs it, checked in one
place, so that a new route is closed until someone declares it open."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import position
from gpiozero.pins.mock import MockFactory

from companion.config import PanelConfig, PanelPins
from companion.devices import attach_panel
from companion.panel import Panel, mock_factory
from companion.web import Table, create_app
from companion.web.security import OPEN_ROUTES

PIN = "246813"

#: The routes anyone at the table may use: looking, the players' own moves (the camera
#: makes them too), practice, the PIN form. Adding one here is a decision, not a default.
OPEN = {
    "static",
    "table.index",
    "table.status",
    "table.board_svg",
    "table.position_json",
    "table.state_json",
    "table.events",
    "table.camera",
    "table.dice",
    "table.play",
    "table.announce",
    "table.confirm",
    "table.choose",
    "table.panel_press",  # read the dice, roll, a short confirm; never an undo
    "teaching.page",
    "setup.unlock",
    "setup.lock",
}


@pytest.fixture()
def factory() -> Iterator[MockFactory]:
    pins = mock_factory()
    try:
        yield pins
    finally:
        pins.reset()


def table_after_a_move() -> Table:
    """A table where an undo would change the position."""
    table = Table.new(position())
    table.referee.confirm_board()
    table.referee.observe_dice([5, 2])
    table.referee.play(0)
    return table


def make_app(table: Table, panel: Panel | None = None):  # type: ignore[no-untyped-def]
    config = {"TABLE": table, "TESTING": True, "REFEREE_PIN": PIN, "WRONG_PIN_PAUSE": 0}
    config.update({"PANEL": panel, "SSE_TEST_SECONDS": 0.05, "POSTS_PER_MINUTE": 10**6})
    return create_app(config)


def token(client) -> str:  # type: ignore[no-untyped-def]
    page = client.get("/unlock").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def refused(response) -> bool:  # type: ignore[no-untyped-def]
    if response.status_code == 403:
        return True
    return response.status_code in (302, 303) and "/unlock" in response.headers["Location"]


def test_the_open_routes_are_the_declared_ones():
    assert set(OPEN_ROUTES) == OPEN


def test_every_route_not_declared_open_refuses_a_post_without_the_pin(factory):
    table = table_after_a_move()
    app = make_app(table)
    client = app.test_client()
    closed = [r for r in app.url_map.iter_rules() if r.endpoint not in OPEN_ROUTES]
    assert {r.endpoint for r in closed} >= {"table.undo", "setup.start", "calibrate.save"}
    for rule in closed:
        path = re.sub(r"<(?:\w+:)?(\w+)>", "0", rule.rule)
        before = table.position
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            data = {"csrf_token": token(client), "on": "0", "kind": "empty"}
            response = client.open(path, method=method, data=data)
            assert refused(response), (method, path, response.status_code)
        assert table.position == before, path


def test_a_route_added_later_is_closed_until_declared_open():
    app = make_app(table_after_a_move())
    app.add_url_rule("/new-change", "new_change", lambda: "changed", methods=["POST"])
    client = app.test_client()
    response = client.post("/new-change", data={"csrf_token": token(client)})
    assert refused(response)


@pytest.mark.parametrize("pins", [PanelPins(undo=None), PanelPins()])
def test_no_undo_from_the_virtual_panel_without_the_pin(factory, pins):
    table = table_after_a_move()
    panel = Panel(PanelConfig(hold_seconds=0.2, pins=pins), pin_factory=factory)
    attach_panel(table, panel)
    client = make_app(table, panel).test_client()
    moved = table.position
    for kind, long in (("confirm", "1"), ("undo", ""), ("undo", "1")):
        response = client.post(f"/panel/{kind}", data={"csrf_token": token(client), "long": long})
        assert refused(response), (kind, long)
        assert table.position == moved, (kind, long)
    client.post("/unlock", data={"pin": PIN, "csrf_token": token(client)})
    client.post("/panel/undo", data={"csrf_token": token(client)})
    assert table.position != moved
    panel.close()


def test_a_short_confirm_on_the_virtual_panel_stays_open(factory):
    table = Table.new(position())
    panel = Panel(PanelConfig(hold_seconds=0.2, pins=PanelPins(undo=None)), pin_factory=factory)
    client = make_app(table, panel).test_client()
    response = client.post("/panel/confirm", data={"csrf_token": token(client)})
    assert response.status_code == 302 and "/unlock" not in response.headers["Location"]
    panel.close()


def test_lock_again_needs_the_pin_again():
    client = make_app(table_after_a_move()).test_client()
    client.post("/unlock", data={"pin": PIN, "csrf_token": token(client)})
    page = client.get("/").get_data(as_text=True)
    assert "Wieder sperren" in page
    assert client.get("/setup").status_code == 200
    client.post("/lock", data={"csrf_token": token(client)})
    assert refused(client.get("/setup"))
    assert "Wieder sperren" not in client.get("/").get_data(as_text=True)
