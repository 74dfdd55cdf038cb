"""A restart never loses the game (trial s11 H1): ``companion serve`` run again with the
command that began the game goes on with it; a command that asks for another game or other
players refuses in one line that says how to go on, instead of hiding the unfinished game
behind a new empty one; ``--new-game`` starts anew."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import csrf_of

from companion.cli import main
from companion.store.journal import Journal


class _Stopped:
    """The web server, stopped at once: serve opens the journal and the table, then ends."""

    def run(self) -> None:
        return None

    def close(self) -> None:
        return None


@pytest.fixture
def serve(monkeypatch, tmp_path, capsys, caplog):  # type: ignore[no-untyped-def]
    from companion.web import connections

    monkeypatch.setattr(connections, "guarded_server", lambda *args, **kwargs: _Stopped())

    def run(*flags: str) -> tuple[int, str]:
        """The exit status, and what it wrote: a refusal's one line (and any log line
        before it, which must be none), else the log."""
        caplog.clear()
        with caplog.at_level("INFO", logger="companion"):
            code = main(["--lang", "de", "serve", "--data-dir", str(tmp_path), *flags])
        return code, capsys.readouterr().err + caplog.text if code else caplog.text

    return run


def listed(tmp_path, lang: str = "de") -> tuple[int, str]:  # type: ignore[no-untyped-def]
    """``serve --resume`` without N: its exit status and what it printed (a list, not a
    refusal: it starts nothing)."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--lang", lang, "serve", "--data-dir", str(tmp_path), "--resume"])
    return code, out.getvalue() + err.getvalue()


def games(tmp_path) -> list[tuple[int, str, tuple[str, ...], str | None]]:  # type: ignore[no-untyped-def]
    with Journal(tmp_path / "journal.sqlite", read_only=True) as journal:
        return [(g.id, g.game, g.players, g.finished) for g in journal.games()]


def test_the_same_command_after_a_kill_goes_on_with_the_game(serve, tmp_path):
    tunnelx = ("--game", "tunnelx", "--players", "red,yellow")
    assert serve(*tunnelx)[0] == 0
    code, log = serve(*tunnelx)  # as after a power cut: the club's command, unchanged
    assert code == 0 and "unfertiges Spiel fortgesetzt" in log
    assert games(tmp_path) == [(1, "tunnelx", ("red", "yellow"), None)]
    assert serve("--game", "tunnelx")[0] == 0  # the game alone fits it too
    assert len(games(tmp_path)) == 1


def test_another_game_is_refused_naming_the_unfinished_one_and_the_ways_on(serve, tmp_path):
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    code, err = serve("--game", "tenet", "--players", "red,yellow")
    assert code == 2 and err.count("\n") == 1, err
    assert "unfertige Spiel 1 (ZwiAner::Tunnel X mit Rot, Gelb), nicht --game tenet" in err
    assert "ohne --game tenet starten" in err and "--new-game anhängen" in err
    code, err = serve("--game", "tunnelx", "--players", "red,yellow,green")
    assert code == 2 and "nicht --players red,yellow,green" in err
    assert len(games(tmp_path)) == 1  # nothing begun in its place


def test_new_game_starts_anew_and_no_flags_resume_whatever_is_unfinished(serve, tmp_path):
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    assert serve("--game", "tenet", "--new-game")[0] == 0
    assert [g[1] for g in games(tmp_path)] == ["tunnelx", "tenet"]
    code, log = serve()  # the Pi's service: its config alone, the newest game unfinished
    assert code == 0 and "unfertiges Spiel fortgesetzt" in log and len(games(tmp_path)) == 2


def test_a_mistyped_game_makes_no_data_folder_and_no_pin(serve, tmp_path):
    # trial s11 L1: the refused serve had made the folder and a new PIN
    folder = tmp_path / "d4"
    code = main(["--lang", "de", "serve", "--game", "tunelx", "--data-dir", str(folder)])
    assert code == 2 and not folder.exists()


