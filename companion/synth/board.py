"""A synthetic overhead camera: any position of any layout as a camera would photograph it.

The flat board picture of :mod:`companion.render` is the texture. The camera is a pinhole
with the Brown-Conrady lens distortion OpenCV calibrates (a Raspberry Pi camera shows mild
barrel distortion), placed at a random pose above the board. On top come the things a
table brings: a light gradient and vignetting, soft shadows, a specular glare spot on the
glossy cardboard, a white-balance tint, optionally a hand reaching over the board (with
its shadow and motion blur), then sensor noise, focus blur and JPEG compression.

Every photo carries its ground truth: the position, the camera and pose, and whether the
frame is "busy" (a hand is in it), so a benchmark can score a reader field by field.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np
import numpy.typing as npt

from companion.model.layout import Layout
from companion.model.position import Position
from companion.render import draw_board, to_image
from companion.synth.hand import draw_hand

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float64]

TEXTURE_PX_PER_MM = 2.0
#: Rows a full-frame step works on at a time: 64 rows of 1280 px keep the peak small.
BAND = 64


@dataclass(frozen=True)
class Camera:
    """Pinhole intrinsics and lens distortion (OpenCV's k1, k2, p1, p2, k3) of a camera."""

    matrix: FloatArray
    distortion: FloatArray
    width: int
    height: int


@dataclass(frozen=True)
class Conditions:
    """How hard the table makes reading. Ranges are drawn uniformly per photo.

    :data:`NORMAL` is a living room with one lamp; :data:`HARSH` is a bad evening: a dim
    lamp low at one side, deep shadows, strong glare, a cheap sensor, soft focus, a shaking
    camera arm, heavy JPEG and a board small in the picture.
    """

    brightness: tuple[float, float] = (0.75, 1.1)
    gradient: float = 0.45  # light falls by up to this share across the picture
    shadows: int = 2  # at most this many soft shadows
    shadow_depth: tuple[float, float] = (0.2, 0.45)
    glare_chance: float = 0.6
    glare: tuple[float, float] = (25.0, 70.0)  # peak of the glare spot, 0..255
    tint: float = 0.06  # white balance error per channel
    noise: tuple[float, float] = (1.5, 4.5)  # sensor noise sigma, 0..255
    focus: tuple[float, float] = (0.3, 1.0)  # blur sigma in px
    shake_px: float = 1.5  # camera shake: a straight blur up to this length
    jpeg: tuple[int, int] = (60, 92)
    fill: tuple[float, float] = (0.70, 0.95)  # share of the picture the board spans


NORMAL = Conditions()
HARSH = Conditions(
    brightness=(0.5, 1.2),
    gradient=0.7,
    shadows=3,
    shadow_depth=(0.3, 0.6),
    glare_chance=0.9,
    glare=(50.0, 120.0),
    tint=0.1,
    noise=(3.0, 7.0),
    focus=(0.6, 1.6),
    shake_px=4.0,
    jpeg=(40, 75),
    fill=(0.55, 0.8),
)


@dataclass(frozen=True)
class SynthPhoto:
    """A synthetic photo and its ground truth."""

    image: Image
    position: Position | None  # None: the empty board
    camera: Camera
    rvec: FloatArray
    tvec: FloatArray
    busy: bool
    covered: frozenset[str] = field(default_factory=frozenset)  # fields under the hand

    @property
    def truth(self) -> dict[str, str]:
        """Field id → piece colour for every occupied field."""
        return dict(self.position.occupant) if self.position else {}


def default_camera(width: int = 1280, height: int = 960) -> Camera:
    """A Raspberry Pi camera module 3 at 1280×960: about 66° across, mild barrel distortion."""
    f = width * 0.80
    matrix = np.array([[f, 0, width / 2], [0, f, height / 2], [0, 0, 1]], float)
    return Camera(matrix, np.array([-0.08, 0.03, 0.0, 0.0, 0.0]), width, height)


def random_camera(rng: np.random.Generator, width: int = 1280, height: int = 960) -> Camera:
    """A camera of the Pi family: focal length, centre and distortion vary from unit to unit."""
    f = width * rng.uniform(0.72, 0.90)
    cx = width / 2 + rng.uniform(-15, 15)
    cy = height / 2 + rng.uniform(-15, 15)
    matrix = np.array([[f, 0, cx], [0, f, cy], [0, 0, 1]], float)
    dist = np.array(
        [
            rng.uniform(-0.14, 0.0),
            rng.uniform(-0.02, 0.06),
            rng.uniform(-0.002, 0.002),
            rng.uniform(-0.002, 0.002),
            0.0,
        ]
    )
    return Camera(matrix, dist, width, height)


def random_position(
    layout: Layout, rng: np.random.Generator, game: str = "gravitation"
) -> Position:
    """A random valid placement: 2 to all players, each piece in its station or on any ring field.

    No rules engine is involved (vision never imports the rules): the placement only has to
    be a position the game can hold, one piece a field, station fields for their owner.
    """
    colours = list(layout.colours)
    count = int(rng.integers(2, len(colours) + 1))
    players = sorted(rng.choice(colours, count, replace=False).tolist(), key=colours.index)
    free = [f.id for f in layout if f.kind != "station"]
    rng.shuffle(free)
    pieces: dict[str, list[str]] = {}
    for colour in players:
        station = list(layout.seat(colour).station)
        home = int(rng.integers(0, len(station) + 1))
        pieces[colour] = station[:home] + [free.pop() for _ in range(len(station) - home)]
    return Position.create(game, layout, players, players[0], pieces)


def photograph(
    position: Position | Layout,
    rng: np.random.Generator,
    *,
    camera: Camera | None = None,
    hand: bool = False,
    lighting: bool = True,
    rvec: FloatArray | None = None,
    tvec: FloatArray | None = None,
    scene_seed: int | None = None,
    conditions: Conditions = NORMAL,
    texture: Image | None = None,
) -> SynthPhoto:
    """Photograph ``position`` (or an empty board: a Layout) with ``camera`` (random if None).

    ``hand`` puts a hand over the board (the frame is then busy); ``lighting`` False gives a
    clean photo (even light, no shadow, glare, noise or JPEG) for calibration tests. A given
    ``rvec``/``tvec`` fixes the pose and ``scene_seed`` the table, light, shadows and glare,
    to film one scene frame after frame (only noise and camera shake vary then).
    ``conditions`` sets how hard the light, lens and sensor make it; ``texture`` replaces
    the board picture (a board of another look, :mod:`companion.synth.looks`).
    """
    c = conditions
    scene_rng = rng if scene_seed is None else np.random.default_rng(scene_seed)
    if isinstance(position, Layout):
        layout, pieces = position, None
    else:
        layout, pieces = position.layout, position
    camera = camera or random_camera(rng)
    if texture is None:
        texture = to_image(draw_board(layout, pieces), TEXTURE_PX_PER_MM)
    if rvec is None or tvec is None:
        rvec, tvec = random_pose(layout.width, layout.height, camera, rng, fill=c.fill)
    img = _project_texture(texture, layout.width, layout.height, camera, rvec, tvec, scene_rng)
    if lighting:
        img = _light(img, scene_rng, c)
    covered: frozenset[str] = frozenset()
    if hand:
        img, covered = draw_hand(img, layout, camera, rvec, tvec, rng)
    if lighting:
        sigma = scene_rng.uniform(*c.focus)  # focus: a property of the scene, not the frame
        img = np.asarray(cv2.GaussianBlur(img, (0, 0), sigma), np.float32)
        img = _shake(img, rng.uniform(0, c.shake_px), rng.uniform(0, np.pi))
        _add_noise(img, rng.uniform(*c.noise), rng)
    out = np.clip(img, 0, 255, out=img).astype(np.uint8)
    if lighting:
        quality = int(scene_rng.integers(*c.jpeg))
        _, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        out = np.asarray(cv2.imdecode(data, cv2.IMREAD_COLOR), np.uint8)
    return SynthPhoto(out, pieces, camera, rvec, tvec, busy=hand, covered=covered)


def random_pose(
    width_mm: float,
    height_mm: float,
    camera: Camera,
    rng: np.random.Generator,
    *,
    tilt: float = 0.24,
    fill: tuple[float, float] = (0.70, 0.95),
) -> tuple[FloatArray, FloatArray]:
    """A camera above a flat board: any turn, tilted up to ``tilt`` rad, filling ``fill``."""
    yaw = rng.uniform(0, 2 * math.pi)
    tilt_x, tilt_y = rng.uniform(-tilt, tilt, 2)
    rot = _rotation(tilt_x, tilt_y, yaw)
    rvec = cv2.Rodrigues(rot)[0].ravel()
    half_w, half_h = width_mm / 2, height_mm / 2
    corners = np.array(
        [[-half_w, -half_h, 0], [half_w, -half_h, 0], [half_w, half_h, 0], [-half_w, half_h, 0]]
    )
    share = rng.uniform(*fill)
    distance = camera.matrix[0, 0] * max(width_mm, height_mm) / camera.height
    shift = rng.uniform(-0.04, 0.04, 2) * distance
    tvec = np.array([shift[0], shift[1], distance])
    for _ in range(4):  # scale the distance until the board fills the wanted share
        pts = cv2.projectPoints(corners, rvec, tvec, camera.matrix, camera.distortion)[0]
        pts = pts.reshape(-1, 2)
        span = max(
            (pts[:, 0].max() - pts[:, 0].min()) / camera.width,
            (pts[:, 1].max() - pts[:, 1].min()) / camera.height,
        )
        tvec = tvec * (span / share)
    pts = cv2.projectPoints(corners, rvec, tvec, camera.matrix, camera.distortion)[0].reshape(-1, 2)
    centre = np.array([camera.width / 2, camera.height / 2])
    offset = centre - (pts.max(0) + pts.min(0)) / 2  # centre the board in the frame
    tvec[:2] += offset * tvec[2] / camera.matrix[0, 0]
    return np.asarray(rvec, np.float64), tvec


def _rotation(ax: float, ay: float, yaw: float) -> FloatArray:
    cx, sx, cy, sy = math.cos(ax), math.sin(ax), math.cos(ay), math.sin(ay)
    cz, sz = math.cos(yaw), math.sin(yaw)
    rx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    ry = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    rz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    return np.asarray(rx @ ry @ rz, np.float64)


def photograph_flat(
    texture: Image,
    width_mm: float,
    height_mm: float,
    camera: Camera,
    rng: np.random.Generator,
    *,
    tilt: float = 0.6,
) -> tuple[Image, FloatArray, FloatArray]:
    """A flat printed sheet (a ChArUco target) seen by ``camera`` from a random pose.

    The texture spans ``width_mm`` × ``height_mm``; returns the photo, rvec and tvec. The
    light is even, with a little noise: calibration photos are taken with care.
    """
    rvec, tvec = random_pose(width_mm, height_mm, camera, rng, tilt=tilt, fill=(0.5, 0.8))
    px_per_mm = texture.shape[1] / width_mm
    if texture.ndim == 2:
        texture = np.asarray(cv2.cvtColor(texture, cv2.COLOR_GRAY2BGR), np.uint8)
    img = _project_texture(texture, width_mm, height_mm, camera, rvec, tvec, rng, px_per_mm)
    img += rng.normal(0, 2.0, img.shape).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8), rvec, tvec


