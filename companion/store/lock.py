"""One server per data directory: a second ``companion serve`` on the same folder would
append to the same game and split it, so the first holds the folder (``fcntl.flock``)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

from companion.store.journalcheck import JournalError


def hold_data_dir(folder: Path) -> IO[str]:
    """Hold the data directory for this process (``fcntl.flock``; released at exit).

    A second ``companion serve`` on the same folder would append to the same game and
    split it; it is refused with one line naming the one that holds it.
    """
    path = folder / "companion.lock"
    try:
        handle = open(path, "a+", encoding="ascii")  # noqa: SIM115 - held until exit
    except OSError as exc:
        raise JournalError(f"{path}: cannot lock the data directory: {exc.strerror}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "?"
        handle.close()
        raise JournalError(
            f"{folder}: in use by another companion serve (pid {holder}); stop it first "
            "(sudo systemctl stop companion), or give this one another data_dir"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle
