"""Phones join the table by a QR code of the page's address (issue 21): the log and the
page /join name the addresses a phone on the same network can open, never 0.0.0.0."""

from __future__ import annotations

import re

import pytest
from conftest import position

from companion.settings.hosts import lan_addresses, page_urls
from companion.web import Table, create_app


def test_serving_on_every_address_names_each_lan_address_not_0_0_0_0():
    urls = page_urls("0.0.0.0", 8080)
    assert urls and all(u.startswith("http://") and u.endswith(":8080/") for u in urls)
    assert not any("0.0.0.0" in u or "//127." in u for u in urls)
    assert all(re.fullmatch(r"\d+\.\d+\.\d+\.\d+", a) for a in lan_addresses())


def test_serving_on_one_address_names_that_address():
    assert page_urls("192.168.1.20", 8080) == ["http://192.168.1.20:8080/"]
    assert page_urls("::1", 8080) == ["http://[::1]:8080/"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_join_page_shows_each_address_as_a_qr_code(lang):
    urls = ["http://192.168.1.20:8080/", "http://10.0.0.5:8080/"]
    app = create_app({"TABLE": Table.new(position()), "TESTING": True, "PAGE_URLS": urls})
    page = app.test_client().get(f"/join?lang={lang}").get_data(as_text=True)  # no PIN asked
    assert page.count("<svg") == 2 and all(f'href="{u}"' in page for u in urls)


def test_the_start_up_line_offers_join_only_where_a_phone_can_open_the_page():
    from companion.web.join import reach

    # served the default way (loopback only), /join draws no code: the log said it did
    assert reach(["http://127.0.0.1:8080/"]).startswith("this machine only: --host 0.0.0.0")
    assert reach(["http://192.168.1.20:8080/"]) == "the page /join shows it as a QR code"


@pytest.mark.parametrize(("port", "command"), [(8097, " --port 8097"), (8080, "")])
def test_served_on_this_machine_only_join_says_how_to_serve_on_the_same_port(port, command):
    # new-user trial s5: started with --port 8097, /join offered "--host 0.0.0.0" alone
    from companion.web.join import reach

    urls = [f"http://127.0.0.1:{port}/"]
    app = create_app({"TABLE": Table.new(position()), "TESTING": True, "PAGE_URLS": urls})
    page = app.test_client().get("/join?lang=de").get_data(as_text=True)
    flags = f" <span>{command.strip()}</span>" if command else ""
    assert f"companion serve <span>--host 0.0.0.0</span>{flags}</pre>" in page
    assert ('host = "0.0.0.0"\nport = 8097' in page) == bool(command)
    assert reach(urls).startswith(f"this machine only: --host 0.0.0.0{command} or web.host")
