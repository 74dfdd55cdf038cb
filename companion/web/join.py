"""``/join``: the page's address as a QR code, for the phones at the table.

The addresses are those ``companion serve`` logs (every LAN address when it serves on
all of them, :func:`companion.settings.hosts.page_urls`); without them (a test, another server)
the address this browser used. The code is drawn by segno (pure Python, no network) as
inline SVG, which the page's Content-Security-Policy allows.
"""

from __future__ import annotations

import segno
from flask import Blueprint, current_app, render_template, request
from markupsafe import Markup

from companion.texts import text

join = Blueprint("join", __name__)


def qr_svg(url: str) -> Markup:
    """``url`` as a QR code in inline SVG (dark modules on a light quiet zone)."""
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=6, dark="#111", light="#fff", omitsize=True))


def reach(urls: list[str]) -> str:
    """What the start-up log says of the page's addresses: where a phone can open it
    (/join draws them), or, served on loopback alone, how to open it to the room."""
    if all(loopback(url) for url in urls):
        port = other_port(urls)
        flags = "--host 0.0.0.0" + (f" --port {port}" if port else "")
        return text("serve.loopback", flags=flags)
    return text("serve.join")


def loopback(url: str) -> bool:
    """Whether ``url`` names this machine only (127.x, ::1, localhost): no phone opens it."""
    import ipaddress
    from urllib.parse import urlsplit

    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@join.get("/join")
def page() -> str:
    """The addresses a phone can open, each as a QR code; a loopback address is never
    offered (served on 127.0.0.1, the default, the page says how to open the table to
    the room instead)."""
    urls: list[str] = list(current_app.config.get("PAGE_URLS") or [request.host_url])
    room = [url for url in urls if not loopback(url)]
    return render_template(
        "join.html",
        codes=[(url, qr_svg(url)) for url in room],
        local=urls if not room else [],
        port=other_port(urls),
    )


def other_port(urls: list[str]) -> int | None:
    """The port the page is served on where it is not the default one: the command and
    the config that open the table to the room must name it, or the phones knock on the
    default port (new-user trial s5: served on 8097, /join said "--host 0.0.0.0" alone)."""
    from urllib.parse import urlsplit

    from companion.settings.config import WebConfig

    port = urlsplit(urls[0]).port if urls else None
    return port if port is not None and port != WebConfig.port else None
