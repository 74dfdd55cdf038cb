"""German and English words of the page. German is the table's language; English glosses.

The language comes from ``?lang=de|en`` (kept in the session), else the browser's
Accept-Language, else German.
"""

from __future__ import annotations

from flask import Flask, request, session

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "to_move": "ist am Zug",
        "energy": "Energiespeicher",
        "rules": "Regeln",
        "setup": "Neues Spiel",
        "game": "Spiel",
        "phase": "Phase",
        "players": "Spieler (in Zugreihenfolge)",
        "options": "Regelschalter",
        "start": "Spiel beginnen",
        "pin": "Schiedsrichter-PIN",
        "unlock": "Freischalten",
        "pin_needed": "Für Änderungen am Spiel braucht es die Schiedsrichter-PIN.",
        "pin_wrong": "Die PIN stimmt nicht.",
        "pin_ok": "Änderungen freigeschaltet.",
        "started": "Neues Spiel begonnen.",
        "table": "Tisch",
        "language": "English",
        "phase_setup": "Bitte die Steine aufstellen wie gezeigt",
        "phase_roll": "Würfeln",
        "phase_move": "Zug ausführen",
        "phase_decide": "Welcher Zug war gemeint?",
        "phase_rejected": "Steine zurückstellen",
        "phase_over": "Spiel vorbei",
        "camera_lost": "Die Kamera sieht nichts",
        "camera_retry": "nächster Versuch in",
        "dice": "Würfel",
        "enter_dice": "Würfel eintragen",
        "confirm_board": "Die Steine stehen wie gezeigt",
        "legal_moves": "Erlaubte Züge",
        "nearest": "Nächste erlaubte Ansagen",
        "history": "Verlauf",
        "undo": "Letzten Zug zurücknehmen",
        "teach": "Lernen",
        "panel": "Bedienfeld",
        "camera": "Kamera",
        "announce": "Ansage des letzten Zugs",
        "check": "Prüfen",
        "button_read_dice": "Würfel lesen",
        "button_confirm": "Bestätigen",
        "button_undo": "Zurück",
        "button_roll": "Würfeln",
    },
    "en": {
        "to_move": "to move",
        "energy": "Energy stores",
        "rules": "Rule switches",
        "setup": "New game",
        "game": "Game",
        "phase": "Phase",
        "players": "Players (in turn order)",
        "options": "Rule switches",
        "start": "Start the game",
        "pin": "Referee PIN",
        "unlock": "Unlock",
        "pin_needed": "Changing the game needs the referee PIN.",
        "pin_wrong": "That PIN is not right.",
        "pin_ok": "Changes unlocked.",
        "started": "A new game has begun.",
        "table": "Table",
        "language": "Deutsch",
        "phase_setup": "Set up the pieces as shown",
        "phase_roll": "Roll the dice",
        "phase_move": "Make your move",
        "phase_decide": "Which move was meant?",
        "phase_rejected": "Set the pieces back",
        "phase_over": "Game over",
        "camera_lost": "The camera sees nothing",
        "camera_retry": "next try in",
        "dice": "Dice",
        "enter_dice": "Enter the dice",
        "confirm_board": "The pieces stand as shown",
        "legal_moves": "Legal moves",
        "nearest": "Nearest legal announcements",
        "history": "History",
        "undo": "Take back the last move",
        "teach": "Learn",
        "panel": "Panel",
        "camera": "Camera",
        "announce": "Announcement of the last move",
        "check": "Check",
        "button_read_dice": "Read the dice",
        "button_confirm": "Confirm",
        "button_undo": "Undo",
        "button_roll": "Roll",
    },
}


def language() -> str:
    chosen = request.args.get("lang")
    if chosen in TEXTS:
        session["lang"] = chosen
        return chosen
    kept = session.get("lang")
    if isinstance(kept, str) and kept in TEXTS:
        return kept
    return request.accept_languages.best_match(list(TEXTS), default="de") or "de"


def t(key: str) -> str:
    """The word for ``key`` in the page's language (the key itself if none is known)."""
    return TEXTS[language()].get(key, TEXTS["en"].get(key, key))


def init_i18n(app: Flask) -> None:
    app.jinja_env.globals["t"] = t
    app.jinja_env.globals["language"] = language
