"""A real Mosquitto broker for the hub's tests, on a free loopback port, that a test can
stop and start again on the same port (a broker outage)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

MOSQUITTO = shutil.which("mosquitto") or (
    "/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Broker:
    """``mosquitto`` on 127.0.0.1:``port``, no persistence, anyone may connect."""

    def __init__(self, folder: Path) -> None:
        assert MOSQUITTO is not None
        self.port = free_port()
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
            "log_dest stderr\n"
        )
        self.log = folder / "mosquitto.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as log:  # as root it runs as user mosquitto: we write
            self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)], stderr=log)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None
