"""A German page, tray and command line write a decimal with a comma ("0,42 px RMS",
"p = 0,41") and a confidence as a percentage ("Sicherheit 85 %"), as a German club reads
them; English keeps "0.42" and "85%" (review nc16: "Sicherheit 0.85")."""

from __future__ import annotations

from companion.cli.read_board import describe
from companion.texts import number, percent, render
from companion.tray.fairness import uniformity
from companion.vision.board.reader import BoardRead


def test_a_decimal_has_a_comma_in_german_and_a_point_in_english():
    assert (render(number(0.4251, ".2f"), "de"), render(number(0.4251, ".2f"), "en")) == (
        "0,43",
        "0.43",
    )
    assert (render(percent(0.853), "de"), render(percent(0.853), "en")) == ("85 %", "85%")


def test_a_reading_below_a_bar_never_shows_the_bar():
    # review s10: a board read at 0.8951, below the reader's sure 0.9, said "90 %"
    assert render(percent(0.8951), "de") == "89 %" and render(percent(0.7), "en") == "70%"
    assert render(percent(0.29), "en") == "29%"  # 28.999999999999996 in floating point


def test_read_board_says_how_sure_it_is_as_a_percentage():
    read = BoardRead(found=True, fields={"U1.0": "red"}, overall=0.853)
    assert describe("b.jpg", read, "de") == "b.jpg: 1 Stein (Sicherheit 85 %): Rot auf U1.0"
    assert describe("b.jpg", read, "en") == "b.jpg: 1 piece (confidence 85%): red on U1.0"


def test_a_number_out_of_bounds_in_a_config_is_said_with_a_comma_in_german():
    from companion.settings.tomlcheck import Table

    said: list[str] = []
    Table({"retry": 7200.5}, "camera", "club.toml", said).number("retry", 5.0, 0.01, 3600)
    assert render(said[0], "de").endswith("nicht 7200,5")


def test_the_fairness_of_the_dice_says_its_p_value_with_a_comma_in_german():
    fair = uniformity({1: 10, 2: 12, 3: 9, 4: 11, 5: 8, 6: 10})  # 60 dice, p 0.96
    assert render(fair.words(), "de").endswith("(p = 0,96)")
    assert render(fair.words(), "en").endswith("(p = 0.96)")
