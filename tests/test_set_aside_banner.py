"""The page's banner after a new game (new-user trial s13 M3): it names the unfinished
game set aside, leaving out records of no move as ``serve --resume``'s list does (review
s13b finding 4: a mistaken ``--new-game`` in between hid the game of two moves), and is
gone for good once the new game's first move is made, also when that move is taken back."""

from __future__ import annotations

from pathlib import Path

from test_serve_resume import play, serve  # noqa: F401  (serve: the fixture)

from companion.store.journal import Journal


def banner(tmp_path: Path) -> str:
    """The banner of /status as the page shows it for the journal's newest game."""
    from companion.web import Table, create_app

    table = Table.new(journal_path=tmp_path / "journal.sqlite", resume=True)
    try:
        page = create_app({"TABLE": table, "TESTING": True}).test_client().get("/status?lang=de")
        text = page.get_data(as_text=True)
    finally:
        table.journal.close()  # type: ignore[union-attr]
    start = text.find('id="set-aside"')
    return "" if start < 0 else text[start : text.index("</p>", start)]


def test_a_mistaken_new_game_of_no_move_is_passed_over(serve, tmp_path):  # type: ignore[no-untyped-def]  # noqa: F811
    assert serve("--game", "tuerme", "--players", "red,yellow")[0] == 0
    play(tmp_path, 1, [6, 6], [6, 1])
    assert serve("--new-game", "--game", "tunnelx")[0] == 0  # game 2: by mistake, no move
    assert serve("--new-game")[0] == 0  # game 3
    said = banner(tmp_path)
    assert "Unfertiges Spiel 1 (Wettlauf mit Türmen und Brücken: Rot, Gelb, 2 Züge)" in said
    assert "serve --resume 1" in said and "Spiel 2" not in said


def test_the_first_move_taken_back_brings_no_banner_back(serve, tmp_path):  # type: ignore[no-untyped-def]  # noqa: F811
    from companion.table.referee import Referee
    from companion.table.table import rules

    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    play(tmp_path, 1, [4, 3])
    assert serve("--new-game")[0] == 0
    assert "Unfertiges Spiel 1" in banner(tmp_path)
    with Journal(tmp_path / "journal.sqlite") as journal:
        ref = Referee.resume(journal, 2, rules)
        ref.confirm_board()
        ref.observe_dice([5, 2])
        ref.play(0)
        ref.undo()  # the new game's first move, taken back: it has begun all the same
    assert banner(tmp_path) == ""


def test_what_the_banner_names_is_looked_up_once_a_game(serve, tmp_path, monkeypatch):  # type: ignore[no-untyped-def]  # noqa: F811
    # review s13b finding 4: every /status of a new game folded the set-aside game whole
    from companion.store import aside
    from companion.web import Table, create_app

    assert serve("--game", "tunnelx", "--players", "red,yellow")[0] == 0
    play(tmp_path, 1, [4, 3])
    assert serve("--new-game")[0] == 0
    looked_up: list[int] = []
    real = aside.set_aside_played
    monkeypatch.setattr(
        aside, "set_aside_played", lambda j, new: looked_up.append(new) or real(j, new)
    )
    table = Table.new(journal_path=tmp_path / "journal.sqlite", resume=True)
    try:
        page = create_app({"TABLE": table, "TESTING": True}).test_client()
        for _ in range(3):
            assert "Unfertiges Spiel 1" in page.get("/status?lang=de").get_data(as_text=True)
    finally:
        table.journal.close()  # type: ignore[union-attr]
    assert looked_up == [2]
