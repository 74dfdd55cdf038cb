"""Every route, every kind of bad input: always an answer with a message, never a 500.

The routes are taken from the app itself, so a new route is swept without being listed
here. Kinds of bad input: a wrong method, no CSRF token, a forged one, an oversize body,
no PIN or a wrong one, and (with hypothesis) any text in any field a form has.
"""

from __future__ import annotations

import re

import pytest
from conftest import position, token, unlock
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.web import Table, create_app

PIN = "2468"
#: Every field name a form on the page sends.
FIELDS = (
    "die1",
    "die2",
    "announcement",
    "roll",
    "pin",
    "game",
    "phase",
    "players",
    "option.death_push",
    "kind",
    "long",
)
#: Sample values for the parts of a URL (``<int:index>``, ``<kind>``).
URL_VALUES = {"int": ["0", "3", "99999999999999999999"], "default": ["x", "read_dice", "..", "é"]}
#: Values that have fooled parsers: non-ASCII digits (str.isdigit() says yes to '²', and
#: int() reads '٣' as 3), signs, exponents, huge numbers, markup, control characters.
NASTY = ["", " ", "²", "٣", "-1", "+2", "1e9", "9" * 60, "0x10", "NaN", "<b>x</b>", "\x00", "7,"]
TEXT = st.one_of(
    st.sampled_from(NASTY), st.text(st.characters(blacklist_categories=("Cs",)), max_size=400)
)


def make_app():  # type: ignore[no-untyped-def]
    return create_app(
        {
            "TABLE": Table.new(position()),
            "TESTING": True,
            "REFEREE_PIN": PIN,
            "WRONG_PIN_PAUSE": 0,
            "PIN_TRIES_PER_MINUTE": 1_000_000,  # guessing has its own tests (test_web_pin.py)
            "POSTS_PER_MINUTE": 1_000_000,  # the rate limit has its own test
            "SSE_TEST_SECONDS": 0.05,
        }
    )


APP = make_app()


def urls() -> list[tuple[str, frozenset[str]]]:
    """Every route with sample values in its variable parts, and all the methods it takes."""
    out: dict[str, frozenset[str]] = {}
    for rule in APP.url_map.iter_rules():
        if rule.endpoint == "static":
            out["/static/companion.css"] = frozenset(rule.methods or ())
            continue
        samples = [{}]  # type: list[dict[str, str]]
        for arg in rule.arguments:
            kind = (
                "int"
                if "int" in str(rule._converters[arg].__class__.__name__).lower()
                else "default"
            )
            samples = [{**s, arg: v} for s in samples for v in URL_VALUES[kind]]
        for values in samples:
            path = rule.rule
            for arg, value in values.items():
                path = re.sub(rf"<(?:\w+:)?{arg}>", value, path)
            out[path] = out.get(path, frozenset()) | frozenset(rule.methods or ())
    return sorted(out.items())


URLS = urls()
POSTS = sorted({path for path, methods in URLS if "POST" in methods})


def answered(response) -> None:  # type: ignore[no-untyped-def]
    """Not a crash, and a person is told something: a page, a redirect or a message."""
    assert response.status_code < 500, (response.status_code, response.get_data(as_text=True))
    if response.status_code in (301, 302, 303):
        assert response.headers["Location"]
        return
    if response.is_streamed:
        response.close()  # as the server does when a page goes away: the stream's slot is free
        return
    body = response.get_data(as_text=True)
    assert body.strip()
    if response.status_code >= 400 and response.mimetype == "text/html":
        message = re.search(r"<main[^>]*>(.*)</main>", body, re.S)
        assert message and re.sub(r"<[^>]+>|\s", "", message.group(1)), body


def unlocked():  # type: ignore[no-untyped-def]
    client = APP.test_client()
    unlock(client, PIN)
    return client


