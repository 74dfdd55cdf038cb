"""The printed ChArUco target and the camera's intrinsics measured from photos of it.

``companion calibrate camera`` prints the target (``charuco_image``) and fits the lens from
photos of it (``calibrate_camera``); the result is the calibration file's ``camera`` part.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import CompanionError
from companion.texts import text
from companion.vision.board.locate import Intrinsics
from companion.vision.calibration import CameraCalibration

#: The printed ChArUco target: 7 × 5 squares of 30 mm with 22 mm markers (fits on A4),
#: from a marker dictionary the boards do not use, so it is never taken for a board.
CHARUCO_SQUARES = (7, 5)
CHARUCO_SQUARE_MM = 30.0
CHARUCO_MARKER_MM = 22.0
CHARUCO_DICTIONARY = "5X5_50"


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
        raise CompanionError(text("charuco.none"))
    sizes = {(im.shape[1], im.shape[0]) for im in images}
    if len(sizes) != 1:
        raise CompanionError(
            text("charuco.sizes", sizes=", ".join(f"{w}x{h}" for w, h in sorted(sizes)))
        )
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
            text("calibrate.target_seen", found=len(objects), count=len(images), least=min_views)
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
