"""Game set-up and the referee PIN: the pages that change the game."""

from __future__ import annotations

from flask import (
    Blueprint,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from companion.errors import CompanionError
from companion.games import GAMES, GameSpec, games_on
from companion.position import start_position
from companion.render import PIECE_COLOURS
from companion.texts import LANGUAGES, colour, message, render, text
from companion.web.i18n import say, t
from companion.web.security import check_pin, local_target, lock_session

setup = Blueprint("setup", __name__)


@setup.get("/setup")
def form() -> str:
    table = current_app.config["TABLE"]
    return render_template(
        "setup.html",
        games=_games(table.position.layout.style),
        position=table.position,
        colours=table.position.layout.colours,
    )


def _colour(said: str) -> str:
    """A player typed as a colour in either language ("Rot" or "red") as its id."""
    for name in PIECE_COLOURS:
        if said.lower() in (render(colour(name), lang).lower() for lang in LANGUAGES):
            return name
    return said


def _games(board: str) -> dict[str, GameSpec]:
    """The games played on the board the camera is set up for."""
    return {name: GAMES[name] for name in games_on(board)}


@setup.post("/setup")
def start() -> tuple[str, int] | Response:
    table = current_app.config["TABLE"]
    game = request.form.get("game", "gravitation")
    players = [_colour(p) for p in request.form.get("players", "").replace(" ", "").split(",") if p]
    games = _games(table.position.layout.style)
    spec = games.get(game)
    try:
        if spec is None:
            here = [text(f"game.{g}") for g in games]
            raise CompanionError(text("setup.not_here", game=repr(game[:20]), games=here))
        phase_text = request.form.get("phase", "").strip()
        if phase_text and not (phase_text.isascii() and phase_text.isdigit()):
            raise CompanionError(text("setup.phase_not_number", phase=repr(phase_text[:20])))
        phase = int(phase_text) if phase_text else None
        options = {o.name: request.form.get(f"option.{o.name}") == "on" for o in spec.options}
        position = start_position(game, players or None, table.position.layout, phase, options)
    except CompanionError as exc:
        flash(say(message(exc)))
        return render_template(
            "setup.html",
            games=games,
            position=table.position,
            colours=table.position.layout.colours,
        ), 400
    table.restart(position)
    flash(t("started"))
    return redirect(url_for("table.index"))


@setup.route("/unlock", methods=["GET", "POST"])
def unlock() -> str | Response:
    if request.method == "POST":
        if check_pin(request.form.get("pin", "")):
            flash(t("pin_ok"))
            return redirect(local_target(request.args.get("next", "")) or url_for("table.index"))
        flash(t("pin_wrong"))
    return render_template("unlock.html")


@setup.post("/lock")
def lock() -> Response:
    """Lock again: this browser's changes need the PIN from now on."""
    lock_session()
    flash(t("locked"))
    return redirect(url_for("table.index"))
