"""A small board picture for every word of the help page's glossary.

Each word of an announcement ("Umlaufbahn", "Stoß", "Brücke", "versetzt") is shown on
the game's own board, drawn by companion/render like the table's picture: the part of the
board the word is about, cut out, with its fields ringed and the pieces it moves set on
them, and one line under it in the page's language (companion/texts/help.py, "pic.*").
The fields are those of each game's default layout, for Rot (red) as the player; a
board of the user's own whose fields differ shows the word without a picture.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.model.layout import Layout
from companion.model.position import Position, start_position
from companion.render import Scene, crop, draw_board, field_radii, to_svg

#: How wide a picture is on the page, in pixels (the SVG scales with the page).
PIXELS = 180


@dataclass(frozen=True)
class Picture:
    """What a word's picture shows: the ringed fields, the pieces set on the board
    (field, colour; a field named twice holds a tower, bottom piece first), the players'
    energy stores, how much of the board it shows at least (a share of the board's
    width), and TENET's Stein der Weisen's field."""

    marked: tuple[str, ...]
    pieces: tuple[tuple[str, str], ...] = ()
    energy: tuple[int, ...] = (0, 0)
    span: float = 0.3
    stone: str | None = None


def _ring(ring: str, first: int, last: int) -> tuple[str, ...]:
    """The fields ``ring``.first .. ``ring``.last, in order."""
    return tuple(f"{ring}.{i}" for i in range(first, last + 1))


#: Red's sector of the Gravitation board (RULINGS.md 1): red spoke at U*.0, blue at
#: U1.2/U2.2/U3.1.., yellow at U5.3..U1.6, the formation at U1.4, U2.4, U3.2, U4.2, U5.2.
_ZWIANER = {
    "Wurf": Picture(("red.S1", "U1.5", "U1.6", "U1.7"), (("U1.7", "red"),)),
    "Speicher": Picture(("red.S1", "red.S2"), (("red.S1", "red"),), (3, 0), span=0.35),
    "Umlaufbahn": Picture(_ring("U4", 0, 3), (("U4.0", "red"),)),
    "Gravitation": Picture(("U2.0", "U3.0", "U4.0", "U5.0"), (("U2.0", "red"),)),
    "Zahl": Picture(_ring("U1", 5, 8), (("U1.5", "red"),)),
    "Stoß": Picture(_ring("U1", 8, 11), (("U1.8", "red"), ("U1.9", "yellow"), ("U1.10", "yellow"))),
    "Abwehr": Picture(("U1.10", "U1.11"), (("U1.9", "red"), ("U1.10", "yellow")), (0, 2)),
    "Tunnel": Picture(
        _ring("U1", 8, 11), (("U1.8", "red"), ("U1.9", "yellow"), ("U1.10", "yellow"))
    ),
    "Absturz": Picture(("U5.1",), (("U5.1", "red"),), span=0.4),
    "Tausch": Picture(("U2.9", "U2.12"), (("U2.9", "red"), ("U2.12", "yellow"))),
    "Sonderfeld": Picture(("U1.4", "U2.4", "U3.2", "U4.2", "U5.2", "red.S1"), span=0.4),
}

#: The race game's board: red enters on T.0 from red.home; bridges at T.14, T.22, …;
#: red's finish line lies before T.0, its goal sector is red.goal; no tower is built on
#: red's first 12 fields (T.0 .. T.11), so red's towers stand further on. Each picture
#: is the board before its word's example (companion/texts/help.py GLOSSARY) is played,
#: the moving piece's field first among the ringed ones and its end among them too
#: (new-user trial s10: „auflösen“ showed yellow on top, ringed 5 fields for 5 and 2).
_TUERME = {
    "raus": Picture(("red.home", "T.0", "T.3"), (("red.home", "red"),)),
    "Brücke": Picture(("T.12", "T.14", "T.20", "T.25"), (("T.12", "red"),)),
    "Turm": Picture(("T.40", "T.47"), (("T.40", "red"), ("T.40", "red"))),
    "auflösen": Picture(("T.50", "T.55", "T.57"), (("T.50", "yellow"), ("T.50", "red"))),
    "befreien": Picture(("T.5", "T.7"), (("T.5", "red"), ("T.5", "yellow"))),
    "drauf": Picture(("T.40", "T.47"), (("T.40", "red"), ("T.47", "yellow"))),
    "Ziel": Picture(("T.59", "T.63", "red.goal"), (("T.59", "red"),)),
    "Superzahl": Picture(("T.3", "T.9", "T.15"), (("T.3", "red"),)),
    "passe": Picture(("red.home",), (("red.home", "red"),)),
}

#: TENET's board: the start in the middle, force-field circles K1..K9 with their
#: crossings X and entry fields E, planet circles P1..P9 (Pott P<k>.6, stone's P<k>.5).
_TENET = {
    "von … nach": Picture(("start", "X3-4"), (("X3-4", "red"),), span=0.5),
    "versetzt": Picture(("K3.11", "K3.13"), (("K3.13", "red"), ("K3.11", "blue"))),
    "Pasch": Picture(("P5.5",), stone="P5.5"),
    "räumt": Picture(("K3.4", "P3.2"), (("K3.4", "blue"), ("P3.2", "blue")), span=0.4),
    "Stein der Weisen": Picture(("P1.5", "P1.6"), (("P1.6", "red"),), stone="P1.5"),
    "passt": Picture(("start",), (("start", "red"),)),
}

#: Each game's pictures by word (the keys of companion.texts.help.GLOSSARY's words) and
#: the players they are drawn for.
PICTURES: dict[str, tuple[tuple[str, str], dict[str, Picture]]] = {
    "gravitation": (("red", "yellow"), _ZWIANER),
    "tunnelx": (("red", "yellow"), _ZWIANER),
    "tuerme": (("red", "yellow"), _TUERME),
    "tenet": (("red", "blue"), _TENET),
}


def picture(game: str, layout: Layout, word: str, lang: str) -> str | None:
    """The SVG of ``word``'s picture on ``layout`` in ``lang`` (None: the word has no
    picture, or the layout lacks one of its fields: a board of the user's own)."""
    players, pictures = PICTURES.get(game, ((), {}))
    shown = pictures.get(word)
    if shown is None:
        return None
    fields = {*shown.marked, *(f for f, _ in shown.pieces)}
    if not fields <= set(layout.fields):
        return None
    position = _position(game, layout, players, shown)
    scene = draw_board(
        layout, position, highlight=shown.marked, lang=lang, spots=True, show_turn=False
    )
    scene = _cropped(scene, layout, sorted(fields), shown.span)
    scene.data["marked"] = " ".join(shown.marked)
    return to_svg(scene, PIXELS)


