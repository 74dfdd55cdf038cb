"""The referee PIN: every change the page does not declare open needs it, checked in one
place, so that a new route is closed until someone declares it open."""

from __future__ import annotations

import html
import re
import time

import pytest
from conftest import mock_panel, position, token

from companion.panel import Panel
from companion.settings.config import PanelConfig, PanelPins
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
    "table.camera_still",
    "record.game_json",  # a game's record, to read only
    "record.game_txt",
    "join.page",
    "helping.page",
    "table.dice",
    "table.play",
    "table.announce",
    "table.confirm",
    "table.choose",
    "table.panel_press",  # read the dice, roll, a short confirm; never an undo
    "teaching.page",
    "hearing.heard",  # the players' words, as the typed announcement (issue 34)
    "hearing.teach",
    "hearing.legal",  # the moves legal now, read only, for `companion listen`'s rivals
    "setup.unlock",
    "setup.lock",
    # the dice tray (#35): a roll is everyone's; only a new tray session needs the PIN
    "tray.page",
    "tray.state_json",
    "tray.question_picture",  # the photo an open question asks about (trial s6)
    "tray.throw",
    "tray.photo",
    "tray.answer",
    "tray.names",
    "tray.rolls_csv",
    "tray.rolls_json",
}


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


def refused(response) -> bool:  # type: ignore[no-untyped-def]
    if response.status_code == 403:
        return True
    return response.status_code in (302, 303) and "/unlock" in response.headers["Location"]


def test_the_open_routes_are_the_declared_ones():
    assert set(OPEN_ROUTES) == OPEN


def test_every_route_not_declared_open_refuses_a_post_without_the_pin():
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
def test_no_undo_from_the_virtual_panel_without_the_pin(pins):
    table = table_after_a_move()
    with mock_panel(table, PanelConfig(hold_seconds=0.2, pins=pins)) as (panel, _):
        client = make_app(table, panel).test_client()
        moved = table.position
        for kind, long in (("confirm", "1"), ("undo", ""), ("undo", "1")):
            data = {"csrf_token": token(client), "long": long}
            response = client.post(f"/panel/{kind}", data=data)
            assert refused(response), (kind, long)
            assert table.position == moved, (kind, long)
        client.post("/unlock", data={"pin": PIN, "csrf_token": token(client)})
        client.post("/panel/undo", data={"csrf_token": token(client)})
        assert table.position != moved


def test_a_short_confirm_on_the_virtual_panel_stays_open():
    table = Table.new(position())
    with mock_panel(None, PanelConfig(hold_seconds=0.2, pins=PanelPins(undo=None))) as (panel, _):
        client = make_app(table, panel).test_client()
        response = client.post("/panel/confirm", data={"csrf_token": token(client)})
        assert response.status_code == 302 and "/unlock" not in response.headers["Location"]


def test_lock_again_needs_the_pin_again():
    client = make_app(table_after_a_move()).test_client()
    client.post("/unlock", data={"pin": PIN, "csrf_token": token(client)})
    page = client.get("/").get_data(as_text=True)
    assert "Wieder sperren" in page
    assert client.get("/setup").status_code == 200
    client.post("/lock", data={"csrf_token": token(client)})
    assert refused(client.get("/setup"))
    assert "Wieder sperren" not in client.get("/").get_data(as_text=True)


# --- guessing the PIN ---------------------------------------------------------------------


