"""The referee PIN: six ASCII digits or a passphrase, made once and kept in the data
directory (mode 0600), shown by ``companion pin``, never by ``companion config``."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import CompanionError
from companion.settings.config import ConfigError, load_config
from companion.settings.pin import check_pin_choice, kept_pin

DATA = Path("home-data") / "companion"


@pytest.mark.parametrize("pin", ["123456", "0000001", "correct horse", "Tr0ub4dor&3"])
def test_six_digits_or_a_passphrase_are_good(pin):
    assert check_pin_choice(pin, "test") == pin


@pytest.mark.parametrize(
    ("pin", "why"),
    [
        ("1234", "too short"),
        ("12345", "too short"),
        ("abc1234", "too short for a passphrase"),
        ("١٢٣٤٥٦", "only ASCII"),
        ("²³⁴⁵⁶⁷", "only ASCII"),
        ("１２３４５６", "only ASCII"),
        ("123456\n", "no control characters"),
        (" 123456", "no spaces at either end"),
        ("9" * 65, "too long"),
    ],
)
def test_a_guessable_or_untypable_pin_is_refused_without_quoting_it(pin, why):
    with pytest.raises(CompanionError) as info:
        check_pin_choice(pin, "web.pin")
    assert why in str(info.value) and pin.strip() not in str(info.value)


def test_the_first_pin_is_six_random_digits_kept_for_the_owner_only(tmp_path):
    pin = kept_pin(tmp_path / "data")
    assert len(pin) == 6 and pin.isascii() and pin.isdigit()
    path = tmp_path / "data" / "pin"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert kept_pin(tmp_path / "data") == pin  # the same after a restart
    path.chmod(0o644)
    assert kept_pin(tmp_path / "data") == pin
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_companion_pin_shows_the_kept_pin_and_can_make_a_new_one(tmp_path, capsys):
    assert main(["pin"]) == 0
    first = capsys.readouterr().out.strip()
    assert (tmp_path / DATA / "pin").read_text().strip() == first
    assert main(["pin"]) == 0 and capsys.readouterr().out.strip() == first
    assert main(["pin", "--new"]) == 0
    second = capsys.readouterr().out.strip()
    assert len(second) == 6 and (tmp_path / DATA / "pin").read_text().strip() == second


def test_companion_pin_set_reads_stdin_and_refuses_a_short_one(tmp_path, capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("1234\n"))
    assert main(["pin", "--set"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    monkeypatch.setattr("sys.stdin", io.StringIO("two blue dice\n"))
    assert main(["pin", "--set"]) == 0
    assert (tmp_path / DATA / "pin").read_text().strip() == "two blue dice"


@pytest.mark.parametrize("pin", ["1234", "١٢٣٤٥٦", "²³⁴⁵⁶⁷"])
def test_the_config_refuses_a_weak_or_non_ascii_pin(tmp_path, pin):
    path = tmp_path / "c.toml"
    path.write_text(f'[web]\npin = "{pin}"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert "web.pin: " in str(info.value) and pin not in str(info.value)


def test_companion_config_never_shows_the_pin(tmp_path, capsys):
    path = tmp_path / "c.toml"
    path.write_text('[web]\npin = "918273"\n', encoding="utf-8")
    assert main(["config", "--config", str(path)]) == 0
    out = capsys.readouterr().out
    assert "918273" not in out and "companion pin" in out
    assert main(["config", "--config", str(path), "--json"]) == 0
    assert "918273" not in capsys.readouterr().out


def test_serve_refuses_a_pin_on_the_command_line_in_one_line(capsys):
    assert main(["serve", "--pin", "918273"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "918273" not in err and "companion pin --set" in err


def test_the_unlock_lasts_as_the_config_says(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text("[web]\nunlock_minutes = 30\n", encoding="utf-8")
    assert load_config(path).web.unlock_minutes == 30
    path.write_text("[web]\nunlock_minutes = 0\n", encoding="utf-8")
    with pytest.raises(ConfigError):
        load_config(path)