def test_the_pis_service_names_no_game_so_it_restarts_into_the_unfinished_one():
    from pathlib import Path

    unit = (Path(__file__).parents[1] / "systemd" / "companion.service").read_text()
    start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    assert " serve " in start
    assert not any(flag in start for flag in ("--new-game", "--game", "--players", "--layout"))


def finish(tmp_path, game_id: int) -> None:  # type: ignore[no-untyped-def]
    with Journal(tmp_path / "journal.sqlite") as journal:
        journal.append(game_id, "finish", {})


def test_a_game_that_another_followed_is_abandoned_not_resumed(serve, tmp_path):
    # review s11 finding 3: Türme left unfinished, then Tunnel X played to the end
    assert serve("--game", "tuerme", "--players", "red,blue")[0] == 0
    assert serve("--game", "tunnelx", "--players", "red,yellow", "--new-game")[0] == 0
    finish(tmp_path, 2)
    code, log = serve("--game", "tunnelx", "--players", "red,yellow")  # the club's command
    assert code == 0 and "unfertiges Spiel fortgesetzt" not in log, log
    assert games(tmp_path)[2][:3] == (3, "tunnelx", ("red", "yellow"))
    finish(tmp_path, 3)
    code, log = serve()  # the Pi's service after a finished game: a new game, not Türme
    assert code == 0 and "unfertiges Spiel fortgesetzt" not in log, log
    assert len(games(tmp_path)) == 4 and games(tmp_path)[3][3] is None


def test_a_game_the_page_left_for_the_dice_tray_is_not_taken_up(serve, tmp_path):
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    with Journal(tmp_path / "journal.sqlite") as journal:
        journal.start_tray("red,blue")
    code, log = serve()
    assert code == 0 and "unfertiges Spiel fortgesetzt" not in log, log
    assert [g[0] for g in games(tmp_path)] == [1, 3]


