"""The calibration page's corners of a board without markers (companion/web/calibrate.py).

The referee types or taps the board's four corners on the page's camera picture; they are
taken in that picture's pixels (at most 960 px wide) and scaled to the frame's, where the
reader looks (trial s13 M2: points read off the picture were taken as the 1280 px frame's),
saved to the calibration file, and read with from the next frame on, without a restart.
"""

from __future__ import annotations

import numpy as np
from flask import current_app, flash, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from companion.errors import CompanionError
from companion.table.live import view_scale
from companion.texts import text
from companion.vision.calibration import (
    Calibration,
    beyond_note,
    manual_corners,
    save_calibration,
)
from companion.web.calibrate import CORNERS, _current, _live, _page, _path, _read_with, calibrate
from companion.web.i18n import say, t


@calibrate.post("/calibrate/corners")
def corners() -> tuple[str, int] | BaseResponse:
    """Save a board's four corners, typed or clicked in the pixels of the page's camera
    picture (``p0`` … ``p3``, "X,Y"; ``fields``: four fields whose centres they are,
    else the board's own corners), scaled to the frame's pixels; the calibration file
    keeps everything else, and the camera reads with them from the next frame on."""
    path = _path()
    if path is None:
        return _page(t("cal_no_file"), 409)
    calibration, problem = _current()
    if problem:
        return _page(problem, 409)
    live = _live()
    frame = live.frame() if live is not None else None
    if live is None or frame is None:
        return _page(t("cal_no_camera"), 409)
    layout = current_app.config["TABLE"].position.layout
    scale = view_scale(frame.shape[1])
    fields = request.form.get("fields", "").split() or None
    try:
        points = [_point(request.form.get(name, "")) for name in CORNERS]
        if fields is not None and len(fields) != len(CORNERS):
            raise ValueError(fields)
        found = manual_corners(np.array(points) / scale, layout, fields)
    except (ValueError, KeyError, CompanionError):
        return _page(t("cal_corners_bad"), 400)
    saved = (calibration or Calibration(layout=layout.name)).with_(corners=found)
    try:
        save_calibration(saved, path)
    except OSError as exc:
        return _page(say(text("cal.cannot_write", path=path, why=exc.strerror)), 500)
    _read_with(live, layout, saved)
    flash(t("cal_corners_saved"))
    note = beyond_note(layout, found)
    if note is not None:  # new-user trial s13 L1: a home outside four track fields
        flash(say(note))
    return redirect(url_for("calibrate.page"))


def _point(said: str) -> tuple[float, float]:
    """ "X,Y" (or "X Y") as two numbers; ValueError where it is not."""
    x, y = (float(v) for v in said.replace(",", " ").split())
    return x, y
