"""The command line's own words: argparse's usage errors and ``-h``'s headings, and the
argument types' refusals (companion/cli/usage.py says argparse's English sentences in
these words; the ids under ``argparse.`` are argparse's templates, one for one)."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # the line of a usage error: what is wrong, then where to read what to type
    "cli.usage_error": (
        "{prog}: {reason} (so geht es: {prog} --help)",
        "{prog}: {reason} (see --help)",
    ),
    # -h's headings and the helps every parser has
    "cli.usage": ("Aufruf: ", "usage: "),
    "cli.description": (
        "Ein Schiedsrichter mit Kamera für Brettspiele.",
        "A camera referee for tabletop games.",
    ),
    "cli.positionals": ("Argumente", "positional arguments"),
    "cli.options": ("Optionen", "options"),
    "cli.help": ("diese Hilfe zeigen und beenden", "show this help message and exit"),
    "cli.version": ("die Version zeigen und beenden", "show program's version number and exit"),
    "cli.lang": (
        "die Sprache des Schiedsrichters (sonst die 'language' der Konfiguration, sonst "
        "Deutsch, wo das Gebietsschema deutsch ist, sonst Englisch)",
        "the language of the referee's words (default: the config's 'language', "
        "else German where the locale is German, else English)",
    ),
    # the arguments argparse names by their dest: the command, journal's action, sample's
    "cli.arg.command": ("Befehl", "command"),
    "cli.arg.action": ("Aufgabe", "action"),
    "cli.arg.what": ("dice oder game", "dice or game"),
    "cli.arg.announcement": ("ANSAGE", "ANNOUNCEMENT"),
    # the placeholders of -h (argparse's metavars), German where the help is (review nc16:
    # "DATEI" beside German help, not "FILE"); one not here is shown as the code names it
    "cli.metavar.POSITION": ("STELLUNG", "POSITION"),
    "cli.metavar.LAYOUT": ("BRETT", "LAYOUT"),
    "cli.metavar.FILE": ("DATEI", "FILE"),
    "cli.metavar.FILE.csv": ("DATEI.csv", "FILE.csv"),
    "cli.metavar.FOLDER": ("ORDNER", "FOLDER"),
    "cli.metavar.FRAMES_DIR": ("BILDORDNER", "FRAMES_DIR"),
    "cli.metavar.COLOUR": ("FARBE", "COLOUR"),
    "cli.metavar.COLOURS": ("FARBEN", "COLOURS"),
    "cli.metavar.PX_PER_MM": ("PX_PRO_MM", "PX_PER_MM"),
    "cli.metavar.STEP": ("SCHRITT", "STEP"),
    "cli.metavar.PHOTO": ("FOTO", "PHOTO"),
    "cli.metavar.IMAGE": ("BILD", "IMAGE"),
    "cli.metavar.FIELD": ("FELD", "FIELD"),
    "cli.metavar.KIND": ("ART", "KIND"),
    "cli.metavar.SIZE": ("GRÖSSE", "SIZE"),
    "cli.metavar.HOST": ("RECHNER", "HOST"),
    "cli.metavar.ROLL": ("WURF", "ROLL"),
    "cli.metavar.TO": ("ZIEL", "TO"),
    "cli.metavar.GAME": ("SPIEL", "GAME"),
    "cli.metavar.SEED": ("STARTWERT", "SEED"),
    "cli.metavar.CLUB": ("VEREIN", "CLUB"),
    "cli.metavar.OUTPUT": ("AUSGABE", "OUTPUT"),
    "cli.metavar.COUNT": ("ANZAHL", "COUNT"),
    "cli.metavar.PLAYERS": ("SPIELER", "PLAYERS"),
    "cli.metavar.TURNS": ("ZÜGE", "TURNS"),
    "cli.metavar.TABLE": ("TISCH", "TABLE"),
    "cli.metavar.DEVICE": ("GERÄT", "DEVICE"),
    "cli.metavar.BUTTON": ("TASTE", "BUTTON"),
    # argparse's sentences
    "argparse.argument": ("{argument}: {message}", "argument {argument}: {message}"),
    "argparse.required.one": (
        "es fehlt: {names}",
        "the following arguments are required: {names}",
    ),
    "argparse.required.other": (
        "es fehlen: {names}",
        "the following arguments are required: {names}",
    ),
    "argparse.one_required": (
        "eines davon ist nötig: {names}",
        "one of the arguments {names} is required",
    ),
    "argparse.unrecognized": (
        "kenne ich nicht: {words}",
        "unrecognized arguments: {words}",
    ),
    "argparse.not_allowed": (
        "geht nicht zusammen mit {other}",
        "not allowed with argument {other}",
    ),
    "argparse.explicit": (
        "nimmt keinen Wert, also nicht {value}",
        "ignored explicit argument {value}",
    ),
    "argparse.one": ("braucht einen Wert dahinter", "expected one argument"),
    "argparse.at_most_one": ("nimmt höchstens einen Wert", "expected at most one argument"),
    "argparse.at_least_one": (
        "braucht mindestens einen Wert dahinter",
        "expected at least one argument",
    ),
    "argparse.n.one": ("braucht {count} Wert dahinter", "expected {count} argument"),
    "argparse.n.other": ("braucht {count} Werte dahinter", "expected {count} arguments"),
    "argparse.ambiguous": (
        "{option} ist mehrdeutig: gemeint ist eines von {matches}",
        "ambiguous option: {option} could match {matches}",
    ),
    "argparse.unexpected": (
        "{option} ist hier fehl am Platz",
        "unexpected option string: {option}",
    ),
    "argparse.type": ("{value} passt nicht: gefragt ist {type}", "invalid {type} value: {value}"),
    "argparse.choice": (
        "{value} gibt es nicht; zur Wahl stehen {choices}",
        "invalid choice: {value} (choose from {choices})",
    ),
    "argparse.choice_near": (  # a choice almost right: the one meant (trial s11 L2)
        "{value} gibt es nicht; meintest du {near}? (zur Wahl stehen {choices})",
        "invalid choice: {value}; did you mean {near}? (choose from {choices})",
    ),
    "argparse.type.float": ("eine Zahl", "float"),
    "argparse.type.int": ("eine ganze Zahl", "int"),
    # what main() says of a line it cannot run (companion/cli/__init__.py)
    "cli.nul": ("ein Argument enthält ein NUL-Zeichen", "an argument holds a NUL character"),
    "cli.memory": (
        "kein Speicher mehr (ist die Eingabe zu groß?)",
        "out of memory (is the input too large?)",
    ),
    "cli.internal": (
        "interner Fehler ({error}); bitte mit der Befehlszeile melden (README.md: Exit-Status 3)",
        "internal error ({error}); please report it with the command line (README.md: exit "
        "status 3)",
    ),
    # the argument types of companion/cli/common.py and moves --limit
    "cli.not_whole": ("{value} ist keine ganze Zahl", "{value} is not a whole number"),
    "cli.not_number": ("{value} ist keine Zahl", "{value} is not a number"),
    "cli.not_between": (
        "{value} liegt nicht zwischen {low} und {high}",
        "{value} is not between {low} and {high}",
    ),
    "cli.limit": (
        "eine Grenze ist eine ganze Zahl von Zügen, 1 oder mehr, nicht {value}",
        "a limit is a whole number of moves, 1 or more, not {value}",
    ),
}
