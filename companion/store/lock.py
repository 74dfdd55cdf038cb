"""One server per data directory: a second ``companion serve`` on the same folder would
append to the same game and split it, so the first holds the folder (``fcntl.flock``)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

from companion.store.journalcheck import JournalError
from companion.texts import text


def hold_data_dir(folder: Path) -> IO[str]:
    """Hold the data directory for this process (``fcntl.flock``; released at exit).

    A second ``companion serve`` on the same folder would append to the same game and
    split it; it is refused with one line naming the one that holds it, how to stop that
    one (systemctl only where it runs as the service) and how to give this one another
    folder (``serve --data-dir``).
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
        stop = text("lock.stop_service" if _as_service(holder) else "lock.stop_here")
        raise JournalError(text("lock.in_use", folder=str(folder), pid=holder, stop=stop)) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle


def _as_service(pid: str) -> bool:
    """Whether process ``pid`` runs as the systemd unit ``companion.service`` (its cgroup
    says so, readable by anyone); on a laptop it is a server started by hand."""
    try:
        cgroup = Path(f"/proc/{pid}/cgroup").read_text(encoding="utf-8", errors="replace")
    except (OSError, ValueError):
        return False
    return "/companion.service" in cgroup
