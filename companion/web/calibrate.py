"""The calibration page: the camera view with what is read drawn on it, and colour capture.

The referee (PIN) captures the camera's current frame of the empty board and of the
start position (every piece on its station), and, where the start teaches no colour
(TENET's heap), of a known position with one piece of each colour on a field the page
names; then fits the colour profiles. The fit is
the same as ``companion calibrate colours`` (:func:`companion.vision.colourfit.fit_colours`),
with its checks: photos that contradict each other are refused with a one-line reason
and nothing is saved. An "empty board" in which the colours in use see pieces is refused
when they were measured on this board and sure of a piece; otherwise it is captured
and the players are asked whether the board is really empty (the default colours of a
look never calibrated cannot tell). Saving needs every photo. A good fit is saved to the
calibration file in the config's data directory and the camera reads with it from the
next frame on (the board with its colours, the dice within the file's tray and with its
dice colours); the calibration it replaced is kept and can be restored, and "reset" goes
back to the default colours (both restorable). On the synthetic camera a capture
photographs what it is said to show: the empty board, the start, or the known position.
A board without markers (a club's own) is found by its four corners: the referee types
or clicks them on the camera's picture, whose pixels the page scales to the frame's
(the picture is at most 960 px wide, the frame 1280 or more), and the camera reads with
them from the next frame on, without a restart (trial s13 H1, M2).
The referee also sets the dice tray here (its edges in % of the picture; ``companion
calibrate tray`` sets it from a photo's pixels): dice are then read only there, from the
next frame on.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response as BaseResponse

from companion.errors import CompanionError
from companion.games import GAMES
from companion.model.layout import Layout
from companion.model.position import Position, start_position
from companion.table.live import Live, view_scale
from companion.table.watch import Image
from companion.texts import Joined, Text, colour, field, message, number, text
from companion.vision.calibration import (
    Calibration,
    backup_path,
    board_reader,
    dice_setup,
    load_calibration,
    outdated,
    reset_calibration,
    restore_calibration,
    save_calibration,
)
from companion.vision.colourfit import (
    PILE,
    doubt_empty,
    fit_colours,
    known_placement,
)
from companion.vision.dice.tray import Tray
from companion.web.i18n import say, t

calibrate = Blueprint("calibrate", __name__)

#: What each captured photo is said to show, in the order they are fitted ("known" only
#: where the start teaches no colour: :func:`kinds`).
KINDS = ("empty", "start", "known")
#: The dice tray's form fields: its edges in % of the camera's picture.
TRAY_EDGES = ("left", "top", "right", "bottom")
#: The corners' form fields: the board's top-left, top-right, bottom-right, bottom-left
#: (or the four fields named), each "X,Y" in the pixels of the page's camera picture.
CORNERS = ("p0", "p1", "p2", "p3")


class Captures:
    """The frames the referee captured for the colour fit (one of each kind, in memory)."""

    def __init__(self) -> None:
        self.photos: dict[str, Image] = {}
        self.lock = threading.Lock()


def start_of_table(position: Position) -> Position:
    """The start of the game ``position`` plays, on its board, every colour of the board
    playing: what the start photo shows. Also on a club's own measured board
    (`serve --layout club.json`), whose name no game's start knows
    (:func:`companion.vision.colourfit.start_of`; the page answered 500 there, review s9)."""
    spec = GAMES[position.game]
    layout = position.layout
    return start_position(position.game, layout.colours[: spec.max_players], layout)


def kinds(start: Position) -> tuple[str, ...]:
    """The photos this board's fit needs: the empty board and the ``start``; and where the
    start teaches no piece's colour (TENET: every ball waits in the start heap, a pile the
    camera never compares), a known position with one piece of each colour on a field the
    page names (:func:`known_position`), so that the page teaches the colours too."""
    if any(c != PILE for c in known_placement(start).values()):
        return KINDS[:2]
    return KINDS


def known_position(start: Position) -> Position:
    """The ``start`` with one piece of each colour moved onto a field of its own: fields
    of the board's most common kind (TENET's circles), spread over it; the other pieces
    stay where they start. The same board every time, so the page can name its fields.
    The players take these pieces from the box: a colour it lacks leaves its field bare,
    and the fit keeps that colour as it was (``from_box`` of :func:`fit_colours`)."""
    layout = start.layout
    colours = list(dict.fromkeys(c for _, c in start.placement))
    seen = [f for f in layout if f.id not in start.spec.unseen]
    kind = Counter(f.kind for f in seen).most_common(1)[0][0]
    track = [f.id for f in seen if f.kind == kind]
    step = max(1, len(track) // len(colours))
    spot = {c: track[(i * step) % len(track)] for i, c in enumerate(colours)}
    placement, moved = [], set()
    for fid, piece in start.placement:
        if piece in moved:
            placement.append((fid, piece))
        else:
            placement.append((spot[piece], piece))
            moved.add(piece)
    return replace(start, placement=tuple(placement))


def known_fields(start: Position) -> str:
    """Where the known position's pieces lie, as the page says it ("Rot auf K1.0; …")."""
    before, known = dict(start.placement), known_position(start).placement
    said = [
        text("board.will_hold", field=field(f), want=colour(c)) for f, c in known if f not in before
    ]
    return text("cal.known_fields", fields=Joined(said, "; "))


def _captures() -> Captures:
    captures: Captures = current_app.extensions.setdefault("companion_captures", Captures())
    return captures


def _start() -> Position:
    """The start of the game the table plays, on the board in play."""
    return start_of_table(current_app.config["TABLE"].position)


def start_kind(start: Position) -> str:
    """Where the start position's pieces stand, as the page says it: "home" (the race
    game's houses), "station" (the ZwiAner boards), else "" (said for every game). New-user
    trial s10 (L6) read "jeder Stein auf seiner Station" on the race game."""
    kinds = {start.layout.field(f).kind for f, _ in start.placement}
    return kinds.pop() if len(kinds) == 1 and kinds <= {"home", "station"} else ""


def _live() -> Live | None:
    live: Live | None = current_app.config.get("LIVE")
    return live


def _path() -> Path | None:
    """The calibration file of the board in play: one per layout in ``CALIBRATION_DIR``."""
    folder = current_app.config.get("CALIBRATION_DIR")
    layout = current_app.config["TABLE"].position.layout
    return Path(folder) / f"{layout.name}.json" if folder else None


def _current() -> tuple[Calibration | None, str]:
    """The saved calibration, or None, and a one-line problem with the file if any."""
    path = _path()
    if path is None or not path.exists():
        return None, ""
    try:
        return load_calibration(path), ""
    except CompanionError as exc:
        return None, say(message(exc))


def _page(error: str = "", status: int = 200) -> tuple[str, int]:
    calibration, problem = _current()
    start = _start()
    needed = kinds(start)
    with _captures().lock:
        captured = [k for k in needed if k in _captures().photos]
    tray = calibration.tray if calibration else None
    percent = tray.to_json() if tray else [0.0, 0.0, 1.0, 1.0]
    live = _live()
    frame = live.frame() if live is not None else None
    return render_template(
        "calibrate.html",
        markers=bool(_start().layout.markers),
        corner_fields=CORNERS,
        sizes=_sizes(frame),
        tray_edges=TRAY_EDGES,
        tray_percent=[f"{100 * v:g}" for v in percent],  # the form's values, typed with "."
        tray_said=[number(100 * v) for v in percent],  # the sentence's: "12,5" in German
        live=_live(),
        path=_path(),
        calibration=calibration,
        problem=problem,
        captured=captured,
        kinds=needed,
        start_kind=start_kind(start),
        known_fields=known_fields(start) if "known" in needed else "",
        error=error,
        backup=_path() is not None and backup_path(_path() or "").exists(),
        outdated=_outdated(),
    ), status


