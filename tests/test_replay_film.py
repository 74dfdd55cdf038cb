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
    # 4 turns: Gravitation's rules explain the first three, not yellow's 6+5 (brief r3)
    argv = ["sample", "game", "--game", "tunnelx", "--players", "red,yellow", "--turns", "4"]
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


def test_a_film_without_its_game_that_gravitation_cannot_explain_names_the_game_that_can(
    tunnelx_film, tmp_path, capsys
):
    # trial s11 H3, Medium: without --game and film.json a Tunnel X film was refereed as
    # Gravitation: "NICHT ERLAUBT: Kein erlaubter Zug führt zu diesem Brett" for a legal
    # Tunnel X move (yellow's 6+5), exit 1, with no word that it may be another game
    bare = tmp_path / "bare"
    shutil.copytree(tunnelx_film, bare, ignore=shutil.ignore_patterns("film.json"))
    code, out, err = replay(capsys, str(bare), "--players", "red,yellow")
    assert code == 2 and err.count("\n") == 1, (out, err)
    assert "NICHT ERLAUBT" not in out + err
    assert "kein erlaubter Zug von gravitation" in err
    assert "tunnelx erklärt jeden Zug bis hier: --game tunnelx" in err
    assert "hier angehalten" in err and "0034-move.jpg" in err
    code, out, err = replay(capsys, str(bare), "--players", "red,yellow", "--game", "tunnelx")
    assert code == 0 and "NICHT ERLAUBT" not in out, (out, err)


def test_a_game_named_with_game_is_refereed_as_named(tunnelx_film, tmp_path, capsys):
    # --game said: the players' own choice; its verdicts stand, one line each
    bare = tmp_path / "bare"
    shutil.copytree(tunnelx_film, bare, ignore=shutil.ignore_patterns("film.json"))
    code, out, _ = replay(capsys, str(bare), "--players", "red,yellow", "--game", "gravitation")
    assert code == 1 and "NICHT ERLAUBT" in out


def test_a_move_no_game_explains_names_the_games_whose_start_fits():
    from companion.cli.replay import _misfit
    from companion.model.boards import seen
    from companion.model.position import start_position

    start = start_position("gravitation", ["red", "yellow"])
    board = seen(start)
    field = next(f for f, c in board.items() if c == "red")
    board["U1.1" if field != "U1.1" else "U1.2"] = board.pop(field)  # no roll does this
    said = _misfit("frames", "0009.jpg", start, [((1, 2), board)])
    assert "a film of another game? name it with --game: tunnelx (or --game gravitation" in said
