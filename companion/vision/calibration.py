"""The calibration file: one readable JSON file per camera and board.

It holds what a fresh install has to guess: the camera's intrinsics and lens distortion
(measured from photos of a printed ChArUco target), how the board is located (its ArUco
markers, or four corners clicked by hand for a board without markers) and the colour
profiles of the players' real pieces on the real board under the real lamp, and for the
dice reader the dice's colours and the tray where dice are read. Every part is optional;
``companion calibrate`` fills them in step by step (calibration/README.md) and
``companion read-board --calibration FILE`` (``read-dice --calibration FILE``) uses them. A
broken file is a one-line error naming the file and the entry.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np
import numpy.typing as npt

from companion import texts
from companion.errors import CompanionError
from companion.model.jsontext import parse_json
from companion.model.layout import Layout
from companion.textfile import read_text
from companion.texts import Joined, text, text_n, unreadable
from companion.vision.board.locate import FloatArray, Intrinsics
from companion.vision.board.profiles import MIN_STD, Profiles, profiles_from_json, to_lab
from companion.vision.dice.colours import DEFAULT_PROFILES, DiceProfiles
from companion.vision.dice.tray import Tray

if TYPE_CHECKING:
    from companion.vision.board.reader import BoardReader

FORMAT = "companion-calibration/1"


@dataclass(frozen=True)
class CameraCalibration:
    """Intrinsics measured from ChArUco photos, with their RMS reprojection error."""

    intrinsics: Intrinsics
    rms_px: float
    images: int


@dataclass(frozen=True)
class ManualCorners:
    """Four board points (mm) and where they are in the image (px), for boards without markers."""

    board_mm: FloatArray
    image_px: FloatArray


def manual_corners(
    pixels: FloatArray, layout: Layout, fields: list[str] | None = None
) -> ManualCorners:
    """Four points of a photo (px) as the corners of ``layout``: the board's own corners
    (top-left, top-right, bottom-right, bottom-left of the board picture) or, with
    ``fields``, those four fields' centres; refused where the points or the fields span
    no area (``calibrate corners`` and the calibration page alike)."""
    px = np.asarray(pixels, np.float64).reshape(4, 2)
    xs, ys = px[:, 0], px[:, 1]
    area = 0.5 * float(np.dot(xs, np.roll(ys, -1)) - np.dot(ys, np.roll(xs, -1)))  # shoelace
    if abs(area) < 100:
        raise CompanionError(text("calibrate.no_area"))
    hw, hh = layout.width / 2, layout.height / 2
    board = np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]])
    if fields:
        board = np.array([[layout.field(f).x, layout.field(f).y] for f in fields])
        xs, ys = board[:, 0], board[:, 1]
        if abs(float(np.dot(xs, np.roll(ys, -1)) - np.dot(ys, np.roll(xs, -1)))) < 1.0:
            raise CompanionError(text("calibrate.fields_no_area", fields=fields))
    return ManualCorners(board, px)


def beyond_points(layout: Layout, corners: ManualCorners) -> list[str]:
    """The fields whose centres lie outside the four points' quadrilateral by more than
    their spacing, the farthest first: there the board's place is extrapolated, and a
    small error in a point grows with the distance (new-user trial s13 L1: a Türme club
    set four track fields, and a home outside them was sampled 2.3 px off its piece,
    unsure at 0.55). None where the points are the board's own corners."""
    quad = corners.board_mm.astype(np.float32).reshape(-1, 1, 2)
    inside = {f.id: cv2.pointPolygonTest(quad, (f.x, f.y), True) for f in layout}
    outside = [f for f, d in inside.items() if d < -layout.spacing[f]]
    return sorted(outside, key=lambda f: inside[f])


def widest_fields(layout: Layout) -> list[str]:
    """The four fields farthest out towards the board's corners (top left, top right,
    bottom right, bottom left, as ``calibrate corners --fields`` takes them): the points
    that leave no field outside where the board is convex."""
    xy = np.array([[f.x, f.y] for f in layout])
    ids = [f.id for f in layout]
    towards = ((-1, -1), (1, -1), (1, 1), (-1, 1))
    return [ids[int(np.argmax(xy @ np.array(d, np.float64)))] for d in towards]


