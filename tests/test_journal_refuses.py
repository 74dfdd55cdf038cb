"""A journal the companion cannot trust is refused in one line that says why and what to
do; one that fails while the game runs is shown, and nothing is half-written."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from conftest import csrf_of, mock_panel, position

from companion.cli import main
from companion.store.journal import Journal
from companion.store.journalcheck import JournalError
from companion.store.lock import hold_data_dir
from companion.table.table import Table

ROOT = os.geteuid() == 0  # root writes into read-only files and folders


def a_game(path) -> int:  # type: ignore[no-untyped-def]
    table = Table.new(position(), path)
    table.referee.confirm_board()
    table.referee.observe_dice([5, 2])
    table.referee.play(0)
    game = table.referee.game_id
    table.journal.close()  # type: ignore[union-attr]
    return game


def one_line(exc: pytest.ExceptionInfo[JournalError]) -> str:
    text = str(exc.value)
    assert "\n" not in text
    return text


@pytest.fixture()
def as_nobody(monkeypatch):  # type: ignore[no-untyped-def]
    """Run as a user that read-only modes stop (the tests may run as root)."""
    if ROOT:
        monkeypatch.setattr(os, "access", lambda p, mode, **k: not (mode & os.W_OK) or _w(p))
    return None


def _w(path) -> bool:  # type: ignore[no-untyped-def]
    return bool(os.stat(path).st_mode & stat.S_IWUSR)


def test_a_read_only_journal_file_is_refused_at_start(tmp_path, as_nobody):
    path = tmp_path / "journal.sqlite"
    a_game(path)
    path.chmod(0o444)
    with pytest.raises(JournalError) as info:
        Journal(path)
    assert "read-only" in one_line(info) and "chmod" in one_line(info)


def test_a_read_only_data_directory_is_refused_and_not_called_damaged(tmp_path, as_nobody):
    path = tmp_path / "data" / "journal.sqlite"
    path.parent.mkdir()
    a_game(path)
    for extra in path.parent.glob("journal.sqlite-*"):
        extra.unlink()
    path.parent.chmod(0o555)
    try:
        with pytest.raises(JournalError) as info:
            Journal(path)
    finally:
        path.parent.chmod(0o755)
    assert "directory" in one_line(info) and "read-only" in one_line(info)
    assert "damaged" not in one_line(info)


def test_a_full_disk_at_start_is_said(tmp_path, monkeypatch):
    path = tmp_path / "journal.sqlite"
    a_game(path)
    from companion.store import tables

    monkeypatch.setattr(tables, "probe", _full)
    with pytest.raises(JournalError) as info:
        Journal(path)
    assert "disk full" in one_line(info)
    # trial s8: "no room left on the SD card" on a laptop, and nothing on what to do
    assert f"no room left in {tmp_path}): free some space there" in one_line(info)
    assert "choose another folder (companion serve --data-dir)" in one_line(info)


def _full(db: sqlite3.Connection) -> None:
    raise sqlite3.OperationalError("database or disk is full")


def test_a_write_failure_while_running_is_told_and_half_of_nothing_is_written(
    tmp_path, monkeypatch
):
    path = tmp_path / "journal.sqlite"
    table = Table.new(position(), path)
    table.referee.confirm_board()
    journal = table.journal
    assert journal is not None
    real = journal._insert

    def full(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(journal, "_insert", full)
    with pytest.raises(JournalError) as info:
        table.referee.observe_dice([5, 2])
    assert "cannot write" in one_line(info) and "disk full" in one_line(info)
    assert journal.problem and "disk full" in journal.problem
    assert table.referee.phase.name == "ROLL"  # the referee did not go on without its record
    monkeypatch.setattr(journal, "_insert", real)
    table.referee.observe_dice([5, 2])  # the disk has room again: the game goes on
    assert journal.problem is None
    kinds = [e.kind for e in journal.events(table.referee.game_id)]
    assert kinds.count("roll") == 1


def test_the_page_shows_a_journal_that_cannot_be_written(tmp_path, monkeypatch):

    from companion.web import create_app

    table = Table.new(position(), tmp_path / "journal.sqlite")
    table.referee.confirm_board()
    monkeypatch.setattr(table.journal, "_insert", lambda *a: _full(None))  # type: ignore[arg-type]
    client = create_app({"TABLE": table, "REFEREE_PIN": "246813"}).test_client()
    page = client.get("/").get_data(as_text=True)
    csrf = csrf_of(page)
    response = client.post("/dice", data={"die1": "5", "die2": "2", "csrf_token": csrf})
    assert response.status_code == 503
    assert "Speicher voll" in response.get_data(as_text=True)
    assert "Speicher voll" in client.get("/").get_data(as_text=True)


def test_a_second_server_on_one_data_directory_is_refused(tmp_path):
    first = hold_data_dir(tmp_path)
    try:
        with pytest.raises(JournalError) as info:
            hold_data_dir(tmp_path)
        assert "another companion serve" in one_line(info) and str(os.getpid()) in one_line(info)
    finally:
        first.close()
    hold_data_dir(tmp_path).close()  # free again once the first has stopped


def test_an_empty_journal_left_by_a_killed_first_start_is_made_anew(tmp_path):
    path = tmp_path / "journal.sqlite"
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")  # what the first start wrote before it was killed
    db.close()
    assert path.stat().st_size > 0
    with Journal(path) as journal:
        assert journal.games() == []
        journal.start_game(position())


def bad_row(path, game: int, data: str) -> int:  # type: ignore[no-untyped-def]
    db = sqlite3.connect(path)
    cur = db.execute(
        "INSERT INTO events (game_id, at, kind, data) VALUES (?, 'now', 'move', ?)", (game, data)
    )
    db.commit()
    db.close()
    return int(cur.lastrowid or 0)


BAD = [
    json.dumps({"announcement": "Wurf 7"}),  # a move without 'after'
    "{not json",
    json.dumps({"after": {"game": "gravitation", "players": 5}}),  # a broken position
]


@pytest.mark.parametrize("data", BAD)
def test_a_bad_row_is_refused_in_one_line_naming_file_game_and_event(tmp_path, data):
    path = tmp_path / "journal.sqlite"
    game = a_game(path)
    event = bad_row(path, game, data)
    with pytest.raises(JournalError) as info:
        Table.new(position(), path, resume=True)
    line = one_line(info)
    assert str(path) in line and f"game {game}" in line and f"event {event}" in line
    assert "companion journal check" in line and "repair" in line
    assert "--players" not in line


def test_journal_check_export_and_repair_keep_every_readable_event(tmp_path, capsys):
    path = tmp_path / "journal.sqlite"
    game = a_game(path)
    bad = [bad_row(path, game, data) for data in BAD]
    before = path.read_bytes()
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT count(*) FROM events").fetchone()[0]
    db.close()
    assert main(["journal", "check", "--journal", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(f"event {b}" in line for b, line in zip(bad, err, strict=True))
    assert path.read_bytes() == before  # checking changes nothing
    assert main(["journal", "export", "--journal", str(path), "--game", str(game)]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert "move" in [e["kind"] for e in exported["events"]]
    assert [b["id"] for b in exported["bad"]] == bad
    assert main(["journal", "repair", "--journal", str(path)]) == 0
    out = capsys.readouterr().out
    copies = sorted(tmp_path.glob("journal.sqlite.before-repair-*"))
    assert len(copies) == 1 and copies[0].name in out
    with closing(sqlite3.connect(copies[0])) as old:  # every row, the bad ones too
        assert old.execute("SELECT count(*) FROM events").fetchone()[0] == rows
    with closing(sqlite3.connect(path)) as new:
        assert new.execute("SELECT count(*) FROM events").fetchone()[0] == rows - 3
    assert main(["journal", "check", "--journal", str(path)]) == 0
    table = Table.new(position(), path, resume=True)
    assert table.resumed and table.position.to_move == "yellow"


def test_the_red_led_stays_on_while_the_journal_cannot_be_written(tmp_path, monkeypatch):
    from companion.settings.config import PanelConfig

    table = Table.new(position(), tmp_path / "journal.sqlite")
    with mock_panel(table, PanelConfig(hold_seconds=0.2)) as (panel, _):
        journal = table.journal
        assert journal is not None
        table.referee.confirm_board()
        assert panel.state().verdict != "bad"
        real = journal._insert
        monkeypatch.setattr(journal, "_insert", lambda *a: _full(None))  # type: ignore[arg-type]
        with pytest.raises(JournalError):
            table.referee.observe_dice([5, 2])
        assert panel.state().verdict == "bad"
        monkeypatch.setattr(journal, "_insert", real)
        table.referee.observe_dice([5, 2])
        assert panel.state().verdict != "bad"


def test_a_second_serve_is_refused_in_one_line(tmp_path, capsys):
    import socket

    data = tmp_path / "home-data" / "companion"  # the data directory of conftest's XDG
    data.mkdir(parents=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    first = hold_data_dir(data)
    try:
        assert main(["serve", "--port", str(port)]) == 2
    finally:
        first.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "in use by another companion serve" in err


def test_the_journal_keeps_no_shared_memory_file_a_write_could_fault_on(tmp_path):
    # SQLite's WAL index in a mapped `-shm` file: made immutable (`chattr +i`) or cut
    # short while the game runs, the next write faults (SIGBUS) and the process dies with
    # no line in the log. The journal's single writer keeps the index in its own memory.
    path = tmp_path / "journal.sqlite"
    table = Table.new(position(), path)
    table.referee.confirm_board()
    table.referee.observe_dice([5, 2])
    assert not (tmp_path / "journal.sqlite-shm").exists()
    table.journal.close()  # type: ignore[union-attr]


def test_an_immutable_journal_mid_game_is_a_one_line_error_not_a_crash(tmp_path):
    # In a child process: before the fix it died of SIGBUS at the next write.
    script = f"""
