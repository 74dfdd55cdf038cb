"""``companion config``: show the effective configuration and where it came from, or check it.

``companion config`` prints the whole effective config as TOML (every key, defaults filled
in), headed by the file it was read from; ``--json`` prints it as one JSON object;
``--check [FILE]`` only validates a file and lists every problem, exit 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.common import add_config_argument, add_json_argument, print_json, read_config
from companion.texts import WORDS, text

if TYPE_CHECKING:  # read when the command runs: `companion check` loads no TOML reader
    from companion.settings.config import Config

NAME = "config"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_config_argument(parser)
    add_json_argument(parser)
    parser.add_argument(
        "--check",
        nargs="?",
        const="",
        metavar="FILE",
        help=text("opt.config.check"),
    )


def run(args: argparse.Namespace) -> int:
    from companion.settings.config import ConfigError, read_config_file

    if args.check is not None:
        if args.check:
            path = Path(args.check)
            if not path.is_file():
                raise ConfigError([text("config.none", path=str(path))])
            config = read_config_file(path, found_by="--check")
        else:
            config = read_config(args)
        print(text("config.ok", path=str(config.path or text("config.builtin"))))
        return 0
    config = read_config(args)
    data = config_as_data(config)
    if args.json:
        print_json(
            {
                "source": str(config.path) if config.path else None,
                "found_by": config.found_by,
                "pin": _pin_source(config),
                "config": data,
            }
        )
    else:
        if config.path is None:
            print(text("config.shown_builtin"))
        else:
            print(text("config.shown_from", where=f"{config.path} ({_found_by(config)})"))
        print(text("config.pin_hidden", source=_pin_source(config)))
        print(to_toml(data), end="")
    return 0


def _found_by(config: Config) -> str:
    """How the file was found, in the run's language: "system file" is a word, "--check"
    and "$COMPANION_CONFIG" are said as written."""
    key = "config.found." + config.found_by.replace(" ", "_")
    return text(key) if key in WORDS else config.found_by


def _pin_source(config: Config) -> str:
    if config.web.pin is not None:
        return text("config.pin_set", path=str(config.path))
    from companion.settings.pin import PIN_FILE

    return text("config.pin_kept", path=str(config.data_dir / PIN_FILE))


def config_as_data(config: Config) -> dict[str, Any]:
    """The config as plain TOML/JSON data, in the layout of config.example.toml; never
    the referee PIN (it would end up in a support request or a screenshot)."""
    data = dataclasses.asdict(config)
    del data["path"], data["found_by"], data["web"]["pin"]
    del data["game"]["named"]  # whether the file wrote game.name: no key of its own
    pins = data["panel"]["pins"]
    for key, value in pins.items():
        if value is None and key != "verdict_rgb":
            pins[key] = False  # "not wired" must read back as not wired, not the default
    return _plain(data)  # type: ignore[no-any-return]


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    return value


def to_toml(data: dict[str, Any], prefix: str = "") -> str:
    """A small TOML writer for the config's own shapes (scalars, lists, nested tables)."""
    lines = [f"{k} = {_toml_value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    text = "\n".join(lines) + ("\n" if lines else "")
    for key, value in data.items():
        if isinstance(value, dict):
            name = f"{prefix}{key}"
            body = to_toml(value, f"{name}.")
            text += f"\n[{name}]\n{body}"
    return text


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)
