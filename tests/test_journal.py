"""The journal: append-only, durable at every event, resumable, never overwrites a stranger."""

from __future__ import annotations

import hashlib
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from conftest import position

from companion.store.events import fold
from companion.store.journal import Journal
from companion.store.journalcheck import JournalError


def moved(pos, frm, to, announcement):  # type: ignore[no-untyped-def]
    after = pos.moved({frm: to}).with_to_move(pos.next_player())
    return after, {"after": after.to_json(), "announcement": announcement}


def test_a_game_is_recorded_and_exported(tmp_path):
    pos = position()
    with Journal(tmp_path / "j.sqlite") as journal:
        game = journal.start_game(pos, note="club evening")
        journal.append(game, "roll", {"dice": [4, 3]})
        after, data = moved(pos, "red.S1", "U1.11", "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0")
        journal.append(game, "move", data)
        journal.append(game, "verdict", {"verdict": "legal"})
        record = journal.export(game)
    assert record["announcements"] == ["Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"]
    assert record["position"] == after.to_json()
    assert [e["kind"] for e in record["events"]] == ["start", "roll", "move", "verdict"]
    assert record["events"][0]["data"]["note"] == "club evening"


def test_undo_takes_back_the_move_it_names(tmp_path):
    pos = position()
    with Journal(tmp_path / "j.sqlite") as journal:
        game = journal.start_game(pos)
        _, data = moved(pos, "red.S1", "U1.11", "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0")
        move = journal.append(game, "move", data)
        journal.append(game, "undo", {"undoes": move.id})
        state = fold(list(journal.events(game)))
    assert state.position == pos and state.announcements == []


def test_a_correction_sets_the_position(tmp_path):
    pos = position()
    fixed = pos.moved({"yellow.S1": "U2.3"})
    with Journal(tmp_path / "j.sqlite") as journal:
        game = journal.start_game(pos)
        journal.append(game, "correction", {"position": fixed.to_json(), "by": "operator"})
        assert fold(list(journal.events(game))).position == fixed


def test_events_cannot_be_changed_or_deleted(tmp_path):
    path = tmp_path / "j.sqlite"
    with Journal(path) as journal:
        journal.start_game(position())
    db = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE events SET kind='undo'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("DELETE FROM events")
    db.close()


def test_a_finished_game_takes_no_more_events(tmp_path):
    with Journal(tmp_path / "j.sqlite") as journal:
        game = journal.start_game(position())
        journal.append(game, "finish", {"winner": "red"})
        assert journal.unfinished() == []
        with pytest.raises(JournalError, match=f"game {game} is finished"):
            journal.append(game, "roll", {"dice": [1, 1]})
        with pytest.raises(JournalError, match="unknown event kind 'teleport'"):
            journal.append(game, "teleport", {})


def digest(path):  # type: ignore[no-untyped-def]
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_game_continued_in_a_later_record_goes_on_there(tmp_path):
    # review s12 finding 1: the game a copy continues is no longer unfinished, and
    # serve --resume N follows the copies to the newest one
    pos = position()
    with Journal(tmp_path / "j.sqlite") as journal:
        first = journal.start_game(pos)
        other = journal.start_game(pos)
        copy = journal.continue_game(first)
        assert [g.id for g in journal.unfinished()] == [other, copy]
        assert journal.continuation(first) == copy and journal.continuation(other) == other
        again = journal.continue_game(copy)  # the copy, left for another game, copied again
        assert journal.continuation(first) == again
        assert [g.id for g in journal.unfinished()] == [other, again]


def test_a_corrupt_file_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "j.sqlite"
    path.write_bytes(b"this is my shopping list, not a database\n" * 50)
    before = digest(path)
    with pytest.raises(JournalError, match="not a companion journal"):
        Journal(path)
    assert digest(path) == before


def test_a_damaged_journal_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "j.sqlite"
    with Journal(path) as journal:
        for _ in range(30):
            journal.start_game(position())
    data = bytearray(path.read_bytes())
    for page in range(1, len(data) // 4096):  # scribble over every b-tree page header
        data[page * 4096 : page * 4096 + 12] = b"\x0d\xff" * 6
    path.write_bytes(bytes(data))
    before = digest(path)
    with pytest.raises(JournalError, match="damaged journal"):
        Journal(path)
    assert digest(path) == before


def test_another_programs_database_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "photos.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (name TEXT)")
    db.commit()
    db.close()
    before = digest(path)
    with pytest.raises(JournalError, match="another program's SQLite database"):
        Journal(path)
    assert digest(path) == before


WRITER = textwrap.dedent(
    """
    import sys
    from companion.store.journal import Journal
    from companion.model.position import start_position
    journal = Journal(sys.argv[1])
    game = journal.start_game(start_position(players=["red", "yellow"]))
    n = 0
    while True:
        journal.append(game, "roll", {"dice": [n % 6 + 1, 2], "n": n})
        n += 1
        print(n, flush=True)
    """
)


def test_kill_9_in_mid_game_loses_no_event_that_was_written(tmp_path):
    path = tmp_path / "j.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    acknowledged = 0
    for line in proc.stdout:
        acknowledged = int(line)
        if acknowledged >= 40:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    with Journal(path) as journal:
        (game,) = journal.unfinished()
        rolls = [e.data["n"] for e in journal.events(game.id) if e.kind == "roll"]
        assert rolls == list(range(len(rolls)))  # no gap, nothing half-written
        assert len(rolls) >= acknowledged  # every event the writer was told of survived
        journal.append(game.id, "roll", {"dice": [6, 6], "n": len(rolls)})  # and it goes on
