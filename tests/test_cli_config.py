"""``companion config``: the effective config and its origin; ``--check`` with exit 2."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from companion.cli import main
from companion.cli.config import config_as_data
from companion.games import GAMES
from companion.model.layoutfile import load_layout
from companion.settings import config as cfg
from companion.settings.config import Config, parse_config

EXAMPLE = Path(__file__).parent.parent / "config.example.toml"


def test_prints_the_effective_config_as_toml_that_reads_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["config", "--config", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"# effective configuration, from {EXAMPLE} (--config)"
    again = parse_config(tomllib.loads(out))
    assert config_as_data(again) == config_as_data(cfg.read_config_file(EXAMPLE))


def test_json_names_the_source(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "c.toml"
    path.write_text("[web]\nport = 9000\n[panel.pins]\nroll = 23\n", encoding="utf-8")
    monkeypatch.setenv(cfg.ENV_VAR, str(path))
    assert main(["config", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["source"] == str(path) and data["found_by"] == "$COMPANION_CONFIG"
    assert data["config"]["web"]["port"] == 9000
    assert data["config"]["panel"]["pins"]["roll"] == 23


def test_without_any_file_it_says_built_in_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# effective configuration, from built-in defaults\n")
    assert config_as_data(parse_config(tomllib.loads(out))) == config_as_data(Config())


def test_in_german_it_says_where_the_config_came_from_in_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # trial s10 L4: "# die geltende Konfiguration, aus built-in defaults"
    assert main(["--lang", "de", "config"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "# die geltende Konfiguration, aus den eingebauten Standardwerten"
    system = tmp_path / "config.toml"
    system.write_text("[web]\nport = 9000\n", encoding="utf-8")
    monkeypatch.setattr(cfg, "SYSTEM_FILE", system)
    assert main(["--lang", "de", "config"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"# die geltende Konfiguration, aus {system} (Systemdatei)"


def test_check_lists_every_bad_key_and_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[camera]\nsource = "webcam"\n[voice]\nrate = 5\n', encoding="utf-8")
    assert main(["config", "--check", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"companion config: {path}: camera.source: must be one of 'auto', 'picamera', "
        "'usb', 'folder', 'synthetic', not 'webcam'",
        f"companion config: {path}: voice.rate: must be between 50 and 500, not 5",
    ]
    assert main(["config", "--check", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out == f"{EXAMPLE}: ok\n"
    assert main(["config", "--check", str(tmp_path / "none.toml")]) == 2
    assert (
        capsys.readouterr().err
        == f"companion config: {tmp_path / 'none.toml'}: no such config file\n"
    )


def test_unwired_pins_read_back_as_unwired(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rgb.toml"
    path.write_text("[panel.pins]\nverdict_rgb = [16, 20, 21]\nundo = false\n", encoding="utf-8")
    assert main(["config", "--config", str(path)]) == 0
    again = parse_config(tomllib.loads(capsys.readouterr().out))
    assert again.panel.pins.undo is None and again.panel.pins.verdict_rgb == (16, 20, 21)
    assert config_as_data(again) == config_as_data(cfg.read_config_file(path))


@pytest.mark.parametrize("name", ["gravitation", "tenet", "tuerme", "tunnelx"])
def test_a_file_that_names_only_the_game_passes_with_that_games_seats(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Trial s10: `[game] name = "tuerme"` alone was refused over panel.pins.seats.white,
    a built-in seat the file never wrote (Türme's board has no white)."""
    path = tmp_path / "c.toml"
    path.write_text(f'[game]\nname = "{name}"\n', encoding="utf-8")
    assert main(["config", "--check", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: ok\n"
    config = cfg.read_config_file(path)
    colours = load_layout(GAMES[name].default_layout).colours
    assert config.panel.pins.seats and set(config.panel.pins.seats) <= set(colours)


def test_a_seat_written_for_a_colour_the_board_lacks_stays_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[game]\nname = "tuerme"\n[panel.pins.seats]\nwhite = 26\n', encoding="utf-8")
    assert main(["config", "--check", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"companion config: {path}: panel.pins.seats.white: not a player colour of the "
        "game's layout (red, yellow, green, blue)\n"
    )


def test_check_speaks_the_language_the_checked_file_asks_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Trial s10: `config --check FILE` answered in English for a file with
    `language = "de"`, which the README says it reads, even from a file that fails."""
    path = tmp_path / "c4.toml"
    path.write_text('language = "de"\n[web]\nprot = 8097\n', encoding="utf-8")
    assert main(["config", "--check", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"companion config: {path}: web.prot: unbekannter Schlüssel (meinten Sie 'port'?)\n"
    )
    assert main(["--lang", "en", "config", "--check", str(path)]) == 2
    assert "unknown key" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # a usage mistake on the same line: German too
        main(["config", "--check", str(path), "--jsn"])
    assert "kenne ich nicht: --jsn" in capsys.readouterr().err
