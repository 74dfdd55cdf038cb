"""A club's tables publish their games to one hub over MQTT (issue 23), tested with a
real Mosquitto broker: every event reaches the hub exactly once and in order, also
across a broker outage; bad messages are dropped; a table without a broker referees on."""

from __future__ import annotations

import time

import pytest
from conftest import position
from hub_helpers import MOSQUITTO, Broker, free_port

from companion.hub.listener import Listener
from companion.hub.messages import BadMessage
from companion.hub.publisher import Publisher
from companion.hub.store import HubStore
from companion.settings.config import HubConfig
from companion.table.live import wait_for
from companion.table.table import Table

needs_broker = pytest.mark.skipif(
    MOSQUITTO is None, reason="mosquitto is not installed (./test.sh installs it with apt)"
)


def a_table(folder, name: str, port: int) -> tuple[Table, Publisher]:  # type: ignore[no-untyped-def]
    folder.mkdir()
    table = Table.new(position(), folder / "journal.sqlite")
    config = HubConfig(broker="127.0.0.1", port=port, club="test", table=name)
    publisher = Publisher(table, config, folder)
    publisher.start()
    with table.lock:
        table.referee.confirm_board()  # the pieces stand: the game can begin
    return table, publisher


def a_hub(tmp_path, port: int) -> tuple[HubStore, Listener]:  # type: ignore[no-untyped-def]
    store = HubStore(tmp_path / "hub.sqlite")
    hub = Listener(store, "127.0.0.1", port, club="test")
    hub.start()
    return store, hub


def play(table: Table, rolls: list[list[int]]) -> None:
    with table.lock:
        for roll in rolls:
            table.referee.observe_dice(roll)
            table.referee.play(0)


def journal_ids(table: Table) -> list[int]:
    return [row[0] for row in table.journal.since(0, 10_000)]  # type: ignore[union-attr]


def received(store: HubStore, name: str) -> list[int]:
    return [e["id"] for e in store.events("test", name)]


def states(store: HubStore) -> dict[str, str]:
    """Whose move it is at each table, as far as the hub has heard."""
    return {known.name: known.state["to_move"] for known in store.tables()}


@pytest.fixture()
def broker(tmp_path):  # type: ignore[no-untyped-def]
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (./test.sh installs it with apt)")
    b = Broker(tmp_path)
    b.start()
    yield b
    b.stop()


@needs_broker
def test_two_tables_reach_the_hub_once_and_in_order_across_a_broker_outage(tmp_path, broker):
    store, hub = a_hub(tmp_path, broker.port)
    tables = [a_table(tmp_path / name, name, broker.port) for name in ("a", "b")]
    try:
        for table, _ in tables:
            play(table, [[4, 3], [5, 2]])
        broker.stop()  # the hall's Wi-Fi goes down
        for table, _ in tables:
            play(table, [[6, 1], [3, 4]])  # the tables referee on
        broker.start()
        for table, _ in tables:
            play(table, [[2, 5]])
        for (table, _), name in zip(tables, ("a", "b"), strict=True):
            ok = wait_for(lambda t=table, n=name: received(store, n) == journal_ids(t), 40)
            assert ok, f"{name}: {received(store, name)} != {journal_ids(table)}"
        # the state is sent after the events, so it may arrive a moment after them
        moves = {publisher.name: table.position.to_move for table, publisher in tables}
        assert wait_for(lambda: states(store) == moves, 20), f"{states(store)} != {moves}"
    finally:
        for _, publisher in tables:
            publisher.stop()
        hub.stop()


@needs_broker
def test_a_hub_that_lost_its_copy_gets_every_event_again(tmp_path, broker):
    table, publisher = a_table(tmp_path / "a", "a", broker.port)
    try:
        play(table, [[4, 3]])
        assert wait_for(lambda: publisher.sent == journal_ids(table)[-1], 20)
        store, hub = a_hub(tmp_path, broker.port)  # a hub started after the table sent all
        play(table, [[5, 2]])  # its first event names a gap: the hub asks for the rest
        assert wait_for(lambda: received(store, "a") == journal_ids(table), 20)
        hub.stop()
    finally:
        publisher.stop()


