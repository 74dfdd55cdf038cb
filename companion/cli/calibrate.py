"""``companion calibrate STEP``: fit the companion to one camera over one board.

The steps (calibration/README.md walks a person through them), each updating one
calibration file (``-c FILE``, created by the first step):

* ``target -o charuco.png`` — the ChArUco target to print;
* ``camera PHOTO...`` — lens and focal length from 6-15 photos of the printed target;
* ``corners --points X,Y X,Y X,Y X,Y`` — a board without markers: its four corners in a
  photo (top-left, top-right, bottom-right, bottom-left of the board picture);
* ``colours --empty PHOTO --start PHOTO [--players COLOURS] [--position PHOTO POSITION]``
  — the real pieces and the real board under the real lamp;
* ``dice PHOTO --name d6 --at X,Y`` — a die's body and pip colours, for the dice reader;
* ``tray PHOTO --box X0,Y0,X1,Y1`` — where dice are read (``--clear``: the whole frame);
* ``check PHOTO [-o preview.png]`` — read a photo with the file and draw what was seen;
* ``show`` — what the file holds;
* ``restore`` — the file as it was before the last step (every step keeps the file it
  replaces as ``NAME.previous.json``); ``reset`` — back to the defaults (restorable).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.common import add_json_argument, decimal, players_from, print_json
from companion.errors import CompanionError
from companion.model.layout import Layout
from companion.model.layoutfile import load_layout
from companion.textfile import read_text
from companion.texts import colours, message, number, text, text_n
from companion.texts import text as said

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from companion.vision import BoardRead
    from companion.vision.board.reader import BoardReader
    from companion.vision.calibration import (
        Calibration,
        ManualCorners,
    )
    from companion.vision.dice.tray import Tray

    Image = npt.NDArray[np.uint8]

NAME = "calibrate"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    steps = parser.add_subparsers(
        dest="step", required=True, metavar="STEP", help=text("opt.calibrate.step")
    )
    target = steps.add_parser("target", help=text("cmd.calibrate.target"))
    target.add_argument(
        "-o", "--output", required=True, metavar="FILE", help=text("opt.calibrate.target.output")
    )
    target.add_argument(
        "--px-per-mm", type=float, default=10.0, help=text("opt.calibrate.target.px-per-mm")
    )
    camera = steps.add_parser("camera", help=text("cmd.calibrate.camera"))
    camera.add_argument(
        "photos", nargs="+", metavar="PHOTO", help=text("opt.calibrate.camera.photos")
    )
    _file(camera)
    camera.add_argument("--name", help=text("opt.calibrate.camera.name"))
    corners = steps.add_parser("corners", help=text("cmd.calibrate.corners"))
    corners.add_argument(
        "--points",
        nargs=4,
        required=True,
        metavar="X,Y",
        help=text("opt.calibrate.corners.points"),
    )
    corners.add_argument(
        "--fields",
        nargs=4,
        metavar="FIELD",
        help=text("opt.calibrate.corners.fields"),
    )
    _file(corners)
    colours = steps.add_parser("colours", help=text("cmd.calibrate.colours"))
    colours.add_argument("--empty", metavar="PHOTO", help=text("opt.calibrate.colours.empty"))
    colours.add_argument("--start", metavar="PHOTO", help=text("opt.calibrate.colours.start"))
    colours.add_argument("--players", metavar="COLOURS", help=text("opt.calibrate.colours.players"))
    colours.add_argument(
        "--position",
        nargs=2,
        action="append",
        default=[],
        metavar=("PHOTO", "FILE"),
        help=text("opt.calibrate.colours.position"),
    )
    _file(colours)
    dice = steps.add_parser("dice", help=text("cmd.calibrate.dice"))
    dice.add_argument("photo", metavar="PHOTO", help=text("opt.calibrate.dice.photo"))
    dice.add_argument("--name", required=True, help=text("opt.calibrate.dice.name"))
    dice.add_argument("--at", required=True, metavar="X,Y", help=text("opt.calibrate.dice.at"))
    dice.add_argument(
        "--radius", type=decimal(2, 2000), default=15.0, help=text("opt.calibrate.dice.radius")
    )
    _file(dice)
    tray = steps.add_parser("tray", help=text("cmd.calibrate.tray"))
    tray.add_argument("photo", nargs="?", metavar="PHOTO", help=text("opt.calibrate.tray.photo"))
    tray.add_argument("--box", metavar="X0,Y0,X1,Y1", help=text("opt.calibrate.tray.box"))
    tray.add_argument("--clear", action="store_true", help=text("opt.calibrate.tray.clear"))
    _file(tray)
    check = steps.add_parser("check", help=text("cmd.calibrate.check"))
    check.add_argument("photo", metavar="PHOTO", help=text("opt.calibrate.check.photo"))
    check.add_argument("-o", "--output", metavar="FILE", help=text("opt.calibrate.check.output"))
    _file(check, required=True)
    show = steps.add_parser("show", help=text("cmd.calibrate.show"))
    _file(show, required=True)
    restore = steps.add_parser("restore", help=text("cmd.calibrate.restore"))
    _file(restore, required=True)
    reset = steps.add_parser("reset", help=text("cmd.calibrate.reset"))
    _file(reset, required=True)


def _file(parser: argparse.ArgumentParser, required: bool = True) -> None:
    parser.add_argument(
        "-c",
        "--calibration",
        required=required,
        metavar="FILE",
        help=text("opt.calibrate.calibration"),
    )
    parser.add_argument("--layout", metavar="LAYOUT", help=text("opt.calibrate.layout"))
    add_json_argument(parser)


def run(args: argparse.Namespace) -> int:
    from companion.imagecheck import read_image
    from companion.vision.calibration import measure_die, save_calibration
    from companion.vision.charuco import calibrate_camera

    if args.step == "target":
        return _target(args)
    if args.step == "show":
        return _show(args)
    if args.step == "check":
        return _check(args)
    if args.step in ("restore", "reset"):
        return _swap(args)
    calibration, layout = _open(args)
    notes: list[str] = []  # what the user should know about a calibration that was written
    if args.step == "camera":
        cal = calibrate_camera([read_image(p) for p in args.photos])
        calibration = calibration.with_(camera=cal, name=args.name or calibration.name)
        done = said("calibrate.done.camera", images=cal.images, rms=number(cal.rms_px, ".2f"))
    elif args.step == "dice":
        x, y = _point(args.at, "--at")
        die = measure_die(read_image(args.photo), x, y, args.radius)
        calibration = calibration.with_(dice={**calibration.dice, args.name: die})
        done = said("calibrate.done.dice", name=repr(args.name))
    elif args.step == "tray":
        tray, done = _tray(args, calibration, notes)
        calibration = calibration.with_(tray=tray)
    elif args.step == "corners":
        calibration = calibration.with_(corners=_corners(args.points, layout, args.fields))
        # stored, not found: nothing is looked for in a photo until `calibrate check`
        fields = ", ".join(args.fields or ())
        done = said(
            "calibrate.done.fields" if args.fields else "calibrate.done.corners", fields=fields
        )
        notes.append(said("calibrate.note.corners_serve"))  # trial s13 M2
        notes.extend(_beyond(layout, calibration.corners))  # trial s13 L1
    else:
        photos, names = _colour_photos(args, layout)
        calibration = _fit_colours(layout, calibration, photos, names, notes)
        done = text_n("calibrate.done.colours", len(photos))
    path = save_calibration(calibration, args.calibration)
    if args.json:
        print_json({"calibration": str(path), "step": args.step, "done": done, "notes": notes})
    else:
        print(said("calibrate.done", path=str(path), done=done))
        for note in notes:
            print(said("calibrate.note", note=note))
    return 0


def _open(args: argparse.Namespace) -> tuple[Calibration, Layout]:
    from companion.cli.read_board import same_layout
    from companion.vision.calibration import Calibration, load_calibration

    if Path(args.calibration).exists():
        calibration = load_calibration(args.calibration)
        if args.layout and not same_layout(args.layout, calibration.layout):
            raise CompanionError(
                text(
                    "calibrate.other_layout",
                    path=args.calibration,
                    layout=repr(calibration.layout),
                    asked=repr(args.layout),
                )
            )
    else:
        calibration = Calibration(layout=args.layout or "gravitation")
    return calibration, load_layout(calibration.layout)


def _swap(args: argparse.Namespace) -> int:
    """``restore`` swaps the file and its backup; ``reset`` moves the file to the backup."""
    from companion.vision.calibration import backup_path, reset_calibration, restore_calibration

    if args.step == "restore":
        path = restore_calibration(args.calibration)
        done = said("calibrate.done.restore", backup=str(backup_path(path)))
    else:
        kept = reset_calibration(args.calibration)
        done = said("calibrate.done.reset", kept=str(kept))
    if args.json:
        print_json({"calibration": str(args.calibration), "step": args.step, "done": done})
    else:
        print(said("calibrate.done", path=str(args.calibration), done=done))
    return 0


def _target(args: argparse.Namespace) -> int:
    import cv2

    from companion.vision.charuco import CHARUCO_SQUARE_MM, CHARUCO_SQUARES, charuco_image

    if not args.px_per_mm > 0:
        raise CompanionError(text("calibrate.px_positive"))
    if not args.px_per_mm <= 40:  # 1,000 dpi; 1e5 asked OpenCV for terabytes
        raise CompanionError(text("calibrate.px_too_fine", value=number(args.px_per_mm)))
    path = Path(args.output)
    if path.suffix.lower() not in ("", ".png", ".jpg", ".jpeg"):
        raise CompanionError(text("calibrate.target_format", path=str(path)))
    ok, data = cv2.imencode(path.suffix or ".png", charuco_image(args.px_per_mm))
    if not ok:
        raise CompanionError(text("calibrate.target_unwritten", path=str(path)))
    path.write_bytes(data.tobytes())
    w, h = CHARUCO_SQUARES
    size = {"width": number(w * CHARUCO_SQUARE_MM), "height": number(h * CHARUCO_SQUARE_MM)}
    dpi = f"{args.px_per_mm * 25.4:.0f}"
    print(
        said("calibrate.done.target", path=str(path), dpi=dpi, mm=number(CHARUCO_SQUARE_MM), **size)
    )
    return 0


def _corners(points: list[str], layout: Layout, fields: list[str] | None) -> ManualCorners:
    import numpy as np

    from companion.vision.calibration import manual_corners

    return manual_corners(np.array([_point(p, "--points") for p in points]), layout, fields)


def _beyond(layout: Layout, corners: ManualCorners | None) -> list[str]:
    """A note where fields lie outside the four points given (none otherwise)."""
    from companion.vision.calibration import beyond_note

    note = beyond_note(layout, corners) if corners is not None else None
    return [] if note is None else [note]


def _fit_colours(
    layout: Layout,
    calibration: Calibration,
    photos: list[tuple[Image, dict[str, str]]],
    names: list[str],
    notes: list[str],
) -> Calibration:
    """The colours fitted (companion.vision.colourfit), or its refusal. On a board located
    by four points whose fields lie the same way turned (a club's grid: its corners look
    alike), the points may be in the wrong order and the board read turned (new-user
    trial s9: only "r2c6 sollte aussehen wie … liegt dort eine Hand?"). Where the fit
    refuses photos that contradict each other, or reads fields of the known photos
    otherwise than they are said to be (a light piece on a light board contradicts
    nothing), and a turn of the points' order reads them better, the refusal says so
    with the order to give; nothing is saved."""
    from companion.vision.colourfit import fit_colours

    try:
        fitted = fit_colours(layout, calibration, photos, names, notes)
    except CompanionError as exc:
        why = message(exc)
        points = None
        if getattr(why, "key", None) == "cal.contradiction":
            points = _turned(layout, calibration, photos, names, None)
        if points is None:
            raise
        raise CompanionError(text("calibrate.corners_turned", reason=why, points=points)) from None
    if calibration.corners is None or not any(truth for _, truth in photos):
        return fitted
    if not _turns(layout):  # a board that lies otherwise turned: no order to doubt
        return fitted
    wrong = _misread(layout, fitted, photos)
    points = _turned(layout, calibration, photos, names, wrong) if wrong else None
    if points is not None:
        why = text("calibrate.misread", count=wrong)
        raise CompanionError(text("calibrate.corners_turned", reason=why, points=points))
    return fitted


def _turned(
    layout: Layout,
    calibration: Calibration,
    photos: list[tuple[Image, dict[str, str]]],
    names: list[str],
    than: int | None,
) -> str | None:
    """The calibration's four points in the turned order whose fit reads every field of
    the known ``photos`` as said (and so fewer than ``than``, where given), as
    ``--points`` takes them; None where none does, or two do alike (the photos cannot
    tell them apart). A turn that only reads better is not named: on a board that looks
    the same turned, a piece set where the file does not say looks like turned corners
    (review s9b), and the refusal says that too."""
    import numpy as np

    from companion.vision.calibration import ManualCorners
    from companion.vision.colourfit import fit_colours

    corners = calibration.corners
    if corners is None:
        return None
    misread: dict[int, int] = {}  # turn → the fields its fit reads not as said
    for turn in _turns(layout):
        px = np.roll(corners.image_px, -turn, axis=0)
        turned = calibration.with_(corners=ManualCorners(corners.board_mm, px))
        try:
            fitted = fit_colours(layout, turned, photos, names, [])
        except CompanionError:
            continue
        misread[turn] = _misread(layout, fitted, photos)
    best = sorted(misread, key=misread.__getitem__)
    if not best or (len(best) > 1 and misread[best[0]] == misread[best[1]]):
        return None
    if misread[best[0]] or (than is not None and misread[best[0]] >= than):
        return None  # only a turn that reads every known field as said is named (review s9b)
    px = np.roll(corners.image_px, -best[0], axis=0)
    return " ".join(f"{x:g},{y:g}" for x, y in px)


def _misread(
    layout: Layout, fitted: Calibration, photos: list[tuple[Image, dict[str, str]]]
) -> int:
    """How many fields of the known ``photos`` the ``fitted`` calibration reads otherwise
    than they are said to be: of two turns that both fit, a light piece on a light board
    (too alike to contradict) still tells the right one."""
    from companion.vision.board.reader import BoardReader

    reader = BoardReader(layout, fitted.profiles, fitted.intrinsics, fitted.manual)
    wrong = 0
    for image, truth in photos:
        seen = reader.read(image).fields
        wrong += sum(seen.get(f) != truth.get(f) for f in set(seen) | set(truth))
    return wrong


def _turns(layout: Layout) -> list[int]:
    """The quarter turns (1-3) that lay every field of ``layout`` on a field (within a
    millimetre): the turns under which four points clicked in the wrong order still
    find a board, and only there may the board have been read turned."""
    import numpy as np

    at = np.array([[f.x, f.y] for f in layout.fields.values()])
    found = []
    for turn in (1, 2, 3):
        if turn != 2 and abs(layout.width - layout.height) > 1:
            continue
        turned = at
        for _ in range(turn):
            turned = np.column_stack([-turned[:, 1], turned[:, 0]])
        nearest = np.abs(turned[:, None, :] - at[None, :, :]).max(axis=2).min(axis=1)
        if len(at) and float(nearest.max()) <= 1.0:
            found.append(turn)
    return found


def _point(text: str, option: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise CompanionError(said("calibrate.not_point", option=option, value=repr(text))) from None
    return x, y


def _tray(
    args: argparse.Namespace, calibration: Calibration, notes: list[str]
) -> tuple[Tray | None, str]:
    """The tray of ``--box`` on the photo (or none with ``--clear``), and what it reads
    there: the user sees at once whether the box holds the dice and leaves out the rest."""
    from companion.imagecheck import read_image
    from companion.vision.dice.reader import read_dice
    from companion.vision.dice.tray import Tray, parse_box

    if args.clear:
        if args.photo or args.box:
            raise CompanionError(text("calibrate.clear_alone"))
        return None, said("calibrate.done.no_tray")
    if not (args.photo and args.box):
        raise CompanionError(text("calibrate.tray_needs"))
    box = parse_box(args.box)
    image = read_image(args.photo)
    height, width = image.shape[:2]
    try:
        tray = Tray.of_box(box, width, height)
    except CompanionError as exc:
        raise CompanionError(f"{args.photo}: {message(exc)}") from None
    profiles = calibration.dice_profiles
    inside = read_dice(image, profiles=profiles, tray=tray)
    x0, y0, x1, y1 = box
    outside = [
        d
        for d in read_dice(image, profiles=profiles).dice
        if not (x0 <= d.x < x1 and y0 <= d.y < y1)
    ]
    values = " ".join(str(v) for v in inside.values)
    read = {"inside": len(inside.dice), "values": f" ({values})" if values else ""}
    done = said("calibrate.done.tray", tray=str(tray), outside=len(outside), **read)
    if not inside.dice:
        notes.append(said("calibrate.tray_empty"))
    camera = calibration.camera
    if camera and abs(width / height - camera.intrinsics.width / camera.intrinsics.height) > 0.01:
        size = f"{camera.intrinsics.width}x{camera.intrinsics.height}"
        notes.append(said("calibrate.tray_size", size=f"{width}x{height}", camera=size))
    return tray, done


def _colour_photos(
    args: argparse.Namespace, layout: Layout
) -> tuple[list[tuple[Image, dict[str, str]]], list[str]]:
    """The known photos and their labels for messages ("start.jpg (start position)")."""
    from companion.imagecheck import read_image
    from companion.vision.colourfit import load_placement, start_placement

    photos: list[tuple[Image, dict[str, str]]] = []
    names: list[str] = []
    if args.empty:
        photos.append((read_image(args.empty), {}))
        names.append(said("calibrate.photo.empty", photo=args.empty))
    if args.start:
        players = players_from(args.players)
        photos.append((read_image(args.start), start_placement(layout, players)))
        names.append(said("calibrate.photo.start", photo=args.start))
    for photo, position in args.position:
        if not args.layout:
            _on_board(position, layout)
        photos.append((read_image(photo), load_placement(position, layout)))
        names.append(f"{photo} ({position})")
    if not photos:
        raise CompanionError(text("calibrate.no_photos"))
    return photos, names


def _on_board(path: str, layout: Layout) -> None:
    """Without --layout, a board file naming a field that the calibration's layout (by
    default Gravitation) lacks is a board of the club's own: say that --layout is missing
    (new-user trial s8: "layout 'gravitation' has no field 'r3c3'")."""
    try:
        data = json.loads(read_text(path, "position"))
    except (OSError, UnicodeDecodeError, ValueError, CompanionError):
        return  # load_placement says what is wrong with it
    fields = data.get("fields") if isinstance(data, dict) else None
    missing = next((f for f in fields if f not in layout.fields), None) if fields else None
    if isinstance(fields, dict) and missing is not None:
        said = {"path": path, "layout": repr(layout.name), "field": repr(missing)}
        raise CompanionError(text("calibrate.layout_missing", **said))


def _show(args: argparse.Namespace) -> int:
    from companion.vision.calibration import load_calibration

    calibration = load_calibration(args.calibration)
    if args.json:
        print_json(calibration.to_json())
        return 0
    name, layout = repr(calibration.name), repr(calibration.layout)
    print(said("calibrate.show.head", path=str(args.calibration), name=name, layout=layout))
    if calibration.camera:
        cam = calibration.camera
        m, d = cam.intrinsics.matrix, cam.intrinsics.distortion
        lens = {"f": f"{m[0, 0]:.0f}", "k1": number(d[0], "+.3f"), "rms": number(cam.rms_px, ".2f")}
        size = f"{cam.intrinsics.width}x{cam.intrinsics.height}"
        print(said("calibrate.show.camera", size=size, images=cam.images, **lens))
    else:  # without markers (four points) no lens is guessed: locate.py's _from_points
        print(
            said(
                "calibrate.show.no_camera_corners"
                if calibration.corners
                else "calibrate.show.no_camera"
            )
        )
    print(said("calibrate.show.corners" if calibration.corners else "calibrate.show.markers"))
    profiles = calibration.profiles
    if profiles:
        print(said("calibrate.show.colours", colours=colours(profiles.colours)))
        print(_hand_tests(args.calibration, calibration))
    else:
        print(said("calibrate.show.default_colours"))
    dice = sorted(calibration.dice)
    print(said("calibrate.show.dice", dice=dice) if dice else said("calibrate.show.no_dice"))
    tray = calibration.tray
    print(said("calibrate.show.tray", tray=str(tray)) if tray else said("calibrate.show.no_tray"))
    return 0


def _hand_tests(path: str, calibration: Calibration) -> str:
    """Whether the reader can run every hand test with ``calibration``: a file an older
    version made says what is off and what to do (vision/board/outdated.py)."""
    from companion.vision.calibration import board_reader, outdated

    try:
        reader = board_reader(load_layout(calibration.layout), calibration)
    except CompanionError as exc:  # the layout moved away: the file is still shown
        return text("calibrate.show.hand_unchecked", why=message(exc))
    off = outdated(reader)
    return text("calibrate.show.hand_tests") if off is None else "  " + off


def _check(args: argparse.Namespace) -> int:
    import cv2

    from companion.cli.read_board import describe, make_reader
    from companion.imagecheck import read_image

    reader = make_reader(args.layout, args.calibration)
    image = read_image(args.photo)
    read = reader.read(image)
    if args.output:
        cv2.imwrite(str(args.output), preview(image, reader, read))
    if args.json:
        print_json(read.to_json(args.photo))
    else:
        print(describe(args.photo, read))
    return 0


def preview(image: Image, reader: BoardReader, read: BoardRead) -> Image:
    """The photo with the markers found and every field's disc as read (vision/overlay.py)."""
    from companion.vision import overlay

    out = image.copy()
    location = reader.locator.locate(image)
    if location is not None and read.found:
        overlay.draw_board(out, read, location, reader)
    return out
