"""A bad config.toml is said a line per bad key in the players' language (brief nc9, item
2: unknown keys, wrong types, bad values and a file that is no TOML were English under
every `--lang`), and `data_dir = ""` is refused as `--data-dir ""` is, no longer the
default folder in silence. Every reason comes from companion/texts/config.py."""

from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_languages import ENGLISH

from companion import texts
from companion.cli import main
from companion.settings.config import ConfigError, parse_config

EXAMPLE = tomllib.loads((Path(__file__).parent.parent / "config.example.toml").read_text())
TABLES = ["", "camera", "panel", "panel.pins", "panel.pins.seats", "web", "voice", "game"]
TABLES += ["game.options", "hub"]
#: Values that break a key: none is an English word, so English in a line is the sentence's.
VALUES = st.recursive(
    st.booleans() | st.integers(-3, 70000) | st.floats(-1e3, 1e3) | st.sampled_from(["", "xq"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["a", "b"]), inner),
    max_leaves=6,
)


def english_left(line: str) -> list[str]:
    """English words of a German line, leaving out what it quotes (values, TOML) and the
    keys it names (panel.pins.seats.red)."""
    return ENGLISH.findall(re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|[\w-]+\.[\w.-]+", " ", line))


def config(text: str, tmp_path: Path) -> str:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@given(st.data(), st.sampled_from(TABLES), VALUES)
def test_a_config_with_one_key_broken_is_said_a_line_per_key_in_german(data, table, value):  # type: ignore[no-untyped-def]
    broken: Any = copy.deepcopy(EXAMPLE)
    target = broken
    for part in filter(None, table.split(".")):
        target = target[part]
    keys = [k for k in target if not isinstance(target[k], dict)]
    target[data.draw(st.sampled_from([*keys, "bogus"]))] = value
    try:
        parse_config(broken, source="config.toml")
    except ConfigError as exc:
        for said in exc.problems:
            assert isinstance(said, texts.Text), said  # a sentence, not a plain string
            german = texts.render(said, "de")
            assert german.startswith("config.toml: ") and "\n" not in german
            assert english_left(german) == [], german


@pytest.mark.parametrize(
    ("toml", "german", "english"),
    [
        ('[camera]\nsorce = "usb"\n', "camera.sorce: unbekannter Schlüssel (meinten Sie 'source'?)",
         "camera.sorce: unknown key (did you mean 'source'?)"),
        ("[camera]\nfps = true\n", "camera.fps: muss eine Zahl sein, nicht true",
         "camera.fps: must be a number, not true"),
        ("[voice]\nrate = 5\n", "voice.rate: muss zwischen 50 und 500 liegen, nicht 5",
         "voice.rate: must be between 50 and 500, not 5"),
        ('log_level = "laut"\n', "log_level: muss eines von 'debug', 'info', 'warning', 'error' "
         "sein, nicht 'laut'", "log_level: must be one of 'debug', 'info', 'warning', 'error', "
         "not 'laut'"),
        ("a = tru\n", "kein gültiges TOML: ungültiger Wert (Zeile 1, Spalte 5)",
         "not valid TOML: Invalid value (at line 1, column 5)"),
        ('[web]\npin = "12"\n', "web.pin: zu kurz (mindestens 6 Ziffern", "web.pin: too short (at "
         "least 6 digits 0-9, or a passphrase of 8 to 64 printable ASCII characters), in quotes"),
    ],
)  # fmt: skip
def test_a_bad_config_is_one_line_in_the_chosen_language(  # type: ignore[no-untyped-def]
    tmp_path, capsys, toml, german, english
):
    path = config(toml, tmp_path)
    assert main(["--lang", "de", "config", "--config", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"companion config: {path}: {german}" in err
    assert main(["--lang", "en", "config", "--config", path]) == 2
    assert f"companion config: {path}: {english}" in capsys.readouterr().err


def test_a_config_that_asks_for_german_says_its_own_errors_in_german(tmp_path, capsys):  # type: ignore[no-untyped-def]
    path = config('language = "de"\n[camera]\nsorce = "usb"\n', tmp_path)
    assert main(["config", "--config", path]) == 2
    assert "unbekannter Schlüssel (meinten Sie 'source'?)" in capsys.readouterr().err


def test_an_empty_data_dir_in_the_config_is_refused_as_the_flag_is(tmp_path, capsys):  # type: ignore[no-untyped-def]
    path = config('data_dir = ""\n', tmp_path)
    assert main(["--lang", "de", "pin", "--config", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"companion pin: {path}: data_dir: ist leer: bitte einen Ordner angeben" in err
    assert main(["--lang", "en", "serve", "--config", path]) == 2
    assert f"{path}: data_dir: is empty: give a folder" in capsys.readouterr().err
    assert not (tmp_path / "pin").exists() and not Path("pin").exists()


def test_pin_says_in_german_that_the_config_sets_it(tmp_path, capsys):  # type: ignore[no-untyped-def]
    path = config('[web]\npin = "284913"\n', tmp_path)
    assert main(["--lang", "de", "pin", "--new", "--config", path]) == 2
    assert (
        capsys.readouterr().err
        == f"companion pin: {path}: web.pin legt die PIN fest; bitte dort ändern\n"
    )
    assert main(["--lang", "en", "pin", "--new", "--config", path]) == 2
    assert (
        capsys.readouterr().err == f"companion pin: {path}: web.pin sets the PIN; change it there\n"
    )


def test_a_config_too_large_to_read_is_said_in_german(tmp_path, capsys):  # type: ignore[no-untyped-def]
    path = config("#" * 1_000_001, tmp_path)
    assert main(["--lang", "de", "config", "--config", path]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"companion config: {path}: zu groß für eine Konfiguration (1,000,001 Bytes; "
        "gelesen werden höchstens 1,000,000)\n"
    )
    assert main(["--lang", "en", "config", "--config", path]) == 2
    assert "too large for a config (1,000,001 bytes; the most read is 1,000,000)" in (
        capsys.readouterr().err
    )
