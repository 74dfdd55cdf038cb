"""Error pages in the page's language and look: a title, one sentence, a way back.

Werkzeug's own error pages are English and plain. Here each status has its words in
:mod:`companion.web.i18n` (``error_404`` the title, ``error_404_text`` the sentence); a
view that aborts with its own reason gives an i18n key (``abort(409, "err_no_move")``),
and any other text is shown as it is. The exception's headers are kept: ``Allow`` on a
405, ``Retry-After`` on a 429 or 503. Never a traceback: the app is never in debug mode.
``POST /heard`` and ``/teach/heard`` (a recogniser's client, companion/web/hearing.py)
get the same sentence as their JSON answer's one-line ``message`` instead of a page.
"""

from __future__ import annotations

from flask import jsonify, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from companion.web.i18n import t


def error_page(exc: HTTPException) -> Response:
    """The page for ``exc``, with its status and headers."""
    code = exc.code or 500
    own = exc.description and exc.description != type(exc).description
    title = t(f"error_{code}")
    if title == f"error_{code}":  # a status without words of its own
        title = exc.name
    text = t(exc.description) if own and exc.description else t(f"error_{code}_text")
    if text == f"error_{code}_text":
        text = exc.description or ""
    if request.blueprint == "hearing":  # a recogniser's client reads JSON (docs/web.md)
        body = {"understood": False, "heard": "", "message": text, "verdict": None}
        response = jsonify(body)
        response.status_code = code
        response.headers.extend((k, v) for k, v in exc.get_headers() if k.lower() != "content-type")
        return response
    html = render_template("error.html", code=code, title=title, text=text)
    headers = [(k, v) for k, v in exc.get_headers() if k.lower() != "content-type"]
    return Response(html, status=code, headers=headers, mimetype="text/html")
