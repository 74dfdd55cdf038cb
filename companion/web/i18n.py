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
        "lock": "Wieder sperren",
        "pin_here": "Schiedsrichter-PIN (nur auf diesem Bildschirm, eine Minute lang):",
        "journal_problem": (
            "Das Spielprotokoll kann nicht geschrieben werden; nichts geht verloren, "
            "aber der Schiedsrichter wartet:"
        ),
        "pin_wait": "Zu viele falsche PINs: bitte kurz warten, dann noch einmal versuchen.",
        "locked": "Gesperrt: Änderungen brauchen wieder die PIN.",
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
        "record": "Partie mitnehmen",
        "join": "Mitspielen",
        "join_how": "Mit der Kamera des Handys scannen: die Seite dieses Tisches öffnet sich "
        "(im selben WLAN).",
        "record_text": "als Text",
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
        "speak_browser": "Im Browser vorlesen",
        "speak_unable": "(dieser Browser kann nicht sprechen)",
        "say_illegal": "Dieser Zug ist nicht erlaubt.",
        "say_setup": "Bitte die Steine aufstellen wie gezeigt.",
        "say_ambiguous": "Welcher Zug war gemeint?",
        "calibrate": "Kalibrieren",
        "cal_legend": (
            "Türkis: erkannte Marken · grauer Kreis: leeres Feld · Ring in Steinfarbe: Stein "
            "erkannt · rot: unsicher · Kasten: Würfel mit Augenzahl"
        ),
        "cal_colours": "Farben der Steine",
        "cal_how": (
            "Unter der Spiellampe: erst das leere Brett aufnehmen, dann die Startaufstellung "
            "(jeder Stein auf seiner Station), dann einmessen. Nichts darf das Brett verdecken."
        ),
        "cal_capture_empty": "Leeres Brett aufnehmen",
        "cal_capture_start": "Startaufstellung aufnehmen",
        "cal_empty": "leeres Brett",
        "cal_start": "Startaufstellung",
        "cal_captured_empty": "Leeres Brett aufgenommen.",
        "cal_captured_start": "Startaufstellung aufgenommen.",
        "cal_fit": "Farben einmessen und speichern",
        "cal_saved": "Kalibrierung gespeichert; die Kamera liest ab jetzt damit.",
        "cal_file": "Kalibrierdatei",
        "cal_lens": "Objektiv",
        "cal_guessed": "geschätzt (nicht vermessen)",
        "cal_board": "Brett",
        "cal_corners": "vier Ecken",
        "cal_markers": "ArUco-Marken",
        "cal_defaults": "Standardfarben",
        "cal_none_yet": "Noch keine Kalibrierung: es gelten die Standardfarben.",
        "cal_no_camera": "Keine Kamera: die Kalibrierung braucht das Kamerabild.",
        "cal_no_board": (
            "Die Kamera sieht das Brett nicht (weniger als 3 Marken); nichts aufgenommen."
        ),
        "cal_no_file": (
            "Kein Datenverzeichnis eingestellt: die Kalibrierung kann nicht gespeichert werden."
        ),
        "cal_nothing": "Erst beide Fotos aufnehmen: das leere Brett und die Startaufstellung.",
        "cal_bad_kind": "Aufnehmen geht nur als leeres Brett oder Startaufstellung.",
        "cal_restore": "Vorherige Kalibrierung wiederherstellen",
        "cal_reset": "Auf Standardfarben zurücksetzen",
        "cal_restored": (
            "Vorherige Kalibrierung wiederhergestellt; die Kamera liest ab jetzt damit."
        ),
        "cal_reset_done": (
            "Standardfarben gelten wieder; die bisherige Kalibrierung ist als Sicherung aufgehoben."
        ),
        "voice": "Stimme am Tisch (espeak-ng)",
        "voice_on": "an",
        "voice_off": "aus",
        "voice_switch_on": "Einschalten",
        "voice_switch_off": "Ausschalten",
        "voice_missing": "espeak-ng ist nicht installiert",
        "voice_now_on": "Die Stimme am Tisch ist an.",
        "voice_now_off": "Die Stimme am Tisch ist aus.",
        "back_to_table": "Zurück zum Tisch",
        "error_400": "Ungültige Anfrage",
        "error_400_text": "Die Anfrage war nicht zu verstehen.",
        "error_403": "Nicht erlaubt",
        "error_403_text": "Das darf nur der Schiedsrichter.",
        "error_404": "Nicht gefunden",
        "error_404_text": "Diese Seite gibt es nicht.",
        "error_405": "Falsche Methode",
        "error_405_text": "Diese Seite nimmt diese Art Anfrage nicht an.",
        "error_409": "Passt gerade nicht",
        "error_409_text": "Das passt nicht zum Stand des Spiels.",
        "error_413": "Zu groß",
        "error_413_text": "Das Formular ist zu groß (höchstens 64 KB).",
        "error_429": "Zu viele Anfragen",
        "error_429_text": "Zu viele Formulare in einer Minute; bitte kurz warten.",
        "error_500": "Fehler im Schiedsrichter",
        "error_500_text": "Etwas ist schiefgegangen; das Protokoll sagt mehr.",
        "error_503": "Gerade voll",
        "error_503_text": "Der Schiedsrichter ist gerade ausgelastet; bitte gleich noch einmal.",
        "err_csrf": "Das Formular ist abgelaufen oder kam von anderswo; bitte die Seite neu laden.",
        "err_dice": "Bitte beide Würfel als Zahlen von 1 bis 6 eintragen.",
        "err_no_move": "Diesen Zug gibt es jetzt nicht.",
        "err_no_button": "Diesen Knopf gibt es nicht.",
        "err_undo_pin": "Einen Zug zurücknehmen braucht die Schiedsrichter-PIN.",
        "err_no_camera": "Keine Kamera angeschlossen.",
        "err_no_photo": "Dieses Foto wurde nicht aufgenommen.",
        "err_no_voice": "Dieser Schiedsrichter hat keine Stimme.",
        "err_voice_on": "Die Stimme geht nur an (1) oder aus (0).",
        "err_busy": (
            "Zu viele offene Seiten und Kamerabilder; in ein paar Sekunden geht es wieder."
        ),
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
        "lock": "Lock again",
        "pin_here": "Referee PIN (on this screen only, for a minute):",
        "journal_problem": (
            "The game's journal cannot be written; nothing is lost, but the referee waits:"
        ),
        "pin_wait": "Too many wrong PINs: please wait a moment, then try again.",
        "locked": "Locked: changes need the PIN again.",
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
        "record": "Take the game home",
        "join": "Join",
        "join_how": "Scan with a phone's camera to open this table's page (on the same Wi-Fi).",
        "record_text": "as text",
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
        "speak_browser": "Speak in this browser",
        "speak_unable": "(this browser cannot speak)",
        "say_illegal": "This move is not allowed.",
        "say_setup": "Please set up the pieces as shown.",
        "say_ambiguous": "Which move was meant?",
        "calibrate": "Calibrate",
        "cal_legend": (
            "Cyan: markers found · grey circle: empty field · ring in a piece colour: piece read "
            "· red: unsure · box: a die and its value"
        ),
        "cal_colours": "Piece colours",
        "cal_how": (
            "Under the lamp you play with: capture the empty board, then the start position "
            "(every piece on its station), then fit. Nothing may cover the board."
        ),
        "cal_capture_empty": "Capture the empty board",
        "cal_capture_start": "Capture the start position",
        "cal_empty": "empty board",
        "cal_start": "start position",
        "cal_captured_empty": "Empty board captured.",
        "cal_captured_start": "Start position captured.",
        "cal_fit": "Fit the colours and save",
        "cal_saved": "Calibration saved; the camera reads with it from now on.",
        "cal_file": "Calibration file",
        "cal_lens": "Lens",
        "cal_guessed": "guessed (not measured)",
        "cal_board": "Board",
        "cal_corners": "four corners",
        "cal_markers": "ArUco markers",
        "cal_defaults": "standard colours",
        "cal_none_yet": "No calibration yet: the standard colours apply.",
        "cal_no_camera": "No camera: calibration needs the camera's view.",
        "cal_no_board": (
            "The camera does not see the board (fewer than 3 markers); nothing captured."
        ),
        "cal_no_file": "No data directory set: the calibration cannot be saved.",
        "cal_nothing": "Capture both photos first: the empty board and the start position.",
        "cal_bad_kind": "Only the empty board or the start position can be captured.",
        "cal_restore": "Restore the previous calibration",
        "cal_reset": "Reset to the standard colours",
        "cal_restored": "Previous calibration restored; the camera reads with it from now on.",
        "cal_reset_done": "The standard colours apply again; the calibration is kept as a backup.",
        "voice": "Voice at the table (espeak-ng)",
        "voice_on": "on",
        "voice_off": "off",
        "voice_switch_on": "Switch on",
        "voice_switch_off": "Switch off",
        "voice_missing": "espeak-ng is not installed",
        "voice_now_on": "The voice at the table is on.",
        "voice_now_off": "The voice at the table is off.",
        "back_to_table": "Back to the table",
        "error_400": "Bad request",
        "error_400_text": "The request could not be understood.",
        "error_403": "Not allowed",
        "error_403_text": "Only the referee may do that.",
        "error_404": "Not found",
        "error_404_text": "There is no such page.",
        "error_405": "Wrong method",
        "error_405_text": "This page does not take this kind of request.",
        "error_409": "Not now",
        "error_409_text": "That does not fit the state of the game.",
        "error_413": "Too large",
        "error_413_text": "The form is too large (at most 64 KB).",
        "error_429": "Too many requests",
        "error_429_text": "Too many forms in a minute; please wait a moment.",
        "error_500": "Referee error",
        "error_500_text": "Something went wrong; the log says more.",
        "error_503": "Busy",
        "error_503_text": "The referee is busy right now; please try again shortly.",
        "err_csrf": "The form expired or came from elsewhere; reload the page.",
        "err_dice": "Enter both dice as numbers 1 to 6.",
        "err_no_move": "There is no such move to make now.",
        "err_no_button": "There is no such button.",
        "err_undo_pin": "Taking a move back needs the referee PIN.",
        "err_no_camera": "No camera is connected.",
        "err_no_photo": "No such photo was captured.",
        "err_no_voice": "This referee has no voice.",
        "err_voice_on": "The voice is only on (1) or off (0).",
        "err_busy": "Too many pages and camera views open; try again in a few seconds.",
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
