"""Names the referee uses inside sentences: colours, games, rule switches.

A player is named by their colour, a noun in German ("Rot ist am Zug").
"""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # colours of the pieces (companion/render/paint.py PIECE_COLOURS)
    # a field's id in prose (texts.field): its colour, and the named fields, translated
    "said.quoted": ("„{said}“", "'{said}'"),
    "field.of": ("{rest} von {colour}", "{colour}'s {rest}"),
    "field.home": ("Haus", "home"),
    "field.goal": ("Ziel", "goal"),
    "field.start": ("Start", "start"),
    "colour.red": ("Rot", "red"),
    "colour.yellow": ("Gelb", "yellow"),
    "colour.green": ("Grün", "green"),
    "colour.blue": ("Blau", "blue"),
    "colour.white": ("Weiß", "white"),
    "colour.black": ("Schwarz", "black"),
    "colour.orange": ("Orange", "orange"),
    "colour.turquoise": ("Türkis", "turquoise"),
    "colour.purple": ("Lila", "purple"),
    # games (companion/games GAMES)
    "game.gravitation": ("ZwiAner::Gravitation", "ZwiAner::Gravitation"),
    "game.tunnelx": ("ZwiAner::Tunnel X", "ZwiAner::Tunnel X"),
    "game.tuerme": ("Wettlauf mit Türmen und Brücken", "Race game with towers and bridges"),
    "game.tenet": ("TENET", "TENET"),
    # rule switches (GameSpec.options), with the rule text's own name where it has one;
    # English names it in English, except "Todesstoß", which English verdicts use as the
    # rules' own term (texts/rules.py) and which is therefore explained here
    "option.gravitation.always_sum": (
        "immer beide Würfel addieren (Übersichtskarte), nie einen Würfel allein",
        "always add both dice (summary card), never one die alone",
    ),
    "option.gravitation.death_push": (
        "Todesstoß: ein Stoß von 10 oder mehr kann nicht abgewehrt werden und darf die "
        "Steine der Kette zerstören",
        "Todesstoß (death push): a push of 10 or more cannot be defended and may destroy "
        "the pieces in the chain",
    ),
    "option.gravitation.declare_before_roll": (
        "den Stein vor dem Würfeln nennen; er zerschellt, wenn der Wurf ihn nicht tragen "
        "kann (Übersichtskarte)",
        "name the piece before rolling; it crashes if the roll cannot carry it (summary card)",
    ),
    "option.gravitation.prediction": (
        "Vorhersage: vor dem Würfeln 4, 5 oder 6 ansagen",
        "prediction: call 4, 5 or 6 before rolling",
    ),
    "option.gravitation.roll_again_on_own_special": (
        "ein Zug, der auf einem eigenen Sonderfeld endet, bringt einen weiteren Wurf "
        "(Übersichtskarte, Spezial-3)",
        "a move ending on an own special field earns another roll (summary card, special rule 3)",
    ),
    "option.tunnelx.variant_2_1": (
        "Sonderregel 2.1: beim Pasch ein Würfel mit Tunneln oder beide Würfel addiert "
        "ohne Tunneleffekt",
        "special rule 2.1: on a doublet, one die with tunnelling or both dice added without "
        "the tunnel effect",
    ),
    "option.tuerme.towers_free_after_every_start": (
        "keine Türme auf den ersten 12 Feldern nach jedem Startfeld, nicht nur nach dem "
        "eigenen des ziehenden Steins (Regelklärung 5.4)",
        "no towers on the first 12 fields after every start field, not only on the moving "
        "piece's own first 12 (ruling 5.4)",
    ),
    # the drawing of the board (companion/render)
    "board.title": ("Spielbrett {layout}", "board {layout}"),
    # a built-in board is named by its game, a board of the user's own by its name
    "board.of_game": ("von {game}", "of {game}"),
    "tenet.caption": ("Stein {where} · am Start: {counts}", "stone {where} · on start: {counts}"),
    "tenet.in_zentrum": ("im Zentrum", "in the Zentrum"),
    "tenet.on_planet": ("auf {planet} ({field})", "on {planet} ({field})"),
    "tenet.count": ("{player} {count}", "{player} {count}"),
    "tenet.none": ("keine", "none"),
}