def test_the_same_layout_file_named_by_another_path_is_the_same_board(serve, tmp_path, monkeypatch):
    # review s11 L7: `--layout go.json`, then its absolute path, was refused
    from pathlib import Path

    import companion

    board = Path(companion.__file__).parent / "layouts" / "tuerme.json"
    (tmp_path / "club.json").write_text(board.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    tuerme = ("--game", "tuerme", "--players", "red,blue")
    assert serve(*tuerme, "--layout", "club.json")[0] == 0
    for named in ("./club.json", str(tmp_path / "club.json")):
        code, log = serve(*tuerme, "--layout", named)
        assert code == 0 and "unfertiges Spiel fortgesetzt" in log, log
    assert len(games(tmp_path)) == 1
    (tmp_path / "other.json").write_text(board.read_text(encoding="utf-8"), encoding="utf-8")
    code, err = serve(*tuerme, "--layout", "other.json")  # another file is another board
    assert code == 2 and "nicht --layout other.json" in err, err


def play_two_moves_and_an_undo(tmp_path) -> list[str]:  # type: ignore[no-untyped-def]
    """Game 1 (Tunnel X), as serve left it: red and yellow move, yellow takes it back
    and moves again; then the plug is pulled (each event was committed as it came)."""
    from companion.table.referee import Referee
    from companion.table.table import rules

    with Journal(tmp_path / "journal.sqlite") as journal:
        ref = Referee.resume(journal, 1, rules)
        ref.confirm_board()
        for dice in ([4, 3], [5, 2]):
            ref.observe_dice(dice)
            ref.play(0)
        ref.undo()
        ref.confirm_board()
        ref.play(1)
        ref.observe_dice([6, 1])  # read, not yet moved on
        return [p.said for p in ref._history]


def test_an_abandoned_game_is_taken_up_again_with_resume(serve, tmp_path):
    # brief r3: serve takes up only the newest record; a club that began another game
    # after a power cut (or by mistake) had no way back to the first one
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    said = play_two_moves_and_an_undo(tmp_path)
    assert serve("--game", "tenet", "--new-game")[0] == 0  # another game in front of it
    code, log = serve("--resume", "1")
    assert code == 0 and "Spiel 1 als Spiel 3 fortgesetzt (2 Züge)" in log, log
    assert [g[:2] for g in games(tmp_path)] == [(1, "tunnelx"), (2, "tenet"), (3, "tunnelx")]
    from companion.store.record import game_record, record_text
    from companion.table.referee import Referee
    from companion.table.table import rules

    with Journal(tmp_path / "journal.sqlite") as journal:
        old = Referee.resume(journal, 1, rules)
        new = Referee.resume(journal, 3, rules)
        turns = [(t["moves"], t["undone"]) for t in game_record(journal, 3)["turns"]]
        assert turns == [(t["moves"], t["undone"]) for t in game_record(journal, 1)["turns"]]
        copied = [(e.kind, e.at) for e in journal.events(3)]
        assert copied == [(e.kind, e.at) for e in journal.events(1)]  # each event, in order
        assert journal.bad_events() == []  # the undo names the copy of the move it undid
        text = record_text(game_record(journal, 3), "de")
    assert new.position == old.position and [p.said for p in new._history] == said
    assert new._pending_roll == (6, 1)  # the roll read before the cut is still to be played
    assert "Spieler: Rot, Gelb\nsetzt Spiel 1 fort; das Spiel begann " in text
    code, log = serve()  # the next restart goes on with it: it is the newest record
    assert code == 0 and "unfertiges Spiel fortgesetzt" in log and len(games(tmp_path)) == 3


def test_resume_of_no_unfinished_game_lists_those_there_are(serve, tmp_path):
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    assert serve("--game", "tenet", "--new-game")[0] == 0
    finish(tmp_path, 2)
    for flags in (("--resume", "2"), ("--resume", "7")):
        code, err = serve(*flags)
        assert code == 2 and err.count("\n") == 1, err
        assert "unfertige Spiele: 1 (ZwiAner::Tunnel X mit Rot, Gelb, begonnen " in err, err
    code, err = serve("--resume", "1", "--new-game")
    assert code == 2 and "--resume 1 oder --new-game" in err, err
    code, err = serve("--resume", "1", "--game", "tenet")
    assert code == 2 and "nicht --game tenet" in err, err
    assert len(games(tmp_path)) == 2  # nothing begun
    code, log = serve("--resume", "1", "--game", "tunnelx")
    assert code == 0 and "Spiel 1 als Spiel 3 fortgesetzt (0 Züge)" in log, log


@pytest.mark.slow
def test_a_game_killed_mid_game_then_left_for_another_is_resumed_with_resume(serve, tmp_path):
    # brief r3, as a club meets it: serve is killed (kill -9) with a game under way, the
    # next start begins another game, and --resume 1 goes on with the first
    import http.cookiejar
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.parse
    import urllib.request

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    argv = [sys.executable, "-m", "companion", "serve", "--game", "tunnelx"]
    argv += ["--players", "red,yellow", "--port", str(port), "--data-dir", str(tmp_path)]
    server = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    page = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                page.open(base + "/").read()
                break
            except OSError:
                time.sleep(0.5)

        def post(path: str, **data: str) -> None:
            got = page.open(base + "/").read().decode()
            token = csrf_of(got)
            page.open(base + path, urllib.parse.urlencode({**data, "csrf_token": token}).encode())

        post("/confirm")
        for dice in (("4", "3"), ("5", "2")):
            post("/dice", die1=dice[0], die2=dice[1])
            post("/play/0")
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    assert server.returncode == -signal.SIGKILL
    assert serve("--game", "tenet", "--new-game")[0] == 0
    code, log = serve("--resume", "1")
    assert code == 0 and "Spiel 1 als Spiel 3 fortgesetzt (2 Züge)" in log, log


def play(tmp_path, game_id: int, *rolls: list[int]) -> list[str]:  # type: ignore[no-untyped-def]
    """Each roll read and its first legal move played in game ``game_id``, as the page
    would after a restart; returns the moves of the game so far."""
    from companion.table.referee import Referee
    from companion.table.table import rules

    with Journal(tmp_path / "journal.sqlite") as journal:
        ref = Referee.resume(journal, game_id, rules)
        ref.confirm_board()
        for dice in rolls:
            ref.observe_dice(dice)
            ref.play(0)
        return [p.said for p in ref._history]


def on_the_table(tmp_path) -> tuple[int, list[str]]:  # type: ignore[no-untyped-def]
    """The game a flagless restart takes up, and its moves."""
    from companion.table.referee import Referee
    from companion.table.table import rules

    with Journal(tmp_path / "journal.sqlite", read_only=True) as journal:
        newest = journal.to_resume()
        assert newest is not None
        return newest.id, [p.said for p in Referee.resume(journal, newest.id, rules)._history]


def test_resume_run_again_goes_on_with_the_copy_never_a_stale_one(serve, tmp_path):
    # review s12 finding 1: `--resume 1` again (shell history, after a power cut) copied
    # game 1's old state into game 4, and the move played in game 3 was gone
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    play(tmp_path, 1, [4, 3])
    assert serve("--game", "tenet", "--players", "red,orange", "--new-game")[0] == 0
    assert serve("--resume", "1")[0] == 0
    moves = play(tmp_path, 3, [5, 2])
    assert len(moves) == 2
    code, said = listed(tmp_path)  # the list offers game 3, not game 1 that it continues
    assert code == 0 and "\n  3 (ZwiAner" in said, said
    assert "ohne Zug nicht aufgeführt: 2)" in said, said  # TENET's game 2 has no move
    assert "1 (ZwiAner" not in said, said
    code, log = serve("--resume", "1")
    assert code == 0 and "Spiel 1 als Spiel 3 fortgesetzt (2 Züge)" in log, log
    assert len(games(tmp_path)) == 3 and on_the_table(tmp_path) == (3, moves)
    assert serve("--resume", "2")[0] == 0  # TENET again, as game 4
    code, log = serve("--resume", "1")  # game 3 is no longer the newest: copied, moves and all
    assert code == 0 and "Spiel 1 als Spiel 5 fortgesetzt (2 Züge)" in log, log
    assert on_the_table(tmp_path) == (5, moves)
    finish(tmp_path, 5)
    code, err = serve("--resume", "1")  # where it went on is finished: said, nothing begun
    assert code == 2 and "Spiel 1 ging als Spiel 5 weiter, das beendet ist" in err, err
    assert len(games(tmp_path)) == 5


def test_a_game_that_cannot_be_read_back_is_not_copied(serve, tmp_path):
    # review s12 finding 2: the copy was written before the resume failed, left as the
    # newest record, and the Pi's plain restart then exited 2 on the copy's bad event
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    with Journal(tmp_path / "journal.sqlite") as journal:
        journal.append(1, "roll", {"player": "red", "dice": ["x"]})
    assert serve("--game", "tenet", "--players", "red,orange", "--new-game")[0] == 0
    code, err = serve("--resume", "1")
    assert code == 2 and "game 1, event 2:" in err, err  # game 1 named, the one the club did
    assert [g[:2] for g in games(tmp_path)] == [(1, "tunnelx"), (2, "tenet")]
    code, log = serve()  # the Pi's service goes on with TENET
    assert code == 0 and "unfertiges Spiel fortgesetzt" in log, log
    assert on_the_table(tmp_path)[0] == 2


def test_resume_words_count_one_move_and_never_offer_new_game(serve, tmp_path):
    # review s12 finding 5: "(1 Züge)"; `--resume 1 --game tenet` suggested --new-game,
    # which --resume refuses
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    play(tmp_path, 1, [4, 3])
    assert serve("--game", "tenet", "--new-game")[0] == 0
    code, err = serve("--resume", "1", "--game", "tenet")
    assert code == 2 and "nicht --game tenet" in err and "--new-game" not in err, err
    code, log = serve("--resume", "1")
    assert code == 0 and "Spiel 1 als Spiel 3 fortgesetzt (1 Zug)" in log, log


def test_the_list_of_unfinished_games_tells_them_apart(serve, tmp_path):
    # new-user trial s12 L1: "2 (… begonnen 23:41), 3 (… begonnen 23:41)", nothing else
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    play(tmp_path, 1, [4, 3], [5, 2])
    assert serve("--game", "tunnelx", "--players", "red,yellow", "--new-game")[0] == 0
    assert serve("--resume", "1")[0] == 0
    code, said = listed(tmp_path)
    assert code == 0 and said.count("\n") == 3, said  # a head line, then one line a game
    three, empty = said.splitlines()[1:]  # game 2, of no move, is only counted (trial s13 L6)
    assert three.startswith("  3 (ZwiAner::Tunnel X mit Rot, Gelb, begonnen ") and three.endswith(
        ", 2 Züge, setzt Spiel 1 fort) ← auf dem Tisch"
    ), said
    assert empty == "  (1 Spiel ohne Zug nicht aufgeführt: 2)", said
    code, said = listed(tmp_path, "en")
    assert code == 0 and ", 2 moves, continues game 1) ← on the table\n" in said, said


def test_the_list_is_read_while_a_server_holds_the_folder(serve, tmp_path):
    # new-user trial s12 L2: refused "in use by another companion serve", and exit 2
    from companion.store.lock import hold_data_dir

    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    held = hold_data_dir(tmp_path)
    try:
        code, said = listed(tmp_path)
    finally:
        held.close()
    assert code == 0 and "\n  1 (ZwiAner::Tunnel X mit Rot, Gelb, begonnen " in said, said
    assert "serve --resume N" in said.splitlines()[0], said


def test_a_folder_without_games_lists_none(serve, tmp_path):
    code, said = listed(tmp_path / "new")
    assert code == 0 and said.endswith(": keine unfertigen Spiele\n"), said
    assert not (tmp_path / "new").exists()  # nothing made to say so


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "unfertiges Spiel 1 beiseitegelegt; `serve --resume 1` setzt es fort"),
        ("en", "unfinished game 1 set aside; `serve --resume 1` goes on with it"),
    ],
)
def test_a_new_game_says_which_unfinished_game_it_set_aside(serve, tmp_path, lang, said):
    # new-user trial s12 L3: the log said only "(neues Spiel)"
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    caplog_text = run_logged(tmp_path, lang, "--new-game")
    assert said in caplog_text, caplog_text
    finish(tmp_path, 2)
    log = run_logged(tmp_path, lang, "--new-game")  # after a finished game: nothing set aside
    assert "beiseite" not in log and "set aside" not in log, log


