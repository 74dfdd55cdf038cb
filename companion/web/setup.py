"""Game set-up and the referee PIN: the pages that change the game.

The set-up form offers every game (those of the board in view first), the colours of the
chosen game's board as buttons (ticked in turn order), only that game's phase and rule
switches, and starts nothing until the referee has ticked "yes, throw the running game
away" (checked by the server, so it holds without scripts). A game of another board
starts on that game's default layout, and the camera reads that board (with its saved
calibration, if any) and that game's dice from the next frame on: no restart.
"""

from __future__ import annotations

from pathlib import Path

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
from companion.games import GAMES, GameSpec
from companion.model.layout import Layout
from companion.model.layoutfile import load_layout
from companion.model.position import Position, start_position
from companion.render import PIECE_COLOURS
from companion.texts import colour_id, message, text
from companion.web.i18n import say, t
from companion.web.security import check_pin, local_target, lock_session
from companion.web.tray import close_tray, open_tray

setup = Blueprint("setup", __name__)

#: The set-up form's choice that makes the table a dice tray (docs/tray.md).
TRAY_CHOICE = "tray"


@setup.get("/setup")
def form() -> str:
    table = current_app.config["TABLE"]
    games = _games(table.position.layout.style)
    game = request.args.get("game", table.position.game)
    if game == TRAY_CHOICE:  # the dice tray: no players, phase or switches to choose
        return _form(table.position.game, list(table.position.players), None, tray=True)
    if game not in games:
        flash(say(_not_here(game, games)))
        game = table.position.game
    colours = _layout_for(game).colours
    asked = request.args.get("players")  # kept by the page's script when the game changes
    chosen = [c for c in asked.split(",") if c in colours] if asked is not None else []
    return _form(game, chosen if asked is not None else list(table.position.players), None)


def _form(
    game: str, chosen: list[str], switches: dict[str, bool] | None, tray: bool = False
) -> str:
    """The form for ``game`` with ``chosen`` players ticked in that order and the rule
    switches as given (None: the running game's, or the game's defaults)."""
    table = current_app.config["TABLE"]
    games = _games(table.position.layout.style)
    spec = games.get(game) or table.position.spec
    layout = _layout_for(spec.name)
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
        colours=layout.colours,
        other_board=layout.name != table.position.layout.name,
        board=layout.name,
        paint=PIECE_COLOURS,
        chosen=chosen,
        switches=switches,
        tray_chosen=tray,
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
    """Every game, those played on the board in view (``board``, a layout's style) first."""
    order = sorted(GAMES, key=lambda name: GAMES[name].board != board)
    return {name: GAMES[name] for name in order}


def _layout_for(game: str) -> Layout:
    """The board ``game`` is set up on: the one in view when the game is played on it
    (a measured layout stays), else the game's default layout."""
    here: Layout = current_app.config["TABLE"].position.layout
    spec = GAMES.get(game)
    if spec is None or spec.board == here.style:
        return here
    return load_layout(spec.default_layout)


def _camera_reads(position: Position) -> None:
    """The camera reads ``position``'s board, with its saved calibration if there is one
    (as the calibration page saves it: ``<layout>.json``), and its game's dice, from the
    next frame on. Building the reader takes about a second (the board drawn to learn
    its fields), so only a change of board builds one."""
    from companion.table.watch import dice_kind_of
    from companion.vision.calibration import board_reader, dice_setup, load_calibration

    live = current_app.config.get("LIVE")
    if live is None:
        return
    layout = position.layout
    if live.watcher.board.reader.layout.name != layout.name:
        folder = current_app.config.get("CALIBRATION_DIR")
        path = folder / f"{layout.name}.json" if folder is not None else None
        calibration = None
        if path is not None and path.exists():
            try:
                calibration = load_calibration(path)
            except CompanionError as exc:  # read with the defaults; the page can calibrate
                flash(say(message(exc)))
        live.use_reader(board_reader(layout, calibration))
        live.watcher.use_dice(*dice_setup(calibration))
    live.watcher.dice_kind = dice_kind_of(position.game)