def _project_texture(
    texture: Image,
    width_mm: float,
    height_mm: float,
    camera: Camera,
    rvec: FloatArray,
    tvec: FloatArray,
    rng: np.random.Generator,
    px_per_mm: float = TEXTURE_PX_PER_MM,
) -> npt.NDArray[np.float32]:
    """Warp the flat board into the camera: every pixel looks up its board point.

    Lens distortion is smooth, so the pixel → board mapping is computed on a coarse grid
    (every 8 pixels) and interpolated, which keeps a photo well under a second.
    """
    w, h, step = camera.width, camera.height, 8
    gx, gy = np.meshgrid(np.arange(0, w + step, step), np.arange(0, h + step, step))
    pts = np.stack([gx, gy], -1).reshape(-1, 1, 2).astype(np.float64)
    norm = cv2.undistortPoints(
        pts,
        camera.matrix,
        camera.distortion,
        R=None,
        P=None,
        criteria=(cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 30, 1e-9),
    ).reshape(-1, 2)
    rot = cv2.Rodrigues(np.asarray(rvec, float))[0]
    plane = np.column_stack([rot[:, 0], rot[:, 1], np.asarray(tvec, float)])
    inv = np.linalg.inv(plane)
    rays = np.column_stack([norm, np.ones(len(norm))]) @ inv.T
    board = rays[:, :2] / rays[:, 2:3]
    u = (board[:, 0] + width_mm / 2) * px_per_mm
    v = (board[:, 1] + height_mm / 2) * px_per_mm
    grid = gx.shape
    # bilinear look-up of the coarse grid: pixel (x, y) reads grid point (x / step, y / step)
    fx, fy = np.meshgrid(
        np.arange(w, dtype=np.float32) / step, np.arange(h, dtype=np.float32) / step
    )
    map_u = cv2.remap(u.reshape(grid).astype(np.float32), fx, fy, cv2.INTER_LINEAR)
    map_v = cv2.remap(v.reshape(grid).astype(np.float32), fx, fy, cv2.INTER_LINEAR)
    del fx, fy  # full-frame arrays are let go as soon as they are used (peak memory)
    smooth = cv2.GaussianBlur(texture, (0, 0), 0.6)
    img = cv2.remap(smooth, map_u, map_v, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    inside = (map_u >= 0) & (map_v >= 0) & (map_u < texture.shape[1]) & (map_v < texture.shape[0])
    del map_u, map_v, smooth
    out = _table(h, w, rng)
    np.copyto(out, img, where=inside[..., None])  # the board over the table, in place
    return out


def _table(h: int, w: int, rng: np.random.Generator) -> npt.NDArray[np.float32]:
    """A wooden-looking table top: a base colour with soft streaks."""
    base = np.array(rng.uniform([60, 90, 120], [110, 140, 180]), np.float32)
    coarse = rng.normal(0, 1, (h // 32 + 1, 4)).astype(np.float32)
    streaks = np.asarray(cv2.resize(coarse, (w, h)), np.float32)
    streaks *= 0.08
    streaks += 1
    return base[None, None, :] * streaks[..., None]


def _shake(img: npt.NDArray[np.float32], length: float, angle: float) -> npt.NDArray[np.float32]:
    """A straight blur of ``length`` px: the camera arm trembling during the exposure."""
    if length < 1.0:
        return img
    size = int(np.ceil(length)) | 1
    kernel = np.zeros((size, size), np.float32)
    c, d = size // 2, length / 2
    dx, dy = d * np.cos(angle), d * np.sin(angle)
    cv2.line(kernel, (round(c - dx), round(c - dy)), (round(c + dx), round(c + dy)), 1.0, 1)
    kernel /= kernel.sum()
    return np.asarray(cv2.filter2D(img, -1, kernel), np.float32)


def _light(
    img: npt.NDArray[np.float32], rng: np.random.Generator, c: Conditions
) -> npt.NDArray[np.float32]:
    """Uneven light: gradient, vignetting, soft shadows, a glare spot and a colour tint.

    The gain is one value a pixel; it is applied to the colour picture band by band, so
    no full-frame float64 picture is ever held (a 1280×960 one is 29 MB).
    """
    h, w = img.shape[:2]
    xx = np.arange(w, dtype=np.float32)[None, :]  # pixel columns and rows, broadcast
    yy = np.arange(h, dtype=np.float32)[:, None]
    xn, yn = (xx - w / 2) / w, (yy - h / 2) / h
    gx, gy = rng.uniform(-c.gradient, c.gradient, 2)
    gain = rng.uniform(*c.brightness) * (1 + gx * xn + gy * yn) * (1 - 0.35 * (xn**2 + yn**2))
    for _ in range(int(rng.integers(0, c.shadows + 1))):  # a lamp arm, a cup, a player
        mask = np.zeros((h, w), np.float32)
        centre = rng.uniform([0, 0], [w, h])
        axes = rng.uniform([60, 30], [300, 160])
        cv2.ellipse(
            mask,
            (int(centre[0]), int(centre[1])),
            (int(axes[0]), int(axes[1])),
            float(rng.uniform(0, 180)),
            0,
            360,
            1.0,
            -1,
        )
        mask = np.asarray(cv2.GaussianBlur(mask, (0, 0), rng.uniform(12, 35)), np.float32)
        mask *= rng.uniform(*c.shadow_depth)
        gain *= 1 - mask
    np.clip(gain, 0.2, 2.0, out=gain)
    glare: tuple[float, float, float, float] | None = None
    if rng.random() < c.glare_chance:  # specular glare on glossy cardboard
        cx, cy = rng.uniform([0, 0], [w, h])
        sigma = rng.uniform(30, 90)
        glare = (cx, cy, sigma, rng.uniform(*c.glare))
    tint = rng.uniform(1 - c.tint, 1 + c.tint, 3).astype(np.float32)
    out = np.empty_like(img)
    for top in range(0, h, BAND):
        rows = slice(top, top + BAND)
        band = img[rows] * gain[rows, :, None]
        if glare is not None:
            cx, cy, sigma, peak = glare
            spot = np.exp(-((xx - cx) ** 2 + (yy[rows] - cy) ** 2) / (2 * sigma**2))
            band += peak * spot[..., None]
        band *= tint[None, None, :]
        out[rows] = band
    return out


def _add_noise(img: npt.NDArray[np.float32], sigma: float, rng: np.random.Generator) -> None:
    """Sensor noise, added in place band by band (the same draws as one full-frame draw)."""
    for top in range(0, img.shape[0], BAND):
        rows = img[top : top + BAND]
        rows += rng.normal(0, sigma, rows.shape).astype(np.float32)
