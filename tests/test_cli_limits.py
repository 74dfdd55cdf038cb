"""Every bad input of the command line ends in exit 2 and one line: a config nested 5,000
deep (from every subcommand that reads it, and from `check` when it is the user's own
default config), a player list without a colour, truncated frames for `replay`, and a
file argument that is too large (/dev/zero, a position or config over 1 MB), refused
before it is read whole."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
from conftest import two_player

from companion import textfile
from companion.cli import main
from companion.textfile import MOST_BYTES

DEEP = "x = " + "[" * 5000 + "]" * 5000 + "\n"
CHECK = ["--roll", "5,2", "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, 0"]


def one_line_exit_2(code: int, err: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err and "internal error" not in err, err


def run(capsys, argv: list[str]) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


READS_THE_CONFIG = [
    ["serve", "--port", "8123"],
    ["config", "--check"],
    ["config"],
    ["pin"],
    ["journal", "check"],
    ["export"],
    ["hub", "--broker", "127.0.0.1"],
]


@pytest.mark.parametrize("argv", READS_THE_CONFIG, ids=lambda a: " ".join(a))
def test_a_config_nested_5000_deep_is_one_line_from_every_subcommand(capsys, tmp_path, argv):
    config = tmp_path / "deep.toml"
    config.write_text(DEEP, encoding="utf-8")
    code, err = run(capsys, [*argv, "--config", str(config)])
    one_line_exit_2(code, err)
    assert "nested too deep" in err


def test_check_does_not_trip_over_a_deep_default_config(capsys, tmp_path, monkeypatch):
    default = tmp_path / "home-config" / "companion" / "config.toml"  # conftest's XDG home
    default.parent.mkdir(parents=True)
    default.write_text(DEEP, encoding="utf-8")
    position = tmp_path / "p.json"
    position.write_text(json.dumps(two_player()), encoding="utf-8")
    code, err = run(capsys, ["check", str(position), *CHECK])
    assert code == 0 and err == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["start", "--players", ","],
        ["replay", "FRAMES", "--players", ","],
        ["start", "--players", " , ,"],
    ],
    ids=lambda a: " ".join(a),
)
def test_a_player_list_without_a_colour_is_one_line(capsys, tmp_path, argv):
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "0001.png"), np.zeros((40, 60, 3), np.uint8))
    code, err = run(capsys, [str(frames) if w == "FRAMES" else w for w in argv])
    one_line_exit_2(code, err)
    assert "names no colour" in err


def test_replay_says_each_truncated_frame_in_one_line_without_decoder_noise(capfd, tmp_path):
    noise = np.random.default_rng(0).integers(0, 255, (120, 160, 3), dtype=np.uint8)
    for name, ext in (("0001", ".jpg"), ("0002", ".png")):
        data = cv2.imencode(ext, noise)[1].tobytes()
        (tmp_path / f"{name}{ext}").write_bytes(data[: len(data) // 2])
    code = main(["replay", str(tmp_path), "--players", "red,yellow"])
    err = capfd.readouterr().err
    assert code == 2
    assert "Premature end" not in err and "libpng" not in err, err
    lines = err.splitlines()
    assert len(lines) == 3 and all("frame skipped" in line for line in lines[:2]), err


def test_check_of_dev_zero_is_refused_before_memory_runs_out(capsys):
    code, err = run(capsys, ["check", "/dev/zero", *CHECK])
    one_line_exit_2(code, err)
    assert "too large for a position" in err


@pytest.mark.parametrize("kind", ["position", "config"])
def test_a_file_over_1_mb_is_refused_by_its_size(capsys, tmp_path, monkeypatch, kind):
    big = tmp_path / "big"
    big.write_bytes(b" " * (MOST_BYTES + 1))
    read: list[str] = []
    real = textfile.read_stream
    monkeypatch.setattr(
        textfile, "read_stream", lambda f, name, *a: read.append(name) or real(f, name, *a)
    )
    argv = ["check", str(big), *CHECK] if kind == "position" else ["config", "--config", str(big)]
    code, err = run(capsys, argv)
    one_line_exit_2(code, err)
    assert "too large" in err and f"{MOST_BYTES + 1:,} bytes" in err
    assert read == []  # refused by its size, never read
