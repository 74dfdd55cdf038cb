"""A journal that cannot be trusted is refused, never shrunk: each damage found by a
probe of a stopped server's journal (its game still in the WAL) is refused at start in
one line naming the file, found by `companion journal check`, and `companion journal
repair` keeps what is sound in a new journal, the damaged files beside it."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.cli import main
from companion.store.journal import Journal
from companion.store.journalcheck import JournalError, ack_file, acknowledged, wal_file
from companion.table.table import Table

EVENTS = 32

#: A server's journal stopped as by kill -9: the game is in the WAL, never checkpointed.
WRITER = textwrap.dedent(
    f"""
    import os, sys
    from companion.store.journal import Journal
    from companion.model.position import start_position
    journal = Journal(sys.argv[1])
    game = journal.start_game(start_position(players=["red", "yellow"]))
    for n in range({EVENTS} - 1):
        journal.append(game, "roll", {{"dice": [n % 6 + 1, 2], "n": n}})
    os._exit(0)
    """
)


@pytest.fixture(scope="module")
def stopped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("stopped")
    subprocess.run([sys.executable, "-c", WRITER, str(folder / "journal.sqlite")], check=True)
    return folder


@pytest.fixture()
def journal(stopped: Path, tmp_path: Path) -> Path:
    """A copy of the stopped journal: its main file, WAL and acknowledged id."""
    for item in stopped.iterdir():
        shutil.copyfile(item, tmp_path / item.name)
    return tmp_path / "journal.sqlite"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "-"


def cut_wal_to_half(path: Path) -> None:
    wal = wal_file(path)
    os.truncate(wal, wal.stat().st_size // 2)


def empty_wal(path: Path) -> None:
    os.truncate(wal_file(path), 0)


def empty_main_file(path: Path) -> None:
    os.truncate(path, 0)


def flip_a_byte_of_the_wal(path: Path) -> None:
    wal = wal_file(path)
    data = bytearray(wal.read_bytes())
    data[len(data) // 3] ^= 0x01
    wal.write_bytes(bytes(data))


DAMAGES: dict[str, Callable[[Path], None]] = {
    "wal cut to half": cut_wal_to_half,
    "wal cut to 0": empty_wal,
    "main file cut to 0": empty_main_file,
    "one byte of the wal flipped": flip_a_byte_of_the_wal,
}


def test_the_stopped_journal_as_it_is_resumes_whole(journal):
    assert acknowledged(journal) == EVENTS
    with Journal(journal) as whole:
        assert whole.last_id() == EVENTS


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_journal_is_refused_in_one_line_and_left_as_it_is(journal, damage):
    DAMAGES[damage](journal)
    before = (digest(journal), digest(wal_file(journal)))
    with pytest.raises(JournalError) as info:
        Table.new(None, journal, resume=True)
    line = str(info.value)
    assert "\n" not in line and str(journal) in line and "damaged journal" in line
    assert "companion journal repair" in line
    assert (digest(journal), digest(wal_file(journal))) == before  # nothing shrunk


@pytest.mark.parametrize("damage", DAMAGES)
def test_journal_check_finds_each_damage(journal, damage, capsys):
    DAMAGES[damage](journal)
    assert main(["journal", "check", "--journal", str(journal)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "damaged journal" in err


@pytest.mark.parametrize("damage", DAMAGES)
def test_repair_keeps_what_is_sound_beside_the_damaged_files(journal, damage, capsys):
    DAMAGES[damage](journal)
    before = (digest(journal), digest(wal_file(journal)))
    assert main(["journal", "repair", "--journal", str(journal)]) == 0
    (aside,) = journal.parent.glob("journal.sqlite.damaged-*[0-9]Z")
    assert (digest(aside), digest(wal_file(aside))) == before  # byte for byte
    with Journal(journal) as repaired:  # starts again, with what could be read
        kept = repaired.last_id()
        assert kept <= EVENTS
        if damage == "main file cut to 0":
            assert kept == EVENTS  # the whole game was in the WAL
    assert (acknowledged(journal) or 0) == kept
    assert main(["journal", "check", "--journal", str(journal)]) == 0


def test_a_missing_acknowledgement_is_no_damage(journal):
    ack_file(journal).unlink()  # a journal from before the check
    with Journal(journal) as whole:
        assert whole.last_id() == EVENTS
    assert acknowledged(journal) == EVENTS


def test_every_commit_is_acknowledged_apart_from_the_wal(tmp_path):
    from companion.model.position import start_position

    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal:
        game = journal.start_game(start_position(players=["red", "yellow"]))
        event = journal.append(game, "roll", {"dice": [3, 4]})
        assert acknowledged(path) == event.id
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT max(id) FROM events").fetchone()[0] == event.id
