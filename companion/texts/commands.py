"""Why calibrate, sample, render and replay refuse their arguments and files (the vision's
tray, die and target checks among them): each a sentence a player can meet on the
command line (tests/test_command_words.py walks them in both languages)."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # calibrate
    "calibrate.other_layout": (
        "{path}: kalibriert für das Brett {layout}, nicht für {asked}",
        "{path}: calibrated for layout {layout}, not {asked}",
    ),
    "calibrate.px_positive": ("--px-per-mm muss größer als 0 sein", "--px-per-mm must be positive"),
    "calibrate.px_too_fine": (
        "--px-per-mm {value}: feiner druckt kein Drucker (höchstens 40)",
        "--px-per-mm {value} is more than a printer prints (40)",
    ),
    "calibrate.target_format": (
        "{path}: die Vorlage wird als .png (oder .jpg) geschrieben",
        "{path}: the target is written as .png (or .jpg)",
    ),
    "calibrate.target_unwritten": (
        "{path}: dieses Bildformat geht nicht; bitte .png",
        "{path}: cannot write this picture format; use .png",
    ),
    # colours refused on a board whose corners were given in a turned order (trial s9)
    "calibrate.misread": (
        "mit diesen Ecken liest die Kalibrierung {count} Felder der bekannten Fotos anders "
        "als gesagt",
        "with these corners the calibration reads {count} fields of the known photos "
        "otherwise than said",
    ),
    "calibrate.corners_turned": (
        "{reason} – die Ecken sind wohl verdreht: in der Reihenfolge --points {points} "
        "passen die Fotos zusammen (oben links, oben rechts, unten rechts, unten links, wie "
        "das Layout das Brett zeichnet); bitte „companion calibrate corners“ so wiederholen, "
        "oder die Steine stehen nicht wie in der Datei (ein Stein auf dem ersten Feld zeigt, "
        "was gilt). Nichts gespeichert",
        "{reason} – the corners are probably turned: in the order --points {points} the "
        "photos agree (top left, top right, bottom right, bottom left, as the layout draws "
        "the board); please run “companion calibrate corners” so again, or the pieces do not "
        "stand as the file says (a piece on the first field tells which). Nothing saved",
    ),
    "calibrate.no_area": (
        "--points: die vier Ecken umschließen keine Fläche; bitte die Reihenfolge prüfen",
        "--points: the four corners do not span an area; check the order",
    ),
    "calibrate.fields_no_area": (
        "--fields: {fields} umschließen keine Fläche",
        "--fields: {fields} do not span an area",
    ),
    "calibrate.not_point": (
        "{option}: {value} ist nicht X,Y in Pixeln",
        "{option}: {value} is not X,Y in pixels",
    ),
    "calibrate.clear_alone": (
        "--clear nimmt kein FOTO und keine --box",
        "--clear takes no PHOTO and no --box",
    ),
    "calibrate.tray_needs": (
        "bitte FOTO und --box X0,Y0,X1,Y1 angeben (oder --clear)",
        "give PHOTO and --box X0,Y0,X1,Y1 (or --clear)",
    ),
    "calibrate.no_photos": (
        "bitte mindestens eines von --empty, --start, --position angeben",
        "give at least one of --empty, --start, --position",
    ),
    "calibrate.die_outside": (
        "der Würfel bei {at} mit Radius {radius} px liegt nicht im Foto ({size})",
        "die at {at} with radius {radius} px is not inside the {size} photo",
    ),
    # a calibration file that is not one (hand-edited, or of another program)
    "calfile.format": (
        "{where}: keine Kalibrierdatei (format muss {format} sein)",
        "{where}: not a calibration file (format must be {format})",
    ),
    "calfile.layout": (
        "{where}: 'layout' muss das Brett nennen",
        "{where}: 'layout' must name the board layout",
    ),
    "calfile.at": ("{where}: {reason}", "{where}: {reason}"),
    "calfile.tray": (
        "{where}: tray: erwartet ist [x0, y0, x1, y1], Anteile des Bildes",
        "{where}: tray: expected [x0, y0, x1, y1], fractions of the frame",
    ),
    "calfile.tray_numbers": (
        "{where}: tray: {value} sind nicht vier Zahlen",
        "{where}: tray: {value} are not four numbers",
    ),
    "calfile.dice": (
        "{where}: dice: erwartet ist ein Objekt mit Würfelfarben",
        "{where}: dice: expected an object of dice colours",
    ),
    "calfile.dice_entry": (
        "{where}: Würfel {name}: Eintrag fehlt oder ist falsch ({why})",
        "{where}: dice {name}: bad or missing entry ({why})",
    ),
    "calfile.dice_spread": (
        "{where}: Würfel {name}: die Streuungen müssen größer als 0 sein",
        "{where}: dice {name}: spreads must be positive",
    ),
    "calfile.camera_entry": (
        "{where}: camera: Eintrag fehlt oder ist falsch ({why})",
        "{where}: camera: bad or missing entry ({why})",
    ),
    "calfile.camera_shape": (
        "{where}: camera: die Matrix muss 3x3 sein, die Verzeichnung 5 Zahlen",
        "{where}: camera: matrix must be 3x3, distortion 5 numbers",
    ),
    "calfile.camera_positive": (
        "{where}: camera: Größen und Brennweiten müssen größer als 0 sein",
        "{where}: camera: sizes and focal lengths must be positive",
    ),
    "calfile.board_method": (
        "{where}: board: method muss 'markers' oder 'manual' sein",
        "{where}: board: method must be 'markers' or 'manual'",
    ),
    "calfile.board_entry": (
        "{where}: board: Eintrag fehlt oder ist falsch ({why})",
        "{where}: board: bad or missing entry ({why})",
    ),
    "calfile.board_points": (
        "{where}: board: bitte genau vier Brettpunkte und vier Pixel angeben",
        "{where}: board: give exactly four board points and four pixels",
    ),
    "charuco.none": ("keine Fotos der Kalibriervorlage angegeben", "no calibration photos given"),
    "charuco.sizes": (
        "die Fotos der Kalibriervorlage müssen gleich groß sein, sind aber {sizes}",
        "calibration photos must share one size, got {sizes}",
    ),
    "calibrate.target_seen": (
        "die ChArUco-Vorlage war auf {found} von {count} Fotos zu sehen; nötig sind "
        "mindestens {least} (ganze Vorlage im Bild, scharf, aus mehreren Winkeln)",
        "the ChArUco target was found in {found} of {count} photos; need at least {least} "
        "(whole target in view, sharp, from several angles)",
    ),
    "calibrate.layout_missing": (
        "{path}: Brett {layout} hat kein Feld {field}; für ein eigenes Brett bitte "
        "--layout DATEI angeben",
        "{path}: layout {layout} has no field {field}; for a board of your own give --layout FILE",
    ),
    "players.none": (
        "--players {given} nennt keine Farbe (z. B. red,yellow oder Rot,Gelb)",
        "--players {given} names no colour (e.g. red,yellow)",
    ),
    # a known photo's board file (vision/colourfit.py load_placement)
    "placement.unknown_key": (
        "{path}: unbekannter Schlüssel {name} in einer Brett-Datei (nur 'fields')",
        "{path}: unknown key {name} in a board file (only 'fields')",
    ),
    "placement.fields": (
        "{path}: 'fields' muss ein Objekt aus Feld → Farbe sein",
        "{path}: 'fields' must be an object of field id → colour",
    ),
    "placement.no_field": (
        "{path}: Brett {layout} hat kein Feld {field}",
        "{path}: layout {layout} has no field {field}",
    ),
    "placement.not_colour": (
        "{path}: Feld {field}: {colour} ist kein Farbname (eine Farbe wie 'schwarz', 'weiß' "
        "oder 'black', oder der Name einer neuen Farbe aus Kleinbuchstaben a-z)",
        "{path}: field {field}: {colour} is not a colour name (a colour such as 'black', "
        "'white' or 'schwarz', or a new colour's name in lowercase letters a-z)",
    ),
    "placement.no_paint": (
        "{path}: Feld {field}: für {colour} hat die Zeichnung keine Farbe (sie kennt {known}); "
        "kalibrieren und lesen gehen mit jedem Namen",
        "{path}: field {field}: the drawing has no paint for {colour} (it knows {known}); "
        "calibrate and read-board take any name",
    ),
    "placement.no_start": (
        "auf Brett {layout} beginnt kein Spiel; bitte eine Stellungsdatei angeben",
        "no game starts on layout {layout}; use a position file",
    ),
    # the board without markers (vision/board/locate.py), a calibration of another board
    "locate.no_markers": (
        "Brett {layout} hat keine Marker: seine vier Ecken einmessen (companion calibrate corners)",
        "layout {layout} has no markers: calibrate its four corners (companion calibrate corners)",
    ),
    "read_board.other_layout": (
        "{path}: eingemessen für Brett {layout}, nicht {other}",
        "{path}: calibrated for layout {layout}, not {other}",
    ),
    "calibrate.placement_unread": ("{path}: kann nicht lesen: {why}", "{path}: cannot read: {why}"),
    # the dice tray's box (vision/dice/tray.py)
    "tray.box_outside": (
        "{where} liegt nicht im Foto ({size}; links,oben,rechts,unten in Pixeln)",
        "{where} is not inside the {size} photo (left,top,right,bottom in pixels)",
    ),
    "tray.box_fault": ("{where}: {fault}", "{where}: {fault}"),
    "tray.fault": ("Würfelschale {tray}: {fault}", "tray {tray}: {fault}"),
    "tray.fault_range": (
        "jede Ecke muss innerhalb 0..1 des Bildes liegen",
        "every corner must lie within 0..1 of the frame",
    ),
    "tray.fault_order": ("nötig ist x0 < x1 und y0 < y1", "needs x0 < x1 and y0 < y1"),
    "tray.fault_small": (
        "jede Seite muss mindestens {side} des Bildes lang sein",
        "each side must be at least {side} of the frame",
    ),
    "tray.not_box": (
        "{option}: {value} ist nicht X0,Y0,X1,Y1 in Pixeln",
        "{option}: {value} is not X0,Y0,X1,Y1 in pixels",
    ),
    "tray.box_order": (
        "{option}: {value}: nötig ist X0 < X1 und Y0 < Y1 (oben links zuerst)",
        "{option}: {value}: needs X0 < X1 and Y0 < Y1 (top-left first)",
    ),
    # sample
    "sample.count": (
        "--count {count}: eine Schale mit {kind} fasst 1 bis {most} Würfel",
        "--count {count}: a {kind} tray holds 1 to {most} dice",
    ),
    "sample.photo_format": (
        "{path}: das Foto bitte als .jpg oder .png schreiben",
        "{path}: write the photo as .jpg or .png",
    ),
    "sample.no_folder": ("{path}: diesen Ordner gibt es nicht", "{path}: no such folder"),
    "sample.unwritten": ("{path}: kann das Foto nicht schreiben", "{path}: cannot write the photo"),
    "sample.turns": (
        "--turns {turns}: bitte 1 bis 200 Züge",
        "--turns {turns}: play 1 to 200 turns",
    ),
    "sample.not_filmed": (
        "--game {game}: die synthetische Kamera filmt nur Spiele mit zwei gewöhnlichen "
        "Würfeln, nicht {name}; sie filmt {filmed}",
        "--game {game}: the synthetic camera films only games played with two standard "
        "dice, not {name}; it films {filmed}",
    ),
    "sample.folder_used": (
        "{path}: bitte einen neuen oder leeren Ordner für die Bilder angeben",
        "{path}: give a new or empty folder for the frames",
    ),
    # render
    "render.scale": (
        "--scale muss größer als 0 und höchstens 20 Pixel je mm sein, nicht {scale}",
        "--scale must be more than 0 and at most 20 pixels per mm, not {scale}",
    ),
    "render.nothing": (
        "nichts zu zeichnen: bitte eine Stellungsdatei (STELLUNG) oder --layout BRETT angeben",
        "nothing to draw: give a POSITION file or --layout NAME",
    ),
    "render.photo_format": (
        "{path}: ein Foto wird als .jpg oder .png geschrieben",
        "{path}: a photo is written as .jpg or .png",
    ),
    "render.encoding": ("{path}: Kodieren fehlgeschlagen", "{path}: encoding failed"),
    "render.board_file_layout": (
        '{path} ist eine Brett-Datei ({{"fields": …}}) ohne Brett: bitte --layout DATEI angeben',
        '{path} is a board file ({{"fields": …}}) without its board: give --layout FILE',
    ),
    "render.format": (
        "{path}: das Bildformat ist unklar; bitte .svg oder .png",
        "{path}: cannot tell the picture format; use .svg or .png",
    ),
    # replay
    "replay.still_frames": (
        "--still-frames {count}: mindestens 1",
        "--still-frames {count}: must be at least 1",
    ),
    "replay.no_folder": (
        "{folder}: diesen Ordner mit Bildern gibt es nicht",
        "{folder}: no such folder of frames",
    ),
    "replay.a_file": (
        "{folder}: eine Datei, kein Ordner mit Bildern",
        "{folder}: a file, not a folder of frames",
    ),
    "replay.no_images": (
        "{folder}: keine Bilddateien darin (.png, .jpg, …)",
        "{folder}: no image files in it (.png, .jpg, ...)",
    ),
    "replay.other_game": (
        "{path}: eine Stellung von {game}, nicht von {asked}",
        "{path}: a position of {game}, not of {asked}",
    ),
    "replay.other_board": (
        "{path}: Partie {game} wird auf {layout} gespielt, nicht auf {asked}",
        "{path}: game {game} is played on {layout}, not {asked}",
    ),
    # a file that is no journal (store/journalcheck.py)
    "journal.not_sqlite": (
        "{path}: kein Spieljournal des Companion (keine SQLite-Datenbank); bleibt unberührt",
        "{path}: not a companion journal (not an SQLite database); refusing to touch it",
    ),
    "journal.other_program": (
        "{path}: die SQLite-Datenbank eines anderen Programms, kein Spieljournal des "
        "Companion; bleibt unberührt",
        "{path}: another program's SQLite database, not a companion journal; refusing to touch it",
    ),
    "journal.cannot_read": (
        "{path}: das Journal ist nicht lesbar: {why}",
        "{path}: cannot read the journal: {why}",
    ),
    "journal.at": ("{path}: {reason}", "{path}: {reason}"),
    "journal.in_use": (
        "in Benutzung: ein laufendes companion serve (oder ein anderes Programm) hält das "
        "Journal; erst dieses beenden",
        "in use: a running companion serve (or another program) holds the journal; stop it first",
    ),
    # companion/store/snapshot.py: a held journal copied to be read (trial s11 L5)
    "journal.copy_moving": (
        "{path}: das Journal wird gerade geschrieben, keine Kopie ließ sich sauber lesen "
        "({tries} Versuche); gleich noch einmal versuchen",
        "{path}: the journal is being written and no copy of it read cleanly ({tries} tries); "
        "try again in a moment",
    ),
    "journal.schema": (
        "{path}: Journal-Schema {version}, dieser Companion liest {ours}",
        "{path}: journal schema {version}, this companion reads {ours}",
    ),
    "journal.read_only": (
        "die Datei oder ihr Ordner ist schreibgeschützt",
        "the file or its directory is read-only",
    ),
    "journal.disk_error": (
        "ein Fehler des Speichers (versagt die SD-Karte, oder ist die Datei unveränderlich?)",
        "a disk error (is the SD card failing or the file immutable?)",
    ),
    "journal.damaged": (
        "{path}: beschädigtes Journal ({why}); bleibt unberührt",
        "{path}: damaged journal ({why}); refusing to touch it",
    ),
    # what the commands say when they did it (the success and progress lines)
    "calibrate.done": ("{path}: {done}", "{path}: {done}"),
    "calibrate.note": ("  Hinweis: {note}", "  note: {note}"),
    "calibrate.done.camera": (
        "Kamera: {images} Fotos verwendet, RMS-Fehler {rms} px",
        "camera: {images} photos used, RMS error {rms} px",
    ),
    "calibrate.done.dice": (
        "Würfel {name}: Körper- und Augenfarben gemessen",
        "dice {name}: body and pip colours measured",
    ),
    "calibrate.done.corners": (
        "Brett: vier Ecken und ihre Pixel gespeichert (ob sie sitzen, zeigt "
        "'calibrate check FOTO')",
        "board: four corners and their pixels stored (whether they fit, 'calibrate check "
        "PHOTO' shows)",
    ),
    "calibrate.note.corners_serve": (
        "ein laufender companion serve liest neue Ecken erst nach einem Neustart (sudo "
        "systemctl restart companion, oder Strg+C und neu starten); auf seiner Seite "
        "„Kalibrieren“ eingemessen gelten sie sofort. Die Pixel sind die des vollen "
        "Kamerabilds: während serve läuft, gibt es http://…/camera.jpg?full=1 (das "
        "Kamerabild der Seite ist verkleinert)",
        "a running companion serve reads new corners only after a restart (sudo systemctl "
        "restart companion, or Ctrl+C and start it again); set on its Calibrate page "
        "they apply at once. The pixels are those of the camera's full frame: while serve "
        "runs, http://…/camera.jpg?full=1 gives it (the page's camera picture is scaled "
        "down)",
    ),
    "calibrate.done.fields": (
        "Brett: vier Felder {fields} und ihre Pixel gespeichert (ob sie sitzen, zeigt "
        "'calibrate check FOTO')",
        "board: four fields {fields} and their pixels stored (whether they fit, 'calibrate "
        "check PHOTO' shows)",
    ),
    "calibrate.done.colours.one": (
        "Farben: an {count} Foto gemessen",
        "colours: measured on {count} photo",
    ),
    "calibrate.done.colours.other": (
        "Farben: an {count} Fotos gemessen",
        "colours: measured on {count} photos",
    ),
    "calibrate.done.no_tray": (
        "Würfelschale: keine; Würfel werden überall im Bild gelesen",
        "tray: none; dice are read anywhere in the frame",
    ),
    "calibrate.done.tray": (
        "Würfelschale: {tray} des Bildes; {inside} Würfel darin gelesen{values}, "
        "{outside} außerhalb übergangen",
        "tray: {tray} of the frame; {inside} dice read inside it{values}, "
        "{outside} outside it left out",
    ),
    "calibrate.tray_empty": (
        "in der Box wurde kein Würfel gelesen: umfasst sie die Schale, mit Würfeln darin?",
        "no die read inside the box: does the box hold the tray, with dice in it?",
    ),
    "calibrate.tray_size": (
        "das Foto ist {size}, die kalibrierte Kamera {camera}: bitte mit der Kamera des "
        "Companion aufnehmen, sonst liegt die Box in ihrem Bild anderswo",
        "the photo is {size}, the calibrated camera {camera}: take it with the "
        "companion's camera, or the box falls elsewhere in its frame",
    ),
    "calibrate.done.restore": (
        "die vorige Kalibrierung ist zurück (die ersetzte liegt jetzt in {backup})",
        "restored the previous calibration (the one replaced is now {backup})",
    ),
    "calibrate.done.reset": (
        "auf die Standardwerte zurückgesetzt (die Kalibrierung bleibt in {kept}; "
        "'restore' holt sie zurück)",
        "reset to the defaults (the calibration is kept as {kept}; 'restore' brings it back)",
    ),
    "calibrate.done.target": (
        "{path} geschrieben: mit {dpi} dpi drucken, dann sind die Quadrate {mm} mm groß "
        "({width} × {height} mm)",
        "wrote {path}: print at {dpi} dpi so that the squares are {mm} mm ({width} × {height} mm)",
    ),
    "calibrate.photo.empty": ("{photo} (leeres Brett)", "{photo} (empty board)"),
    "calibrate.photo.start": ("{photo} (Startaufstellung)", "{photo} (start position)"),
    # calibrate show
    "calibrate.show.head": (
        "{path}: {name} über dem Brett {layout}",
        "{path}: {name} over layout {layout}",
    ),
    "calibrate.show.camera": (
        "  Kamera: {size}, f {f} px, k1 {k1}, RMS {rms} px über {images} Fotos",
        "  camera: {size}, f {f} px, k1 {k1}, RMS {rms} px over {images} photos",
    ),
    "calibrate.show.no_camera": (
        "  Kamera: nicht kalibriert (das Objektiv wird aus den Markern geschätzt)",
        "  camera: not calibrated (the lens is guessed from the markers)",
    ),
    "calibrate.show.no_camera_corners": (
        "  Kamera: nicht kalibriert (das Objektiv gilt als gerade; 'calibrate camera' misst es)",
        "  camera: not calibrated (the lens is taken as straight; 'calibrate camera' measures it)",
    ),
    "calibrate.show.corners": ("  Brett: vier Ecken", "  board: four corners"),
    "calibrate.show.markers": ("  Brett: ArUco-Marker", "  board: ArUco markers"),
    "calibrate.show.colours": ("  Farben: {colours}", "  colours: {colours}"),
    "calibrate.show.default_colours": ("  Farben: Standardfarben", "  colours: defaults"),
    "calibrate.show.hand_tests": (
        "  Handtests: alle laufen",
        "  hand tests: all run",
    ),
    "calibrate.show.hand_unchecked": (
        "  Handtests: nicht geprüft ({why})",
        "  hand tests: not checked ({why})",
    ),
    "calibrate.show.dice": ("  Würfel: {dice}", "  dice: {dice}"),
    "calibrate.show.no_dice": ("  Würfel: keine", "  dice: none"),
    "calibrate.show.tray": ("  Würfelschale: {tray} des Bildes", "  tray: {tray} of the frame"),
    "calibrate.show.no_tray": (
        "  Würfelschale: keine (Würfel werden überall gelesen)",
        "  tray: none (dice read anywhere)",
    ),
    "serve.pin_flag": (
        "--pin zeigte die PIN jedem Benutzer dieses Rechners (ps); bitte `companion pin --set` "
        "oder web.pin der Konfiguration",
        "--pin would show the PIN to every user of this machine (ps); "
        "use `companion pin --set` or the config's web.pin",
    ),
    "serve.no_listen": (
        "kann nicht auf {where} lauschen: {why}",
        "cannot listen on {where}: {why}",
    ),
    # serve's start-up log
    "serve.config": ("Konfiguration: {path}", "config: {path}"),
    "serve.no_config": (
        "eingebaute Standardwerte (keine Konfigurationsdatei gefunden)",
        "built-in defaults (no config file found)",
    ),
    "serve.journal_resumed": (
        "Journal: {path} (unfertiges Spiel fortgesetzt; --new-game beginnt neu)",
        "journal: {path} (unfinished game resumed; --new-game starts afresh)",
    ),
    # serve --resume N: an older unfinished game taken up as a new record (brief r3)
    "serve.journal_continued": (
        "Journal: {path} (Spiel {id} als Spiel {new} fortgesetzt ({moves}))",
        "journal: {path} (game {id} continued as game {new} ({moves}))",
    ),
    "serve.moves.one": ("1 Zug", "1 move"),
    "serve.moves.other": ("{count} Züge", "{count} moves"),
    # each unfinished game told apart by its moves and what it continues (trial s12 L1)
    "serve.unfinished_game": (
        "{id} ({game} mit {players}, begonnen {at}, {moves})",
        "{id} ({game} with {players}, started {at}, {moves})",
    ),
    "serve.unfinished_copy": (
        "{id} ({game} mit {players}, begonnen {at}, {moves}, setzt Spiel {old} fort)",
        "{id} ({game} with {players}, started {at}, {moves}, continues game {old})",
    ),
    "serve.unfinished_unreadable": (
        "{id} ({game} mit {players}, begonnen {at}, nicht lesbar: companion journal check)",
        "{id} ({game} with {players}, started {at}, unreadable: companion journal check)",
    ),
    "serve.no_unfinished": ("keine", "none"),
    # serve --resume without N: the list, printed (trial s12 L2: no lock, exit 0)
    "serve.unfinished_head": (
        "{path}: unfertige Spiele (`companion serve --resume N` setzt Spiel N fort):",
        "{path}: unfinished games (`companion serve --resume N` goes on with game N):",
    ),
    # the newest unfinished game: on the table, or the one a start goes on with (trial s13 L6)
    "serve.unfinished_newest": ("← auf dem Tisch", "← on the table"),
    "serve.unfinished_empty.one": (
        "({count} Spiel ohne Zug nicht aufgeführt: {ids})",
        "({count} game without a move not listed: {ids})",
    ),
    "serve.unfinished_empty.other": (
        "({count} Spiele ohne Zug nicht aufgeführt: {ids})",
        "({count} games without a move not listed: {ids})",
    ),
    "serve.unfinished_none": ("{path}: keine unfertigen Spiele", "{path}: no unfinished games"),
    # --new-game with the newest game unfinished: how to go back to it (trial s12 L3)
    "serve.set_aside": (
        "unfertiges Spiel {id} beiseitegelegt; `serve --resume {id}` setzt es fort",
        "unfinished game {id} set aside; `serve --resume {id}` goes on with it",
    ),
    # SIGTERM (systemctl stop, kill): a clean stop, as Ctrl+C (brief s7)
    "serve.stopped": (
        "mit SIGTERM beendet, wie mit Strg+C: Journal geschlossen",
        "stopped by SIGTERM, as by Ctrl+C: journal closed",
    ),
    "serve.camera_stuck": (
        "die Kamera hat nach {seconds} s nicht angehalten (ein Kamerabild hängt); ohne sie beendet",
        "the camera did not stop within {seconds} s (a camera read hangs); exiting without it",
    ),
    # review s13b finding 6: the journal closed under a step that held the table too long
    "serve.closed_held": (
        "ein Schritt der Seite oder der Kamera hielt den Tisch noch nach {seconds} s: Journal "
        "trotzdem geschlossen (was er schrieb, ist zurückgerollt)",
        "a page's or the camera's step still held the table after {seconds} s: journal "
        "closed anyway (what it was writing is rolled back)",
    ),
    "serve.resume_none": (
        "{path}: kein unfertiges Spiel {id}; unfertige Spiele: {games}",
        "{path}: no unfinished game {id}; unfinished games: {games}",
    ),
    # review s12 finding 1: game N went on in a copy, and that copy was finished
    "serve.resume_finished": (
        "{path}: Spiel {id} ging als Spiel {new} weiter, das beendet ist; unfertige Spiele: "
        "{games}",
        "{path}: game {id} went on as game {new}, which is finished; unfinished games: {games}",
    ),
    # --resume N with --game/--players/--layout that game N does not have: no --new-game
    # offered, which --resume refuses (review s12 finding 5)
    "serve.resume_other": (
        "{path}: Spiel {id} ist {game} mit {players}, nicht {asked}: zum Weiterspielen ohne "
        "{asked} starten",
        "{path}: game {id} is {game} with {players}, not {asked}: to go on with it, start "
        "without {asked}",
    ),
    "serve.resume_new_game": (
        "--resume {id} oder --new-game: eines von beiden",
        "--resume {id} or --new-game: one of them",
    ),
    "serve.journal_new": ("Journal: {path} (neues Spiel)", "journal: {path} (new game)"),
    "serve.unfinished_other": (
        "{path} hält das unfertige Spiel {id} ({game} mit {players}), nicht {asked}: zum "
        "Weiterspielen ohne {asked} starten, für ein neues Spiel einmal --new-game anhängen "
        "(nicht im Dienst)",
        "{path} holds unfinished game {id} ({game} with {players}), not {asked}: to go on "
        "with it, start without {asked}; to start a new game, add --new-game once (not in "
        "the service)",
    ),
    # a tray server (trial s11 L4): the journal's tray, the session's record number
    "serve.journal_tray": ("Journal: {path} (Würfelschale)", "journal: {path} (dice tray)"),
    "serve.tray_new": (
        "Würfelschale: neue Sitzung {session} (companion export --tray --game {session}), "
        "bisher {count} Würfe",
        "dice tray: new session {session} (companion export --tray --game {session}), "
        "{count} rolls so far",
    ),
    "serve.tray_resumed": (
        "Würfelschale: Sitzung {session} fortgesetzt (companion export --tray --game "
        "{session}), bisher {count} Würfe",
        "dice tray: session {session} taken up (companion export --tray --game {session}), "
        "{count} rolls so far",
    ),
    "serve.serving_tray": (
        "Würfelschale auf {urls} ({reach})",
        "serving a dice tray on {urls} ({reach})",
    ),
    "serve.serving": (
        "{game} für {players} auf {urls} ({reach})",
        "serving {game} for {players} on {urls} ({reach})",
    ),
    "serve.loopback": (
        "nur dieser Rechner: {flags} oder web.host öffnet die Seite für die Handys am Tisch",
        "this machine only: {flags} or web.host opens it to the phones at the table",
    ),
    "serve.join": (
        "die Seite /join zeigt sie als QR-Code",
        "the page /join shows it as a QR code",
    ),
    "serve.pin": (
        "Schiedsrichter-PIN: in {where}; `{shows}` zeigt sie",
        "referee PIN: in {where}; `{shows}` shows it",
    ),
    "serve.pin_config": ("web.pin der Konfiguration", "the config's web.pin"),
    "serve.reader_wait": (
        "wartet, bis der Brettleser fertig aufgebaut ist (einige Sekunden)",
        "waiting for the board reader to finish building (a few seconds)",
    ),
    # render, sample, journal, config
    "render.wrote": ("{path} geschrieben", "wrote {path}"),
    "sample.wrote_dice": (
        "{path} geschrieben: {dice} auf {background}",
        "wrote {path}: {dice} on {background}",
    ),
    "sample.wrote_game": (
        "{frames} Bilder von {moves} Zügen nach {path} geschrieben",
        "wrote {frames} frames of {moves} moves into {path}",
    ),
    "sample.referee_them": (
        "so prüft sie der Schiedsrichter: {command}",
        "referee them with: {command}",
    ),
    "sample.played": ("die gespielten Züge: {moves}", "the moves played: {moves}"),
    "journal.ok.one": ("{path}: in Ordnung, {count} Spiel", "{path}: ok, {count} game"),
    "journal.ok.other": ("{path}: in Ordnung, {count} Spiele", "{path}: ok, {count} games"),
    "journal.no_game": ("{path}: noch kein Spiel aufgezeichnet", "{path}: no game recorded yet"),
    # companion export, journal (cli/journal.py journal_file; tray/history.py)
    "journal.none_here": (
        "{path}: hier ist kein Journal (--data-dir ORDNER oder --journal DATEI nennt es)",
        "{path}: no journal here (--data-dir FOLDER or --journal FILE names it)",
    ),
    "journal.no_such_game": ("{path}: kein Spiel {game} im Journal", "{path}: no game {game}"),
    "journal.no_tray": (
        "{path}: noch keine Sitzung der Würfelschale aufgezeichnet",
        "{path}: no dice tray session recorded yet",
    ),
    "journal.no_such_tray": (
        "{path}: keine Sitzung {session} der Würfelschale",
        "{path}: no dice tray session {session}",
    ),
    "journal.repaired": (
        "{path}: repariert; {count} kaputte Ereignisse beiseitegelegt, alle aufbewahrt in {copy}",
        "{path}: repaired; {count} bad events moved aside, all kept in {copy}",
    ),
    "config.ok": ("{path}: in Ordnung", "{path}: ok"),
    "config.builtin": ("eingebaute Standardwerte", "built-in defaults"),
    "config.shown_from": (
        "# die geltende Konfiguration, aus {where}",
        "# effective configuration, from {where}",
    ),
    "config.shown_builtin": (
        "# die geltende Konfiguration, aus den eingebauten Standardwerten",
        "# effective configuration, from built-in defaults",
    ),
    # how the config file was found (settings/config.py find_config; JSON keeps the English)
    "config.found.system_file": ("Systemdatei", "system file"),
    "config.found.user_file": ("Benutzerdatei", "user file"),
    "config.found.file": ("Datei", "file"),
    "config.pin_set": ("festgelegt mit web.pin in {path}", "set by web.pin in {path}"),
    "config.pin_kept": ("aufbewahrt in {path}", "kept in {path}"),
    "config.pin_hidden": (
        "# die Schiedsrichter-PIN steht nicht hier: `companion pin` zeigt sie ({source})",
        "# the referee PIN is not shown: `companion pin` shows it ({source})",
    ),
}
