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
from companion.texts import text
from companion.vision.board.locate import FloatArray, Intrinsics
from companion.vision.board.profiles import MIN_STD, Profiles, profiles_from_json, to_lab
from companion.vision.dice.colours import DEFAULT_PROFILES, DiceProfiles
from companion.vision.dice.tray import Tray

if TYPE_CHECKING:
    from companion.model.position import Position
    from companion.vision.board.reader import BoardReader

FORMAT = "companion-calibration/1"

#: The printed ChArUco target: 7 × 5 squares of 30 mm with 22 mm markers (fits on A4),
#: from a marker dictionary the boards do not use, so it is never taken for a board.
CHARUCO_SQUARES = (7, 5)
CHARUCO_SQUARE_MM = 30.0
CHARUCO_MARKER_MM = 22.0
CHARUCO_DICTIONARY = "5X5_50"


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
            f"die at {x:g},{y:g} with radius {radius:g} px is not inside the {w}x{h} photo"
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
        text = read_text(path, "calibration")
    except OSError as exc:
        raise CompanionError(f"{path}: cannot read calibration: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise CompanionError(f"{path}: calibration is not JSON: {exc}") from None
    data = parse_json(text, str(path), what="calibration is ")
    return calibration_from_json(data, str(path))


def calibration_from_json(data: Any, where: str = "calibration") -> Calibration:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CompanionError(f"{where}: not a calibration file (format must be {FORMAT!r})")
    layout = data.get("layout")
    if not isinstance(layout, str):
        raise CompanionError(f"{where}: 'layout' must name the board layout")
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
        raise CompanionError(f"{where}: tray: expected [x0, y0, x1, y1], fractions of the frame")
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in data):
        raise CompanionError(f"{where}: tray: {data!r} are not four numbers")
    try:
        return Tray(*(float(v) for v in data))
    except CompanionError as exc:
        raise CompanionError(f"{where}: {exc}") from None


