"""The help page's words: each game's rules in short and the words of its announcement.

Written from the project's own rulings (docs/rulings.md, RULINGS.md) and notation
(docs/notation.md), in both languages. :data:`RULES` and :data:`GLOSSARY` say which
texts belong to which game (by the game's name, the key of ``companion.games.GAMES``);
the page looks them up and compares no game's name.
"""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "help": ("Hilfe", "Help"),
    "help_title": ("Hilfe: {game}", "Help: {game}"),
    "help_board": (
        "Das Brett; ein Feld antippen oder darauf zeigen nennt seinen Namen.",
        "The board; tap or point at a field to see its name.",
    ),
    "help_board_marked": (
        "Das Brett; umrandet: die Station S1–S5 und die Formation F1–F5 (das Ziel) von "
        "{player}. Ein Feld antippen oder darauf zeigen nennt seinen Namen.",
        "The board; ringed: the station S1–S5 and the formation F1–F5 (the goal) of "
        "{player}. Tap or point at a field to see its name.",
    ),
    "help_rules": ("Die Regeln in Kürze", "The rules in short"),
    "help_words": ("Die Wörter der Ansage", "The words of the announcement"),
    "help_word": ("Wort", "Word"),
    "help_meaning": ("Bedeutung", "Meaning"),
    "help_example": ("Beispiel", "Example"),
    "help_switches": (
        "Die Regelschalter dieses Spiels stehen auf dem Tisch unter „Regelschalter“.",
        "This game's rule switches are listed on the table under “Rule switches”.",
    ),
    "help_link": ("Was heißt „{word}“?", "What does “{word}” mean?"),
    "help_none": ("Für dieses Spiel gibt es hier noch keine Hilfe.", "No help here yet."),
    # ZwiAner Gravitation (phase 3; phases 1 and 2 in the last line)
    "help.gravitation.1": (
        "Ziel: alle fünf eigenen Steine auf den eigenen Formationsfeldern F1–F5.",
        "Goal: all five own pieces on your own formation fields F1–F5.",
    ),
    "help.gravitation.2": (
        "Gezogen wird die Summe beider Würfel oder ein Würfel allein, mit einem Stein; die "
        "Punkte werden genau verbraucht, die Ansage zählt bis 0 herunter.",
        "You move the sum of both dice or one die alone, with one piece; the points are "
        "spent exactly, the announcement counts down to 0.",
    ),
    "help.gravitation.3": (
        "Gravitation: wer auf einer Umlaufbahn bleibt, bezahlt ihre Gravitation (U1 1, U2 2, "
        "U3 3, U4 5, U5 7); wer nach außen klettert, bezahlt jede verlassene Bahn; nach "
        "innen ist frei.",
        "Gravity: a piece staying in an orbit pays its gravity (U1 1, U2 2, U3 3, U4 5, "
        "U5 7); climbing outward pays every orbit left; inward is free.",
    ),
    "help.gravitation.4": (
        "Linien: grüne Umlaufbahnen im Uhrzeigersinn; rote Linien in beide Richtungen, "
        "blaue nur nach innen, gelbe nur nach außen.",
        "Lines: green orbits clockwise; red lines both ways, blue inward only, yellow "
        "outward only.",
    ),
    "help.gravitation.5": (
        "Energiespeicher (nicht bei einem Pasch): vor dem Zug Punkte herausnehmen oder "
        "überzählige hineinlegen (0 bis 5), nicht beides.",
        "Energy store (not on a doublet): before the move take points out or put spare "
        "points in (0 to 5), not both.",
    ),
    "help.gravitation.6": (
        "Stoß: steht auf der Bahn ein Stein im Weg, hält der Ziehende davor an und gibt die "
        "übrigen Punkte an den letzten Stein der Kette weiter; dessen Spieler kann mit "
        "Speicherpunkten abwehren.",
        "Push: a piece in the way on an orbit stops the mover before it, and the points "
        "left pass to the last piece of the chain; its player may defend with store points.",
    ),
    "help.gravitation.7": (
        "Absturz: kann ein Stein die Gravitation nicht bezahlen, fällt er in den Gravitator "
        "und kehrt in seine Station zurück; wer einen anderen Zug hat, muss ihn machen.",
        "Crash: a piece that cannot pay the gravity falls into the Gravitator and returns "
        "to its station; a player with any other move must make it.",
    ),
    "help.gravitation.8": (
        "Pasch (nicht 1+1): keine Gravitation, jeder Schritt kostet 1, Tunneleffekt, kein "
        "Speicher. 1+1 zählt 2 oder 11. 1+2: Tausch mit dem nächsten fremden Stein oder "
        "auf das nächste Sonderfeld, oder ein gewöhnlicher Wurf 3.",
        "Doublet (not 1+1): no gravity, each step costs 1, tunnel effect, no store. 1+1 "
        "counts 2 or 11. 1+2: swap with the nearest foreign piece or go to the nearest "
        "special field, or an ordinary roll of 3.",
    ),
    "help.gravitation.9": (
        "Phase 1: keine Gravitation und kein Speicher, immer Tunneleffekt. Phase 2: ohne "
        "Tunneleffekt; gewonnen mit drei eigenen Steinen nebeneinander in der Formation.",
        "Phase 1: no gravity and no store, always the tunnel effect. Phase 2: no tunnel "
        "effect; won with three own pieces side by side in the formation.",
    ),
    # Tunnel X
    "help.tunnelx.1": (
        "Ziel: alle fünf Steine in die eigene Formation.",
        "Goal: all five pieces into your own formation.",
    ),
    "help.tunnelx.2": (
        "Es zählt ein Würfelwert; jeder Schritt kostet 1, alle Linien in ihrer Richtung; "
        "keine Gravitation, kein Speicher, kein Stoß.",
        "One die's value counts; each step costs 1, every line in its direction; no "
        "gravity, no store, no push.",
    ),
    "help.tunnelx.3": (
        "Tunnel: eine Kette besetzter Felder wird in einem Schritt durchquert; jeder "
        "durchtunnelte Stein, der nicht auf einem Sonderfeld steht, geht in seine Station "
        "zurück. Bei einem Pasch schützen Sonderfelder nicht.",
        "Tunnel: a chain of occupied fields is passed in one step; every piece tunnelled "
        "through that is not on a special field goes back to its station. On a doublet "
        "special fields do not protect.",
    ),
    "help.tunnelx.4": (
        "1+1 zählt 2 oder 11. 1+2: auf das nächste Sonderfeld oder Tausch mit dem nächsten "
        "fremden Stein derselben Bahn; danach noch einmal würfeln.",
        "1+1 counts 2 or 11. 1+2: to the nearest special field or swap with the nearest "
        "foreign piece on the same orbit; then roll again.",
    ),
    "help.tunnelx.5": (
        "Ein ganz besetzter Ring kann nicht durchtunnelt werden.",
        "A ring that is completely occupied cannot be tunnelled through.",
    ),
    # the race game with towers and bridges
    "help.tuerme.1": (
        "Ziel: die eigenen Steine einmal herum in den eigenen Zielsektor, mit genauem Wurf.",
        "Goal: your pieces once round into your own goal sector, with an exact roll.",
    ),
    "help.tuerme.2": (
        "Mit einer 6 kommt ein Stein aus dem Haus auf sein Startfeld.",
        "A 6 brings a piece from home onto its start field.",
    ),
    "help.tuerme.3": (
        "Ein Stein zieht die Augen beider Würfel nacheinander: erst die des einen, dann "
        "die des anderen.",
        "One piece moves the counts of both dice one after the other: first one die's, then "
        "the other's.",
    ),
    "help.tuerme.4": (
        "Brücke: endet ein Würfel genau auf einer roten Brücke, führt sie 6 Felder weiter.",
        "Bridge: a die that ends exactly on a red bridge takes the piece 6 fields further.",
    ),
    "help.tuerme.5": (
        "Türme: ein Stein, der auf einem anderen landet, baut einen Turm; 1+1, 6+6 und 1+6 "
        "befreien. Ein Pasch und 1+6 (die Superzahl) dürfen noch einmal würfeln.",
        "Towers: a piece landing on another builds a tower; 1+1, 6+6 and 1+6 free. A "
        "doublet and 1+6 (the Superzahl) roll again.",
    ),
    # TENET
    "help.tenet.1": (
        "Gewürfelt wird mit Miwins drei Würfeln III, IV und V; jeder Wert wird mit einer "
        "Kugel gezogen, mit einer, zwei oder drei Kugeln.",
        "You roll Miwin's three dice III, IV and V; each value moves one ball, with one, "
        "two or three balls.",
    ),
    "help.tenet.2": (
        "Eine Kugel läuft ihre Zahl auf einem Kreis in einer Richtung; abbiegen nur, wo ihr "
        "Schritt auf einem Schnittpunkt beginnt. Eigene Kugeln werden übersprungen, fremde "
        "versperren den Weg.",
        "A ball walks its number along one circle in one direction, turning only where its "
        "step starts on a crossing. Own balls are jumped, foreign ones block.",
    ),
    "help.tenet.3": (
        "Landet eine Kugel auf einer anderen, wird diese versetzt: auf ein freies Feld eines "
        "Kreises durch dieses Feld, vom Planetenkreis zurück zum Start, oder neben eine "
        "andere Kugel ihrer Farbe.",
        "A ball landing on another displaces it: onto a free field of a circle through "
        "that field, from a planet circle back to start, or next to another ball of its "
        "colour.",
    ),
    "help.tenet.4": (
        "Jeder Würfel, der gezogen werden kann, muss gezogen werden; wer keinen ziehen "
        "kann, sagt „passt“.",
        "Every die that can be moved must be moved; who can move none says “passt”.",
    ),
    "help.tenet.5": (
        "Pasch: keine Kugel zieht, der Stein der Weisen geht zum Planeten des Paars, Kugeln "
        "auf Planet und Kraftfeld des dritten Würfels dürfen zum Start zurück, und derselbe "
        "Spieler würfelt noch einmal.",
        "Doublet (Pasch): no ball moves, the “Stein der Weisen” goes to the pair's planet, "
        "balls on the third die's planet and force field may go back to start, and the "
        "same player rolls again.",
    ),
    "help.tenet.6": (
        "Gewonnen: eine Kugel auf dem Pott des Planeten, auf dem der Stein liegt, während "
        "der Würfel mit der Zahl des Planeten noch nicht gezogen ist.",
        "Won: a ball on the Pott of the stone's planet while the die with the planet's "
        "number is still unmoved.",
    ),
    # the words of the ZwiAner announcement (docs/notation.md, "Meaning of the numbers")
    "word.Wurf": (
        "die Punkte, die die Würfel geben (Summe, ein Würfel, 1+1 als 2 oder 11)",
        "the points the dice give (the sum, one die, 1+1 as 2 or 11)",
    ),
    "word.Speicher": (
        "die Zählung, nachdem Punkte aus dem Energiespeicher genommen oder hineingelegt wurden",
        "the count after points were taken from the energy store or put into it",
    ),
    "word.Umlaufbahn": (
        "die Zählung, nachdem die Gravitation der Umlaufbahn bezahlt ist",
        "the count after the orbit's gravity is paid",
    ),
    "word.Gravitation": (
        "die Zählung beim Überqueren eines Feldes einer Gravitationslinie (nach innen frei)",
        "the count while passing a field of a gravity line (inward: free)",
    ),
    "word.Zahl": (
        "eine bloße Zahl: ein Schritt entlang einer Linie, 1 Punkt",
        "a bare number: one step along a line, 1 point",
    ),
    "word.Stoß": (
        "der Ziehende hält an, die übrigen Punkte gehen an den letzten Stein der Kette",
        "the mover stops, the points left pass to the last piece of the chain",
    ),
    "word.Abwehr": (
        "der gestoßene Spieler verkürzt den Stoß mit Speicherpunkten",
        "the pushed player shortens the push with store points",
    ),
    "word.Tunnel": (
        "eine Kette von Steinen in einem gezählten Schritt durchquert",
        "a chain of pieces passed in one counted step",
    ),
    "word.Absturz": (
        "der Stein fällt in den Gravitator und kehrt in seine Station zurück",
        "the piece falls into the Gravitator and returns to its station",
    ),
    "word.Tausch": (
        "1+2: Tausch mit dem nächsten fremden Stein",
        "1+2: swap with the nearest foreign piece",
    ),
    "word.Sonderfeld": (
        "1+2: auf das nächste freie Sonderfeld (F1–F5 und S1 jedes Spielers)",
        "1+2: onto the nearest free special field (every player's F1–F5 and S1)",
    ),
    # the race game's words
    "word.raus": ("die 6, die einen Stein ins Spiel bringt", "the 6 that brings a piece in"),
    "word.Brücke": (
        "der Würfel endete genau auf einer Brücke und führte über sie",
        "the die ended exactly on a bridge and crossed it",
    ),
    "word.Turm": ("der ganze eigene Turm zieht", "the whole own tower moves"),
    "word.auflösen": (
        "der obere Stein verlässt einen Turm allein",
        "the top piece leaves a tower alone",
    ),
    "word.befreien": (
        "der gefangene untere Stein befreit sich",
        "the captured lower piece frees itself",
    ),
    "word.drauf": ("auf den Stein dort gesetzt: ein Turm", "set on the piece there: a tower"),
    "word.Ziel": ("in den Zielsektor", "into the goal sector"),
    "word.Superzahl": (
        "1+6, gespielt als zwei Einsen oder zwei Sechsen",
        "1+6, played as two ones or two sixes",
    ),
    "word.passe": ("kein Stein kann ziehen", "no piece can move"),
    # TENET's words
    "word.von … nach": (
        "ein Würfel: die Zahl von Feld zu Feld",
        "one die: the number from field to field",
    ),
    "word.versetzt": (
        "wohin die Kugel kommt, auf der gelandet wurde",
        "where the ball that was landed on is put",
    ),
    "word.Pasch": (
        "zwei gleiche Würfel: der Stein der Weisen zieht",
        "two equal dice: the “Stein der Weisen” moves",
    ),
    "word.räumt": (
        "nach einem Pasch: diese Kugeln gehen zum Start zurück",
        "after a doublet: these balls go back to start",
    ),
    "word.Stein der Weisen": (
        "der Stein wird genommen, das Spiel gewonnen",
        "the stone is taken, the game won",
    ),
    "word.passt": ("kein Würfel kann gezogen werden", "no die can be moved"),
    # the glossary's pictures (companion/web/pictures.py): one line under each
    "pic.Wurf": (
        "Rot zieht die Punkte des Wurfs mit einem Stein, hier aus S1 auf die Bahn U1.",
        "With one piece red moves the roll's points, here from S1 onto orbit U1.",
    ),
    "pic.Speicher": (
        "Der Energiespeicher von Rot neben seiner Station steht auf 3.",
        "The energy store of red, beside its station, stands at 3.",
    ),
    "pic.Umlaufbahn": (
        "Ein Stein, der auf U4 bleibt, bezahlt ihre Gravitation 5.",
        "A piece that stays in U4 pays its gravity 5.",
    ),
    "pic.Gravitation": (
        "Auf der roten Linie von U2 nach innen bis U5: nach innen frei.",
        "Along the red line from U2 inward to U5: inward is free.",
    ),
    "pic.Zahl": (
        "Jede bloße Zahl ist ein Schritt auf der Bahn, hier drei von U1.5 an.",
        "Each bare number is one step along the orbit, here three from U1.5.",
    ),
    "pic.Stoß": (
        "Rot hält vor der gelben Kette an; der Rest schiebt den letzten gelben Stein weiter.",
        "Pushing, red stops before the yellow chain; the rest pushes its last piece on.",
    ),
    "pic.Abwehr": (
        "Gelb verkürzt den Stoß auf seinen Stein mit Punkten aus seinem Speicher.",
        "Defending, yellow shortens the push on its piece with points from its store.",
    ),
    "pic.Tunnel": (
        "Rot durchquert die gelbe Kette in einem Schritt und landet dahinter.",
        "In one step red passes the yellow chain and lands behind it.",
    ),
    "pic.Absturz": (
        "Kann der Stein auf U5 die Gravitation 7 nicht bezahlen, fällt er in den Gravitator.",
        "If the piece in U5 cannot pay the gravity 7, it falls into the Gravitator.",
    ),
    "pic.Tausch": (
        "1+2: Rot tauscht den Platz mit dem nächsten fremden Stein.",
        "1+2: red swaps places with the nearest foreign piece.",
    ),
    "pic.Sonderfeld": (
        "Die Sonderfelder von Rot: die Formation F1–F5 und S1.",
        "The special fields of red: the formation F1–F5 and S1.",
    ),
    "pic.raus": (
        "Mit der 6 aus dem Haus (H) auf das Startfeld, mit der 3 weiter.",
        "With the 6 from home (H) onto the start field, with the 3 on.",
    ),
    "pic.Brücke": (
        "Die 2 endet genau auf der Brücke: 6 Felder weiter, dann die 5.",
        "The 2 ends exactly on the bridge: 6 fields further, then the 5.",
    ),
    "pic.Turm": (
        "Zwei rote Steine auf einem Feld: ein Turm, der zusammen zieht.",
        "Two red pieces on one field: a tower that moves as one.",
    ),
    "pic.auflösen": (
        "Der obere Stein (Rot) verlässt den Turm allein, 5 und 2 weit; Gelb bleibt liegen.",
        "The top piece (red) leaves the tower alone, 5 and 2 on; yellow stays.",
    ),
    "pic.befreien": (
        "Der gefangene untere Stein (Rot) befreit sich mit 1 und 1; Gelb bleibt liegen.",
        "The captured lower piece (red) frees itself with 1 and 1; yellow stays.",
    ),
    "pic.drauf": (
        "Rot landet auf Gelb und setzt sich drauf: ein Turm.",
        "Landing on yellow, red sits on top: a tower.",
    ),
    "pic.Ziel": (
        "Über die Ziellinie in den Zielsektor (Z), mit genauem Wurf.",
        "Over the finish line into the goal sector (Z), with an exact roll.",
    ),
    "pic.Superzahl": (
        "1+6, gespielt als zwei Einsen oder zwei Sechsen; hier zwei Sechsen: 6 Felder "
        "und noch einmal 6.",
        "1+6, played as two ones or two sixes; here two sixes: 6 fields and 6 more.",
    ),
    "pic.passe": (
        "Alle Steine im Haus und keine 6: kein Stein kann ziehen.",
        "All pieces at home and no 6: no piece can move.",
    ),
    "pic.von … nach": (
        "Ein Würfel: 9 Felder vom Start nach X3-4.",
        "One die: 9 fields from the start to X3-4.",
    ),
    "pic.versetzt": (
        "Rot landet auf Blau (K3.13); die blaue Kugel wird auf ein freies Feld versetzt.",
        "On K3.13 red lands on blue; the blue ball is put on a free field.",
    ),
    "pic.Pasch": (
        "Pasch 5: der Stein der Weisen geht auf seinen Platz beim Jupiter.",
        "Doublet 5: the Stein der Weisen goes to its place at Jupiter.",
    ),
    "pic.räumt": (
        "Nach dem Pasch gehen Kugeln auf der Erde (P3) und ihrem Kraftfeld K3 zum Start.",
        "After the doublet, balls on Earth (P3) and its force field K3 go back to start.",
    ),
    "pic.Stein der Weisen": (
        "Eine Kugel auf dem Pott (P) des Planeten mit dem Stein (S): gewonnen.",
        "A ball on the Pott (P) of the stone's (S) planet: won.",
    ),
    "pic.passt": (
        "Keine Kugel kann einen Würfel ziehen: passt.",
        "No ball can move any die: passt.",
    ),
}

