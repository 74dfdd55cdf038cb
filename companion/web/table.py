"""The live table: the board, whose turn it is, the dice, the verdict, the moves to choose.

Anyone at the table may enter the dice or pick the move that was made (the camera does
both on its own); taking a move back needs the referee PIN.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.exceptions import ServiceUnavailable
from werkzeug.wrappers import Response as BaseResponse

from companion.games.game import game
from companion.model.position import Position
from companion.model.standings import columns, standings
from companion.panel.voice import Voice
from companion.render import PIECE_COLOURS, LastMove, draw_board, to_svg
from companion.table.answers import SHOWN, MoveLike
from companion.table.correction import (
    Played,
    cleared_undone,
    corrected_board,
    last_correction,
    last_undo,
    played,
)
from companion.table.live import Live
from companion.table.moves import dice_said
from companion.table.referee import Referee
from companion.table.settled import objected
from companion.table.table import Table, rules
from companion.texts import render_json
from companion.web.events import Broker
from companion.web.i18n import asked_language, language, say, say_colour, t
from companion.web.movelist import MoveList, find, late_tap, pick, way
from companion.web.streams import RETRY_AFTER, StreamSlots

if TYPE_CHECKING:
    from companion.store.journal import GameRecord, Journal

table = Blueprint("table", __name__)


def _table() -> Table:
    t: Table = current_app.config["TABLE"]
    return t


def move_list(ref: Referee, args: Mapping[str, str]) -> MoveList:
    """The moves of the roll being played that the page's query asks for
    (:func:`companion.web.movelist.find`): the referee's list, a piece's moves, the
    moves typed words name."""
    legal = ref.legal
    if ref.roll is None or not legal:
        return find(ref.position, (), [], False, rules, {})
    more = len(legal) == SHOWN and ref.more_than_shown
    return find(ref.position, ref.roll, legal, more, rules, args)


@table.app_template_global()
def move_path(move: MoveLike) -> str:
    """Where a move takes its piece and what it does to others (``(U1.3 → U2.7)
    [pushes U2.7 → U2.9]``), in the page's language: tells apart moves said alike."""
    describe = getattr(move, "describe", None)
    if callable(describe):
        return say(describe()).strip()
    start, end = getattr(move, "start", None), getattr(move, "end", None)
    return f"({start} → {end})" if start else ""


table.add_app_template_global(dice_said)  # "6 und 3": the dice a TENET turn goes on with


@dataclass(frozen=True)
class Light:
    """One LED of the virtual panel as the page shows it, with its label."""

    name: str  # "seat.red", "verdict_ok", "verdict_bad" or "verdict" (the colour LED)
    lit: bool
    paint: str | None  # the colour LED's colour while lit
    label: str


@table.app_template_global()
def panel_lights(leds: Mapping[str, object], players: Sequence[str]) -> list[Light]:
    """The panel's LEDs, each labelled; of the seat lights only the players' seats."""
    shown = []
    for name, value in leds.items():
        kind, _, seat = name.partition(".")
        if seat and seat not in players:
            continue
        rgb = tuple(value) if isinstance(value, tuple | list) else None
        lit = any(rgb) if rgb is not None else bool(value)
        paint = "rgb({},{},{})".format(*(255 * int(v) for v in rgb)) if rgb and lit else None
        # only the lit seat says "to move": both said it (new-user trial s7)
        key = f"led.{kind}" if lit or not seat else f"led.{kind}_idle"
        label = t(key, colour=say_colour(seat)) if seat else t(key)
        shown.append(Light(name, lit, paint, label))
    return shown


def _context() -> dict[str, object]:
    t = _table()
    ref = t.referee
    history, just_corrected, just_undone, corrected_board, objected_ = _history(t)
    return {
        "table": t,
        "referee": ref,
        "position": t.position,
        "colours": PIECE_COLOURS,
        "moves": move_list(ref, request.args),
        "history": history,
        "just_corrected": just_corrected,
        "corrected_board": corrected_board,
        "just_undone": just_undone,
        "objected": objected_,
        "set_aside": _set_aside(t, bool(history)),
        "dice_inputs": dice_inputs(t.position),
        "dice_asked": dice_asked(ref),
        "verdict_json": verdict_json(ref),
        "standings": standings(t.position),
        "standing_columns": columns(t.position),
    }


