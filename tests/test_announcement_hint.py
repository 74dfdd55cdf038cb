"""Words that are no announcement name the first word that is not of the game's notation
and offer the nearest word that is ("meinten Sie „Umlaufbahn“?"), or, where none is near,
the notation's words (new-user trial s6: "nicht verstanden" gave no hint of the words
expected; new-comer round s8: "Wurf sieben Banane")."""

from __future__ import annotations

import pytest
from conftest import position

from companion import texts
from companion.cli import main
from companion.errors import InvalidAnnouncement
from companion.model.position import start_position
from companion.web import Table


@pytest.mark.parametrize(
    ("name", "said", "word", "near"),
    [
        ("gravitation", "Wurf sieben Umlaufban 4", "'Umlaufban'", "„Umlaufbahn“"),
        ("gravitation", "Wurf siebn", "'siebn'", "„sieben“"),
        ("tunnelx", "Wurf 7, Tunel 1", "'Tunel'", "„Tunnel“"),
        ("tuerme", "5 und 2 Brüke", "„Brüke“", "„Brücke“"),
        ("tenet", "Pash 5", "'Pash'", "„Pasch“"),
    ],
)
def test_a_misspelt_word_is_named_with_the_nearest_word_of_the_notation(name, said, word, near):
    texts.set_language("de")  # conftest sets English back after the test
    with pytest.raises(InvalidAnnouncement) as info:
        parsed(name, said)
    reason = str(info.value)
    assert word in reason and f"meinten Sie {near}?" in reason


def parsed(name: str, said: str) -> object:
    """``said`` read by the game's own notation."""
    from companion.games.tenet import notation as tenet
    from companion.games.tuerme import notation as tuerme
    from companion.games.zwianer.notation.parser import parse_announcement

    if name == "tenet":
        return tenet.parse(said, start_position("tenet", ["red", "yellow"]).layout.fields)
    return tuerme.parse(said) if name == "tuerme" else parse_announcement(said)


def test_nonsense_names_its_first_word_and_the_words_an_announcement_knows(capsys, write_json):  # type: ignore[no-untyped-def]
    path = write_json(position().to_json())
    assert main(["--lang", "de", "check", str(path), "--roll", "5,2", "Wurf sieben Banane"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unbekanntes Wort 'Banane' bei Zeichen 13" in err
    assert "Wörter der Ansage: Wurf, Speicher, Umlaufbahn, Gravitation, Stoß" in err


def test_the_page_says_the_hint_in_the_readers_language():
    table = Table.new(position())
    table.referee.confirm_board()
    table.referee.observe_dice([5, 2])
    verdict = table.referee.announce("Wurf sieben Umlaufban 4")
    assert verdict is not None
    german, english = texts.render(verdict.reason, "de"), texts.render(verdict.reason, "en")
    assert (
        "nicht verstanden (unbekanntes Wort 'Umlaufban' bei Zeichen 13; meinten Sie „Umlaufbahn“?)"
        in german
    )
    assert "did you mean 'Umlaufbahn'?" in english


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("gravitation", "Stein auf Q"),  # the golden record: was offered "eins"
        ("gravitation", "Wurf 7 nach Umlaufbahn 2"),  # review s7: was offered "acht"
        ("tuerme", "5 nach Brücke"),
        ("tenet", "Pasch 3 raus"),  # was offered "Uranus"
    ],
)
def test_a_word_of_the_players_own_is_not_offered_a_word_that_merely_shares_letters(name, said):
    with pytest.raises(InvalidAnnouncement) as info:
        parsed(name, said)
    assert "did you mean" not in str(info.value)


def test_a_word_of_the_notation_in_the_wrong_place_is_said_to_be_misplaced():
    # TENET said "'Stein' is no TENET word; did you mean 'Stein'?" for "Stein raus"
    texts.set_language("de")
    with pytest.raises(InvalidAnnouncement) as info:
        parsed("tenet", "Stein raus")
    assert str(info.value) == "'Stein' passt hier nicht bei Zeichen 1"
