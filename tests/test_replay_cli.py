"""``companion replay`` refuses bad input with one line and exit 2; the watcher takes any
picture without judging noise."""

from __future__ import annotations

import functools
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.games.game import legal_moves
from companion.model.layoutfile import load_layout
from companion.model.position import start_position
from companion.table.answers import Phase
from companion.table.referee import Referee
from companion.table.watch import Watcher
from companion.vision import BoardReader


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["replay", *argv])
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return code, err


def frames(tmp_path: Path) -> Path:
    folder = tmp_path / "frames"
    folder.mkdir()
    cv2.imwrite(str(folder / "0001.png"), np.zeros((48, 64, 3), np.uint8))
    return folder


def test_a_missing_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, err = run(capsys, str(tmp_path / "nowhere"))
    assert code == 2 and "nowhere: no such folder of frames" in err


def test_a_folder_without_images(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a frame")
    code, err = run(capsys, str(tmp_path))
    assert code == 2 and "no image files" in err


def test_a_corrupt_start_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    start.write_text('{"game": "gravitation", "pieces": ')
    code, err = run(capsys, str(frames(tmp_path)), "--position", str(start))
    assert code == 2 and "start.json" in err


def test_a_start_position_of_another_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    main(["start", "--game", "tunnelx"])
    start = tmp_path / "start.json"
    start.write_text(capsys.readouterr().out)
    code, err = run(capsys, str(frames(tmp_path)), "--position", str(start))
    assert code == 2 and "not of 'gravitation'" in err


def test_a_journal_that_is_not_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    journal = tmp_path / "game.db"
    journal.write_text("shopping list")
    code, err = run(capsys, str(frames(tmp_path)), "--journal", str(journal))
    assert code == 2 and "not a companion journal" in err
    assert journal.read_text() == "shopping list"


def test_unknown_players(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _ = run(capsys, str(frames(tmp_path)), "--players", "red,purple")
    assert code == 2


def test_frames_without_board_or_dice_judge_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # trial s11 H3: this was exit 0 and no word, as if every move had been legal
    assert main(["replay", str(frames(tmp_path)), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "nothing judged" in err


@functools.cache
def reader() -> BoardReader:
    """Built once (it takes most of a second); noise never moves its board tracking."""
    return BoardReader(load_layout("gravitation"))


@settings(max_examples=25)
@given(
    seed=st.integers(0, 2**32 - 1),
    width=st.integers(8, 160),
    height=st.integers(8, 120),
    blocks=st.integers(1, 6),
)
@example(seed=2, width=33, height=32, blocks=2)  # a die region at the frame's right edge
@example(seed=701004309, width=143, height=71, blocks=2)  # and one that read a 2 there
def test_the_watcher_takes_any_picture_without_judging_noise(
    seed: int, width: int, height: int, blocks: int
) -> None:
    rng = np.random.default_rng(seed)
    coarse = rng.integers(0, 256, (blocks, blocks, 3), dtype=np.uint8)
    image = cv2.resize(coarse, (width, height), interpolation=cv2.INTER_NEAREST)
    image = np.clip(image + rng.normal(0, 8, image.shape), 0, 255).astype(np.uint8)
    referee = Referee.start(start_position("gravitation", ["red", "yellow"]), legal_moves)
    watcher = Watcher(referee, reader())
    for _ in range(4):  # the same picture four times: still, if it were anything
        glance = watcher.feed(image)
        assert glance.kind == "dice" and glance.verdict is None
    assert referee.phase is Phase.SETUP


def test_a_folder_of_unreadable_images_is_bad_input(tmp_path, capsys):
    from companion.cli import main

    (tmp_path / "frame1.jpg").write_bytes(b"not a jpeg")
    code = main(["replay", str(tmp_path), "--players", "red,yellow"])
    err = capsys.readouterr().err
    assert code == 2 and "none of its 1 image files could be read" in err
    assert err.count("\n") == 2 and "frame1.jpg: not a readable image" in err  # and skipped


def test_with_lang_de_a_skipped_frame_and_a_folder_of_none_are_said_in_german(tmp_path, capsys):
    # review s6 finding 6: the frame's reason stayed English, and so did the last line
    (tmp_path / "frame1.jpg").write_bytes(b"not a jpeg")
    code = main(["--lang", "de", "replay", str(tmp_path), "--players", "red,yellow"])
    err = capsys.readouterr().err
    assert code == 2
    assert (
        "frame1.jpg: kein lesbares Bild (beschädigt oder nicht JPEG/PNG); Bild übersprungen" in err
    )
    assert "keine ihrer 1 Bilddateien ist lesbar" in err
