"""The live chain on the synthetic camera: picture → board reader → still wait → referee."""

from __future__ import annotations

from conftest import on_synthetic_camera, position

from companion.table.live import Live
from companion.table.table import Table
from companion.web import create_app


def live_table() -> tuple[Table, Live]:
    table = Table.new(position())
    return table, on_synthetic_camera(table)


def test_the_camera_sees_the_set_up_board_and_the_referee_waits_for_the_roll():
    table, live = live_table()
    glances = [live.step() for _ in range(4)]
    assert all(g is not None and g.kind == "board" for g in glances)
    assert table.referee.phase.name == "ROLL"
    assert live.jpeg() is not None and live.jpeg().startswith(b"\xff\xd8")


def test_a_move_picked_on_the_page_is_what_the_camera_then_sees():
    table, live = live_table()
    for _ in range(4):
        live.step()
    table.referee.observe_dice([4, 3])
    table.referee.play(0)
    moved = table.position
    for _ in range(4):
        live.step()
    assert table.position == moved and table.referee.phase.name == "ROLL"
    assert table.referee.verdict is not None and table.referee.verdict.kind == "legal"


def test_the_page_streams_the_camera_view():
    table, live = live_table()
    live.step()
    app = create_app({"TABLE": table, "LIVE": live, "TESTING": True, "SSE_TEST_SECONDS": 0.3})
    client = app.test_client()
    assert 'src="/camera.mjpg"' in client.get("/").get_data(as_text=True)
    response = client.get("/camera.mjpg")
    body = b"".join(response.response)
    assert response.mimetype == "multipart/x-mixed-replace" and b"image/jpeg" in body


def test_the_view_is_drawn_only_when_asked_and_once_per_frame(monkeypatch):
    import companion.table.live

    drawn: list[int] = []
    real = companion.table.live._overlay

    def counting(*args):  # type: ignore[no-untyped-def]
        drawn.append(1)
        return real(*args)

    monkeypatch.setattr(companion.table.live, "_overlay", counting)
    _, live = live_table()
    for _ in range(3):
        live.step()
    assert drawn == []  # nobody watched: no view was drawn nor encoded
    first = live.jpeg()
    assert first is not None and live.jpeg() is first and len(drawn) == 1  # two viewers
    live.step()
    assert live.jpeg() is not first and len(drawn) == 2
