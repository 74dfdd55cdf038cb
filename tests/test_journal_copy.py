"""The copy of a journal that a running server holds (companion/store/snapshot.py), taken
while the server writes: a checkpoint while the main file is copied and a WAL restart while
the WAL is copied give a torn copy (review s12 finding 3: it was accepted, and export then
called the club's sound journal "damaged" and named the temporary copy)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from test_game_record import a_game_of_three_rolls

from companion.cli import main
from companion.store import snapshot


def a_busy_journal(path: Path) -> sqlite3.Connection:
    """A plain SQLite writer in WAL mode with 30 commits in its WAL, none checkpointed."""
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, data TEXT NOT NULL)")
    writer.execute("CREATE INDEX by_data ON events(data)")
    writer.execute("INSERT INTO events (data) VALUES ('x')")
    writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for commit in range(30):
        rows = [(f"{commit:03d}-{i:03d}-" + "y" * 300,) for i in range(40)]
        writer.execute("BEGIN")
        writer.executemany("INSERT INTO events (data) VALUES (?)", rows)
        writer.execute("COMMIT")
    return writer


def test_a_wal_restart_during_the_copy_is_seen_and_the_copy_taken_again(tmp_path, monkeypatch):
    live = tmp_path / "journal.sqlite"
    writer = a_busy_journal(live)
    plain = shutil.copyfile
    torn = {"main": False, "wal": False}

    def copy_while_the_server_writes(src: Path, dst: Path) -> Path:
        """The first copy of each file with the server's writes in the middle of it."""
        which = "main" if Path(src) == live else "wal"
        if torn[which]:
            return Path(plain(src, dst))
        torn[which] = True
        with open(src, "rb") as a, open(dst, "wb") as b:
            if which == "main":
                b.write(a.read(8192))  # the first pages, old
                writer.execute("PRAGMA wal_checkpoint(PASSIVE)")  # the server's checkpoint
            else:
                b.write(a.read(32 + 2 * (24 + 4096)))  # the header and two frames
                rows = [(f"z{i:04d}" + "z" * 300,) for i in range(200)]
                writer.execute("BEGIN")  # the WAL restarts, with more frames than copied
                writer.executemany("INSERT INTO events (data) VALUES (?)", rows)
                writer.execute("COMMIT")
            b.write(a.read())
        return Path(dst)

    monkeypatch.setattr(snapshot.shutil, "copyfile", copy_while_the_server_writes)
    copy = tmp_path / "copy" / "journal.sqlite"
    copy.parent.mkdir()
    snapshot._copy(live, copy)
    assert torn == {"main": True, "wal": True}
    reader = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
    assert reader.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert reader.execute("SELECT count(*) FROM events").fetchone()[0] == 1 + 30 * 40 + 200
    reader.close()
    writer.close()


def test_a_copy_that_cannot_be_read_is_no_damaged_journal(tmp_path, monkeypatch, capsys):
    journal = tmp_path / "journal.sqlite"
    a_game_of_three_rolls(journal).journal.close()  # type: ignore[union-attr]
    taken = snapshot._copy

    def torn_copy(path: Path, copy: Path) -> None:
        taken(path, copy)
        page = bytearray(copy.read_bytes())
        page[4096:8192] = b"\x07" * 4096  # a page of the copy unreadable
        copy.write_bytes(bytes(page))

    monkeypatch.setattr(snapshot, "_copy", torn_copy)
    monkeypatch.setattr(snapshot, "held", lambda path: True)  # as if the server held it
    assert main(["--lang", "en", "export", "--data-dir", str(tmp_path)]) == 2
    said = capsys.readouterr().err
    assert said == (
        f"companion export: {journal}: the journal is being written and no copy of it read "
        f"cleanly ({snapshot.TRIES} tries); try again in a moment\n"
    )
    assert main(["journal", "check", "--journal", str(journal)]) == 0  # it is sound


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_message_is_one_line(lang, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(snapshot, "_reads_cleanly", lambda copy: False)
    monkeypatch.setattr(snapshot, "held", lambda path: True)
    a_game_of_three_rolls(tmp_path / "journal.sqlite").journal.close()  # type: ignore[union-attr]
    assert main(["--lang", lang, "export", "--data-dir", str(tmp_path)]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "damage" not in said and "beschädigt" not in said
