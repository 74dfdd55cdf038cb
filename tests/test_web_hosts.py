"""The page answers only to names of this machine (against DNS rebinding): a page that
a player opens elsewhere cannot have its own name turned to the Pi's address and then
read the referee's page or post to it."""

from __future__ import annotations

import socket

import pytest
from conftest import position

from companion.settings.config import ConfigError, parse_config
from companion.web import Table, create_app


def app_answering(**config: object):  # type: ignore[no-untyped-def]
    return create_app({"TABLE": Table.new(position()), "TESTING": True, **config})


def status(host: str, **config: object) -> int:
    return app_answering(**config).test_client().get("/", headers={"Host": host}).status_code


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8080", "pi.local.evil.example"])
def test_a_foreign_name_is_refused(host):
    response = app_answering().test_client().get("/", headers={"Host": host})
    assert response.status_code == 400
    assert "[web] hosts" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "host", ["localhost:8080", "127.0.0.1", "192.168.1.20:8080", "[fe80::1]:8080", "a.localhost"]
)
def test_an_address_or_localhost_is_served(host):
    assert status(host) == 200


def test_this_machines_own_names_are_served():
    name = socket.gethostname().lower()
    assert status(name) == 200
    assert status(f"{name.split('.')[0]}.local:8080") == 200  # as a Pi announces itself
    assert status(f"{name.split('.')[0]}.fritz.box") == 200  # as a FRITZ!Box names it
    assert status(f"{name.split('.')[0]}.fritz.box.evil.example") == 400


def test_a_name_given_in_the_config_is_served():
    assert status("referee.club.example", HOSTS=("referee.club.example",)) == 200
    assert status("Referee.Club.Example.:443", HOSTS=("referee.club.example",)) == 200


def test_the_config_lists_host_names():
    config = parse_config({"web": {"hosts": ["referee.club.example"]}})
    assert config.web.hosts == ("referee.club.example",)
    with pytest.raises(ConfigError, match="hosts"):
        parse_config({"web": {"hosts": ["evil/x"]}})
    with pytest.raises(ConfigError, match="hosts"):
        parse_config({"web": {"hosts": "referee.club.example"}})