def _sizes(frame: Image | None) -> dict[str, int] | None:
    """The camera picture's width and height and the frame's (None: no frame yet)."""
    if frame is None:
        return None
    height, width = frame.shape[:2]
    scale = view_scale(width)
    return {
        "view_width": round(width * scale),
        "view_height": round(height * scale),
        "width": width,
        "height": height,
    }


def _outdated() -> str:
    """What the calibration the camera reads with cannot check, because an older version
    made it, with what to do (vision/board/outdated.py); "" when every hand test runs or
    no camera reads or its reader is still being built (the page answers at once, and
    says it once the reader is there). Asked of the reader in use, which knows the
    layout's points (to work them out again would draw the board for a second at every
    page)."""
    live = _live()
    if live is None:
        return ""
    reader = live.watcher.board.reader
    if not getattr(reader, "ready", True):  # still being built (cli/serve.py): not waited for
        return ""
    try:
        said = outdated(reader)
    except CompanionError:  # the reader could not be built: the camera loop logs why
        return ""
    return "" if said is None else say(said)


@calibrate.get("/calibrate")
def page() -> tuple[str, int]:
    return _page()


@calibrate.post("/calibrate/capture")
def capture() -> tuple[str, int] | BaseResponse:
    """Keep the camera's current frame as the photo of the empty board or of the start."""
    kind = request.form.get("kind", "")
    layout, start = current_app.config["TABLE"].position.layout, _start()
    if kind not in kinds(start):
        return _page(t("cal_bad_kind"), 400)
    live = _live()
    frame = _snapshot(live, kind, start)
    if live is None or frame is None:
        return _page(t("cal_no_camera"), 409)
    calibration, _ = _current()
    reader = board_reader(layout, calibration)
    question = ""
    try:
        found = reader.locator.locate(frame)
        if found is not None and kind == "empty":
            measured = calibration is not None and calibration.profiles is not None
            question = doubt_empty(reader, frame, t("cal_empty"), measured)
    except CompanionError as exc:  # the frame size is not the calibrated one; pieces on it
        return _page(say(message(exc)), 409)
    if found is None:
        return _page(t("cal_no_board"), 409)
    with _captures().lock:
        _captures().photos[kind] = frame.copy()
    flash(t(f"cal_captured_{kind}"))
    if question:  # colours never measured on this board cannot tell: the players can
        flash(say(question))
    return redirect(url_for("calibrate.page"))


def _snapshot(live: Live | None, kind: str, start: Position) -> Image | None:
    """The frame to keep: the camera's latest, or on the synthetic camera a photo of what
    the capture is said to show (it has no real board to clear or set up)."""
    if live is None:
        return None
    if live.photographer is not None:
        shown: Layout | Position = start.layout
        if kind != "empty":
            shown = start if kind == "start" else known_position(start)
        return live.photographer.photo(shown)
    return live.frame()


