"""The config file: search order, defaults, and one line per bad key."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.settings import config as cfg
from companion.settings.config import Config, ConfigError, find_config, load_config, parse_config

EXAMPLE = Path(__file__).parent.parent / "config.example.toml"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_no_file_gives_defaults_that_start_anywhere(tmp_path: Path) -> None:
    config = load_config()
    assert config == Config(data_dir=tmp_path / "home-data" / "companion")
    assert config.path is None and config.found_by == "built-in defaults"
    assert config.camera.source == "auto" and config.panel.pin_factory == "auto"
    assert config.journal_path == tmp_path / "home-data" / "companion" / "journal.sqlite"
    assert config.game.options["roll_again_on_own_special"] is True


def test_search_order_explicit_then_env_then_system_then_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = write(tmp_path / "home-config" / "companion" / "config.toml", "log_level = 'debug'")
    assert find_config() == (user, "user file")
    system = write(cfg.SYSTEM_FILE, "log_level = 'warning'")
    assert find_config() == (system, "system file")
    env = write(tmp_path / "env.toml", "log_level = 'error'")
    monkeypatch.setenv(cfg.ENV_VAR, str(env))
    assert find_config() == (env, "$COMPANION_CONFIG")
    given = write(tmp_path / "given.toml", "")
    assert find_config(given) == (given, "--config")
    assert load_config().log_level == "error"


def test_a_named_file_that_is_missing_is_an_error_not_a_fallback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ConfigError, match="no such config file \\(given by --config\\)"):
        find_config(tmp_path / "nope.toml")
    monkeypatch.setenv(cfg.ENV_VAR, str(tmp_path / "gone.toml"))
    with pytest.raises(ConfigError, match="COMPANION_CONFIG"):
        load_config()


def test_a_full_file_is_read_into_typed_sections(tmp_path: Path) -> None:
    replay = tmp_path / "game1"
    replay.mkdir()
    path = write(
        tmp_path / "c.toml",
        f"""
data_dir = "{tmp_path / "data"}"
[camera]
source = "folder"
path = "{replay}"
loop = true
fps = 2.5
[panel]
electronic_dice = true
[panel.pins]
verdict_rgb = [16, 20, 21]
undo = false
[panel.pins.seats]
red = 5
blue = 6
[web]
host = "0.0.0.0"
pin = "004200"
[game]
players = ["red", "blue"]
phase = 2
[game.options]
death_push = true
""",
    )
    config = load_config(path)
    assert config.camera.path == replay and config.camera.loop and config.camera.fps == 2.5
    pins = config.panel.pins
    assert pins.verdict_rgb == (16, 20, 21) and pins.verdict_ok is None and pins.undo is None
    assert dict(pins.seats) == {"red": 5, "blue": 6}
    assert config.web.pin == "004200" and config.game.players == ("red", "blue")
    assert config.game.options["death_push"] and not config.game.options["always_sum"]
    assert config.data_dir == tmp_path / "data" and config.found_by == "--config"


def test_every_bad_key_is_reported_on_its_own_line(tmp_path: Path) -> None:
    path = write(
        tmp_path / "bad.toml",
        """
log_level = "loud"
[camera]
sorce = "usb"
fps = true
[panel.pins]
confirm = 17
undo = 99
[web]
pin = 1234
port = 80.5
[game.options]
death_psh = true
""",
    )
    with pytest.raises(ConfigError) as info:
        load_config(path)
    lines = str(info.value).splitlines()
    assert len(lines) == len(info.value.problems) == 8
    assert all(line.startswith(f"{path}: ") for line in lines)
    text = str(info.value)
    assert "camera.sorce: unknown key (did you mean 'source'?)" in text
    assert "camera.fps: must be a number, not true" in text
    assert "panel.pins.confirm: pin 17 is already used by read_dice" in text
    assert "panel.pins.undo: must be a BCM pin number 0..27 or false, not 99" in text
    assert "web.pin: must be a string of digits" in text
    assert "web.port: must be a whole number" in text
    assert "game.options.death_psh: unknown key (did you mean 'death_push'?)" in text
    assert "log_level: must be one of" in text


def test_broken_toml_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path / "broken.toml", "[camera\nsource = 1")
    with pytest.raises(ConfigError, match=r"broken[.]toml: not valid TOML"):
        load_config(path)


def test_folder_source_needs_an_existing_path(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"camera[.]path: is needed"):
        parse_config({"camera": {"source": "folder"}})
    with pytest.raises(ConfigError, match=r"camera[.]path: no such folder or video file"):
        parse_config({"camera": {"source": "folder", "path": str(tmp_path / "x")}})


def test_phase_and_players_follow_the_game() -> None:
    with pytest.raises(ConfigError, match=r"game[.]phase: ZwiAner::Tunnel X has phases none"):
        parse_config({"game": {"name": "tunnelx", "phase": 1}})
    with pytest.raises(ConfigError, match=r"game[.]players"):
        parse_config({"game": {"players": ["red", "red"]}})


def test_the_example_file_is_valid_and_documents_every_key() -> None:
    config = cfg.read_config_file(EXAMPLE)
    assert config.camera.source == "auto" and config.web.host == "0.0.0.0"
    text = EXAMPLE.read_text(encoding="utf-8")
    for section, obj in vars(Config()).items():
        if section in ("path", "found_by"):
            continue
        assert section in text
        for key in getattr(obj, "__dataclass_fields__", {}):
            if (section, key) == ("game", "named"):  # whether the file wrote name: no key
                continue
            assert f"{key} =" in text or f"[{section}.{key}]" in text, (section, key)


toml_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["camera", "panel", "web", "voice", "game", "data_dir", "x"]), toml_values
    )
)
def test_any_data_is_a_config_or_a_config_error(data: dict[str, object]) -> None:
    try:
        config = parse_config(data)
    except ConfigError as exc:
        assert exc.problems and all("\n" not in p for p in exc.problems)
    else:
        assert isinstance(config, Config)


def test_colours_must_be_players_of_the_games_layout() -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(
            {
                "panel": {"pins": {"seats": {"red": 5, "yelow": 6}}},
                "game": {"players": ["red", "black"]},
            }
        )
    assert info.value.problems == (
        "<config>: game.players: black: not a player colour of the layout "
        "(red, yellow, green, blue, white)",
        "<config>: panel.pins.seats.yelow: not a player colour of the game's layout "
        "(red, yellow, green, blue, white)",
    )
    with pytest.raises(ConfigError, match=r"game[.]layout: no layout 'board7'"):
        parse_config({"game": {"layout": "board7"}})