def _position(game: str, layout: Layout, players: tuple[str, ...], shown: Picture) -> Position:
    """The game's start with the picture's pieces on the board and no others, except
    those waiting in a pool (TENET's balls on the start): drawn, not judged."""
    start = start_position(game, players=players, layout=layout)
    pools = start.spec.pools
    waiting = [p for p in start.placement if layout.fields[p[0]].kind in pools]
    # a tower's order is kept (bottom first): sorted, yellow came to stand on red (trial s10)
    placed = [p for p in shown.pieces if layout.fields[p[0]].kind not in pools]
    energy = shown.energy if start.spec.uses_energy else start.energy
    stone = shown.stone or start.stone
    return replace(
        start,
        placement=tuple(sorted(waiting + placed, key=lambda p: p[0])),
        energy=tuple(energy),
        stone=stone,
    )


def _cropped(scene: Scene, layout: Layout, fields: list[str], span: float) -> Scene:
    """The scene cut down to a square round ``fields`` at least ``span`` of the board
    wide, inside the board."""
    radius = field_radii(layout)
    xs = [layout.fields[f].x for f in fields]
    ys = [layout.fields[f].y for f in fields]
    pad = 2.5 * max(radius[f] for f in fields)
    side = max(span * layout.width, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    side = min(side, layout.width, layout.height)
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    half_w, half_h = layout.width / 2, layout.height / 2
    x0 = min(max(cx - side / 2, -half_w), half_w - side)
    y0 = min(max(cy - side / 2, -half_h), half_h - side)
    return crop(scene, x0, y0, side, side)
