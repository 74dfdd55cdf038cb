"""``companion serve``: the referee with its page, served by waitress.

Settings come from the config file (``companion config`` shows which); the flags here
override it for one run.
"""

from __future__ import annotations

import argparse
import logging
import signal
import threading
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from companion.cli.common import (
    add_config_argument,
    add_data_dir_argument,
    players_from,
    read_config,
    whole,
)
from companion.errors import CompanionError
from companion.model.layoutfile import load_layout
from companion.model.position import Position
from companion.table.late import LateReader
from companion.texts import Joined, colours, game_name, number, text

if TYPE_CHECKING:  # the config and the PIN are read when serve runs, not by `companion check`
    from pathlib import Path

    from companion.hub.publisher import Publisher
    from companion.panel import Panel
    from companion.panel.voice import Voice
    from companion.settings.config import Config
    from companion.store.journal import GameRecord
    from companion.table.live import Live
    from companion.table.table import Table
    from companion.vision.board.reader import BoardReader

NAME = "serve"
#: Seconds a stopping serve waits for a page's or the camera's step to end before it
#: closes the journal anyway (systemd waits 90 s before it kills).
CLOSE_WAIT = 15.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_config_argument(parser)
    parser.add_argument(
        "--host",
        help=text("opt.serve.host"),
    )
    parser.add_argument("--port", type=whole(-(10**6), 10**6), help=text("opt.serve.port"))
    parser.add_argument(
        "--players",
        metavar="COLOURS",
        help=text("opt.serve.players"),
    )
    parser.add_argument("--game", help=text("opt.serve.game"))
    parser.add_argument("--layout", help=text("opt.serve.layout"))
    parser.add_argument(
        "--new-game",
        action="store_true",
        help=text("opt.serve.new-game"),
    )
    parser.add_argument(
        "--resume",
        type=whole(0, 10**12),
        nargs="?",
        const=0,
        metavar="N",
        help=text("opt.serve.resume"),
    )
    parser.add_argument(
        "--tray",
        nargs="?",
        const="d6",
        choices=("d6", "miwin"),
        help=text("opt.serve.tray"),
    )
    add_data_dir_argument(parser)
    parser.add_argument("--pin", help=argparse.SUPPRESS)  # refused: every user sees it in ps


def run(args: argparse.Namespace) -> int:
    # serve's own modules load when serve runs: `companion check` and the other commands
    # start without them (tests/test_start.py counts the modules a command starts with)
    from companion.cli.unfinished import listing
    from companion.model.position import start_position
    from companion.settings.memory import limit_arenas
    from companion.web.connections import MAX_PER_ADDRESS, guarded_server
    from companion.web.streams import SERVER_OPTIONS

    config = read_config(args)  # with --data-dir: a second server beside the first
    if args.resume == 0:  # only the list: read beside a running server, nothing started
        print(listing(config.journal_path))
        return 0
    limit_arenas(2)  # before any thread starts: companion/settings/memory.py says why
    host = args.host or config.web.host
    port = args.port if args.port is not None else config.web.port
    if not 0 < port < 65536:
        raise CompanionError(f"--port {port} is not a port number")
    players = players_from(args.players) or config.game.players
    layout_name = args.layout or config.game.layout
    game = args.game or config.game.name
    aside = _kind_set_aside(args, config)
    if aside is not None:  # --new-game alone: a new game of the kind it sets aside
        game, layout_name = aside.game, args.layout or aside.layout
        players = players_from(args.players) or list(aside.players)
    layout = load_layout(layout_name) if layout_name else None
    from companion.games import GAMES

    if players is None and game in GAMES:  # a first game is two; --players or the config say more
        seats = (layout or load_layout(GAMES[game].default_layout)).colours
        spec = GAMES[game]  # TENET's one to nine players start as two too
        players = list(seats[: min(max(2, spec.min_players), spec.max_players)])
    options = dict(config.game.options) if game == config.game.name else None
    if args.pin is not None:
        raise CompanionError(text("serve.pin_flag"))
    from companion.settings.pin import kept_pin
    from companion.store.lock import ready_data_dir

    # Everything that can be wrong is said in one line before anything is logged, written
    # to the journal or started: the position (a game name mistyped made the data folder
    # and its PIN first until trial s11 L1), the folder, then the address (bound with the
    # app to come).
    start = start_position(game, players, layout, config.game.phase, options)
    data_dir = ready_data_dir(config.data_dir)  # also where the config sets the PIN
    pin = config.web.pin or kept_pin(data_dir)
    late = _LateApp()
    try:
        # behind a proxy every request comes from its address: the proxy limits clients
        per_address = None if config.web.behind_proxy else MAX_PER_ADDRESS
        server = guarded_server(late, host, port, per_address, **SERVER_OPTIONS)
    except (OSError, ValueError) as exc:  # waitress: ValueError for a host it cannot resolve
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise CompanionError(text("serve.no_listen", where=f"{host}:{port}", why=reason)) from None
    try:
        return _serve(args, config, start, server, late, pin, (host, port))
    finally:
        server.close()  # also when the journal or the camera could not be opened


