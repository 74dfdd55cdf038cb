"""The set-up page as a referee uses it (issue 21.6): colours as buttons in turn order,
only the chosen game's phase and switches, and nothing thrown away without a yes."""

from __future__ import annotations

import re

from conftest import position, token, unlock

from companion.model.position import start_position
from companion.web import Table, create_app


def referee(pos=None):  # type: ignore[no-untyped-def]
    app = create_app(
        {"TABLE": Table.new(pos or position()), "TESTING": True, "REFEREE_PIN": "2468"}
    )
    client = app.test_client()
    unlock(client)
    return app, client


def test_the_players_are_the_layouts_colours_as_buttons_not_free_text():
    _, client = referee()
    page = client.get("/setup?lang=de").get_data(as_text=True)
    assert 'name="players"' not in page
    ticks = re.findall(r'name="player" value="(\w+)"( checked)?', page)
    assert [c for c, _ in ticks] == ["red", "yellow", "green", "blue", "white"]
    assert [c for c, on in ticks if on] == ["red", "yellow"]  # the running game's
    assert "Grün" in page and "--paint: #" in page


def test_the_turn_order_is_the_order_the_colours_were_ticked():
    app, client = referee()
    form = {
        "game": "gravitation",
        "player": ["red", "blue", "green"],
        "order": "blue,red,green",
        "discard": "yes",
        "csrf_token": token(client),
    }
    assert client.post("/setup", data=form).status_code == 302
    assert app.config["TABLE"].position.players == ("blue", "red", "green")
    del form["order"]  # without the page's script: the layout's order
    form["csrf_token"] = token(client)
    client.post("/setup", data=form)
    assert app.config["TABLE"].position.players == ("red", "green", "blue")


def test_only_the_chosen_games_switches_are_shown():
    _, client = referee()
    page = client.get("/setup").get_data(as_text=True)
    assert "death_push" in page and "variant_2_1" not in page
    page = client.get("/setup?game=tunnelx").get_data(as_text=True)
    assert "variant_2_1" in page and "death_push" not in page
    assert 'name="phase"' not in page  # Tunnel X has no phases
    assert '<option value="tunnelx" selected>' in page
    page = client.get("/setup?game=tunnelx&players=white,red,purple").get_data(as_text=True)
    assert re.findall(r'value="(\w+)" checked', page) == ["red", "white"]  # as ticked so far
    assert 'id="order" value="white,red"' in page


def test_a_tenet_table_shows_no_phase_and_no_empty_switch_box():
    _, client = referee(start_position("tenet", ["red", "green"]))
    page = client.get("/setup?lang=de").get_data(as_text=True)
    assert 'name="phase"' not in page and "Phase" not in page
    assert "Regelschalter" not in page and page.count("<fieldset") == 1  # the players only


def test_a_new_game_needs_a_yes_and_a_refused_form_keeps_what_was_ticked():
    app, client = referee()
    before = app.config["TABLE"].position
    form = {"game": "gravitation", "player": ["white", "green"], "order": "white,green"}
    response = client.post("/setup", data={**form, "csrf_token": token(client)})
    assert response.status_code == 400 and app.config["TABLE"].position == before
    page = response.get_data(as_text=True)
    assert "verworfen" in page
    assert re.findall(r'name="player" value="(\w+)" checked', page) == ["green", "white"]
    assert 'id="order" value="white,green"' in page
    form["discard"] = "yes"
    assert client.post("/setup", data={**form, "csrf_token": token(client)}).status_code == 302
    assert app.config["TABLE"].position.players == ("white", "green")


def _luminance(hex_colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_colour_button_has_a_visible_edge_in_both_themes():
    # White on the light theme (and black on the dark) drew its button's edge in the
    # page's own background: the edge must stand out 3:1 (WCAG's non-text contrast)
    # by its paint or by a ring around it.
    from pathlib import Path

    from companion.render import PIECE_COLOURS

    css = (Path(__file__).parents[1] / "companion/web/static/companion.css").read_text()
    themes = {
        "dark": re.search(r":root \{([^}]*)\}", css).group(1),  # type: ignore[union-attr]
        "light": re.search(r':root\[data-theme="light"\] \{([^}]*)\}', css).group(1),  # type: ignore[union-attr]
    }
    rule = re.search(r"fieldset\.players label\.colour \{([^}]*)\}", css).group(1)  # type: ignore[union-attr]
    ring = re.search(r"box-shadow: 0 0 0 \d+px var\(--(\w+)\)", rule)
    for theme, block in themes.items():
        bg = re.search(r"--bg: (#\w{6})", block).group(1)  # type: ignore[union-attr]
        edge = re.search(rf"--{ring.group(1)}: (#\w{{6}})", block).group(1) if ring else None  # type: ignore[union-attr]
        for name, paint in PIECE_COLOURS.items():
            seen = max(_contrast(paint, bg), _contrast(edge, bg) if edge else 0)
            assert seen >= 3, (theme, name)


def test_a_game_of_another_board_says_so_and_an_unknown_one_is_said_not_ignored():
    _, client = referee()  # a Gravitation board
    page = client.get("/setup?game=tenet&lang=en").get_data(as_text=True)
    assert "This game is played on another board (tenet-2): put that board under" in page
    assert '<option value="tenet" selected>' in page  # set up here, no restart (issue 33.8)
    german = client.get("/setup?game=tenet&lang=de").get_data(as_text=True)
    assert "Dieses Spiel wird auf einem anderen Brett gespielt (tenet-2)" in german
    unknown = client.get("/setup?game=schach&lang=en").get_data(as_text=True)
    assert "&#39;schach&#39; is not refereed on this board" in unknown
    assert "played on another board" not in client.get("/setup?lang=en").get_data(as_text=True)
