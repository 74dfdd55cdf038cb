"""`companion export` during a game: the data folder named as serve and pin name it, and
the record read while a running server holds the journal (new-user trial s11 L5: it said
"in use … stop it first", and took only --journal FILE)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from test_game_record import a_game_of_three_rolls

from companion.cli import main

#: A server in a process of its own, as `companion serve` is: it plays red's 4+3 and
#: yellow's 5+2 and holds its journal; on each line read it plays the next roll.
SERVER = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, "tests")
    from conftest import position
    from companion.table.table import Table
    table = Table.new(position(), sys.argv[1])
    ref = table.referee
    ref.confirm_board()
    for dice in ([4, 3], [5, 2]):
        ref.observe_dice(dice)
        ref.play(0)
    print("ready", flush=True)
    for line in sys.stdin:
        ref.observe_dice([6, 1])
        ref.play(0)
        print("moved", flush=True)
    table.journal.close()
    """
)


def test_export_takes_the_data_folder_as_serve_does(tmp_path, capsys):
    folder = tmp_path / "club"
    folder.mkdir()
    a_game_of_three_rolls(folder / "journal.sqlite").journal.close()  # type: ignore[union-attr]
    assert main(["export", "--journal", str(folder / "journal.sqlite")]) == 0
    by_file = capsys.readouterr().out
    assert main(["export", "--data-dir", str(folder)]) == 0
    assert capsys.readouterr().out == by_file
    assert "\n3. red 6+1: " in by_file


def test_export_reads_the_record_while_the_server_holds_the_journal(tmp_path, capsys):
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(tmp_path / "journal.sqlite")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdin is not None and server.stdout is not None
    try:
        assert server.stdout.readline() == "ready\n"
        assert main(["export", "--data-dir", str(tmp_path)]) == 0
        out, err = capsys.readouterr()
        turns = [line for line in out.splitlines() if line[:3] in ("1. ", "2. ", "3. ")]
        assert [t[:11] for t in turns] == ["1. red 4+3:", "2. yellow 5"] and err == ""
        server.stdin.write("next\n")  # the server writes on, undisturbed by the reader
        server.stdin.flush()
        assert server.stdout.readline() == "moved\n"
        assert main(["export", "--data-dir", str(tmp_path), "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        assert [t["dice"] for t in record["turns"]] == [[4, 3], [5, 2], [6, 1]]
    finally:
        server.stdin.close()
        assert server.wait(timeout=30) == 0
    assert not list(Path(tmp_path).glob("*.sqlite-shm"))  # nothing of the reader's left
    assert main(["journal", "check", "--journal", str(tmp_path / "journal.sqlite")]) == 0


@pytest.mark.parametrize("folder", ["", "   "])
def test_an_empty_data_folder_is_refused_as_serve_refuses_it(folder, capsys):
    assert main(["export", "--data-dir", folder]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_what_export_cannot_find_is_said_in_german(tmp_path, capsys):
    assert main(["--lang", "de", "export", "--data-dir", str(tmp_path)]) == 2
    journal = tmp_path / "journal.sqlite"
    assert capsys.readouterr().err == (
        f"companion export: {journal}: hier ist kein Journal "
        "(--data-dir ORDNER oder --journal DATEI nennt es)\n"
    )
    a_game_of_three_rolls(journal).journal.close()  # type: ignore[union-attr]
    assert main(["--lang", "de", "export", "--data-dir", str(tmp_path), "--game", "9"]) == 2
    assert capsys.readouterr().err == f"companion export: {journal}: kein Spiel 9 im Journal\n"
    assert main(["--lang", "de", "export", "--data-dir", str(tmp_path), "--tray"]) == 2
    said = capsys.readouterr().err
    assert (
        said == f"companion export: {journal}: noch keine Sitzung der Würfelschale aufgezeichnet\n"
    )
