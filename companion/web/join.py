"""``/join``: the page's address as a QR code, for the phones at the table.

The addresses are those ``companion serve`` logs (every LAN address when it serves on
all of them, :func:`companion.hosts.page_urls`); without them (a test, another server)
the address this browser used. The code is drawn by segno (pure Python, no network) as
inline SVG, which the page's Content-Security-Policy allows.
"""

from __future__ import annotations

import segno
from flask import Blueprint, current_app, render_template, request
from markupsafe import Markup

join = Blueprint("join", __name__)


def qr_svg(url: str) -> Markup:
    """``url`` as a QR code in inline SVG (dark modules on a light quiet zone)."""
    code = segno.make(url, error="m")
    return Markup(code.svg_inline(scale=6, dark="#111", light="#fff", omitsize=True))


@join.get("/join")
def page() -> str:
    urls: list[str] = list(current_app.config.get("PAGE_URLS") or [request.host_url])
    return render_template("join.html", codes=[(url, qr_svg(url)) for url in urls])
