"""The table page: the board of the referee's position, readable on a phone."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from conftest import position

from companion.cli import main
from companion.web import Table, create_app


@pytest.fixture
def client():  # type: ignore[no-untyped-def]
    pos = position(energy={"red": 4, "yellow": 1}).moved({"red.S1": "U2.7"})
    return create_app({"TABLE": Table(pos), "TESTING": True}).test_client()


def test_the_table_shows_board_turn_and_stores(client):
    page = client.get("/").get_data(as_text=True)
    assert "<svg" in page and "ist am Zug" in page
    assert "<strong>red</strong>" in page
    assert "<strong>4</strong> / 5" in page and "<strong>1</strong> / 5" in page
    assert "death_push" in page


def test_the_board_picture_and_the_position_as_json(client):
    svg = client.get("/board.svg")
    assert svg.mimetype == "image/svg+xml"
    ET.fromstring(svg.get_data(as_text=True))
    data = client.get("/position.json").get_json()
    assert "U2.7" in data["pieces"]["red"] and data["energy"] == {"red": 4, "yellow": 1}


def test_unknown_pages_and_big_bodies_are_refused_not_crashed(client):
    assert client.get("/nowhere").status_code == 404
    assert client.post("/", data="x" * 100_000).status_code in (405, 413)


def test_serve_refuses_a_bad_port_and_bad_players_in_one_line(capsys):
    assert main(["serve", "--port", "70000"]) == 2
    assert capsys.readouterr().err == "companion serve: --port 70000 is not a port number\n"
    assert main(["serve", "--players", "red,purple"]) == 2
    assert "unknown player 'purple'" in capsys.readouterr().err
