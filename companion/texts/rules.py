"""The rules engines' reasons (companion/games/zwianer/check.py, games/*/check.py,
games/tenet/live.py): German, then English. A reason that names a rule keeps naming it in
both languages, and a quotation of the rule text stays as the text says it."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # every verdict's name, for a reader (the JSON keeps "legal", "illegal", …)
    "verdict.legal": ("erlaubt", "legal"),
    "verdict.illegal": ("nicht erlaubt", "illegal"),
    "verdict.ambiguous": ("mehrdeutig", "ambiguous"),
    "verdict.invalid": ("unverständlich", "invalid"),
    "verdict.setup": ("aufstellen", "set up"),
    "verdict.info": ("Hinweis", "note"),
    "verdict.said": ("{verdict}: {reason}", "{verdict}: {reason}"),
    "check.invalid": ("unverständliche Ansage: {reason}", "invalid announcement: {reason}"),
    # rolls (games/dice.py)
    "dice.two_like": (
        "ein Wurf sind zwei Würfel wie 5,2, nicht {said}",
        "a roll is two dice like 5,2, not {said}",
    ),
    # a file the user names cannot be read (model/position.py)
    "file.position_unread": (
        "{path}: kann die Stellung nicht lesen ({why})",
        "{path}: cannot read the position ({why})",
    ),
    # a photo that cannot be read (companion/imagecheck.py: the command line, the dice tray)
    "image.unread": (
        "{path}: kann das Bild nicht lesen ({why})",
        "{path}: cannot read the image ({why})",
    ),
    "image.empty": ("{path}: leere Datei, kein Bild", "{path}: empty file, not an image"),
    "image.cut": (
        "{path}: abgeschnittenes JPEG (keine Ende-Marke)",
        "{path}: truncated JPEG (no end-of-image marker)",
    ),
    "image.unreadable": (
        "{path}: kein lesbares Bild (beschädigt oder nicht JPEG/PNG)",
        "{path}: not a readable image (corrupt or not JPEG/PNG)",
    ),
    "image.too_large": (
        "{path}: {width}x{height} Pixel ({mega} Megapixel) sind mehr, als ein Foto hat; "
        "gelesen werden höchstens {most} Megapixel",
        "{path}: {width}x{height} pixels ({mega} megapixels) is more than a photo has; "
        "at most {most} megapixels are read",
    ),
    # a file that is not JSON (companion/model/jsontext.py: positions, layouts, calibrations)
    "json.not": (
        "{source}: {what}kein JSON: {why} in Zeile {line}",
        "{source}: {what}not JSON: {why} at line {line}",
    ),
    "json.too_deep": (
        "{source}: {what}kein JSON, das dieses Programm liest: tiefer verschachtelt als {most}",
        "{source}: {what}not JSON this program reads: nested deeper than {most}",
    ),
    "json.unread": (
        "{source}: {what}kein JSON, das dieses Programm liest: {why}",
        "{source}: {what}not JSON this program reads: {why}",
    ),
    "json.calibration": ("die Kalibrierung ist ", "calibration is "),
    "json.value": ("Wert erwartet", "Expecting value"),
    "json.name": (
        "Name in doppelten Anführungszeichen erwartet",
        "Expecting property name enclosed in double quotes",
    ),
    "json.colon": ("':' erwartet", "Expecting ':' delimiter"),
    "json.comma": ("',' erwartet", "Expecting ',' delimiter"),
    "json.unterminated": ("Zeichenkette ohne Ende", "Unterminated string"),
    "json.control": (
        "Steuerzeichen in einer Zeichenkette",
        "Invalid control character in a string",
    ),
    "json.extra": ("weitere Zeichen nach dem Ende", "Extra data"),
    "json.escape": ("ungültiges \\uXXXX-Escape", "Invalid \\uXXXX escape"),
    # a position with the wrong number of pieces (model/position_checks.py)
    "position.pieces.one": (
        "{player} hat 1 Stein; {game} braucht {needed} je Spieler",
        "{player} has 1 piece, {game} needs {needed}",
    ),
    "position.pieces.other": (
        "{player} hat {count} Steine; {game} braucht {needed} je Spieler",
        "{player} has {count} pieces, {game} needs {needed}",
    ),
    # a second `companion serve` on one data folder (store/lock.py)
    "lock.in_use": (
        "{folder}: wird von einem anderen companion serve benutzt (pid {pid}); erst diesen "
        "beenden ({stop}) oder diesem einen anderen Datenordner geben: companion serve "
        "--data-dir ORDNER",
        "{folder}: in use by another companion serve (pid {pid}); stop it first ({stop}), "
        "or give this one another data folder: companion serve --data-dir FOLDER",
    ),
    # a data folder that cannot be used (store/lock.py ready_data_dir; serve and pin)
    "data_dir.empty": (
        "--data-dir ist leer: bitte einen Ordner angeben (ohne --data-dir gilt der "
        "Datenordner der Konfiguration)",
        "--data-dir is empty: give a folder (without --data-dir the config's data folder is used)",
    ),
    "data_dir.a_file": (
        "Datenordner {folder}: dort (oder auf dem Weg dorthin) liegt eine Datei statt eines "
        "Ordners; bitte mit --data-dir ORDNER einen Ordner angeben oder die Datei wegräumen",
        "data folder {folder}: a file stands in its place (or on the way to it), not a "
        "folder; give a folder with --data-dir FOLDER or move the file away",
    ),
    "data_dir.not_made": (
        "Datenordner {folder} lässt sich nicht anlegen ({why}); bitte mit --data-dir "
        "ORDNER einen Ordner angeben, in den dieser Benutzer schreiben darf",
        "cannot make the data folder {folder} ({why}); give one this user may write to "
        "with --data-dir FOLDER",
    ),
    "data_dir.read_only": (
        "in den Datenordner {folder} lässt sich nicht schreiben ({why}); bitte Schreibrecht "
        "geben (chmod u+w {folder}) oder mit --data-dir ORDNER einen anderen angeben",
        "cannot write to the data folder {folder} ({why}); make it writable (chmod u+w "
        "{folder}) or give another with --data-dir FOLDER",
    ),
    "data_dir.unwritable": (
        "in den Datenordner {folder} lässt sich nicht schreiben ({why}); bitte mit "
        "--data-dir ORDNER einen anderen angeben",
        "cannot write to the data folder {folder} ({why}); give another with --data-dir FOLDER",
    ),
    "data_dir.why.too_long": ("Name zu lang", "name too long"),
    "data_dir.why.links": ("zu viele symbolische Verweise", "too many symbolic links"),
    "data_dir.why.io": ("Lesefehler des Datenträgers", "input/output error"),
    "data_dir.why.other": ("Systemfehler {code}", "system error {code}"),
    "data_dir.why.no_place": (
        "dort lassen sich keine Ordner anlegen",
        "no folder can be made there",
    ),
    "data_dir.why.denied": ("keine Schreibberechtigung", "permission denied"),
    "data_dir.why.read_only_disk": ("schreibgeschützter Datenträger", "read-only file system"),
    "data_dir.why.full": ("Datenträger voll", "disk full"),
    "lock.stop_service": ("sudo systemctl stop companion", "sudo systemctl stop companion"),
    "lock.stop_here": (
        "Strg+C, wo er läuft, oder als Dienst: sudo systemctl stop companion",
        "Ctrl+C where it runs, or as the service: sudo systemctl stop companion",
    ),
    "file.calibration_unread": (
        "{path}: kann die Kalibrierung nicht lesen ({why})",
        "{path}: cannot read calibration ({why})",
    ),
    "file.layout_unread": (
        "{path}: kann die Brettdatei nicht lesen ({why})",
        "{path}: cannot read layout file ({why})",
    ),
    "file.no_layout": (
        "kein Brett {name!r}: weder eingebaut ({known}) noch eine Datei",
        "no layout {name!r}: not a built-in one ({known}) nor a file",
    ),
    "file.too_large": (
        "{name}: zu groß für {what} ({size} Bytes; gelesen werden höchstens {most})",
        "{name}: too large for a {what} ({size} bytes; the most read is {most})",
    ),
    "file.too_large_stream": (
        "{name}: zu groß für {what} (mehr als {most} Bytes; gelesen werden höchstens {most})",
        "{name}: too large for a {what} (more than {most} bytes; the most read is {most})",
    ),
    "file.kind.file": ("eine Datei", "file"),
    "file.kind.input": ("eine Eingabe", "input"),
    "file.kind.position": ("eine Stellung", "position"),
    "file.kind.layout": ("eine Brettdatei", "layout"),
    "file.kind.config": ("eine Konfiguration", "config"),
    "file.kind.calibration": ("eine Kalibrierung", "calibration"),
    "file.missing": ("Datei nicht gefunden", "No such file or directory"),
    "file.denied": ("keine Leseberechtigung", "Permission denied"),
    "file.folder": ("ein Ordner, keine Datei", "Is a directory"),
    "file.not_utf8": ("kein UTF-8-Text", "not UTF-8 text"),
    "file.stdin_not_utf8": ("stdin: kein UTF-8-Text", "stdin: not UTF-8 text"),
    "dice.empty": (
        "bitte den Wurf eintragen: zwei Würfel wie 5,2",
        "please enter the roll: two dice like 5,2",
    ),
    "dice.range": (
        "ein Würfel zeigt 1 bis 6, nicht {said}",
        "each die shows 1 to 6, not {said}",
    ),
    "dice.two": (
        "ein Wurf sind zwei Würfel, nicht {count}: {roll}",
        "a roll is two dice, not {count}: {roll}",
    ),
    # companion/games/zwianer/check.py: the ZwiAner games
    "check.where": ("{player} ist am Zug, Wurf {dice}", "{player} to move, roll {dice}"),
    "check.where_reason": ("{where}: {reason}", "{where}: {reason}"),
    "check.illegal_said": (
        "{where}: {said} ist nicht erlaubt: {reason}",
        "{where}: {said} is illegal: {reason}",
    ),
    "check.ambiguous": (
        "{said} passt zu {count} Zügen: {moves}{more} ({hint})",
        "{said} fits {count} moves: {moves}{more} ({hint})",
    ),
    # the same said of a move already made, or in the game's record: no hint how to
    # name the move, which reads as advice for a next one (review s12 finding 7)
    "check.ambiguous_bare": (
        "{said} passt zu {count} Zügen: {moves}{more}",
        "{said} fits {count} moves: {moves}{more}",
    ),
    "check.more": (" und {count} weitere", " and {count} more"),
    "check.hint_from": ("den Stein mit --from nennen", "name the piece with --from"),
    "check.hint_to": ("das Feld mit --to nennen", "name the field with --to"),
    # the same hints on the page, which has no --from and --to (new-user trial s11 M3):
    # the notation names no field, so the board and the list tell the moves apart
    "check.hint_from_page": (
        "die Worte nennen keinen Stein: am Tisch den Stein im Brett antippen oder in der "
        "Liste den Zug mit seinem Start wählen",
        "the words name no piece: at the table tap the piece on the board or pick the "
        "move with its start in the list",
    ),
    "check.hint_to_page": (
        "die Worte nennen kein Ziel: am Tisch das Zielfeld im Brett antippen oder in der "
        "Liste den Zug mit seinem Ziel wählen",
        "the words name no target: at the table tap the target field on the board or "
        "pick the move with its target in the list",
    ),
    "check.piece_on": ("{player} {field}", "{player} {field}"),
    "check.todesstoss": (
        "erlaubt bis {token}: ein Todesstoß – erst einen Würfel für {pieces} werfen "
        "(ungerade zerstört), dann geht der Stoß weiter",
        "legal up to {token}: a Todesstoß - first roll one die for {pieces} "
        "(odd destroys), then the push goes on",
    ),
    "check.other_piece": (
        "{said} zieht den Stein auf {starts}, nicht den auf {start}",
        "{said} moves the piece on {starts}, not the one on {start}",
    ),
    "check.other_end": (
        "{said} endet auf {ends}, nicht auf {to}",
        "{said} ends on {ends}, not on {to}",
    ),
    "check.because": ("{why} ({reason})", "{why} ({reason})"),
    "check.nearest": (
        "{reason}; nächste erlaubte Ansagen: {nearest}",
        "{reason}; nearest legal: {nearest}",
    ),
    "check.nearest_bare": ("{reason}", "{reason}"),  # the page's history (table/settled.py)
    "check.demanded": (
        "{player} muss den Stein auf {demands} ziehen, den das Sonderfeld eines Mitspielers "
        "verlangt ('wenn die Bewegung eines bestimmten Spielsteines von einem Mitspieler "
        "verlangt wurde, hast du für deinen Zug keine freie Wahlmöglichkeit'); {said} zieht "
        "den Stein auf {moved}",
        "{player} must move the piece on {demands}, demanded from another player's special "
        "field ('wenn die Bewegung eines bestimmten Spielsteines von einem Mitspieler "
        "verlangt wurde, hast du für deinen Zug keine freie Wahlmöglichkeit'); {said} moves "
        "the piece on {moved}",
    ),
    # a ZwiAner move described
    "move.parts": ("{parts}", "{parts}"),
    "move.passes": ("{player} setzt aus", "{player} passes"),
    "move.crash": (
        "{player}: der Stein auf {start} stürzt in den Gravitator",
        "{player} piece on {start} crashes into the Gravitator",
    ),
    "move.moves": ("{player} zieht {start} → {end}", "{player} moves {start} → {end}"),
    "move.swaps": (
        "{player} tauscht {start} mit {other}",
        "{player} swaps {start} with {other}",
    ),
    "move.pushes": (", stößt {player} {start} → {end}", ", pushes {player} {start} → {end}"),
    "move.sends_home": (", schickt zurück: {pieces}", ", sends home {pieces}"),
    "move.rolls_again": (", würfelt noch einmal", ", rolls again"),
    "move.wins": (", {player} gewinnt", ", {player} wins"),
    "move.full_orbit": (
        "der Stoß von {player} trifft die voll belegte Umlaufbahn {ring}: alle {count} "
        "Steine darauf werden zerstört, auch der eigene von {field} (Sonderfall: 'Sind "
        "alle Felder einer Umlaufbahn belegt und noch Punkte für einen Stoß übrig, werden "
        "alle Spielsteine auf dieser Umlaufbahn zerstört')",
        "{player}'s push meets the full orbit {ring}: all {count} pieces on it are "
        "destroyed, {player}'s own from {field} included (Sonderfall: 'Sind alle Felder "
        "einer Umlaufbahn belegt und noch Punkte für einen Stoß übrig, werden alle "
        "Spielsteine auf dieser Umlaufbahn zerstört')",
    ),
    # why an announcement that parses is no legal move (checker.explain)
    "explain.wurf": (
        "Wurf {value} passt nicht zum Wurf {roll} (möglich: {values})",
        "Wurf {value} does not fit the roll {roll} (possible: {values})",
    ),
    "explain.not_said": ("{word}: {why}", "{word}: {why}"),
    "explain.tunnelx_no_gravity": (
        "Tunnel X kennt keine Gravitation: jeder Schritt wird nur gezählt",
        "Tunnel X has no gravity: every step is a bare count",
    ),
    "explain.tunnelx_no_push": (
        "Tunnel X kennt keinen Stoß: besetzte Felder werden durchtunnelt ('Tunnel N')",
        "Tunnel X has no push: occupied fields are tunnelled ('Tunnel N')",
    ),
    "explain.tunnelx_no_defence": (
        "Tunnel X kennt keinen Stoß, also keine Abwehr",
        "Tunnel X has no push, so no defence",
    ),
    "explain.tunnelx_no_store": (
        "Tunnel X hat keinen Energiespeicher",
        "Tunnel X has no energy store",
    ),
    "explain.tunnelx_no_crash": (
        "Tunnel X hat keinen Gravitator: wer nicht ziehen kann, setzt aus ('Wurf N')",
        "Tunnel X has no Gravitator: a player who cannot move passes ('Wurf N')",
    ),
    "explain.push_after_gravity": (
        "{token} nach einer Gravitationslinie: gestoßen wird nur entlang einer Umlaufbahn; "
        "ein besetztes Feld auf einer roten, blauen oder gelben Linie sperrt",
        "{token} after a gravity line: a push is only possible along an orbit; an "
        "occupied field on a red, blue or yellow line blocks",
    ),
    "explain.push_before_orbit": (
        "{token} vor dem Erreichen einer Umlaufbahn: in der Station und auf die "
        "Umlaufbahn wird nicht gestoßen; ein besetztes Feld dort sperrt",
        "{token} before reaching an orbit: there is no push in the station or onto the "
        "orbit; an occupied field there blocks",
    ),
    "explain.none_like_this": (
        "kein erlaubter Zug mit dem Wurf {roll} wird so angesagt",
        "no legal move with the roll {roll} is announced like this",
    ),
    "explain.store_doublet": (
        "{token}: beim Pasch wird der Energiespeicher nicht benutzt",
        "{token}: the energy store is not used with a doublet",
    ),
    "explain.store_overdrawn": (
        "Speicher überzogen: {token} nimmt {count} aus dem Speicher von {player}, der {store} hält",
        "store overdrawn: {token} takes {count} from {player}'s store, which holds {store}",
    ),
    "explain.store_full": (
        "Speicher zu voll: {token} legt {count} in den Speicher von {player}, "
        "der nur noch Platz für {room} hat",
        "store too full: {token} puts {count} into {player}'s store, which has room for {room}",
    ),
    "explain.more_than_count": (
        "{token} kann nicht mehr sein als die Zahl davor ({left})",
        "{token} cannot be more than the count before it ({left})",
    ),
    "explain.count_at_zero": (
        "die Zahl ist vor {token} schon bei 0: es sind keine Punkte übrig",
        "the count is already at 0 before {token}: no points are left",
    ),
    "explain.next_count": (
        "nach {left} kommt {next}, nicht {said}: jeder Schritt kostet 1",
        "after {left} the next count is {next}, not {said}: each step costs 1",
    ),
    "explain.whole_count": (
        "{token} muss die ganze restliche Zahl {left} weitergeben",
        "{token} must hand on the whole remaining count {left}",
    ),
    "explain.count_not_zero": (
        "die Zahl endet bei {left}, nicht bei 0: alle Punkte müssen verbraucht werden",
        "the count ends at {left}, not 0: all points must be spent",
    ),
    "explain.against_direction": (
        "{to} ist von {start} aus nur gegen die Richtung einer Linie erreichbar: "
        "Umlaufbahnen laufen im Uhrzeigersinn, blaue Linien nur nach innen, gelbe nur "
        "nach außen",
        "{to} can only be reached from {start} against a line's direction: orbits run "
        "clockwise, blue lines only inward, yellow lines only outward",
    ),
    "explain.stops_early": (
        "die Ansage hört zu früh auf: als Nächstes käme {want}",
        "the announcement stops early: next would be {want}",
    ),
    "explain.orbit_gravity": (" (Gravitation von {ring})", " (gravity of {ring})"),
    "explain.should_be_paid": (
        "{got} sollte {want} heißen: {left} − {paid}{orbit}",
        "{got} should be {want}: {left} − {paid}{orbit}",
    ),
    "explain.should_be_free": (
        "{got} sollte {left} heißen: nach innen entlang roter und blauer Linien zu fallen ist frei",
        "{got} should be {left}: falling inward along red and blue lines is free",
    ),
    "explain.occupied_push": (
        "{got}: das nächste Feld ist besetzt, also hält der Stein davor an und stößt: {want}",
        "{got}: the next field is occupied, so the piece stops before it and pushes: {want}",
    ),
    "explain.occupied_tunnel": (
        "{got}: das nächste Feld ist besetzt, also tunnelt der Stein bis zum ersten freien "
        "Feld: {want}",
        "{got}: the next field is occupied, so the piece tunnels through to the first "
        "free field: {want}",
    ),
    "explain.nothing_to_push": (
        "{got}: dort ist kein Stein zu stoßen, das nächste Feld ist frei",
        "{got}: there is no piece to push there, the next field is free",
    ),
    "explain.no_gravity_here": (
        "{got}, wo der nächste erlaubte Zug {want} sagt: {why}",
        "{got} where the nearest legal move says {want}: {why}",
    ),
    "explain.why_phase_1": (
        "in Phase 1 gilt keine Gravitation, jeder Schritt kostet 1",
        "phase 1 has no gravity, each step costs 1",
    ),
    "explain.why_doublet": (
        "bei diesem Pasch gilt keine Gravitation, jeder Schritt kostet 1",
        "this doublet pays no gravity, each step costs 1",
    ),
    "explain.why_station": (
        "der Stein ist noch in seiner Station, ein Schritt dort kostet 1",
        "the piece is still in its station, where a step costs 1",
    ),
    "explain.why_step": (
        "hier geht der Stein einen Schritt für 1 Punkt, ohne eine Umlaufbahn zu bezahlen",
        "here the piece steps on for 1 point without paying an orbit",
    ),
    "explain.where_nearest": (
        "{got}, wo der nächste erlaubte Zug {want} sagt",
        "{got} where the nearest legal move says {want}",
    ),
    "explain.over_before": (
        "der Zug ist vor {token} schon zu Ende",
        "the move is over before {token}",
    ),
    "explain.not_announced": (
        "kein erlaubter Zug wird so angesagt",
        "no legal move is announced like this",
    ),
    "explain.nothing_to_tunnel": (
        "{got}: hier gibt es nichts zu durchtunneln",
        "{got}: there is nothing to tunnel through here",
    ),
    "explain.full_ring_step_out": (
        "{got}: die Umlaufbahn {ring} ist voll belegt, also tritt der Stein auf {here} "
        "erst mit einem einfachen Schritt heraus und darf erst dann tunneln (Regel 4.5: "
        "'Wird ein Spielstein bewegt der in einer voll belegten Umlaufbahn steht, muss "
        "dieser zuerst aus der Umlaufbahn herausbewegt werden')",
        "{got}: the ring {ring} is full, so the piece on {here} first steps out of it "
        "with a plain step and only then may tunnel (ruling 4.5: 'Wird ein Spielstein "
        "bewegt der in einer voll belegten Umlaufbahn steht, muss dieser zuerst aus der "
        "Umlaufbahn herausbewegt werden')",
    ),
    "explain.full_ring_blocked": (
        "{got}: {field} liegt auf der voll belegten Umlaufbahn {ring}, durch die nicht "
        "getunnelt werden darf (Regel 4.5: 'Eine voll belegte Umlaufbahn darf nicht zum "
        "durchtunneln genutzt werden')",
        "{got}: {field} lies on the full ring {ring}, which cannot be tunnelled through "
        "(ruling 4.5: 'Eine voll belegte Umlaufbahn darf nicht zum durchtunneln genutzt "
        "werden')",
    ),
    "explain.next_free": (
        "{got}: hier gibt es nichts zu durchtunneln: {field} ist frei",
        "{got}: there is nothing to tunnel through: {field} is free",
    ),
    "explain.own_piece": (
        "{got}: der gestoßene Stein auf {start} gehört {player} selbst, und nur der "
        "Spieler eines fremden Steins darf einen Stoß abwehren (Stoßabwehr: 'Wird ein "
        "fremder Spielstein gestoßen und dessen Spieler hat noch Energiepunkte …')",
        "{got}: the pushed piece on {start} is {player}'s own, and only the player of a "
        "foreign piece may defend a push (Stoßabwehr: 'Wird ein fremder Spielstein "
        "gestoßen und dessen Spieler hat noch Energiepunkte …')",
    ),
    "explain.no_energy": (
        "{got}: {player} hat keine Energie im Speicher, um den Stoß auf {start} abzuwehren "
        "(Stoßabwehr: '… und dessen Spieler hat noch Energiepunkte (im Energiespeicher) "
        "übrig')",
        "{got}: {player} has no energy in the store to defend the push on {start} "
        "(Stoßabwehr: '… und dessen Spieler hat noch Energiepunkte (im Energiespeicher) "
        "übrig')",
    ),
    # a move in a list of moves (games/zwianer/moves.py, games/tuerme/rules.py describe)
    "move.where": ("({start} → {end})", "({start} → {end})"),
    "move.path": ("{start} → {end}", "{start} → {end}"),
    "move.stone_path": ("Stein: {start} → {end}", "stone: {start} → {end}"),
    "move.pass_note": ("(setzt aus)", "(pass)"),
    "move.again_note": ("  [würfelt noch einmal]", "  [rolls again]"),
    "move.wins_note": ("  [{player} gewinnt]", "  [{player} wins]"),
    "moves.pushes": ("  [stößt {start} → {end}]", "  [pushes {start} → {end}]"),
    "moves.push_stopped": ("  [Stoß auf {start} abgewehrt]", "  [push on {start} stopped]"),
    "moves.sent_home": ("  [zurückgeschickt: {fields}]", "  [sent home: {fields}]"),
    "moves.destroyed": ("  [zerstört: {fields}]", "  [destroyed: {fields}]"),
    "moves.roll_for": (
        "  [Todesstoß: würfeln für {fields}]",
        "  [Todesstoß: roll for {fields}]",
    ),
    "moves.more": (
        "… weitere nicht aufgeführt (--limit {limit})",
        "… more not listed (--limit {limit})",
    ),
    # `companion replay` (cli/replay.py)
    "replay.undecided": (
        "der letzte Zug blieb offen: das Brett passt zu mehreren Zügen",
        "the last move was left undecided: the board fits several moves",
    ),
    "replay.resuming": (
        "Spiel {game} aus {path} wird nach {count} Zügen fortgesetzt",
        "resuming game {game} of {path} after {count} moves",
    ),
    "replay.legal": ("ERLAUBT: {said}", "LEGAL: {said}"),
    "replay.skipped": ("{reason}; Bild übersprungen", "{reason}; frame skipped"),
    "replay.none_read": (
        "{folder}: keine ihrer {count} Bilddateien ist lesbar",
        "{folder}: none of its {count} image files could be read",
    ),
    "replay.no_board": (
        "{folder}: in {count} Bildern nie das Brett von {game} aufgebaut gesehen; nichts beurteilt",
        "{folder}: {game}'s board never seen set up in {count} frames; nothing judged",
    ),
    "replay.no_board_hint": (
        "{folder}: in {count} Bildern nie das Brett von {game} aufgebaut gesehen; nichts "
        "beurteilt (ein Film eines anderen Spiels? --game nennt es: {others})",
        "{folder}: {game}'s board never seen set up in {count} frames; nothing judged (a film "
        "of another game? name it with --game: {others})",
    ),
    # no --game, no film.json: Gravitation assumed rejects a move (brief r3, trial s11 H3)
    "replay.misfit_fits": (
        "{folder}, {frame}: kein erlaubter Zug von {game} führt zu diesem Brett, und kein "
        "--game nennt das Spiel; {fits} erklärt jeden Zug bis hier: --game {fits} (oder "
        "--game {game}, um ihn als {game} zu beurteilen); hier angehalten",
        "{folder}, {frame}: no legal move of {game} leads to this board, and no --game names "
        "the game; {fits} explains every move so far: --game {fits} (or --game {game} to "
        "referee it as {game}); stopped here",
    ),
    "replay.misfit": (
        "{folder}, {frame}: kein erlaubter Zug von {game} führt zu diesem Brett, und kein "
        "--game nennt das Spiel: ein Film eines anderen Spiels? --game nennt es: {others} "
        "(oder --game {game}, um ihn als {game} zu beurteilen); hier angehalten",
        "{folder}, {frame}: no legal move of {game} leads to this board, and no --game names "
        "the game: a film of another game? name it with --game: {others} (or --game {game} "
        "to referee it as {game}); stopped here",
    ),
    "replay.film_other_game": (
        "{folder} ist ein Film von {game} (film.json), nicht von {asked}: --game {game} "
        "oder --game weglassen",
        "{folder} is a film of {game} (film.json), not of {asked}: --game {game}, or leave "
        "--game off",
    ),
    "replay.film_unreadable": (
        "{path}: kein lesbarer Filmvermerk (game, players); löschen oder berichtigen",
        "{path}: not a readable film note (game, players); delete or mend it",
    ),
    "replay.ambiguous": ("MEHRDEUTIG: {reason}: {choices}", "AMBIGUOUS: {reason}: {choices}"),
    "replay.illegal": ("NICHT ERLAUBT: {reason}", "ILLEGAL: {reason}"),
    # what the rules are asked of a position (games/game.py, games/zwianer, tenet/rules.py)
    "rules.no_engine": (
        "kein Regelwerk für das Spiel {game} (Regelwerke: {engines})",
        "no rules engine for game {game} (engines: {engines})",
    ),
    "rules.not_zwianer": (
        "{game} ist kein ZwiAner-Spiel (gravitation, tunnelx)",
        "{game} is not a ZwiAner game (gravitation, tunnelx)",
    ),
    "rules.not_game": (
        "keine Stellung von {title} (Spiel {game})",
        "not a {title} position (game {game})",
    ),
    "rules.join_only_tenet": (
        "nur bei TENET kann jemand mitten im Spiel einsteigen, nicht bei {game}",
        "only TENET lets a player join mid-game, not {game}",
    ),
    "rules.no_demand": (
        "keine Forderung auf {field} möglich: dort steht kein Stein von {player} auf einem "
        "Sonderfeld eines anderen Spielers",
        "no demand possible on {field}: not a piece of {player} on another player's special field",
    ),
    "rules.no_death_push": (
        "dieser Zug wartet auf keinen Todesstoß",
        "this move is not waiting for a Todesstoß",
    ),
    "rules.death_push_rolls": (
        "der Todesstoß braucht {count} Würfe (einen je Stein), nicht {got}",
        "Todesstoß needs {count} die rolls (one per piece), got {got}",
    ),
    "rules.die_range": (
        "ein Würfel zeigt 1 bis 6, nicht {value}",
        "a die roll is 1 to 6, not {value}",
    ),
}
