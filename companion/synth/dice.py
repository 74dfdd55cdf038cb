"""Render dice trays as camera-like photographs, with the ground truth of every die.

A scene is built in millimetres: cubes (standard d6 or Miwin's dice) stand on a textured
table (wood, felt, cardboard, leather or a plain mat) and are projected by a pinhole camera
tilted up to ``max_tilt`` degrees off vertical. The top and the visible side faces are
shaded by a light direction, pips are drawn on every visible face with the real layouts
(opposite d6 faces sum to 7), and the camera adds what a real one adds: soft shadows,
uneven light, specular glints on pips, motion blur on dice still rolling, defocus, sensor
noise and JPEG loss. Everything is drawn with OpenCV at twice the output size and scaled
down, so edges are anti-aliased.

The same seed gives the same picture; tests and ``bench/dice.py`` rely on that.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.synth.dieface import FaceOptions, render_face
from companion.synth.tables import BACKGROUNDS, background
from companion.vision.dice.pips import LAYOUTS

__all__ = [
    "BACKGROUNDS",
    "DiceScene",
    "FaceOptions",
    "SceneOptions",
    "TrueDie",
    "background",
    "render_face",
    "render_scene",
    "scene_options",
]

Image = npt.NDArray[Any]
BGR = tuple[int, int, int]


# Miwin's dice (RULINGS §6): faces and the author's colours.
MIWIN_FACES: dict[str, tuple[int, ...]] = {
    "miwin-III": (1, 2, 5, 6, 7, 9),
    "miwin-IV": (1, 3, 4, 5, 8, 9),
    "miwin-V": (2, 3, 4, 6, 7, 8),
}
MIWIN_BODY: dict[str, BGR] = {
    "miwin-III": (170, 80, 20),  # blue
    "miwin-IV": (40, 40, 190),  # red
    "miwin-V": (35, 35, 35),  # black
}
# d6 bodies and the pip colours that go with them.
D6_STYLES: tuple[tuple[BGR, BGR], ...] = (
    ((238, 238, 236), (25, 25, 25)),  # white, black pips
    ((195, 225, 238), (30, 30, 40)),  # ivory, black pips
    ((240, 240, 240), (40, 40, 200)),  # white, red pips
    ((50, 50, 200), (245, 245, 245)),  # red, white pips
    ((60, 150, 40), (245, 245, 245)),  # green, white pips
    ((40, 190, 225), (30, 30, 30)),  # yellow, black pips
    ((30, 30, 30), (240, 240, 240)),  # black, white pips
    ((180, 110, 30), (240, 240, 240)),  # blue, white pips
)
_D6_OPPOSITE_NEIGHBOURS = {1: (2, 3, 5, 4), 2: (1, 3, 6, 4), 3: (1, 2, 6, 5)}


@dataclass(frozen=True)
class TrueDie:
    """Ground truth of one die: its top value, kind, top-face centre in pixels, motion, the
    top face's side in pixels (the root of its area in the picture), the centre and side
    of every side face the camera sees (what a tilted camera shows beside the top face: a
    face of the die, but not the one it shows), and the face the camera sees largest
    (value, centre, side): the top face from above, a side face from far enough off
    vertical, the face a person reading a die on the table from standing height names
    (how the real ``floor`` photos are labelled, docs/dice.md)."""

    value: int
    kind: str
    x: float
    y: float
    moving: bool
    side: float = field(default=0.0, compare=False)
    sides_seen: tuple[tuple[float, float, float], ...] = field(default=(), compare=False)
    facing: tuple[int, float, float, float] = field(default=(0, 0.0, 0.0, 0.0), compare=False)


@dataclass(frozen=True)
class DiceScene:
    image: Image
    dice: tuple[TrueDie, ...]
    background: str


@dataclass(frozen=True)
class SceneOptions:
    """What a scene may contain; ``render_scene`` draws each picture at random within it."""

    width: int = 640
    height: int = 480
    kind: str = "d6"  # "d6", "miwin" (the three Miwin dice) or "mixed"
    dice: tuple[int, int] = (1, 4)  # how many dice, inclusive range
    max_tilt: float = 30.0  # camera, degrees off vertical
    die_mm: tuple[float, float] = (14.0, 19.0)  # edge of the dice (one size per scene)
    backgrounds: tuple[str, ...] = BACKGROUNDS
    touching: float = 0.25  # chance that two dice touch
    moving: float = 0.0  # chance that a die is still rolling (motion blur)
    glints: float = 0.5  # chance of specular glints on a die's pips
    shadows: bool = True
    uneven_light: float = 0.35  # strongest brightness change across the picture
    noise: tuple[float, float] = (0.0, 5.0)  # sensor noise sigma in grey levels
    defocus: tuple[float, float] = (0.0, 1.0)  # Gaussian sigma in pixels
    jpeg: tuple[int, int] = (40, 95)  # quality range; (0, 0) for no JPEG
    values: tuple[int, ...] = ()  # force these top values (one per die), for tests


@dataclass
class _Die:
    kind: str
    value: int
    body: BGR
    pips: BGR
    centre: tuple[float, float]  # table mm
    yaw: float
    side: float
    moving: bool = False
    glint: bool = False
    faces: dict[str, int] = field(default_factory=dict)


class _Camera:
    """A pinhole camera above the table, tilted by ``tilt`` degrees about the x axis."""

    def __init__(self, width: int, height: int, tilt: float, focal: float, dist: float) -> None:
        t = np.radians(tilt)
        self.pos = np.array([0.0, -dist * np.sin(t), dist * np.cos(t)])
        forward = -self.pos / np.linalg.norm(self.pos)
        right = np.array([1.0, 0.0, 0.0])
        down = np.cross(forward, right)
        self.rot = np.stack([right, down, forward])
        self.focal, self.cx, self.cy = focal, width / 2, height / 2

    def project(self, pts: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        cam = (pts - self.pos) @ self.rot.T
        out: npt.NDArray[np.float64] = np.stack(
            [
                self.cx + self.focal * cam[:, 0] / cam[:, 2],
                self.cy + self.focal * cam[:, 1] / cam[:, 2],
            ],
            axis=1,
        )
        return out

    def table_point(self, u: float, v: float) -> tuple[float, float]:
        """Where the ray through pixel (u, v) meets the table (z = 0)."""
        ray = self.rot.T @ np.array([(u - self.cx) / self.focal, (v - self.cy) / self.focal, 1])
        s = -self.pos[2] / ray[2]
        p = self.pos + s * ray
        return float(p[0]), float(p[1])


def _side_values(die: _Die, rng: np.random.Generator) -> list[int]:
    if die.kind == "d6":
        low = min(die.value, 7 - die.value)
        ring = list(_D6_OPPOSITE_NEIGHBOURS[low])
        k = int(rng.integers(0, 4))
        return ring[k:] + ring[:k]
    faces = [v for v in MIWIN_FACES[die.kind] if v != die.value]
    return [int(v) for v in rng.choice(faces, 4, replace=False)]


def _draw_die(
    canvas: Image,
    die: _Die,
    cam: _Camera,
    scale: float,
    light: npt.NDArray[np.float64],
    rng: np.random.Generator,
) -> tuple[
    tuple[float, float, float], list[tuple[float, float, float]], tuple[int, float, float, float]
]:
    """Draw one die on ``canvas`` (2x supersampled); returns its top face's centre and side
    in pixels, those of the side faces it shows, and the value, centre and side of the face
    it shows largest."""
    a, (cx, cy) = die.side, die.centre
    c, s = np.cos(die.yaw), np.sin(die.yaw)
    ex, ey, ez = np.array([c, s, 0.0]), np.array([-s, c, 0.0]), np.array([0.0, 0.0, 1.0])
    centre = np.array([cx, cy, a / 2])
    # Each face: its centre, two in-plane unit axes and its outward normal.
    faces = [(ez, ex, ey)] + [(n, u, ez) for n, u in ((ex, ey), (ey, -ex), (-ex, -ey), (-ey, ex))]
    sides = _side_values(die, rng)
    top_px = (0.0, 0.0, 0.0)
    seen: list[tuple[float, float, float]] = []
    facing = (die.value, 0.0, 0.0, 0.0)
    order = sorted(range(5), key=lambda i: i == 0)  # the top face last
    for i in order:
        normal, u, v = faces[i]
        fc = centre + normal * a / 2
        if i > 0 and np.dot(normal, cam.pos - fc) <= 0:
            continue
        shade = 1.0 if i == 0 else 0.5 + 0.3 * max(0.0, float(np.dot(normal, light)))
        corners = [
            fc + (du * u + dv * v) * a / 2 for du, dv in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]
        poly = (cam.project(np.array(corners)) * scale).astype(np.int32)
        body = tuple(float(ch) * shade for ch in die.body)
        edge = tuple(ch * 0.72 for ch in body)
        cv2.fillPoly(canvas, [poly], body, cv2.LINE_AA)
        cv2.polylines(canvas, [poly], True, edge, max(1, int(scale * 1.2)), cv2.LINE_AA)
        value = die.value if i == 0 else sides[i - 1]
        spacing, radius = a * die.faces["spacing"] / 100, a * die.faces["radius"] / 100
        pip = tuple(float(ch) * shade for ch in die.pips)
        ring = np.linspace(0, 2 * np.pi, 20, endpoint=False)
        for gx, gy in LAYOUTS[value]:
            pc = fc + (gx * u + gy * v) * spacing
            circle = [pc + radius * (np.cos(t) * u + np.sin(t) * v) for t in ring]
            cv2.fillPoly(
                canvas, [(cam.project(np.array(circle)) * scale).astype(np.int32)], pip, cv2.LINE_AA
            )
            if i == 0 and die.glint:
                gc = pc + radius * 0.35 * (u - v)
                glint = [gc + radius * 0.3 * (np.cos(t) * u + np.sin(t) * v) for t in ring]
                pts = (cam.project(np.array(glint)) * scale).astype(np.int32)
                cv2.fillPoly(canvas, [pts], (250, 250, 250), cv2.LINE_AA)
        px = cam.project(fc[None, :])[0]
        side = float(np.sqrt(cv2.contourArea(cam.project(np.array(corners)).astype(np.float32))))
        if i == 0:
            top_px = (float(px[0]), float(px[1]), side)
        else:
            seen.append((float(px[0]), float(px[1]), side))
        if side > facing[3]:
            facing = (value, float(px[0]), float(px[1]), side)
    return top_px, seen, facing


def _footprint(die: _Die, cam: _Camera, scale: float, shift: npt.NDArray[np.float64]) -> Image:
    a, (cx, cy) = die.side, die.centre
    c, s = np.cos(die.yaw), np.sin(die.yaw)
    pts = [
        np.array([cx + (du * c - dv * s) * a / 2, cy + (du * s + dv * c) * a / 2, 0.0]) + shift
        for du, dv in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    ]
    out: Image = (cam.project(np.array(pts)) * scale).astype(np.int32)
    return out


def _make_dice(opts: SceneOptions, rng: np.random.Generator, cam: _Camera) -> list[_Die]:
    n = int(rng.integers(opts.dice[0], opts.dice[1] + 1)) if not opts.values else len(opts.values)
    dice: list[_Die] = []
    margin = 70
    set_size = float(rng.uniform(*opts.die_mm))
    for k in range(n):
        kind = opts.kind
        if kind == "miwin":
            kind = ("miwin-III", "miwin-IV", "miwin-V")[k % 3]
        elif kind == "mixed":
            kind = str(rng.choice(["d6", "miwin-III", "miwin-IV", "miwin-V"]))
        if kind == "d6":
            body, pips = D6_STYLES[int(rng.integers(0, len(D6_STYLES)))]
            value = int(rng.integers(1, 7))
        else:
            body, pips = MIWIN_BODY[kind], (240, 240, 240)
            value = int(rng.choice(MIWIN_FACES[kind]))
        if opts.values:
            value = opts.values[k]
        side = set_size  # the dice of one throw are one set, one size
        for _attempt in range(60):
            other = None
            if dice and rng.random() < opts.touching:
                other = dice[int(rng.integers(0, len(dice)))]
                yaw = other.yaw + rng.uniform(-0.08, 0.08)
                d = (other.side + side) / 2 * rng.uniform(1.0, 1.04)
                q = int(rng.integers(0, 4)) * np.pi / 2 + other.yaw
                centre = (other.centre[0] + d * np.cos(q), other.centre[1] + d * np.sin(q))
            else:
                u = rng.uniform(margin, opts.width - margin)
                v = rng.uniform(margin, opts.height - margin)
                centre, yaw = cam.table_point(u, v), rng.uniform(0, np.pi / 2)
            # The whole die (all eight corners) in the picture, a few pixels from its edge.
            c, s = np.cos(yaw), np.sin(yaw)
            corners = np.array(
                [
                    (
                        centre[0] + (u * c - v * s) * side / 2,
                        centre[1] + (u * s + v * c) * side / 2,
                        z,
                    )
                    for u in (-1, 1)
                    for v in (-1, 1)
                    for z in (0.0, side)
                ]
            )
            px = cam.project(corners)
            inside = bool(
                (px[:, 0] > 6).all()
                and (px[:, 0] < opts.width - 6).all()
                and (px[:, 1] > 6).all()
                and (px[:, 1] < opts.height - 6).all()
            )
            # Dice do not overlap: turned freely, their centres lie a diagonal apart; the
            # die set beside another (same turn, face to face) lies a width from it.
            clear = all(
                np.hypot(centre[0] - o.centre[0], centre[1] - o.centre[1])
                >= (o.side + side) * (0.5 if o is other else 0.72)
                for o in dice
            )
            if inside and clear:
                break
        else:
            continue
        style = {"spacing": int(rng.uniform(25, 30)), "radius": int(rng.uniform(8, 11))}
        dice.append(
            _Die(
                kind,
                value,
                body,
                pips,
                centre,
                float(yaw),
                side,
                faces=style,
                moving=bool(rng.random() < opts.moving),
                glint=bool(rng.random() < opts.glints),
            )
        )
    return dice


def render_scene(seed: int | np.random.Generator, options: SceneOptions | None = None) -> DiceScene:
    """One dice tray picture (BGR uint8) and the truth of every die in it."""
    opts = options or SceneOptions()
    rng = np.random.default_rng(seed)
    w, h, scale = opts.width, opts.height, 2.0
    tilt = float(rng.uniform(0, opts.max_tilt))
    dist = 420.0
    cam = _Camera(w, h, tilt, focal=float(rng.uniform(1500, 2000)), dist=dist)
    if rng.random() < 0.5:  # the camera may look at the table from any side
        cam.rot[:2] *= -1
    bg_name = str(rng.choice(opts.backgrounds))
    canvas = cv2.resize(background(bg_name, h, w, rng), (int(w * scale), int(h * scale)))
    dice = _make_dice(opts, rng, cam)
    light = np.array([rng.uniform(-1, 1), rng.uniform(-1, 1), 1.5])
    light /= np.linalg.norm(light)
    if opts.shadows and dice:
        shadow = np.zeros(canvas.shape[:2], np.float32)
        shift = -light * 6
        for die in dice:
            cv2.fillPoly(shadow, [_footprint(die, cam, scale, shift)], 1.0)
        shadow = cv2.GaussianBlur(shadow, (0, 0), 8 * scale)
        canvas = canvas * (1 - rng.uniform(0.2, 0.45) * shadow)[:, :, None]
    truth: list[TrueDie] = []
    dice.sort(key=lambda d: -np.hypot(d.centre[0] - cam.pos[0], d.centre[1] - cam.pos[1]))
    for die in dice:
        if die.moving:
            layer = np.zeros_like(canvas)
            (x, y, side), seen, facing = _draw_die(layer, die, cam, scale, light, rng)
            alpha = (layer.max(axis=2) > 0).astype(np.float32)
            # A tumbling die moves a quarter to half its size while the shutter is open.
            length = int(rng.uniform(0.25, 0.6) * cam.focal * die.side / dist * scale)
            kernel = np.zeros((length, length), np.float32)
            ang = rng.uniform(0, np.pi)
            mid = (length - 1) / 2
            p0 = (int(mid - mid * np.cos(ang)), int(mid - mid * np.sin(ang)))
            p1 = (int(mid + mid * np.cos(ang)), int(mid + mid * np.sin(ang)))
            cv2.line(kernel, p0, p1, 1.0, 1)
            kernel /= kernel.sum()
            layer = cv2.filter2D(layer, -1, kernel)
            alpha = cv2.filter2D(alpha, -1, kernel)[:, :, None]
            canvas = canvas * (1 - alpha) + layer
        else:
            (x, y, side), seen, facing = _draw_die(canvas, die, cam, scale, light, rng)
        truth.append(TrueDie(die.value, die.kind, x, y, die.moving, side, tuple(seen), facing))
    image = cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA)
    image = _camera_effects(image, opts, rng)
    order = sorted(truth, key=lambda d: (d.y, d.x))
    return DiceScene(image, tuple(order), bg_name)


def _camera_effects(image: Image, opts: SceneOptions, rng: np.random.Generator) -> Image:
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = ((xx - w / 2) * np.cos(angle) + (yy - h / 2) * np.sin(angle)) / max(w, h)
    gain = 1 + rng.uniform(0, opts.uneven_light) * ramp * 2
    image = image * gain[:, :, None]
    sigma = rng.uniform(*opts.defocus)
    if sigma > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    image = image + rng.normal(0, rng.uniform(*opts.noise), image.shape)
    out: Image = np.clip(image, 0, 255).astype(np.uint8)
    if opts.jpeg[1] > 0:
        quality = int(rng.integers(opts.jpeg[0], opts.jpeg[1] + 1))
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
        if decoded is not None:
            out = decoded
    return out


def scene_options(**changes: Any) -> SceneOptions:
    """The default options with some changed (a shorthand for tests)."""
    return replace(SceneOptions(), **changes)
