"""What the command-line fuzz (tests/test_cli_bad_input.py, and longer bench/fuzz.py) starts
from: a working command line of each subcommand, its options, and the files they name
(a position, an image, a folder of frames, config files good and bad), and player lists."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from conftest import two_player

#: A working command line of each subcommand; the fuzz changes one word of it.
GOOD = {
    "start": ["--players", "red,yellow"],
    "join": ["POS", "green"],
    "render": ["POS", "-o", "x.svg"],
    "layout": ["grid", "9", "--spacing", "22", "-o", "go9.json"],
    "moves": ["POS", "--roll", "5,2"],
    "check": ["POS", "--roll", "5,2", "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"],
    "read-dice": ["IMG", "--json"],
    "read-board": ["IMG", "--json"],
    "calibrate": ["target", "-o", "t.png", "--px-per-mm", "5"],
    "replay": ["frames", "--still-frames", "3"],
    "sample": ["dice", "-o", "d.png", "--seed", "3"],
    "serve": ["--port", "8123", "--players", "red,yellow", "--config", "CFG"],
    "pin": ["--config", "CFG"],
    "journal": ["check", "--journal", "POS"],
    "export": ["--journal", "POS"],
    "hub": ["--broker", "127.0.0.1", "--port", "8124"],
    "config": ["--json", "--config", "CFG"],
    "bench": ["--positions", "1", "--only", "start"],
    "listen": ["--game", "tuerme", "--wav", "IMG"],
}


#: Config files the fuzz names (fuzz_files writes them): the example, one nested 5,000
#: deep, one with wrong values, one over the 1 MB a named file may hold.
CONFIGS = {
    "CFG": (Path(__file__).resolve().parent.parent / "config.example.toml").read_text("utf-8"),
    "CFGDEEP": "x = " + "[" * 5000 + "]" * 5000 + "\n",
    "CFGBAD": '[web]\nport = "x"\nhosts = [1, "\\u0000"]\n[game]\nplayers = ",,"\nphase = 1e309\n',
    "CFGBIG": "# " + "x" * 1_000_001 + "\n",
}

#: Player lists that once broke a subcommand, or might: no colour, doubled, unknown, German.
PLAYER_LISTS = [
    ",", " , ,", "red,", "red,red", "Rot,Gelb", "purple,red", "red;yellow",
    "red,yellow,green,blue,white,red", "ROT,gelb", "red,,yellow",
]  # fmt: skip


def stubs() -> list[tuple[str, Callable[..., object]]]:
    """What a fuzzed run must not do for real (dotted name, what stands in for it): serve
    (its input is checked, nothing is served) and measure (`companion bench`)."""
    return [
        ("companion.cli.serve._serve", lambda *a, **k: 0),
        ("companion.cli.hub._serve", lambda *a, **k: 0),
        ("companion.figures.rules.rules", lambda *a, **k: None),
        ("companion.figures.start.start", lambda *a, **k: None),
    ]


def options(module: object) -> list[str]:
    """The option strings of a subcommand (from its own parser), and its actions."""
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)  # type: ignore[attr-defined]
    found: list[str] = []
    for action in parser._actions:
        found += [o for o in action.option_strings if o not in ("-h", "--help")]
        if isinstance(action, argparse._SubParsersAction):
            found += list(action.choices)
    return found


def fuzz_files(folder: Path) -> None:
    """The files the good command lines name: a position (POS), a small PNG (IMG) and an
    empty folder of frames."""
    import cv2
    import numpy as np

    (folder / "POS").write_text(json.dumps(two_player()), encoding="utf-8")
    (folder / "IMG").write_bytes(cv2.imencode(".png", np.zeros((40, 60, 3), np.uint8))[1].tobytes())
    (folder / "frames").mkdir()
    for name, text in CONFIGS.items():
        (folder / name).write_text(text, encoding="utf-8")