def beyond_note(layout: Layout, corners: ManualCorners) -> str | None:
    """What to say where fields lie beyond the four points (:func:`beyond_points`; None
    where none does): the farthest, and what to give instead: the four fields towards
    the board's corners where they leave none outside, else (a round board: review
    s14b, the same four advised again) the board's own four corners."""
    outside = beyond_points(layout, corners)
    if not outside:
        return None
    widest = widest_fields(layout)
    spanned = np.array([[layout.field(f).x, layout.field(f).y] for f in widest])
    if beyond_points(layout, ManualCorners(spanned, np.zeros((4, 2)))):
        instead = text("cal.instead_corners")
    else:
        instead = text("cal.instead_fields", fields=" ".join(widest))
    return text_n(
        "cal.beyond_points", len(outside), example=texts.field(outside[0]), instead=instead
    )


@dataclass(frozen=True)
class DiceColour:
    """The colour of a die's body (mean and Lab spread) and of its pips, for the dice reader."""

    body_bgr: FloatArray
    body_lab_std: FloatArray
    pips_bgr: FloatArray

    def to_json(self) -> dict[str, Any]:
        def r(v: FloatArray) -> list[float]:
            return [round(float(x), 2) for x in v]

        return {
            "body": {"bgr": r(self.body_bgr), "lab_std": r(self.body_lab_std)},
            "pips": {"bgr": r(self.pips_bgr)},
        }


def measure_die(image: npt.NDArray[np.uint8], x: float, y: float, radius: float) -> DiceColour:
    """Body and pip colour of the die whose top face is at (x, y) within ``radius`` px.

    The disc's pixels are split by brightness (Otsu): the larger part is the body, the
    smaller the pips (dark pips on a light die or light pips on a dark one alike).
    """
    h, w = image.shape[:2]
    if radius < 3 or not (radius <= x < w - radius and radius <= y < h - radius):
        raise CompanionError(
            text("calibrate.die_outside", at=f"{x:g},{y:g}", radius=f"{radius:g}", size=f"{w}x{h}")
        )
    yy, xx = np.mgrid[0:h, 0:w]
    inside = (xx - x) ** 2 + (yy - y) ** 2 <= radius**2
    pixels = image[inside].astype(np.float64)
    grey = pixels.mean(axis=1).astype(np.uint8).reshape(-1, 1)
    threshold, _ = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    light = grey.ravel() > threshold
    body = light if light.sum() >= (~light).sum() else ~light
    if body.all():  # a face without pips: the blank side of a die
        body_px, pips_px = pixels, pixels
    else:
        body_px, pips_px = pixels[body], pixels[~body]
    lab = to_lab(body_px)
    spread = np.maximum(lab.std(axis=0) * 1.5, MIN_STD)
    return DiceColour(np.median(body_px, axis=0), spread, np.median(pips_px, axis=0))


@dataclass(frozen=True)
class Calibration:
    """Everything measured for one camera over one board; every part may be missing."""

    layout: str
    camera: CameraCalibration | None = None
    corners: ManualCorners | None = None
    profiles: Profiles | None = None
    name: str = "camera"
    dice: Mapping[str, DiceColour] = field(default_factory=dict)
    tray: Tray | None = None  # where dice are read; None: the whole frame

    @property
    def intrinsics(self) -> Intrinsics | None:
        return self.camera.intrinsics if self.camera else None

    @property
    def manual(self) -> tuple[FloatArray, FloatArray] | None:
        return (self.corners.board_mm, self.corners.image_px) if self.corners else None

    @property
    def dice_profiles(self) -> DiceProfiles:
        """The dice reader's Miwin profiles with the body colours this file measured
        (``calibrate dice --name miwin-III``); other names (``d6``) the reader does not
        tell by colour."""
        kinds = {p.kind for p in DEFAULT_PROFILES.miwin}
        colours = {
            name: (round(d.body_bgr[0]), round(d.body_bgr[1]), round(d.body_bgr[2]))
            for name, d in self.dice.items()
            if name in kinds
        }
        return DEFAULT_PROFILES.override(colours) if colours else DEFAULT_PROFILES

    def with_(self, **changes: Any) -> Calibration:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "name": self.name, "layout": self.layout}
        if self.camera:
            cam = self.camera.intrinsics
            data["camera"] = {
                "width": cam.width,
                "height": cam.height,
                "matrix": [[round(float(v), 4) for v in row] for row in cam.matrix],
                "distortion": [round(float(v), 6) for v in cam.distortion],
                "rms_px": round(self.camera.rms_px, 4),
                "images": self.camera.images,
            }
        if self.corners:
            data["board"] = {
                "method": "manual",
                "board_mm": [[round(float(v), 2) for v in p] for p in self.corners.board_mm],
                "image_px": [[round(float(v), 2) for v in p] for p in self.corners.image_px],
            }
        else:
            data["board"] = {"method": "markers"}
        if self.profiles:
            data["colours"] = self.profiles.to_json()
        if self.dice:
            data["dice"] = {name: d.to_json() for name, d in sorted(self.dice.items())}
        if self.tray:
            data["tray"] = self.tray.to_json()
        return data


