"""A game's record to take home: who rolled what, each announcement, what the referee
objected, and what was taken back, on the page and on the command line."""

from __future__ import annotations

import json

from conftest import position

from companion.cli import main
from companion.model.position import start_position
from companion.table.table import Table
from companion.web import create_app


def a_game_of_three_rolls(path) -> Table:  # type: ignore[no-untyped-def]
    """Red plays 4+3, yellow 5+2, red 6+1 and takes it back."""
    table = Table.new(position(), path)
    ref = table.referee
    ref.confirm_board()
    for dice in ([4, 3], [5, 2], [6, 1]):
        ref.observe_dice(dice)
        ref.play(0)
    ref.undo()
    return table


def test_the_record_lists_each_roll_with_its_player_move_and_takeback(tmp_path):
    table = a_game_of_three_rolls(tmp_path / "journal.sqlite")
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    text = client.get(f"/game/{table.referee.game_id}.txt").get_data(as_text=True)
    turns = text.splitlines()[4:]
    assert turns[0].startswith("1. Rot 4+3: Wurf 7, ")  # the page's language, German
    assert turns[1].startswith("2. Gelb 5+2: Wurf 7, ")
    assert turns[2].startswith("3. Rot 6+1: ") and turns[2].endswith("(zurückgenommen)")
    assert len(turns) == 3
    english = client.get(f"/game/{table.referee.game_id}.txt?lang=en").get_data(as_text=True)
    assert english.splitlines()[6].endswith("(taken back)")


def test_the_json_record_holds_every_event_and_the_turns(tmp_path):
    table = a_game_of_three_rolls(tmp_path / "journal.sqlite")
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    response = client.get(f"/game/{table.referee.game_id}.json")  # no PIN asked
    record = response.get_json()
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    assert [e["kind"] for e in record["events"]][:3] == ["start", "board", "roll"]
    assert [t["dice"] for t in record["turns"]] == [[4, 3], [5, 2], [6, 1]]
    assert [t["taken_back"] for t in record["turns"]] == [False, False, True]
    assert len(record["announcements"]) == 2  # the one taken back is not in the game


def test_the_history_links_the_record(tmp_path):
    table = a_game_of_three_rolls(tmp_path / "journal.sqlite")
    page = create_app({"TABLE": table, "TESTING": True}).test_client().get("/status")
    assert f"/game/{table.referee.game_id}.txt" in page.get_data(as_text=True)


def test_an_unknown_game_is_not_found(tmp_path):
    table = a_game_of_three_rolls(tmp_path / "journal.sqlite")
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    assert client.get("/game/99.json").status_code == 404