_ZWIANER = (
    ("Wurf", "Wurf 7"),
    ("Speicher", "Wurf 7, Speicher 6"),
    ("Umlaufbahn", "Wurf 7, Umlaufbahn 2"),  # on U4, as its picture (gravity 5)
    ("Gravitation", "Wurf 10, Gravitation 10"),
    ("Zahl", "…, 5, 4, 3"),
    ("Stoß", "…, Stoß 2"),
    ("Abwehr", "…, Stoß 2, Abwehr 1"),
    ("Tunnel", "Wurf 6, Tunnel 5"),
    ("Absturz", "Wurf 3, Absturz"),
    ("Tausch", "Wurf 3, Tausch"),
    ("Sonderfeld", "Wurf 3, Sonderfeld"),
)

#: The rules in short, per game: the text ids in order.
RULES: dict[str, tuple[str, ...]] = {
    "gravitation": tuple(f"help.gravitation.{n}" for n in range(1, 10)),
    "tunnelx": tuple(f"help.tunnelx.{n}" for n in range(1, 6)),
    "tuerme": tuple(f"help.tuerme.{n}" for n in range(1, 6)),
    "tenet": tuple(f"help.tenet.{n}" for n in range(1, 7)),
}

#: The words of each game's announcement: the word, an example of it (said as spoken).
GLOSSARY: dict[str, tuple[tuple[str, str], ...]] = {
    "gravitation": _ZWIANER,
    "tunnelx": tuple(
        w for w in _ZWIANER if w[0] in ("Wurf", "Zahl", "Tunnel", "Tausch", "Sonderfeld")
    ),
    "tuerme": (
        ("raus", "raus und 3"),
        ("Brücke", "2, Brücke und 5"),
        ("Turm", "Turm, 5 und 2"),
        ("auflösen", "auflösen, 5 und 2"),
        ("befreien", "befreien, 1 und 1"),
        ("drauf", "5 und 2, drauf"),
        ("Ziel", "4 und 1, Ziel"),
        ("Superzahl", "Superzahl, 6 und 6"),
        ("passe", "passe"),
    ),
    "tenet": (
        ("von … nach", "9 von Start nach X3-4"),
        ("versetzt", "…, versetzt blau nach K3.11"),
        ("Pasch", "Pasch 5: Stein auf Jupiter"),
        ("räumt", "Pasch 5: Stein auf Jupiter, räumt K3.4, P3.2"),
        ("Stein der Weisen", "6 von P1.0 nach P1.6; Stein der Weisen"),
        ("passt", "passt"),
    ),
}
