"""The race game's words (games/tuerme/: rules, check): its moves described and
why a move is refused. German, then English; "Added 5.11" and the rule text's quotation
stay as they are."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # games/tuerme/check.py: the race game with towers and bridges
    "tuerme.single": ("{player} zieht {start} → {end}", "{player} moves {start} → {end}"),
    "tuerme.enter": (
        "{player} kommt heraus: {start} → {end}",
        "{player} comes in: {start} → {end}",
    ),
    "tuerme.tower": (
        "der Turm von {player} zieht {start} → {end}",
        "{player}'s tower moves {start} → {end}",
    ),
    "tuerme.top": (
        "der obere Stein von {player} zieht {start} → {end}",
        "{player}'s top piece moves {start} → {end}",
    ),
    "tuerme.bottom": (
        "der gefangene Stein von {player} zieht {start} → {end}",
        "{player}'s captured piece moves {start} → {end}",
    ),
    "tuerme.bridge": (" über die Brücke", " over the bridge"),
    "tuerme.builds": (", auf {player} (ein Turm)", ", onto {player} (a tower)"),
    "tuerme.passes": (
        "kein Stein kann den Wurf nutzen, der Spieler setzt aus",
        "no piece can use the roll, the player passes",
    ),
    "tuerme.no_piece_can": (
        "kein Stein kann {roll} ziehen ({reasons})",
        "no piece can move {roll} ({reasons})",
    ),
    "tuerme.zugzwang": (
        "ein Zug ist möglich, und wer ziehen kann, setzt nicht aus (Zugzwang); z. B. {example}",
        "a move is possible, and there is no passing when one is (Zugzwang); e.g. {example}",
    ),
    # the race game: a move described (games/tuerme/rules.py describe; its brackets: rules.py)
    "tuerme.on_tower": ("  [auf {player}: ein Turm]", "  [on {player}: a tower]"),
    "tuerme.freed": ("  [aus dem Turm befreit]", "  [freed from the tower]"),
    # the race game: why a move is refused (games/tuerme/rules.py attempt, games/tuerme/check.py)
    "tuerme.not_race": (
        "keine Stellung des Wettlaufs (Spiel {game})",
        "not a race-game position (game {game})",
    ),
    "tuerme.superzahl_dice": (
        "zwei Einsen oder zwei Sechsen weit (die Superzahl 1+6: 1 und 1 oder 6 und 6)",
        "two ones or two sixes (the Superzahl 1+6: 1 und 1 or 6 und 6)",
    ),
    "tuerme.not_roll": (
        "{legs} passt nicht zum Wurf {roll}: der Stein zieht {dice}",
        "{legs} does not fit the roll {roll}: the piece moves {dice}",
    ),
    # the words as said, quoted (trial s10: "6 und 4 passt nicht" for „raus und 4“)
    "tuerme.said_not_roll": (
        "{said} passt nicht zum Wurf {roll}: der Stein zieht {dice}",
        "{said} does not fit the roll {roll}: the piece moves {dice}",
    ),
    "tuerme.free_only": (
        "der auf {field} gefangene Stein wird nur mit 1+1, 6+6 oder 1+6 befreit, nicht {roll}",
        "the piece captured on {field} is freed only with 1+1, 6+6 or 1+6, not {roll}",
    ),
    # the player, not the field's id "Rot.Haus"; the 6's order said plainly (trial s7)
    "tuerme.in_with_six": (
        "ein Stein von {player} kommt nur mit einer 6 aus dem Haus: erst die 6, dann der "
        "andere Würfel",
        "a piece of {player}'s comes out of the house only with a 6: first the 6, then the "
        "other die",
    ),
    "tuerme.overshoots": (
        "{value} von {field} schießt über den Zielsektor hinaus, der {away} entfernt ist: "
        "er wird mit der genauen Zahl erreicht",
        "{value} from {field} overshoots the goal sector, {away} away: it is reached with "
        "the exact count",
    ),
    "tuerme.rest_left": (
        "{field} erreicht den Zielsektor mit dem ersten Würfel, {rest} bliebe übrig: es "
        "darf kein Rest bleiben",
        "{field} reaches the goal sector with the first die, {rest} would be left over: "
        "no rest may remain",
    ),
    "tuerme.bridge_past": (
        "die Brücke auf {field} führt an der Zielbahn von {player} vorbei: für {player} "
        "ist sie keine Abkürzung",
        "the bridge on {field} leads past {player}'s finish lane: it is no shortcut for {player}",
    ),
    "tuerme.no_bridge": (
        "{value} endet auf {field}, das keine Brücke ist",
        "{value} ends on {field}, which is no bridge",
    ),
    "tuerme.one_die_goal": (
        "{value} allein endet auf {field}: ein Würfel allein wird nur in den Zielsektor "
        "gespielt, sonst ziehen beide Würfel den Stein",
        "{value} alone ends on {field}: one die alone is played only into the goal "
        "sector, else both dice move the piece",
    ),
    "tuerme.mixed_tower_of": ("ein gemischter Turm von {player}", "a mixed tower of {player}"),
    "tuerme.tower_of": ("der Turm von {player}", "{player}'s tower"),
    "tuerme.in_the_way": (
        "{owner} auf {field} steht im Weg: ein fremder Turm wird nur mit einem Pasch oder "
        "der Superzahl 1+6 passiert",
        "{owner} on {field} is in the way: a foreign tower is passed only with a Pasch "
        "or the Superzahl 1+6",
    ),
    "tuerme.a_tower": ("einen Turm", "a tower"),
    "tuerme.a_piece": ("einen Stein von {player}", "a {player} piece"),
    "tuerme.holds": (
        "auf {field} steht {what}: ein Turm hat zwei Steine, nicht mehr",
        "{field} holds {what}: a tower has two pieces, no more",
    ),
    "tuerme.bridge_tower": (
        "{field} ist eine Brücke, und auf Brücken stehen keine Türme",
        "{field} is a bridge, and no towers stand on bridges",
    ),
    "tuerme.first_12": (
        "{field} liegt auf den ersten 12 Feldern, wo keine Türme stehen",
        "{field} lies on the first 12 fields, where no towers stand",
    ),
    "tuerme.wurf_roll": (
        "Wurf {wurf} passt nicht zum Wurf {roll}: er ergibt {sum}",
        "Wurf {wurf} does not fit the roll {roll}: it gives {sum}",
    ),
    "tuerme.no_pasch_of": (
        "der Wurf {roll} ist kein {pair}er-Pasch",
        "the roll {roll} is no Pasch of {pair}",
    ),
    "tuerme.no_pasch": ("der Wurf {roll} ist kein Pasch", "the roll {roll} is no Pasch"),
    "tuerme.no_superzahl": (
        "der Wurf {roll} ist keine Superzahl: das ist 1+6",
        "the roll {roll} is no Superzahl: that is 1+6",
    ),
    "tuerme.either": ("{first} oder {last}", "{first} or {last}"),
    "tuerme.not_moved": (
        "{value} ist nicht, was der Wurf {roll} zieht ({sums})",
        "{value} is not what the roll {roll} moves ({sums})",
    ),
    "tuerme.raus_six": (
        "„raus“ braucht eine 6, um einen Stein herauszubringen, und der Wurf {roll} hat keine",
        "'raus' needs a 6 to bring a piece in, and the roll {roll} has none",
    ),
    "tuerme.freed_only": (
        "ein gefangener Stein wird nur mit 1+1, 6+6 oder 1+6 befreit, nicht {roll}",
        "a captured piece is freed only with 1+1, 6+6 or 1+6, not {roll}",
    ),
    "tuerme.drauf_empty": (
        "„drauf“, aber {field} ist leer: der Stein wird auf nichts gesetzt",
        "'drauf', but {field} is empty: the piece is set on nothing",
    ),
    "tuerme.not_goal": (
        "„Ziel“, aber der Stein endet auf {field}, nicht im Zielsektor",
        "'Ziel', but the piece ends on {field}, not in the goal sector",
    ),
    "tuerme.nothing_on": (
        "{player} hat auf {field} nichts, was diese Worte ziehen können",
        "{player} has nothing on {field} that these words can move",
    ),
    "tuerme.none_home": (
        "{player} hat keinen Stein, der zu Hause wartet",
        "{player} has no piece waiting at home",
    ),
    "tuerme.mixed": (
        "im Turm von {player} auf {field} steckt ein gefangener Stein von {captured}: sein "
        "Besitzer zieht nur den oberen Stein, nie den Turm („Der Besetzer kann seinen "
        "Turm nicht bewegen“, Added 5.11)",
        "{player}'s tower on {field} holds a captured {captured} piece: its owner moves "
        "only the top piece, never the tower ('Der Besetzer kann seinen Turm nicht "
        "bewegen', Added 5.11)",
    ),
    "tuerme.has_no.tower": ("{player} hat keinen eigenen Turm", "{player} has no own tower"),
    "tuerme.has_no.top": (
        "{player} hat keinen Turm mit eigenem Stein oben",
        "{player} has no tower with its piece on top",
    ),
    "tuerme.has_no.bottom": (
        "{player} hat keinen gefangenen Stein",
        "{player} has no captured piece",
    ),
    "tuerme.has_no.any": (
        "{player} hat keinen Stein, der ziehen kann",
        "{player} has no piece that can move",
    ),
    "tuerme.from": ("von {fields}: {reason}", "from {fields}: {reason}"),
}
