"""Any board is data: a layout of fields alone can be drawn, calibrated and read, not played."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.errors import CompanionError, LayoutError, PositionError
from companion.model.layoutfile import load_layout, parse_layout
from companion.model.position import Position
from companion.render import draw_board, to_image
from companion.render.scene import Circle
from companion.vision import BoardReader
from companion.vision.board.locate import Location
from companion.vision.calibration import load_calibration
from companion.vision.colourfit import load_placement


def grid_layout(size: int = 5, spacing: float = 24.0, **extra: object) -> dict[str, object]:
    """A Go-like grid board: nothing but a name, the board, the piece and the fields."""
    half = (size - 1) / 2
    fields = [
        {"id": f"r{r}c{c}", "x": (c - half) * spacing, "y": (r - half) * spacing}
        for r in range(size)
        for c in range(size)
    ]
    side = spacing * (size + 1)
    board = {"shape": "square", "width": side, "height": side}
    return {"name": "grid", "units": "mm", "board": board, "piece_diameter": 20, **extra} | {
        "fields": fields
    }


def test_a_layout_of_fields_alone_is_a_plain_board():
    layout = parse_layout(json.dumps(grid_layout()))
    assert layout.style == "plain" and layout.fields["r0c0"].kind == "field"
    assert layout.lines == () and layout.seats == () and layout.piece_height == 0
    assert to_image(draw_board(layout), 1.0).shape[:2] == (144, 144)


def test_units_other_than_millimetres_are_refused():
    with pytest.raises(LayoutError, match="units must be 'mm'"):
        parse_layout(json.dumps(grid_layout() | {"units": "inch"}))


def test_a_negative_piece_height_is_refused():
    with pytest.raises(LayoutError, match="piece_height"):
        parse_layout(json.dumps(grid_layout(piece_height=-3)))


def test_a_plain_board_is_not_played():
    layout = parse_layout(json.dumps(grid_layout()))
    with pytest.raises(PositionError, match=r"plain board .* not played"):
        Position.create("gravitation", layout, ["red", "yellow"], "red", {})


def test_the_top_of_a_raised_piece_is_where_the_camera_sees_it():
    """The pose from the homography puts a point 9 mm up where a real camera projects it."""
    f, w, h = 1024.0, 1280, 960
    matrix = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    rvec, tvec = np.array([0.35, -0.2, 0.1]), np.array([20.0, -10.0, 600.0])
    board = np.array([[-100.0, -100], [100, -100], [100, 100], [-100, 100]])

    def camera(pts: np.ndarray) -> np.ndarray:
        return cv2.projectPoints(pts, rvec, tvec, matrix, None)[0].reshape(-1, 2)

    flat = camera(np.column_stack([board, np.zeros(4)]))
    homography = cv2.getPerspectiveTransform(board.astype(np.float32), flat.astype(np.float32))
    location = Location(np.asarray(homography, np.float64), None, "manual")
    tops = np.array([[0.0, 0.0], [60.0, -40.0]])
    expected = camera(np.column_stack([tops, np.full(2, -9.0)]))  # z into the table
    got = location.project_raised(tops, 9.0, (w, h))
    assert np.abs(got - expected).max() < 0.05
    assert np.abs(location.project(tops) - expected).max() > 3  # it does stand off


def run(capsys, *argv):  # type: ignore[no-untyped-def]
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def grid_photo(layout_file: Path, pieces: dict[str, str]) -> np.ndarray:
    """The drawn grid board with pieces, tilted into a photo on a dark table."""
    layout = load_layout(layout_file)
    scene = draw_board(layout)
    for fid, colour in pieces.items():
        f = layout.fields[fid]
        paint = {"black": "#1e1e1e", "white": "#f2f2ee"}[colour]
        scene.add(Circle(f.x, f.y, layout.piece_diameter / 2, fill=paint))
    img = to_image(scene, 3.0)
    side = img.shape[0]
    src = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
    dst = np.float32([[80, 60], [side + 40, 75], [side + 70, side + 50], [60, side + 40]])
    warp = cv2.getPerspectiveTransform(src, dst)
    return np.asarray(cv2.warpPerspective(img, warp, (side + 160, side + 120)), np.uint8)


def test_corners_calibration_by_four_fields_and_read_without_a_game(tmp_path, capsys):
    layout_file = tmp_path / "grid.json"
    layout_file.write_text(json.dumps(grid_layout()))
    layout = load_layout(layout_file)
    photo = grid_photo(layout_file, {})
    # where the four corner fields are in the photo (as a person would click them)
    side = to_image(draw_board(layout), 3.0).shape[0]
    src = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
    dst = np.float32([[80, 60], [side + 40, 75], [side + 70, side + 50], [60, side + 40]])
    warp = cv2.getPerspectiveTransform(src, dst)
    corners = ["r0c0", "r0c4", "r4c4", "r4c0"]
    mm = np.array([[layout.fields[f].x, layout.fields[f].y] for f in corners])
    px = cv2.perspectiveTransform(((mm + side / 6) * 3).reshape(-1, 1, 2), warp).reshape(-1, 2)
    cal = tmp_path / "cal.json"
    points = [f"{x:.1f},{y:.1f}" for x, y in px]
    code, out, err = run(
        capsys, "calibrate", "corners", "--layout", layout_file, "-c", cal, "--points", *points,
        "--fields", *corners,
    )  # fmt: skip
    assert code == 0, err
    image = tmp_path / "empty.png"
    cv2.imwrite(str(image), photo)
    code, out, err = run(
        capsys, "read-board", image, "--layout", layout_file, "--calibration", cal, "--json"
    )
    assert code == 0, err
    line = json.loads(out)
    assert line["found"] is True and line["fields"] == {}


def test_corners_by_fields_that_are_not_in_the_layout_is_one_line(tmp_path, capsys):
    layout_file = tmp_path / "grid.json"
    layout_file.write_text(json.dumps(grid_layout()))
    code, _, err = run(
        capsys, "calibrate", "corners", "--layout", layout_file, "-c", tmp_path / "c.json",
        "--points", "1,1", "100,1", "100,100", "1,100", "--fields", "r0c0", "r0c4", "r4c4", "x",
    )  # fmt: skip
    assert code == 2 and "no field 'x'" in err and len(err.strip().splitlines()) == 1


def test_start_of_a_game_on_a_plain_board_is_refused_in_one_line(tmp_path, capsys):
    layout_file = tmp_path / "grid.json"
    layout_file.write_text(json.dumps(grid_layout()))
    image = tmp_path / "empty.png"
    cv2.imwrite(str(image), grid_photo(layout_file, {}))
    cal = tmp_path / "c.json"
    code, _, err = run(
        capsys, "calibrate", "colours", "--layout", layout_file, "-c", cal, "--start", image
    )
    assert code == 2 and "no game starts on layout 'grid'" in err
    assert not cal.exists()


def test_reader_accepts_a_plain_layout(tmp_path):
    # a board without markers or corners is no error of the frame: the reader says it
    # finds no board until the corners are calibrated (serve waits for them, trial s13)
    layout = parse_layout(json.dumps(grid_layout()))
    read = BoardReader(layout).read(np.zeros((100, 100, 3), np.uint8))
    assert not read.found and read.cause.kind == "no_corners"
    assert "no markers: calibrate its four corners" in read.reason


def test_colours_learnt_from_a_known_board_file_any_colour_name(tmp_path, capsys):
    layout_file = tmp_path / "grid.json"
    layout_file.write_text(json.dumps(grid_layout()))
    known = {"r0c0": "black", "r1c1": "black", "r2c3": "white", "r4c4": "white"}
    board = tmp_path / "known.json"  # what read-board --json prints: other keys are ignored
    board.write_text(json.dumps({"image": "k.png", "found": True, "fields": known}))
    photo = tmp_path / "known.png"
    cv2.imwrite(str(photo), grid_photo(layout_file, known))
    later = tmp_path / "later.png"
    cv2.imwrite(str(later), grid_photo(layout_file, {"r3c3": "black", "r0c4": "white"}))
    cal = tmp_path / "c.json"
    side = to_image(draw_board(load_layout(layout_file)), 3.0).shape[0]
    corners = ["80,60", f"{side + 40},75", f"{side + 70},{side + 50}", f"{60},{side + 40}"]
    assert run(capsys, "calibrate", "corners", "--layout", layout_file, "-c", cal,
               "--points", *corners)[0] == 0  # fmt: skip
    code, _, err = run(capsys, "calibrate", "colours", "-c", cal, "--position", photo, board)
    assert code == 0, err  # no --empty: each field's empty look from where it is empty
    code, out, err = run(capsys, "read-board", later, "--calibration", cal, "--json")
    assert json.loads(out)["fields"] == {"r3c3": "black", "r0c4": "white"}


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ({"fields": {"r9c9": "black"}}, "has no field 'r9c9'"),
        ({"fields": {"r0c0": "Dark"}}, "'Dark' is not a colour name"),  # 'Black' is black
        ({"fields": {"r0c0": "black"}, "turn": "white"}, "unknown key 'turn'"),
        ({"fields": ["r0c0"]}, "'fields' must be an object"),
    ],
)
def test_a_broken_board_file_is_one_line(tmp_path, capsys, content, why):
    layout_file = tmp_path / "grid.json"
    layout_file.write_text(json.dumps(grid_layout()))
    board = tmp_path / "known.json"
    board.write_text(json.dumps(content))
    photo = tmp_path / "known.png"
    cv2.imwrite(str(photo), grid_photo(layout_file, {}))
    cal = tmp_path / "c.json"
    code, _, err = run(
        capsys, "calibrate", "colours", "--layout", layout_file, "-c", cal,
        "--position", photo, board,
    )  # fmt: skip
    assert code == 2 and why in err and len(err.strip().splitlines()) == 1
    assert not cal.exists()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@given(JSON)
@settings(max_examples=150, deadline=None)
def test_any_json_as_a_known_board_is_read_or_refused_in_words(tmp_path_factory, data):
    layout = parse_layout(json.dumps(grid_layout()))
    path = tmp_path_factory.mktemp("k") / "k.json"
    path.write_text(json.dumps({"fields": data} if isinstance(data, dict) else data))
    try:
        placement = load_placement(path, layout)
    except CompanionError as exc:
        assert "\n" not in str(exc)
    else:
        assert set(placement) <= set(layout.fields)


@pytest.mark.slow
@pytest.mark.parametrize("whole_discs_only", [True, False])
def test_calibrate_colours_says_in_one_line_where_a_stone_looks_like_the_board(
    tmp_path, capsys, monkeypatch, whole_discs_only
):
    # trial s10 (L1): white stones on a light Go board, `calibrate check` drew 104 of 361
    # fields red (held at 85 %: white and the empty field alike) and `calibrate colours`
    # said nothing. Photographed as the trial did (render --photo, seed 0); the count said
    # is the fields `calibrate check` draws red on the calibration photos where white is
    # like the empty field. Since the nineteenth round the print of a disc the light clips
    # in part speaks from the points left and settles the three fields still alike here
    # (r1c10-r3c10): nothing is red there, nothing said; where only whole discs speak (as
    # before), they are red and the note counts them.
    from companion.synth.board import NORMAL, random_camera, random_pose
    from companion.vision.board import imprint

    if whole_discs_only:  # the reader's print as before; calibration's notes as now
        monkeypatch.setattr(imprint, "MIN_SEEN", 1.01)

    layout_file = tmp_path / "go19.json"
    assert main(["layout", "grid", "19", "--spacing", "22", "-o", str(layout_file)]) == 0
    layout = load_layout(layout_file)
    rng = np.random.default_rng(0)  # the camera and pose `render --photo --seed 0` takes
    camera = random_camera(rng)
    rvec, tvec = random_pose(layout.width, layout.height, camera, rng, fill=NORMAL.fill)
    corners = ["r0c0", "r0c18", "r18c18", "r18c0"]
    mm = np.array([[layout.fields[f].x, layout.fields[f].y, 0.0] for f in corners])
    px = cv2.projectPoints(mm, rvec, tvec, camera.matrix, camera.distortion)[0].reshape(-1, 2)
    cal = tmp_path / "cal.json"
    points = [f"{x:.1f},{y:.1f}" for x, y in px]
    code, _, err = run(
        capsys, "calibrate", "corners", "--layout", layout_file, "-c", cal, "--points", *points,
        "--fields", *corners,
    )  # fmt: skip
    assert code == 0, err
    stones = {"r7c7": "white", "r11c11": "white", "r9c9": "black", "r0c18": "white"}
    photos = {}
    for name, fields in (("empty", {}), ("stones", stones)):
        board = tmp_path / f"{name}.json"
        board.write_text(json.dumps({"fields": fields}))
        photos[name] = (tmp_path / f"{name}.png", board)
        code, _, err = run(
            capsys, "render", board, "--layout", layout_file, "--photo", "-o", photos[name][0]
        )
        assert code == 0, err
    code, out, err = run(
        capsys, "calibrate", "colours", "--layout", layout_file, "-c", cal,
        "--empty", photos["empty"][0], "--position", *photos["stones"],
    )  # fmt: skip
    assert code == 0, err
    red: set[str] = set()
    for photo, _ in photos.values():
        code, seen, err = run(
            capsys, "calibrate", "check", "-c", cal, "--layout", layout_file, photo, "--json"
        )
        assert code == 0, err
        red |= {f for f, c in json.loads(seen)["confidence"]["fields"].items() if c < 0.9}
    profiles = load_calibration(cal).profiles
    assert profiles is not None
    white = profiles.colours.index("white")
    like = {f for i, f in enumerate(profiles.field_ids) if profiles.alike[i, white]}
    assert not profiles.alike[:, profiles.colours.index("black")].any()
    notes = [line.strip() for line in out.splitlines()[1:]]
    if not whole_discs_only:  # the print settles them: read surely, nothing to say
        assert like and not red & like and not any("looks like" in n for n in notes), out
        return
    assert red & like  # the light stone on the light board; black is like no field
    assert notes == [
        f"note: under this light a piece looks like the empty field: white on {len(red & like)} of "
        "361 fields — the reader stays unsure there (at most 85%; 'calibrate check' draws "
        "them red); more contrast between the pieces and the board, or better light, helps"
    ], out
