"""Push-to-talk in a real browser (headless Chromium): a fake SpeechRecognition, put in
before the page's scripts run, stands in for the phone's recogniser (no network, no
microphone); the test fires its "result" event with the alternatives a recogniser gives.
Without the API the button is absent and the page says why (companion/web/static/listen.js).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from conftest import position, served
from test_browser import CHROMIUM, DRIVER, browser, shot, went  # noqa: F401

from companion.web import Table, create_app

selenium = pytest.importorskip("selenium", reason="selenium is in the [test] extra")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER), reason="needs Debian's chromium and chromium-driver (test.sh)"
)
RIGHT = "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"  # red from red.S1 with 4+3

#: A recogniser that hears nothing by itself: each one made is kept in
#: window.recognitions, and what the browser says aloud in window.spoken.
FAKE = """
window.recognitions = [];
window.spoken = [];
class FakeRecognition extends EventTarget {
  start() { window.recognitions.push(this); }
  stop() { this.dispatchEvent(new Event("end")); }
}
window.SpeechRecognition = FakeRecognition;
window.webkitSpeechRecognition = FakeRecognition;
if (window.speechSynthesis) {
  window.speechSynthesis.speak = (u) => window.spoken.push([u.text, u.lang]);
}
"""
NONE = """
for (const name of ["SpeechRecognition", "webkitSpeechRecognition"]) {
  Object.defineProperty(window, name, {value: undefined, configurable: true, writable: true});
}
"""
HEAR = """
const [alternatives] = arguments;
const recognition = window.recognitions[window.recognitions.length - 1];
const event = new Event("result");
event.results = [alternatives.map((transcript) => ({transcript: transcript}))];
recognition.dispatchEvent(event);
recognition.dispatchEvent(new Event("end"));
"""


@pytest.fixture
def server(tmp_path) -> Iterator[tuple[str, Table]]:  # type: ignore[no-untyped-def]

    table = Table.new(position(), tmp_path / "journal.sqlite")
    with table.lock:
        table.referee.confirm_board()
        table.referee.observe_dice([4, 3])
    url, srv = served(create_app({"TABLE": table, "REFEREE_PIN": "1357"}))
    yield url, table
    srv.close()


@contextlib.contextmanager
def before_scripts(browser, script: str) -> Iterator[None]:  # type: ignore[no-untyped-def]  # noqa: F811
    """``script`` runs in every page before the page's own scripts, inside the block."""
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
    try:
        yield
    finally:
        browser.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]}
        )


def press_and_say(browser, alternatives: list[str]) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    browser.find_element(By.ID, "mic").click()
    WebDriverWait(browser, 5).until(lambda b: b.execute_script("return recognitions.length"))
    browser.execute_script(HEAR, alternatives)


def test_the_microphone_posts_the_alternatives_and_the_verdict_comes_back(server, browser):  # noqa: F811
    url, table = server
    with before_scripts(browser, FAKE):
        went(browser, f"{url}/?lang=de")
        mic = browser.find_element(By.ID, "mic")
        assert mic.is_displayed() and not browser.find_element(By.ID, "mic-missing").is_displayed()
        press_and_say(browser, ["Wurf 7 Umlaufbahn Knoll", RIGHT])
        heard = browser.find_element(By.ID, "heard")
        WebDriverWait(browser, 10).until(lambda _: heard.text == f"Gehört: {RIGHT}")
        asked = browser.execute_script(
            "const r = recognitions[0]; return [r.lang, r.maxAlternatives, r.interimResults]"
        )
        assert asked == ["de-DE", 5, False]
        WebDriverWait(browser, 10).until(
            lambda b: (
                "Ansage von Rot vor dem Zug (Wurf 4+3): erlaubt"
                in b.find_element(By.ID, "status").text
            )
        )
        spoken = browser.execute_script("return spoken")
        assert [RIGHT, "de-DE"] in spoken  # spoken back, the page's switch being off
        shot(browser, "listen-heard")
    said = [e for e in table.journal.events(table.referee.game_id) if e.kind == "verdict"][-1]
    assert said.data["heard"]["alternatives"] == ["Wurf 7 Umlaufbahn Knoll", RIGHT]
    assert said.data["heard"]["source"] == "browser" and said.data["heard"]["taken"] == 1


def test_words_that_are_no_announcement_are_not_understood_and_change_nothing(server, browser):  # noqa: F811
    url, table = server
    before = len(list(table.journal.events(table.referee.game_id)))
    with before_scripts(browser, FAKE):
        went(browser, f"{url}/?lang=en")
        press_and_say(browser, ["cough", "hm"])
        heard = browser.find_element(By.ID, "heard")
        WebDriverWait(browser, 10).until(
            lambda _: heard.text == "not understood – please say it again"
        )
        assert browser.execute_script("return recognitions[0].lang") == "de-DE"  # the notation
    assert len(list(table.journal.events(table.referee.game_id))) == before


def test_without_speech_recognition_the_button_is_absent_and_the_page_says_why(server, browser):  # noqa: F811
    url, _ = server
    with before_scripts(browser, NONE):
        went(browser, f"{url}/?lang=de")
        assert browser.find_elements(By.ID, "mic") == []
        missing = browser.find_element(By.ID, "mic-missing")
        assert missing.is_displayed() and "dieser Browser erkennt keine Sprache" in missing.text
        shot(browser, "listen-missing")


def test_teaching_by_ear_marks_each_word_right_or_wrong(server, browser):  # noqa: F811
    url, table = server
    with table.lock:
        table.referee.play_move(next(m for m in table.referee.legal if m.announcement == RIGHT))
    with before_scripts(browser, FAKE):
        went(browser, f"{url}/teach?lang=de")
        assert RIGHT in browser.find_element(By.ID, "ear-words").text
        press_and_say(browser, ["Wurf sieben Umlaufbahn sieben fünf vier drei zwei eins"])
        WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#marks li"))
        marks = [
            (m.get_attribute("class"), m.text)
            for m in browser.find_elements(By.CSS_SELECTOR, "#marks li")
        ]
        assert marks[3] == ("mark wrong", "✘ sieben statt 6")
        assert marks[-1] == ("mark missing", "✘ 0 – fehlt")
        assert [c for c, _ in marks].count("mark right") == 8
        assert "8 von 10 Wörtern richtig" in browser.find_element(By.ID, "heard").text
        shot(browser, "teach-by-ear")