def test_companion_export_prints_the_same_record(tmp_path, capsys):
    path = tmp_path / "journal.sqlite"
    table = a_game_of_three_rolls(path)
    game = table.referee.game_id
    page = create_app({"TABLE": table, "TESTING": True}).test_client()
    served = page.get(f"/game/{game}.txt?lang=en").get_data(as_text=True)  # as the run
    table.journal.close()  # type: ignore[union-attr]  # the server stopped
    assert main(["export", "--journal", str(path)]) == 0
    assert capsys.readouterr().out == served
    assert main(["export", "--journal", str(path), "--game", str(game), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["turns"]) == 3


def test_an_unknown_game_is_not_found_in_the_pages_language(tmp_path):
    table = a_game_of_three_rolls(tmp_path / "journal.sqlite")
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    german = client.get("/game/999.txt?lang=de")
    english = client.get("/game/999.txt?lang=en").get_data(as_text=True)
    assert german.status_code == 404
    assert "Das Protokoll hat kein Spiel 999" in german.get_data(as_text=True)
    assert "no game" not in german.get_data(as_text=True)
    assert "The journal has no game 999" in english


def test_the_referees_objections_read_in_the_language_the_record_is_asked_in(tmp_path):
    """Trial s10: `/game/N.txt?lang=de` showed the objections of a server that spoke
    English in English; the journal kept only the sentence as it was said."""
    table = Table.new(position(), tmp_path / "journal.sqlite")  # the server speaks English
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([4, 3])
    assert ref.announce("Wurf 7, Umlaufbahn 11").kind == "illegal"
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    german = client.get(f"/game/{ref.game_id}.txt?lang=de").get_data(as_text=True)
    english = client.get(f"/game/{ref.game_id}.txt?lang=en").get_data(as_text=True)
    assert "[illegal: Ansage von Rot vor dem Zug (Wurf 4+3): " in german.splitlines()[4]
    assert "[illegal: Announced by red before the move (roll 4+3): " in english.splitlines()[4]
    record = client.get(f"/game/{ref.game_id}.json?lang=de").get_json()
    assert record["turns"][0]["objections"][0].startswith("illegal: Ansage von Rot vor dem Zug")


def test_an_objection_kept_as_plain_words_by_an_older_journal_is_shown_as_it_is():
    from companion.store.record import record_text, turns

    events = [
        {"id": 1, "kind": "roll", "data": {"dice": [4, 3], "player": "red"}},
        {"id": 2, "kind": "verdict", "data": {"verdict": "illegal", "reason": "as said then"}},
        {
            "id": 3,
            "kind": "verdict",
            "data": {  # words the catalogue has no more
                "verdict": "illegal",
                "reason": "kept",
                "reason_words": {"text": "gone", "fields": {}},
            },
        },
    ]
    record = {
        "game": "gravitation",
        "players": ["red", "yellow"],
        "started": "s",
        "finished": None,
        "turns": [t.to_json() for t in turns(events)],
    }
    assert (
        record_text(record, "de").splitlines()[4].endswith("[illegal: as said then; illegal: kept]")
    )


def test_the_record_gives_no_hint_how_to_name_a_move_said_after_it(tmp_path):
    # Review s12 finding 7: words after the move that fit two moves kept the command
    # line's "(name the field with --to)" in /game/N.txt and `companion export`.
    table = Table.new(start_position("tunnelx", ["red", "yellow"]), tmp_path / "journal.sqlite")
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([5, 2])
    ref.play_move(next(m for m in ref.legal if m.announcement == "Wurf 2, 1, 0"))
    assert ref.announce("Wurf 5, 4, 3, 2, 1, 0", before_move=False).kind == "illegal"
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    for lang, fits in (("de", "passt zu 2 Zügen: "), ("en", "fits 2 moves: ")):
        record = client.get(f"/game/{ref.game_id}.txt?lang={lang}").get_data(as_text=True)
        assert fits in record and "--to" not in record and "tipp" not in record
        assert " tap " not in record and "Feld nennen" not in record
        assert record.splitlines()[4].endswith("→ U1.9)]")


def test_an_older_journals_hint_how_to_name_the_move_is_left_out_of_the_record():
    from companion.store.record import turns
    from companion.texts import render, text
    from companion.texts.stored import to_data

    fits = text(  # as a journal written before review s12 kept the words
        "check.ambiguous",
        said="'Wurf 5'",
        count=2,
        moves="a; b",
        more="",
        hint=text("check.hint_to"),
    )
    events = [
        {"id": 1, "kind": "roll", "data": {"dice": [5, 2], "player": "red"}},
        {
            "id": 2,
            "kind": "verdict",
            "data": {"verdict": "illegal", "reason": str(fits), "reason_words": to_data(fits)},
        },
    ]
    objection = turns(events)[0].objections[0]
    assert render(objection, "en") == "illegal: 'Wurf 5' fits 2 moves: a; b"
    assert render(objection, "de") == "illegal: 'Wurf 5' passt zu 2 Zügen: a; b"


def test_moves_of_one_roll_said_alike_are_told_apart_by_their_fields(tmp_path):
    """Red's 2+2 played one way, taken back, played another with the same words (new-user
    trial s12 L4: "Wurf 4, 3, 2, 1, 0 (zurückgenommen); Wurf 4, 3, 2, 1, 0")."""
    table = Table.new(position(), tmp_path / "journal.sqlite")
    ref = table.referee
    ref.confirm_board()
    for dice in ([4, 3], [5, 2], [2, 2]):
        ref.observe_dice(dice)
        if dice != [2, 2]:
            ref.play(0)
    said = "Wurf 4, 3, 2, 1, 0"
    first, second = [n for n, m in enumerate(ref.legal) if m.announcement == said][:2]
    ways = [ref.legal[first], ref.legal[second]]
    ref.play(first)
    ref.undo()
    ref.confirm_board()  # the pieces set back: the roll stays
    ref.play(second)  # the list of the roll is the same again
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    lines = client.get(f"/game/{ref.game_id}.txt").get_data(as_text=True).splitlines()[4:]
    start, ends = ways[0].start, [w.end for w in ways]
    assert lines[2] == (
        f"3. Rot 2+2: {said} ({start} → {ends[0]}) (zurückgenommen); {said} ({start} → {ends[1]})"
    )
    assert "→" not in lines[0] + lines[1]  # said otherwise: the words alone tell them apart


def test_a_game_continued_as_a_new_record_says_so_in_both_records(tmp_path, capsys):
    """serve --resume 1 copied game 1 into game 2 (new-user trial s12 L1): game 1's record
    says where the game went on, game 2's when the game began (its own start is the
    copy's)."""
    path = tmp_path / "journal.sqlite"
    table = a_game_of_three_rolls(path)
    assert table.journal is not None
    began = next(iter(table.journal.events(1))).at
    assert table.journal.continue_game(1) == 2
    table.journal.close()
    assert main(["--lang", "de", "export", "--journal", str(path), "--game", "1"]) == 0
    head = capsys.readouterr().out.splitlines()[:3]
    assert head[2].endswith(", fortgesetzt als Spiel 2")
    assert main(["--lang", "de", "export", "--journal", str(path), "--game", "2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["continues"], record["continued_as"]) == (1, None)
    assert main(["--lang", "de", "export", "--journal", str(path), "--game", "2"]) == 0
    head = capsys.readouterr().out.splitlines()[:4]
    assert head[2] == f"setzt Spiel 1 fort; das Spiel begann {began}"
    assert head[3].startswith("begonnen: ") and began not in head[3]
