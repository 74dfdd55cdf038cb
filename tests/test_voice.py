"""The voice speaks German announcements through espeak-ng, and is silent when it cannot."""

from __future__ import annotations

import shutil
import threading
import wave

import pytest

from companion.errors import CompanionError
from companion.panel.voice import Voice

needs_espeak = pytest.mark.skipif(
    shutil.which("espeak-ng") is None, reason="needs espeak-ng (test.sh installs it)"
)


def seconds(path) -> float:  # type: ignore[no-untyped-def]
    with wave.open(str(path)) as w:
        return w.getnframes() / w.getframerate()


@needs_espeak
def test_an_announcement_is_spoken_in_german(tmp_path):
    voice = Voice(voice="de")
    path = voice.to_file("Wurf 7, Umlaufbahn 4, 3, 2, 1, 0", tmp_path / "wurf.wav")
    assert 2.0 < seconds(path) < 15.0


@needs_espeak
def test_a_longer_sentence_takes_longer(tmp_path):
    voice = Voice()
    short = seconds(voice.to_file("Wurf 7", tmp_path / "a.wav"))
    long = seconds(
        voice.to_file(
            "Wurf 12, Umlaufbahn 7, Gravitation 4, Umlaufbahn 2, 1, 0", tmp_path / "b.wav"
        )
    )
    assert long > 2 * short


@needs_espeak
def test_an_unknown_voice_is_a_one_line_error(tmp_path):
    with pytest.raises(CompanionError, match="espeak-ng failed") as err:
        Voice(voice="xx-nowhere").to_file("Wurf 7", tmp_path / "x.wav")
    assert "\n" not in str(err.value)


def test_without_espeak_the_voice_is_silent_and_says_why(caplog):
    voice = Voice(program="no-such-espeak")
    assert not voice.enabled
    voice.say("Wurf 7")  # no error, no thread
    assert "not installed" in caplog.text
    with pytest.raises(CompanionError, match="not installed"):
        voice.to_file("Wurf 7", "x.wav")


@needs_espeak
def test_speaking_does_not_block_and_keeps_order(monkeypatch):
    spoken: list[str] = []
    voice = Voice()
    monkeypatch.setattr(voice, "_run", lambda text, wav=None: spoken.append(text))
    for n in range(3):
        voice.say(f"Wurf {n}")
    voice.wait()
    assert spoken == ["Wurf 0", "Wurf 1", "Wurf 2"]


def test_switching_off_drops_what_was_not_yet_spoken(monkeypatch):
    spoken: list[str] = []
    speaking = threading.Event()
    go_on = threading.Event()

    def run(text: str, wav: object = None) -> None:
        speaking.set()
        go_on.wait(5)
        spoken.append(text)

    voice = Voice(program="true")
    monkeypatch.setattr(voice, "_run", run)
    for n in range(3):
        voice.say(f"Wurf {n}")
    assert speaking.wait(5)  # the first sentence is being spoken
    assert voice.switch(False) is False
    go_on.set()
    voice.wait()
    voice.say("Wurf 9")  # off: not queued
    assert spoken == ["Wurf 0"]
    assert voice.switch(True) is True
    voice.say("Wurf 10")
    voice.wait()
    assert spoken == ["Wurf 0", "Wurf 10"]
    assert Voice(program="no-such-espeak").switch(True) is False