@calibrate.get("/calibrate/photo/<kind>.jpg")
def photo(kind: str) -> Response:
    """A captured photo, at most 480 px wide, to check it shows what it should."""
    with _captures().lock:
        image = _captures().photos.get(kind)
    if image is None:
        abort(404, "err_no_photo")
    scale = min(1.0, 480 / image.shape[1])
    small = np.ascontiguousarray(cv2.resize(image, None, fx=scale, fy=scale), np.uint8)
    ok, data = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 80])
    if not ok:
        abort(500)
    return Response(data.tobytes(), mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@calibrate.post("/calibrate/save")
def save() -> tuple[str, int] | BaseResponse:
    """Fit the colours on the captured photos, check them, save, and read with them."""
    path = _path()
    if path is None:
        return _page(t("cal_no_file"), 409)
    layout, start = current_app.config["TABLE"].position.layout, _start()
    with _captures().lock:
        photos = dict(_captures().photos)
    if not set(kinds(start)) <= set(photos):  # one photo alone fits pieces into the board
        return _page(t("cal_nothing_known" if "known" in kinds(start) else "cal_nothing"), 409)
    calibration, problem = _current()
    if problem:
        return _page(problem, 409)
    base = calibration or Calibration(layout=layout.name)
    known = {"empty": {}, "start": known_placement(start)}
    if "known" in photos:
        known["known"] = known_placement(known_position(start))
    taken = [k for k in kinds(start) if k in photos]
    notes: list[str] = []
    try:
        fitted = fit_colours(
            layout,
            base,
            [(photos[k], known[k]) for k in taken],
            [t(f"cal_{k}") for k in taken],
            notes,
            from_box=tuple(n for n, k in enumerate(taken) if k == "known"),
        )
        save_calibration(fitted, path)
    except CompanionError as exc:
        return _page(say(message(exc)), 400)
    except OSError as exc:
        return _page(say(text("cal.cannot_write", path=path, why=exc.strerror)), 500)
    live = _live()
    if live is not None:
        _read_with(live, layout, fitted)
    with _captures().lock:
        _captures().photos.clear()
    flash(t("cal_saved"))
    for note in notes:  # what it learnt but cannot tell apart: the referee should know
        flash(say(_on_the_page(note)))
    return redirect(url_for("calibrate.page"))


def _on_the_page(note: str) -> str:
    """A note of the fit as the page says it: the page has no second known photo nor a
    'calibrate check', so "too close to tell apart" points at the camera view instead
    of the command line (a new user's trial: a CLI command on a phone page)."""
    if isinstance(note, Text) and note.key in ("cal.alike", "cal.like_board"):
        return text(f"{note.key}_page", **note.fields)
    return note


@calibrate.post("/calibrate/tray")
def tray() -> tuple[str, int] | BaseResponse:
    """Save the dice tray (its edges in % of the picture), or none with ``do=clear``: the
    calibration file keeps everything else, and the camera reads dice only there from
    the next frame on (the camera view draws it, so the referee sees where it lies)."""
    path = _path()
    if path is None:
        return _page(t("cal_no_file"), 409)
    calibration, problem = _current()
    if problem:
        return _page(problem, 409)
    layout = current_app.config["TABLE"].position.layout
    tray: Tray | None = None
    if request.form.get("do") != "clear":
        try:
            x0, y0, x1, y1 = (float(request.form.get(edge, "")) / 100 for edge in TRAY_EDGES)
            tray = Tray.of(x0, y0, x1, y1)
        except (ValueError, CompanionError):
            return _page(t("cal_tray_bad"), 400)
    saved = (calibration or Calibration(layout=layout.name)).with_(tray=tray)
    try:
        save_calibration(saved, path)
    except OSError as exc:
        return _page(say(text("cal.cannot_write", path=path, why=exc.strerror)), 500)
    live = _live()
    if live is not None:
        _read_with(live, layout, saved)
    flash(t("cal_tray_saved" if tray else "cal_tray_cleared"))
    return redirect(url_for("calibrate.page"))


@calibrate.post("/calibrate/restore")
def restore() -> tuple[str, int] | BaseResponse:
    """The calibration before the last save (or reset) back in use; the current one kept."""
    return _swap(restore_calibration, "cal_restored")


@calibrate.post("/calibrate/reset")
def reset() -> tuple[str, int] | BaseResponse:
    """Back to the default colours; the calibration in use is kept as the backup."""
    return _swap(reset_calibration, "cal_reset_done")


def _swap(change: Callable[[Path], Path], done: str) -> tuple[str, int] | BaseResponse:
    path = _path()
    if path is None:
        return _page(t("cal_no_file"), 409)
    try:
        change(path)
    except CompanionError as exc:
        return _page(say(message(exc)), 409)
    except OSError as exc:
        return _page(f"{path}: {exc.strerror}", 500)
    calibration, problem = _current()
    live = _live()
    if live is not None and not problem:
        _read_with(live, current_app.config["TABLE"].position.layout, calibration)
    flash(t(done))
    return redirect(url_for("calibrate.page"))


def _read_with(live: Live, layout: Layout, calibration: Calibration | None) -> None:
    """The camera reads the board, and the dice within the tray, with ``calibration``
    from the next frame on."""
    live.use_reader(board_reader(layout, calibration))
    live.watcher.use_dice(*dice_setup(calibration))
