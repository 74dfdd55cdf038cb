"""The table's espeak-ng voice is switched on and off on the table page, by the referee."""

from __future__ import annotations

import pytest
from conftest import position, post

from companion.panel.voice import Voice
from companion.table.devices import attach_voice
from companion.web import Table, create_app


class Spoken(Voice):
    """The real voice with the loudspeaker replaced by a list."""

    def __init__(self, program: str = "true") -> None:
        super().__init__(program=program)
        self.said: list[str] = []

    def _run(self, text: str, wav: object = None) -> None:  # type: ignore[override]
        self.said.append(text)


def make(voice: Voice | None):  # type: ignore[no-untyped-def]
    table = Table.new(position())
    config = {"TABLE": table, "REFEREE_PIN": "2468", "WRONG_PIN_PAUSE": 0, "VOICE": voice}
    if voice is not None:
        attach_voice(table, voice)
    return table, create_app(config).test_client()


def play_a_move(table: Table) -> str:
    with table.lock:
        table.referee.confirm_board()
        table.referee.observe_dice([4, 3])
        table.referee.play(0)
    return str(table.referee.verdict.announcement)  # type: ignore[union-attr]


def test_the_referee_switches_the_voice_off_and_on():
    voice = Spoken()
    table, client = make(voice)
    assert 'Stimme am Tisch (espeak-ng): <strong id="voice-state">an</strong>' in (
        client.get("/status").get_data(as_text=True)
    )
    post(client, "/unlock", pin="2468")
    answer = post(client, "/voice", on="0")
    assert answer.status_code == 302 and not voice.enabled
    assert "Die Stimme am Tisch ist aus." in client.get("/").get_data(as_text=True)
    assert 'voice-state">aus<' in client.get("/status").get_data(as_text=True)
    play_a_move(table)
    voice.wait()
    assert voice.said == []
    post(client, "/voice", on="1")
    with table.lock:
        table.referee.observe_dice([5, 2])
        table.referee.play(0)
    voice.wait()
    assert voice.said == [table.referee.verdict.announcement]  # type: ignore[union-attr]


def test_without_the_pin_the_voice_stays_as_it_is():
    voice = Spoken()
    _, client = make(voice)
    answer = post(client, "/voice", on="0")
    assert answer.status_code == 302 and "/unlock?next=/" in answer.headers["Location"]
    assert voice.enabled
    assert post(client, "/voice", on="0", csrf_token="x").status_code == 302  # same answer


def test_a_forged_form_or_a_bad_value_is_refused_with_a_message():
    voice = Spoken()
    _, client = make(voice)
    post(client, "/unlock", pin="2468")
    assert client.post("/voice", data={"on": "0"}).status_code == 400
    answer = post(client, "/voice?lang=en", on="maybe")
    assert answer.status_code == 400 and "only on (1) or off (0)" in answer.get_data(as_text=True)
    assert voice.enabled


@pytest.mark.parametrize(
    ("voice", "code", "words"),
    [(None, 404, "This referee has no voice."), (Spoken("no-such-espeak"), 409, "not installed")],
)
def test_no_voice_or_no_espeak_is_said(voice, code, words):
    _, client = make(voice)
    post(client, "/unlock?lang=en", pin="2468")
    answer = post(client, "/voice", on="1")
    assert answer.status_code == code and words in answer.get_data(as_text=True)
    status = client.get("/status").get_data(as_text=True)
    assert 'id="voice-switch"' not in status  # no button that cannot work
    assert ("espeak-ng is not installed" in status) == (voice is not None)