def _serve(
    args: argparse.Namespace,
    config: Config,
    start: Position,
    server: Any,
    late: _LateApp,
    pin: str,
    address: tuple[str, int],
) -> int:
    """Open the journal, panel, voice and camera, and serve the page until stopped."""
    from companion.cli.unfinished import check_take_up, journal_said
    from companion.store.lock import hold_data_dir
    from companion.table.table import Table

    config.data_dir.mkdir(parents=True, exist_ok=True)
    held = hold_data_dir(config.data_dir)  # one server per data directory, until exit
    logging.basicConfig(level=config.log_level.upper(), format="%(asctime)s %(name)s: %(message)s")
    log = logging.getLogger("companion")
    refuse = partial(_other_than_asked, args, start, config.journal_path)
    # from before the journal opens: a SIGTERM while serve starts is a clean stop too
    # (review s13 finding 6: in the first second, exit -15 and the WAL left behind)
    sigterm = _Sigterm()
    table: Table | None = None
    panel: Panel | None = None
    camera: tuple[Live, LateReader] | None = None
    publisher = None
    # one try from the journal's opening to the end: a Stop that lands anywhere in between
    # closes the journal before the folder's lock is released (review s13b finding 5: one
    # between Table.new and the threads' start left it open, the lock released)
    try:
        if args.resume is not None:  # a journal refused (another game, damaged) is the one
            check_take_up(args, config.journal_path)  # line said, before any log
        table = Table.new(
            start,
            config.journal_path,
            resume=not args.new_game,
            refuse=refuse,
            take_up=args.resume,
        )
        # from here on threads run: each ends before serve returns (_stop_all says why)
        log.info("%s", text("serve.config", path=str(config.path or text("serve.no_config"))))
        for line in journal_said(args, table, config.journal_path):
            log.info("%s", line)
        panel, voice = _devices(config, table)
        camera = _camera(config, table, panel)
        publisher = _start(args, config, table, server, late, pin, address, panel, voice, camera[0])
        from companion.web import end_streams

        sigterm.before_stop = partial(end_streams, late.app)  # waitress then waits for none
        server.run()  # returns on SIGTERM too: waitress ends its loop on a SystemExit
    except _Sigterm.Stop:
        pass  # heard before the server ran: the same clean stop
    finally:
        sigterm.stopping = True  # another SIGTERM now must not cut the clean-up short
        if publisher is not None:
            publisher.stop()
        if camera is not None:
            _stop_all(*camera)
        if panel is not None:
            panel.close()
        if table is not None:
            _close(table)
        held.close()
        sigterm.restore()
    if sigterm.heard:
        log.info("%s", text("serve.stopped"))
    return 0


def _close(table: Table) -> None:
    """Close the table's journal once no page or camera step still writes to it: inside
    the table's lock (review s13 finding 5: waitress waits 5 s for its threads, and a
    correction replayed on a Pi may take longer), or after ``CLOSE_WAIT`` s without it (a
    write cut short rolls back: the move is lost, the journal is whole), said in the log.
    The hub's publisher reads the journal inside the same lock (Publisher._send_events,
    _send_state), so this wait covers its thread too, which ``publisher.stop`` joins for
    only 5 s."""
    if table.journal is None:  # last writer gone: another serve may take it up
        return
    got = table.lock.acquire(timeout=CLOSE_WAIT)
    if not got:  # said, not only done (review s13b finding 6)
        said = text("serve.closed_held", seconds=number(CLOSE_WAIT))
        logging.getLogger("companion").warning("%s", said)
    try:
        table.journal.close()
    finally:
        if got:
            table.lock.release()


