"""A colour word means one colour everywhere (new-user trial s10, M8): `--players`, the
page's typed players, the config's players and a board file's fields all go through
texts.colour_id, so "schwarz", "weiß", "weiss", "grün" and "gruen" are black, white and
green in each of them; a word that is no colour is refused with the word as typed, and a
board file's colour the drawing has no paint for is refused, never drawn magenta."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.settings.config import ConfigError, parse_config
from companion.texts import colour_id
from companion.vision.colourfit import parse_placement


@pytest.mark.parametrize(
    ("said", "colour"),
    [
        ("schwarz", "black"),
        ("Schwarz", "black"),
        ("weiß", "white"),
        ("weiss", "white"),
        ("WEISS", "white"),
        ("grün", "green"),
        ("gruen", "green"),
        ("tuerkis", "turquoise"),
        ("Blau ", "blue"),
        ("red", "red"),
    ],
)
def test_a_colour_word_in_either_language_and_spelling_is_one_colour(said: str, colour: str):
    assert colour_id(said) == colour


def test_a_word_that_is_no_colour_is_given_back_as_typed():
    assert colour_id(" rosa") == "rosa"


def test_players_spelt_without_umlauts_are_the_same_players(capsys):
    assert main(["start", "--game", "tuerme", "--players", "rot,grün"]) == 0
    with_umlaut = capsys.readouterr().out
    assert main(["start", "--game", "tuerme", "--players", "rot,gruen"]) == 0
    assert capsys.readouterr().out == with_umlaut


def test_a_colour_not_on_the_board_is_named_as_the_player_said_it(capsys):
    # trial s10: `--players rot,weiß` said "unbekannter Spieler 'white'"
    assert main(["--lang", "de", "start", "--game", "tuerme", "--players", "rot,weiß"]) == 2
    err = capsys.readouterr().err
    assert "„Weiß“" in err and "white" not in err, err


def test_the_config_takes_the_players_as_the_command_line_does():
    # trial s10: players = ["rot", "blau"] was "not a player colour", `--players rot,blau` ran
    config = parse_config({"game": {"players": ["rot", "weiss"]}})
    assert config.game.players == ("red", "white")
    seats = {"panel": {"pins": {"seats": {"red": 5, "blue": 6}}}}  # Türme has no white seat
    with pytest.raises(ConfigError) as info:
        parse_config({**seats, "game": {"name": "tuerme", "players": ["rot", "weiß"]}})
    assert info.value.problems == (
        "<config>: game.players: weiß: not a player colour of the layout "
        "(red, yellow, green, blue)",
    )
    with pytest.raises(ConfigError, match="different colours"):
        parse_config({"game": {"players": ["rot", "Rot"]}})


def test_a_german_config_line_names_the_boards_colours_in_german() -> None:
    # trial s10 L4: "keine Spielerfarbe des Bretts (red, yellow, green, blue)"
    from companion.texts import render

    seats = {"panel": {"pins": {"seats": {"red": 5, "white": 6}}}}
    with pytest.raises(ConfigError) as info:
        parse_config({**seats, "game": {"name": "tuerme", "players": ["rot", "lila"]}})
    assert [render(p, "de") for p in info.value.problems] == [
        "<config>: game.players: lila: keine Spielerfarbe des Bretts (Rot, Gelb, Grün, Blau)",
        "<config>: panel.pins.seats.white: keine Spielerfarbe auf dem Brett des Spiels "
        "(Rot, Gelb, Grün, Blau)",
    ]


@pytest.fixture
def go19(tmp_path: Path) -> Path:
    out = tmp_path / "go19.json"
    assert main(["layout", "grid", "19", "--spacing", "22", "-o", str(out)]) == 0
    return out


def test_a_board_file_takes_german_colour_names(go19: Path):
    # trial s10: "schwarz" and "weiss" were drawn magenta, "weiß" was "not a colour name"
    from companion.model.layoutfile import load_layout

    fields = '{"fields": {"r3c3": "schwarz", "r5c5": "weiss", "r7c7": "Weiß", "r9c9": "empty"}}'
    placement = parse_placement(fields, "stones.json", load_layout(str(go19)))
    assert placement == {"r3c3": "black", "r5c5": "white", "r7c7": "white"}


def test_a_colour_the_drawing_has_no_paint_for_is_refused_not_drawn_magenta(
    go19: Path, tmp_path: Path, capsys
):
    stones = tmp_path / "stones.json"
    stones.write_text('{"fields": {"r3c3": "ivory"}}')
    out = tmp_path / "x.svg"
    assert main(["render", str(stones), "--layout", str(go19), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "r3c3" in err and "'ivory'" in err and "black" in err and err.count("\n") == 1, err
    assert not out.exists()
