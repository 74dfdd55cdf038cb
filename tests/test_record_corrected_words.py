"""Words said after a move, in the game's record once the referee has corrected that move
(new-user trial s12 M2): the record judges them again against the move as it now stands.
The journal keeps the verdict as it was said; the record folds the correction in."""

from __future__ import annotations

import json

from conftest import position

from companion.cli import main
from companion.table.correction import apply, plan, played
from companion.table.table import Table, rules

# Yellow's 5+2 (move 2) is recorded as the first line of the list, "Wurf 7, Umlaufbahn 6, …";
# yellow had put 6 into the store. Red's move 3 stands after the correction.
STORED = "Wurf 7, Speicher 6, Umlaufbahn 5, 4, 3, 2, 1, 0"
OTHER = "Wurf 7, Speicher 5, Umlaufbahn 4, 3, 2, 1, 0"  # another legal move of 5+2


def yellow_says_after_the_move(path, said: str, when: int = 2) -> Table:  # type: ignore[no-untyped-def]
    """Red 4+3, yellow 5+2, red 6+1, each the first move of its list; ``said`` in the
    "last move" field after yellow's move (``when``: 2 before red rolls, 3 after)."""
    table = Table.new(position(), path)
    ref = table.referee
    ref.confirm_board()
    for number, dice in enumerate(([4, 3], [5, 2], [6, 1]), start=1):
        if number == 3 and when == 3:
            ref.observe_dice(dice)
            assert ref.announce(said, before_move=False).kind == "illegal"
            ref.play(0)
            continue
        ref.observe_dice(dice)
        ref.play(0)
        if number == 2 and when == 2:
            assert ref.announce(said, before_move=False).kind == "illegal"
    return table


def correct_move_2(table: Table) -> None:
    assert table.journal is not None
    moves = played(table.journal.events(table.referee.game_id))
    stored = next(m for m in rules(moves[1].before, moves[1].roll) if m.announcement == STORED)
    apply(table.referee, plan(moves, 2, stored, rules))


def corrected_record(path, capsys, said: str, *args: str) -> str:  # type: ignore[no-untyped-def]
    """The record exported after yellow said ``said`` of move 2 and the referee
    corrected move 2 to STORED."""
    table = yellow_says_after_the_move(path, said)
    correct_move_2(table)
    table.journal.close()  # type: ignore[union-attr]
    main(["--lang", "de", "export", "--journal", str(path), *args])
    return str(capsys.readouterr().out)


def test_words_that_fit_the_corrected_move_are_no_longer_called_illegal(tmp_path, capsys):
    line = corrected_record(tmp_path / "j.sqlite", capsys, STORED).splitlines()[5]
    assert line.startswith(f"2. Gelb 5+2: {STORED}  (berichtigt; zuerst: „Wurf 7, Umlaufbahn 6")
    assert "illegal" not in line


def test_the_json_record_moves_the_settled_objection_out_of_the_turns_objections(tmp_path, capsys):
    record = json.loads(corrected_record(tmp_path / "j.sqlite", capsys, STORED, "--json"))
    assert record["turns"][1]["objections"] == []
    assert "gezogen wurde „Wurf 7, Umlaufbahn 6" in record["turns"][1]["settled"][0]
    said = [e["data"] for e in record["events"] if e["data"].get("said") == STORED]
    assert [d["verdict"] for d in said] == ["illegal"]  # the journal keeps what was said then


def test_words_that_still_do_not_fit_are_judged_against_the_corrected_move(tmp_path, capsys):
    line = corrected_record(tmp_path / "j.sqlite", capsys, OTHER).splitlines()[5]
    assert f"[illegal: Ansage zu Zug 2 von Gelb (Wurf 5+2): gesagt „{OTHER}“" in line
    assert f"gezogen wurde „{STORED}“" in line  # the move as corrected, not as first recorded
    assert "gezogen wurde „Wurf 7, Umlaufbahn 6" not in line


