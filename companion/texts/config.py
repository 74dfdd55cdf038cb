"""Why a config file cannot be used (companion/settings/config.py, settings/tomlcheck.py)
and what a good referee PIN is (settings/pin.py): German, then English. Keys
(``camera.source``), TOML values and the examples in TOML stay as the file writes them.
A config with several bad keys is said a line per key."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # the file (settings/config.py)
    "config.lines": ("{lines}", "{lines}"),
    "config.bad": ("{source}: {key}: {why}", "{source}: {key}: {why}"),
    "config.no_file": (
        "{path}: diese Konfigurationsdatei gibt es nicht (angegeben mit {how})",
        "{path}: no such config file (given by {how})",
    ),
    "config.none": (
        "{path}: diese Konfigurationsdatei gibt es nicht",
        "{path}: no such config file",
    ),
    "config.unread": ("{path}: kann nicht lesen: {why}", "{path}: cannot read: {why}"),
    "config.not_toml": ("{path}: kein gültiges TOML: {why}", "{path}: not valid TOML: {why}"),
    "config.toml_at": (
        "{reason} (Zeile {line}, Spalte {column})",
        "{reason} (at line {line}, column {column})",
    ),
    "config.toml_end": ("{reason} (am Ende der Datei)", "{reason} (at end of document)"),
    "config.toml.value": ("ungültiger Wert", "Invalid value"),
    "config.toml.equals": (
        "nach dem Schlüssel fehlt '='",
        "Expected '=' after a key in a key/value pair",
    ),
    "config.toml.overwrite": (
        "ein Wert ist schon gesetzt (ein Schlüssel zweimal?)",
        "Cannot overwrite a value",
    ),
    "config.toml.newline": (
        "nach einem Eintrag gehört ein Zeilenende",
        "Expected newline or end of document after a statement",
    ),
    "config.toml.statement": ("ungültige Zeile", "Invalid statement"),
    "config.toml.unclosed_array": ("Liste ohne schließende ]", "Unclosed array"),
    "config.toml.unclosed_table": ("Tabelle ohne schließende }", "Unclosed inline table"),
    "config.toml.unterminated": ("Zeichenkette ohne Ende", "Unterminated string"),
    "config.toml.table_end": (
        "am Ende des Tabellennamens fehlt ']'",
        "Expected ']' at the end of a table declaration",
    ),
    "config.toml.key_start": (
        "ungültiges Zeichen am Anfang eines Schlüssels",
        "Invalid initial character for a key part",
    ),
    "config.too_deep": (
        "{path}: kein gültiges TOML: zu tief verschachtelt",
        "{path}: not valid TOML: nested too deep",
    ),
    # a key (settings/tomlcheck.py)
    "config.must_be": ("muss {what} sein, nicht {value}", "must be {what}, not {value}"),
    "config.what.table": ("eine Tabelle [{key}]", "a table [{key}]"),
    "config.what.string": ("eine Zeichenkette in Anführungszeichen", "a string in quotes"),
    "config.what.flag": ("true oder false", "true or false"),
    "config.what.choice": ("eines von {choices}", "one of {choices}"),
    "config.what.whole": ("eine ganze Zahl", "a whole number"),
    "config.what.number": ("eine Zahl", "a number"),
    "config.what.device": (
        "eine Kameranummer (0) oder ein Gerätepfad",
        "a camera index (0) or a device path",
    ),
    "config.what.rgb": (
        "eine Liste von drei Pins [rot, grün, blau]",
        "a list of three pins [red, green, blue]",
    ),
    "config.what.pin": (
        'eine Zeichenkette aus Ziffern, z. B. "284913"',
        'a string of digits, e.g. "284913"',
    ),
    "config.what.hosts": (
        'eine Liste von Rechnernamen, z. B. ["referee.club.example"]',
        'a list of host names, e.g. ["referee.club.example"]',
    ),
    "config.what.players": (
        'eine Liste von Farben, z. B. ["red", "blue"]',
        'a list of colours, e.g. ["red", "blue"]',
    ),
    "config.one_of": (
        "muss eines von {choices} sein, nicht {value}",
        "must be one of {choices}, not {value}",
    ),
    "config.between": (
        "muss zwischen {lo} und {hi} liegen, nicht {value}",
        "must be between {lo} and {hi}, not {value}",
    ),
    "config.pin_number": (
        "muss eine BCM-Pinnummer 0..27 oder false sein, nicht {value}",
        "must be a BCM pin number 0..27 or false, not {value}",
    ),
    "config.unknown": ("unbekannter Schlüssel", "unknown key"),
    "config.unknown_hint": (
        "unbekannter Schlüssel (meinten Sie {close}?)",
        "unknown key (did you mean {close}?)",
    ),
    # the sections' own checks (settings/config.py)
    "config.data_dir_empty": (
        "ist leer: bitte einen Ordner angeben oder die Zeile weglassen (dann gilt {default})",
        "is empty: give a folder, or leave the line out to use {default}",
    ),
    "config.seat_colour": (
        "{source}: panel.pins.seats.{colour}: keine Spielerfarbe auf dem Brett des Spiels "
        "({colours})",
        "{source}: panel.pins.seats.{colour}: not a player colour of the game's layout ({colours})",
    ),
    "config.device_negative": ("muss 0 oder mehr sein", "must be 0 or more"),
    "config.path_needed": (
        'wird mit source = "folder" gebraucht (ein Ordner mit Bildern oder ein Video)',
        'is needed with source = "folder" (a folder of images or a video)',
    ),
    "config.no_path": (
        "diesen Ordner oder diese Videodatei gibt es nicht: {path}",
        "no such folder or video file: {path}",
    ),
    "config.rgb": (
        "müssen drei BCM-Pinnummern 0..27 sein [rot, grün, blau]",
        "must be three BCM pin numbers 0..27 [red, green, blue]",
    ),
    "config.rgb_both": (
        "entweder verdict_rgb oder verdict_ok/verdict_bad, nicht beides",
        "use either verdict_rgb or verdict_ok/verdict_bad, not both",
    ),
    "config.pin_used": ("Pin {pin} belegt schon {other}", "pin {pin} is already used by {other}"),
    "config.web_pin": (
        '{problem}; in Anführungszeichen, z. B. pin = "284913"',
        '{problem}, in quotes, e.g. pin = "284913"',
    ),
    "config.hosts": ("muss {what} sein", "must be {what}"),
    "config.hub_name": (
        "1 bis 40 Buchstaben, Ziffern, '-' oder '_' (eine Ebene eines MQTT-Themas)",
        "1 to 40 letters, digits, '-' or '_' (one MQTT topic level)",
    ),
    "config.players_count": (
        'müssen {low} bis {high} verschiedene Farben sein, z. B. ["red", "blue"]',
        'must be {low} to {high} different colours, e.g. ["red", "blue"]',
    ),
    "config.players_unknown": (
        "{unknown}: keine Spielerfarbe des Bretts ({colours})",
        "{unknown}: not a player colour of the layout ({colours})",
    ),
    "config.phases": ("{title} hat die Phasen {phases}", "{title} has phases {phases}"),
    "config.no_phases": ("keine", "none"),
    # the referee PIN (settings/pin.py, companion pin)
    "pin.rule": (
        "mindestens {digits} Ziffern 0-9 oder eine Passphrase aus {least} bis {most} druckbaren "
        "ASCII-Zeichen",
        "at least {digits} digits 0-9, or a passphrase of {least} to {most} printable ASCII "
        "characters",
    ),
    "pin.ascii": ("nur ASCII-Zeichen sind erlaubt ({rule})", "only ASCII is allowed ({rule})"),
    "pin.control": (
        "keine Steuerzeichen und keine Leerzeichen am Anfang oder Ende ({rule})",
        "no control characters and no spaces at either end ({rule})",
    ),
    "pin.long": ("zu lang ({rule})", "too long ({rule})"),
    "pin.short": ("zu kurz ({rule})", "too short ({rule})"),
    "pin.short_phrase": (
        "zu kurz für eine Passphrase ({rule})",
        "too short for a passphrase ({rule})",
    ),
    "pin.not_good": (
        "{where}: die Schiedsrichter-PIN taugt nicht: {problem}",
        "{where}: the referee PIN is not good: {problem}",
    ),
    "pin.unread": (
        "{path}: kann die Schiedsrichter-PIN nicht lesen: {why}",
        "{path}: cannot read the referee PIN: {why}",
    ),
    "pin.not_ascii": ("kein ASCII-Text", "not ASCII text"),
    "pin.next_start": (
        "die Seite fragt ab dem nächsten Start von `companion serve` nach ihr",
        "the page asks for it from the next start of `companion serve`",
    ),
    "pin.in_config": (
        "{path}: web.pin legt die PIN fest; bitte dort ändern",
        "{path}: web.pin sets the PIN; change it there",
    ),
}