def verdict_json(ref: Referee) -> object:
    """The referee's verdict as ``/state.json`` gives it, in the page's language: the page
    is drawn with the same one, so a reload is no new verdict for the browser's voice."""
    return render_json(ref.verdict.to_json(), language()) if ref.verdict else None


def dice_inputs(position: Position) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The dice the players may type on the page: a name and the faces of each, in the
    order the game's rules read the roll (TENET: Miwin's III, IV, V, or one die for the
    stone after a first round without a Pasch; otherwise two d6)."""
    return game(position.game).dice_inputs(position)


def dice_asked(ref: Referee) -> tuple[tuple[int, bool], ...]:
    """While the referee asks about a roll the camera read unsure of a die, each die's
    value read and whether it is one the camera is unsure of, in the dice form's order
    (the form is prefilled with them: only the unsure die needs correcting; new-user
    trial s7 found 1,1,2 there for 6,5,2); else nothing, and the form starts at 1."""
    reason = ref.verdict.reason if ref.verdict is not None else None
    if ref.asked is None or getattr(reason, "key", "") != "referee.dice_unsure":
        return ()
    dice, doubted = ref.asked
    left = list(doubted)
    marked = []
    for value in dice:  # of two equal values read, the first is marked
        marked.append((value, value in left))
        if value in left:
            left.remove(value)
    return tuple(marked)


def _history(
    t: Table,
) -> tuple[
    list[Played], int | None, tuple[int, tuple[int, ...], bool] | None, str, dict[int, list[Any]]
]:
    """The moves of the game as they stand (after undos and corrections), the number of
    the move corrected last when nothing was rolled, moved or undone since (the page
    says so beside the referee's verdict: after the pieces were set up it no longer
    does), the number and roll of the move taken back last and whether it was TENET's
    clearing after a Pasch, when nothing was rolled, moved or corrected since (said beside
    the verdict until the move is made again), and what that correction changed on the
    board (:func:`corrected_board`), and the referee's objections to words said of each
    move, as the game's record says them (:func:`settled.objected`; trial s13 L3)."""
    if t.journal is None:
        return [], None, None, "", {}
    events = list(t.journal.events(t.referee.game_id))
    moves = played(events)
    last = last_correction(events)
    undone = last_undo(events)
    return (
        moves,
        next((m.number for m in moves if m.id == last), None),
        None if undone is None else (len(moves) + 1, undone, cleared_undone(events)),
        corrected_board(events) if last is not None else "",
        objected(events),
    )


def _set_aside(t: Table, moves_stand: bool) -> str | None:
    """Until a new game's first move: the unfinished game it set aside, and how to go on
    with it (new-user trial s13 M3: ``--new-game`` by mistake, and only the Pi's log said
    so); else None. Not back once a move was made and taken back (review s13b finding 4).
    What it names is looked up once per game (the set-aside game is folded whole and every
    game's start read): kept for the app, whose table alone writes to the journal."""
    from companion.store.aside import set_aside_played
    from companion.texts import colours, game_name, text, text_n

    if t.journal is None:
        return None
    known: dict[int, tuple[GameRecord, int | None] | None]
    known = current_app.extensions.setdefault("set_aside", {})
    game_id = t.referee.game_id
    if moves_stand or (game_id not in known and _begun(t.journal, game_id)):
        known[game_id] = None  # begun: gone for good, also if its moves are taken back
    if game_id not in known:
        known[game_id] = set_aside_played(t.journal, game_id)
    aside = known[game_id]
    if aside is None:
        return None
    record, count = aside
    moves = text_n("serve.moves", count or 0)
    game, players = game_name(record.game), colours(record.players)
    return text("set_aside", id=record.id, game=game, players=players, moves=moves)


