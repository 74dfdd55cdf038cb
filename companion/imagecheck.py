"""A photo file's size read from its header, so that a decompression bomb is refused
before it is decoded.

A 1.7 MB PNG can say it is 24,000 x 24,000 pixels: decoded, 1.7 GB of BGR and more for
the reader's copies (4 GB measured). The camera's photos have at most 12 megapixels, a
phone's 50; :data:`MAX_PIXELS` refuses more. PNG and JPEG (the formats the companion
writes and reads) are measured here from their headers; for any other format OpenCV's own
``OPENCV_IO_MAX_IMAGE_PIXELS`` (set to the same bound by the command line) refuses it.
"""

from __future__ import annotations

import os
import struct
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from companion.errors import CompanionError

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
        raise CompanionError(
            f"{source}: {width}x{height} pixels ({width * height / 1e6:.0f} megapixels) is "
            f"more than a photo has; at most {MAX_PIXELS // 1_000_000} megapixels are read"
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
