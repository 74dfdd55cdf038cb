"""The names the page answers to: a ``Host`` header must name this machine.

Against DNS rebinding: a page a player opens elsewhere (``evil.example``) can have its own
name re-resolved to the Pi's address on the club's network; the browser then sends that
page's requests to the Pi with ``Host: evil.example`` and lets the page read the answers
as its own (the referee's page, its CSRF token, the camera). The browser always names the
host it thinks it talks to, so the page answers only to

* an IP address (whoever typed the Pi's address: no foreign name is involved),
* ``localhost`` and names under ``.localhost``,
* this machine's own names: its host name and that name under ``.local`` (mDNS, as a
  Raspberry Pi announces itself),
* the names in the config's ``[web] hosts`` (a reverse proxy's public name).

Any other name, and a header that is no host name at all, gets a plain 400 that says how
to allow the name.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from typing import Any

log = logging.getLogger("companion.web")

#: A DNS name (labels of letters, digits and inner hyphens, a final dot allowed).
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
NAME = re.compile(rf"{_LABEL}(?:\.{_LABEL})*\.?")
#: A Host header as a browser sends it: a name or an IP address (IPv6 in brackets), and a
#: port. Anything else (spaces, control characters, 300 characters) is refused.
_HOST = re.compile(rf"(?P<name>{NAME.pattern}|\[[0-9A-Fa-f:.]{{2,45}}\])(?::[0-9]{{1,5}})?")


def own_names() -> frozenset[str]:
    """This machine's names, lower case: ``localhost``, its host name and that name under
    ``.local``. (Not the resolver's fully qualified name: a Pi without a network could
    wait seconds for it at every start; such a name goes into ``[web] hosts``.)"""
    import socket  # here, not at the top: the config imports NAME on every command

    host = socket.gethostname().lower().rstrip(".")
    short = host.split(".")[0]
    return frozenset(n for n in ("localhost", host, short, f"{short}.local") if n)


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
                log.warning("refused a request for the host name %r (not in [web] hosts)", host)
        body = line.encode()
        start_response(
            "400 Bad Request",
            [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))],
        )
        return [body]