def _begun(journal: Journal, game_id: int) -> bool:
    """Whether game ``game_id`` had a move, taken back since or not."""
    return any(e.kind == "move" for e in journal.events(game_id))


@table.app_template_global()
def announcement_gloss(game_name: str, said: str) -> str:
    """The English reading of a recorded announcement ("" where the words do not parse:
    an announcement of an older notation)."""
    from companion.errors import CompanionError

    try:
        return game(game_name).reading(said)
    except (CompanionError, ValueError):
        return ""


def _board() -> str:
    """The board as the page shows it: the pieces, the last move's trail (or the move
    announced before it is made), every field's
    name on hover and tap, and the fields the move list is filtered by ringed."""
    ref = _table().referee
    # a move announced first is drawn as the move to make (docs/referee.md), else the last
    shown = ref.announced if ref.announced is not None else ref.last_move
    last = LastMove.of(shown) if shown is not None else None
    position = ref.position
    moves = move_list(ref, request.args)  # the fields the list is filtered by, ringed
    scene = draw_board(
        position.layout,
        position,
        lang=language(),
        last_move=last,
        spots=True,
        highlight=[f for f in (moves.start, moves.end) if f is not None],
    )
    return to_svg(scene)


@table.get("/")
def index() -> str | BaseResponse:
    if current_app.config.get("TRAY") is not None:  # the table is a dice tray (docs/tray.md)
        return redirect(url_for("tray.page", **asked_language()))
    return render_template("table.html", board=_board(), standings_apart=True, **_context())


@table.get("/status")
def status() -> str:
    """The part of the page that changes with every event (fetched by the page), with
    the standings first, which the page moves to their place above the camera."""
    return render_template("status.html", **_context())


@table.get("/board.svg")
def board_svg() -> Response:
    return Response(_board(), mimetype="image/svg+xml")


@table.get("/position.json")
def position_json() -> Response:
    return jsonify(_table().position.to_json())


@table.get("/state.json")
def state_json() -> Response:
    ref = _table().referee
    live = current_app.config.get("LIVE")
    return jsonify(
        {
            "camera_frames": live.frames if live is not None else None,
            "camera": live.camera.status.to_json() if live is not None else None,
            "waiting": waiting(),
            "phase": ref.phase.name.lower(),
            "phase_text": say(ref.phase.text),
            "roll": list(ref.roll) if ref.roll else None,
            "verdict": verdict_json(ref),
            "to_move": say_colour(ref.position.to_move),
            "position": ref.position.to_json(),
        }
    )


@table.app_template_global()
def waiting() -> dict[str, object] | None:
    """Why the referee waits for the board, as the camera's last frame says (None: no
    camera, a still board, or a dice frame): what, which field, and in the page's words
    what to do (companion/table/busy.py)."""
    live: Live | None = current_app.config.get("LIVE")
    glance = live.glance if live is not None else None
    if glance is None or glance.busy is None:
        return None
    return glance.busy.to_json(language())


@table.post("/dice")
def dice() -> BaseResponse:
    """The dice as the players read them (when the camera does not)."""
    count = len(dice_inputs(_table().position))
    try:
        values = [int(request.form.get(f"die{n}", "")) for n in range(1, count + 1)]
    except ValueError:
        abort(400, "err_dice")
    with _table().lock:
        _table().referee.observe_dice(values)
    return _back()


@table.post("/play/<int:index>")
def play(index: int) -> BaseResponse:
    """The move that was made, picked from the list of legal moves (no camera): number
    ``index`` of the list the query (``from``, ``to``, ``said``) finds, said as the form's
    ``announcement`` (a list that changed meanwhile plays nothing)."""
    table_ = _table()
    with table_.lock:
        ref = table_.referee
        if not request.args and "announcement" not in request.form:  # an old page, a script
            if not 0 <= index < len(ref.legal):
                abort(409, "err_no_move")
            ref.play(index)
            return _back()
        said, tapped = request.form.get("announcement", ""), request.form.get("path")
        move = pick(move_list(ref, request.args), index, said)
        if move is not None and tapped not in (None, way(ref.position, move.after)):
            move = None  # said so, but another move of the list now (trial s14 M1)
        if move is None:
            last = _last_played(table_)
            words = ref.last_move is not None and said == ref.last_move.announcement
            why = late_tap(last, said, tapped) if last or not words else None
            if why is None:
                return _back()  # a double tap: the first tap played it, its verdict stands
            abort(409, say(why) if why != "err_no_move" else why)
        ref.play_move(move)
    return _back()


