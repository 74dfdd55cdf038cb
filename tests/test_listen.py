"""`companion listen`: the offline recogniser hears espeak-ng's German announcements,
refuses what is no announcement with one line, and tells the table what it heard."""

import http.server
import io
import json
import shutil
import stat
import sys
import threading
import wave
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

from companion.cli import main
from companion.errors import CompanionError
from companion.listen.mic import button_waits, record
from companion.listen.offline import RATE, read_wav

pytest.importorskip("pocketsphinx", reason="pocketsphinx is not installed (the listen extra)")
needs_espeak = pytest.mark.skipif(
    shutil.which("espeak-ng") is None, reason="espeak-ng is not installed"
)
NOT_UNDERSTOOD = "nicht verstanden – bitte wiederholen"
SAVE_AS_WAV = "die Aufnahme als WAV mit 16 Bit PCM speichern"


def wav_of(samples: np.ndarray, rate: int = RATE) -> bytes:
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(np.clip(samples, -32768, 32767).astype("<i2").tobytes())
    return out.getvalue()


def say(text: str, tmp_path: Path, voice: str = "de+f2") -> Path:
    import subprocess

    path = tmp_path / "said.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-w", str(path), text], check=True)
    return path


def listen(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["--lang", "de", "listen", *args])
    out, err = capsys.readouterr()
    return code, out, err


@needs_espeak
@pytest.mark.parametrize(
    ("game", "said", "heard"),
    [
        ("gravitation", "Wurf vier, Absturz", "Gehört: wurf vier absturz"),
        ("tuerme", "Turm, vier und zwei", "Gehört: turm vier und zwei"),
        ("tuerme", "fünf und zwei, Brücke", "Gehört: fünf und zwei"),  # as said (s11 M1)
    ],
)
def test_an_announcement_is_heard_and_read(
    game: str, said: str, heard: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = listen(capsys, "--game", game, "--wav", str(say(said, tmp_path)))
    assert out.splitlines()[0].startswith(heard)
    assert "liest sich als Ansage" in out
    assert code == 0


def noise(kind: str) -> np.ndarray:
    rng = np.random.default_rng(3)
    if kind == "silence":
        return np.zeros(RATE)
    if kind == "hiss":
        return rng.normal(0, 2000, 2 * RATE)
    burst = rng.normal(0, 9000, 4000) * np.hanning(4000)  # a cough: two short bursts
    return np.concatenate([np.zeros(4000), burst, np.zeros(3000), burst / 2, np.zeros(4000)])


@pytest.mark.parametrize("kind", ["silence", "hiss", "cough"])
def test_silence_and_noise_are_not_understood(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{kind}.wav"
    path.write_bytes(wav_of(noise(kind)))
    assert listen(capsys, "--game", "tuerme", "--wav", str(path)) == (1, NOT_UNDERSTOOD + "\n", "")


@needs_espeak
@pytest.mark.parametrize(
    ("said", "voice"),
    [("Good morning, how are you today", "en"), ("Das Wetter ist heute schön", "de")],
)
def test_another_language_is_not_understood(
    said: str, voice: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = say(said, tmp_path, voice)
    assert listen(capsys, "--game", "tuerme", "--wav", str(path))[:2] == (1, NOT_UNDERSTOOD + "\n")


@needs_espeak
def test_half_an_announcement_is_not_understood(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = say("Wurf sieben, Umlaufbahn", tmp_path, voice="de")
    assert listen(capsys, "--wav", str(path))[:2] == (1, NOT_UNDERSTOOD + "\n")


def test_a_corrupt_or_missing_wav_is_one_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"RIFF\x00\x00garbage")
    code, out, err = listen(capsys, "--wav", str(bad))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "bad.wav" in err
    code, _, err = listen(capsys, "--wav", str(tmp_path / "none.wav"))
    assert code == 2 and err.count("\n") == 1 and "none.wav" in err


def test_a_microphone_that_records_nothing_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "arecord"
    fake.write_text("#!/bin/sh\necho 'arecord: main:831: audio open error: No such file' >&2\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{tmp_path}:/usr/bin:/bin")
    monkeypatch.setattr("builtins.input", lambda *a: "")
    code, out, err = listen(capsys, "--device", "plughw:7")
    assert code == 2 and err.count("\n") == 1
    assert "plughw:7" in err and "audio open error" in err
    assert "Mikrofon 'plughw:7' nimmt nichts auf" in err  # German under --lang de (s11 M2)
    assert out == ""  # nobody was asked to speak into it first (s11 M2)


def test_no_arecord_is_said_in_german_before_anyone_speaks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no arecord on it
    monkeypatch.setattr("builtins.input", lambda *a: "")
    code, out, err = listen(capsys)
    assert (code, out) == (2, "")
    assert err == "companion listen: kein „arecord“ zum Aufnehmen: sudo apt install alsa-utils\n"


def test_no_pocketsphinx_names_the_venvs_pip_in_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """run.sh made .venv: a bare `pip install` would install beside it (trial s11 M2)."""
    monkeypatch.setitem(sys.modules, "pocketsphinx", None)  # `import pocketsphinx` fails
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "prefix", str(tmp_path / ".venv"))
    path = tmp_path / "any.wav"
    path.write_bytes(wav_of(noise("cough")))
    code, out, err = listen(capsys, "--wav", str(path))
    assert (code, out) == (2, "")
    assert err == (
        "companion listen: der Offline-Erkenner braucht pocketsphinx: "
        ".venv/bin/pip install -e '.[listen]'\n"
    )


def test_a_file_that_is_no_wav_is_said_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = tmp_path / "corrupt.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0 not a sound")
    code, out, err = listen(capsys, "--wav", str(photo))
    assert (code, out) == (2, "")
    assert err == f"companion listen: {photo}: keine WAV-Datei ({SAVE_AS_WAV})\n"
    code, _, err = listen(capsys, "--wav", str(tmp_path / "none.wav"))
    assert err.endswith("none.wav: Datei nicht gefunden\n")


def test_the_push_to_talk_button_records_while_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.panel.factory import mock_factory

    fake = tmp_path / "arecord"  # writes a WAV header, then "records" until stopped
    fake.write_text("#!/bin/sh\nprintf 'RIFF....WAVEfmt '\nprintf '%01000d' 0\nexec sleep 30\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{tmp_path}:/usr/bin:/bin")
    factory = mock_factory()
    start, stop = button_waits(17, factory)
    pin = factory.pin(17)
    threading.Timer(0.2, pin.drive_low).start()  # pressed (the button pulls up)
    threading.Timer(0.6, pin.drive_high).start()  # released
    audio = record("default", start, stop)
    assert audio.startswith(b"RIFF") and len(audio) > 1000


class _Table(http.server.BaseHTTPRequestHandler):
    posted: ClassVar[list[dict[str, object]]] = []

    legal: ClassVar[object] = {"game": "tuerme", "announcements": ["Turm, 4 und 2", "4 und 2"]}

    def do_GET(self) -> None:  # the page, with its CSRF token, and the legal announcements
        data = b'<input type="hidden" name="csrf_token" value="t0k3n">'
        if self.path == "/legal":
            data = json.dumps(_Table.legal).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _Table.posted.append({"path": self.path, "token": self.headers["X-CSRFToken"], **body})
        answer = {"understood": True, "heard": body["alternatives"][0]}
        answer |= {"message": f"Gehört: {body['alternatives'][0]}"}  # as the table says it
        answer |= {"verdict": {"verdict": "legal", "reason": "Ansage …: erlaubt"}}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@needs_espeak
def test_what_was_heard_goes_to_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Table)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}"
        path = say("Turm, vier und zwei", tmp_path)
        code, out, _ = listen(capsys, "--wav", str(path), "--table", url)  # the table's game
    finally:
        server.shutdown()
    assert code == 0
    assert out.splitlines() == ["Gehört: turm vier und zwei", "erlaubt: Ansage …: erlaubt"]
    (posted,) = _Table.posted
    assert posted["path"] == "/heard" and posted["source"] == "offline"
    assert posted["token"] == "t0k3n"  # the page's token, as a phone's post carries it
    assert posted["alternatives"][0] == "turm vier und zwei"  # type: ignore[index]


