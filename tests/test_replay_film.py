"""A replay of the wrong game says so (trial s11 H3): a Tunnel X film replayed as TENET
printed nothing and exited 0. A replay that never saw the game's board set up says so in
one line and exits 2; a film of ``sample game`` names its game (film.json), which replay
takes when --game is left off and holds against a --game that names another."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.cli import main


@pytest.fixture(scope="module")
def tunnelx_film(tmp_path_factory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("film") / "frames"
    argv = ["sample", "game", "--game", "tunnelx", "--players", "red,yellow", "--turns", "1"]
    assert main([*argv, "-o", str(folder), "--json"]) == 0
    return folder


def replay(capsys, *argv: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = main(["--lang", "de", "replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_sample_game_writes_the_game_it_filmed(tunnelx_film):
    note = json.loads((tunnelx_film / "film.json").read_text())
    assert note == {"game": "tunnelx", "players": ["red", "yellow"]}


def test_a_film_without_its_game_replayed_as_another_says_nothing_was_judged(
    tunnelx_film, tmp_path, capsys
):
    bare = tmp_path / "bare"  # a film from elsewhere: no film.json
    shutil.copytree(tunnelx_film, bare, ignore=shutil.ignore_patterns("film.json"))
    for json_flag in ((), ("--json",)):
        code, out, err = replay(capsys, str(bare), "--game", "tenet", *json_flag)
        assert code == 2 and out == "" and err.count("\n") == 1, (out, err)
        assert "nie das Brett von tenet aufgebaut gesehen; nichts beurteilt" in err
        assert "ein Film eines anderen Spiels? --game nennt es:" in err and "tunnelx" in err


def test_a_film_that_names_its_game_refuses_another(tunnelx_film, capsys):
    code, out, err = replay(capsys, str(tunnelx_film), "--game", "tenet")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "ist ein Film von tunnelx (film.json), nicht von tenet: --game tunnelx" in err


def test_a_film_that_names_its_game_is_replayed_as_that_game_without_game(tunnelx_film, capsys):
    code, out, err = replay(capsys, str(tunnelx_film), "--json")
    verdicts = [json.loads(line) for line in out.splitlines()]
    assert code == 0, err
    moves = [v for v in verdicts if v["verdict"] in ("legal", "illegal", "ambiguous")]
    assert moves and all(v["verdict"] == "legal" for v in moves)