def test_a_malformed_or_oversized_message_is_dropped(tmp_path):
    store = HubStore(tmp_path / "hub.sqlite")
    hub = Listener(store, "127.0.0.1", free_port(), club="test")
    good = b'{"v": 1, "id": 1, "prev": 0, "game": 1, "at": "t", "kind": "start", "data": {}}'
    for where, payload in [
        ("companion/test/x/events", b"not json"),
        ("companion/test/x/events", b'{"v": 1, "id": 1, "prev": 0}'),
        ("companion/test/x/events", b'{"v": 1, "pad": "' + b"x" * 70_000 + b'"}'),
        ("companion/test/x/events", good.replace(b'"prev": 0', b'"prev": 5')),
        ("companion/test/x/state", b'{"v": 1, "players": "red"}'),
        ("companion/test/x/resend", b'{"v": 1, "after": 0}'),
        ("companion/test/x y/events", good),
    ]:
        with pytest.raises(BadMessage):
            hub.take(where, payload)
    assert store.events("test", "x") == []
    hub.take("companion/test/x/events", good)
    assert [e["id"] for e in store.events("test", "x")] == [1]


def test_a_table_without_a_broker_referees_on(tmp_path):
    table, publisher = a_table(tmp_path / "a", "a", free_port())  # nobody listens there
    try:
        start = time.monotonic()
        play(table, [[4, 3], [5, 2], [6, 1]])
        assert time.monotonic() - start < 5  # never waits to connect (loaded CI: room)
        assert len(journal_ids(table)) > 6 and publisher.sent == 0
    finally:
        publisher.stop()


@needs_broker
def test_the_hub_page_shows_every_table_and_serves_its_records_as_the_table_does(tmp_path, broker):
    from companion.hub.web import create_hub_app
    from companion.web import create_app

    store, hub = a_hub(tmp_path, broker.port)
    table, publisher = a_table(tmp_path / "a", "a", broker.port)
    try:
        play(table, [[4, 3], [5, 2]])
        assert wait_for(lambda: received(store, "a") == journal_ids(table), 20)
        assert wait_for(lambda: [t.name for t in store.tables()] == ["a"], 20)
        page = create_hub_app(store, "482913").test_client()
        listing = page.get("/").get_data(as_text=True)
        assert "test/a" in listing and "/table/test/a/board.svg" in listing
        assert page.get("/table/test/a/board.svg").status_code == 200
        game = table.referee.game_id
        own = create_app({"TABLE": table, "TESTING": True}).test_client()
        with table.lock:
            mine = own.get(f"/game/{game}.txt").get_data(as_text=True)
        assert page.get(f"/table/test/a/game/{game}.txt").get_data(as_text=True) == mine
        assert page.get("/table/test/b").status_code == 404
    finally:
        publisher.stop()
        hub.stop()


def a_hub_with_two_tables(tmp_path):  # type: ignore[no-untyped-def]
    from companion.hub.web import create_hub_app

    store = HubStore(tmp_path / "hub.sqlite")
    for name in ("a", "b"):
        store.set_state("test", name, {"players": ["red", "yellow"], "position": {}})
    app = create_hub_app(store, "482913")
    app.config.update(WTF_CSRF_ENABLED=False, TESTING=True, WRONG_PIN_PAUSE=0)
    return store, app.test_client()


def test_organisers_name_tables_archive_them_and_start_a_round_with_the_pin(tmp_path):
    store, client = a_hub_with_two_tables(tmp_path)
    form = {"club": "test", "table": "a", "label": "Finale, Tisch 1"}
    assert client.post("/organise/table", data=form).status_code == 403  # no PIN yet
    assert client.post("/organise/unlock", data={"pin": "000000"}).location.endswith("wrong=1")
    client.post("/organise/unlock", data={"pin": "482913"})
    client.post("/organise/table", data=form)
    client.post("/organise/table", data={"club": "test", "table": "b", "archived": "1"})
    client.post("/organise/round", data={"name": "Runde 2"})
    overview = client.get("/").get_data(as_text=True)
    assert "Finale, Tisch 1" in overview and "Runde 2" in overview
    assert "test/b" not in overview  # archived: off the overview
    client.post("/organise/lock")
    assert client.post("/organise/round", data={"name": "Runde 3"}).status_code == 403
    assert store.current_round()[0] == "Runde 2"  # type: ignore[index]


def test_the_organisers_forms_need_a_csrf_token(tmp_path):
    _, client = a_hub_with_two_tables(tmp_path)
    client.application.config["WTF_CSRF_ENABLED"] = True
    assert client.post("/organise/unlock", data={"pin": "482913"}).status_code == 400