def test_the_sweep_sees_every_page():
    paths = {p for p, _ in URLS}
    for page in ("/", "/setup", "/teach", "/calibrate", "/unlock", "/calibrate/capture"):
        assert page in paths
    assert len(POSTS) >= 10


@pytest.mark.parametrize(("path", "methods"), URLS, ids=[p for p, _ in URLS])
def test_every_route_answers_every_method(path, methods):
    client = unlocked()
    for method in ("GET", "POST", "PUT", "DELETE", "PATCH"):
        response = client.open(path, method=method, data={"csrf_token": token(client)})
        answered(response)
        if method not in methods:
            assert response.status_code == 405, (method, path)


@pytest.mark.parametrize("path", POSTS)
def test_every_form_without_or_with_a_forged_token_is_refused(path):
    client = unlocked()
    for data in ({}, {"csrf_token": "forged"}, {"csrf_token": ""}, {"csrf_token": "ü\x80"}):
        response = client.post(path, data=data)
        answered(response)
        assert response.status_code == 400
        assert "Das Formular ist abgelaufen oder kam von anderswo" in response.get_data(
            as_text=True
        )


@pytest.mark.parametrize("path", POSTS)
def test_every_form_refuses_an_oversize_body(path):
    client = unlocked()
    response = client.post(path, data={"csrf_token": token(client), "announcement": "x" * 100_000})
    answered(response)
    assert response.status_code == 413


@pytest.mark.parametrize(
    "path", ["/setup", "/undo", "/calibrate/capture", "/calibrate/save", "/panel/undo"]
)
def test_every_change_without_the_pin_is_refused(path):
    client = APP.test_client()
    before = client.get("/position.json").get_json()
    response = client.post(path, data={"csrf_token": token(client), "players": "blue,green"})
    answered(response)
    assert response.status_code == 404 or (
        response.status_code == 302 and "/unlock" in response.headers["Location"]
    )
    assert client.get("/position.json").get_json() == before


def test_a_wrong_pin_is_told_and_unlocks_nothing():
    client = APP.test_client()
    for pin in ("", "1111", " 2468x", "2468" * 100, "\x80", "２４６８"):
        response = client.post("/unlock", data={"pin": pin, "csrf_token": token(client)})
        answered(response)
        assert "Die PIN stimmt nicht." in response.get_data(as_text=True)
    assert "/unlock" in client.get("/setup").headers["Location"]


def test_the_pin_form_sends_nowhere_but_this_page():
    client = APP.test_client()
    for target in ("//elsewhere.example/", "https://elsewhere.example/", "javascript:x"):
        data = {"pin": PIN, "csrf_token": token(client)}
        response = client.post(f"/unlock?next={target}", data=data)
        assert response.headers["Location"] == "/", target


@pytest.mark.parametrize("path", POSTS)
@given(
    form=st.dictionaries(st.sampled_from(FIELDS), TEXT, max_size=len(FIELDS)),
    query=st.sampled_from(["", "?lang=xx", "?lang=en", "?next=%00", "?lang=%ff"]),
)
@settings(max_examples=60)
def test_any_text_in_any_field_is_answered_never_a_500(path, form, query):
    client = unlocked()
    answered(client.post(path + query, data={**form, "csrf_token": token(client)}))
    answered(client.get("/status"))  # and the table still draws after it


@given(query=st.dictionaries(st.sampled_from(["lang", "next"]), TEXT, max_size=2))
def test_any_query_on_any_page_is_answered(query):
    client = APP.test_client()
    for path in ("/", "/teach", "/unlock", "/state.json", "/status"):
        answered(client.get(path, query_string=query))


def test_a_phase_that_is_not_a_plain_number_is_told():
    client = unlocked()
    for phase in ("²", "٣", "-1", "two"):
        data = {"game": "gravitation", "phase": phase, "csrf_token": token(client)}
        response = client.post("/setup", data=data)
        answered(response)
        assert response.status_code == 400 and "ist keine Zahl" in response.get_data(as_text=True)