def test_a_table_that_cannot_be_reached_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "companion.listen.offline.Recogniser.hear",
        lambda self, samples, legal=(): ["wurf vier absturz"],
    )
    path = tmp_path / "any.wav"
    path.write_bytes(wav_of(noise("cough")))
    code, _, err = listen(capsys, "--wav", str(path), "--table", "http://127.0.0.1:9")
    assert code == 2 and err.count("\n") == 1 and "127.0.0.1:9/legal" in err
    assert ("cannot be reached" in err or "nicht erreichbar" in err) and "JSON" not in err


@pytest.mark.parametrize(
    "answer",
    [
        "no json",
        {"game": "schach", "announcements": []},
        {"game": "tuerme", "announcements": "4 und 2"},
        {"game": "tuerme", "announcements": [4]},
        ["tuerme"],
        {"game": ["tuerme"], "announcements": []},
        {"game": "gravitation", "announcements": ["Wurf 99"]},
    ],
)
def test_a_table_answering_no_legal_announcements_is_one_line(
    answer: object,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_Table, "legal", answer)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Table)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    path = tmp_path / "any.wav"
    path.write_bytes(wav_of(noise("cough")))
    try:
        url = f"http://127.0.0.1:{server.server_port}"
        code, out, err = listen(capsys, "--wav", str(path), "--table", url)
    finally:
        server.shutdown()
    assert code == 2 and err.count("\n") == 1 and f"{url}/legal" in err and out == ""


def test_a_wav_of_another_rate_is_brought_to_16_khz() -> None:
    tone = 8000 * np.sin(np.arange(44100) * 2 * np.pi * 440 / 44100)
    samples = read_wav(wav_of(tone, rate=44100), "tone.wav")
    assert samples.size == RATE
    with pytest.raises(CompanionError, match=r"tone\.wav"):
        read_wav(b"not a wav", "tone.wav")


