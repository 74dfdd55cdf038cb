"""The figures of docs/security.md: how fast a PIN can be guessed, and what one client can
take from the server.

1. Guessing (simulated, the page's own :class:`PinGuard` on a virtual clock): attackers
   from ADDRESSES addresses each try again the moment their ``Retry-After`` ends; counted
   are the tries checked in an hour and in a day, the time to a 50 % chance of hitting a
   6-digit PIN, and the longest wait of the referee's own right PIN meanwhile.
2. A real waitress server with ``companion serve``'s settings (SERVER_OPTIONS): the time
   from sending the head of a 300 MB POST to the 413 (median of 10), and the time a closed
   event stream takes to give its slot back (median and max of 10).

    python bench/security.py [--addresses 40]
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def guessing(addresses: int) -> None:
    from companion.web import security

    now = [0.0]
    security._now = lambda: now[0]  # type: ignore[assignment]
    guard = security.PinGuard()
    ready = {f"10.0.{n // 250}.{n % 250}": 0.0 for n in range(addresses)}
    checked, referee_waits = [], []
    while now[0] < 24 * 3600:
        address = min(ready, key=ready.__getitem__)
        now[0] = max(now[0], ready[address])
        wait = guard.wait(address, 10)
        if wait > 0:
            ready[address] = now[0] + wait
            continue
        checked.append(now[0])
        _, own = guard.wrong(address, 1.0)
        ready[address] = now[0] + own
        if len(checked) % 50 == 0:  # now and then the referee enters the right PIN,
            phone = f"192.168.1.{len(referee_waits) % 250}"  # from a phone not guessing
            referee_waits.append(guard.wait(phone, 10))
            guard.right(phone)
    hour = sum(1 for t in checked if t < 3600)
    per_day = len(checked)
    days = 500_000 / per_day  # half of the 10**6 PINs of six digits
    print(f"guessing from {addresses} addresses, each retrying when told (simulated):")
    print(f"  tries checked: {hour} in the first hour, {per_day} in 24 h")
    print(f"  50 % chance for a 6-digit PIN after {days:.0f} days (a 4-digit PIN: ", end="")
    print(f"{5000 / per_day * 24:.1f} h)")
    waited = [w for w in referee_waits if w > 0]
    print(
        f"  the referee's right PIN (a phone not guessing) waited at most "
        f"{max(referee_waits):.1f} s meanwhile; {len(waited)} of {len(referee_waits)} tries "
        "waited at all"
    )


def server_limits() -> None:
    from conftest import position
    from waitress.server import create_server

    from companion.web import Table, create_app
    from companion.web.streams import SERVER_OPTIONS

    app = create_app({"TABLE": Table.new(position()), "REFEREE_PIN": "246813"})
    server = create_server(app, host="127.0.0.1", port=0, **SERVER_OPTIONS)

    def run() -> None:
        with contextlib.suppress(OSError):
            server.run()

    threading.Thread(target=run, daemon=True).start()
    port = server.effective_port
    host = f"127.0.0.1:{port}"
    refused, freed = [], []
    for _ in range(10):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        start = time.perf_counter()
        s.sendall(
            f"POST /unlock HTTP/1.1\r\nHost: {host}\r\nContent-Length: 300000000\r\n\r\n".encode()
        )
        head = s.recv(4096)
        refused.append(time.perf_counter() - start)
        assert head.startswith(b"HTTP/1.1 413"), head
        s.close()
    slots = app.extensions["companion_streams"]
    for _ in range(10):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(f"GET /events HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        s.recv(4096)
        s.close()
        start = time.perf_counter()
        while slots.streams:
            time.sleep(0.01)
        freed.append(time.perf_counter() - start)
    server.close()
    print("a real waitress server with companion serve's settings:")
    print(f"  300 MB POST refused 413 after {1000 * statistics.median(refused):.1f} ms (median)")
    print(
        f"  a closed event stream's slot free after {statistics.median(freed):.2f} s median, "
        f"{max(freed):.2f} s max (10 closes)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--addresses", type=int, default=40)
    args = ap.parse_args()
    guessing(args.addresses)
    server_limits()


if __name__ == "__main__":
    main()
