"""What `companion serve` logs, in the language it was started in (new-user trial s11 L4:
"panel: Schein-Pins …" under --lang de, and a dice tray's server logged "Journal: …
(neues Spiel)" and "Würfelschale: Sitzung 2" on a fresh data folder)."""

from __future__ import annotations

import pytest

from companion.cli import main


@pytest.fixture
def no_server(monkeypatch):  # type: ignore[no-untyped-def]
    """serve starts everything, then returns at once instead of serving."""
    import companion.web.connections as connections

    class Stub:
        def run(self) -> None: ...

        def close(self) -> None: ...

    monkeypatch.setattr(connections, "guarded_server", lambda *a, **k: Stub())


def logged(caplog, *argv: str) -> list[str]:  # type: ignore[no-untyped-def]
    caplog.clear()
    with caplog.at_level("INFO", logger="companion"):
        assert main(list(argv)) == 0
    return [r.getMessage() for r in caplog.records if r.name.startswith("companion")]


def test_the_panel_logs_its_pins_in_german(no_server, caplog, tmp_path):
    said = logged(caplog, "--lang", "de", "serve", "--data-dir", str(tmp_path), "--port", "8132")
    assert "Bedienfeld: Schein-Pins (auto: kein Raspberry Pi)" in said, said
    assert not [line for line in said if line.startswith(("panel:", "voice", "hub:"))], said


def test_a_tray_server_logs_its_tray_not_a_game(no_server, caplog, tmp_path):
    argv = ["--lang", "de", "serve", "--tray", "--data-dir", str(tmp_path), "--port", "8133"]
    said = logged(caplog, *argv)
    journal = [line for line in said if line.startswith("Journal: ")]
    assert journal == [f"Journal: {tmp_path}/journal.sqlite (Würfelschale)"], said
    # the session's number is its record in the journal, the one export --tray --game takes
    # (the referee's game beside it is record 1): said so, and that it is new
    tray = [line for line in said if line.startswith("Würfelschale: ")]
    assert tray == [
        "Würfelschale: neue Sitzung 2 (companion export --tray --game 2), bisher 0 Würfe"
    ], said
    assert not [line for line in said if "Gravitation" in line], said
    said = logged(caplog, *argv)  # started again: the open session is taken up
    tray = [line for line in said if line.startswith("Würfelschale: ")]
    assert tray == [
        "Würfelschale: Sitzung 2 fortgesetzt (companion export --tray --game 2), bisher 0 Würfe"
    ], said


def test_a_refused_host_name_is_logged_in_german(caplog):
    from companion import texts
    from companion.settings.hosts import HostCheck

    texts.set_language("de")  # as serve --lang de sets it
    check = HostCheck(lambda environ, start: [b"page"], lambda: ())
    with caplog.at_level("INFO", logger="companion"):
        check({"HTTP_HOST": "evil.example"}, lambda status, headers: None)
    assert [r.getMessage() for r in caplog.records] == [
        "Anfrage für den Rechnernamen 'evil.example' abgewiesen (nicht in [web] hosts)"
    ]
