"""Why a layout file cannot be used (companion/model/layoutfile.py, model/layout.py, the
race game's track, TENET's board) and why ``companion layout`` cannot write one: German,
then English. JSON keys ('piece_diameter', 'fields', …), values quoted from the file and
field ids stay as the file writes them."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # where in the file (model/layoutfile.py)
    "layout.in_source": ("{source}: {where}: {why}", "{source}: {where}: {why}"),
    "layout.at.top": ("oberste Ebene", "top level"),
    "layout.at.key": ("{key}", "{key}"),  # board, fields, rings, markers: the file's keys
    "layout.at.field_n": ("Feld #{n}", "field #{n}"),
    "layout.at.field": ("Feld {id}", "field {id}"),
    "layout.at.ring_n": ("Ring #{n}", "ring #{n}"),
    "layout.at.ring": ("Ring {id}", "ring {id}"),
    "layout.at.line_n": ("Linie #{n}", "line #{n}"),
    "layout.at.line": ("Linie #{n} {start}->{end}", "line #{n} {start}->{end}"),
    "layout.at.player_n": ("Spieler #{n}", "player #{n}"),
    "layout.at.player": ("Spieler {colour}", "player {colour}"),
    "layout.at.marker_n": ("Marker #{n}", "marker #{n}"),
    # what is wrong there
    "layout.expected_object": ("hier gehört ein JSON-Objekt hin", "expected an object"),
    "layout.expected_list": ("hier gehört eine Liste hin", "expected a list"),
    "layout.missing": ("{key} fehlt", "missing {key}"),
    "layout.wrong_type": (
        "{key} hat den falschen Typ ({kind})",
        "{key} has the wrong type ({kind})",
    ),
    "layout.units": ("units muss 'mm' sein, nicht {value}", "units must be 'mm', not {value}"),
    "layout.round_diameter": (
        "ein rundes Brett braucht seinen 'diameter'",
        "a round board needs its 'diameter'",
    ),
    "layout.diameter_fit": (
        "diameter {diameter} passt nicht in {width}x{height}",
        "diameter {diameter} does not fit in {width}x{height}",
    ),
    "layout.positive": (
        "{key} muss eine Zahl über 0 (mm) sein, nicht {value}",
        "{key} must be a positive number of mm, not {value}",
    ),
    "layout.piece_height": (
        "'piece_height' muss 0 mm oder mehr sein, nicht {value}",
        "'piece_height' must be 0 or more mm, not {value}",
    ),
    "layout.unknown_style": (
        "unbekannter Stil {value} (erlaubt: {known})",
        "unknown style {value} (one of {known})",
    ),
    "layout.unknown_choice": (
        "unbekannter Wert {value} für {key} (erlaubt: {known})",
        "unknown {key} {value} (one of {known})",
    ),
    "layout.duplicate_field": ("Feld-Id doppelt", "duplicate field id"),
    "layout.unknown_kind": (
        "unbekannte Art {kind} (erlaubt: {known})",
        "unknown kind {kind} (one of {known})",
    ),
    "layout.no_fields": (
        "ein Brett braucht mindestens ein Feld",
        "a layout needs at least one field",
    ),
    "layout.duplicate_ring": ("Ring-Id doppelt", "duplicate ring id"),
    "layout.ring_small": (
        "Größe {size} ist zu klein für einen Rundkurs",
        "size {size} is too small for a loop",
    ),
    "layout.radius": (
        "radius muss über 0 liegen, nicht {value}",
        "radius must be positive, not {value}",
    ),
    "layout.unknown_ring": ("unbekannter Ring {ring}", "unknown ring {ring}"),
    "layout.gap_field": ("Lücke: kein Feld {field}", "gap: no field {field}"),
    "layout.ring_count": (
        "hat {count} Felder, erwartet {size}",
        "has {count} fields, expected {size}",
    ),
    "layout.ring_member": (
        "Feld {field} braucht ring {ring}, index {index}",
        "field {field} must have ring {ring}, index {index}",
    ),
    "layout.fields_list": (
        "'fields' muss eine Liste von Feld-Ids sein",
        "'fields' must be a list of field ids",
    ),
    "layout.lists_count": (
        "nennt {count} Felder, erwartet {size}",
        "lists {count} fields, expected {size}",
    ),
    "layout.names_unknown": (
        "{key} nennt ein unbekanntes Feld {field}",
        "{key} names unknown field {field}",
    ),
    "layout.listed_twice": (
        "Feld {field} steht zweimal in der Liste",
        "field {field} is listed twice",
    ),
    "layout.at_index": (
        "Feld {field} muss an seinem Index {index} von 'fields' stehen",
        "field {field} must be at its index {index} of 'fields'",
    ),
    "layout.unknown_field": ("unbekanntes Feld {field}", "unknown field {field}"),
    "layout.line_same": (
        "eine Linie braucht zwei verschiedene Felder",
        "a line needs two different fields",
    ),
    "layout.unknown_colour": ("unbekannte Farbe {colour}", "unknown colour {colour}"),
    "layout.direction": (
        "direction muss 'forward' oder 'both' sein, nicht {value}",
        "direction must be 'forward' or 'both', not {value}",
    ),
    "layout.duplicate_line": ("Linie doppelt", "duplicate line"),
    "layout.duplicate_colour": ("Farbe doppelt", "duplicate colour"),
    "layout.ids_list": (
        "{key} muss eine Liste von Feld-Ids sein",
        "{key} must be a list of field ids",
    ),
    "layout.owner": (
        "owner {owner} ist keine Spielerfarbe",
        "owner {owner} is not a player colour",
    ),
    "layout.dictionary": (
        "unbekanntes ArUco-Wörterbuch {name} (z. B. 4X4_50)",
        "unknown ArUco dictionary {name} (e.g. 4X4_50)",
    ),
    "layout.marker_id": (
        "id {id} liegt nicht im Wörterbuch {dictionary}",
        "id {id} is not in the dictionary {dictionary}",
    ),
    "layout.duplicate_marker": ("Marker-Id {id} doppelt", "duplicate marker id {id}"),
    "layout.gap_line": ("Lücke: keine Linie {start}->{end}", "gap: no line {start}->{end}"),
    # a layout asked for what it does not have (model/layout.py)
    "layout.no_field": (
        "das Brett {layout} hat kein Feld {field}",
        "the board {layout} has no field {field}",
    ),
    "layout.no_ring": (
        "das Brett {layout} hat keinen Ring {ring}",
        "the board {layout} has no ring {ring}",
    ),
    "layout.no_colour": (
        "das Brett {layout} hat keine Spielerfarbe {colour}",
        "the board {layout} has no player colour {colour}",
    ),
    # a game's board on a layout (games/tuerme/track.py, games/tenet/board.py)
    "layout.track_one": (
        "Brett {layout}: {player} braucht genau ein Feld mit kind '{kind}'",
        "layout {layout}: {player} needs one {kind} field",
    ),
    "layout.track_loop": (
        "Brett {layout}: die Startfelder liegen auf keinem Rundkurs",
        "layout {layout}: the start fields lie on no loop",
    ),
    "layout.tenet_planets": (
        "Brett {layout} hat keine neun Planeten für TENET",
        "layout {layout} has no nine planets for TENET",
    ),
    "layout.tenet_planet": (
        "Brett {layout}: Planet #{n} in extra.planets ist unvollständig (number 1..9, ring, "
        "force_field; im Ring die Felder mit label 'Pott' und 'stone')",
        "layout {layout}: planet #{n} of extra.planets is incomplete (number 1..9, ring, "
        "force_field; on its ring the fields labelled 'Pott' and 'stone')",
    ),
    "layout.tenet_circle": (
        "{circle} ist kein Kreis des TENET-Bretts",
        "{circle} is no circle of the TENET board",
    ),
    # companion layout grid / fields (cli/layout.py)
    "layout.grid_size": (
        "ein Gitter hat 2 bis 40 Linien je Seite, nicht {size}",
        "a grid has 2 to 40 lines per side, not {size}",
    ),
    "layout.arg_number": ("{flag}: {value} ist keine Zahl", "{flag}: {value} is not a number"),
    "layout.arg_range": (
        "{flag}: {value} liegt nicht zwischen {low} und {high}",
        "{flag}: {value} is not between {low} and {high}",
    ),
    "layout.csv_line": (
        "{table}, Zeile {number}: erwartet ID,X,Y (mm, Dezimalpunkt) oder ID;X;Y "
        "(Semikolons, Dezimalkomma oder -punkt)",
        "{table}, line {number}: expected ID,X,Y (mm, decimal point) or ID;X;Y "
        "(semicolons, decimal comma or point)",
    ),
    "layout.too_close": (
        "{a} und {b} liegen {apart} mm auseinander, näher als ein Stein breit ist "
        "({diameter} mm): ein Messfehler? Steine darauf würden sich überlappen",
        "{a} and {b} are {apart} mm apart, closer than a piece is wide ({diameter} mm): a "
        "measuring typo? Pieces on them would overlap",
    ),
    "layout.too_close_more": (
        "und {count} weitere Paare von Feldern, näher als ein Stein breit ist "
        "(--piece-diameter zu groß?)",
        "and {count} more pairs of fields closer than a piece is wide (--piece-diameter too "
        "large?)",
    ),
    "layout.note": ("Hinweis: {note}", "note: {note}"),
    "layout.csv_empty": (
        "{table}: keine Felder (eines je Zeile: ID,X,Y in mm)",
        "{table}: no fields (one a line: ID,X,Y in mm)",
    ),
    "layout.csv_unread": ("{table}: kann nicht lesen: {why}", "{table}: cannot read: {why}"),
    "layout.unwritten": ("{out}: kann nicht schreiben: {why}", "{out}: cannot write: {why}"),
    "layout.no_folder": ("den Ordner gibt es nicht", "No such file or directory"),
    "layout.not_allowed": ("keine Schreibberechtigung", "Permission denied"),
    "layout.written": (
        "{out}: Brett {name}, {count} Felder",
        "{out}: layout {name}, {count} fields",
    ),
}
