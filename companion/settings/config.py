"""The device's configuration: one TOML file, found, read and checked once at start.

Search order (the first that exists wins): ``--config FILE``, ``$COMPANION_CONFIG``,
``/etc/companion/config.toml``, ``~/.config/companion/config.toml``; without any file the
built-in defaults apply, and they start on any machine (automatic camera, mock pins off
the Pi, the page on localhost). Every key is documented in ``config.example.toml``.

A file is checked as a whole: every bad key gives one line naming the file, the key and
what is wrong, and all of them are reported together in one :class:`ConfigError`.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.games import GAMES
from companion.model.layoutfile import load_layout
from companion.settings.hosts import NAME
from companion.settings.pin import pin_problem
from companion.settings.tomlcheck import Table, is_pin
from companion.textfile import TooLarge, read_text
from companion.texts import Joined, Text, colour_id, message, text, unreadable
from companion.texts import colours as texts_colours

ENV_VAR = "COMPANION_CONFIG"
SYSTEM_FILE = Path("/etc/companion/config.toml")
CAMERA_SOURCES = ("auto", "picamera", "usb", "folder", "synthetic")
PIN_FACTORIES = ("auto", "mock", "lgpio", "rpigpio", "pigpio", "native")
LOG_LEVELS = ("debug", "info", "warning", "error")
#: The referee's language: German, English, or "auto" (the locale's: companion/texts).
LANGUAGES = ("auto", "de", "en")


class ConfigError(CompanionError):
    """A config file that cannot be used; one line per problem, each naming file and key."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)  # sentences of the catalogue (companion/texts)
        super().__init__(Text("config.lines", {"lines": Joined(problems, "\n")}))


@dataclass(frozen=True)
class CameraConfig:
    source: str = "auto"  # one of CAMERA_SOURCES
    device: int | str = 0  # USB camera: index or device path such as /dev/video0
    path: Path | None = None  # source "folder": a folder of images or a video file
    loop: bool = False  # replay: start again at the end
    fps: float = 10.0  # pacing of replay and synthetic frames, rate asked of cameras; 0: none
    width: int = 1280
    height: int = 960
    retry_initial: float = 1.0  # seconds before the first retry of a vanished camera
    retry_max: float = 30.0  # the longest wait between retries


@dataclass(frozen=True)
class PanelPins:
    """BCM pin numbers; ``None`` means not wired."""

    seats: Mapping[str, int] = field(
        default_factory=lambda: {"red": 5, "yellow": 6, "green": 13, "blue": 19, "white": 26}
    )
    verdict_ok: int | None = 20
    verdict_bad: int | None = 21
    verdict_rgb: tuple[int, int, int] | None = None  # instead of the two verdict LEDs
    read_dice: int | None = 17
    confirm: int | None = 27
    undo: int | None = 22  # without it, a long press on confirm is undo
    roll: int | None = None  # without it, read_dice rolls in electronic-dice mode

    def used(self) -> dict[str, int]:
        """Every wired pin by its key, e.g. ``{"seats.red": 5, "confirm": 27}``."""
        pins = {f"seats.{colour}": pin for colour, pin in self.seats.items()}
        for key in ("verdict_ok", "verdict_bad", "read_dice", "confirm", "undo", "roll"):
            value = getattr(self, key)
            if value is not None:
                pins[key] = value
        for n, pin in enumerate(self.verdict_rgb or ()):
            pins[f"verdict_rgb[{n}]"] = pin
        return pins


@dataclass(frozen=True)
class PanelConfig:
    enabled: bool = True
    pin_factory: str = "auto"  # one of PIN_FACTORIES; auto: real pins on a Pi, else mock
    electronic_dice: bool = False
    hold_seconds: float = 1.5  # a press this long on undo (or confirm) is an undo
    pins: PanelPins = field(default_factory=PanelPins)


@dataclass(frozen=True)
class WebConfig:
    host: str = "127.0.0.1"
    port: int = 8080
    pin: str | None = None  # asked before undo and settings; None: DATA_DIR/pin (settings.pin)
    unlock_minutes: int = 240  # how long an unlock lasts on a phone
    behind_proxy: bool = False  # a reverse proxy on this machine (TLS) gives X-Forwarded-For
    hosts: tuple[str, ...] = ()  # names the page answers to besides this machine's own


