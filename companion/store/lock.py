"""The data directory: made and found writable before anything is kept in it, and held
by one server: a second ``companion serve`` on the same folder would append to the same
game and split it, so the first holds the folder (``fcntl.flock``)."""

from __future__ import annotations

import errno
import fcntl
import os
import tempfile
from pathlib import Path
from typing import IO

from companion.errors import CompanionError
from companion.store.journalcheck import JournalError
from companion.texts import text

#: Why a folder cannot be made or written, in the players' words where the reason is common.
_WHY = {
    errno.ENOENT: "data_dir.why.no_place",
    errno.EACCES: "data_dir.why.denied",
    errno.EPERM: "data_dir.why.denied",
    errno.EROFS: "data_dir.why.read_only_disk",
    errno.ENOSPC: "data_dir.why.full",
}


def ready_data_dir(folder: Path) -> Path:
    """``folder``, made where missing and found writable by this user, else one line
    naming it, why, and what to do (a file in its place, a place where no folder can be
    made such as /proc, a read-only folder): the PIN, the journal and the lock are kept
    there, and Python's own "No such file or directory" names neither the folder's role
    nor the way out (new-comer trial s8)."""
    if folder.exists() and not folder.is_dir():
        raise CompanionError(text("data_dir.a_file", folder=str(folder)))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):  # a file on the way to it
        raise CompanionError(text("data_dir.a_file", folder=str(folder))) from None
    except OSError as exc:
        raise CompanionError(text("data_dir.not_made", folder=str(folder), why=_why(exc))) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        why = text("data_dir.why.denied")
        raise CompanionError(text("data_dir.read_only", folder=str(folder), why=why))
    try:  # what access() does not know: a read-only disk, /proc, a full disk
        fd, probe = tempfile.mkstemp(prefix=".companion-probe-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        why = _why(exc)
        raise CompanionError(text("data_dir.read_only", folder=str(folder), why=why)) from None
    return folder


def _why(exc: OSError) -> str:
    key = _WHY.get(exc.errno or 0)
    return text(key) if key else (exc.strerror or str(exc))


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
