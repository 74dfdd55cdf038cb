"""Reading a photo file for the dice reader: one-line errors, no decoder noise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import CompanionError
from companion.imagecheck import check_image_size, quiet_stderr

Image = npt.NDArray[Any]


def load_image(path: str) -> Image:
    """Read a photo as BGR; a missing, empty, truncated or corrupt file is a one-line error.

    The bytes are decoded here rather than by ``cv2.imread`` so that the error can say what
    is wrong, and the decoder's own warnings (libjpeg writes them to the C stderr) are kept
    off the terminal: the command line promises one line per error.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise CompanionError(f"{path}: cannot read the image ({exc.strerror or exc})") from exc
    if not data:
        raise CompanionError(f"{path}: empty file, not an image")
    check_image_size(data, path)  # a decompression bomb is refused before decoding
    if data[:2] == b"\xff\xd8" and data.rfind(b"\xff\xd9") < 0:
        raise CompanionError(f"{path}: truncated JPEG (no end-of-image marker)")
    with quiet_stderr():
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise CompanionError(f"{path}: not a readable image (corrupt or unknown format)")
    out: Image = image
    return out