class _Sigterm:
    """SIGTERM (``systemctl stop``, ``kill``) as a clean stop, as Ctrl+C is: the handler
    ends waitress's loop (a SystemExit, which waitress ends its loop on and returns), so
    the journal is closed, the hub left and the camera joined before serve exits 0. Until
    now SIGTERM killed serve mid-way: exit -15, the journal's WAL never folded back (brief
    s7, report-se "Left"). Ctrl+C stays Python's KeyboardInterrupt; both first run
    ``before_stop``, which ends the pages' streams, so that waitress does not wait 5 s for
    their threads (trial s13 L5). Installed only in the main thread, where Python runs
    handlers; SIGINT only where Python's own handler has it (not where it is ignored)."""

    class Stop(SystemExit):
        """Raised by the handler, once."""

    def __init__(self) -> None:
        self.heard = False
        self.stopping = False  # the clean-up has begun: a SIGTERM is only noted
        #: run once, before the first stop is raised: ends the pages' streams
        self.before_stop: Callable[[], None] | None = None
        self._before: Any = None
        self._before_int: Any = None
        if threading.current_thread() is threading.main_thread():
            self._before = signal.signal(signal.SIGTERM, self._handle)
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                self._before_int = signal.signal(signal.SIGINT, self._interrupt)

    def _handle(self, _number: int, _frame: object) -> None:
        first = not self.heard
        self.heard = True
        if first and not self.stopping:
            self._ending()
            raise self.Stop(0)

    def _interrupt(self, _number: int, _frame: object) -> None:
        """Ctrl+C: as Python's own handler, once the streams are told to end."""
        if not self.stopping:
            self._ending()
        raise KeyboardInterrupt

    def _ending(self) -> None:
        ending, self.before_stop = self.before_stop, None
        if ending is not None:
            ending()

    def restore(self) -> None:
        if self._before is not None:
            signal.signal(signal.SIGTERM, self._before)
        if self._before_int is not None:
            signal.signal(signal.SIGINT, self._before_int)


def _start(
    args: argparse.Namespace,
    config: Config,
    table: Table,
    server: Any,
    late: _LateApp,
    pin: str,
    address: tuple[str, int],
    panel: Panel | None,
    voice: Voice,
    live: Live,
) -> Publisher | None:
    """The page's app, what the log says of it, the camera's thread and the hub's publisher."""
    from companion.settings.hosts import page_urls
    from companion.settings.memory import give_back
    from companion.web import create_app

    log = logging.getLogger("companion")
    tray = None
    if args.tray:
        from companion.tray.session import Tray

        trays = table.journal.trays() if table.journal is not None else []
        tray = Tray(table.journal, args.tray)
        taken_up = any(t.id == tray.log.session and t.finished is None for t in trays)
        log.info("%s", _tray_line(tray.log.session, len(tray.rolls), taken_up))
    urls = page_urls(*address)
    late.app = create_app(
        {
            "TABLE": table,
            "REFEREE_PIN": pin,
            "UNLOCK_SECONDS": config.web.unlock_minutes * 60,
            "BEHIND_PROXY": config.web.behind_proxy,
            "HOSTS": config.web.hosts,
            "PAGE_URLS": urls,
            "PANEL": panel,
            "LIVE": live,
            "VOICE": voice,
            "CALIBRATION_DIR": config.calibration_dir,
            "TRAY": tray,
            "PORT": address[1],
        }
    )
    from companion.web.join import reach

    said_urls = Joined(urls, " and ", " und ")
    if tray is not None:
        log.info("%s", text("serve.serving_tray", urls=said_urls, reach=reach(urls)))
    else:
        game = {"game": table.position.spec.title, "players": colours(table.position.players)}
        log.info("%s", text("serve.serving", urls=said_urls, reach=reach(urls), **game))
    from companion.settings.pin import PIN_FILE

    where = text("serve.pin_config") if config.web.pin else str(config.data_dir / PIN_FILE)
    shows = f"companion pin --config {config.path}" if config.path else "companion pin"
    if args.data_dir:
        shows += f" --data-dir {args.data_dir}"
    log.info("%s", text("serve.pin", where=where, shows=shows))
    if panel is not None:
        from companion.table.devices import attach_read_button

        attach_read_button(table, panel, lambda: live.watcher.expect_throw())
    give_back()  # what starting took and no longer needs (the reader gives back its own)
    # each open page holds a thread for its live-update stream and camera view: at most
    # MAX_STREAMS of THREADS, so that forms always find one free (companion/web/streams.py)
    live.start()
    return _hub(config, table)


