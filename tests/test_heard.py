"""What the referee takes of a recogniser's alternatives, and the words compared for
teaching (companion/listen/heard.py)."""

from __future__ import annotations

from conftest import position

from companion.listen.heard import DOUBT, LEGAL, NONE, PARSES, cleaned, compare, pick

START = position()
RIGHT = "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"  # red from U4 with 4+3 (test_referee_rules)
WRONG = "Wurf 7, Umlaufbahn 7, 6, 5, 4, 3, 2, 1, 0"  # parses; gravity 7 is not U4's


def test_a_legal_announcement_is_taken_over_a_better_ranked_one_that_is_no_legal_move():
    heard = pick(["Wurf 7 Umlaufbahn Knoll", WRONG, RIGHT.lower()], START, (4, 3))
    assert (heard.words, heard.index, heard.why) == (RIGHT.lower(), 2, LEGAL)


def test_the_recognisers_best_is_kept_when_it_is_legal():
    heard = pick(
        ["wurf sieben umlaufbahn sechs fünf vier drei zwei eins null", RIGHT], START, (4, 3)
    )
    assert heard.index == 0 and heard.why == LEGAL


def test_two_different_legal_moves_heard_are_asked_about_never_taken():
    other = "Wurf 4, Umlaufbahn 3, 2, 1, 0"  # also legal with 4+3: the 4 alone
    heard = pick(["Wurf 7 Umlaufbahn Knoll", RIGHT, other], START, (4, 3))
    assert (heard.understood, heard.why, heard.between) == (False, DOUBT, (RIGHT, other))


def test_the_same_move_in_other_words_is_no_doubt():
    heard = pick(
        [RIGHT, "wurf sieben umlaufbahn sechs fünf vier drei zwei eins null"], START, (4, 3)
    )
    assert (heard.index, heard.why) == (0, LEGAL)


def test_without_a_legal_one_the_first_that_parses_is_taken():
    heard = pick(["guten Abend", WRONG, "Wurf"], START, (4, 3))
    assert (heard.index, heard.why) == (1, PARSES)


def test_without_a_roll_parsing_alone_decides():
    assert pick(["Hallo", RIGHT], START).why == PARSES


def test_silence_noise_another_language_and_half_a_sentence_are_not_understood():
    for said in ([], [""], ["   "], ["ähm", "hm"], ["seven, orbit six"], ["Wurf sieben, Umlauf"]):
        heard = pick(said, START, (4, 3))
        assert (heard.understood, heard.words, heard.index, heard.why) == (False, "", None, NONE)


def test_only_ten_alternatives_of_200_characters_are_read():
    read = cleaned(["a  b"] + ["x" * 500] * 20)
    assert len(read) == 10 and read[0] == "a b" and len(read[1]) == 200


def test_words_said_are_compared_one_by_one_numbers_as_words_or_digits():
    marks = compare("Wurf sieben, Umlaufbahn sieben, 5, 4, 3, 2, 1, null", RIGHT)
    assert [m.kind for m in marks] == ["right", "right", "right", "wrong"] + ["right"] * 6
    assert (marks[3].expected, marks[3].said) == ("6", "sieben")


def test_a_word_left_out_and_a_word_too_many_are_named():
    marks = compare("Wurf 7 Umlaufbahn 6 5 4 3 2 1", RIGHT)
    assert [(m.expected, m.kind) for m in marks][-1] == ("0", "missing")
    marks = compare("Wurf 7 7 Umlaufbahn 6 5 4 3 2 1 0", RIGHT)
    assert [m.kind for m in marks].count("extra") == 1
    assert all(m.right for m in compare(RIGHT.upper(), RIGHT))


def test_a_legal_announcement_of_another_context_counts_as_legal():
    after = position().moved({"red.S1": "U1.10"})  # any later position: RIGHT is no move there
    heard = pick([WRONG, RIGHT], after, (2, 1), also=[(START, (4, 3))])
    assert (heard.index, heard.why) == (1, LEGAL)


def test_tenet_words_parse_and_noise_does_not():
    from companion.model.position import start_position

    tenet = start_position("tenet", players=["red", "blue"])
    heard = pick(["Guten Abend", "2 von Start nach K1.1"], tenet)
    assert (heard.index, heard.why) == (1, PARSES)  # TENET's English reading took any words