@dataclass(frozen=True)
class VoiceConfig:
    enabled: bool = True
    command: str = "espeak-ng"
    voice: str = "de"
    rate: int = 150  # words per minute


@dataclass(frozen=True)
class GameConfig:
    name: str = "gravitation"
    players: tuple[str, ...] | None = None  # colours in turn order; None: the first two
    phase: int | None = None
    layout: str | None = None  # a layout name or file; None: the game's own
    options: Mapping[str, bool] = field(
        default_factory=lambda: GAMES["gravitation"].option_defaults()
    )  # every switch of the game, effective value
    named: bool = False  # the file names the game ([game] name), not the built-in default


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion"


#: A club's or a table's name: one MQTT topic level, safe in an ACL pattern and a file name
#: (the hub's messages check their topics with it: companion.hub.messages).
HUB_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")


@dataclass(frozen=True)
class HubConfig:
    """The club hub this table publishes to (docs/hub.md); no broker: none."""

    broker: str | None = None  # host name or address of the club's MQTT broker
    port: int = 1883
    club: str = "club"  # the club's name: one MQTT topic level
    table: str | None = None  # this table's name; None: the machine's host name
    username: str | None = None
    password_file: str | None = None  # a file holding the password (mode 0600)
    tls: bool = False
    ca_file: str | None = None  # the CA of the broker's certificate; None: the system's


@dataclass(frozen=True)
class Config:
    camera: CameraConfig = field(default_factory=CameraConfig)
    panel: PanelConfig = field(default_factory=PanelConfig)
    web: WebConfig = field(default_factory=WebConfig)
    voice: VoiceConfig = field(default_factory=VoiceConfig)
    game: GameConfig = field(default_factory=GameConfig)
    hub: HubConfig = field(default_factory=HubConfig)
    data_dir: Path = field(default_factory=default_data_dir)
    log_level: str = "info"
    language: str = "auto"  # the referee's words: "de", "en" or "auto" (the locale's)
    path: Path | None = None  # the file it was read from; None: built-in defaults
    found_by: str = "built-in defaults"  # how the file was found, for `companion config`

    @property
    def journal_path(self) -> Path:
        return self.data_dir / "journal.sqlite"

    @property
    def calibration_dir(self) -> Path:
        return self.data_dir / "calibration"


def user_config_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "companion" / "config.toml"


def find_config(explicit: str | Path | None = None) -> tuple[Path | None, str]:
    """The config file to use and how it was found, following the search order.

    A file named by ``--config`` or ``$COMPANION_CONFIG`` must exist (a typo there must not
    silently fall back to defaults); the two standard places are optional.
    """
    if explicit is not None:
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise ConfigError([text("config.no_file", path=str(path), how="--config")])
        return path, "--config"
    env = os.environ.get(ENV_VAR)
    if env:
        path = Path(env).expanduser()
        if not path.is_file():
            raise ConfigError([text("config.no_file", path=str(path), how=f"${ENV_VAR}")])
        return path, f"${ENV_VAR}"
    for path, how in ((SYSTEM_FILE, "system file"), (user_config_file(), "user file")):
        if path.is_file():
            return path, how
    return None, "built-in defaults"


def load_config(explicit: str | Path | None = None) -> Config:
    """Find, read and check the config (ConfigError listing every problem)."""
    path, how = find_config(explicit)
    if path is None:
        return Config()
    return read_config_file(path, found_by=how)


def configured_language(explicit: str | Path | None = None) -> str:
    """The config's ``language`` ("auto" where there is none), read even from a file
    that fails its checks, so that its errors are said in the language it asks for;
    never raises."""
    try:
        path, _ = find_config(explicit)
        if path is None:
            return "auto"
        value = tomllib.loads(read_text(path, "config")).get("language")
    except (CompanionError, OSError, UnicodeDecodeError, RecursionError, tomllib.TOMLDecodeError):
        return "auto"
    return value if isinstance(value, str) and value in LANGUAGES else "auto"