def save_calibration(calibration: Calibration, path: str | Path) -> Path:
    """Write the file atomically; the calibration it replaces is kept as its backup
    (:func:`backup_path`), so that one bad capture can be undone
    (:func:`restore_calibration`)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(calibration.to_json(), indent=1, ensure_ascii=False)
    # one line per list of numbers: a colour, a matrix row, a corner
    text = re.sub(r"\[\s+([-0-9.e,\s]*?)\s+\]", lambda m: "[" + " ".join(m[1].split()) + "]", text)
    new = path.with_name(path.name + ".new")
    new.write_text(text + "\n", encoding="utf-8")
    if path.exists():
        os.replace(path, backup_path(path))
    os.replace(new, path)
    return path


def backup_path(path: str | Path) -> Path:
    """Where the calibration that ``path`` replaced is kept: ``NAME.previous.json``."""
    path = Path(path)
    return path.with_name(f"{path.stem}.previous{path.suffix or '.json'}")


def restore_calibration(path: str | Path) -> Path:
    """Swap the calibration and its backup (restoring twice undoes the restore). With no
    file in use, the backup simply comes back. CompanionError when there is no backup."""
    path = Path(path)
    backup = backup_path(path)
    if not backup.exists():
        raise CompanionError(text("cal.no_backup", path=backup))
    load_calibration(backup)  # refuse a damaged backup before anything is moved
    if path.exists():
        swap = path.with_name(path.name + ".swap")
        os.replace(path, swap)
        os.replace(backup, path)
        os.replace(swap, backup)
    else:
        os.replace(backup, path)
    return path


def reset_calibration(path: str | Path) -> Path:
    """Back to the defaults: the calibration in use becomes the backup (restorable)."""
    path = Path(path)
    if not path.exists():
        raise CompanionError(text("cal.none_in_use", path=path))
    os.replace(path, backup_path(path))
    return backup_path(path)


def load_calibration(path: str | Path) -> Calibration:
    """Read and check a calibration file (CompanionError naming the file and entry)."""
    path = Path(path)
    try:
        content = read_text(path, "calibration")
    except (OSError, UnicodeDecodeError) as exc:  # said as a position file's (texts)
        why = unreadable(exc)
        raise CompanionError(text("file.calibration_unread", path=str(path), why=why)) from None
    data = parse_json(content, str(path), what=text("json.calibration"))
    return calibration_from_json(data, str(path))


def calibration_from_json(data: Any, where: str = "calibration") -> Calibration:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CompanionError(text("calfile.format", where=where, format=repr(FORMAT)))
    layout = data.get("layout")
    if not isinstance(layout, str):
        raise CompanionError(text("calfile.layout", where=where))
    camera = _camera(data.get("camera"), where) if data.get("camera") is not None else None
    corners = _corners(data.get("board", {"method": "markers"}), where)
    profiles = None
    if data.get("colours") is not None:
        profiles = profiles_from_json(data["colours"], f"{where}: colours")
    dice = _dice(data.get("dice", {}), where)
    tray = _tray(data["tray"], where) if data.get("tray") is not None else None
    name = str(data.get("name", "camera"))
    return Calibration(layout, camera, corners, profiles, name, dice, tray)


def _tray(data: Any, where: str) -> Tray:
    """``"tray": [x0, y0, x1, y1]``, fractions of the frame (0..1)."""
    if not (isinstance(data, list) and len(data) == 4):
        raise CompanionError(text("calfile.tray", where=where))
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in data):
        raise CompanionError(text("calfile.tray_numbers", where=where, value=repr(data)))
    try:
        return Tray(*(float(v) for v in data))
    except CompanionError as exc:
        raise CompanionError(
            text("calfile.at", where=where, reason=exc.args[0] if exc.args else str(exc))
        ) from None


def _dice(data: Any, where: str) -> dict[str, DiceColour]:
    if not isinstance(data, dict):
        raise CompanionError(text("calfile.dice", where=where))
    out = {}
    for name, item in data.items():
        try:
            out[str(name)] = DiceColour(
                _three(item["body"]["bgr"]),
                _three(item["body"]["lab_std"]),
                _three(item["pips"]["bgr"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CompanionError(
                text("calfile.dice_entry", where=where, name=repr(name), why=str(exc))
            ) from None
        if min(out[str(name)].body_lab_std) <= 0:
            raise CompanionError(text("calfile.dice_spread", where=where, name=repr(name)))
    return out


def _three(value: Any) -> FloatArray:
    out = np.array(value, np.float64)
    if out.shape != (3,):
        raise ValueError(f"expected three numbers, got {value!r}")
    return out


def _camera(data: Any, where: str) -> CameraCalibration:
    try:
        matrix = np.array(data["matrix"], np.float64)
        dist = np.array(data["distortion"], np.float64).ravel()
        width, height = int(data["width"]), int(data["height"])
        rms = float(data.get("rms_px", 0.0))
        images = int(data.get("images", 0))
    except (KeyError, TypeError, ValueError) as exc:
        raise CompanionError(text("calfile.camera_entry", where=where, why=str(exc))) from None
    if matrix.shape != (3, 3) or dist.size not in (4, 5, 8, 12, 14):
        raise CompanionError(text("calfile.camera_shape", where=where))
    if min(width, height) <= 0 or matrix[0, 0] <= 0 or matrix[1, 1] <= 0:
        raise CompanionError(text("calfile.camera_positive", where=where))
    return CameraCalibration(Intrinsics(matrix, dist, width, height), rms, images)


def _corners(data: Any, where: str) -> ManualCorners | None:
    if not isinstance(data, dict) or data.get("method") not in ("markers", "manual"):
        raise CompanionError(text("calfile.board_method", where=where))
    if data["method"] == "markers":
        return None
    try:
        board = np.array(data["board_mm"], np.float64)
        image = np.array(data["image_px"], np.float64)
    except (KeyError, TypeError, ValueError) as exc:
        raise CompanionError(text("calfile.board_entry", where=where, why=str(exc))) from None
    if board.shape != (4, 2) or image.shape != (4, 2):
        raise CompanionError(text("calfile.board_points", where=where))
    return ManualCorners(board, image)


def board_reader(layout: Layout, calibration: Calibration | None) -> BoardReader:
    """A board reader with what ``calibration`` measured (the defaults where it is silent)."""
    from companion.vision.board.reader import BoardReader

    if calibration is None:
        return BoardReader(layout)
    return BoardReader(layout, calibration.profiles, calibration.intrinsics, calibration.manual)


def outdated(reader: BoardReader) -> str | None:
    """What the calibration ``reader`` reads with cannot check, because an older version
    made it (:mod:`companion.vision.board.outdated`), said with what to do; None when
    every hand test runs. The page, the start-up log and the command line say it."""
    from companion.vision.board.outdated import NO_PRINT

    off = reader.tests_off()
    hands = [kind for kind in off if kind != NO_PRINT]
    if not hands:
        return text("cal.outdated_print") if off else None
    what = Joined([text(f"cal.off_{kind}") for kind in hands], " and ", de=" und ")
    said = text("cal.outdated", what=what)
    return f"{said}. {text('cal.outdated_print_too')}" if NO_PRINT in off else said


def dice_setup(calibration: Calibration | None) -> tuple[Tray | None, DiceProfiles]:
    """The dice reader's tray and Miwin profiles from what ``calibration`` measured (the
    whole frame and the default colours where it is silent)."""
    if calibration is None:
        return None, DEFAULT_PROFILES
    return calibration.tray, calibration.dice_profiles
