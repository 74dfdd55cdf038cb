"""The command line's help texts: what each command and each of its options is for, as
``companion CMD -h`` shows it (``cmd.MODULE`` a command, ``cmd.MODULE.STEP`` a step of it,
``opt.MODULE.OPTION`` an option; ``opt.common.*`` those several commands share). Short:
a player reads them. tests/test_cli_usage.py walks the parser: every one in both languages.
"""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "opt.bench.positions": (
        "so viele zufällige Stellungen aus Selbstspiel beurteilen und prüfen (Standard 200)",
        "random self-play positions to judge and check (default 200)",
    ),
    "opt.bench.seed": (
        "der Startwert des Selbstspiels (Standard 1)",
        "the self-play seed (default 1)",
    ),
    "opt.bench.only": (
        "nur die Regeln oder nur die Startzeiten",
        "only the rules or only the start figures",
    ),
    "cmd.calibrate.target": (
        "die ChArUco-Vorlage zum Ausdrucken schreiben",
        "write the ChArUco target to print",
    ),
    "opt.calibrate.target.output": (
        "eine .png-Datei",
        "a .png file",
    ),
    "opt.calibrate.target.px-per-mm": (
        "Druckauflösung in Pixeln je mm (höchstens 40)",
        "print resolution (at most 40)",
    ),
    "cmd.calibrate.camera": (
        "Objektiv und Brennweite aus Fotos der Vorlage",
        "lens and focal length from photos of the target",
    ),
    "opt.calibrate.camera.name": (
        "ein Name für diese Kamera, z. B. 'pi-cam-3 über Tisch 1'",
        "a name for this camera, e.g. 'pi-cam-3 over table 1'",
    ),
    "cmd.calibrate.corners": (
        "vier Brettecken, für ein Brett ohne Marker",
        "four board corners, for a board without markers",
    ),
    "opt.calibrate.corners.points": (
        "Pixel der Brettecken: oben links, oben rechts, unten rechts, unten links, wie "
        "das Layout das Brett zeichnet (companion render --layout …), gleich wie es im Foto "
        "liegt; bei einem Gitter liegt r0c0 oben links, Zeile 0 oben. Sieht das Brett "
        "gedreht gleich aus, vorher einen Stein auf r0c0 stellen: dort ist oben links",
        "pixels of the board's corners: top left, top right, bottom right, bottom left as "
        "the layout draws the board (companion render --layout …), however it lies in the "
        "photo; on a grid r0c0 is top left, row 0 on top. Where the board looks alike "
        "turned, put a piece on r0c0 first: its corner is top left",
    ),
    "opt.calibrate.corners.fields": (
        "die --points sind die Mitten dieser vier Felder, in derselben Reihenfolge (z. B. die "
        "Eckpunkte eines Gitters: r0c0 r0c8 r8c8 r8c0), nicht die Brettecken",
        "the --points are these four fields' centres, in the same order (e.g. a grid's "
        "corner points: r0c0 r0c8 r8c8 r8c0), not the board's corners",
    ),
    "cmd.calibrate.colours": (
        "Farben der Steine und des Bretts aus Fotos bekannter Stellungen",
        "piece and board colours from known photos",
    ),
    "opt.calibrate.colours.empty": (
        "ein Foto des leeren Bretts",
        "a photo of the empty board",
    ),
    "opt.calibrate.colours.start": (
        "ein Foto der Startaufstellung: jeder Stein in seiner Station",
        "a photo of the start: every piece in its station",
    ),
    "opt.calibrate.colours.players": (
        "wer auf dem Startfoto spielt: Farben mit Kommas getrennt, wie bei 'start "
        "--players' (Standard: jeder Platz)",
        "who plays on the start photo: comma-separated colours, as for 'start --players' "
        "(default: every seat)",
    ),
    "opt.calibrate.colours.position": (
        'ein Foto und was es zeigt: eine Stellungsdatei oder eine Brett-Datei {{"fields": '
        '{{"ID": "FARBE", ...}}}} (mehrfach möglich)',
        'a photo and what it shows: a position file or a board file {{"fields": {{"ID": '
        '"COLOUR", ...}}}} (repeatable)',
    ),
    "cmd.calibrate.dice": (
        "Körper- und Augenfarbe eines Würfels aus einem Foto",
        "a die's body and pip colours from a photo",
    ),
    "opt.calibrate.dice.name": (
        "welche Würfel, z. B. d6 oder miwin-III",
        "which dice, e.g. d6 or miwin-III",
    ),
    "opt.calibrate.dice.at": (
        "Pixel der Mitte der oberen Seite",
        "pixel of the top face's centre",
    ),
    "opt.calibrate.dice.radius": (
        "Radius der oberen Seite in Pixeln",
        "top face radius in px",
    ),
    "cmd.calibrate.tray": (
        "wo Würfel gelesen werden: eine Box auf einem Foto der Schale",
        "where dice are read: a box on a photo of the tray",
    ),
    "opt.calibrate.tray.photo": (
        "ein Foto der Kamera",
        "a photo the camera took",
    ),
    "opt.calibrate.tray.box": (
        "das Pixel oben links und unten rechts der Schale auf FOTO",
        "the tray's top-left and bottom-right pixel on PHOTO",
    ),
    "opt.calibrate.tray.clear": (
        "keine Schale: Würfel wieder überall im Bild lesen",
        "no tray: read dice anywhere in the frame again",
    ),
    "cmd.calibrate.check": (
        "ein Foto mit der Datei lesen; zeichnen, was gesehen wurde",
        "read a photo with the file; draw what was seen",
    ),
    "opt.calibrate.check.output": (
        "ein Vorschaubild schreiben",
        "write a preview picture",
    ),
    "cmd.calibrate.show": (
        "zeigen, was eine Kalibrierdatei enthält",
        "print what a calibration file holds",
    ),
    "cmd.calibrate.restore": (
        "die Kalibrierung vor dem letzten Schritt zurückholen",
        "the calibration before the last step back",
    ),
    "cmd.calibrate.reset": (
        "zurück zu den Standardwerten (die Datei bleibt, zurückholbar)",
        "back to the defaults (the file kept, restorable)",
    ),
    "opt.calibrate.calibration": (
        "die Kalibrierdatei",
        "the calibration file",
    ),
    "opt.calibrate.layout": (
        "das Brett einer neuen Datei",
        "board layout of a new file",
    ),
    "opt.check.announcement": (
        'was der Spieler sagte, z. B. "Wurf 7, Umlaufbahn 6"',
        'what the player said, e.g. "Wurf 7, Umlaufbahn 6"',
    ),
    "opt.check.roll": (
        "die Würfel, z. B. 5,2 (TENET: drei Miwin-Würfel in beliebiger Folge, z. B. 9,4,2)",
        "the dice, e.g. 5,2 (TENET: three Miwin dice in any order, e.g. 9,4,2)",
    ),
    "opt.check.to": (
        "das Feld, auf dem der gezogene Stein endete (von der Kamera)",
        "the field where the moved piece ended (from the camera)",
    ),
    "opt.check.from": (
        "das Feld, auf dem der gezogene Stein vor dem Zug stand",
        "the field where the moved piece stood before the move",
    ),
    "opt.check.json": (
        "das Urteil als ein JSON-Objekt",
        "the verdict as one JSON object",
    ),
    "opt.common.position": (
        "eine Stellungsdatei im JSON-Format von docs/positions.md ('-' liest die Standardeingabe)",
        "a position file in the JSON form of docs/positions.md ('-' reads stdin)",
    ),
    "opt.common.layout": (
        "ein Brettname oder eine Brettdatei statt des Bretts, das die Stellung nennt",
        "a layout name or file, instead of the one the position names",
    ),
    "opt.common.json": (
        "Ausgabe für Programme (JSON)",
        "machine-readable output",
    ),
    "opt.common.config": (
        "die Konfigurationsdatei (Standard: $COMPANION_CONFIG, /etc/companion/config.toml, "
        "~/.config/companion/config.toml, sonst eingebaute Werte)",
        "the config file (default: $COMPANION_CONFIG, /etc/companion/config.toml, "
        "~/.config/companion/config.toml, else built-in defaults)",
    ),
    "opt.common.data-dir": (
        "der Ordner für Journal, PIN und Kalibrierungen (data_dir der Konfiguration): ein "
        "zweites serve neben dem ersten (ein --tray neben dem Schiedsrichter) braucht einen "
        "eigenen",
        "the folder of the journal, PIN and calibrations (config data_dir): a second serve "
        "beside the first (a --tray beside the referee) needs its own",
    ),
    "opt.config.check": (
        "DATEI prüfen (Standard: die Datei, die die Suchreihenfolge findet) und beenden",
        "validate FILE (default: the file the search order finds) and exit",
    ),
    "opt.export.journal": (
        "das Journal (Standard: im data_dir der Konfiguration)",
        "the journal (default: the config's data_dir)",
    ),
    "opt.export.game": (
        "die Nummer des Spiels (Standard: das letzte)",
        "the game's id (default: the last)",
    ),
    "opt.export.tray": (
        "die Würfe der Würfelschale (CSV, oder JSON mit --json); --game nennt die Sitzung",
        "the dice tray's rolls (CSV, or JSON with --json); --game names the session",
    ),
    "opt.hub.broker": (
        "der MQTT-Broker (hub.broker der Konfiguration)",
        "the MQTT broker (config hub.broker)",
    ),
    "opt.hub.broker-port": (
        "sein Port (hub.port der Konfiguration, 1883)",
        "its port (config hub.port, 1883)",
    ),
    "opt.hub.club": (
        "der Name des Vereins (hub.club der Konfiguration); '+': alle Vereine",
        "the club's name (config hub.club); '+': every club",
    ),
    "opt.hub.host": (
        "Adresse der Seite (0.0.0.0: alle)",
        "address of the page (0.0.0.0: all)",
    ),
    "opt.hub.port": (
        "Port der Seite",
        "port of the page",
    ),
    "opt.join.colour": (
        "die Farbe des neuen Spielers, z. B. green",
        "the new player's colour, e.g. green",
    ),
    "opt.journal.action.journal": (
        "das Journal (Standard: im data_dir der Konfiguration)",
        "the journal (default: the config's data_dir)",
    ),
    "opt.journal.action.game": (
        "die Nummer des Spiels (Standard: das letzte)",
        "the game's id (default: the last)",
    ),
    "cmd.layout.grid": (
        "ein quadratisches Gitterbrett: Felder r0c0 ... (Reihe 0 oben)",
        "a square grid board: fields r0c0 ... (row 0 on top)",
    ),
    "opt.layout.grid.size": (
        "Linien je Seite, z. B. 9, 13 oder 19",
        "lines per side, e.g. 9, 13 or 19",
    ),
    "opt.layout.grid.spacing": (
        "Linienabstand",
        "line spacing",
    ),
    "opt.layout.grid.margin": (
        "Brett jenseits der äußeren Linien (Standard: ein Linienabstand)",
        "board beyond the outer lines (default: one spacing)",
    ),
    "cmd.layout.fields": (
        "von Hand vermessene Felder: eine CSV-Datei ID,X,Y (mm)",
        "fields measured by hand: a CSV file of ID,X,Y (mm)",
    ),
    "opt.layout.fields.table": (
        "ein Feld je Zeile: ID,X,Y in mm",
        "one field a line: ID,X,Y in mm",
    ),
    "opt.layout.piece-diameter": (
        "wie breit ein Stein ist (Standard: 0,9 Linienabstände beim Gitter, sonst 20)",
        "how wide a piece is (default: 0.9 spacing for a grid, else 20)",
    ),
    "opt.layout.piece-height": (
        "wie hoch ein Stein ist: der Leser schaut, wo seine Oberseite erscheint (Standard 0)",
        "how tall a piece is: the reader looks where its top appears (default 0)",
    ),
    "opt.layout.name": (
        "der Name des Bretts (Standard: der Dateiname)",
        "the layout's name (default: the file's name)",
    ),
    "opt.layout.output": (
        "eine .json-Datei",
        "a .json file",
    ),
    "opt.listen.game": (
        "wessen Wörter (mit --table: stattdessen das Spiel des Tischs)",
        "whose words (with --table: the table's game instead)",
    ),
    "opt.listen.wav": (
        "diese WAV-Datei erkennen, nicht das Mikrofon",
        "recognise this WAV file, not the microphone",
    ),
    "opt.listen.table": (
        "das Gehörte an diesen Tisch schicken, http://host:port",
        "post what was heard to this table, http://host:port",
    ),
    "opt.listen.device": (
        "ALSA-Mikrofon, z. B. plughw:1",
        "ALSA microphone, e.g. plughw:1",
    ),
    "opt.listen.button": (
        "GPIO-Pin der Sprechtaste",
        "GPIO pin of the push-to-talk button",
    ),
    "opt.moves.roll": (
        "die Würfel, z. B. 5,2 (TENET: drei Miwin-Würfel in beliebiger Folge, z. B. 9,4,2)",
        "the dice, e.g. 5,2 (TENET: three Miwin dice in any order, e.g. 9,4,2)",
    ),
    "opt.moves.json": (
        "ein JSON-Objekt mit den Zügen (und ihrer Zahl)",
        "one JSON object with the moves (and their count)",
    ),
    "opt.moves.gloss": (
        "die englische Lesart dazuschreiben",
        "add the English reading",
    ),
    "opt.moves.limit": (
        "nach den ersten N Zügen aufhören (kanonische Reihenfolge)",
        "stop after the first N moves (canonical order)",
    ),
    "opt.pin.change.new": (
        "eine neue zufällige PIN machen und behalten",
        "make a new random PIN and keep it",
    ),
    "opt.read_board.images": (
        "Fotos (JPEG oder PNG)",
        "photos (JPEG or PNG)",
    ),
    "opt.read_board.layout": (
        "Brettname oder -datei (Standard: das der Kalibrierung, sonst gravitation)",
        "board layout name or file (default: the calibration's, else gravitation)",
    ),
    "opt.read_board.calibration": (
        "Kalibrierdatei dieser Kamera und dieses Bretts (companion calibrate)",
        "calibration file of this camera and board (companion calibrate)",
    ),
    "opt.read_dice.images": (
        "Foto der Würfelschale",
        "photo of the dice tray",
    ),
    "opt.read_dice.kind": (
        "d6: gewöhnliche sechsseitige Würfel (Standard); miwin: Miwins Würfel III, IV und V, an"
        " der Farbe unterschieden",
        "d6: standard six-sided dice (default); miwin: Miwin's dice III, IV and V, told apart "
        "by colour",
    ),
    "opt.read_dice.calibration": (
        "Kalibrierdatei (companion calibrate): nur in ihrer Würfelschale lesen, mit ihren "
        "Würfelfarben",
        "calibration file (companion calibrate): read only within its dice tray, with its dice "
        "colours",
    ),
    "opt.read_dice.json": (
        "eine JSON-Zeile je Bild",
        "one JSON line per image",
    ),
    "opt.render.position": (
        "eine Stellungsdatei im JSON-Format von docs/positions.md ('-' liest die "
        'Standardeingabe) oder eine Brett-Datei {{"fields": {{"ID": "FARBE"}}}} mit --layout '
        "(ein eigenes Brett mit seinen Steinen); ohne sie nennt --layout das leere Brett",
        "a position file in the JSON form of docs/positions.md ('-' reads stdin), or a board "
        'file {{"fields": {{"ID": "COLOUR"}}}} with --layout (a board of your own with its '
        "pieces); without it, --layout names the empty board to draw",
    ),
    "opt.render.layout": (
        "ein Brettname (gravitation, tuerme, tenet-2, tenet) oder eine Brettdatei: das Brett "
        "zum Zeichnen, oder das, auf dem die Stellung statt des genannten gelesen wird",
        "a layout name (gravitation, tuerme, tenet-2, tenet) or file: the board to draw, or the"
        " one to read the position on instead of the one it names",
    ),
    "opt.render.output": (
        "wohin das Bild kommt: out.svg oder out.png",
        "where to write the picture: out.svg or out.png",
    ),
    "opt.render.scale": (
        "PNG-Pixel je Brett-Millimeter (Standard 2: ein Gravitation-Brett mit 1320 px)",
        "PNG pixels per board millimetre (default 2: a 1320 px Gravitation board)",
    ),
    "opt.render.photo": (
        "ein künstliches Kamerafoto statt des flachen Bilds (.jpg oder .png)",
        "a synthetic camera photo instead of the flat picture (.jpg or .png)",
    ),
    "opt.render.seed": (
        "Kamera, Lage und Licht von --photo (Standard 0); die Kamera steht an irgendeiner "
        "Seite, das Brett liegt im Foto also beliebig gedreht (Seed 0: r0c0 unten links)",
        "camera, pose and light of --photo (default 0); the camera stands at any side, so "
        "the board lies turned any way in the photo (seed 0: r0c0 at the bottom left)",
    ),
    "opt.render.hand": (
        "mit --photo: eine Hand über dem Brett",
        "with --photo: a hand over the board",
    ),
    "opt.replay.frames": (
        "Ordner mit Bilddateien, eine je Bild",
        "folder of image files, one a frame",
    ),
    "opt.replay.game": (
        "das Spiel des Films (Standard: das, das film.json von sample game nennt, sonst "
        "gravitation, bis es einen Zug ablehnt: dann hält replay an und nennt die Spiele, "
        "die den Film erklären)",
        "the film's game (default: the one sample game's film.json names, else gravitation "
        "until it rejects a move: replay then stops and names the games that explain the "
        "film)",
    ),
    "opt.replay.layout": (
        "ein Brettname oder eine Brettdatei (Standard: das des Spiels)",
        "a layout name or file (default: the game's own)",
    ),
    "opt.replay.players": (
        "Farben in Zugreihenfolge, mit Kommas getrennt",
        "comma-separated colours in turn order",
    ),
    "opt.replay.position": (
        "die Stellung, mit der die Aufnahme beginnt",
        "the position the recording starts from",
    ),
    "opt.replay.journal": (
        "das Spiel in diesem Journal aufzeichnen; ein unfertiges Spiel darin wird fortgesetzt",
        "record the game in this journal; an unfinished game in it is resumed",
    ),
    "opt.replay.still-frames": (
        "so viele Bilder muss ein Brett stillstehen, bevor es beurteilt wird (Standard 3)",
        "frames a board must stand still before it is judged (default 3)",
    ),
    "opt.sample.what": (
        "ein Foto der Würfelschale oder ein Spiel",
        "a dice tray photo or a game",
    ),
    "opt.sample.output": (
        "das Foto (dice: .jpg/.png) oder der Ordner der Bilder",
        "the photo (dice: .jpg/.png) or the frames folder",
    ),
    "opt.sample.seed": (
        "gleicher Startwert, gleiche Bilder",
        "the same seed, the same pictures",
    ),
    "opt.sample.kind": (
        "dice: gewöhnliche oder Miwins drei",
        "dice: standard or Miwin's three",
    ),
    "opt.sample.count": (
        "dice: wie viele (d6: 1-4, Standard 2; miwin: 1-3, Standard 3)",
        "dice: how many (d6: 1-4, default 2; miwin: 1-3, default 3)",
    ),
    "opt.sample.players": (
        "game: Farben in Zugreihenfolge (Standard red,yellow)",
        "game: colours in turn order (default red,yellow)",
    ),
    "opt.sample.game": (
        "game: das Spiel (Standard gravitation; auch tunnelx, tuerme)",
        "game: the game (default gravitation; also tunnelx, tuerme)",
    ),
    "opt.sample.turns": (
        "game: so viele Züge spielen (Standard 6)",
        "game: turns to play (default 6)",
    ),
    "opt.serve.host": (
        "Adresse, auf der gelauscht wird (web.host der Konfiguration; 0.0.0.0 lässt jedes Handy"
        " im LAN herein)",
        "address to listen on (config web.host; 0.0.0.0 lets every phone on the LAN in)",
    ),
    "opt.serve.port": (
        "Port (web.port der Konfiguration, Standard 8080)",
        "port (config web.port, default 8080)",
    ),
    "opt.serve.players": (
        "Farben in Zugreihenfolge, mit Kommas getrennt (game.players der Konfiguration); "
        "wie --game: ein unfertiges Spiel mit anderen Spielern wird nicht überdeckt",
        "comma-separated colours in turn order (config game.players); as with --game, an "
        "unfinished game of other players is refused, not hidden",
    ),
    "opt.serve.game": (
        "das Spiel (game.name der Konfiguration, Standard gravitation); ist das jüngste Spiel "
        "im Journal unfertig, geht es weiter, wenn es dieses Spiel ist, sonst Abbruch mit "
        "Hinweis; nach einem beendeten beginnt ein neues",
        "the game (config game.name, default gravitation); when the journal's newest game is "
        "unfinished it goes on if it is this game, else serve refuses and says how to go on; "
        "after a finished one a new game begins",
    ),
    "opt.serve.layout": (
        "ein Brettname oder eine Brettdatei (Standard: das des Spiels)",
        "a layout name or file (default: the game's own)",
    ),
    "opt.serve.resume": (
        "das unfertige Spiel N des Journals fortsetzen, auch ein älteres, das ein anderes "
        "Spiel ablöste (es geht als neues, jüngstes Spiel mit seiner Stellung und seinem "
        "Verlauf weiter; ein so schon fortgesetztes geht dort weiter); ohne N: die "
        "unfertigen Spiele auflisten",
        "go on with the journal's unfinished game N, also an older one another game "
        "followed (it goes on as a new, newest game with its position and history; one "
        "already taken up so goes on there); without N: list the unfinished games",
    ),
    "opt.serve.new-game": (
        "ein neues Spiel beginnen, auch wenn das jüngste Spiel im Journal unfertig ist (das "
        "sonst fortgesetzt wird, auch mit --game/--players, die zu ihm passen); ohne --game "
        "ein Spiel derselben Art, mit denselben Spielern und demselben Brett, außer die "
        "Konfiguration nennt ein anderes Spiel (game.name): dann dieses",
        "start a new game even if the journal's newest game is unfinished (which is otherwise "
        "resumed, also with a --game/--players that fit it); without --game a game of the "
        "same kind, with the same players and board, unless the config names another game "
        "(game.name): then that one",
    ),
    "opt.serve.tray": (
        "eine Würfelschale für jedes Spiel statt eines Spiels (docs/tray.md): jeder Wurf "
        "gelesen, behalten und auf Fairness geprüft; --tray miwin für Miwins Würfel",
        "a dice tray for any game instead of a game (docs/tray.md): every roll read, kept and "
        "tested for fairness; --tray miwin for Miwin's dice",
    ),
    "opt.start.players": (
        "Farben in Zugreihenfolge, mit Kommas getrennt (Standard: jeder Platz)",
        "comma-separated colours in turn order (default: every seat)",
    ),
    "opt.start.phase": (
        "Gravitation-Phase 1, 2 oder 3 (Standard 3)",
        "Gravitation phase 1, 2 or 3 (default 3)",
    ),
    "opt.start.layout": (
        "ein Brettname oder eine Brettdatei (Standard: das des Spiels)",
        "a layout name or file (default: the game's own)",
    ),
    "opt.start.option": (
        "einen Regelschalter setzen, z. B. --option death_push=on (mehrfach möglich)",
        "set a rule switch, e.g. --option death_push=on (repeatable)",
    ),
    "opt.start.json": (
        "wird akzeptiert: die Ausgabe ist ohnehin JSON",
        "accepted: the output is JSON anyway",
    ),
    "cmd.bench": (
        "messen, was Beurteilen, Prüfen und Starten auf diesem Rechner kostet (mit einer "
        "Schätzung für einen Pi 4)",
        "measure what judging, checking and starting cost on this machine (with a Pi 4 estimate)",
    ),
    "cmd.calibrate": (
        "Kamera, Brettecken, Steinfarben und Würfel in eine Datei einmessen (siehe calibration/)",
        "calibrate camera, board corners, piece colours and dice into one file (see calibration/)",
    ),
    "cmd.check": (
        "eine gesprochene Ansage gegen eine Stellung und einen Wurf prüfen",
        "check a spoken announcement against a position and a roll",
    ),
    "cmd.config": (
        "die geltende Konfiguration zeigen und woher sie kommt; --check prüft eine Datei",
        "print the effective configuration and where it came from; --check validates a file",
    ),
    "cmd.export": (
        "die Aufzeichnung eines Spiels: seine Züge als Text oder jedes Ereignis als JSON "
        "(--json); --tray: die Würfe der Würfelschale als CSV oder JSON",
        "print a game's record: its turns as text, or every event as JSON (--json); --tray: the"
        " dice tray's rolls as CSV or JSON",
    ),
    "cmd.hub": (
        "die Zentrale des Vereins: die Spiele aller Tische vom MQTT-Broker auf einer Seite",
        "the club's hub: every table's games from the MQTT broker on one page",
    ),
    "cmd.join": (
        "TENET: einen Spieler mitten im Spiel aufnehmen (neun Kugeln auf Start) und die neue "
        "Stellung zeigen",
        "TENET: add a player mid-game (nine balls on start) and print the new position",
    ),
    "cmd.journal": (
        "das Spieljournal prüfen, ein Spiel als JSON ausgeben oder es reparieren (kaputte "
        "Ereignisse beiseitegelegt)",
        "check the game journal, export a game as JSON, or repair it (bad events moved aside)",
    ),
    "cmd.layout": (
        "die Brettdatei eines eigenen Bretts schreiben (ein Gitter oder von Hand vermessene "
        "Felder)",
        "write the layout file of a board of your own (a grid, or fields measured by hand)",
    ),
    "cmd.listen": (
        "eine gesprochene Ansage offline hören (Mikrofon oder WAV-Datei) und prüfen",
        "hear a spoken announcement offline (microphone or WAV file) and check it",
    ),
    "cmd.moves": (
        "jeden erlaubten Zug einer Stellung und eines Wurfs zeigen, mit seiner gesprochenen Ansage",
        "list every legal move of a position and a roll, with its spoken announcement",
    ),
    "cmd.pin": (
        "die Schiedsrichter-PIN der Seite zeigen (--new macht eine neue, --set liest Ihre von "
        "der Standardeingabe)",
        "show the referee PIN of the page (--new makes another, --set reads yours from stdin)",
    ),
    "cmd.read-board": (
        "die Steine auf einem Brett aus Kamerafotos lesen (gefunden? belegt? welche Farbe wo)",
        "read the pieces on a board from camera photos (found? busy? which colour where)",
    ),
    "cmd.read-dice": (
        "die Würfel in Fotos der Würfelschale lesen",
        "read the dice in photos of the dice tray",
    ),
    "cmd.render": (
        "eine Stellung oder mit --layout ein leeres Brett als SVG oder PNG zeichnen (der "
        "Dateiname entscheidet)",
        "draw a position, or an empty board with --layout, as SVG or PNG (the file name decides)",
    ),
    "cmd.replay": (
        "ein aufgezeichnetes Spiel beurteilen: ein Ordner mit Kamerabildern, nach Namen geordnet",
        "referee a recorded game: a folder of camera frames, in name order",
    ),
    "cmd.sample": (
        "künstliche Kamerabilder schreiben (eine Würfelschale, ein gefilmtes Spiel), um den "
        "Companion auszuprobieren",
        "write synthetic camera pictures (a dice tray, a filmed game) to try the companion",
    ),
    "cmd.serve": (
        "den Schiedsrichter mit seiner Webseite starten (waitress; http://RECHNER:PORT/ auf einem "
        "Handy öffnen)",
        "run the referee and its web page (waitress; open http://HOST:PORT/ on a phone)",
    ),
    "cmd.start": (
        "die Startaufstellung eines Spiels als JSON ausgeben (jeder Stein in seiner Station)",
        "print the start position of a game as JSON (every piece in its station)",
    ),
    "cmd.journal.check": (
        "die Ereignisse nennen, die sich nicht zurücklesen lassen (Exit 2, falls welche)",
        "list the events that cannot be read back (exit 2 if any)",
    ),
    "cmd.journal.export": (
        "ein Spiel als JSON ausgeben",
        "print a game as JSON",
    ),
    "cmd.journal.repair": (
        "jedes lesbare Ereignis behalten; die kaputten bleiben in einer Kopie des Journals",
        "keep every readable event; the bad ones stay in a copy of the journal",
    ),
    "opt.moves.turns": (
        "TENET: ganze Züge zeigen, gewinnende zuerst (höchstens --limit, Standard {turns})",
        "TENET: list whole turns, winning ones first (at most --limit, default {turns})",
    ),
    "opt.pin.set": (
        "eine eigene PIN von der Standardeingabe lesen ({rule}) und behalten",
        "read a PIN of your own from stdin ({rule}) and keep it",
    ),
    "opt.command": (
        "der Befehl; companion BEFEHL -h erklärt ihn (z. B. companion start -h)",
        "the command; companion COMMAND -h explains it (e.g. companion start -h)",
    ),
    "opt.common.game": (
        "das Spiel (Standard gravitation)",
        "the game (default gravitation)",
    ),
    "opt.calibrate.step": (
        "der Schritt; companion calibrate SCHRITT -h erklärt ihn",
        "the step; companion calibrate STEP -h explains it",
    ),
    "opt.calibrate.camera.photos": (
        "6 bis 15 Fotos der gedruckten Vorlage",
        "6 to 15 photos of the printed target",
    ),
    "opt.calibrate.dice.photo": (
        "ein Foto mit dem Würfel",
        "a photo of the die",
    ),
    "opt.calibrate.check.photo": (
        "ein Foto der Kamera",
        "a photo the camera took",
    ),
    "opt.journal.action": (
        "was mit dem Journal geschehen soll",
        "what to do with the journal",
    ),
    "opt.layout.kind": (
        "welche Art Brett: grid oder fields",
        "which kind of board: grid or fields",
    ),
}
