"""Boards of other looks: a measured grid board in several paints, with shaded pieces.

The built-in boards are drawn by :mod:`companion.render`; a club's own board looks like
none of them. A :class:`Look` paints a plain board (wood, leather, cardboard, light grey,
orange), its printed fields (a ring with a number or a cross in the board's ink) and its
pieces (domed discs: lit on one side, darker at the rim, a highlight on glossy ones, a
soft shadow on the board). :func:`photograph_look` puts it in front of the synthetic
camera of :mod:`companion.synth.board`, with its light, glare, shadows, hands and JPEG.
The looks test that reading generalises; they are never a headline figure.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.model.layout import Layout, grid_layout_data
from companion.model.layoutfile import read_layout
from companion.synth.board import NORMAL, Camera, Conditions, SynthPhoto, photograph

Image = npt.NDArray[np.uint8]
BGR = tuple[int, int, int]

#: Pixels per board millimetre of the painted texture (as companion.synth.board uses).
PX_PER_MM = 2.0


@dataclass(frozen=True)
class Look:
    """The paints of one board: background, fields, ink and the pieces (BGR)."""

    name: str
    board: BGR
    field: BGR
    ink: BGR
    pieces: dict[str, BGR]
    grain: float = 6.0  # strength of the board's own texture (wood, leather), 0..255
    glossy: bool = False  # pieces with a specular highlight
    print_: str = "number"  # "number", "cross" or "none" in each field


LOOKS = (
    Look(
        "cardboard",
        (196, 214, 228),
        (176, 178, 180),
        (60, 50, 40),
        {
            "red": (50, 40, 200),
            "yellow": (30, 200, 240),
            "blue": (190, 90, 30),
            "white": (238, 240, 240),
        },
        grain=3.0,
    ),
    Look(
        "leather",
        (40, 70, 110),
        (90, 140, 180),
        (30, 45, 70),
        {
            "orange": (20, 120, 240),
            "turquoise": (175, 185, 25),
            "purple": (180, 60, 125),
            "white": (235, 235, 235),
        },
        grain=10.0,
        glossy=True,
    ),
    Look(
        "wood",
        (110, 170, 215),
        (110, 170, 215),
        (40, 50, 60),
        {"black": (35, 35, 35), "white": (235, 238, 240)},
        grain=9.0,
        glossy=True,
        print_="cross",
    ),
    Look(
        "grey",
        (150, 150, 148),
        (212, 212, 210),
        (120, 120, 120),
        {
            "grey-white": (232, 234, 236),
            "red": (45, 45, 190),
            "blue": (170, 100, 40),
            "yellow": (40, 190, 225),
        },
        grain=2.0,
    ),
    Look(
        "orange",
        (40, 120, 225),
        (200, 225, 240),
        (40, 60, 110),
        {
            "blue": (180, 80, 20),
            "green": (60, 150, 40),
            "white": (240, 240, 240),
            "black": (30, 30, 30),
        },
        grain=4.0,
        glossy=True,
    ),
)


def looks_layout() -> Layout:
    """The board every look paints: a 7 × 7 grid of fields 34 mm apart, pieces 24 mm."""
    data: dict[str, Any] = grid_layout_data("looks", 7, 34.0, 24.0, margin=40.0)
    return read_layout(data, "builtin:looks")


def paint(
    layout: Layout,
    look: Look,
    placement: dict[str, str],
    seed: int,
    camera_at: tuple[float, float, float] | None = None,
) -> Image:
    """The flat board of ``look`` with the pieces of ``placement`` (field → colour).

    With the layout's ``piece_height`` and ``camera_at`` (the camera's centre over the
    board: x, y in mm and its height above the board), a piece is a standing cylinder as
    that camera sees it: its side from its foot to where its top appears, leaning away
    from the camera's foot over the next field, and its top there (a tall piece)."""
    rng = np.random.default_rng(seed)
    w, h = round(layout.width * PX_PER_MM), round(layout.height * PX_PER_MM)
    img = np.empty((h, w, 3), np.float32)
    img[:] = look.board
    # the grain is the board's own, the same in every photo of it (it was drawn anew for
    # each photo, so no reader could compare a photo with the empty board's); the
    # photo's draws are still taken, so the pieces' tones stay as they were
    rng.normal(0, 1, (h // 6 + 1, w // 40 + 1))
    rng.normal(0, 0.5, (h // 2 + 1, w // 2 + 1))
    own = np.random.default_rng(zlib.crc32(f"{look.name}:{layout.name}".encode()))
    coarse = own.normal(0, 1, (h // 6 + 1, w // 40 + 1)).astype(np.float32)
    fine = own.normal(0, 0.5, (h // 2 + 1, w // 2 + 1)).astype(np.float32)
    grain = np.asarray(cv2.resize(coarse, (w, h)) + cv2.resize(fine, (w, h)), np.float32)
    img += look.grain * grain[..., None]
    flat = np.clip(img, 0, 255).astype(np.uint8)  # OpenCV writes text on 8-bit pictures

    def px(x: float, y: float) -> tuple[int, int]:
        return round((x + layout.width / 2) * PX_PER_MM), round((y + layout.height / 2) * PX_PER_MM)

    r_field = round(0.45 * min(layout.spacing.values()) * PX_PER_MM)
    for n, f in enumerate(layout):
        c = px(f.x, f.y)
        if look.field != look.board:
            cv2.circle(flat, c, r_field, look.field, -1, cv2.LINE_AA)
        cv2.circle(flat, c, r_field, look.ink, 1, cv2.LINE_AA)
        if look.print_ == "none":
            continue
        if look.print_ == "cross":
            arm = round(0.5 * r_field)
            cv2.line(flat, (c[0] - arm, c[1]), (c[0] + arm, c[1]), look.ink, 2, cv2.LINE_AA)
            cv2.line(flat, (c[0], c[1] - arm), (c[0], c[1] + arm), look.ink, 2, cv2.LINE_AA)
        else:
            text = str(n + 1)
            scale = 0.9 * r_field / 30
            (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
            org = (c[0] - tw // 2, c[1] + th // 2)
            cv2.putText(flat, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, look.ink, 2, cv2.LINE_AA)
    img = flat.astype(np.float32)
    r_piece = layout.piece_diameter / 2 * PX_PER_MM
    shadow = np.zeros((h, w), np.float32)
    for fid in placement:
        f = layout.fields[fid]
        x, y = px(f.x + 1.5, f.y + 2.0)
        cv2.circle(shadow, (x, y), round(r_piece), 1.0, -1, cv2.LINE_AA)
    shadow = np.asarray(cv2.GaussianBlur(shadow, (0, 0), 3.0), np.float32)
    img *= 1 - 0.45 * shadow[..., None]
    side = 2 * round(r_piece) + 1
    yy, xx = np.meshgrid(np.linspace(-1, 1, side), np.linspace(-1, 1, side), indexing="ij")
    rr = np.sqrt(xx**2 + yy**2)
    disc = (rr <= 1.0).astype(np.float32)
    shade = 1.08 - 0.12 * (xx + yy) / 1.4 - 0.22 * rr**4  # lit from the top left, dark rim
    if look.glossy:
        shade += 0.5 * np.exp(-((xx + 0.35) ** 2 + (yy + 0.35) ** 2) / 0.02)
    disc = np.asarray(cv2.GaussianBlur(disc, (0, 0), 0.7), np.float32)
    k = disc.shape[0] // 2
    height = layout.piece_height if camera_at is not None else 0.0
    # far pieces first: a piece nearer the camera's foot hides the one leaning behind it
    order = sorted(placement, key=lambda fid: -_foot_distance(layout, fid, camera_at))
    if height <= 0:
        order = list(placement)  # flat pieces do not overlap: as placed
    for fid in order:
        colour = placement[fid]
        f = layout.fields[fid]
        base = np.array(look.pieces[colour], np.float32)
        tone = base * rng.uniform(0.97, 1.03)
        piece = np.minimum(tone[None, None, :] * shade[..., None], 255.0)
        flank = np.minimum(tone[None, None, :] * (0.8 * shade[..., None]), 255.0)
        steps = 0 if height <= 0 else int(np.ceil(height * PX_PER_MM / 2))
        for n in range(steps + 1):  # the side as discs up the piece, then its top
            cx, cy = px(*_raised(f.x, f.y, height * n / max(steps, 1), camera_at))
            if not (k <= cx < w - k and k <= cy < h - k):
                continue
            area = img[cy - k : cy + k + 1, cx - k : cx + k + 1]
            alpha = disc[..., None]
            area[:] = area * (1 - alpha) + (piece if n == steps else flank) * alpha
    return np.clip(img, 0, 255).astype(np.uint8)


def _raised(
    x: float, y: float, z: float, camera_at: tuple[float, float, float] | None
) -> tuple[float, float]:
    """Where a point ``z`` mm above the board at (x, y) appears on the board plane, seen
    from ``camera_at`` (its x, y and height): along the ray from the camera through it."""
    if camera_at is None or z <= 0:
        return x, y
    cx, cy, ch = camera_at
    s = ch / max(ch - z, 1e-6)
    return cx + s * (x - cx), cy + s * (y - cy)


def _foot_distance(layout: Layout, fid: str, camera_at: tuple[float, float, float] | None) -> float:
    if camera_at is None:
        return 0.0
    f = layout.fields[fid]
    return float(np.hypot(f.x - camera_at[0], f.y - camera_at[1]))


def random_placement(layout: Layout, look: Look, rng: np.random.Generator) -> dict[str, str]:
    """Between a quarter and a half of the fields hold a piece of a random colour."""
    ids = list(layout.fields)
    count = int(rng.integers(len(ids) // 4, len(ids) // 2 + 1))
    chosen = rng.choice(len(ids), count, replace=False)
    colours = list(look.pieces)
    return {ids[int(i)]: colours[int(rng.integers(len(colours)))] for i in chosen}


def known_placement(layout: Layout, look: Look) -> dict[str, str]:
    """A known photo for calibration: every colour on four fields spread over the board."""
    ids = list(layout.fields)
    colours = list(look.pieces)
    spots = np.linspace(0, len(ids) - 1, 4 * len(colours)).round().astype(int)
    return {ids[int(i)]: colours[n % len(colours)] for n, i in enumerate(spots)}


def photograph_look(
    layout: Layout,
    look: Look,
    placement: dict[str, str],
    rng: np.random.Generator,
    *,
    camera: Camera,
    rvec: npt.NDArray[np.float64],
    tvec: npt.NDArray[np.float64],
    hand: bool = False,
    conditions: Conditions = NORMAL,
    scene_seed: int | None = None,
) -> SynthPhoto:
    """A camera photo of ``placement`` on a board of ``look`` (the pose is fixed: a set-up).
    Pieces stand ``layout.piece_height`` tall, seen from the pose's camera."""
    rot = cv2.Rodrigues(np.asarray(rvec, np.float64))[0]
    centre = -rot.T @ np.asarray(tvec, np.float64).reshape(3)
    # the board's z axis points away from the camera (a piece's top is at z = -height)
    at = (float(centre[0]), float(centre[1]), float(-centre[2]))
    texture = paint(layout, look, placement, int(rng.integers(1 << 30)), at)
    return photograph(
        layout,
        rng,
        camera=camera,
        hand=hand,
        rvec=rvec,
        tvec=tvec,
        conditions=conditions,
        scene_seed=scene_seed,
        texture=texture,
    )
