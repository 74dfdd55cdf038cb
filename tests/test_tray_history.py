"""The dice tray's rolls in the journal: kept as their own event kind, surviving a
restart, exported as CSV and JSON (docs/tray.md)."""

import json
import sqlite3

import pytest

from companion.cli import main
from companion.store.journal import Journal
from companion.store.journalcheck import JournalError
from companion.tray.export import csv_text, json_record
from companion.tray.history import Roll, TrayDie, TrayLog, session_rolls
from companion.tray.tally import tally


def die(value, colour="red", kind="d6", confidence=0.95):
    return TrayDie(value, kind, colour, confidence, 10.0, 20.0)


def test_a_roll_is_kept_as_a_dice_event_and_survives_a_restart(tmp_path):
    path = tmp_path / "journal.db"
    with Journal(path) as journal:
        log = TrayLog.open(journal)
        roll = log.record([die(3), die(4, "blue")], "camera")
        assert roll.total == 7 and roll.sums() == {"red": 3, "blue": 4}
        assert [e.kind for e in journal.events(log.session)] == ["dice"]
    with Journal(path) as journal:
        again = TrayLog.open(journal)
        assert again.session == log.session
        assert again.rolls == [roll]


def test_the_names_of_the_colours_survive_a_restart(tmp_path):
    path = tmp_path / "journal.db"
    with Journal(path) as journal:
        TrayLog.open(journal).name({"red": "greift an", "blue": "verteidigt"})
    with Journal(path) as journal:
        assert TrayLog.open(journal).names == {"red": "greift an", "blue": "verteidigt"}


def test_a_tray_session_is_no_game(tmp_path):
    with Journal(tmp_path / "journal.db") as journal:
        TrayLog.open(journal).record([die(6)], "photo")
        assert journal.games() == [] and journal.unfinished() == []
        assert len(journal.trays()) == 1


def test_a_new_tray_finishes_the_old_one(tmp_path):
    with Journal(tmp_path / "journal.db") as journal:
        old = TrayLog.open(journal)
        old.record([die(1)], "synthetic")
        new = old.new_session()
        assert new.session != old.session and new.rolls == []
        assert TrayLog.open(journal).session == new.session
        assert session_rolls(journal, old.session)[1][0].dice == (die(1),)


def test_the_csv_has_one_row_per_die():
    rolls = [Roll(7, "2026-11-27T14:00:00.000+00:00", (die(3), die(4, "blue")), "camera")]
    assert csv_text(rolls).splitlines() == [
        "roll,at,source,die,value,kind,colour,confidence,asked,sum",
        "7,2026-11-27T14:00:00.000+00:00,camera,1,3,d6,red,0.950,0,7",
        "7,2026-11-27T14:00:00.000+00:00,camera,2,4,d6,blue,0.950,0,7",
    ]


def test_the_json_holds_the_rolls_and_the_fairness_per_colour():
    rolls = [Roll(i, "", (die(6), die(i % 6 + 1, "blue")), "camera") for i in range(60)]
    record = json_record(3, rolls)
    assert record["session"] == 3 and len(record["rolls"]) == 60
    groups = [(g["kind"], g["colour"], g["rolls"]) for g in record["fairness"]]
    assert groups == [("d6", "all", 120), ("d6", "red", 60), ("d6", "blue", 60)]
    red = record["fairness"][1]
    assert red["suspect"] and red["face"] == 6 and red["counts"]["6"] == 60
    assert not record["fairness"][2]["suspect"]
    json.dumps(record)


def test_miwin_dice_are_counted_over_their_own_faces():
    rolls = [Roll(1, "", (die(9, "blue", "miwin-III"),), "camera")]
    (group,) = tally(rolls)
    assert sorted(group.fairness.counts) == [1, 2, 5, 6, 7, 9]


def test_a_broken_dice_event_is_named_by_the_journal_check(tmp_path):
    with Journal(tmp_path / "journal.db") as journal:
        log = TrayLog.open(journal)
        journal.append(log.session, "dice", {"dice": [{"value": "six"}]})
        (bad,) = journal.bad_events()
        assert "a dice with bad data" in bad[2]


def test_a_journal_of_schema_1_is_upgraded_with_its_events_kept(tmp_path):
    path = tmp_path / "journal.db"
    with Journal(path) as journal:  # a schema-1 journal, as made before the tray
        journal._db.executescript(
            "INSERT INTO games VALUES (1, 'now', 'gravitation', 'gravitation', 'red', NULL);"
            "INSERT INTO events VALUES (1, 1, 'now', 'roll', '{\"dice\": [3, 4]}');"
            "DROP TABLE events; CREATE TABLE events (id INTEGER PRIMARY KEY, game_id INTEGER"
            " NOT NULL, at TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('roll')),"
            " data TEXT NOT NULL);"
            "INSERT INTO events VALUES (1, 1, 'now', 'roll', '{\"dice\": [3, 4]}');"
            "PRAGMA user_version=1;"
        )
    with Journal(path) as journal:
        assert [e.kind for e in journal.events(1)] == ["roll"]
        TrayLog.open(journal).record([die(2)], "camera")
        with pytest.raises(sqlite3.IntegrityError):  # still append-only
            journal._db.execute("DELETE FROM events")
    with Journal(path, read_only=True) as journal, pytest.raises(JournalError, match="9"):
        session_rolls(journal, 9)


def test_companion_export_tray_prints_csv_and_json(tmp_path, capsys):
    path = tmp_path / "journal.db"
    with Journal(path) as journal:
        log = TrayLog.open(journal)
        for value in (1, 2, 3):
            log.record([die(value), die(6, "blue")], "camera")
    assert main(["export", "--tray", "--journal", str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 1 + 6 and rows[1].endswith(",1,d6,red,0.950,0,7")
    assert main(["export", "--tray", "--json", "--journal", str(path)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert [r["sum"] for r in record["rolls"]] == [7, 8, 9]


def test_companion_export_tray_without_a_session_is_one_line(tmp_path, capsys):
    path = tmp_path / "journal.db"
    Journal(path).close()
    assert main(["export", "--tray", "--journal", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no dice tray session recorded yet" in err
