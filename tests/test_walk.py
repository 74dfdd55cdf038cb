"""The board graph tables and the tunnel-effect walks shared with Tunnel X."""

from __future__ import annotations

from companion.games.zwianer.walk import graph, tunnel_walks
from companion.model.layoutfile import load_layout

LAYOUT = load_layout("gravitation")


def test_tables_follow_rulings_section_1() -> None:
    g = graph(LAYOUT)
    assert graph(LAYOUT) is g  # computed once per layout
    assert g.ring_next["U3.19"] == "U3.0"
    assert g.inward["U1.0"] == ("U2.0",) and g.outward["U2.0"] == ("U1.0",)  # red: both ways
    assert g.inward["U1.2"] == ("U2.2",) and g.outward["U2.2"] == ()  # blue: inward only
    assert g.outward["U5.3"] == ("U4.3",) and g.inward["U4.3"] == ()  # yellow: outward only
    assert g.station_next["red.S1"] == "U1.5"
    assert g.gravity["U4.7"] == 5 and g.gravity["red.S1"] == 1 and g.gravity["red.S2"] == 0
    assert g.special_owner["U5.6"] == "yellow" and g.formation["red"][0] == "U1.4"


def test_plain_walk_counts_down() -> None:
    walks = list(tunnel_walks(graph(LAYOUT), "U5.4", 2, set()))
    # U5.4 lies on a red spoke: along U5, or out to U4.4 and then along U4 or out again
    assert {w.end for w in walks} == {"U5.6", "U4.5", "U3.4"}
    assert all([str(t) for t in w.tokens] == ["1", "0"] for w in walks)


def test_tunnel_through_a_chain_lands_on_the_first_free_field() -> None:
    walks = list(tunnel_walks(graph(LAYOUT), "U3.5", 2, {"U3.5", "U3.6", "U3.7"}))
    (walk,) = [w for w in walks if w.end == "U3.9"]
    assert [str(t) for t in walk.tokens] == ["Tunnel 1", "0"]
    assert walk.tunnelled == ("U3.6", "U3.7")
    assert walk.path == ("U3.5", "U3.6", "U3.7", "U3.8", "U3.9")


def test_no_field_twice_on_a_red_spoke() -> None:
    # up and down the red spoke U1.0 - U2.0 would reuse U1.0
    for walk in tunnel_walks(graph(LAYOUT), "U1.0", 4, set()):
        assert len(set(walk.path)) == len(walk.path)
    assert "U1.0" not in {w.end for w in tunnel_walks(graph(LAYOUT), "U1.0", 2, set())}


def test_a_walk_that_cannot_go_on_is_dropped() -> None:
    # red.S5 behind four own pieces: the chain S4..S1 ends on U1.5, which is taken too,
    # so the tunnel lands on U1.6
    occupied = {"red.S4", "red.S3", "red.S2", "red.S1", "U1.5"}
    (walk,) = tunnel_walks(graph(LAYOUT), "red.S5", 1, occupied)
    assert walk.end == "U1.6"