def run_logged(tmp_path, lang: str, *flags: str) -> str:  # type: ignore[no-untyped-def]
    """serve's start-up log (the server stopped at once by the ``serve`` fixture)."""
    import logging

    lines: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(record.getMessage())  # type: ignore[method-assign]
    logger, level = logging.getLogger("companion"), logging.getLogger("companion").level
    logger.addHandler(handler)
    logger.setLevel("INFO")
    try:
        assert main(["--lang", lang, "serve", "--data-dir", str(tmp_path), *flags]) == 0
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "Spiel 1 als Spiel 3 fortgesetzt: das Spiel steht wie zuvor (2 Züge aus dem"),
        ("en", "game 1 continued as game 3: the game stands as before (2 moves from the"),
    ],
)
def test_the_page_names_the_game_a_resume_continued(serve, tmp_path, lang, said):
    # new-user trial s12 L1: the banner said only "resumed after a restart"
    from companion.texts import render
    from companion.web import Table

    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    play(tmp_path, 1, [4, 3], [5, 2])
    assert serve("--game", "tenet", "--new-game")[0] == 0
    table = Table.new(journal_path=tmp_path / "journal.sqlite", resume=True, take_up=1)
    try:
        assert table.referee.game_id == 3
        assert said in render(table.referee.resumed_note, lang)
    finally:
        table.journal.close()  # type: ignore[union-attr]