def _dice(data: Any, where: str) -> dict[str, DiceColour]:
    if not isinstance(data, dict):
        raise CompanionError(f"{where}: dice: expected an object of dice colours")
    out = {}
    for name, item in data.items():
        try:
            out[str(name)] = DiceColour(
                _three(item["body"]["bgr"]),
                _three(item["body"]["lab_std"]),
                _three(item["pips"]["bgr"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CompanionError(f"{where}: dice {name!r}: bad or missing entry ({exc})") from None
        if min(out[str(name)].body_lab_std) <= 0:
            raise CompanionError(f"{where}: dice {name!r}: spreads must be positive")
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
        raise CompanionError(f"{where}: camera: bad or missing entry ({exc})") from None
    if matrix.shape != (3, 3) or dist.size not in (4, 5, 8, 12, 14):
        raise CompanionError(f"{where}: camera: matrix must be 3x3, distortion 5 numbers")
    if min(width, height) <= 0 or matrix[0, 0] <= 0 or matrix[1, 1] <= 0:
        raise CompanionError(f"{where}: camera: sizes and focal lengths must be positive")
    return CameraCalibration(Intrinsics(matrix, dist, width, height), rms, images)


def _corners(data: Any, where: str) -> ManualCorners | None:
    if not isinstance(data, dict) or data.get("method") not in ("markers", "manual"):
        raise CompanionError(f"{where}: board: method must be 'markers' or 'manual'")
    if data["method"] == "markers":
        return None
    try:
        board = np.array(data["board_mm"], np.float64)
        image = np.array(data["image_px"], np.float64)
    except (KeyError, TypeError, ValueError) as exc:
        raise CompanionError(f"{where}: board: bad or missing entry ({exc})") from None
    if board.shape != (4, 2) or image.shape != (4, 2):
        raise CompanionError(f"{where}: board: give exactly four board points and four pixels")
    return ManualCorners(board, image)


# --------------------------------------------------------------------------- ChArUco


def charuco_board() -> cv2.aruco.CharucoBoard:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, f"DICT_{CHARUCO_DICTIONARY}"))
    return cv2.aruco.CharucoBoard(CHARUCO_SQUARES, CHARUCO_SQUARE_MM, CHARUCO_MARKER_MM, dictionary)


def charuco_image(px_per_mm: float = 10.0) -> npt.NDArray[np.uint8]:
    """The target to print (at 100 %: squares of exactly 30 mm), without margin."""
    w, h = CHARUCO_SQUARES
    size = (round(w * CHARUCO_SQUARE_MM * px_per_mm), round(h * CHARUCO_SQUARE_MM * px_per_mm))
    return np.asarray(charuco_board().generateImage(size, marginSize=0), np.uint8)


def calibrate_camera(images: list[npt.NDArray[np.uint8]], min_views: int = 4) -> CameraCalibration:
    """Intrinsics and lens distortion from photos of the ChArUco target at one image size.

    A photo in which fewer than 8 target corners are found is skipped; at least
    ``min_views`` good photos are needed (more, from different angles, is better).
    """
    if not images:
        raise CompanionError("no calibration photos given")
    sizes = {(im.shape[1], im.shape[0]) for im in images}
    if len(sizes) != 1:
        raise CompanionError(f"calibration photos must share one size, got {sorted(sizes)}")
    width, height = sizes.pop()
    board = charuco_board()
    detector = cv2.aruco.CharucoDetector(board)
    objects, points = [], []
    for im in images:
        gray = im if im.ndim == 2 else cv2.cvtColor(im, cv2.COLOR_BGR2GRAY)
        corners, ids, _, _ = detector.detectBoard(gray)
        if corners is None or ids is None or len(ids) < 8:
            continue
        obj, img = board.matchImagePoints(list(corners), ids)
        objects.append(obj.astype(np.float32))
        points.append(img.astype(np.float32))
    if len(objects) < min_views:
        raise CompanionError(
            f"the ChArUco target was found in {len(objects)} of {len(images)} photos; "
            f"need at least {min_views} (whole target in view, sharp, from several angles)"
        )
    # k3 stays 0: the Pi camera lenses are mild, and a free k3 fitted on a few views bends
    # the image corners where no target was seen
    rms, matrix, dist, _, _ = cv2.calibrateCamera(
        objects, points, (width, height), None, None, flags=cv2.CALIB_FIX_K3
    )
    intr = Intrinsics(
        np.asarray(matrix, np.float64), np.asarray(dist, np.float64).ravel(), width, height
    )
    return CameraCalibration(intr, float(rms), len(objects))


#: A piece is a plain disc; an empty field shows its printed number or label. When most
#: fields said to hold a piece show this much texture, the photos may be swapped: a note,
#: never a refusal (carved pieces have texture too).
PLAIN_TEXTURE = 0.1
#: Two photos that say a field holds the same thing contradict each other when it looks
#: this different in them (Lab distance, lightness counted half: the lamp moves it most).
CONTRADICTION_DE = 22.0
#: A piece said to stand on a field that looks this close to the field's empty look (same
#: distance) teaches its colour nothing, unless most pieces of the colour look so.
ALIKE_DE = 6.0


def fit_colours(
    layout: Layout,
    calibration: Calibration,
    photos: list[tuple[npt.NDArray[np.uint8], dict[str, str]]],
    names: list[str] | None = None,
    notes: list[str] | None = None,
) -> Calibration:
    """Colour profiles learnt from photos of known placements (field → colour).

    Typical photos: the empty board and the start position (every piece in its station).
    The calibration learns what it is shown, whatever the board's and the pieces' colours:
    the empty photo teaches every field's empty look, the known photos each piece colour
    (more photos teach more). It refuses only what it cannot learn from: a photo where the
    board is not found, and photos that contradict each other (the same field, said to
    hold the same thing, looking very different in two photos: a hand, a piece out of
    place). Both are one-line errors naming the photo and the field. What it can learn
    but not tell apart under this light (a light piece on a light field, a piece said to
    be there that looks like its field) goes into ``notes`` with the fields: the reader
    stays unsure there and asks. ``names`` label the photos ("start", "empty"); by
    default they are numbered.
    """
    from companion.vision.board.fields import FieldSampler
    from companion.vision.board.learn import calibration_light, default_profiles, fit_profiles
    from companion.vision.board.locate import Locator
    from companion.vision.board.reader import BoardReader

    labels = names or [text("cal.photo", number=n) for n in range(1, len(photos) + 1)]
    locator = Locator(layout, calibration.intrinsics, calibration.manual)
    sampler = FieldSampler(layout)
    base = calibration.profiles or default_profiles(layout)
    samples = []
    for label, (image, truth) in zip(labels, photos, strict=True):
        location = locator.locate(image)
        got = sampler.sample(image, location, surround=True, between=True) if location else None
        if got is None:
            raise CompanionError(text("cal.not_found", label=label))
        samples.append((got, truth))
    probes = np.vstack([got.probes for got, _ in samples])
    probes = probes[~np.isnan(probes[:, 0])]
    background = np.median(probes, axis=0) if len(probes) else base.background_bgr
    looks = [
        to_lab(got.colours / calibration_light(layout, got, background)[:, None])
        for got, _ in samples
    ]
    _refuse_contradictions(sampler.ids, samples, looks, labels)
    looks_empty = _looks_empty(sampler.ids, samples, looks)
    fitted = calibration.with_(profiles=fit_profiles(layout, samples, base, looks_empty))
    if notes is None:
        return fitted
    reader = BoardReader(layout, fitted.profiles, fitted.intrinsics, fitted.manual)
    alike: list[str] = []
    for (image, truth), odd in zip(photos, looks_empty, strict=True):
        read = reader.read(image)
        differ = {f for f in set(read.fields) | set(truth) if read.fields.get(f) != truth.get(f)}
        alike += [f"{f} ({truth.get(f) or read.fields.get(f)})" for f in sorted(differ | odd)]
    if alike:
        fields = ", ".join(sorted(set(alike))[:4]) + (" …" if len(set(alike)) > 4 else "")
        notes.append(text("cal.alike", fields=fields))
    for label, (got, truth) in zip(labels, samples, strict=True):
        printed = [
            f for i, f in enumerate(sampler.ids) if f in truth and got.texture[i] >= PLAIN_TEXTURE
        ]
        if truth and len(printed) * 2 > len(truth):
            notes.append(
                text(
                    "cal.swapped",
                    label=label,
                    count=len(printed),
                    total=len(truth),
                    example=printed[0],
                )
            )
    return fitted


def _distance(a: FloatArray, b: FloatArray) -> FloatArray:
    """Lab distance with lightness counted half (the lamp changes it most)."""
    d = a - b
    return np.asarray(np.sqrt((0.5 * d[..., 0]) ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2))


def _refuse_contradictions(
    ids: tuple[str, ...],
    samples: list[tuple[Any, dict[str, str]]],
    looks: list[FloatArray],
    labels: list[str],
) -> None:
    """CompanionError when two photos say a field holds the same thing (empty, or the same
    colour) and it looks very different in them: one of them is not what it is said to be
    (a hand over it, a piece out of place), and no fit can learn both."""
    for n in range(len(samples)):
        for m in range(n):
            differ = _distance(looks[n], looks[m])
            for i, f in enumerate(ids):
                said = samples[n][1].get(f, "empty")
                if said != samples[m][1].get(f, "empty") or differ[i] <= CONTRADICTION_DE:
                    continue
                what = text("cal.empty") if said == "empty" else texts.colour(said)
                raise CompanionError(
                    text(
                        "cal.contradiction",
                        label=labels[n],
                        other=labels[m],
                        field=f,
                        what=what,
                        delta=round(float(differ[i])),
                    )
                )


def _looks_empty(
    ids: tuple[str, ...], samples: list[tuple[Any, dict[str, str]]], looks: list[FloatArray]
) -> list[set[str]]:
    """Per photo, the fields said to hold a piece that look as they do empty in another
    photo while most pieces of that colour do not: a piece missing there, or one too
    alike to its field to teach its colour. They are left out of the colour's fit (and
    noted); where most pieces of a colour look like their fields, all of them teach it."""
    index = {f: i for i, f in enumerate(ids)}
    empty: dict[int, list[FloatArray]] = {}
    for (_, truth), lab in zip(samples, looks, strict=True):
        for i, f in enumerate(ids):
            if f not in truth:
                empty.setdefault(i, []).append(lab[i])
    out: list[set[str]] = [set() for _ in samples]
    per_colour: dict[str, list[tuple[int, str, bool]]] = {}
    for n, ((_, truth), lab) in enumerate(zip(samples, looks, strict=True)):
        for f, c in truth.items():
            i = index[f]
            own = empty.get(i, [])
            alike = bool(own) and float(_distance(lab[i], np.mean(own, axis=0))) < ALIKE_DE
            per_colour.setdefault(c, []).append((n, f, alike))
    for seen in per_colour.values():
        if sum(a for _, _, a in seen) * 2 < len(seen):
            for n, f, a in seen:
                if a:
                    out[n].add(f)
    return out


def doubt_empty(
    reader: BoardReader, image: npt.NDArray[np.uint8], label: str, calibrated: bool
) -> str:
    """Whether a photo said to show the empty board shows pieces: '' when it reads empty,
    else the question to ask the players, naming the fields ("is the board really
    empty?"). Fitting a board with pieces on it as empty would learn the pieces as the
    look of their fields. Only colours measured on this board (``calibrated``) can tell
    for sure: where they read a piece surely, it is a CompanionError.
    The default colours of a look never calibrated see light fields as white pieces, and
    a board's look is what calibration is there to learn: they only ask."""
    from companion.vision.board.reader import SURE

    read = reader.read(image)
    if not read.found or not read.fields:
        return ""
    held = [
        text("cal.held", field=f, piece=texts.colour(c)) for f, c in sorted(read.fields.items())
    ]
    more = text("check.more", count=len(held) - 6) if len(held) > 6 else ""
    sure = any(read.confidence.get(f, 0.0) >= SURE for f in read.fields)
    if calibrated and sure:
        raise CompanionError(text("cal.not_empty_sure", label=label, held=held[:6], more=more))
    return text("cal.not_empty", label=label, held=held[:6], more=more)


def board_reader(layout: Layout, calibration: Calibration | None) -> BoardReader:
    """A board reader with what ``calibration`` measured (the defaults where it is silent)."""
    from companion.vision.board.reader import BoardReader

    if calibration is None:
        return BoardReader(layout)
    return BoardReader(layout, calibration.profiles, calibration.intrinsics, calibration.manual)


def dice_setup(calibration: Calibration | None) -> tuple[Tray | None, DiceProfiles]:
    """The dice reader's tray and Miwin profiles from what ``calibration`` measured (the
    whole frame and the default colours where it is silent)."""
    if calibration is None:
        return None, DEFAULT_PROFILES
    return calibration.tray, calibration.dice_profiles


def start_placement(layout: Layout) -> dict[str, str]:
    """Every piece of every colour on its station: what the start photo must show."""
    return dict(start_of(layout).occupant)


def start_of(layout: Layout) -> Position:
    """The start position of the game played on ``layout``, every colour playing."""
    from companion.games import GAMES
    from companion.model.position import start_position

    game = next(
        (g for g in GAMES.values() if layout.name in (g.default_layout, *g.former_layouts)), None
    )
    if game is None:
        raise CompanionError(f"no game starts on layout {layout.name!r}; use a position file")
    return start_position(game.name, layout.colours[: game.max_players], layout)


#: A piece colour in a known-board file: a lowercase word ("black", "grey-white").
COLOUR_NAME = re.compile(r"[a-z]+(?:-[a-z]+)*")
#: Keys a ``read-board --json`` line may carry besides ``fields`` (ignored here).
READ_KEYS = {"image", "found", "busy", "confidence", "markers", "reason", "cause", "glare"}


def load_placement(path: str | Path, layout: Layout) -> dict[str, str]:
    """What a known photo shows (field → piece colour), from a position or a plain board file.

    A plain board is ``{"fields": {"ID": "COLOUR", ...}}``, the shape ``read-board --json``
    prints (its other keys are ignored): every field not named is empty, and any lowercase
    colour name is a piece colour to learn. Anything else must be a game position.
    """
    from companion.model.position import parse_position

    try:
        text = read_text(path, "position")
        data = json.loads(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise CompanionError(f"{path}: cannot read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise CompanionError(f"{path}: not JSON: {exc.msg} at line {exc.lineno}") from None
    if not (isinstance(data, dict) and "fields" in data):
        return dict(parse_position(text, source=str(path), layout=layout).occupant)
    extra = sorted(set(data) - READ_KEYS - {"fields"})
    if extra:
        raise CompanionError(f"{path}: unknown key {extra[0]!r} in a board file (only 'fields')")
    fields = data["fields"]
    if not isinstance(fields, dict):
        raise CompanionError(f"{path}: 'fields' must be an object of field id → colour")
    out = {}
    for fid, colour in fields.items():
        if fid not in layout.fields:
            raise CompanionError(f"{path}: layout {layout.name!r} has no field {fid!r}")
        if not isinstance(colour, str) or not COLOUR_NAME.fullmatch(colour):
            raise CompanionError(
                f"{path}: field {fid}: {colour!r} is not a colour name (lowercase, e.g. 'black')"
            )
        if colour != "empty":
            out[fid] = colour
    return out
