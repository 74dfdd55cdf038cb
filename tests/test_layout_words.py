"""A broken layout file is said in one line in the players' language (brief nc9, item 1:
`check --layout BAD.json --lang de` answered in English, as did the race game's track,
TENET's board and `companion layout grid`'s arguments). Every reason comes from the
catalogue (companion/texts/layouts.py); English unchanged."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_languages import ENGLISH

from companion import texts
from companion.cli import main
from companion.errors import CompanionError
from companion.games.tenet.board import board
from companion.games.tuerme.track import track
from companion.model.layout import grid_layout_data
from companion.model.layoutfile import parse_layout
from companion.model.position import start_position
from companion.web import Table, create_app


def builtin(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("companion.layouts").joinpath(f"{name}.json").read_text()
    )
    return data


#: A valid layout file of each kind of board, to break one key of.
GOOD = [builtin(n) for n in ("gravitation", "tenet", "tuerme")]
GOOD.append(grid_layout_data("go9", 9, 22.0, 20.0, 0.0, None))
#: Values that break a key: none is an English word, so English in a line is the sentence's.
WORDS = ["red", "U1.3", "U9.9", "red.S1", "P1.3", "gravitation", "round", "4X4_50", "xq", ""]
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats() | st.sampled_from(WORDS),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(WORDS), inner),
    max_leaves=8,
)


def objects(value: Any, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """The paths of every JSON object in ``value`` (the file itself first)."""
    if isinstance(value, list):
        return [p for n, inner in enumerate(value) for p in objects(inner, (*path, n))]
    if not isinstance(value, dict):
        return []
    return [path, *(p for key, inner in value.items() for p in objects(inner, (*path, key)))]


PATHS = [objects(data) for data in GOOD]


def english_left(line: str) -> list[str]:
    """English words of a German line, leaving out what it quotes (values, JSON keys) and
    the field ids the file writes (red.home, a line's red->T.1)."""
    return ENGLISH.findall(re.sub(r"'[^']*'|\"[^\"]*\"|\S+->\S+|[\w-]+\.[\w.-]+", " ", line))


def said_in_either(exc: CompanionError) -> tuple[str, str]:
    said = texts.message(exc)
    assert isinstance(said, texts.Text), said  # a sentence, not a plain string
    german, english = texts.render(said, "de"), texts.render(said, "en")
    assert "\n" not in german and "\n" not in english
    assert english_left(german) == [], german
    return german, english


@given(st.data(), VALUES)
def test_a_layout_file_with_one_key_broken_is_one_line_of_the_catalogue(data, value):  # type: ignore[no-untyped-def]
    which = data.draw(st.integers(0, len(GOOD) - 1))
    broken = json.loads(json.dumps(GOOD[which]))
    target = broken
    for step in data.draw(st.sampled_from(PATHS[which])):
        target = target[step]
    key = data.draw(st.sampled_from([*target, "bogus"]))
    target[key] = value
    try:
        layout = parse_layout(json.dumps(broken), source="mein-brett.json")
        if layout.style == "tenet":
            board(layout)
        elif layout.style == "tuerme":
            track(layout)
    except CompanionError as exc:
        german, english = said_in_either(exc)
        assert german != english, german


def write_layout(tmp_path, **changes: Any) -> str:  # type: ignore[no-untyped-def]
    data = builtin("gravitation")
    data["fields"][3].update(changes)
    path = tmp_path / "mein-brett.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_check_with_a_broken_layout_says_it_in_german(tmp_path, capsys, write_json):  # type: ignore[no-untyped-def]
    game = write_json(start_position("gravitation", ["red", "yellow"]).to_json())
    layout = write_layout(tmp_path, x="links")
    argv = ["check", "--layout", layout, str(game), "--roll", "5,2", "Wurf 7"]
    assert main(["--lang", "de", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "mein-brett.json: Feld 'U1.3': 'x' hat den falschen Typ (str)" in err
    assert main(["--lang", "en", *argv]) == 2
    assert "mein-brett.json: field 'U1.3': 'x' has the wrong type (str)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "german", "english"),
    [
        (["grid", "50", "--spacing", "10"], "ein Gitter hat 2 bis 40 Linien je Seite, nicht 50",
         "a grid has 2 to 40 lines per side, not 50"),
        (["grid", "x", "--spacing", "10"], "ein Gitter hat 2 bis 40 Linien je Seite, nicht x",
         "a grid has 2 to 40 lines per side, not x"),
        (["grid", "9", "--spacing", "0"], "--spacing: 0 liegt nicht zwischen 1 und 1000",
         "--spacing: 0 is not between 1 and 1000"),
        (["grid", "9", "--spacing", "9", "--margin", "weit"], "--margin: 'weit' ist keine Zahl",
         "--margin: 'weit' is not a number"),
        (["fields", "/nirgends.csv"], "/nirgends.csv: kann nicht lesen: Datei nicht gefunden",
         "/nirgends.csv: cannot read: No such file or directory"),
    ],
)  # fmt: skip
def test_layout_grid_and_fields_say_a_bad_argument_in_german(  # type: ignore[no-untyped-def]
    tmp_path, capsys, argv, german, english
):
    out = ["-o", str(tmp_path / "brett.json")]
    assert main(["--lang", "de", "layout", *argv, *out]) == 2
    assert capsys.readouterr().err == f"companion layout: {german}\n"
    assert main(["--lang", "en", "layout", *argv, *out]) == 2
    assert capsys.readouterr().err == f"companion layout: {english}\n"


def test_a_race_board_with_no_goal_of_a_player_is_said_on_the_german_page():  # type: ignore[no-untyped-def]
    data = builtin("tuerme")
    for f in data["fields"]:
        if f.get("kind") == "goal" and f.get("owner") == "yellow":
            f["kind"] = "field"
    layout = parse_layout(json.dumps(data), source="mein-brett.json")
    table = Table.new(start_position("tuerme", ["red", "yellow"], layout))
    table.referee.confirm_board()
    table.referee.observe_dice((6, 1))
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    page = client.get("/status?lang=de").get_data(as_text=True)
    assert "Gelb braucht genau ein Feld mit kind &#39;goal&#39;" in page
    page = client.get("/status?lang=en").get_data(as_text=True)
    assert "layout &#39;tuerme&#39;: yellow needs one goal field" in page


def test_a_tenet_planet_on_no_ring_is_one_line_not_an_internal_error(tmp_path, capsys, write_json):  # type: ignore[no-untyped-def]
    data = builtin("tenet")
    data["extra"]["planets"][2]["ring"] = "XX"  # was KeyError: 'XX', exit 3
    layout = tmp_path / "mein-brett.json"
    layout.write_text(json.dumps(data), encoding="utf-8")
    game = write_json(start_position("tenet", ["red", "yellow"]).to_json())
    argv = ["check", "--layout", str(layout), str(game), "--roll", "9,4,2", "2 von Start nach K1.2"]
    assert main(["--lang", "de", *argv]) == 2
    assert capsys.readouterr().err == (
        "companion check: Brett 'tenet': Planet #2 in extra.planets ist unvollständig "
        "(number 1..9, ring, force_field; im Ring die Felder mit label 'Pott' und 'stone')\n"
    )
