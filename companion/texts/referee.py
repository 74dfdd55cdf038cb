"""What the referee says at the table (companion/table/referee.py): German, then English."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # a board that differs from the position (companion/model/boards.py differences)
    "board.differences": ("{items}", "{items}"),
    "board.should_be_empty": (
        "{field} sollte leer sein ({seen} gesehen)",
        "{field} should be empty ({seen} seen)",
    ),
    "board.should_hold_empty": (
        "auf {field} sollte {want} stehen (leer gesehen)",
        "{field} should hold {want} (empty seen)",
    ),
    "board.should_hold": (
        "auf {field} sollte {want} stehen ({seen} gesehen)",
        "{field} should hold {want} ({seen} seen)",
    ),
    "board.more": ("und {count} weitere", "and {count} more"),
    # the referee's verdicts
    "referee.set_as_shown": (
        "Bitte die Steine wie gezeigt stellen: {diff}",
        "set the pieces as shown: {diff}",
    ),
    "referee.too_many": (
        "Das Brett zeigt {shown} Steine von {colour}, doch jeder hat nur {each}: liegt eine "
        "Hand oder etwas anderes über dem Brett? Bitte wegnehmen oder die Steine wie gezeigt "
        "stellen",
        "the board shows {shown} {colour} pieces, but there are only {each} each: is a hand "
        "or something else over the board? Take it away, or set the pieces as shown",
    ),
    "referee.set_up": ("Bitte die Steine aufstellen: {diff}", "set up the pieces: {diff}"),
    "referee.moved_before_roll": (
        "Ein Stein wurde bewegt, bevor die Würfel gelesen waren; bitte zurückstellen: {diff}",
        "a piece moved before the dice were read; set it back: {diff}",
    ),
    "referee.resumed.one": (
        "Nach einem Neustart fortgesetzt: das Spiel steht wie zuvor ({count} Zug aus dem Journal)",
        "resumed after a restart: the game stands as before ({count} move from the journal)",
    ),
    "referee.resumed.other": (
        "Nach einem Neustart fortgesetzt: das Spiel steht wie zuvor ({count} Züge aus dem Journal)",
        "resumed after a restart: the game stands as before ({count} moves from the journal)",
    ),
    # a record that serve --resume N copied names the game it goes on with (trial s12 L1)
    "referee.continued.one": (
        "Spiel {old} als Spiel {new} fortgesetzt: das Spiel steht wie zuvor ({count} Zug aus "
        "dem Journal)",
        "game {old} continued as game {new}: the game stands as before ({count} move from the "
        "journal)",
    ),
    "referee.continued.other": (
        "Spiel {old} als Spiel {new} fortgesetzt: das Spiel steht wie zuvor ({count} Züge aus "
        "dem Journal)",
        "game {old} continued as game {new}: the game stands as before ({count} moves from "
        "the journal)",
    ),
    "referee.board_set_up": ("Brett aufgebaut: bitte würfeln", "board set up: roll the dice"),
    "referee.set_back": (
        "Steine zurückgestellt: bitte den Zug ausführen",
        "pieces set back: make your move",
    ),
    "referee.as_shown": ("Die Steine stehen wie gezeigt", "the pieces stand as shown"),
    "referee.as_shown_roll": (
        "Die Steine stehen wie gezeigt: bitte würfeln",
        "the pieces stand as shown: roll the dice",
    ),
    "referee.as_shown_move": (
        "Die Steine stehen wie gezeigt: bitte den Zug ausführen",
        "the pieces stand as shown: make your move",
    ),
    # read by the camera or typed on the page: said as neither (new-user trial s14 L7)
    "referee.dice_refused": ("Würfel {dice}: {reason}", "dice {dice}: {reason}"),
    "referee.dice_unsure": (
        "Würfel {dice}: {unsure} nicht sicher gelesen – bitte neu würfeln oder den Wurf eintragen",
        "dice {dice}: {unsure} not read surely – please roll again or enter the roll",
    ),
    "referee.dice_again": (
        "Würfel {dice} liegen noch wie beim letzten Wurf – bitte neu würfeln oder den Wurf "
        "eintragen",
        "dice {dice} lie as they did for the last roll – please roll again or enter the roll",
    ),
    "referee.roll_unexpected": (
        "{phase}: dieser Wurf kam unerwartet",
        "{phase}: the roll was not expected",
    ),
    "referee.roll_noted": (
        "Wurf notiert; erst die Steine aufstellen",
        "roll noted; first set up the pieces",
    ),
    "referee.roll_refused": (
        "{player} würfelt {dice}: {reason}",
        "{player} rolled {dice}: {reason}",
    ),
    "referee.rolled.one": (
        "{player} würfelt {dice}: 1 erlaubter Zug",
        "{player} rolled {dice}: 1 legal move",
    ),
    "referee.rolled.other": (
        "{player} würfelt {dice}: {count} erlaubte Züge",
        "{player} rolled {dice}: {count} legal moves",
    ),
    "referee.rolled_many": (
        "{player} würfelt {dice}: mehr als {count} erlaubte Züge",
        "{player} rolled {dice}: more than {count} legal moves",
    ),
    "referee.ambiguous": (
        "Das Brett passt zu mehreren Zügen; welcher war gemeint?",
        "the board fits several moves; which was meant?",
    ),
    # what the camera's view says over the frame (companion/table/watch.py, companion/table/live.py)
    "watch.board": ("Brett", "board"),
    "watch.dice": ("Würfel", "dice"),
    "watch.still": ("ruhig", "still"),
    "watch.waiting": ("wartet", "waiting"),
    "watch.pieces.one": ("1 Stein", "1 piece"),
    "watch.pieces.other": ("{count} Steine", "{count} pieces"),
    "watch.nothing": ("weder Brett noch Würfel im Bild", "neither the board nor dice in the frame"),
    "watch.rolling": ("ein Würfel rollt noch", "a die is still rolling"),
    "watch.settling": (
        "Würfel {values}: warten, bis sie still liegen",
        "dice {values}: waiting for them to lie still",
    ),
    # why the referee waits for a still board (companion/table/busy.py): what, where, what to do
    "busy.more.one": (" und 1 weiteres Feld", " and 1 more field"),
    "busy.more.other": (" und {count} weitere Felder", " and {count} more fields"),
    "busy.empty": ("leer", "empty"),
    "busy.covered": (
        "etwas über {field}{more} verdeckt das Brett – bitte die Hand wegnehmen",
        "something over {field}{more} hides the board – please take the hand away",
    ),
    "busy.unknown": (
        "etwas liegt über {field}{more} – Hand weg oder Blendung?",
        "something is over {field}{more} – a hand, or glare?",
    ),
    "busy.hand": (
        "eine Hand oder ein Gegenstand ist über dem Brett – bitte wegnehmen",
        "a hand or an object is over the board – please take it away",
    ),
    "busy.unsure": (
        "unsicher bei {field} ({seen}?){more} – den Stein mittig aufs Feld stellen, "
        "Schatten und Blendung prüfen",
        "unsure of {field} ({seen}?){more} – set the piece in the middle of its field, "
        "check for shadow and glare",
    ),
    "busy.glare": (
        "Blendung über {field}{more} – Lampe oder Brett etwas verschieben",
        "glare over {field}{more} – move the lamp or the board a little",
    ),
    "busy.unsure_glare": (
        "unsicher bei {field} ({seen}?){more}: Blendung – Lampe oder Brett etwas verschieben",
        "unsure of {field} ({seen}?){more}: glare – move the lamp or the board a little",
    ),
    "busy.moved": (
        "das Brett liegt nicht mehr, wo es kalibriert wurde – Ecken neu kalibrieren: "
        "`companion calibrate corners`",
        "the board no longer lies where it was calibrated – calibrate its corners again: "
        "`companion calibrate corners`",
    ),
    "busy.moved_by": (
        "das Brett liegt nicht mehr, wo es kalibriert wurde (um ~{pixels} px verschoben) – "
        "Ecken neu kalibrieren: `companion calibrate corners`",
        "the board no longer lies where it was calibrated (moved by ~{pixels} px) – "
        "calibrate its corners again: `companion calibrate corners`",
    ),
    "busy.changing": (
        "auf {field} bewegt sich etwas – warten, bis alles ruhig liegt",
        "something moves on {field} – waiting until everything lies still",
    ),
    "busy.waiting": (
        "wartet, bis das Brett einige Bilder lang ruhig ist",
        "waiting until the board stays still for a few frames",
    ),
    "busy.no_markers": (
        "kein Brett im Bild: keine Marker zu sehen – Brett ganz ins Bild, Marker frei lassen",
        "no board in view: no markers seen – bring the whole board into view, "
        "keep the markers uncovered",
    ),
    "busy.or_corners": (
        "{said} – oder passen die vier Ecken nicht? Auf der Seite „Kalibrieren“ prüfen, ob "
        "die Kreise im Kamerabild auf den Feldern liegen (ohne eingemessene Farben kann die "
        "Kamera das nicht unterscheiden)",
        "{said} – or do the four corners not fit? Check on the Calibrate page that the "
        "circles on the camera picture lie on the fields (without calibrated colours the "
        "camera cannot tell)",
    ),
    "busy.no_corners": (
        "Brett ohne Marker: vier Ecken einmessen (Seite „Kalibrieren“ oder companion "
        "calibrate corners), bis dahin findet die Kamera das Brett nicht",
        "board without markers: calibrate its four corners (the Calibrate page or "
        "companion calibrate corners); until then the camera cannot find the board",
    ),
    "busy.out_of_view": (
        "das Brett ist nur zum Teil im Bild – Kamera oder Brett so rücken, dass es ganz "
        "zu sehen ist",
        "the board is only partly in view – move the camera or the board so all of it shows",
    ),
    "busy.too_few": (
        "nur {count} Marker des Bretts zu sehen – Brett ganz ins Bild, Marker frei lassen",
        "only {count} of the board's markers seen – bring the whole board into view, "
        "keep the markers uncovered",
    ),
    "busy.other_board": (
        "die Kamera sieht die Marker eines anderen Bretts ({board}) – das Spiel dieses "
        "Bretts wählen oder das richtige Brett hinlegen",
        "the camera sees the markers of another board ({board}) – choose that board's "
        "game or put the right board down",
    ),
    "busy.misplaced": (
        "die Marker liegen nicht, wo das Brett sie hat – ein anderes Brett, oder ein Marker "
        "ist verdeckt oder angehoben",
        "the markers do not lie where the board has them – another board, or a marker is "
        "covered or lifted",
    ),
    "busy.no_plane": (
        "die vier eingemessenen Ecken ergeben keine Ebene – die Ecken neu einmessen",
        "the four calibrated corners give no plane – calibrate the corners again",
    ),
    "watch.rolled": ("gewürfelt: {values}", "rolled {values}"),
    "watch.read_before": (
        "die Würfel des letzten Wurfs ({values}): wartet auf einen neuen Wurf",
        "the dice of the last roll ({values}): waiting for a new throw",
    ),
    "referee.ambiguous_many": (
        "Das Brett passt zu mehr als {count} Zügen; welcher war gemeint?",
        "the board fits more than {count} moves; which was meant?",
    ),
    "referee.no_move_leads": (
        "Kein erlaubter Zug führt zu diesem Brett: {diff}",
        "no legal move leads to this board: {diff}",
    ),
    "referee.no_such_move": (
        "Diesen Zug gibt es jetzt nicht",
        "there is no such move to make now",
    ),
    "referee.nothing_to_check": (
        "Noch kein Zug, mit dem die Ansage verglichen werden kann",
        "no move to check the announcement against",
    ),
    "referee.no_roll_to_announce": (
        "Kein Wurf wartet gerade auf seinen Zug: bitte erst würfeln, dann ansagen",
        "no roll waits for its move now: please roll first, then announce",
    ),
    # words that are no announcement: not a verdict on the move (docs/referee.md)
    "referee.announcement_not_understood": (
        "Ansage zu Zug {number} von {player} (Wurf {dice}) nicht verstanden ({reason}). "
        "Der Zug bleibt stehen; bitte die Ansage wiederholen oder neu eintippen",
        "Announcement of move {number} by {player} (roll {dice}) not understood ({reason}). "
        "The move stands; please say it again or type it anew",
    ),
    "referee.announced_first_not_understood": (
        "Ansage von {player} vor dem Zug (Wurf {dice}) nicht verstanden ({reason}). "
        "Bitte die Ansage wiederholen oder neu eintippen",
        "Announcement by {player} before the move (roll {dice}) not understood ({reason}). "
        "Please say it again or type it anew",
    ),
    "referee.announcement_of": (
        "Ansage zu Zug {number} von {player} (Wurf {dice}): {reason}",
        "Announcement of move {number} by {player} (roll {dice}): {reason}",
    ),
    "referee.announcement_fits": (
        "Die Ansage passt zum ausgeführten Zug",
        "the announcement fits the move made",
    ),
    "referee.announcement_other": (
        "Die Ansage nennt einen anderen Zug ({reason})",
        "the announcement names another move ({reason})",
    ),
    # words after the move that do not fit it (new-user trial s11 M5)
    "referee.announcement_not_made": (
        "gesagt {said}, gezogen wurde {made}: {why}",
        "said {said}, the move made was {made}: {why}",
    ),
    "referee.announcement_another": (
        "die Ansage nennt einen anderen Zug",
        "the announcement names another move",
    ),
    "referee.turn_said_whole": (
        "Der Zug wird ganz angesagt, ab seinem ersten Schritt: '{turn}'",
        "the turn is announced whole, from its first step: '{turn}'",
    ),
    # announced before the move (docs/referee.md, "Announce, then move")
    "referee.announced_first": (
        "Ansage von {player} vor dem Zug (Wurf {dice}): erlaubt. Jetzt so ziehen: {fields}",
        "Announced by {player} before the move (roll {dice}): legal. Now move so: {fields}",
    ),
    "referee.announced_first_wrong": (
        "Ansage von {player} vor dem Zug (Wurf {dice}): {reason}",
        "Announced by {player} before the move (roll {dice}): {reason}",
    ),
    # words said before the move that fit several moves (new-user trial s7: Tunnel X)
    "referee.announced_first_which": (
        "Ansage von {player} vor dem Zug (Wurf {dice}): passt zu {count} Zügen. Bitte "
        "unten den gemeinten antippen: bei jedem steht, von wo nach wo er zieht",
        "Announced by {player} before the move (roll {dice}): fits {count} moves. Please "
        "tap the one meant below: each says where it moves from and to",
    ),
    # typed words past announcing.LONGEST: said, not cut and judged in part (review nc16)
    "referee.announcement_too_long": (
        "Die Ansage ist zu lang ({count} Zeichen, höchstens {most}): nicht geprüft. Bitte kürzen",
        "the announcement is too long ({count} characters, at most {most}): not checked. "
        "Please shorten it",
    ),
    "referee.set_as_announced": (
        "Das Brett zeigt nicht den angesagten Zug: bitte die Steine wie angesagt stellen: {diff}",
        "the board does not show the move announced: set the pieces as announced: {diff}",
    ),
    "board.will_be_empty": ("{field} leer", "{field} empty"),
    "board.will_hold": ("{want} auf {field}", "{want} on {field}"),
    "board.set_from_to": ("{want} von {start} nach {end}", "{want} from {start} to {end}"),
    "referee.nothing_to_choose": ("Hier gibt es nichts zu wählen", "nothing to choose"),
    "referee.legal_move": ("Erlaubter Zug", "legal move"),
    "referee.stone_to": (  # a Pasch taken on the roll: no board showed it (trial s11 M6c)
        "{legal}; Stein auf {planet} legen",
        "{legal}; put the stone on {planet}",
    ),
    "referee.rolls_again": (
        "{legal}; {player} würfelt noch einmal ({dice})",
        "{legal}; {player} rolls again ({dice})",
    ),
    "referee.legal_pass": ("Erlaubter Zug: {why}", "legal move: {why}"),
    "referee.wins": ("{player} gewinnt", "{player} wins"),
    "referee.moves_on": ("Weiter mit {dice}", "moves on with {dice}"),
    # a move tapped in the list that is not the one announced first (new-user trial s9)
    "referee.played_otherwise": (
        "{verdict}, anders als angesagt: „{announced}“ – gespielt: „{played}“",
        "{verdict}, other than announced: “{announced}” – played: “{played}”",
    ),
    # a turn announced whole, after some of its steps (new-user trial s9)
    "referee.moves_on_as_announced": (
        "Weiter wie angesagt ({dice}): „{rest}“. Jetzt so ziehen: {fields}",
        "moves on as announced ({dice}): “{rest}”. Now move so: {fields}",
    ),
    "referee.corrected": (
        "Stellung korrigiert: bitte die Steine wie gezeigt aufstellen",
        "position corrected: set up the pieces as shown",
    ),
    "referee.nothing_to_undo": ("Nichts zurückzunehmen", "nothing to undo"),
    # correcting one recorded move (companion/table/correction.py)
    "referee.nothing_to_correct": (
        "Dieses Spiel hat kein Protokoll: kein Zug zu berichtigen",
        "this game keeps no journal: no move to correct",
    ),
    "referee.move_corrected": (
        "Zug {number} berichtigt: „{said}“; die Züge danach stehen. Bitte die Steine wie "
        "gezeigt aufstellen",
        "move {number} corrected: “{said}”; the moves after it stand. Set up the pieces as shown",
    ),
    # a correction says what to do on the board: the camera may not see it (trial s11 M6a)
    "referee.move_corrected_set": (
        "Zug {number} berichtigt: „{said}“; die Züge danach stehen. Auf dem Brett: {board}",
        "move {number} corrected: “{said}”; the moves after it stand. On the board: {board}",
    ),
    "referee.move_corrected_dropped_set": (
        "Zug {number} berichtigt: „{said}“; ab Zug {dropped} zurückgenommen. Auf dem Brett: "
        "{board}",
        "move {number} corrected: “{said}”; taken back from move {dropped} on. On the "
        "board: {board}",
    ),
    "referee.move_corrected_dropped": (
        "Zug {number} berichtigt: „{said}“; ab Zug {dropped} zurückgenommen. Bitte die "
        "Steine wie gezeigt aufstellen",
        "move {number} corrected: “{said}”; taken back from move {dropped} on. Set up the "
        "pieces as shown",
    ),
    "correction.stale": (
        "Das Spiel ist weitergegangen, seit Zug {number} zur Berichtigung "
        "gewählt wurde: bitte noch einmal wählen",
        "the game has changed since move {number} was chosen for correction: choose again",
    ),
    # a correction that takes back moves reopens the turn of the first (trial s14 H2)
    "correction.with_roll": ("{said}; {roll}", "{said}; {roll}"),
    "correction.roll_stays": (
        "der Wurf {roll} bleibt: {player} zieht mit ihm noch einmal",
        "the roll {roll} stays: {player} moves with it again",
    ),
    "correction.roll_goes_on": (
        "der Wurf {roll} bleibt: {player} zieht weiter mit {dice}",
        "the roll {roll} stays: {player} moves on with {dice}",
    ),
    # a correction's yes sent from a page the game has left behind (trial s14 H1, L5)
    "since.went_on": (
        "Das Spiel ist weitergegangen, seit diese Seite gezeigt wurde: {what}; bitte noch "
        "einmal nachsehen",
        "the game went on since this page was shown: {what}; look again",
    ),
    "since.played": (
        "Zug {number} wurde gespielt ({player} {dice}: „{said}“)",
        "move {number} was played ({player} {dice}: “{said}”)",
    ),
    "since.played_many": (
        "die Züge {first} bis {last} wurden gespielt",
        "moves {first} to {last} were played",
    ),
    "since.undone": ("ein Zug wurde zurückgenommen", "a move was taken back"),
    "since.corrected": ("ein Zug wurde berichtigt", "a move was corrected"),
    "since.other_game": (
        "die Seite gehört zu einem anderen Stand des Spiels",
        "the page belongs to another state of the game",
    ),
    "since.redone": (
        "Zug {number} ist schon so berichtigt: „{said}“; nichts noch einmal aufgezeichnet",
        "move {number} is already corrected so: “{said}”; nothing recorded again",
    ),
    "correction.game_over": (
        "das Spiel war mit Zug {number} zu Ende: {player} gewinnt",
        "the game ended with move {number}: {player} wins",
    ),
    "correction.not_their_turn": (
        "nach der Berichtigung ist {player} am Zug",
        "after the correction it is {player}'s turn",
    ),
    "correction.several": (
        "die Worte passen jetzt zu mehreren Zügen derselben Steine",
        "the words now fit several moves of the same pieces",
    ),
    "correction.other_pieces": (
        "die Worte bewegen jetzt andere Steine",
        "the words now move other pieces",
    ),
    "referee.undone_roll": (
        "Zug zurückgenommen: bitte die Steine wie gezeigt zurückstellen; der Wurf {dice} "
        "bleibt, {player} zieht mit ihm noch einmal",
        "move taken back: set the pieces back as shown; the roll {dice} stays, {player} "
        "moves with it again",
    ),
    "referee.undone_roll_on": (  # TENET: a step in mid-turn (trial s14 L6)
        "Zug zurückgenommen: bitte die Steine wie gezeigt zurückstellen; der Wurf {dice} "
        "bleibt, {player} zieht weiter mit {left}",
        "move taken back: set the pieces back as shown; the roll {dice} stays, {player} "
        "moves on with {left}",
    ),
    # a move its roll forced (a Pasch typed by mistake): taken back with the roll (s11 H4)
    "referee.undone_with_roll": (
        "Zug mit seinem Wurf {dice} zurückgenommen: {player} würfelt noch einmal",
        "move taken back with its roll {dice}: {player} rolls again",
    ),
    # TENET: the balls cleared after a Pasch put back; the Pasch stands (review s11 f5)
    "referee.undone_clearing": (
        "Räumen zurückgenommen; der Pasch bleibt: bitte die Kugeln zurückstellen, dann "
        "würfelt {player}",
        "clearing taken back; the Pasch stands: set the balls back, then {player} rolls",
    ),
    "referee.roll_kept": (
        "Der Wurf {dice} des zurückgenommenen Zugs bleibt: erst die Steine zurückstellen, "
        "dann mit ihm ziehen",
        "the roll {dice} of the move taken back stays: set the pieces back, then move with it",
    ),
    "referee.undone": (
        "Zug zurückgenommen: bitte die Steine wie gezeigt zurückstellen",
        "move taken back: set the pieces back as shown",
    ),
}