def _last_played(table_: Table) -> Played | None:
    """The move played last as the journal keeps it (None after an undo, or without a
    journal: then its words alone tell a double tap)."""
    ref = table_.referee
    if ref.last_move is None or table_.journal is None:
        return None
    kept = played(table_.journal.events(ref.game_id))
    return kept[-1] if kept else None


@table.post("/announce")
def announce() -> BaseResponse:
    """What the player said, checked by the field it was typed in (``when``): "first",
    the "before the move" field, against the waiting roll only; "last", the last move's
    field, against that move; none (a script, an older page) as the microphone's words."""
    text = request.form.get("announcement", "")  # the referee says one too long (nc16)
    when = request.form.get("when", "")
    before_move = {"first": True, "last": False}.get(when)
    with _table().lock:
        verdict = _table().referee.announce(text, before_move=before_move)
    kept = current_app.extensions.setdefault("companion_typed", {})
    kept.clear()
    if verdict.kind != "legal":  # refused: the words stay in their field, to be mended
        kept.update(verdict=verdict, when=when, words=text)
    return _back()


@table.app_template_global()
def typed(when: str) -> str:
    """The words typed into the announcement field ``when`` ("first", "last") while the
    verdict that refused them stands, so a long announcement is mended, not typed again
    (new-user trial s8: the field was empty after every refusal); "" otherwise."""
    kept = current_app.extensions.get("companion_typed", {})
    standing = kept.get("verdict") is _table().referee.verdict and kept.get("when") == when
    return str(kept.get("words", "")) if standing else ""


@table.post("/confirm")
def confirm() -> BaseResponse:
    """The pieces stand as the page shows them (set up, or set back after a rejection)."""
    with _table().lock:
        _table().referee.confirm_board()
    return _back()


@table.post("/choose/<int:index>")
def choose(index: int) -> BaseResponse:
    """Which of several moves that fit the board was meant."""
    with _table().lock:
        _table().referee.choose(index)
    return _back()


@table.get("/undo")
def undo_page() -> str:
    """Ask before a move is taken back: what would be undone, and a yes (needs the PIN)."""
    return render_template("undo.html", **_context())


@table.post("/undo")
def undo() -> BaseResponse:
    """Take the last move back once the referee said yes on the undo page; a form
    without the yes (an old page, a stray post) is sent to that page to ask."""
    if request.form.get("sure") != "yes":
        return redirect(url_for("table.undo_page"))
    with _table().lock:
        _table().referee.undo()
    return _back()


@table.post("/voice")
def voice() -> BaseResponse:
    """The table's espeak-ng voice on (``on=1``) or off (``on=0``) until the referee restarts."""
    spoken: Voice | None = current_app.config.get("VOICE")
    if spoken is None:
        abort(404, "err_no_voice")
    wanted = request.form.get("on")
    if wanted not in ("0", "1"):
        abort(400, "err_voice_on")
    if wanted == "1" and not spoken.available:
        abort(409, "voice_missing")
    now = spoken.switch(wanted == "1")
    flash("voice_now_on" if now else "voice_now_off")
    current_app.extensions["companion_events"].publish("state", {"voice": now})
    return _back()