def test_new_game_without_game_starts_the_kind_of_game_it_set_aside(serve, tmp_path):
    # new-user trial s13 M3: `--new-game` alone set Türme aside and began Gravitation
    assert serve("--game", "tuerme", "--players", "red,yellow,green,blue")[0] == 0
    assert serve("--new-game")[0] == 0
    assert games(tmp_path)[1][1:3] == ("tuerme", ("red", "yellow", "green", "blue"))
    assert serve("--new-game", "--game", "tunnelx")[0] == 0  # --game says otherwise
    assert games(tmp_path)[2][1:3] == ("tunnelx", ("red", "yellow"))


def test_a_configured_game_wins_over_another_kind_set_aside(serve, tmp_path):
    # review s13b finding 3: a visitor's `--new-game --game tunnelx` at a Türme club, then
    # `--new-game`, began Tunnel X again, and every later one too
    config = tmp_path / "club.toml"
    config.write_text('[game]\nname = "tuerme"\n')
    club = ("--config", str(config))
    assert serve(*club, "--new-game", "--game", "tunnelx")[0] == 0
    assert serve(*club, "--new-game")[0] == 0
    assert games(tmp_path)[1][1] == "tuerme"  # as configured
    assert serve(*club, "--new-game", "--players", "red,yellow,green")[0] == 0
    assert serve(*club, "--new-game")[0] == 0  # the configured kind set aside: its players
    assert games(tmp_path)[3][1:3] == ("tuerme", ("red", "yellow", "green"))


