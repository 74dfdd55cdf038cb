"""The page's fixed words (headings, buttons, forms, errors), German then English.

The page looks them up by id (``t("legal_moves")`` in a template, companion/web/i18n.py).
"""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "to_move": ("{player} ist am Zug", "{player} to move"),
    "energy": ("Energiespeicher", "Energy stores"),
    "setup": ("Neues Spiel", "New game"),
    "game": ("Spiel", "Game"),
    "phase": ("Phase", "Phase"),
    "players": ("Spieler (in Zugreihenfolge)", "Players (in turn order)"),
    # one name per language for them on every page (new-user trial s5: "Regeln" on the table)
    "options": ("Regelschalter", "Rule switches"),
    "option_config": (
        "In der config.toml: [game.options] {name}",
        "In config.toml: [game.options] {name}",
    ),
    "start": ("Spiel beginnen", "Start the game"),
    "setup_order": (
        "Die Zahlen sind die Zugreihenfolge: in der Reihenfolge ankreuzen, in der gespielt wird.",
        "The numbers are the turn order: tick the colours in the order of play.",
    ),
    "setup_other_game": ("Regeln eines anderen Spiels zeigen:", "Show another game's rules:"),
    "setup_discard": (
        "Ja, das laufende Spiel ({game}) verwerfen (das Protokoll behält es)",
        "Yes, throw the running game ({game}) away (the journal keeps it)",
    ),
    "pin": ("Schiedsrichter-PIN", "Referee PIN"),
    "unlock": ("Freischalten", "Unlock"),
    "pin_needed": (
        "Für Änderungen am Spiel braucht es die Schiedsrichter-PIN.",
        "Changing the game needs the referee PIN.",
    ),
    # where the PIN is, under the PIN form itself (trial s10 L12: the notice above said it
    # once, and after a wrong try the page said only "Die PIN stimmt nicht.")
    "pin_where": (
        "Wer den Schiedsrichter gestartet hat, findet die PIN mit „companion pin“ (mit dem "
        "--data-dir des Starts, falls einer angegeben war) oder in seinem Protokoll beim Start.",
        "Whoever started the referee finds the PIN with 'companion pin' (with the start's "
        "--data-dir, if one was given) or in its log at start.",
    ),
    "pin_where_file": (
        "Die PIN steht in der Datei {path} auf dem Rechner, auf dem der Schiedsrichter läuft. "
        "Dort zeigt sie „companion pin --data-dir {folder}“ (oder „cat {path}“).",
        "The PIN is in the file {path} on the machine that runs the referee. There, "
        "'companion pin --data-dir {folder}' prints it (or 'cat {path}').",
    ),
    "pin_where_config": (
        "Die PIN ist in der Konfiguration des Schiedsrichters gesetzt (web.pin in seiner "
        "config.toml); wer ihn gestartet hat, kennt sie.",
        "The PIN is set in the referee's configuration (web.pin in its config.toml); "
        "whoever started it knows it.",
    ),
    "pin_wrong": ("Die PIN stimmt nicht.", "That PIN is not right."),
    "pin_ok": ("Änderungen freigeschaltet.", "Changes unlocked."),
    "lock": ("Wieder sperren", "Lock again"),
    "pin_here": (
        "Schiedsrichter-PIN (nur auf diesem Bildschirm, eine Minute lang):",
        "Referee PIN (on this screen only, for a minute):",
    ),
    "journal.cannot_write": (
        "{path}: das Spielprotokoll kann nicht geschrieben werden: {reason}",
        "{path}: cannot write the journal: {reason}",
    ),
    "journal.full": (  # the data folder and what to do, on a Pi and a laptop alike
        "Speicher voll (kein Platz mehr in {folder}): bitte dort Platz schaffen oder einen "
        "anderen Ordner wählen (companion serve --data-dir)",
        "disk full (no room left in {folder}): free some space there, or choose another "
        "folder (companion serve --data-dir)",
    ),
    "journal_problem": (  # after the reason, which says what cannot be written and why
        "Nichts geht verloren: der Schiedsrichter wartet, bis es wieder geht.",
        "Nothing is lost: the referee waits until it can write again.",
    ),
    "pin_wait": (
        "Nach einer falschen PIN bitte kurz warten (jede weitere verdoppelt die Wartezeit), "
        "dann noch einmal versuchen.",
        "After a wrong PIN, please wait a moment (each further one doubles the wait), "
        "then try again.",
    ),
    "locked": (
        "Gesperrt: Änderungen brauchen wieder die PIN.",
        "Locked: changes need the PIN again.",
    ),
    "started": ("Neues Spiel begonnen.", "A new game has begun."),
    "table": ("Tisch", "Table"),
    "language": ("English", "Deutsch"),
    "phase_setup": ("Bitte die Steine aufstellen wie gezeigt", "Set up the pieces as shown"),
    "phase_roll": ("Würfeln", "Roll the dice"),
    "phase_move": ("Zug ausführen", "Make your move"),
    "phase_decide": ("Welcher Zug war gemeint?", "Which move was meant?"),
    "phase_rejected": ("Steine zurückstellen", "Set the pieces back"),
    "phase_over": ("Spiel vorbei", "Game over"),
    "camera_lost": ("Die Kamera sieht nichts", "The camera sees nothing"),
    "camera_retry": ("nächster Versuch in", "next try in"),
    # why a camera does not see, in the log and on the page: the device once, what to do
    # (new-user trial s8: "usb camera /dev/video7 (usb camera /dev/video7: cannot open …)")
    "camera.usb_missing": (
        "keine Kamera an {device} – bitte das USB-Kabel einstecken",
        "no camera at {device} – plug in its USB cable",
    ),
    "camera.usb_no_frame": (
        "die Kamera an {device} liefert kein Bild – bitte das USB-Kabel prüfen",
        "the camera at {device} gives no picture – check its USB cable",
    ),
    "camera.pi_missing": (
        "picamera2 fehlt: apt install python3-picamera2, und die venv mit "
        "--system-site-packages anlegen",
        "picamera2 is not importable: apt install python3-picamera2 and make the venv "
        "with --system-site-packages",
    ),
    "camera.pi_no_start": (
        "die Raspberry-Pi-Kamera {number} startet nicht ({reason}): bitte ihr Flachbandkabel "
        "prüfen",
        "raspberry pi camera {number} cannot start ({reason}): check its ribbon cable",
    ),
    "camera.pi_no_frame": (
        "die Raspberry-Pi-Kamera {number} liefert kein Bild ({reason}): bitte ihr "
        "Flachbandkabel prüfen",
        "raspberry pi camera {number} gives no picture ({reason}): check its ribbon cable",
    ),
    "camera.failed": ("{source}: {reason}", "{source}: {reason}"),
    # which camera was chosen and why, one line in the log (companion/camera/choose.py;
    # English under --lang de until review nc16), and the sources as the log and page name them
    "camera.chosen": ("Kamera: {source} ({reason})", "camera: {source} ({reason})"),
    "camera.configured": ('eingestellt: source = "{source}"', 'configured: source = "{source}"'),
    "camera.auto": ("auto: {why}", "auto: {why}"),
    "camera.pi_found": ("{model} mit Kamera {camera}", "{model} with camera {camera}"),
    "camera.not_pi": ("kein Raspberry Pi", "not a Raspberry Pi"),
    "camera.no_picamera2": (
        "{model}, aber picamera2 ist nicht importierbar",
        "{model} but picamera2 is not importable",
    ),
    "camera.no_ribbon": ("{model} ohne Flachbandkamera", "{model} without a ribbon camera"),
    "camera.usb_answers": ("{device} antwortet", "{device} answers"),
    "camera.no_usb_answers": (
        "keine USB-Kamera antwortet ({devices})",
        "no USB camera answers ({devices})",
    ),
    "camera.no_usb": ("keine USB-Kamera", "no USB camera"),
    "camera.path_needed": (
        'camera.path fehlt: source = "folder" braucht einen Ordner',
        'camera.path is needed with source = "folder"',
    ),
    "camera.unknown_source": (
        "camera.source {source} ist keine bekannte Quelle",
        "camera.source {source} is not a known source",
    ),
    "camera.usb": ("USB-Kamera {device}", "usb camera {device}"),
    "camera.pi": ("Raspberry-Pi-Kamera {number}", "raspberry pi camera {number}"),
    "camera.replay_images": (
        "Wiedergabe der Bilder in {folder}",
        "replay of the images in {folder}",
    ),
    "camera.replay_video": ("Wiedergabe des Videos {path}", "replay of the video {path}"),
    "camera.synthetic_pattern": ("künstliche Kamera (Testbild)", "synthetic camera (test pattern)"),
    "camera.synthetic_frames": (
        "künstliche Kamera (Bilder vom Aufrufer)",
        "synthetic camera (frames from the caller)",
    ),
    "camera.ended": ("Kamera: {source} ist zu Ende", "camera: {source} has ended"),
    "camera.back": ("Kamera: {source} sieht wieder", "camera: {source} is back"),
    "camera.retrying": (
        "Kamera: {reason}; Versuch {attempt} in {delay} s",
        "camera: {reason}; try {attempt} in {delay} s",
    ),
    "dice": ("Würfel", "Dice"),
    "enter_dice": ("Würfel eintragen", "Enter the dice"),
    "confirm_board": ("Die Steine stehen wie gezeigt", "The pieces stand as shown"),
    "legal_moves": ("Erlaubte Züge", "Legal moves"),
    "board_zoom_in": ("Brett vergrößern", "Zoom the board"),
    "board_zoom_out": ("Brett einpassen", "Fit the board"),
    "board_tap": (
        "Ein Feld antippen zeigt seinen Namen; Pfeil: der letzte Zug.",
        "Tap a field to see its name; arrow: the last move.",
    ),
    "moves_shown": ("{first}–{last} von {count}", "{first}–{last} of {count}"),
    # one move is one move, not "1–1 von 1" (trial s10)
    "moves_shown_one": ("einer", "one"),
    "moves_shown_more": (
        "{first}–{last} der ersten {count} (es gibt mehr)",
        "{first}–{last} of the first {count} (there are more)",
    ),
    "moves_more": (
        "Dieser Wurf erlaubt mehr als {count} Züge; die Liste zeigt die ersten {count}. "
        "Jeden anderen findet ein Stein auf dem Brett (antippen) oder die Ansage (oben "
        "eintippen); oder einfach am Brett ausführen: die Kamera sucht ihn unter allen.",
        "This roll allows more than {count} moves; the list shows the first {count}. Find "
        "any other by its piece (tap it on the board) or by its words (type them above); "
        "or make it on the board: the camera looks for it among all of them.",
    ),
    "moves_more_piece": (
        "Dieser Stein hat mehr als {count} Züge; die Liste zeigt die ersten {count}: "
        "ein Zielfeld antippen oder die Ansage eintippen findet die anderen.",
        "This piece has more than {count} moves; the list shows the first {count}: tap "
        "the field it ends on or type the words to find the others.",
    ),
    "moves_none_found": ("keiner gefunden", "none found"),
    "moves_find": ("Zug suchen nach Ansage:", "Find a move by its words:"),
    "moves_find_example": ("z. B. {example}", "e.g. {example}"),
    "moves_find_go": ("Suchen", "Find"),
    "moves_said": ("Züge zu „{said}“.", "Moves for “{said}”."),
    "moves_nearest": (
        "Darunter die nächsten erlaubten Züge.",
        "The nearest legal moves are listed below.",
    ),
    "moves_page": ("Seite {page} von {pages}", "page {page} of {pages}"),
    "moves_earlier": ("frühere", "earlier"),
    "moves_filtered": (
        "Nur die Züge ab {start} nach {end} (von allen {total}).",
        "Only the moves from {start} to {end} (of all {total}).",
    ),
    "moves_filtered_only": (
        "Nur die Züge ab {start} nach {end}.",
        "Only the moves from {start} to {end}.",
    ),
    "moves_all": ("Alle zeigen", "Show all"),
    "moves_tap": (
        "Auf dem Brett einen Stein antippen, dann ein Feld: die Liste zeigt nur diese Züge.",
        "Tap a piece on the board, then a field: the list shows only those moves.",
    ),
    "moves_later": ("weitere", "more"),
    "nearest": ("Nächste erlaubte Ansagen", "Nearest legal announcements"),
    "history": ("Verlauf", "History"),
    "record": ("Partie mitnehmen", "Take the game home"),
    "record_text": ("als Text", "as text"),
    "record.head": ("{title}, Partie {id}", "{title}, game {id}"),
    "record.players": ("Spieler: {players}", "players: {players}"),
    # the page's history: words the referee objected to (table/settled.py said_wrong)
    "history.said_wrong": ("{said} – {verdict}: {reason}", "{said} – {verdict}: {reason}"),
    "history.wrong": ("{verdict}: {reason}", "{verdict}: {reason}"),
    "record.objection": ("{verdict}: {reason}", "{verdict}: {reason}"),
    "record.started": ("begonnen: {at}, {end}", "started: {at}, {end}"),
    "record.finished": ("beendet: {at}", "finished: {at}"),
    "record.unfinished": ("nicht beendet", "not finished"),
    "record.no_move": ("kein Zug", "no move"),
    "record.in_play": ("wird gerade gespielt", "being played"),
    "record.continues": (
        "setzt Spiel {id} fort; das Spiel begann {at}",
        "continues game {id}; the game began {at}",
    ),
    "record.continued_as": ("fortgesetzt als Spiel {id}", "continued as game {id}"),
    "record.taken_back": ("(zurückgenommen)", "(taken back)"),
    "record.clearing_taken_back": (
        "(Räumen zurückgenommen; der Pasch bleibt)",
        "(clearing taken back; the Pasch stands)",
    ),
    "record.corrected": ("(berichtigt; zuerst: „{was}“)", "(corrected; first recorded: “{was}”)"),
    "record.corrected_path": (
        "(berichtigt; zuerst: „{was}“, {path})",
        "(corrected; first recorded: “{was}”, {path})",
    ),
    "record.wins": ("{player} gewinnt", "{player} wins"),
    # a move tapped after another was announced (referee.played_otherwise, review nc16)
    "record.otherwise": (
        "(anders als angesagt: „{announced}“)",
        "(other than announced: “{announced}”)",
    ),
    "record.bad": (
        "Ereignis {id} ist nicht lesbar: {why}",
        "event {id} cannot be read back: {why}",
    ),
    "join": ("Mitspielen", "Join"),
    "theme": ("Hell oder dunkel", "Light or dark"),
    "join_how": (
        "Mit der Kamera des Handys scannen: die Seite dieses Tisches öffnet sich (im selben WLAN).",
        "Scan with a phone's camera to open this table's page (on the same Wi-Fi).",
    ),
    # companion read-dice and read-board: one line per photo for people
    "dice_cli.none": ("keine Würfel", "no dice"),
    # how sure a reading is, everywhere (texts.percent; German with a space, DIN 5008)
    "number.percent": ("{value} %", "{value}%"),
    "dice_cli.at": ("bei {x},{y} [{confidence}]", "at {x},{y} [{confidence}]"),
    "dice_cli.head.one": ("1 Würfel, Summe {total}", "1 die, total {total}"),
    "dice_cli.head.other": ("{count} Würfel, Summe {total}", "{count} dice, total {total}"),
    "dice_cli.unsure.one": ("; 1 unsicherer, nicht gezählt", "; 1 unsure, not counted"),
    "dice_cli.unsure.other": (
        "; {count} unsichere, nicht gezählt",
        "; {count} unsure, not counted",
    ),
    "board_cli.piece": ("{colour} auf {field}", "{colour} on {field}"),
    "board_cli.no_pieces": ("keine Steine", "no pieces"),
    "board_cli.pieces.one": (
        "1 Stein (Sicherheit {confidence}): {pieces}",
        "1 piece (confidence {confidence}): {pieces}",
    ),
    "board_cli.pieces.other": (
        "{count} Steine (Sicherheit {confidence}): {pieces}",
        "{count} pieces (confidence {confidence}): {pieces}",
    ),
    "setup_other_board": (
        "Dieses Spiel wird auf einem anderen Brett gespielt ({board}): das Brett unter der "
        "Kamera tauschen. Die Kamera liest nach dem Start dieses Brett und die Würfel des "
        "Spiels; ist es noch nicht eingemessen, mit den Standardfarben.",
        "This game is played on another board ({board}): put that board under the camera. "
        "Once started, the camera reads that board and the game's dice; a board not yet "
        "calibrated is read with the default colours.",
    ),
    # who is winning (companion/model/standings.py), at the top of the table page's side
    "camera_tap": (
        "Die Kamera mit dem, was der Schiedsrichter sieht; antippen: groß oder klein",
        "The camera with what the referee sees; tap: large or small",
    ),
    "standings": ("Stand", "Standings"),
    "standing.player": ("Spieler", "Player"),
    "standing.col.home": ("im Ziel", "home"),
    "standing.col.way": ("unterwegs", "on the way"),
    "standing.col.planet": ("auf Planeten", "on planets"),
    "standing.col.waiting": ("wartend", "waiting"),
    "standing.col.energy": ("Speicher", "store"),
    "join_local": (
        "Der Tisch ist nur auf diesem Rechner zu öffnen ({url}): kein Handy erreicht diese "
        "Adresse, darum hier kein QR-Code.",
        "The table opens on this computer only ({url}): no phone reaches that address, so "
        "there is no QR code here.",
    ),
    "join_open": (
        "Damit die Handys im selben WLAN mitspielen, den Begleiter so starten "
        "(./run.sh nimmt dieselben Angaben):",
        "For the phones on the same Wi-Fi to join, start the companion like this "
        "(./run.sh takes the same arguments):",
    ),
    "join_config": (
        "oder es dauerhaft in der Konfiguration (companion config) eintragen:",
        "or set it for good in the configuration (companion config):",
    ),
    "join_pin": (
        "Dann zeigt diese Seite die Adressen im WLAN als QR-Codes. Was nur der "
        "Schiedsrichter darf (Aufbau, Zurücknehmen), bleibt hinter der PIN.",
        "This page then shows the addresses on the Wi-Fi as QR codes. What only the "
        "referee may do (set-up, take-backs) stays behind the PIN.",
    ),
    "correct": ("berichtigen", "correct"),
    "correct_title": ("Zug {number} berichtigen", "Correct move {number}"),
    "correct_recorded": (
        "{player} hat {dice} gewürfelt; aufgezeichnet wurde:",
        "{player} rolled {dice}; the referee recorded:",
    ),
    "correct_pick": (
        "Welcher Zug war es wirklich? Die erlaubten Züge dieses Wurfs in der Stellung davor "
        "(nach Stein, Feld oder Ansage zu finden):",
        "Which move was it really? The legal moves of this roll in the position before it "
        "(find them by piece, field or words):",
    ),
    "correct_board": ("Die Stellung vor diesem Zug.", "The position before this move."),
    "correct_from": (
        "{player} hat {dice} gewürfelt; aufgezeichnet:",
        "{player} rolled {dice}; recorded:",
    ),
    "correct_done": ("Zug {number} berichtigt", "Move {number} corrected"),
    # ... and what to do on the board, where it changed (new-user trial s11 M6a)
    "correct_done_set": (
        "Zug {number} berichtigt. Auf dem Brett: {board}",
        "Move {number} corrected. On the board: {board}",
    ),
    # a new game's banner until its first move: the game it set aside (trial s13 M3)
    "set_aside": (
        "Unfertiges Spiel {id} ({game}: {players}, {moves}) beiseitegelegt. Fortsetzen: "
        "auf dem Pi `companion serve --resume {id}` starten.",
        "Unfinished game {id} ({game}: {players}, {moves}) set aside. To go on with it, "
        "start `companion serve --resume {id}` on the Pi.",
    ),
    "correct_to": ("wird berichtigt zu:", "is corrected to:"),
    "correct_said_after": (
        "Nach dem Zug gesagt: „{said}“. Die Aufzeichnung prüft diese Ansage "
        "gegen den berichtigten Zug neu.",
        "Said after the move: “{said}”. The game's record judges these words again "
        "against the corrected move.",
    ),
    "correct_later": (
        "Die Züge danach, neu geprüft",
        "The moves after it, checked again",
    ),
    "correct_stands": ("steht", "stands"),
    "correct_broken": ("steht so nicht mehr", "no longer stands"),
    "correct_ask": (
        "Zug {number} ist nach der Berichtigung so nicht mehr erlaubt. Ihn und die Züge "
        "danach zurücknehmen, einen anderen Zug wählen oder alles lassen, wie es ist?",
        "Move {number} is not legal as recorded after the correction. Take it and the moves "
        "after it back, choose another move, or leave everything as it is?",
    ),
    "correct_drop": (
        "Ja, die Züge {first} bis {last} zurücknehmen (das Protokoll behält sie)",
        "Yes, take back moves {first} to {last} (the journal keeps them)",
    ),
    "correct_drop_one": (
        "Ja, Zug {first} zurücknehmen (das Protokoll behält ihn)",
        "Yes, take back move {first} (the journal keeps it)",
    ),
    "correct_yes": ("Ja, Zug {number} berichtigen", "Yes, correct move {number}"),
    "correct_other": ("Für Zug {number} einen anderen wählen", "Choose another for move {number}"),
    "correct_fix_go": ("Sagen, welcher Zug {number} war", "Say which move {number} was"),
    "correct_fix": (
        "Zug {number} ({player}, {dice}: „{said}“) steht nach der Berichtigung so nicht "
        "mehr: {reason}",
        "Move {number} ({player}, {dice}: “{said}”) no longer stands after the correction: "
        "{reason}",
    ),
    "correct_fix_pick": (
        "Welcher Zug war Zug {number} wirklich? Die erlaubten Züge seines Wurfs in der "
        "berichtigten Stellung davor:",
        "Which move was move {number} really? The legal moves of its roll in the corrected "
        "position before it:",
    ),
    "correct_picked": ("gewählt: „{said}“", "chosen: “{said}”"),
    "correct_unchecked": (
        "erst nach dem Zug davor zu prüfen",
        "checked once the move before it is settled",
    ),
    "undo": ("Letzten Zug zurücknehmen", "Take back the last move"),
    "undo_what": ("Zurückgenommen würde:", "This would be taken back:"),
    "undo_move": ("Zug {number}: {player} mit {dice}:", "Move {number}: {player} with {dice}:"),
    "undo_roll_stays": (
        "Der Wurf {dice} bleibt: {player} zieht mit ihm noch einmal.",
        "The roll {dice} stays: {player} moves with it again.",
    ),
    # TENET: a step undone in mid-turn, the steps before it played (trial s14 L6)
    "undo_roll_goes_on": (
        "Der Wurf {dice} bleibt: {player} zieht weiter mit {left}.",
        "The roll {dice} stays: {player} moves on with {left}.",
    ),
    "undo_done_roll_on": (
        "Zug {number} zurückgenommen; der Wurf {dice} bleibt: {player} zieht weiter mit {left}",
        "Move {number} taken back; the roll {dice} stays: {player} moves on with {left}",
    ),
    # beside the verdict until the move is made again (trial s10 L10: the synthetic camera
    # saw the pieces set back at once, and the page never said the move was taken back)
    "undo_done": ("Zug {number} zurückgenommen", "Move {number} taken back"),
    "undo_done_roll": (
        "Zug {number} zurückgenommen; der Wurf {dice} bleibt: {player} zieht mit ihm noch einmal",
        "Move {number} taken back; the roll {dice} stays: {player} moves with it again",
    ),
    # a move its roll forced (TENET's Pasch): the roll goes back with it (trial s11 H4)
    "undo_roll_back": (
        "Der Wurf {dice} wird mit ihm zurückgenommen: {player} würfelt noch einmal.",
        "The roll {dice} is taken back with it: {player} rolls again.",
    ),
    # TENET: the balls cleared after a Pasch; the Pasch stands (review s11 finding 5)
    "undo_clearing": (
        "Räumen zurückgenommen; der Pasch bleibt: {player} würfelt dann.",
        "Clearing taken back; the Pasch stands: {player} rolls next.",
    ),
    "undo_done_clearing": (
        "Räumen zurückgenommen; der Pasch bleibt: {player} würfelt",
        "Clearing taken back; the Pasch stands: {player} rolls",
    ),
    "undo_nothing": (
        "Im Verlauf steht kein Zug; der Schiedsrichter sagt, ob es etwas zurückzunehmen gibt.",
        "The history shows no move; the referee says whether there is anything to take back.",
    ),
    "undo_yes": ("Ja, zurücknehmen", "Yes, take it back"),
    "undo_no": ("Nein, zurück zum Tisch", "No, back to the table"),
    "teach": ("Lernen", "Learn"),
    "panel": ("Bedienfeld", "Panel"),
    "camera": ("Kamera", "Camera"),
    "announce": ("Ansage des letzten Zugs", "Announcement of the last move"),
    # the roll is said by the verdict right above the field, once (new-user trial s5)
    "announce_first": ("Ansage vor dem Zug", "Announce before moving"),
    # shown on the English page where an announcement is typed: the words that differ
    # (new-user trial s14 M2: the English reading looked typeable)
    "german_words.gravitation": (
        "Die Ansage ist deutsch: Wurf, Speicher, Umlaufbahn, Gravitation, Stoß, Abwehr.",
        "Announcements are in German: Wurf = roll, Speicher = store, Umlaufbahn = orbit, "
        "Gravitation = gravity line, Stoß = push, Abwehr = defence; numbers as digits.",
    ),
    "german_words.tunnelx": (
        "Die Ansage ist deutsch: Wurf, Umlaufbahn, Tunnel, Absturz, Tausch, Sonderfeld.",
        "Announcements are in German: Wurf = roll, Umlaufbahn = orbit, Absturz = crash, "
        "Tausch = swap, Sonderfeld = special field; numbers as digits.",
    ),
    "german_words.tuerme": (
        "Die Ansage ist deutsch: Turm, Brücke, raus, rein, drauf, Ziel, passe.",
        "Announcements are in German: und = and, Turm = tower, Brücke = bridge, "
        "raus = out, drauf = on top, Ziel = goal, passe = pass; numbers as digits.",
    ),
    "german_words.tenet": (
        "Die Ansage ist deutsch: von, nach, versetzt, Pasch, räumt, passt.",
        "Announcements are in German: von = from, nach = to, versetzt = puts, "
        "Pasch = doublet, räumt = back to start, passt = passes; e.g. "
        "'8 von Start nach K1.5'.",
    ),
    "announce_first_hint": (
        "Der Schiedsrichter prüft sie sofort; ist sie erlaubt, zeigt er, wie zu ziehen ist.",
        "The referee checks it at once; if it is legal, he shows how to move.",
    ),
    # the last move's own field, folded under "before the move" (new-user trial s7)
    "announce_late": ("Ansage des letzten Zugs prüfen", "Check the last move's announcement"),
    # under the unsure-roll question, the dice form holds the dice read (new-user trial s7)
    "dice_asked": (
        "Eingetragen sind die gelesenen Würfel; der mit ? ist unsicher: bitte nur ihn prüfen.",
        "The dice read are filled in; the one marked ? is unsure: please check only that one.",
    ),
    "check": ("Prüfen", "Check"),
    "button_read_dice": ("Würfel lesen", "Read the dice"),
    "button_confirm": ("Bestätigen", "Confirm"),
    "button_undo": ("Zurück", "Undo"),
    "panel_pressed": ("Knopf „{button}“ gedrückt.", "Button “{button}” pressed."),
    # what "confirm" confirmed (trial s10: the bare "pressed" said nothing while a move
    # was expected); the referee answers on the page if the board differs from its own
    "panel_pressed_confirm": (
        "Knopf „{button}“ gedrückt: die Steine stehen, wie der Schiedsrichter sie zeigt.",
        "Button “{button}” pressed: the pieces stand as the referee shows them.",
    ),
    "panel_thrown": (
        "Probekamera: Würfel geworfen ({dice}); die Kamera liest sie gleich.",
        "Synthetic camera: dice thrown ({dice}); the camera reads them in a moment.",
    ),
    "roll_synthetic": (
        "Probekamera: Der Knopf „{button}“ unten im Bedienfeld wirft die Würfel der "
        "Probekamera, und die Kamera liest den Wurf; oder die Würfel hier von Hand eintragen.",
        "Synthetic camera: the button “{button}” in the panel below throws the test "
        "camera's dice, and the camera reads the roll; or enter the dice here by hand.",
    ),
    # TENET's one die for the stone: the synthetic camera throws only Miwin's three dice,
    # so "Würfel lesen" throws nothing then; the page says why (new-user trial s7)
    "panel_type": (
        "Probekamera: Jetzt wird ein Würfel für den Stein geworfen, und die Probekamera "
        "wirft nur die drei Miwin-Würfel: diesen einen Würfel bitte von Hand bei "
        "„Würfel“ eintragen.",
        "Synthetic camera: one die is rolled for the stone now, and the synthetic camera "
        "throws only Miwin's three dice: please enter that one die by hand at “Dice”.",
    ),
    "roll_stone": (
        "Ein Würfel für den Stein (die erste Runde endete ohne Pasch).",
        "One die for the stone (the first round ended without a Pasch).",
    ),
    "roll_stone_synthetic": (
        "Probekamera: Sie wirft nur die drei Miwin-Würfel, nicht den Würfel für den Stein; "
        "ihn bitte hier von Hand eintragen.",
        "Synthetic camera: it throws only Miwin's three dice, not the die for the stone; "
        "please enter it here by hand.",
    ),
    "panel_no_camera": (
        "Keine Kamera angeschlossen: die Würfel bitte oben eintragen.",
        "No camera is connected: enter the dice above.",
    ),
    "panel_undo_above": (
        "Der Knopf „Zurück“ des Tisches ist auf dieser Seite „Letzten Zug zurücknehmen“ "
        "(im Verlauf, mit Rückfrage).",
        "The table's “Undo” button is “Take back the last move” on this page (in the "
        "history, asked first).",
    ),
    "button_roll": ("Würfeln", "Roll"),
    "speak_browser": ("Im Browser vorlesen", "Speak in this browser"),
    "speak_unable": ("(dieser Browser kann nicht sprechen)", "(this browser cannot speak)"),
    "say_illegal": ("Dieser Zug ist nicht erlaubt.", "This move is not allowed."),
    "say_setup": ("Bitte die Steine aufstellen wie gezeigt.", "Please set up the pieces as shown."),
    "say_ambiguous": ("Welcher Zug war gemeint?", "Which move was meant?"),
    "say_ask": (
        "Ein Würfel ist unsicher: bitte neu würfeln oder den Wurf eintragen.",
        "A die is unsure: please roll again or enter the roll.",
    ),
    "calibrate": ("Kalibrieren", "Calibrate"),
    "cal_legend": (
        (
            "Türkis: erkannte Marken · grauer Kreis: leeres Feld · Ring in Steinfarbe: Stein "
            "erkannt · rot: unsicher · Kasten: Würfel mit Augenzahl · magenta: Würfelschale"
        ),
        (
            "Cyan: markers found · grey circle: empty field · ring in a piece colour: piece "
            "read · red: unsure · box: a die and its value · magenta: the dice tray"
        ),
    ),
    "cal_colours": ("Farben der Steine", "Piece colours"),
    "cal_how": (
        (
            "Unter der Spiellampe: erst das leere Brett aufnehmen, dann die Startaufstellung "
            "(jeder Stein, wo er beginnt: auf seiner Station, im Wettlauf im Haus), dann "
            "einmessen. Nichts darf das Brett verdecken."
        ),
        (
            "Under the lamp you play with: capture the empty board, then the start position "
            "(every piece where it starts: on its station, in the race game at home), then "
            "fit. Nothing may cover the board."
        ),
    ),
    # the start said for the game played (trial s10 L6); cal_how for any other board
    "cal_how_home": (
        (
            "Unter der Spiellampe: erst das leere Brett aufnehmen, dann die Startaufstellung "
            "(jeder Stein im Haus seiner Farbe), dann einmessen. Nichts darf das Brett "
            "verdecken."
        ),
        (
            "Under the lamp you play with: capture the empty board, then the start position "
            "(every piece at home, in the house of its colour), then fit. Nothing may cover "
            "the board."
        ),
    ),
    "cal_how_station": (
        (
            "Unter der Spiellampe: erst das leere Brett aufnehmen, dann die Startaufstellung "
            "(jeder Stein auf seiner Station), dann einmessen. Nichts darf das Brett verdecken."
        ),
        (
            "Under the lamp you play with: capture the empty board, then the start position "
            "(every piece on its station), then fit. Nothing may cover the board."
        ),
    ),
    "cal_how_heap": (
        (
            "Unter der Spiellampe: erst das leere Brett aufnehmen, dann die Startaufstellung "
            "(alle Kugeln und der Stein der Weisen im Start), dann die bekannte Stellung, "
            "dann einmessen. Nichts darf das Brett verdecken."
        ),
        (
            "Under the lamp you play with: capture the empty board, then the start position "
            "(every ball and the stone in the start), then the known position, then fit. "
            "Nothing may cover the board."
        ),
    ),
    "cal_capture_empty": ("Leeres Brett aufnehmen", "Capture the empty board"),
    "cal_capture_start": ("Startaufstellung aufnehmen", "Capture the start position"),
    "cal_empty": ("leeres Brett", "empty board"),
    "cal_start": ("Startaufstellung", "start position"),
    "cal_captured_empty": ("Leeres Brett aufgenommen.", "Empty board captured."),
    "cal_captured_start": ("Startaufstellung aufgenommen.", "Start position captured."),
    # a start that teaches no colour (TENET's heap): a third photo, of a known position
    "cal_capture_known": ("Bekannte Stellung aufnehmen", "Capture the known position"),
    "cal_known": ("bekannte Stellung", "known position"),
    "cal_captured_known": ("Bekannte Stellung aufgenommen.", "Known position captured."),
    "cal.known_fields": (
        "Die Startaufstellung zeigt keine Farbe einzeln. Dafür je eine Kugel jeder Farbe, "
        "die ihr habt, aus der Schachtel so legen und aufnehmen (ein Feld, dessen Farbe "
        "fehlt, bleibt leer; die Farbe bleibt wie zuvor): {fields}",
        "The start shows no colour on its own. So take one ball of each colour you have "
        "from the box, lay them so and capture that (a field whose colour you lack stays "
        "empty; that colour stays as it was): {fields}",
    ),
    "cal_fit": ("Farben einmessen und speichern", "Fit the colours and save"),
    "cal_saved": (
        "Kalibrierung gespeichert; die Kamera liest ab jetzt damit.",
        "Calibration saved; the camera reads with it from now on.",
    ),
    "cal_file": ("Kalibrierdatei", "Calibration file"),
    "cal_lens": ("Objektiv", "Lens"),
    "cal_guessed": ("geschätzt (nicht vermessen)", "guessed (not measured)"),
    "cal_board": ("Brett", "Board"),
    "cal_corners": ("vier Ecken", "four corners"),
    "cal_markers": ("ArUco-Marken", "ArUco markers"),
    "cal_defaults": ("Standardfarben", "standard colours"),
    "cal_tray": ("Würfelschale", "Dice tray"),
    "cal_corners_title": ("Brett-Ecken", "Board corners"),
    "cal_corners_needed": (
        "Brett ohne Marker: vier Ecken einmessen – bis dahin findet die Kamera das Brett nicht.",
        "Board without markers: calibrate its four corners – until then the camera cannot "
        "find the board.",
    ),
    "cal_corners_how": (
        "Die vier Ecken des Bretts (oben links, oben rechts, unten rechts, unten links, wie "
        "das Brett auf dem Bildschirm liegt) ins Kamerabild oben tippen oder als X,Y "
        "eintragen, in Pixeln dieses Bildes ({view_width}×{view_height}); die Seite rechnet "
        "sie auf das volle Kamerabild ({width}×{height}) um. Mit vier Feldern statt der "
        "Ecken: deren Namen eintragen, in derselben Reihenfolge. Die Kamera liest ab dem "
        "nächsten Bild damit, ohne Neustart; die Kreise im Kamerabild zeigen, ob sie "
        "auf den Feldern liegen.",
        "Tap the board's four corners (top left, top right, bottom right, bottom left, as "
        "the board lies on the screen) on the camera picture above or type them as X,Y, in "
        "this picture's pixels ({view_width}×{view_height}); the page scales them to the "
        "camera's full frame ({width}×{height}). With four fields instead of the corners: "
        "type their names, in the same order. The camera reads with them from the next "
        "frame on, without a restart; the circles on the camera picture show whether they "
        "lie on the fields.",
    ),
    "cal_corners_no_frame": (
        "Noch kein Kamerabild: die Ecken können erst eingemessen werden, wenn die Kamera "
        "ein Bild geliefert hat.",
        "No camera picture yet: the corners can be calibrated once the camera has sent one.",
    ),
    "cal_corner_p0": ("oben links", "top left"),
    "cal_corner_p1": ("oben rechts", "top right"),
    "cal_corner_p2": ("unten rechts", "bottom right"),
    "cal_corner_p3": ("unten links", "bottom left"),
    "cal_corner_fields": (
        "Felder (frei lassen: die Brettecken)",
        "Fields (empty: the board's corners)",
    ),
    "cal_corners_save": ("Ecken speichern", "Save the corners"),
    "cal_corners_saved": (
        "Ecken gespeichert; die Kamera sucht das Brett ab jetzt dort.",
        "Corners saved; the camera looks for the board there from now on.",
    ),
    "cal_corners_bad": (
        "Die Ecken brauchen vier Punkte X,Y (Zahlen, in Pixeln des Kamerabilds), die eine "
        "Fläche umschließen, und, wo Felder genannt sind, vier Felder des Bretts.",
        "The corners need four points X,Y (numbers, in the camera picture's pixels) that "
        "span an area and, where fields are named, four fields of the board.",
    ),
    "cal_tray_box": (
        "links {left} %, oben {top} %, rechts {right} %, unten {bottom} % des Bildes",
        "left {left} %, top {top} %, right {right} %, bottom {bottom} % of the picture",
    ),
    "cal_tray_none": ("keine (Würfel im ganzen Bild gelesen)", "none (dice read anywhere)"),
    "cal_none_yet": (
        "Noch keine Kalibrierung: es gelten die Standardfarben.",
        "No calibration yet: the standard colours apply.",
    ),
    "cal_no_camera": (
        "Keine Kamera: die Kalibrierung braucht das Kamerabild.",
        "No camera: calibration needs the camera's view.",
    ),
    "cal_no_board": (
        "Die Kamera sieht das Brett nicht (weniger als 3 Marken); nichts aufgenommen.",
        "The camera does not see the board (fewer than 3 markers); nothing captured.",
    ),
    "cal_no_file": (
        "Kein Datenverzeichnis eingestellt: die Kalibrierung kann nicht gespeichert werden.",
        "No data directory set: the calibration cannot be saved.",
    ),
    "cal_nothing": (
        "Erst beide Fotos aufnehmen: das leere Brett und die Startaufstellung.",
        "Capture both photos first: the empty board and the start position.",
    ),
    "cal_nothing_known": (
        "Erst alle drei Fotos aufnehmen: das leere Brett, die Startaufstellung und die "
        "bekannte Stellung.",
        "Capture all three photos first: the empty board, the start position and the "
        "known position.",
    ),
    "cal_bad_kind": (
        "Aufnehmen geht nur als leeres Brett oder Startaufstellung.",
        "Only the empty board or the start position can be captured.",
    ),
    "cal_tray_how": (
        (
            "Würfel werden nur in der Schale gelesen, nicht auf Tastatur, Kabeln oder dem "
            "Brett daneben: ihr linker, oberer, rechter und unterer Rand in % des Kamerabildes. "
            "Das Kamerabild zeigt sie auf Würfelbildern als magentafarbenes Rechteck."
        ),
        (
            "Dice are read only in the tray, not on a keyboard, cables or the board beside it: "
            "its left, top, right and bottom edge in % of the camera's picture. The camera "
            "view shows it on dice frames as a magenta rectangle."
        ),
    ),
    "cal_tray_left": ("links", "left"),
    "cal_tray_top": ("oben", "top"),
    "cal_tray_right": ("rechts", "right"),
    "cal_tray_bottom": ("unten", "bottom"),
    "cal_tray_save": ("Würfelschale speichern", "Save the dice tray"),
    "cal_tray_clear": ("Im ganzen Bild lesen", "Read the whole picture"),
    "cal_tray_saved": (
        "Würfelschale gespeichert; die Kamera liest Würfel ab jetzt nur dort.",
        "Dice tray saved; the camera reads dice only there from now on.",
    ),
    "cal_tray_cleared": (
        "Keine Würfelschale mehr; die Kamera liest Würfel im ganzen Bild.",
        "No dice tray any more; the camera reads dice in the whole picture.",
    ),
    "cal_tray_bad": (
        "Die Würfelschale braucht Zahlen von 0 bis 100 mit links < rechts und oben < unten, "
        "mindestens 2 % breit und hoch; nichts gespeichert.",
        "The dice tray needs numbers from 0 to 100 with left < right and top < bottom, at "
        "least 2 % wide and high; nothing saved.",
    ),
    "cal_restore": ("Vorherige Kalibrierung wiederherstellen", "Restore the previous calibration"),
    "cal_reset": ("Auf Standardfarben zurücksetzen", "Reset to the standard colours"),
    "cal_restored": (
        "Vorherige Kalibrierung wiederhergestellt; die Kamera liest ab jetzt damit.",
        "Previous calibration restored; the camera reads with it from now on.",
    ),
    "cal_reset_done": (
        "Standardfarben gelten wieder; die bisherige Kalibrierung ist als Sicherung aufgehoben.",
        "The standard colours apply again; the calibration is kept as a backup.",
    ),
    "voice": ("Stimme am Tisch (espeak-ng)", "Voice at the table (espeak-ng)"),
    "voice_on": ("an", "on"),
    "voice_off": ("aus", "off"),
    "voice_switch_on": ("Einschalten", "Switch on"),
    "voice_switch_off": ("Ausschalten", "Switch off"),
    "voice_missing": ("espeak-ng ist nicht installiert", "espeak-ng is not installed"),
    "voice_now_on": ("Die Stimme am Tisch ist an.", "The voice at the table is on."),
    "voice_now_off": ("Die Stimme am Tisch ist aus.", "The voice at the table is off."),
    "back_to_table": ("Zurück zum Tisch", "Back to the table"),
    "error_400": ("Ungültige Anfrage", "Bad request"),
    "error_400_text": (
        "Die Anfrage war nicht zu verstehen.",
        "The request could not be understood.",
    ),
    "error_403": ("Nicht erlaubt", "Not allowed"),
    "error_403_text": ("Das darf nur der Schiedsrichter.", "Only the referee may do that."),
    "error_404": ("Nicht gefunden", "Not found"),
    "error_404_text": ("Diese Seite gibt es nicht.", "There is no such page."),
    "error_405": ("Falsche Methode", "Wrong method"),
    "error_405_text": (
        "Diese Seite nimmt diese Art Anfrage nicht an.",
        "This page does not take this kind of request.",
    ),
    "error_409": ("Passt gerade nicht", "Not now"),
    "error_409_text": (
        "Das passt nicht zum Stand des Spiels.",
        "That does not fit the state of the game.",
    ),
    "error_413": ("Zu groß", "Too large"),
    "error_413_text": (
        "Das Formular ist zu groß (höchstens 64 KB).",
        "The form is too large (at most 64 KB).",
    ),
    "error_429": ("Zu viele Anfragen", "Too many requests"),
    "error_429_text": (
        "Zu viele Formulare in einer Minute; bitte kurz warten.",
        "Too many forms in a minute; please wait a moment.",
    ),
    "error_500": ("Fehler im Schiedsrichter", "Referee error"),
    "error_500_text": (
        "Etwas ist schiefgegangen; das Protokoll sagt mehr.",
        "Something went wrong; the log says more.",
    ),
    "error_503": ("Gerade voll", "Busy"),
    "error_503_text": (
        "Der Schiedsrichter ist gerade ausgelastet; bitte gleich noch einmal.",
        "The referee is busy right now; please try again shortly.",
    ),
    "err_csrf": (
        "Das Formular ist abgelaufen oder kam von anderswo; bitte die Seite neu laden.",
        "The form expired or came from elsewhere; reload the page.",
    ),
    "err_dice": (
        "Bitte beide Würfel als Zahlen von 1 bis 6 eintragen.",
        "Enter both dice as numbers 1 to 6.",
    ),
    "err_correct_no_journal": (
        "Dieser Tisch führt kein Protokoll: es gibt keinen Zug zu berichtigen.",
        "This table keeps no journal: there is no move to correct.",
    ),
    "err_record_no_journal": (
        "Dieser Tisch führt kein Protokoll: es gibt keine Aufzeichnung.",
        "This table keeps no journal: there is no record.",
    ),
    "err_no_game": ("Das Protokoll hat kein Spiel {game}.", "The journal has no game {game}."),
    "err_correct_over": (
        "Das Spiel ist zu Ende; seine Züge bleiben, wie sie aufgezeichnet sind.",
        "The game is over; its moves stay as recorded.",
    ),
    "err_correct_no_such": ("Diesen Zug hat das Spiel nicht.", "The game has no such move."),
    "err_correct_set": (
        "Nach diesem Zug wurde die Stellung von Hand gesetzt: er bleibt, wie er ist.",
        "The position was set by hand after this move: it stays as it is.",
    ),
    "err_correct_drop": (
        "Ein späterer Zug steht nach der Berichtigung nicht mehr: bitte ankreuzen, dass er "
        "und die Züge danach zurückgenommen werden, oder einen anderen Zug wählen.",
        "A later move no longer stands after the correction: tick that it and the moves "
        "after it are taken back, or choose another move.",
    ),
    "err_no_move": ("Diesen Zug gibt es jetzt nicht.", "There is no such move to make now."),
    # a tap on a move from a page the game has left (trial s14 M1, L2): what was played
    "move.played_already": (
        "Zug {number} ist schon gespielt: {player} {dice}: „{said}“ ({path}). Nichts gespielt.",
        "Move {number} was already played: {player} {dice}: “{said}” ({path}). Nothing played.",
    ),
    "err_no_button": ("Diesen Knopf gibt es nicht.", "There is no such button."),
    "err_undo_pin": (
        "Einen Zug zurücknehmen braucht die Schiedsrichter-PIN.",
        "Taking a move back needs the referee PIN.",
    ),
    "err_no_camera": ("Keine Kamera angeschlossen.", "No camera is connected."),
    "err_no_photo": ("Dieses Foto wurde nicht aufgenommen.", "No such photo was captured."),
    "err_no_voice": ("Dieser Schiedsrichter hat keine Stimme.", "This referee has no voice."),
    "err_voice_on": (
        "Die Stimme geht nur an (1) oder aus (0).",
        "The voice is only on (1) or off (0).",
    ),
    "err_busy": (
        "Zu viele offene Seiten und Kamerabilder; in ein paar Sekunden geht es wieder.",
        "Too many pages and camera views open; try again in a few seconds.",
    ),
    # the virtual panel (companion/panel): its pins and the LEDs' tooltips
    "pins.mock_configured": (
        'Schein-Pins (eingestellt: pin_factory = "mock")',
        'mock pins (configured: pin_factory = "mock")',
    ),
    "pins.configured": (
        'Pins {name} (eingestellt: pin_factory = "{name}")',
        '{name} pins (configured: pin_factory = "{name}")',
    ),
    "pins.not_a_pi": (
        "Schein-Pins (auto: kein Raspberry Pi)",
        "mock pins (auto: not a Raspberry Pi)",
    ),
    "pins.auto": ("Pins {name} (auto: {board})", "{name} pins (auto: {board})"),
    "pins.auto_failed": (
        "Schein-Pins (auto: {board}, aber {problems})",
        "mock pins (auto: {board}, but {problems})",
    ),
    "pins.off": ("keine Pins (panel.enabled = false)", "no pins (panel.enabled = false)"),
    "led.seat": ("Platz {colour}: am Zug", "seat {colour}: to move"),
    "led.seat_idle": ("Platz {colour}", "seat {colour}"),
    "led.verdict_ok": ("Zug erlaubt (grün)", "move accepted (green)"),
    "led.verdict_bad": ("Zug nicht erlaubt (rot)", "move refused (red)"),
    "led.verdict": ("Urteil (Farb-LED)", "verdict (colour LED)"),
    # set-up errors (companion/web/setup.py)
    "setup.not_here": (
        "{game} wird auf diesem Brett nicht gespielt (hier: {games})",
        "{game} is not refereed on this board (here: {games})",
    ),
    "setup.confirm_needed": (
        "Nichts begonnen: bitte ankreuzen, dass das laufende Spiel verworfen wird",
        "Nothing started: tick that the running game is to be thrown away",
    ),
    "setup.phase_not_number": ("Phase {phase} ist keine Zahl", "phase {phase} is not a number"),
    "setup.player_count": (
        "{game} ist für {low} bis {high} Spieler, nicht für {count}",
        "{game} takes {low} to {high} players, not {count}",
    ),
    "setup.unknown_player": (
        "unbekannter Spieler {player} (das Spielbrett {layout} hat {colours})",
        "unknown player {player} (the board {layout} has {colours})",
    ),
    "setup.twice": (
        "ein Spieler steht zweimal in der Liste",
        "a player is listed twice in 'players'",
    ),
    "setup.no_phases": ("{game} hat keine Phasen", "{game} has no phases"),
    "setup.not_a_phase": (
        "Phase {phase} ist keine Phase von {game} ({phases})",
        "phase {phase} is not a phase of {game} ({phases})",
    ),
    # the teaching page (templates/teach.html) and its "Bedeutung" column
    # (companion/games/zwianer/teach.py)
    # the referee listens (docs/web.md, "The referee listens")
    "heard_not_understood": (
        "nicht verstanden – bitte wiederholen",
        "not understood – please say it again",
    ),
    "heard_words": ("Gehört: {words}", "Heard: {words}"),
    "heard_doubt": (
        "nicht sicher verstanden: „{first}“ oder „{second}“? – bitte wiederholen",
        "not sure: “{first}” or “{second}”? – please say it again",
    ),
    "heard_bad_body": (
        'Erwartet: JSON {"alternatives": [höchstens 10 Texte, je höchstens 200 Zeichen], '
        '"source": "browser" oder "offline"}',
        'expected: JSON {"alternatives": [at most 10 texts of at most 200 characters each], '
        '"source": "browser" or "offline"}',
    ),
    "heard_too_large": (
        "Zu viel gesagt: höchstens {most} KB",
        "too much said: at most {most} KB",
    ),
    "mic_button": ("🎤 Ansage sprechen", "🎤 Say the announcement"),
    "mic_listening": ("Ich höre zu …", "Listening …"),
    "mic_missing": (
        "Kein Mikrofon-Knopf: dieser Browser erkennt keine Sprache (ihm fehlt die Web Speech "
        "API; Chrome, Edge und Safari haben sie).",
        "No microphone button: this browser cannot recognise speech (it lacks the Web Speech "
        "API; Chrome, Edge and Safari have it).",
    ),
    "mic_failed": (
        "Das Mikrofon hat nichts gehört ({error}).",
        "The microphone heard nothing ({error}).",
    ),
    "teach_last": ("Der letzte Zug:", "The last move:"),  # trial s13 L7: a bare „2 und 2“
    "teach_by_ear": ("Mit der Stimme üben", "Practise by ear"),
    "teach_ear_how": (
        "Das Mikrofon drücken und die Ansage dieses Zugs sagen:",
        "Press the microphone and say the announcement of this move:",
    ),
    # no move played yet: the words asked for are an example's (new-user trial s7)
    "teach_ear_example": (
        "Noch ist kein Zug gespielt. Das Mikrofon drücken und diese Beispielansage für "
        "die Stellung wie abgebildet und den Wurf {roll} sagen:",
        "No move has been played yet. Press the microphone and say this example "
        "announcement for the position as shown and the roll {roll}:",
    ),
    "teach_all_right": ("Alles richtig: jedes Wort stimmt.", "All right: every word fits."),
    "teach_some_right": (
        "{right} von {total} Wörtern richtig.",
        "{right} of {total} words right.",
    ),
    "teach_word_missing": ("fehlt", "missing"),
    "teach_word_extra": ("zu viel", "too many"),
    "teach_word_instead": ("statt", "instead of"),
    "teach_said": ("Ansage", "Said"),
    "teach_sum": ("Rechnung", "Sum"),
    "teach_meaning": ("Bedeutung", "Meaning"),
    "teach_practise": ("Üben", "Practise"),
    # judged for the player to move, not for the last move spelt out above (trial s12 L5)
    "teach_how": (
        "Wie sagt man den Zug an? Stellung wie abgebildet, geprüft für {player}, am Zug; "
        "Wurf eintragen:",
        "How is the move announced? Position as shown, checked for {player}, to move; "
        "enter a roll:",
    ),
    # an empty answer on Learn, in words a child reads (new-user trial s14 M3: "invalid:
    # nothing said at character 1"); {example} is the practice form's example
    "teach_empty.gravitation": (
        "Du hast noch nichts gesagt. Sag den Wurf und dann den Weg des Steins, z. B. „{example}“.",
        "Nothing said yet. Say the roll and then the piece's way, e.g. '{example}'.",
    ),
    "teach_empty.tunnelx": (
        "Du hast noch nichts gesagt. Sag den Wurf und dann den Weg des Steins, z. B. „{example}“.",
        "Nothing said yet. Say the roll and then the piece's way, e.g. '{example}'.",
    ),
    "teach_empty.tuerme": (
        "Du hast noch nichts gesagt. Sag, wie weit der Stein mit welchem Würfel zieht, "
        "z. B. „{example}“.",
        "Nothing said yet. Say how far the piece moves with which die, e.g. '{example}'.",
    ),
    "teach_empty.tenet": (
        "Du hast noch nichts gesagt. Sag, welcher Würfel, von wo, nach wo: z. B. „{example}“.",
        "Nothing said yet. Say which die, from where, to where: e.g. '{example}'.",
    ),
    "teach_help_words": (
        "Was jedes Wort der Ansage heißt, mit Beispielen und Bildern: Hilfe",
        "What each word of the announcement means, with examples and pictures: Help",
    ),
    "teach_announcement": ("Ansage", "Announcement"),
    "teach.wurf": ("die Punkte, mit denen du ziehst", "the points you move with"),
    "teach.store_take": ("{count} aus deinem Speicher genommen", "{count} taken from your store"),
    "teach.store_put": ("{count} in deinen Speicher gelegt", "{count} put into your store"),
    "teach.orbit": (
        "die Gravitation {cost} der Umlaufbahn ist bezahlt; {left} bleiben für den Weg auf ihr",
        "the gravity {cost} of the orbit is paid; {left} left to move along it",
    ),
    "teach.gravity_free": (
        "entlang einer Gravitationslinie nach innen gezogen: kostenlos",
        "pulled inward along a gravity line: free",
    ),
    "teach.gravity_climb": (
        "gegen die Gravitation hinaus zu steigen kostet {cost}",
        "climbing out against gravity costs {cost}",
    ),
    "teach.handed_on": ("{count} weitergegeben", "{count} handed on"),
    "teach.push": (
        "das nächste Feld ist besetzt: dein Stein hält an, der letzte Stein der Kette zieht "
        "mit {count} weiter",
        "the next field is taken: your piece stops, the last piece of the chain moves on "
        "with {count}",
    ),
    "teach.defence": (
        "der gestoßene Spieler gibt {cost} aus seinem Speicher, um den Stoß zu verkürzen",
        "the pushed player spends {cost} from their store to shorten the push",
    ),
    "teach.tunnel": (
        "eine Kette von Steinen in einem Schritt passiert (Tunneleffekt)",
        "a chain of pieces passed in one step (tunnel effect)",
    ),
    "teach.step": ("ein Schritt entlang der Linie", "one step along the line"),
    "teach.absturz": (
        "nicht genug Energie, um in der Umlaufbahn zu bleiben: der Stein stürzt in den "
        "Gravitator und kehrt in seine Station zurück",
        "not enough energy to stay in orbit: the piece falls into the Gravitator and goes "
        "back to its station",
    ),
    "teach.tausch": (
        "1+2: der Stein tauscht den Platz mit dem nächsten fremden Stein",
        "1+2: the piece swaps places with the nearest foreign piece",
    ),
    "teach.sonderfeld": (
        "1+2: der Stein springt auf das nächste Sonderfeld",
        "1+2: the piece jumps to the nearest special field",
    ),
    "teach.prediction_hit": (
        "Vorhersage getroffen: 2 × {big} + {small} = {value}",
        "prediction hit: 2 × {big} + {small} = {value}",
    ),
    "teach.prediction_missed": (
        "Vorhersage verfehlt: nur der kleinere Würfel, {value}",
        "prediction missed: only the smaller die, {value}",
    ),
    "teach.one_one": ("1 + 1 zählt {value}", "1 + 1 counts {value}"),
    "teach.one_two": ("1 + 2: Tausch, Sonderfeld oder 3", "1 + 2: swap, special field or 3"),
    "teach.one_die": ("ein Würfel von {a} und {b}: {value}", "one die of {a} and {b}: {value}"),
    # calibration refusals (companion/vision/calibration.py)
    "cal.no_backup": (
        "{path}: keine vorherige Kalibrierung zum Wiederherstellen",
        "{path}: no previous calibration to restore",
    ),
    "cal.none_in_use": (
        "{path}: keine Kalibrierung in Gebrauch; die Standardfarben gelten schon",
        "{path}: no calibration in use; the defaults already apply",
    ),
    "cal.beyond_points.one": (
        "{example} liegt außerhalb der vier Punkte: dort wird die Lage des Bretts "
        "hochgerechnet, und ein Pixel Fehler in den Punkten wächst mit dem Abstand. Wird "
        "es unsicher gelesen: {instead}",
        "{example} lies outside the four points: there the board's place is extrapolated, "
        "and a pixel's error in the points grows with the distance. If it reads unsure: "
        "{instead}",
    ),
    "cal.beyond_points.other": (
        "{count} Felder liegen außerhalb der vier Punkte (z. B. {example}): dort wird die "
        "Lage des Bretts hochgerechnet, und ein Pixel Fehler in den Punkten wächst mit dem "
        "Abstand. Werden sie unsicher gelesen: {instead}",
        "{count} fields lie outside the four points (e.g. {example}): there the board's "
        "place is extrapolated, and a pixel's error in the points grows with the distance. "
        "If they read unsure: {instead}",
    ),
    "cal.instead_fields": (
        "vier Felder weiter außen einmessen, {fields}",
        "set four fields further out, {fields}",
    ),
    "cal.instead_corners": (
        "die vier Ecken des Bretts selbst einmessen statt Feldern (keine vier Felder "
        "umschließen dieses Brett)",
        "set the board's own four corners instead of fields (no four fields enclose this board)",
    ),
    "cal.cannot_write": (
        "{path}: die Kalibrierung kann nicht geschrieben werden: {why}",
        "{path}: cannot write the calibration: {why}",
    ),
    "cal.photo": ("Foto {number}", "photo {number}"),
    "cal.not_found": (
        "{label}: Brett nicht gefunden (alle Marken und Felder im Bild?)",
        "{label}: board not found (all markers and fields in view?)",
    ),
    "cal.pile": (
        "{label}: alle Steine liegen auf {field}, wo die Kamera sie nicht einzeln sieht; "
        "eingemessen ist das leere Brett, die Farben der Steine bleiben wie bisher",
        "{label}: every piece lies on {field}, where the camera does not see them one by "
        "one; the empty board is measured, the pieces' colours stay as they were",
    ),
    "cal.kept": (
        "{label}: auf dem Feld für {colours} lag keine Kugel (fehlt sie in der Schachtel?); "
        "diese Farben bleiben wie zuvor",
        "{label}: no ball lay on the field for {colours} (is it missing from the box?); "
        "these colours stay as they were",
    ),
    "cal.burnt_print": (
        "auf {count} der {total} Felder hat das Licht den Druck des leeren Felds überstrahlt "
        "(z. B. {example}): dort fragt der Leser bei einem hellen Stein, bis er das Feld im "
        "Spiel leer gesehen hat. Ein Foto des leeren Bretts ohne diese Blendung (Lampe oder "
        "Kamera verschieben, kürzer belichten) hilft sofort",
        "on {count} of the {total} fields the light burnt out the empty field's print (e.g. "
        "{example}): there the reader asks about a light piece until it has seen the field "
        "empty in play. A photo of the empty board without that glare (move the lamp or the "
        "camera, a shorter exposure) helps at once",
    ),
    "cal.swapped": (
        "{label}: {count} der {total} Felder, auf denen ein Stein stehen sollte, zeigen ein "
        "bedrucktes Feld (z. B. {example}); sind die Fotos vertauscht? (so gelernt, wie "
        "angegeben)",
        "{label}: {count} of the {total} fields that should hold a piece show a printed "
        "field (e.g. {example}); are the photos swapped? (learnt as told)",
    ),
    "cal.empty": ("leer", "empty"),
    "cal.held": ("{field} ({piece})", "{field} ({piece})"),
    "cal.not_empty": (
        "{label}: ist das Brett wirklich leer? Die Kamera sieht vielleicht {held}{more}; "
        "stehen dort Steine, bitte abräumen und neu aufnehmen",
        "{label}: is the board really empty? The camera may see {held}{more}; if pieces "
        "stand there, clear the board and capture again",
    ),
    "cal.not_empty_sure": (
        "{label}: das Brett ist nicht leer: {held}{more}; bitte das Brett abräumen und neu "
        "aufnehmen",
        "{label}: the board is not empty: {held}{more}; clear the board and capture again",
    ),
    "cal.contradiction": (
        "{label}: {field} sollte aussehen wie auf {other} (auf beiden {what}), sieht aber "
        "ganz anders aus (Farbabstand {delta}); liegt dort eine Hand, oder steht ein Stein "
        "falsch?",
        "{label}: {field} should look as on {other} ({what} on both), but looks very "
        "different (colour distance {delta}); is a hand over it, or a piece out of place?",
    ),
    # a calibration of an older version that the hand tests cannot use
    # (companion/vision/board/outdated.py)
    "cal.outdated": (
        "Kalibrierung der Farben neu aufnehmen: sie stammt von einer älteren Version und "
        "kennt {what} nicht, also sucht der Schiedsrichter dort keine Hand. Leeres Brett "
        "und Startaufstellung aufnehmen und „Farben einmessen und speichern“ (oder "
        "„companion calibrate colours“)",
        "Calibrate the colours again: this calibration was made by an older version and "
        "does not hold {what}, so the referee does not look for a hand there. Capture the "
        "empty board and the start position and “Fit the colours and save” (or run "
        "“companion calibrate colours”)",
    ),
    "cal.off_between_points": (
        "das Brett zwischen den Feldern an den heutigen Stellen",
        "the board between the fields at today's points",
    ),
    "cal.off_no_between": ("das Brett zwischen den Feldern", "the board between the fields"),
    "cal.off_no_surround": ("den Druck um die Felder", "the print around the fields"),
    "cal.off_no_foot": (
        "den Fuß der Felder unter hohen Figuren",
        "the fields' feet under tall pieces",
    ),
    # the print inside the fields (companion/vision/board/imprint.py) is missing too
    "cal.outdated_print": (
        "Kalibrierung der Farben neu aufnehmen: sie stammt von einer älteren Version und "
        "kennt den Druck in den Feldern nicht, also bleibt der Leser bei Steinen in der "
        "Farbe ihres Feldes unsicher und fragt. Leeres Brett und Startaufstellung aufnehmen "
        "und „Farben einmessen und speichern“ (oder „companion calibrate colours“)",
        "Calibrate the colours again: this calibration was made by an older version and "
        "does not hold the print inside the fields, so the reader stays unsure of pieces "
        "the colour of their field and asks. Capture the empty board and the start "
        "position and “Fit the colours and save” (or run “companion calibrate colours”)",
    ),
    "cal.outdated_print_too": (
        "Auch den Druck in den Feldern kennt sie nicht: bei Steinen in der Farbe ihres "
        "Feldes bleibt der Leser unsicher und fragt",
        "Nor does it hold the print inside the fields: the reader stays unsure of pieces "
        "the colour of their field and asks",
    ),
    "cal.alike": (
        "bei diesem Licht kaum zu unterscheiden, oder dort fehlt ein Stein: {fields} – dort "
        "bleibt der Leser unsicher "
        "und fragt; ein zweites bekanntes Foto mit diesen Steinen anderswo oder besseres "
        "Licht hilft (prüfen mit 'calibrate check')",
        "too close to tell apart under this light, or a piece missing there: {fields} — the "
        "reader stays unsure there "
        "and asks; a second known photo (--position) with those pieces elsewhere, or "
        "better light, helps (check with 'calibrate check')",
    ),
    # a piece colour like the empty field where no photo was misread (colourfit.like_the_board)
    "cal.like_part": (
        "{colour} auf {count} von {total} Feldern",
        "{colour} on {count} of {total} fields",
    ),
    "cal.like_more": (
        "{colour} wie das leere Feld auf {count} weiteren von {total} Feldern",
        "{colour} like the empty field on {count} more of {total} fields",
    ),
    "cal.like_board": (
        "bei diesem Licht sieht ein Stein aus wie das leere Feld: {parts} – dort bleibt der "
        "Leser unsicher (höchstens {cap}; 'calibrate check' zeigt sie rot); mehr Kontrast "
        "zwischen Steinen und Brett oder besseres Licht hilft",
        "under this light a piece looks like the empty field: {parts} — the reader stays "
        "unsure there (at most {cap}; 'calibrate check' draws them red); more contrast "
        "between the pieces and the board, or better light, helps",
    ),
    "cal.like_board_page": (
        "bei diesem Licht sieht ein Stein aus wie das leere Feld: {parts} – dort bleibt der "
        "Leser unsicher (höchstens {cap}; rot im Kamerabild); mehr Kontrast zwischen Steinen "
        "und Brett oder besseres Licht hilft",
        "under this light a piece looks like the empty field: {parts} — the reader stays "
        "unsure there (at most {cap}; red in the camera view); more contrast between the "
        "pieces and the board, or better light, helps",
    ),
    "cal.alike_page": (
        "bei diesem Licht kaum zu unterscheiden, oder dort fehlt ein Stein: {fields} – dort "
        "bleibt der Leser unsicher (rot im Kamerabild) und fragt; besseres Licht hilft",
        "too close to tell apart under this light, or a piece missing there: {fields} — the "
        "reader stays unsure there (red in the camera view) and asks; better light helps",
    ),
}
