"""Layout files beyond Gravitation's: listed ring fields, ring centres, board shape and
style are checked like every other entry, one line naming the file and the entry."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import LayoutError
from companion.model.layoutfile import parse_layout


def text(name: str) -> str:
    return resources.files("companion.layouts").joinpath(f"{name}.json").read_text()


def broken(name: str, mutate):  # type: ignore[no-untyped-def]
    data = json.loads(text(name))
    mutate(data)
    return json.dumps(data)


def ring(data: dict[str, Any], rid: str) -> dict[str, Any]:
    return next(r for r in data["rings"] if r["id"] == rid)


def field(data: dict[str, Any], fid: str) -> dict[str, Any]:
    return next(f for f in data["fields"] if f["id"] == fid)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: ring(d, "K3")["fields"].append("start"),
            r"ring 'K3': lists 19 fields, expected 18$",
        ),
        (
            lambda d: ring(d, "K3")["fields"].__setitem__(2, "nowhere"),
            r"ring 'K3': fields names unknown field 'nowhere'$",
        ),
        (
            lambda d: ring(d, "K3")["fields"].__setitem__(2, "start"),
            r"ring 'K3': field 'start' is listed twice$",
        ),
        (
            lambda d: ring(d, "K3").update(fields="start"),
            r"ring 'K3': 'fields' must be a list of field ids$",
        ),
        (
            lambda d: field(d, "K3.2").update(index=4),
            r"ring 'K3': field 'K3\.2' must be at its index 4 of 'fields'$",
        ),
        (lambda d: ring(d, "K3").update(cx="left"), r"ring 'K3': 'cx' has the wrong type \(str\)$"),
        (
            lambda d: ring(d, "P3").update(radius=-27),
            r"ring 'P3': radius must be positive, not -27",
        ),
        (lambda d: d["rings"].append(dict(ring(d, "P3"))), r"ring 'P3': duplicate ring id$"),
        (
            lambda d: d["board"].update(shape="oval"),
            r"board: unknown shape 'oval' \(one of square, round\)$",
        ),
        (lambda d: d["board"].pop("diameter"), r"board: a round board needs its 'diameter'$"),
        (
            lambda d: d["board"].update(diameter=900),
            r"board: diameter 900 does not fit in 560x560$",
        ),
        (
            lambda d: d["board"].update(style="chess"),
            r"board: unknown style 'chess' \(one of gravitation, tuerme, tenet, plain\)$",
        ),
    ],
)
def test_broken_tenet_entries_are_named(mutate, message):
    with pytest.raises(LayoutError, match="^my\\.json: " + message):
        parse_layout(broken("tenet", mutate), source="my.json")


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["markers"].update(dictionary="4X4_9"),
            r"markers: unknown ArUco dictionary '4X4_9'",
        ),
        (
            lambda d: d["markers"]["items"][0].update(id=50),
            r"marker #0: id 50 is not in the dictionary 4X4_50$",
        ),
        (
            lambda d: d["markers"]["items"][0].update(size=0),
            r"marker #0: 'size' must be a positive number of mm, not 0$",
        ),
        (
            lambda d: d.update(piece_diameter=-18),
            r"top level: 'piece_diameter' must be a positive number",
        ),
        (
            lambda d: d["players"][1].update(seat="two"),
            r"player 'yellow': 'seat' has the wrong type \(str\)$",
        ),
        (
            lambda d: field(d, "T.3").update(special="yes"),
            r"field 'T\.3': 'special' has the wrong type",
        ),
        (lambda d: d.update(extra=[1]), r"top level: 'extra' has the wrong type \(list\)$"),
    ],
)
def test_broken_tuerme_entries_are_named(mutate, message):
    with pytest.raises(LayoutError, match="^my\\.json: " + message):
        parse_layout(broken("tuerme", mutate), source="my.json")


def test_a_listed_ring_without_its_line_is_named():
    def cut(d: dict[str, Any]) -> None:
        d["lines"] = [ln for ln in d["lines"] if {ln["from"], ln["to"]} != {"K3.2", "X3-8"}]

    with pytest.raises(
        LayoutError, match=r"^my\.json: ring 'K3': gap: no line (K3\.2->X3-8|X3-8->K3\.2)$"
    ):
        parse_layout(broken("tenet", cut), source="my.json")


def test_a_bridge_to_nowhere_is_named():
    def bridge(d: dict[str, Any]) -> None:
        d["lines"].append({"from": "T.14", "to": "T.99", "colour": "bridge"})

    with pytest.raises(
        LayoutError, match=r"^my\.json: line #\d+ T\.14->T\.99: unknown field 'T\.99'$"
    ):
        parse_layout(broken("tuerme", bridge), source="my.json")


def test_a_home_owned_by_a_colour_that_does_not_play_is_named():
    def owner(d: dict[str, Any]) -> None:
        field(d, "red.home")["owner"] = "pink"

    with pytest.raises(
        LayoutError, match=r"field 'red\.home': owner 'pink' is not a player colour"
    ):
        parse_layout(broken("tuerme", owner), source="my.json")


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 200)
    | st.floats(allow_nan=False)
    | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
PLACES = [
    (),
    ("board",),
    ("markers",),
    ("markers", "items", 1),
    ("rings", 0),
    ("rings", 12),
    ("fields", 0),
    ("fields", 70),
    ("lines", 3),
    ("lines", 70),
    ("players", 2),
]


@given(name=st.sampled_from(["tuerme", "tenet"]), place=st.sampled_from(PLACES), data=st.data())
def test_any_edited_entry_either_loads_or_fails_in_one_named_line(name, place, data):
    """Whatever a person types into one entry, the loader answers in one line or loads."""
    layout_data = json.loads(text(name))
    target: Any = layout_data
    for step in place:
        target = target[min(step, len(target) - 1)] if isinstance(step, int) else target[step]
    key = data.draw(st.sampled_from(sorted(target)) | st.text(max_size=4), label="key")
    if data.draw(st.booleans(), label="delete") and key in target:
        del target[key]
    else:
        target[key] = data.draw(JSON, label="value")
    try:
        layout = parse_layout(json.dumps(layout_data), source="my.json")
    except LayoutError as exc:
        message = str(exc)
        assert message.startswith("my.json: ") and "\n" not in message
    else:
        assert layout.fields
