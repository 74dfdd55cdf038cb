"""Reading a photo file: one reader for every command and the replay camera, whose
errors are one line naming the file and what is wrong with it.

:func:`read_image` refuses a missing, empty, truncated or corrupt file, and a picture
too large to be a photo: its size is read from the header so that a decompression bomb
is refused before it is decoded.

A 1.7 MB PNG can say it is 24,000 x 24,000 pixels: decoded, 1.7 GB of BGR and more for
the reader's copies (4 GB measured). The camera's photos have at most 12 megapixels, a
phone's 50; :data:`MAX_PIXELS` refuses more. PNG and JPEG (the formats the companion
writes and reads) are measured here from their headers; for any other format OpenCV's own
``OPENCV_IO_MAX_IMAGE_PIXELS`` (set to the same bound by the command line) refuses it.

The errors carry their sentence's id and values (:class:`~companion.errors.Words`; this
module is on the ground floor and may not import the texts): the command line and the
page say them in the players' language.
"""

from __future__ import annotations

import errno
import os
import struct
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import CompanionError, Words, worded, words

if TYPE_CHECKING:  # numpy and OpenCV are imported where a photo is read, not before
    import numpy as np
    import numpy.typing as npt

#: The most pixels a photo may have: 50 megapixels.
MAX_PIXELS = 50_000_000

_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def header_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG or JPEG header, None for other or broken data."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if data[:2] != b"\xff\xd8":
        return None
    at = 2
    while at + 9 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        length = struct.unpack(">H", data[at + 2 : at + 4])[0]
        if marker in _SOF:
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return int(width), int(height)
        at += 2 + length
    return None


def check_image_size(data: bytes, source: str) -> None:
    """Refuse, in one line naming ``source``, a picture of more than :data:`MAX_PIXELS`."""
    size = header_size(data)
    if size is None:
        return
    width, height = size
    if width * height > MAX_PIXELS:
        raise worded(
            CompanionError,
            words(
                "image.too_large",
                "{path}: {width}x{height} pixels ({mega} megapixels) is more than a photo "
                "has; at most {most} megapixels are read",
                path=source,
                width=width,
                height=height,
                mega=f"{width * height / 1e6:.0f}",
                most=MAX_PIXELS // 1_000_000,
            ),
        )


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """Silence file descriptor 2 for the duration: libjpeg and libpng write their warnings
    ("Corrupt JPEG data: …") there themselves, and the error is said in one line."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def read_image(path: str | Path) -> npt.NDArray[np.uint8]:
    """A photo from a file as BGR; a missing, empty, truncated or corrupt file, or one of
    more than :data:`MAX_PIXELS`, is a one-line error naming the file.

    A truncated JPEG is refused rather than read: OpenCV would decode its first rows and
    fill the rest with grey, and a reader would then see the board or the dice wrongly.
    """
    import cv2
    import numpy as np

    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        said = words(
            "image.unread", "{path}: cannot read the image ({why})", path=str(path), why=why(exc)
        )
        raise worded(CompanionError, said) from None
    if not data:
        raise worded(
            CompanionError, words("image.empty", "{path}: empty file, not an image", path=str(path))
        )
    check_image_size(data, str(path))
    if data[:2] == b"\xff\xd8" and data.rfind(b"\xff\xd9") < 0:
        said = words("image.cut", "{path}: truncated JPEG (no end-of-image marker)", path=str(path))
        raise worded(CompanionError, said)
    with quiet_stderr():  # libjpeg's and libpng's warnings: the error is one line
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        said = words(
            "image.unreadable",
            "{path}: not a readable image (corrupt or not JPEG/PNG)",
            path=str(path),
        )
        raise worded(CompanionError, said)
    return np.asarray(image, np.uint8)


#: The reasons a file cannot be read that the players' words name (companion/texts).
_REASONS = {
    errno.ENOENT: ("file.missing", "No such file or directory"),
    errno.EACCES: ("file.denied", "Permission denied"),
    errno.EISDIR: ("file.folder", "Is a directory"),
}


def why(exc: OSError) -> Words | str:
    """Why a file cannot be read: a common reason (missing, not allowed, a folder) as
    Words, any other as the system says it."""
    if exc.errno in _REASONS:
        key, english = _REASONS[exc.errno]
        return words(key, english)
    return exc.strerror or str(exc)
