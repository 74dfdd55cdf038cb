"""A malformed position is said in one line in the players' language (new-comer trial s8:
37 of the position checks built plain English strings, so `check --lang de` of a
malformed position answered in English). Every reason comes from the catalogue
(companion/texts/positions.py), so the command line and the page say it in either."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import two_player
from hypothesis import given
from hypothesis import strategies as st
from test_languages import ENGLISH

from companion import texts
from companion.cli import main
from companion.errors import CompanionError
from companion.model.position import parse_position, start_position

#: A valid position of each kind of board, to break one key of.
GOOD = [
    two_player(),
    start_position("tenet", ["red", "yellow"]).to_json(),
    start_position("tuerme", ["red", "yellow"]).to_json(),
]
KEYS = [
    "game", "phase", "layout", "players", "to_move", "pieces", "energy", "options", "demands",
    "declared", "prediction", "stacks", "stone", "first_round", "spent", "bogus",
]  # fmt: skip
#: Values that break a key: none is an English word, so English in a line is the sentence's.
WORDS = ["red", "yellow", "green", "U1.3", "U9.9", "red.S1", "yellow.S2", "P1.3", "start"]
WORDS += ["gravitation", "tenet", "always_sum", "xq", ""]
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(WORDS),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(WORDS), inner),
    max_leaves=12,
)


def broken(base: dict[str, Any], key: str, value: object, inside: str | None) -> dict[str, Any]:
    data = json.loads(json.dumps(base))
    if inside is not None and isinstance(data.get(key), dict):
        data[key][inside] = value  # one player's pieces, one energy, one option
    else:
        data[key] = value
    return data


def english_left(line: str) -> list[str]:
    """English words of a German line, leaving out what it quotes (values, JSON keys)."""
    return ENGLISH.findall(re.sub(r"'[^']*'|\"[^\"]*\"", " ", line))


@given(
    st.sampled_from(GOOD),
    st.sampled_from(KEYS),
    VALUES,
    st.none() | st.sampled_from(["red", "yellow", "blue", "always_sum"]),
)
def test_any_malformed_position_is_one_line_of_the_catalogue_in_either_language(
    base, key, value, inside
):  # type: ignore[no-untyped-def]
    data = broken(base, key, value, inside)
    try:
        parse_position(json.dumps(data), source="stellung.json")
    except CompanionError as exc:
        said = texts.message(exc)
        assert isinstance(said, texts.Text), (data, said)  # a sentence, not a plain string
        german, english = texts.render(said, "de"), texts.render(said, "en")
        assert "\n" not in german and "\n" not in english
        assert german.startswith("stellung.json: ") and german != english, german
        assert english_left(german) == [], (data, german)


REST = ["red.S2", "red.S3", "red.S4", "red.S5"]


@pytest.mark.parametrize(
    ("changes", "german"),
    [
        ({"pieces": {"red": ["U1.0"] * 5, "yellow": []}}, "zwei Steine auf U1.0 (Rot und Rot)"),
        (
            {"pieces": {"red": ["yellow.S1", *REST], "yellow": []}},
            "einem Feld von Gelb (Raumstation)",
        ),
        (
            {"pieces": {"red": ["U7.1", *REST], "yellow": []}},
            "Stein von Rot auf unbekanntem Feld 'U7.1'",
        ),
        ({"options": {"always_sum": 1}}, "Regelschalter always_sum muss true oder false sein"),
        ({"game": "schach"}, "unbekanntes Spiel 'schach' (bekannt: gravitation, tunnelx"),
        ({"to_move": "green"}, "to_move 'green' spielt nicht mit"),
        # was "spielen"; the game by its name, not 'gravitation' (trial s10)
        ({"players": ["red"]}, "ZwiAner::Gravitation ist für 2 bis 5 Spieler, nicht für 1"),
    ],
)
def test_the_checks_say_their_field_and_player_in_german(changes, german):  # type: ignore[no-untyped-def]
    with pytest.raises(CompanionError) as info:
        parse_position(json.dumps(two_player(**changes)))
    assert german in texts.render(texts.message(info.value), "de")


def test_check_lang_de_of_a_malformed_position_says_german(capsys, write_json):  # type: ignore[no-untyped-def]
    path = write_json(two_player(energy={"red": 9}))
    assert main(["--lang", "de", "check", str(path), "--roll", "5,2", "Wurf 7"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "Energie von Rot ist 9, außerhalb von 0..5" in err


def test_english_stays_as_scripts_have_read_it(capsys, write_json):  # type: ignore[no-untyped-def]
    path = write_json(two_player(energy={"red": 9}))
    assert main(["--lang", "en", "check", str(path), "--roll", "5,2", "Wurf 7"]) == 2
    assert "energy of red is 9, outside 0..5" in capsys.readouterr().err
