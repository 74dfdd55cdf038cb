"""One step of the game is all or nothing: a move, its verdict and the end of the game
are one transaction, and the referee changes only once the journal has them. A write
that fails (a full disk: SQLite's SQLITE_FULL, raised here by the journal's own insert)
leaves the table exactly as before, answered 503 "Speicher voll" / "disk full", and
play goes on as soon as there is room, without a restart."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import pytest
from conftest import csrf_of, on_synthetic_camera, position

from companion.store.journal import Journal
from companion.store.journalcheck import JournalError
from companion.table.table import Table


def full_disk_for(journal: Journal, kinds: set[str]) -> Callable[[], None]:
    """From now on, writing an event of one of ``kinds`` fails as on a full disk; the
    returned function makes room again."""
    real = journal._insert

    def insert(game_id: int, kind: str, data: Any, at: str) -> int:
        if kind in kinds:
            raise sqlite3.OperationalError("database or disk is full")
        return real(game_id, kind, data, at)

    journal._insert = insert  # type: ignore[method-assign]
    return lambda: setattr(journal, "_insert", real)


def rolled(tmp_path) -> Table:  # type: ignore[no-untyped-def]
    table = Table.new(position(), tmp_path / "journal.sqlite")
    table.referee.confirm_board()
    table.referee.observe_dice([5, 2])
    return table


def kinds_in(table: Table) -> list[str]:
    assert table.journal is not None
    return [e.kind for e in table.journal.events(table.referee.game_id)]


def test_a_move_whose_verdict_cannot_be_written_is_not_made(tmp_path):
    table = rolled(tmp_path)
    ref = table.referee
    before = (ref.position, ref.phase, ref.roll, len(ref.legal), kinds_in(table))
    room = full_disk_for(table.journal, {"verdict"})  # type: ignore[arg-type]
    with pytest.raises(JournalError, match="disk full"):
        ref.play(0)
    assert (ref.position, ref.phase, ref.roll, len(ref.legal), kinds_in(table)) == before
    room()
    assert ref.play(0).kind == "legal"  # the same move, now that there is room
    assert kinds_in(table)[-2:] == ["move", "verdict"]
    assert ref.phase.name == "ROLL" and ref.position.to_move == "yellow"


def test_a_roll_that_cannot_be_written_does_not_stay_in_memory(tmp_path):
    table = Table.new(position(), tmp_path / "journal.sqlite")
    ref = table.referee
    ref.confirm_board()
    room = full_disk_for(table.journal, {"roll"})  # type: ignore[arg-type]
    told: list[str] = []
    ref.listeners.append(lambda r: told.append(r.verdict.kind if r.verdict else ""))
    with pytest.raises(JournalError):
        ref.observe_dice([5, 2])
    assert ref.roll is None and ref.phase.name == "ROLL" and ref.legal == []
    assert told == []  # nobody was told of a roll that did not happen
    room()
    assert ref.observe_dice([5, 2]).kind == "info" and ref.roll == (5, 2)
    assert told == ["info"]


def test_the_page_answers_503_speicher_voll_and_plays_on_once_there_is_room(tmp_path):
    from companion.web import create_app

    table = rolled(tmp_path)
    client = create_app({"TABLE": table, "REFEREE_PIN": "246813"}).test_client()
    german = {"Accept-Language": "de"}
    page = client.get("/", headers=german).get_data(as_text=True)
    csrf = csrf_of(page)
    room = full_disk_for(table.journal, {"verdict"})  # type: ignore[arg-type]
    response = client.post("/play/0", data={"csrf_token": csrf}, headers=german)
    assert response.status_code == 503
    assert "Speicher voll" in response.get_data(as_text=True)
    assert "Speicher voll" in client.get("/", headers=german).get_data(as_text=True)
    assert client.get("/state.json").get_json()["phase"] == "move"
    room()
    assert client.post("/play/0", data={"csrf_token": csrf}).status_code == 302
    state = client.get("/state.json").get_json()
    assert state["phase"] == "roll" and state["position"]["to_move"] == "yellow"
    assert "disk full" not in client.get("/").get_data(as_text=True)


def test_a_full_disk_at_start_is_named_so_not_damage(tmp_path, monkeypatch):
    import os

    from companion.store import journal as journal_module

    path = tmp_path / "journal.sqlite"
    Table.new(position(), path).journal.close()  # type: ignore[union-attr]
    real_connect = sqlite3.connect

    def connect(target: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if "mode=ro" in str(target):  # SQLite cannot size its WAL index on a full disk
            raise sqlite3.OperationalError("disk I/O error")
        return real_connect(target, *args, **kwargs)

    real_statvfs = os.statvfs
    no_room = real_statvfs(tmp_path)
    monkeypatch.setattr(journal_module.sqlite3, "connect", connect)
    monkeypatch.setattr(
        os,
        "statvfs",
        lambda p: os.statvfs_result((*no_room[:4], 0, *no_room[5:])),
    )
    with pytest.raises(JournalError) as info:
        Journal(path)
    assert "disk full" in str(info.value) and "damaged" not in str(info.value)


def test_the_camera_tells_the_same_board_again_once_there_is_room(tmp_path, caplog):
    table = Table.new(position(), tmp_path / "journal.sqlite")
    live = on_synthetic_camera(table)
    room = full_disk_for(table.journal, {"board"})  # type: ignore[arg-type]
    with caplog.at_level("WARNING", logger="companion"):
        for _ in range(8):
            live.step()  # the still board cannot be written: said once, the camera goes on
    assert table.referee.phase.name == "SETUP"
    said = [r.getMessage() for r in caplog.records if "disk full" in r.getMessage()]
    assert len(said) == 1 and not any(r.exc_info for r in caplog.records)
    room()
    for _ in range(4):
        live.step()
    assert table.referee.phase.name == "ROLL"  # the same board, judged now


def test_a_commit_that_fails_keeps_nothing_of_the_step(tmp_path, monkeypatch):
    from companion.store import tables

    table = rolled(tmp_path)
    ref = table.referee
    before = (ref.position, ref.phase, ref.roll, kinds_in(table))

    def full(self) -> None:  # type: ignore[no-untyped-def]
        self.rollback()  # as SQLite does when the WAL cannot grow at the commit
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(tables.Transaction, "commit", full)
    with pytest.raises(JournalError, match="disk full"):
        ref.play(0)
    monkeypatch.undo()
    assert (ref.position, ref.phase, ref.roll, kinds_in(table)) == before
    assert ref.play(0).kind == "legal"
