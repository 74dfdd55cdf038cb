"""Game set-up and the referee PIN: the pages that change the game.

The set-up form offers the layout's colours as buttons (ticked in turn order), only the
chosen game's phase and rule switches, and starts nothing until the referee has ticked
"yes, throw the running game away" (checked by the server, so it holds without scripts).
"""

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
from companion.texts import colour_id, message, text
from companion.web.i18n import say, t
from companion.web.security import check_pin, local_target, lock_session

setup = Blueprint("setup", __name__)


@setup.get("/setup")
def form() -> str:
    table = current_app.config["TABLE"]
    games = _games(table.position.layout.style)
    game = request.args.get("game", table.position.game)
    if game not in games:
        flash(say(_not_here(game, games)))
        game = table.position.game
    colours = table.position.layout.colours
    asked = request.args.get("players")  # kept by the page's script when the game changes
    chosen = [c for c in asked.split(",") if c in colours] if asked is not None else []
    return _form(game, chosen if asked is not None else list(table.position.players), None)


def _form(game: str, chosen: list[str], switches: dict[str, bool] | None) -> str:
    """The form for ``game`` with ``chosen`` players ticked in that order and the rule
    switches as given (None: the running game's, or the game's defaults)."""
    table = current_app.config["TABLE"]
    games = _games(table.position.layout.style)
    spec = games.get(game) or table.position.spec
    if switches is None:
        running = spec.name == table.position.game
        switches = {
            o.name: table.position.option(o.name) if running else o.default for o in spec.options
        }
    return render_template(
        "setup.html",
        games=games,
        spec=spec,
        position=table.position,
        colours=table.position.layout.colours,
        paint=PIECE_COLOURS,
        chosen=chosen,
        switches=switches,
    )


def _players(colours: tuple[str, ...]) -> list[str]:
    """The players in turn order: the ticked colours in the order the page's script kept
    (``order``), else in the layout's order; or, from a script, ``players`` as text."""
    ticked = [c for c in colours if c in request.form.getlist("player")]
    if ticked:
        order = [c for c in request.form.get("order", "").split(",") if c in ticked]
        return order + [c for c in ticked if c not in order]
    typed = request.form.get("players", "").replace(" ", "").split(",")
    return [colour_id(p) for p in typed if p]


def _games(board: str) -> dict[str, GameSpec]:
    """The games played on the board the camera is set up for."""
    return {name: GAMES[name] for name in games_on(board)}


def _not_here(game: str, games: dict[str, GameSpec]) -> str:
    """Why ``game`` cannot be set up here: the board on the table decides, so a game of
    another board needs the companion started for it (``--game``); any other name is
    none of the games played here."""
    if game in GAMES:
        return text("setup.other_board", game=text(f"game.{game}"), name=game)
    here = [text(f"game.{g}") for g in games]
    return text("setup.not_here", game=repr(game[:20]), games=here)


@setup.post("/setup")
def start() -> tuple[str, int] | Response:
    table = current_app.config["TABLE"]
    game = request.form.get("game", "gravitation")
    players = _players(table.position.layout.colours)
    games = _games(table.position.layout.style)
    spec = games.get(game)
    switches: dict[str, bool] | None = None
    try:
        if spec is None:
            raise CompanionError(_not_here(game, games))
        phase_text = request.form.get("phase", "").strip()
        if phase_text and not (phase_text.isascii() and phase_text.isdigit()):
            raise CompanionError(text("setup.phase_not_number", phase=repr(phase_text[:20])))
        phase = int(phase_text) if phase_text else None
        switches = {o.name: request.form.get(f"option.{o.name}") == "on" for o in spec.options}
        position = start_position(game, players or None, table.position.layout, phase, switches)
        if request.form.get("discard") != "yes":
            raise CompanionError(text("setup.confirm_needed"))
    except CompanionError as exc:
        flash(say(message(exc)))
        known = [p for p in players if p in table.position.layout.colours]
        return _form(game if spec else table.position.game, known, switches), 400
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
