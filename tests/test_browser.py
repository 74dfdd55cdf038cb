"""The page in a real browser: headless Chromium (Debian's) driven by Selenium.

Each test writes a screenshot to out/screens/ so that a person can look at the pages.
test.sh installs chromium and chromium-driver; without them these tests skip and say so.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import position

from companion.web import Table, create_app

selenium = pytest.importorskip("selenium", reason="selenium is in the [test] extra")
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER), reason="needs Debian's chromium and chromium-driver (test.sh)"
)
SCREENS = Path(__file__).resolve().parent.parent / "out" / "screens"
PIN = "1357"


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, object]]:
    from waitress.server import create_server

    table = Table.new(position())
    app = create_app({"TABLE": table, "REFEREE_PIN": PIN, "WRONG_PIN_PAUSE": 0})
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = create_server(app, host="127.0.0.1", port=port, threads=8)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}", app
    srv.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM or ""
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1200,900",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER or ""), options=options)
    driver.set_page_load_timeout(20)
    yield driver
    driver.quit()


def shot(browser, name: str) -> None:  # type: ignore[no-untyped-def]
    SCREENS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENS / f"{name}.png"))


def test_a_change_without_the_pin_is_refused(server, browser):
    url, _ = server
    browser.get(f"{url}/setup")
    assert "/unlock" in browser.current_url
    assert browser.find_element(By.NAME, "pin").get_attribute("type") == "password"
    shot(browser, "unlock")


def test_set_up_a_game_and_watch_the_table_update_live(server, browser):
    url, app = server
    browser.get(f"{url}/unlock?next=/setup")
    browser.find_element(By.NAME, "pin").send_keys(PIN)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda b: b.current_url.endswith("/setup"))
    shot(browser, "setup")
    players = browser.find_element(By.NAME, "players")
    players.clear()
    players.send_keys("green,blue,white")
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda b: "green" in b.find_element(By.ID, "to-move").text)
    shot(browser, "table")

    # the referee judges a move made at the table; the open page redraws by itself
    referee = app.config["TABLE"].referee
    time.sleep(0.5)  # let the page's event stream connect
    referee.confirm_board()
    referee.observe_dice([4, 3])
    move = referee.legal[0]
    referee.observe_board(dict(move.after.occupant))
    WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "to-move").text == "blue")
    assert move.announcement in browser.find_element(By.ID, "status").text
    shot(browser, "table-live")


def test_practise_an_announcement(server, browser):
    url, _ = server
    browser.get(f"{url}/teach")
    browser.find_element(By.NAME, "roll").send_keys("4,3")
    browser.find_element(By.NAME, "announcement").send_keys("Wurf 7, Umlaufbahn 5, 4, 3, 2, 1, 0")
    browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    verdict = WebDriverWait(browser, 10).until(lambda b: b.find_element(By.ID, "practice-verdict"))
    assert "illegal" in verdict.text or "legal" in verdict.text
    shot(browser, "teach")
