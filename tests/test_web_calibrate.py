"""The calibration page: the referee captures the empty board and the start, and fits.

The camera here is the synthetic one, showing whichever photo the test puts in front of
it; the photos are the same as in the CLI's calibration tests (calibration_helpers).
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from calibration_helpers import photos
from conftest import position

from companion.calibration import load_calibration
from companion.camera import Supervisor, SyntheticSource
from companion.live import Live
from companion.table import Table
from companion.vision import BoardReader
from companion.watch import Watcher
from companion.web import create_app

PIN = "2468"


class Scene:
    """What the camera sees: set ``image`` and step the camera loop once."""

    def __init__(self, table: Table) -> None:
        self.image = photos()["empty"]
        camera = Supervisor(SyntheticSource(lambda: self.image))
        self.live = Live(table, camera, Watcher(table.referee, BoardReader(table.position.layout)))

    def show(self, image: np.ndarray) -> None:
        self.image = image
        self.live.step()


@pytest.fixture
def scene(tmp_path):  # type: ignore[no-untyped-def]
    table = Table.new(position())
    scene = Scene(table)
    app = create_app(
        {
            "TABLE": table,
            "LIVE": scene.live,
            "TESTING": True,
            "REFEREE_PIN": PIN,
            "WRONG_PIN_PAUSE": 0,
            "CALIBRATION_DIR": tmp_path / "calibration",
        }
    )
    scene.client = app.test_client()  # type: ignore[attr-defined]
    scene.path = tmp_path / "calibration" / "gravitation.json"  # type: ignore[attr-defined]
    return scene


def token(client, path="/unlock"):  # type: ignore[no-untyped-def]
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def unlock(client) -> None:  # type: ignore[no-untyped-def]
    client.post("/unlock", data={"pin": PIN, "csrf_token": token(client)})


def post(client, path, **data):  # type: ignore[no-untyped-def]
    return client.post(path, data={**data, "csrf_token": token(client, "/")})


def test_calibrating_needs_the_pin(scene):
    client = scene.client
    assert "/unlock" in client.get("/calibrate").headers["Location"]
    scene.show(photos()["empty"])
    response = post(client, "/calibrate/capture", kind="empty")
    assert response.status_code == 302 and "/unlock" in response.headers["Location"]
    assert "/unlock" in post(client, "/calibrate/save").headers["Location"]
    assert not scene.path.exists()


def test_the_empty_board_and_the_start_are_captured_fitted_and_saved(scene):
    client = scene.client
    unlock(client)
    page = client.get("/calibrate?lang=en").get_data(as_text=True)
    assert 'src="/camera.mjpg"' in page and "No calibration yet" in page
    scene.show(photos()["empty"])
    assert post(client, "/calibrate/capture", kind="empty").status_code == 302
    scene.show(photos()["start"])
    assert post(client, "/calibrate/capture", kind="start").status_code == 302
    page = client.get("/calibrate").get_data(as_text=True)
    assert "/calibrate/photo/empty.jpg" in page and "/calibrate/photo/start.jpg" in page
    assert client.get("/calibrate/photo/start.jpg").mimetype == "image/jpeg"
    assert post(client, "/calibrate/save").status_code == 302
    saved = load_calibration(scene.path)
    assert saved.profiles is not None and saved.layout == "gravitation"
    assert "Calibration saved" in client.get("/calibrate").get_data(as_text=True)
    # the camera reads with the new colours from the next frame on
    reader = scene.live.watcher.board.reader
    assert np.allclose(reader.profiles.piece_bgr, saved.profiles.piece_bgr)


def test_swapped_photos_are_refused_with_a_reason_and_nothing_is_saved(scene):
    client = scene.client
    unlock(client)
    scene.show(photos()["start"])
    post(client, "/calibrate/capture", kind="empty")
    scene.show(photos()["empty"])
    post(client, "/calibrate/capture", kind="start")
    response = post(client, "/calibrate/save")
    text = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Startaufstellung: " in text and "are the photos swapped?" in text
    assert not scene.path.exists()


def test_a_piece_out_of_place_on_the_start_photo_is_named(scene):
    client = scene.client
    unlock(client)
    scene.show(photos()["empty"])
    post(client, "/calibrate/capture", kind="empty")
    scene.show(photos()["moved"])
    post(client, "/calibrate/capture", kind="start")
    response = post(client, "/calibrate/save")
    assert response.status_code == 400
    assert "U1.13 shows red, should be empty" in response.get_data(as_text=True)
    assert not scene.path.exists()


def test_capture_mistakes_are_answered_with_a_message(scene):
    client = scene.client
    unlock(client)
    response = post(client, "/calibrate/save")
    assert response.status_code == 409 and "Erst ein Foto aufnehmen" in response.get_data(
        as_text=True
    )
    response = post(client, "/calibrate/capture", kind="dice")
    assert response.status_code == 400 and "leeres Brett oder" in response.get_data(as_text=True)
    scene.show(np.full((960, 1280, 3), 90, np.uint8))  # the camera looks at the dice tray
    response = post(client, "/calibrate/capture", kind="empty")
    assert response.status_code == 409 and "sieht das Brett nicht" in response.get_data(
        as_text=True
    )
    assert client.get("/calibrate/photo/empty.jpg").status_code == 404


def test_without_a_camera_the_page_says_so(tmp_path):
    app = create_app({"TESTING": True, "REFEREE_PIN": PIN, "WRONG_PIN_PAUSE": 0})
    client = app.test_client()
    unlock(client)
    assert "Keine Kamera" in client.get("/calibrate").get_data(as_text=True)
    response = post(client, "/calibrate/capture", kind="start")
    assert response.status_code == 409 and "Keine Kamera" in response.get_data(as_text=True)
    response = post(client, "/calibrate/save")
    assert response.status_code == 409 and "Kein Datenverzeichnis" in response.get_data(
        as_text=True
    )


def test_serve_reads_with_the_saved_calibration_and_survives_a_broken_one(tmp_path, caplog):
    from companion.calibration import Calibration, fit_colours, save_calibration, start_placement
    from companion.cli import serve
    from companion.config import Config

    config = Config(data_dir=tmp_path)
    table = Table.new(position())
    layout = table.position.layout
    shots = photos()
    fitted = fit_colours(
        layout,
        Calibration("gravitation"),
        [(shots["empty"], {}), (shots["start"], start_placement(layout))],
    )
    save_calibration(fitted, config.calibration_dir / "gravitation.json")
    reader = serve._camera(config, table, None).watcher.board.reader
    assert np.allclose(reader.profiles.piece_bgr, fitted.profiles.piece_bgr)

    (config.calibration_dir / "gravitation.json").write_text("{", encoding="utf-8")
    reader = serve._camera(config, table, None).watcher.board.reader
    assert not np.allclose(reader.profiles.piece_bgr, fitted.profiles.piece_bgr)
    assert "calibration is not JSON" in caplog.text and "reading with the defaults" in caplog.text
