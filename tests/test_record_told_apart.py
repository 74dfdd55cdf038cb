"""The game's record says which move was made, so that a disputed game can be replayed
from it (new-user trial s13 M1, M4, L4): a move taken back is said as it stood when it was
taken back, a correction's note stands beside the move it corrected, and words that name
more than one legal move in their position come with the move's fields."""

from __future__ import annotations

import json

from tuerme_helpers import make

from companion.cli import main
from companion.table.correction import apply, plan, played
from companion.table.table import Table, rules


def blue_on_six_six(path):  # type: ignore[no-untyped-def]
    """Blue to roll 6+6 with every piece at home: "raus und 6" (to T.54) or "raus und 6,
    Brücke" (to T.60)."""
    table = Table.new(make({"red": [], "yellow": [], "green": [], "blue": []}, "blue"), path)
    table.referee.confirm_board()
    table.referee.observe_dice([6, 6])
    return table


def by_words(table: Table, said: str) -> int:
    return next(n for n, m in enumerate(table.referee.legal) if m.announcement == said)


def correct_last_move_to(table: Table, said: str) -> None:
    assert table.journal is not None
    moves = played(table.journal.events(table.referee.game_id))
    last = moves[-1]
    instead = next(m for m in rules(last.before, last.roll) if m.announcement == said)
    apply(table.referee, plan(moves, last.number, instead, rules))


def record(path, capsys, *args: str):  # type: ignore[no-untyped-def]
    assert main(["--lang", "de", "export", "--journal", str(path), *args]) == 0
    return capsys.readouterr().out


def test_a_corrected_move_taken_back_and_played_again_reads_as_it_stood(tmp_path, capsys):
    """Trial s13 M1, the journal's events 26 move (T.54), 30 its correction (T.60), 32 its
    undo, 34 the corrected move played again: the export said the move taken back with
    the corrected words and the old path (→ T.54) and put "berichtigt" on the replay."""
    path = tmp_path / "j.sqlite"
    table = blue_on_six_six(path)
    ref = table.referee
    ref.play(by_words(table, "raus und 6"))
    assert ref.announce("raus und 6", before_move=False).kind != "illegal"
    correct_last_move_to(table, "raus und 6, Brücke")
    ref.undo()  # the roll 6+6 stays
    ref.confirm_board()
    ref.play(by_words(table, "raus und 6, Brücke"))
    table.journal.close()  # type: ignore[union-attr]
    line = record(path, capsys).splitlines()[4]
    assert line.startswith(
        "1. Blau 6+6: raus und 6, Brücke  (berichtigt; zuerst: „raus und 6“) (zurückgenommen);"
        " raus und 6, Brücke  [illegal: "
    )
    # the words said after it are judged against the move as it stood when taken back,
    # corrected (review s13 finding 1): "raus und 6" is not what was moved
    assert "gesagt „raus und 6“, gezogen wurde „raus und 6, Brücke“" in line
    turn = json.loads(record(path, capsys, "--json"))["turns"][0]
    assert turn["corrected"] == ["raus und 6"] and turn["corrected_moves"] == [0]


def yellow_on_four_one(path):  # type: ignore[no-untyped-def]
    """Yellow to roll 4+1 with pieces on T.22 and T.23: "4 und 1" moves either."""
    start = make({"red": [], "yellow": ["22", "23"], "green": [], "blue": []}, "yellow")
    table = Table.new(start, path)
    table.referee.confirm_board()
    table.referee.observe_dice([4, 1])
    return table


def test_words_that_name_two_legal_moves_come_with_the_moves_fields(tmp_path, capsys):
    """Trial s13 M4: "10. Gelb 4+1: 4 und 1" (T.22 → T.27 or T.23 → T.28)."""
    path = tmp_path / "j.sqlite"
    table = yellow_on_four_one(path)
    second = next(n for n, m in enumerate(table.referee.legal) if m.start == "T.23")
    table.referee.play(second)
    table.journal.close()  # type: ignore[union-attr]
    line = record(path, capsys).splitlines()[4]
    assert line == "1. Gelb 4+1: 4 und 1 (T.23 → T.28)"
    turn = json.loads(record(path, capsys, "--json"))["turns"][0]
    assert turn["paths"] == ["T.23 → T.28"]


def test_words_that_name_one_legal_move_stay_short(tmp_path, capsys):
    path = tmp_path / "j.sqlite"
    table = blue_on_six_six(path)
    table.referee.play(by_words(table, "raus und 6"))
    table.journal.close()  # type: ignore[union-attr]
    assert record(path, capsys).splitlines()[4] == "1. Blau 6+6: raus und 6"


def test_a_move_corrected_to_another_piece_said_alike_shows_its_new_path(tmp_path, capsys):
    """Trial s13 L4: "9. Gelb 2+2: 2 und 2  (berichtigt; zuerst: „2 und 2“, T.22 → T.26)"
    showed only the old path."""
    path = tmp_path / "j.sqlite"
    table = yellow_on_four_one(path)
    first = next(n for n, m in enumerate(table.referee.legal) if m.start == "T.22")
    table.referee.play(first)
    assert table.journal is not None
    moves = played(table.journal.events(table.referee.game_id))
    other = next(m for m in rules(moves[0].before, moves[0].roll) if m.start == "T.23")
    apply(table.referee, plan(moves, 1, other, rules))
    table.journal.close()
    line = record(path, capsys).splitlines()[4]
    was = "(berichtigt; zuerst: „4 und 1“, T.22 → T.27)"
    assert line == f"1. Gelb 4+1: 4 und 1 (T.23 → T.28)  {was}"
