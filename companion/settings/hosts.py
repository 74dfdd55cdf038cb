"""The names the page answers to: a ``Host`` header must name this machine.

Against DNS rebinding: a page a player opens elsewhere (``evil.example``) can have its own
name re-resolved to the Pi's address on the club's network; the browser then sends that
page's requests to the Pi with ``Host: evil.example`` and lets the page read the answers
as its own (the referee's page, its CSRF token, the camera). The browser always names the
host it thinks it talks to, so the page answers only to

* an IP address (whoever typed the Pi's address: no foreign name is involved),
* ``localhost`` and names under ``.localhost``,
* this machine's own names: its host name and that name under a home or club router's
  local domain (``.local`` as a Raspberry Pi announces itself, ``.fritz.box``, ``.lan`` …),
* the names in the config's ``[web] hosts`` (a reverse proxy's public name).

Any other name, and a header that is no host name at all, gets a plain 400 that says how
to allow the name.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from typing import Any

from companion.texts import text

log = logging.getLogger("companion.web")

#: A DNS name (labels of letters, digits and inner hyphens, a final dot allowed).
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
NAME = re.compile(rf"{_LABEL}(?:\.{_LABEL})*\.?")
#: A Host header as a browser sends it: a name or an IP address (IPv6 in brackets), and a
#: port. Anything else (spaces, control characters, 300 characters) is refused.
_HOST = re.compile(rf"(?P<name>{NAME.pattern}|\[[0-9A-Fa-f:.]{{2,45}}\])(?::[0-9]{{1,5}})?")


#: The domains a home or club router gives its machines' names under (mDNS, a FRITZ!Box,
#: common routers): none can be registered by a stranger on the internet.
LOCAL_DOMAINS = ("local", "lan", "home", "home.arpa", "localdomain", "internal", "fritz.box")


def own_names() -> frozenset[str]:
    """This machine's names, lower case: ``localhost``, its host name, and that name under
    the local domains of :data:`LOCAL_DOMAINS` (``raspberrypi.local``,
    ``raspberrypi.fritz.box``). Not the resolver's fully qualified name: a Pi without a
    network could wait seconds for it at every start; such a name goes into ``[web] hosts``."""
    import socket  # here, not at the top: the config imports NAME on every command

    host = socket.gethostname().lower().rstrip(".")
    short = host.split(".")[0]
    names = {"localhost", host, short, *(f"{short}.{domain}" for domain in LOCAL_DOMAINS)}
    return frozenset(n for n in names if n)


def answers_to(host: str, names: frozenset[str]) -> bool | None:
    """Whether the page answers to a ``Host`` header: None when it is malformed."""
    import ipaddress

    match = _HOST.fullmatch(host)
    if match is None:
        return None
    name = match["name"].lower().rstrip(".").strip("[]")
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    return name in names or name.endswith(".localhost")


class HostCheck:
    """WSGI middleware: refuse, before Flask builds any URL from it, a Host header that is
    malformed or names another machine (plain 400, one line)."""

    def __init__(self, wsgi: Callable[..., Any], extra: Callable[[], Iterable[str]]) -> None:
        """``extra()``: the names allowed besides this machine's own (read per request)."""
        self.wsgi, self.extra = wsgi, extra
        self.names = own_names()
        self._told: set[str] = set()

    def allowed(self) -> frozenset[str]:
        return self.names | {n.lower().rstrip(".") for n in self.extra()}

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        host = environ.get("HTTP_HOST", "")
        ok = answers_to(host, self.allowed()) if host else True
        if ok:
            return self.wsgi(environ, start_response)
        if ok is None:
            line = "400 Bad Request: the Host header is not a host name or address\n"
        else:
            line = (
                f"400 Bad Request: this referee does not answer to the name {host!r}; "
                "open it by its address, or add the name to [web] hosts in the config\n"
            )
            if len(self._told) < 100 and host not in self._told:  # a log line per name
                self._told.add(host)
                log.warning("%s", text("log.host_refused", host=repr(host)))
        body = line.encode()
        start_response(
            "400 Bad Request",
            [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))],
        )
        return [body]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses a phone on the same network can open (no loopback),
    found without sending anything: every interface's address (Linux), else the address
    of the default route (a UDP socket "connected" to a documentation address)."""
    import socket

    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            import fcntl
            import struct

            for _, name in socket.if_nameindex():
                request = struct.pack("256s", name[:15].encode())
                try:  # SIOCGIFADDR: the interface's IPv4 address, if it has one
                    reply = fcntl.ioctl(probe.fileno(), 0x8915, request)
                except OSError:
                    continue
                found.append(socket.inet_ntoa(reply[20:24]))
        except (ImportError, OSError):  # not Linux
            pass
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent
            found.append(probe.getsockname()[0])
        except OSError:  # no route at all
            pass
    return [a for a in dict.fromkeys(found) if not a.startswith(("127.", "0."))]


def page_urls(host: str, port: int) -> list[str]:
    """The addresses to open the page at: every LAN address when it is served on all of
    them (``0.0.0.0``, ``::``), else the one it is bound to."""
    if host in ("0.0.0.0", "::", ""):
        return [f"http://{a}:{port}/" for a in lan_addresses()] or [f"http://localhost:{port}/"]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]
