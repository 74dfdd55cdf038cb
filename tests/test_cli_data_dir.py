"""A data folder that cannot be used is said in one line in the players' language,
naming the folder and what to do, before the server starts (new-comer trial s8: Python's
"No such file or directory: /proc/nonexistent" under --lang de; --data-dir "" silently
meant the default folder)."""

from __future__ import annotations

import os
import socket
import stat

import pytest

from companion.cli import main

TAKEN = socket.socket()  # a port in use: a folder wrongly taken ends in one line, not a server
TAKEN.bind(("127.0.0.1", 0))
TAKEN.listen()


def said(capsys, *argv: str) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    code = main(["--lang", "de", *argv, "--port", str(TAKEN.getsockname()[1])])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return code, err


def test_a_folder_where_none_can_be_made_is_named_with_the_way_out(capsys):
    code, err = said(capsys, "serve", "--data-dir", "/proc/nonexistent")
    assert code == 2
    assert "Datenordner /proc/nonexistent lässt sich nicht anlegen" in err
    assert "--data-dir ORDNER" in err and "No such file" not in err


def test_an_empty_data_dir_is_refused_not_taken_as_the_default(capsys):
    code, err = said(capsys, "serve", "--data-dir", "")
    assert code == 2 and "--data-dir ist leer" in err


def test_a_file_in_the_folders_place_is_said(capsys, tmp_path):
    (tmp_path / "data").write_text("not a folder")
    for folder in (tmp_path / "data", tmp_path / "data" / "below"):
        code, err = said(capsys, "serve", "--data-dir", str(folder))
        assert code == 2 and f"Datenordner {folder}: dort" in err and "Datei statt" in err


def test_a_read_only_folder_is_said_with_chmod(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    folder.chmod(0o555)
    if os.geteuid() == 0:  # root writes anyway: ask the mode, as a user would meet it
        writable = lambda p, mode, **k: bool(os.stat(p).st_mode & stat.S_IWUSR)  # noqa: E731
        monkeypatch.setattr(os, "access", writable)
    try:
        code, err = said(capsys, "serve", "--data-dir", str(folder))
    finally:
        folder.chmod(0o755)
    assert code == 2 and f"in den Datenordner {folder} lässt sich nicht schreiben" in err
    assert f"chmod u+w {folder}" in err


@pytest.mark.parametrize("lang", ["de", "en"])
def test_pin_says_it_alike(capsys, lang):
    assert main(["--lang", lang, "pin", "--data-dir", "/proc/nonexistent"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert ("lässt sich nicht anlegen" if lang == "de" else "cannot make the data folder") in err