def read_config_file(path: str | Path, found_by: str = "file") -> Config:
    path = Path(path)
    try:
        data = tomllib.loads(read_text(path, "config"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([text("config.not_toml", path=str(path), why=toml_reason(exc))]) from None
    except RecursionError:  # tomllib recurses once per level of an array or table
        raise ConfigError([text("config.too_deep", path=str(path))]) from None
    except TooLarge as exc:
        raise ConfigError([message(exc)]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError([text("config.unread", path=str(path), why=unreadable(exc))]) from None
    return parse_config(data, source=str(path), path=path, found_by=found_by)


#: tomllib's reasons that are always the same words, by their id in companion/texts.
TOML_REASONS = {
    "Invalid value": "config.toml.value",
    "Expected '=' after a key in a key/value pair": "config.toml.equals",
    "Cannot overwrite a value": "config.toml.overwrite",
    "Expected newline or end of document after a statement": "config.toml.newline",
    "Invalid statement": "config.toml.statement",
    "Unclosed array": "config.toml.unclosed_array",
    "Unclosed inline table": "config.toml.unclosed_table",
    "Unterminated string": "config.toml.unterminated",
    "Expected ']' at the end of a table declaration": "config.toml.table_end",
    "Invalid initial character for a key part": "config.toml.key_start",
}
_TOML_WHERE = re.compile(r"(.*) \((?:at line (\d+), column (\d+)|(at end of document))\)")


def toml_reason(exc: tomllib.TOMLDecodeError) -> str:
    """Why tomllib refused a file, in the players' language: its common reasons in German
    too, with where (line and column, or the end); any other as tomllib says it (as
    model/jsontext.py does for ``json``'s)."""
    found = _TOML_WHERE.fullmatch(str(exc))
    if found is None:
        return str(exc)
    said, line, column, end = found.groups()
    reason = text(TOML_REASONS[said]) if said in TOML_REASONS else said
    if end:
        return text("config.toml_end", reason=reason)
    return text("config.toml_at", reason=reason, line=line, column=column)


def parse_config(
    data: Mapping[str, Any],
    source: str = "<config>",
    path: Path | None = None,
    found_by: str = "file",
) -> Config:
    """A checked Config from parsed TOML; ConfigError with one line per bad key."""
    problems: list[str] = []
    top = Table(data, "", source, problems)
    camera = _camera(top.table("camera"))
    panel = _panel(top.table("panel"))
    web = _web(top.table("web"))
    voice = _voice(top.table("voice"))
    game, colours = _game(top.table("game"))
    hub = _hub(top.table("hub"))
    if not _seats_written(data):  # the built-in seats: those of the game's colours only
        panel = _seats_of(panel, colours)
    colours_said = texts_colours(colours)  # by their names, in the reader's language
    for colour in config_seats(panel, colours):
        said = {"source": source, "colour": colour, "colours": colours_said}
        problems.append(text("config.seat_colour", **said))
    data_dir = top.text("data_dir", None)
    if data_dir is not None and not data_dir.strip():  # Path("") is ".", not the default
        top.bad("data_dir", text("config.data_dir_empty", default=str(default_data_dir())))
    log_level = top.choice("log_level", "info", LOG_LEVELS)
    language = top.choice("language", "auto", LANGUAGES)
    top.finish()
    if problems:
        raise ConfigError(problems)
    return Config(
        camera=camera,
        panel=panel,
        web=web,
        voice=voice,
        game=game,
        hub=hub,
        data_dir=Path(data_dir).expanduser() if data_dir else default_data_dir(),
        log_level=log_level,
        language=language,
        path=path,
        found_by=found_by,
    )


def _camera(t: Table) -> CameraConfig:
    d = CameraConfig()
    source = t.choice("source", d.source, CAMERA_SOURCES)
    device = t.get("device", d.device, (int, str), text("config.what.device"))
    if isinstance(device, int) and device < 0:
        t.bad("device", text("config.device_negative"))
    path = t.text("path", None)
    if source == "folder" and path is None:
        t.bad("path", text("config.path_needed"))
    elif path is not None and not Path(path).expanduser().exists():
        t.bad("path", text("config.no_path", path=path))
    config = CameraConfig(
        source=source,
        device=device,
        path=Path(path).expanduser() if path else None,
        loop=t.flag("loop", d.loop),
        fps=t.number("fps", d.fps, 0, 120),
        width=int(t.number("width", d.width, 16, 8192, whole=True)),
        height=int(t.number("height", d.height, 16, 8192, whole=True)),
        retry_initial=t.number("retry_initial", d.retry_initial, 0.01, 3600),
        retry_max=t.number("retry_max", d.retry_max, 0.01, 3600),
    )
    t.finish()
    return config


def _panel(t: Table) -> PanelConfig:
    d = PanelConfig()
    pins_table = t.table("pins")
    pins = _pins(pins_table)
    config = PanelConfig(
        enabled=t.flag("enabled", d.enabled),
        pin_factory=t.choice("pin_factory", d.pin_factory, PIN_FACTORIES),
        electronic_dice=t.flag("electronic_dice", d.electronic_dice),
        hold_seconds=t.number("hold_seconds", d.hold_seconds, 0.2, 10),
        pins=pins,
    )
    t.finish()
    return config


def _pins(t: Table) -> PanelPins:
    d = PanelPins()
    seats_table = t.table("seats") if "seats" in t.data else None
    seats = dict(d.seats)
    if seats_table is not None:
        seats = {}
        for colour in list(seats_table.data):
            pin = seats_table.pin(colour, None)
            if pin is not None:
                seats[colour] = pin
        seats_table.finish()
    rgb_raw = t.get("verdict_rgb", None, list, text("config.what.rgb"))
    rgb: tuple[int, int, int] | None = None
    if rgb_raw is not None:
        if len(rgb_raw) == 3 and all(is_pin(p) for p in rgb_raw):
            rgb = (rgb_raw[0], rgb_raw[1], rgb_raw[2])
        else:
            t.bad("verdict_rgb", text("config.rgb"))
    pins = PanelPins(
        seats=seats,
        verdict_ok=t.pin("verdict_ok", None if rgb else d.verdict_ok),
        verdict_bad=t.pin("verdict_bad", None if rgb else d.verdict_bad),
        verdict_rgb=rgb,
        read_dice=t.pin("read_dice", d.read_dice),
        confirm=t.pin("confirm", d.confirm),
        undo=t.pin("undo", d.undo),
        roll=t.pin("roll", d.roll),
    )
    if rgb and (pins.verdict_ok is not None or pins.verdict_bad is not None):
        t.bad("verdict_rgb", text("config.rgb_both"))
    seen: dict[int, str] = {}
    for key, pin in pins.used().items():
        if pin in seen:
            t.bad(key, text("config.pin_used", pin=pin, other=seen[pin]))
        seen.setdefault(pin, key)
    t.finish()
    return pins


def _web(t: Table) -> WebConfig:
    d = WebConfig()
    pin = t.get("pin", None, str, text("config.what.pin"))
    problem = pin_problem(pin) if pin is not None else None
    if problem:
        t.bad("pin", text("config.web_pin", problem=problem))
    config = WebConfig(
        host=t.text("host", d.host) or d.host,
        port=int(t.number("port", d.port, 1, 65535, whole=True)),
        pin=pin,
        unlock_minutes=int(
            t.number("unlock_minutes", d.unlock_minutes, 1, 7 * 24 * 60, whole=True)
        ),
        behind_proxy=t.flag("behind_proxy", d.behind_proxy),
        hosts=_hosts(t),
    )
    t.finish()
    return config


def _hosts(t: Table) -> tuple[str, ...]:
    """``[web] hosts``: host names such as a reverse proxy's (the page refuses others)."""
    what = text("config.what.hosts")
    names = t.get("hosts", [], list, what)
    if not all(isinstance(n, str) and NAME.fullmatch(n) for n in names):
        t.bad("hosts", text("config.hosts", what=what))
        return ()
    return tuple(n.lower().rstrip(".") for n in names)


def _voice(t: Table) -> VoiceConfig:
    d = VoiceConfig()
    config = VoiceConfig(
        enabled=t.flag("enabled", d.enabled),
        command=t.text("command", d.command) or d.command,
        voice=t.text("voice", d.voice) or d.voice,
        rate=int(t.number("rate", d.rate, 50, 500, whole=True)),
    )
    t.finish()
    return config


def _hub(t: Table) -> HubConfig:
    d = HubConfig()
    config = HubConfig(
        broker=t.text("broker", d.broker),
        port=int(t.number("port", d.port, 1, 65535, whole=True)),
        club=t.text("club", d.club) or d.club,
        table=t.text("table", d.table),
        username=t.text("username", d.username),
        password_file=t.text("password_file", d.password_file),
        tls=t.flag("tls", d.tls),
        ca_file=t.text("ca_file", d.ca_file),
    )
    for key in ("club", "table"):
        name = getattr(config, key)
        if name is not None and not HUB_NAME.fullmatch(name):
            t.bad(key, text("config.hub_name"))
    t.finish()
    return config


def _seats_written(data: Mapping[str, Any]) -> bool:
    """Whether the file has its own ``[panel.pins.seats]`` (else the built-in seats hold)."""
    panel = data.get("panel")
    pins = panel.get("pins") if isinstance(panel, dict) else None
    return isinstance(pins, dict) and "seats" in pins


def _seats_of(panel: PanelConfig, colours: tuple[str, ...]) -> PanelConfig:
    """``panel`` with the built-in seat LEDs of ``colours`` only: Türme's board has no
    white, so a file that names only the game must not be refused over the built-in
    white seat (trial s10); all of them where the layout could not be read."""
    if not colours:
        return panel
    seats = {c: pin for c, pin in panel.pins.seats.items() if c in colours}
    return replace(panel, pins=replace(panel.pins, seats=seats))


def config_seats(panel: PanelConfig, colours: tuple[str, ...]) -> list[str]:
    """The seat LEDs named by a colour that the layout has no player for (typos)."""
    return [c for c in panel.pins.seats if colours and c not in colours]


def _game(t: Table) -> tuple[GameConfig, tuple[str, ...]]:
    """The game section, and the player colours of its layout (empty if it cannot load)."""
    name = t.choice("name", "gravitation", tuple(GAMES))
    spec = GAMES.get(name, GAMES["gravitation"])
    said = t.get("players", None, list, text("config.what.players"))
    # the colours as `--players` takes them ("rot", "weiss"), ids from here on; the word
    # as written where one is refused (texts.colour_id, new-user trial s10)
    named = {} if said is None else {colour_id(p): p for p in said if isinstance(p, str)}
    players = None if said is None else [colour_id(p) if isinstance(p, str) else p for p in said]
    if players is not None and not (
        all(isinstance(p, str) for p in players)
        and len(set(players)) == len(players)
        and spec.min_players <= len(players) <= spec.max_players
    ):
        t.bad("players", text("config.players_count", low=spec.min_players, high=spec.max_players))
    layout = t.text("layout", None)
    colours: tuple[str, ...] = ()
    try:
        colours = load_layout(layout or spec.default_layout).colours
    except CompanionError as exc:
        t.bad("layout", message(exc))
    if players is not None and colours and not set(players) <= set(colours):
        unknown = ", ".join(named[p] for p in players if p not in colours)
        names = texts_colours(colours)  # by their names, in the reader's language
        t.bad("players", text("config.players_unknown", unknown=unknown, colours=names))
    phase = t.get("phase", None, int, text("config.what.whole"))
    if phase is not None and phase not in spec.phases:
        phases = str(list(spec.phases)) if spec.phases else text("config.no_phases")
        t.bad("phase", text("config.phases", title=spec.title, phases=phases))
    options_table = t.table("options")
    known = spec.option_defaults()
    options = dict(known)  # the effective switches: defaults, then the file's
    for key in list(options_table.data):
        if key in known:  # an unknown key is reported by finish() with a suggestion
            options[key] = options_table.flag(key, known[key])
    options_table.allowed = set(known)
    options_table.finish()
    config = GameConfig(
        name=name,
        players=tuple(players) if players is not None else None,
        phase=phase,
        layout=layout,
        options=options,
        named="name" in t.data,
    )
    t.finish()
    return config, colours