class Clock:
    """The guard's clock, moved by the test instead of waiting."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture()
def clock(monkeypatch) -> Clock:
    from companion.web import security

    clock = Clock()
    monkeypatch.setattr(security, "_now", clock)
    return clock


def guarded_app(**config: object):  # type: ignore[no-untyped-def]
    app = make_app(table_after_a_move())
    app.config.update(WRONG_PIN_PAUSE=1.0, PIN_TRIES_PER_MINUTE=10, **config)
    return app


def attempt(app, pin: str, address: str = "10.0.0.1"):  # type: ignore[no-untyped-def]
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client.post("/unlock", data={"pin": pin, "csrf_token": token(client)}), client


def test_each_wrong_try_doubles_the_wait_of_that_address(clock):
    app = guarded_app()
    assert "Die PIN stimmt nicht." in attempt(app, "111111")[0].get_data(as_text=True)
    waits = []
    for _ in range(4):
        response, _ = attempt(app, PIN)  # even the right PIN is not checked while it waits
        assert response.status_code == 429
        waits.append(int(response.headers["Retry-After"]))
        clock.now += waits[-1]
        attempt(app, "111111")
    assert waits == [1, 2, 4, 8]
    assert attempt(app, PIN, "10.0.0.2")[0].status_code == 302  # another address is not held
    clock.now += 16
    response, client = attempt(app, PIN)
    assert response.status_code == 302 and client.get("/setup").status_code == 200


def test_after_ten_wrong_tries_a_minute_from_anywhere_every_guesser_waits(clock):
    app = guarded_app()
    for n in range(10):
        assert attempt(app, "111111", f"10.0.1.{n}")[0].status_code == 200
    clock.now += 1  # each guesser's own wait is over, the table's is not
    assert attempt(app, "111111", "10.0.1.0")[0].status_code == 200
    response, _ = attempt(app, PIN, "10.0.1.1")  # even the right PIN waits its turn
    assert response.status_code == 429 and int(response.headers["Retry-After"]) == 6
    clock.now += 6
    assert attempt(app, "111111", "10.0.1.1")[0].status_code == 200
    clock.now += 61
    assert attempt(app, "111111", "10.0.1.2")[0].status_code == 200  # the minute is over


def test_the_referees_right_pin_is_checked_at_once_while_39_addresses_guess(clock):
    app = guarded_app()
    guard = app.extensions["companion_pin_guard"]  # the page's own, as a guessing form hits it
    guessers = [f"10.0.1.{n}" for n in range(39)]
    ready = dict.fromkeys(guessers, clock.now)
    end = clock.now + 600
    while clock.now < end:  # ten minutes, each guesser trying again the moment it may
        address = min(ready, key=ready.__getitem__)
        clock.now = max(clock.now, ready[address])
        wait = guard.wait(address, 10)
        if wait == 0:
            wait = guard.wrong(address, 1.0)[1]
        ready[address] = clock.now + wait
    assert attempt(app, "111111", guessers[0])[0].status_code == 429  # the guessers wait
    response, referee = attempt(app, PIN, "10.0.9.9")  # the referee's phone, not guessing
    assert response.status_code == 302 and referee.get("/setup").status_code == 200


def test_an_address_that_guessed_hours_ago_still_waits_its_turn(clock):
    from companion.web.security import PinGuard

    guard = PinGuard()
    guard.wrong("10.0.0.1", 1.0)
    clock.now += 2 * 3600  # its own wait is long forgotten, its guessing is not
    for n in range(10):
        guard.wrong(f"10.0.1.{n}", 1.0)  # ten wrong tries in this minute
    clock.now += 1
    assert guard.wait("10.0.1.0", 10) == 0  # a guesser's turn
    assert guard.wait("10.0.0.1", 10) > 0  # two hours on, still a guesser: waits its turn
    assert guard.wait("10.0.9.9", 10) == 0  # the referee's phone: at once


def test_new_addresses_faster_than_ten_a_minute_take_turns(clock):
    app = guarded_app()
    for n in range(10):
        assert attempt(app, "111111", f"10.0.1.{n}")[0].status_code == 200
    response, _ = attempt(app, PIN, "10.0.2.1")  # the eleventh new address this minute
    assert response.status_code == 429 and int(response.headers["Retry-After"]) <= 6
    clock.now += int(response.headers["Retry-After"])
    assert attempt(app, PIN, "10.0.2.1")[0].status_code == 302


def test_the_forms_of_an_unlocked_referee_do_not_wait_for_a_guesser(clock):
    app = guarded_app()
    _, referee = attempt(app, PIN, "10.0.9.9")
    for n in range(30):
        attempt(app, "111111", f"10.0.1.{n}")
    response = referee.post("/undo", data={"csrf_token": token(referee)})
    assert response.status_code == 302 and "/unlock" not in response.headers["Location"]


def test_every_wrong_try_is_logged_without_the_pin_tried(clock, caplog):
    app = guarded_app()
    with caplog.at_level("INFO", logger="companion.web"):
        attempt(app, "13579135", "10.0.4.4")
    lines = [r.getMessage() for r in caplog.records if "wrong referee PIN" in r.getMessage()]
    assert len(lines) == 1 and "10.0.4.4" in lines[0] and "13579135" not in lines[0]


# --- an unlock ----------------------------------------------------------------------------


def test_an_unlock_expires(clock):
    app = guarded_app(UNLOCK_SECONDS=3600)
    _, client = attempt(app, PIN)
    clock.now += 3599
    assert client.get("/setup").status_code == 200
    clock.now += 2
    assert refused(client.get("/setup"))


def test_lock_again_also_locks_a_copied_cookie(clock):
    app = guarded_app()
    _, client = attempt(app, PIN)
    copy = app.test_client()
    cookie = client.get_cookie("session")
    copy.set_cookie("session", cookie.value)
    assert copy.get("/setup").status_code == 200
    client.post("/lock", data={"csrf_token": token(client)})
    assert refused(copy.get("/setup"))


def test_the_session_cookie_is_httponly_and_samesite_strict():
    response, _ = attempt(guarded_app(), PIN)
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie


# --- the page's headers and redirects -----------------------------------------------------


def test_no_page_in_a_frame_and_only_its_own_scripts():
    client = guarded_app().test_client()
    for path in ("/", "/teach", "/unlock", "/nowhere"):
        response = client.get(path)
        assert response.headers["X-Frame-Options"] == "DENY"
        policy = response.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
        nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
        for script in re.findall(r"<script[^>]*>", response.get_data(as_text=True)):
            assert f'nonce="{nonce}"' in script, path


@pytest.mark.parametrize(
    "host", ["evil/x", "a\tb", "u@evil.example", "ex ample.com:80", "x" * 300, "[::1"]
)
def test_a_malformed_host_header_is_refused(host):
    client = guarded_app().test_client()
    assert client.get("/", headers={"Host": host}).status_code == 400


@pytest.mark.parametrize("host", ["localhost:8080", "192.168.1.20", "[fe80::1]:8080"])
def test_a_normal_host_header_is_served(host):
    client = guarded_app().test_client()
    assert client.get("/", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize(
    "target",
    [
        "/%09/evil.example",
        "/%0d%0aSet-Cookie:%20x=1",
        "/\\evil.example",
        "//evil.example",
        "https://evil.example/",
        "/%2F/evil.example",
        "javascript:alert(1)",
    ],
)
def test_after_the_pin_only_a_local_page(target):
    app = guarded_app()
    client = app.test_client()
    response = client.post(f"/unlock?next={target}", data={"pin": PIN, "csrf_token": token(client)})
    assert response.status_code == 302 and response.headers["Location"] == "/"


def test_after_the_pin_back_to_the_page_that_asked():
    client = guarded_app().test_client()
    data = {"pin": PIN, "csrf_token": token(client)}
    response = client.post("/unlock?next=/calibrate%3Flang%3Den", data=data)
    assert response.headers["Location"] == "/calibrate?lang=en"


# --- the PIN on the Pi's own screen ------------------------------------------------------


def test_a_long_press_on_read_dice_shows_the_pin_on_the_pis_own_screen_only(clock):
    from companion.panel import PanelEvent

    table = Table.new(position())
    with mock_panel(None, PanelConfig(hold_seconds=0.2)) as (panel, pins):
        client = make_app(table, panel).test_client()

        def page(address: str, **headers: str) -> str:
            client.environ_base["REMOTE_ADDR"] = address
            return client.get("/", headers=headers).get_data(as_text=True)

        assert PIN not in page("127.0.0.1")  # not before the press
        pins.pin(17).drive_low()  # the read-dice button, held
        deadline = time.monotonic() + 3
        while PanelEvent("show_pin") not in list(panel.events.queue):
            assert time.monotonic() < deadline, "no show_pin event"
            time.sleep(0.02)
        pins.pin(17).drive_high()
        assert PIN in page("127.0.0.1") and PIN in page("::1")
        assert PIN not in page("192.168.1.20")  # a phone never sees it
        assert PIN not in page("127.0.0.1", **{"X-Forwarded-For": "192.168.1.20"})  # via a proxy
        clock.now += 61
        assert PIN not in page("127.0.0.1")


def test_two_referees_on_one_host_keep_their_own_unlock_in_one_browser():
    # review: a browser keeps cookies by host, not port, and both servers named theirs
    # "session": unlocking the referee on 8098 logged the phone out of the one on 8097
    config = {"TESTING": True, "REFEREE_PIN": PIN, "WRONG_PIN_PAUSE": 0}
    first, second = (create_app({**config, "PORT": port}) for port in (8097, 8098))
    browser = first.test_client()
    browser.post("/unlock", data={"pin": PIN, "csrf_token": token(browser)})
    browser.application = second  # the same browser (the same cookies) opens the other
    browser.post("/unlock", data={"pin": PIN, "csrf_token": token(browser)})
    assert browser.get("/setup").status_code == 200
    browser.application = first
    assert browser.get("/setup").status_code == 200  # still unlocked here
    assert browser.get_cookie("companion-8097") is not None


@pytest.mark.parametrize(("lang", "where"), [("de", "„companion pin“"), ("en", "'companion pin'")])
def test_the_pin_page_says_where_the_pin_is_found_also_after_a_wrong_try(lang, where):
    # trial s10 L12: the redirect's notice said it, but a wrong try (or /unlock opened
    # as such) showed only "Die PIN stimmt nicht." and the form
    client = make_app(table_after_a_move()).test_client()

    def text(response) -> str:  # type: ignore[no-untyped-def]
        return html.unescape(response.get_data(as_text=True))

    assert text(client.get(f"/setup?lang={lang}", follow_redirects=True)).count(where) == 1
    wrong = {"pin": "000000", "csrf_token": token(client)}
    assert where in text(client.post(f"/unlock?lang={lang}", data=wrong))
    assert where in text(client.get(f"/unlock?lang={lang}"))