from conftest import position
from companion.store.journal import JournalError
from companion.table.table import Table
table = Table.new(position(), {str(tmp_path / "journal.sqlite")!r})
table.referee.confirm_board()
print("ready", flush=True)
input()  # the journal's files are made immutable now
try:
    for _ in range(50):
        table.journal.append(table.referee.game_id, "board", {{"fields": {{}}}})
    print("written")
except JournalError as exc:
    print("refused:", exc)
"""
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parent,
    )
    assert child.stdout is not None and child.stdout.readline() == "ready\n"
    files = [str(f) for f in tmp_path.iterdir()]
    try:
        if subprocess.run(["chattr", "+i", *files], capture_output=True).returncode:
            child.kill()
            pytest.skip("chattr +i is not permitted here (needs CAP_LINUX_IMMUTABLE)")
        out, err = child.communicate("\n", timeout=30)
    finally:
        subprocess.run(["chattr", "-i", *files], capture_output=True)
    assert child.returncode == 0, err[-500:]
    assert out.startswith(("written", "refused: ")) and out.count("\n") == 1, out


def test_journal_check_while_the_server_holds_the_journal_says_so(tmp_path, capsys):
    path = tmp_path / "journal.sqlite"
    a_game(path)
    with Journal(path):  # as `companion serve` holds it
        assert main(["journal", "check", "--journal", str(path)]) == 2
    err = capsys.readouterr().err
    assert "in use" in err and "stop" in err and "damaged" not in err


def test_a_second_serve_is_told_how_to_stop_the_first_and_how_to_use_another_folder(
    tmp_path, capsys
):
    # new-user trial s6: systemctl was named on a laptop, and no way to give another folder
    import socket

    other = tmp_path / "tray-data"
    other.mkdir()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    first = hold_data_dir(other)
    try:  # --data-dir is taken: the folder held is the one refused
        assert main(["serve", "--tray", "--data-dir", str(other), "--port", str(port)]) == 2
    finally:
        first.close()
    err = capsys.readouterr().err
    assert f"{other}: in use by another companion serve (pid {os.getpid()})" in err
    # trial s13 L5: a serve the cgroup does not show as the service may still be one
    assert "stop it first (Ctrl+C where it runs, or as the service: sudo systemctl stop" in err
    assert "companion serve --data-dir FOLDER" in err


def test_a_first_serve_that_runs_as_the_service_is_stopped_with_systemctl(tmp_path, monkeypatch):
    from companion.store import lock

    monkeypatch.setattr(lock, "_as_service", lambda pid: True)
    first = hold_data_dir(tmp_path)
    try:
        with pytest.raises(JournalError, match=r"stop it first \(sudo systemctl stop companion\)"):
            hold_data_dir(tmp_path)
    finally:
        first.close()


def test_the_pin_of_a_server_in_another_folder_is_shown_with_data_dir(tmp_path, capsys):
    assert main(["pin", "--data-dir", str(tmp_path / "tray-data")]) == 0
    pin = capsys.readouterr().out.strip()
    assert (tmp_path / "tray-data" / "pin").read_text().strip() == pin


def test_the_page_says_once_what_cannot_be_written_and_that_nothing_is_lost(tmp_path):
    from companion.store.journalcheck import cannot_write
    from companion.web import Table, create_app

    table = Table.new(journal_path=tmp_path / "journal.sqlite")
    assert table.journal is not None
    table.journal._set_problem(cannot_write(tmp_path / "journal.sqlite", OSError("disk full")))
    app = create_app({"TABLE": table, "TESTING": True})
    page = app.test_client().get("/?lang=de").get_data(as_text=True)
    banner = page.split('class="flash error" role="alert">')[1].split("</p>")[0]
    assert banner.count("kann nicht geschrieben werden") == 1, banner
    assert banner.endswith("Nichts geht verloren: der Schiedsrichter wartet, bis es wieder geht.")