def _not_here(game: str, games: dict[str, GameSpec]) -> str:
    """Why ``game`` cannot be set up: no game of that name is known."""
    here = [text(f"game.{g}") for g in games]
    return text("setup.not_here", game=repr(game[:20]), games=here)


@setup.post("/setup")
def start() -> tuple[str, int] | Response:
    table = current_app.config["TABLE"]
    game = request.form.get("game", "gravitation")
    if game == TRAY_CHOICE:
        return _start_tray()
    games = _games(table.position.layout.style)
    spec = games.get(game)
    layout = _layout_for(game)
    players = _players(layout.colours)
    switches: dict[str, bool] | None = None
    try:
        if spec is None:
            raise CompanionError(_not_here(game, games))
        phase_text = request.form.get("phase", "").strip()
        if phase_text and not (phase_text.isascii() and phase_text.isdigit()):
            raise CompanionError(text("setup.phase_not_number", phase=repr(phase_text[:20])))
        phase = int(phase_text) if phase_text else None
        switches = {o.name: request.form.get(f"option.{o.name}") == "on" for o in spec.options}
        position = start_position(game, players or None, layout, phase, switches)
        if request.form.get("discard") != "yes":
            raise CompanionError(text("setup.confirm_needed"))
    except CompanionError as exc:
        flash(say(message(exc)))
        known = [p for p in players if p in layout.colours]
        return _form(game if spec else table.position.game, known, switches), 400
    with table.lock:  # the camera's next frame is told to the new game, read on its board
        close_tray(current_app)
        _camera_reads(position)
        table.restart(position)
    flash(t("started"))
    return redirect(url_for("table.index"))


def _start_tray() -> tuple[str, int] | Response:
    """The table becomes a dice tray (the journal's open tray session taken up, the
    running game kept unfinished in the journal), without a restart."""
    table = current_app.config["TABLE"]
    if request.form.get("discard") != "yes":
        flash(say(text("setup.confirm_needed")))
        return _form(table.position.game, list(table.position.players), None, tray=True), 400
    if current_app.config.get("TRAY") is None:
        with table.lock:
            open_tray(current_app)
    flash(t("tray_opened"))
    return redirect(url_for("tray.page"))


@setup.route("/unlock", methods=["GET", "POST"])
def unlock() -> str | Response:
    if request.method == "POST":
        if check_pin(request.form.get("pin", "")):
            flash(t("pin_ok"))
            return redirect(local_target(request.args.get("next", "")) or url_for("table.index"))
        flash(t("pin_wrong"))
    return render_template("unlock.html", where=pin_where())


def pin_where() -> str:
    """Where the PIN asked for is, under the PIN form: the file of the referee's data
    folder (beside its journal) and the command that prints it there, or the config's
    ``web.pin`` where the file does not hold it (new-user trial s14 L8: the page said "in
    its log at start", and the log gives only the file's path). The PIN is never shown."""
    import hmac

    from companion.settings.pin import PIN_FILE

    journal = current_app.config["TABLE"].journal
    if journal is None:  # no data folder: the general line
        return t("pin_where")
    folder = journal.path.parent
    try:
        kept = (folder / PIN_FILE).read_text(encoding="ascii").strip()
    except (OSError, UnicodeError):
        kept = ""
    if kept and hmac.compare_digest(kept, str(current_app.config["REFEREE_PIN"])):
        return t("pin_where_file", path=_shown(folder / PIN_FILE), folder=_shown(folder))
    return t("pin_where_config")


def _shown(path: Path) -> str:
    """``path`` as a visitor of the page may see it and type it: the home folder as ~
    (a visitor needs no account name; review s14b), quoted for a shell where needed."""
    import shlex

    home = Path.home()
    if path.is_relative_to(home):
        return "~/" + shlex.quote(str(path.relative_to(home)))
    return shlex.quote(str(path))


@setup.post("/lock")
def lock() -> Response:
    """Lock again: this browser's changes need the PIN from now on."""
    lock_session()
    flash(t("locked"))
    return redirect(url_for("table.index"))