def test_words_said_of_the_last_move_after_the_next_roll_stand_on_that_moves_line(tmp_path, capsys):
    path = tmp_path / "j.sqlite"
    table = yellow_says_after_the_move(path, OTHER, when=3)
    table.journal.close()  # type: ignore[union-attr]
    main(["--lang", "de", "export", "--journal", str(path)])
    lines = capsys.readouterr().out.splitlines()[4:]
    assert "[illegal: Ansage zu Zug 2 von Gelb" in lines[1]  # yellow's, on yellow's line
    assert "illegal" not in lines[2]  # not on red's 6+1, rolled before the words came


def yellow_said_the_words_recorded(path) -> tuple[Table, str]:  # type: ignore[no-untyped-def]
    """Red 4+3, yellow 5+2, red 6+1, each the first move of its list; yellow said the words
    of move 2 as the camera recorded them, after it (legal then): the table and the words."""
    table = Table.new(position(), path)
    ref = table.referee
    ref.confirm_board()
    said = ""
    for number, dice in enumerate(([4, 3], [5, 2], [6, 1]), start=1):
        ref.observe_dice(dice)
        ref.play(0)
        if number == 2:
            said = ref.last_move.announcement  # type: ignore[union-attr]
            assert ref.announce(said, before_move=False).kind == "legal"
    return table, said


def test_words_that_fitted_the_move_as_first_recorded_are_judged_against_the_correction(
    tmp_path, capsys
):
    """Yellow said the words the camera recorded; the referee then said yellow had played
    otherwise: the words no longer fit the move as it stands."""
    path = tmp_path / "j.sqlite"
    table, first = yellow_said_the_words_recorded(path)
    correct_move_2(table)
    table.journal.close()  # type: ignore[union-attr]
    main(["--lang", "de", "export", "--journal", str(path)])
    line = capsys.readouterr().out.splitlines()[5]
    assert f"[illegal: Ansage zu Zug 2 von Gelb (Wurf 5+2): gesagt „{first}“" in line
    assert f"gezogen wurde „{STORED}“" in line


def take_back_two(table: Table) -> None:
    """Red's move 3, then yellow's corrected move 2, taken back (review s13 finding 1)."""
    with table.lock:
        table.referee.undo()
        table.referee.confirm_board()
        table.referee.undo()


def test_a_corrected_move_taken_back_keeps_the_words_that_fitted_it_settled(tmp_path, capsys):
    path = tmp_path / "j.sqlite"
    table = yellow_says_after_the_move(path, STORED)
    correct_move_2(table)
    take_back_two(table)
    table.journal.close()  # type: ignore[union-attr]
    main(["--lang", "de", "export", "--journal", str(path), "--json"])
    yellow = json.loads(capsys.readouterr().out)["turns"][1]
    assert yellow["objections"] == [] and yellow["settled"]


def test_a_corrected_move_taken_back_keeps_the_objection_the_correction_raised(tmp_path, capsys):
    path = tmp_path / "j.sqlite"
    table, _ = yellow_said_the_words_recorded(path)  # legal until move 2 is corrected
    correct_move_2(table)
    take_back_two(table)
    table.journal.close()  # type: ignore[union-attr]
    main(["--lang", "de", "export", "--journal", str(path), "--json"])
    yellow = json.loads(capsys.readouterr().out)["turns"][1]
    assert len(yellow["objections"]) == 1 and STORED in yellow["objections"][0]


def test_a_record_whose_board_this_process_lacks_is_read_as_said(tmp_path):
    """The hub reads a table's record without the table's own layout file (review s13
    finding 7): the words are kept as they were judged, the record is not refused."""
    from companion.store.record import read_turns, turns
    from companion.table.settled import WITH_RULES

    table = yellow_says_after_the_move(tmp_path / "j.sqlite", STORED)
    correct_move_2(table)
    events = table.journal.export(table.referee.game_id, skip_bad=True)["events"]  # type: ignore[union-attr]
    table.journal.close()  # type: ignore[union-attr]
    for e in events:
        for data in (e["data"], *e["data"].get("moves", ())):
            for key in ("position", "after"):
                if key in data:
                    data[key]["layout"] = "club-custom-board"
    read = read_turns(events, WITH_RULES)
    assert [t.moves for t in read] == [t.moves for t in turns(events)]
    assert read[1].objections  # judged as it was said: the rules cannot read the board
