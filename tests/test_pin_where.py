"""The PIN page says where the PIN is: the file of the referee's data folder and the
command that prints it there (new-user trial s14 L8: "in its log at start", but the log
gives only the file's path)."""

from __future__ import annotations

from conftest import position

from companion.settings.pin import keep_pin
from companion.web import Table, create_app


def test_the_pin_page_names_the_pin_file_and_the_command(tmp_path):
    keep_pin(tmp_path, "246813")
    table = Table.new(position(), tmp_path / "journal.sqlite")
    client = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "246813"}).test_client()
    page = client.get("/unlock?lang=en").get_data(as_text=True)
    where = page[page.index('id="pin-where"') :]
    assert str(tmp_path / "pin") in where
    assert f"companion pin --data-dir {tmp_path}" in where
    assert "246813" not in page


def test_a_pin_from_the_config_is_said_to_be_there(tmp_path):
    keep_pin(tmp_path, "135792")  # an older PIN kept in the folder: not the one asked
    table = Table.new(position(), tmp_path / "journal.sqlite")
    client = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "246813"}).test_client()
    where = client.get("/unlock?lang=en").get_data(as_text=True)
    assert "web.pin" in where and str(tmp_path / "pin") not in where


def test_a_visitor_sees_the_home_folder_as_a_tilde(tmp_path, monkeypatch):
    # review s14b: the page, open to every phone at the table, named the account's home
    folder = tmp_path / "my data"
    folder.mkdir()
    keep_pin(folder, "246813")
    monkeypatch.setattr("pathlib.Path.home", lambda: tmp_path)
    table = Table.new(position(), folder / "journal.sqlite")
    client = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": "246813"}).test_client()
    page = client.get("/unlock?lang=en").get_data(as_text=True)
    assert str(tmp_path) not in page
    assert "companion pin --data-dir ~/&#39;my data&#39;" in page, page
