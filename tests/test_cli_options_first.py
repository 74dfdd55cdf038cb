"""A command's --config and --data-dir may come before the command as well as after it:
`companion --config FILE serve` is `companion serve --config FILE` (new-user trial s14
L10: "argument command: invalid choice: '/tmp/trial14/tray.toml'", with no hint)."""

from __future__ import annotations

import pytest

from companion.cli import main, parse


def test_config_before_the_command_is_the_commands(tmp_path, capsys):
    path = tmp_path / "tray.toml"
    path.write_text("[web]\nport = 9123\n", encoding="utf-8")
    assert main(["--config", str(path), "config"]) == 0
    assert "9123" in capsys.readouterr().out
    assert parse([f"--config={path}", "--lang", "en", "serve"]).config == str(path)


def test_data_dir_before_the_command_is_the_commands(tmp_path):
    args = parse(["--lang", "de", "--data-dir", str(tmp_path), "pin"])
    assert args.data_dir == str(tmp_path) and args.command == "pin" and args.lang == "de"


def test_an_option_the_command_does_not_take_is_said_so_after_it(capsys):
    with pytest.raises(SystemExit) as exit_:
        parse(["--lang", "en", "--config", "x.toml", "start"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "--config" in err and "invalid choice" not in err