def test_the_real_table_takes_what_was_heard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The client against `companion serve`'s own app: page, cookie, CSRF token, /heard."""
    from conftest import position
    from werkzeug.serving import make_server

    from companion.web import Table, create_app

    table = Table.new(position(), tmp_path / "journal.sqlite")
    with table.lock:
        table.referee.confirm_board()
        table.referee.observe_dice([4, 3])
    server = make_server("127.0.0.1", 0, create_app({"TABLE": table}), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    said = "wurf sieben umlaufbahn sechs fünf vier drei zwei eins null"
    legal: list[tuple[str, ...]] = []
    monkeypatch.setattr(
        "companion.listen.offline.Recogniser.hear",
        lambda self, samples, rivals=(): legal.append(rivals) or [said],
    )
    path = tmp_path / "any.wav"
    path.write_bytes(wav_of(noise("cough")))
    try:
        url = f"http://127.0.0.1:{server.server_port}"
        code, out, err = listen(capsys, "--wav", str(path), "--table", url)
    finally:
        server.shutdown()
    assert (code, err) == (0, "")
    heard, verdict = out.splitlines()
    assert heard == f"Gehört: {said}"  # and the referee took it as legal:
    assert verdict.startswith("erlaubt: Ansage von Rot vor dem Zug (Wurf 4+3): erlaubt.")
    assert table.referee.announced is not None
    assert said.replace("fünf", "fuenf") in legal[0]  # the rivals were looked for among these


def _served_table(tmp_path: Path) -> tuple[str, object, object]:
    """`companion serve`'s own app for red's 4+3 (Gravitation), served on a free port."""
    from conftest import position
    from werkzeug.serving import make_server

    from companion.web import Table, create_app

    table = Table.new(position(), tmp_path / "journal.sqlite")
    with table.lock:
        table.referee.confirm_board()
        table.referee.observe_dice([4, 3])
    server = make_server("127.0.0.1", 0, create_app({"TABLE": table}), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", server, table


@pytest.mark.parametrize(
    ("lang", "verdict"),
    [
        (
            "de",
            "nicht erlaubt: Ansage von Rot vor dem Zug (Wurf 4+3): Wurf 6 passt nicht zum Wurf 4+3",
        ),
        (
            "en",
            "illegal: Announced by red before the move (roll 4+3): "
            "Wurf 6 does not fit the roll 4+3",
        ),
    ],
)
def test_the_table_refusing_the_words_is_said_once_with_its_reason(
    lang: str,
    verdict: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Trial s11 M1: "Wurf 6, 5, …" for 4+3 printed "Gehört: …" twice and exited 0; the
    table's verdict is said, once, in the listener's language, and the exit is 1."""
    monkeypatch.setattr(
        "companion.listen.offline.Recogniser.hear",
        lambda self, samples, legal=(): ["wurf sechs fuenf vier drei zwei eins null"],
    )
    path = tmp_path / "any.wav"
    path.write_bytes(wav_of(noise("cough")))
    url, server, _ = _served_table(tmp_path)
    try:
        code = main(["--lang", lang, "listen", "--wav", str(path), "--table", url])
        out, err = capsys.readouterr()
    finally:
        server.shutdown()  # type: ignore[attr-defined]
    heard, said = out.splitlines()  # the words heard once, then the verdict
    assert heard.endswith(": wurf sechs fünf vier drei zwei eins null")  # as said, umlaut
    assert said.startswith(verdict)
    assert (code, err) == (1, "")


@pytest.mark.parametrize(
    ("answer", "said", "code"),
    [
        (  # two legal moves heard: the table asks, and nothing was taken
            {"understood": False, "heard": "", "verdict": None, "message": "nicht sicher …"},
            "nicht sicher …",
            1,
        ),
        (  # words fitting several moves: the page asks which (a question, not legal)
            {"understood": True, "heard": "wurf vier absturz", "message": "Gehört: …"}
            | {"verdict": {"verdict": "ask", "reason": "passt zu 2 Zügen …"}},
            "Rückfrage: passt zu 2 Zügen …",
            1,
        ),
        (
            {"understood": True, "heard": "wurf vier absturz", "message": "Gehört: …"}
            | {"verdict": {"verdict": "legal", "reason": "Ansage … erlaubt"}},
            "erlaubt: Ansage … erlaubt",
            0,
        ),
    ],
)
def test_only_a_legal_verdict_exits_0(
    answer: dict[str, object],
    said: str,
    code: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        "companion.listen.offline.Recogniser.hear",
        lambda self, samples, legal=(): ["wurf vier absturz"],
    )
    monkeypatch.setattr("companion.listen.client.legal_now", lambda table: ("gravitation", ()))
    monkeypatch.setattr("companion.listen.client.post_heard", lambda table, heard: answer)
    path = tmp_path / "any.wav"
    path.write_bytes(wav_of(noise("cough")))
    got = listen(capsys, "--wav", str(path), "--table", "http://127.0.0.1:9")
    assert got == (code, f"Gehört: wurf vier absturz\n{said}\n", "")
