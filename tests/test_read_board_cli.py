"""`companion read-board` and `companion render --photo`: the contract of DESIGN.md."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from conftest import two_player
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.model.layout import Layout
from companion.synth import photograph, random_position


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def photos(tmp_path_factory, gravitation: Layout) -> tuple[Path, dict[str, str], Path]:
    """A clean photo with its truth and a photo with a hand."""
    folder = tmp_path_factory.mktemp("photos")
    rng = np.random.default_rng(31)
    shot = photograph(random_position(gravitation, rng), rng)
    clean = folder / "clean.jpg"
    cv2.imwrite(str(clean), shot.image)
    busy = folder / "hand.jpg"
    cv2.imwrite(str(busy), photograph(shot.position, rng, hand=True).image)
    return clean, shot.truth, busy


def test_json_lines_one_per_image_with_fields_and_confidences(capsys, photos):
    clean, truth, busy = photos
    code, out, err = run(capsys, "read-board", clean, busy, "--layout", "gravitation", "--json")
    assert code == 0 and err == ""
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["image"] == str(clean) and first["found"] is True and first["busy"] is False
    assert first["fields"] == truth  # occupied fields only, each with its colour
    assert set(first["confidence"]["fields"]) >= set(truth)
    assert 0.5 < first["confidence"]["overall"] <= 1.0
    assert second["found"] is True and second["busy"] is True and "hand" in second["reason"]


def test_people_get_one_line_per_image(capsys, photos):
    clean, truth, _ = photos
    code, out, _ = run(capsys, "read-board", clean)
    assert code == 0 and out.count("\n") == 1
    assert f"{len(truth)} pieces" in out


def test_a_photo_without_the_board_is_not_found_exit_0(capsys, tmp_path):
    empty = tmp_path / "table.png"
    cv2.imwrite(str(empty), np.full((480, 640, 3), (60, 110, 150), np.uint8))
    code, out, _ = run(capsys, "read-board", empty, "--json")
    data = json.loads(out)
    assert code == 0 and data["found"] is False and data["fields"] == {}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty file"),
        (b"\xff\xd8\xff\xe0 broken jpeg", "truncated JPEG"),
        (b"hello, I am text", "not a readable image"),
    ],
)
def test_corrupt_images_are_one_line_exit_2(capsys, tmp_path, content, message):
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(content)
    code, out, err = run(capsys, "read-board", bad, "--json")
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_missing_image_and_wrong_layout_are_exit_2(capsys, tmp_path, photos):
    code, _, err = run(capsys, "read-board", tmp_path / "none.jpg")
    assert code == 2 and "cannot read the image" in err
    code, _, err = run(capsys, "read-board", photos[0], "--layout", "nosuchboard")
    assert code == 2 and "no layout 'nosuchboard'" in err and err.count("\n") == 1


@settings(max_examples=30)
@given(st.binary(max_size=300))
def test_any_bytes_are_read_or_refused_in_one_line(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "x.jpg"
    path.write_bytes(data)
    code = main(["read-board", str(path), "--json"])
    assert code in (0, 2)


def test_render_photo_is_a_camera_picture_that_reads_back(capsys, tmp_path, write_json):
    position = write_json(
        two_player(
            pieces={
                "red": ["U1.13", "red.S2", "red.S3", "red.S4", "red.S5"],
                "yellow": [f"yellow.S{k}" for k in range(1, 6)],
            }
        )
    )
    out_path = tmp_path / "photo.jpg"
    code, _, err = run(capsys, "render", position, "-o", out_path, "--photo", "--seed", "4")
    assert code == 0, err
    image = cv2.imread(str(out_path))
    assert image.shape == (960, 1280, 3)
    code, out, _ = run(capsys, "read-board", out_path, "--json")
    assert json.loads(out)["fields"]["U1.13"] == "red"
    code, out, _ = run(capsys, "--lang", "de", "read-board", out_path)
    assert "Rot auf U1.13, Rot auf S2 von Rot" in out  # not "Rot S2 von Rot"
    code, _, err = run(capsys, "render", position, "-o", tmp_path / "photo.svg", "--photo")
    assert code == 2 and ".jpg or .png" in err


def test_synthetic_photos_are_reproducible_and_carry_their_truth(gravitation):
    a = photograph(random_position(gravitation, np.random.default_rng(3)), np.random.default_rng(4))
    b = photograph(random_position(gravitation, np.random.default_rng(3)), np.random.default_rng(4))
    assert np.array_equal(a.image, b.image) and a.truth == b.truth
    assert not a.busy and a.covered == frozenset()
    c = photograph(a.position, np.random.default_rng(5), hand=True)
    assert c.busy and c.covered <= set(gravitation.fields)


def test_random_positions_are_valid_and_varied(gravitation):
    rng = np.random.default_rng(0)
    positions = [random_position(gravitation, rng) for _ in range(30)]
    assert len({p.players for p in positions}) > 3
    assert any(not f.startswith(p.players) for p in positions for f in p.occupant)
    for p in positions:
        assert all(len(p.pieces[c]) == 5 for c in p.players)


def test_a_photo_cut_short_is_refused_not_read_half_grey(capsys, tmp_path, photos):
    # OpenCV decodes a truncated JPEG's first rows and fills the rest with grey: a board
    # read from it would be half made up.
    whole = Path(photos[0]).read_bytes()
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(whole[: len(whole) // 2])
    code, out, err = run(capsys, "read-board", cut, "--json")
    assert code == 2 and out == "" and "truncated JPEG" in err and err.count("\n") == 1