@table.post("/panel/<kind>")
def panel_press(kind: str) -> BaseResponse:
    """A button of the virtual panel (shown when the pins are mocked)."""
    panel = current_app.config.get("PANEL")
    if panel is None or kind not in ("read_dice", "confirm", "undo", "roll"):
        abort(404, "err_no_button")
    live: Live | None = current_app.config.get("LIVE")
    photographer = live.photographer if kind == "read_dice" and live is not None else None
    thrown = None
    if photographer is not None:
        # the synthetic camera has no tray of its own: it throws the dice it then reads,
        # before the press, as a player throws and then presses (trial s10: pressed first,
        # the frames taken while the throw was drawn showed the last roll's dice)
        thrown = photographer.throw()
    panel.press(kind, long=request.form.get("long") == "1")
    pressed = "panel_pressed_confirm" if kind == "confirm" else "panel_pressed"
    flash(t(pressed, button=t(f"button_{kind}")))
    if kind == "read_dice" and live is None:
        flash(t("panel_no_camera"))
    elif photographer is not None:
        flash(t("panel_thrown", dice="+".join(map(str, thrown))) if thrown else t("panel_type"))
    return _back()


@table.get("/camera.mjpg")
def camera() -> Response:
    """The camera's view with what the watcher made of it, as an MJPEG stream."""
    live = current_app.config.get("LIVE")
    if live is None:
        abort(404, "err_no_camera")
    give_back = _take_slot(camera=True)
    limit = current_app.config.get("SSE_TEST_SECONDS")
    gone = _gone()
    lang = language()  # the overlay's words: the page's language

    def frames() -> Iterator[bytes]:
        end = None if limit is None else time.monotonic() + limit
        while (end is None or time.monotonic() < end) and not gone():
            jpeg = live.jpeg(lang)
            if jpeg is not None:
                yield (
                    b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: "
                    + str(len(jpeg)).encode()
                    + b"\r\n\r\n"
                    + jpeg
                    + b"\r\n"
                )
            time.sleep(0.2)  # five pictures a second are plenty for a phone

    response = Response(
        frames(),
        mimetype="multipart/x-mixed-replace; boundary=frame",
        headers={"Cache-Control": "no-cache"},
    )
    response.call_on_close(give_back)
    return response


@table.get("/camera.jpg")
def camera_still() -> Response:
    """The camera's view as one picture: for any number of phones beyond the streamed
    views (the page shows stills once its stream is refused); it holds no slot, and the
    JPEG is the one the streams share. ``?full=1``: the frame as the camera gave it, at
    its resolution and with nothing drawn (the photo whose pixels ``calibrate corners``
    takes while serve holds the camera; docs/calibration.md)."""
    live = current_app.config.get("LIVE")
    if live is None:
        abort(404, "err_no_camera")
    full = request.args.get("full", "") not in ("", "0")
    jpeg = live.full_jpeg() if full else live.jpeg(language())
    if jpeg is None:
        raise ServiceUnavailable("err_busy", retry_after=1)
    return Response(jpeg, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@table.get("/events")
def events() -> Response:
    broker: Broker = current_app.extensions["companion_events"]
    give_back = _take_slot(camera=False)
    stream = broker.subscribe()
    limit = current_app.config.get("SSE_TEST_SECONDS")  # tests end the stream themselves
    response = Response(
        broker.stream(stream, limit, _gone()),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
    response.call_on_close(give_back)
    response.call_on_close(lambda: broker.unsubscribe(stream))
    return response


def _never() -> bool:
    """Not served by waitress (the test client): the page never goes away on its own."""
    return False


def _gone() -> Callable[[], bool]:
    """Whether a long-lived response should end: its page went away (waitress's
    ``client_disconnected``), or the server stops (:func:`companion.web.end_streams`)."""
    closing = current_app.extensions["companion_streams"].closing
    away: Callable[[], bool] = request.environ.get("waitress.client_disconnected", _never)
    return lambda: closing.is_set() or away()


def _take_slot(camera: bool) -> Callable[[], None]:
    """A slot for a long-lived response, or 503 with Retry-After when all are taken.

    The slot is given back when the server closes the response: the view must hand the
    returned function to ``Response.call_on_close`` (also when the body is never read).
    """
    slots: StreamSlots = current_app.extensions["companion_streams"]
    address = request.remote_addr or "?"
    if not slots.take(camera, address):
        raise ServiceUnavailable("err_busy", retry_after=RETRY_AFTER)
    return slots.giver(camera, address)


def _back() -> BaseResponse:
    return redirect(url_for("table.index"))