def _stop_all(live: Live, reader: LateReader) -> None:
    """End the camera's thread and the board reader's build before serve returns. A
    process that exits while OpenCV works in a thread of its own aborts ("terminate called
    without an active exception", exit 134: Python ends such a thread when it asks for the
    interpreter back, and OpenCV's C++ cannot be ended so): seen in 1 of 3 runs of a test
    that served for no time, and in each of a start refused while the build ran
    (tests/test_serve_exit.py). The camera stops after its frame; the build cannot be cut
    short, so it is waited for (seconds)."""
    live.stop()
    if not reader.ready:
        logging.getLogger("companion").info("%s", text("serve.reader_wait"))
    reader.join()


def _kind_set_aside(args: argparse.Namespace, config: Config) -> GameRecord | None:
    """The unfinished game a ``--new-game`` without ``--game`` sets aside (the journal's
    newest game, left unfinished): the new game is of its kind, its players and board,
    unless --players or --layout say otherwise (new-user trial s13 M3: Türme set aside
    by mistake began the default Gravitation). None otherwise: where the config names
    another game (a club's game wins over a visitor's set aside: review s13b finding 3),
    and where its board no longer loads (the game configured starts, as before). Read
    from a copy, as the list of unfinished games is: the data folder's lock is taken later."""
    journal = config.journal_path
    if not args.new_game or args.game or args.tray or not journal.is_file():
        return None
    from companion.store.snapshot import readable_journal

    with readable_journal(journal) as read:
        aside = read.to_resume()
    if aside is not None and config.game.named and aside.game != config.game.name:
        return None
    if aside is not None and aside.layout and not args.layout:
        try:  # a club board file moved since, or named from another folder: as configured
            load_layout(aside.layout)  # (review s13b finding 2: it refused, naming that file)
        except CompanionError:
            return None
    return aside


def _tray_line(session: int, count: int, taken_up: bool) -> str:
    """The tray's start-up line: its session's number, which is its record in the journal
    (games and tray sessions are numbered together, so a fresh folder's first session is
    2, after the referee's game 1: the number ``companion export --tray --game N`` and
    the page's CSV take, named beside it), whether it is new or taken up, and its rolls so
    far (new-user trial s11 L4 read "Sitzung 2" on a fresh folder as a second session)."""
    key = "serve.tray_resumed" if taken_up else "serve.tray_new"
    return text(key, session=session, count=count)


def _other_than_asked(
    args: argparse.Namespace, start: Position, journal: Path, record: GameRecord
) -> str | None:
    """Why the journal's unfinished game (``record``) is not resumed: the command names
    another game, other players or another board than it has (one line with both ways on),
    else None. Only what the command line says counts: a club's service starts with its
    config alone and goes on with the newest game if it was left unfinished (docs/referee.md,
    "How a game resumes"). Refused rather than begun anew, so that a power cut never
    hides a game from the page (trial s11 H1: `--game tunnelx` after a `kill -9` began
    an empty game in front of the unfinished one)."""
    asked = []
    if args.game and start.game != record.game:
        asked.append(f"--game {args.game}")
    if args.players and tuple(start.players) != record.players:
        asked.append(f"--players {args.players}")
    if args.layout and not _same_board(start.layout.reference, record.layout):
        asked.append(f"--layout {args.layout}")
    if not asked:
        return None
    return text(
        "serve.resume_other" if args.resume else "serve.unfinished_other",
        path=str(journal),
        id=record.id,
        game=game_name(record.game),
        players=colours(record.players),
        asked=" ".join(asked),
    )


