"""Reading a file the user names, with a bound on its size.

A position, a layout, a calibration or a config is a few kilobytes; a path that names
something else (``/dev/zero``, a video, a disk image) must be refused, not read until
memory runs out. :func:`read_text` refuses a file of more than :data:`MOST_BYTES` before
it reads it whole: a regular file by its size, anything else (a device, a pipe, stdin)
by reading one byte more than the bound.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import IO

from companion.errors import CompanionError, Words, worded, words

#: The most a file the user names may hold (a position of five players is about 2 KB).
MOST_BYTES = 1_000_000


class TooLarge(CompanionError):
    """A file over :data:`MOST_BYTES`; it was not read."""


def read_text(path: str | Path, what: str = "file", most: int = MOST_BYTES) -> str:
    """The text of ``path`` (UTF-8), or :class:`TooLarge` for more than ``most`` bytes.
    OSError and UnicodeDecodeError are the caller's to word."""
    with open(path, "rb") as file:
        info = os.fstat(file.fileno())
        if stat.S_ISREG(info.st_mode) and info.st_size > most:
            raise worded(TooLarge, too_large(path, what, most, info.st_size))
        return read_stream(file, str(path), what, most)


def read_stream(file: IO[bytes], name: str, what: str = "input", most: int = MOST_BYTES) -> str:
    """At most ``most`` bytes of an open binary stream as UTF-8 text (stdin, a device)."""
    data = file.read(most + 1)
    if len(data) > most:
        raise worded(TooLarge, too_large(name, what, most))
    return data.decode("utf-8")


def read_stdin(what: str = "input", most: int = MOST_BYTES) -> str:
    """Standard input, at most ``most`` bytes of it (a text stream without a binary
    buffer, as tests give, is read as text with the same bound in characters). Bytes
    that are not UTF-8 are a CompanionError (review s9: "internal error", exit 3)."""
    binary = getattr(sys.stdin, "buffer", None)
    if binary is not None:
        try:
            return read_stream(binary, "stdin", what, most)
        except UnicodeDecodeError:  # one line, exit 2, as the same bytes in a file get
            raise worded(CompanionError, words("file.stdin_not_utf8", _NOT_UTF8)) from None
    text = str(sys.stdin.read(most + 1))
    if len(text) > most:
        raise worded(TooLarge, too_large("stdin", what, most))
    return text


def too_large(name: str | Path, what: str, most: int, size: int | None = None) -> Words:
    """Why a file was not read, as a sentence of the catalogue (companion/texts/rules.py):
    said in the players' language where the edge words it."""
    kind = words(f"file.kind.{what}", what)
    held = {"name": str(name), "what": kind, "most": f"{most:,}"}
    if size is None:
        return words("file.too_large_stream", _STREAM, **held)
    return words("file.too_large", _SIZED, size=f"{size:,}", **held)


_NOT_UTF8 = "stdin: not UTF-8 text"
_SIZED = "{name}: too large for a {what} ({size} bytes; the most read is {most})"
_STREAM = "{name}: too large for a {what} (more than {most} bytes; the most read is {most})"