def test_new_game_without_game_starts_as_configured_when_the_set_aside_board_is_gone(
    serve, tmp_path
):
    # review s13b finding 2: the club's board file moved since; --new-game refused, naming it
    club = tmp_path / "club" / "club-tuerme.json"
    club.parent.mkdir()
    board = json.loads(Path("companion/layouts/tuerme.json").read_text())
    club.write_text(json.dumps({**board, "name": "club-tuerme"}))
    assert serve("--game", "tuerme", "--layout", str(club), "--players", "red,yellow")[0] == 0
    club.rename(tmp_path / "moved.json")
    assert serve("--new-game")[0] == 0
    assert games(tmp_path)[1][1] == "gravitation"  # the game configured (none: the default)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "Unfertiges Spiel 1 (Wettlauf mit Türmen und Brücken: Rot, Gelb, 2 Züge)"),
        ("en", "Unfinished game 1 (Race game with towers and bridges: red, yellow, 2 moves)"),
    ],
)
def test_the_page_says_which_game_a_new_game_set_aside(serve, tmp_path, lang, said):
    # new-user trial s13 M3: only the Pi's log said so
    from companion.web import Table, create_app

    assert serve("--game", "tuerme", "--players", "red,yellow")[0] == 0
    play(tmp_path, 1, [6, 6], [6, 1])
    assert serve("--new-game")[0] == 0
    table = Table.new(journal_path=tmp_path / "journal.sqlite", resume=True)
    try:
        page = (
            create_app({"TABLE": table, "TESTING": True}).test_client().get(f"/status?lang={lang}")
        )
        text = page.get_data(as_text=True)
    finally:
        table.journal.close()  # type: ignore[union-attr]
    assert said in text and "serve --resume 1" in text, text


def test_the_list_marks_the_game_on_the_table_and_leaves_out_empty_ones(serve, tmp_path):
    # new-user trial s13 L6: games of 0 moves listed, the running one not marked
    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    play(tmp_path, 1, [4, 3])
    assert serve("--new-game")[0] == 0  # game 2: no move, left for game 3
    assert serve("--new-game")[0] == 0
    play(tmp_path, 3, [5, 2])
    code, said = listed(tmp_path)
    lines = said.splitlines()
    assert code == 0 and len(lines) == 4, said
    assert lines[1].startswith("  1 (") and "auf dem Tisch" not in lines[1], said
    assert lines[2].startswith("  3 (") and lines[2].endswith("← auf dem Tisch"), said
    assert lines[3] == "  (1 Spiel ohne Zug nicht aufgeführt: 2)", said