def _same_board(asked: str, recorded: str) -> bool:
    """Whether the --layout asked names the board the game was recorded with: the same
    built-in name, or the same file however it is named (``go.json``, ``./go.json`` or its
    absolute path: review s11 L7 refused the last)."""
    from pathlib import Path

    if asked == recorded:
        return True
    try:
        return Path(asked).resolve() == Path(recorded).resolve()
    except (OSError, RuntimeError):  # a path that cannot be resolved names no file to match
        return False


def _hub(config: Config, table: Table) -> Publisher | None:
    """The club hub's publisher, when the config names a broker (docs/hub.md)."""
    if config.hub.broker is None:
        return None
    from companion.hub.publisher import Publisher

    publisher = Publisher(table, config.hub, config.data_dir)
    publisher.start()
    said = text(
        "log.hub_publishing",
        broker=config.hub.broker,
        port=config.hub.port,
        club=publisher.club,
        name=publisher.name,
    )
    logging.getLogger("companion").info("%s", said)
    return publisher


class _LateApp:
    """The WSGI app, given once the table is ready: the address is bound before that."""

    app: Any = None

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        return self.app(environ, start_response)


def _camera(config: Config, table: Table, panel: Panel | None) -> tuple[Live, LateReader]:
    """The supervised camera feeding the watcher (off the Pi it photographs the table),
    and the board reader it reads with, whose build has begun."""
    from companion.camera import Supervisor, SyntheticSource, choose_source
    from companion.table.live import Live, table_photographer
    from companion.table.watch import Watcher, dice_kind_of
    from companion.vision.calibration import board_reader, dice_setup, load_calibration

    photographer = table_photographer(table)
    choice = choose_source(config.camera, frames=photographer)
    camera = Supervisor(
        choice.source,
        initial_delay=config.camera.retry_initial,
        max_delay=config.camera.retry_max,
        on_status=panel.camera_status if panel is not None else None,
    )
    layout = table.position.layout
    path = config.calibration_dir / f"{layout.name}.json"  # as the calibration page saves
    calibration = None
    if path.exists():
        try:
            calibration = load_calibration(path)
        except CompanionError as exc:  # the page shows it and can calibrate anew
            logging.getLogger("companion").warning("%s; reading with the defaults", exc)
    dice = dice_kind_of(table.position.game)
    reader = LateReader(lambda: _said(board_reader(layout, calibration), path))
    tray, profiles = dice_setup(calibration)
    watcher = Watcher(
        table.referee,
        cast("BoardReader", reader),
        dice_kind=dice,
        dice_tray=tray,
        dice_profiles=profiles,
    )
    synthetic = photographer if isinstance(choice.source, SyntheticSource) else None
    live = Live(table, camera, watcher, synthetic)
    live.reader_ready = lambda: reader.ready  # the camera waits for it, and stops meanwhile
    return live, reader


def _said(reader: BoardReader, path: Path) -> BoardReader:
    """``reader``, once the log says what its calibration (``path``) cannot check because
    an older version made it, with what to do (vision/board/outdated.py): a club that
    updates the companion must not lose a hand test without a word."""
    from companion.vision.calibration import outdated

    said = outdated(reader)
    if said is not None:
        logging.getLogger("companion").warning("%s: %s", path, said)
    return reader


def _devices(config: Config, table: Table) -> tuple[Panel | None, Voice]:
    """The panel (real pins on a Pi, mock pins elsewhere) and the voice, wired to the table."""
    from companion.panel import Panel
    from companion.panel.voice import Voice
    from companion.table.devices import attach_panel, attach_voice

    voice = Voice(config.voice.enabled, config.voice.voice, config.voice.rate, config.voice.command)
    attach_voice(table, voice)
    panel = None
    if config.panel.enabled:
        panel = Panel(config.panel)
        attach_panel(table, panel)
    return panel, voice
