"""TENET's words (games/tenet/: rules, board, check, live): its
turns described, its Miwin dice, and why a turn is not legal. German, then English; the
rule letters (d-g) and the Stein der Weisen keep their names in both."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # TENET's Miwin dice (games/tenet/board.py)
    "miwin.like": (
        "ein TENET-Wurf sind drei Miwin-Würfel wie 9,4,2 (oder ein Würfel für den Stein), "
        "nicht {said}",
        "a TENET roll is three Miwin dice like 9,4,2 (or one die for the stone), not {said}",
    ),
    "miwin.range": (
        "ein Miwin-Würfel zeigt 1 bis 9, nicht {value}",
        "a Miwin die shows 1 to 9, not {value}",
    ),
    "miwin.three": (
        "ein TENET-Wurf sind drei Miwin-Würfel (III,IV,V), nicht {count}",
        "a TENET roll is three Miwin dice (III,IV,V), not {count}",
    ),
    "miwin.on_no_die": (
        "Wurf {roll}: {misfit}, und kein Wert steht auf allen drei Miwin-Würfeln",
        "roll {roll}: {misfit}, and no value is on all three of Miwin's dice",
    ),
    "miwin.no_order": (
        "Wurf {roll}: {misfit}, und keine andere Reihenfolge passt zu den Würfeln",
        "roll {roll}: {misfit}, and no other order fits the dice",
    ),
    "miwin.misfit": ("Wurf {roll}: {misfit}", "roll {roll}: {misfit}"),
    "miwin.faces": (
        "Würfel {die} zeigt {faces}, nicht {value}",
        "die {die} shows {faces}, not {value}",
    ),
    # games/tenet/live.py
    "tenet.unsure": (
        "unsicher: {count} Zwischenstände für dieses Brett durchsucht, ohne Entscheidung; "
        "welcher Zug war es? Bitte seine Schritte wählen",
        "unsure: {count} step states searched for this board without a decision; which turn "
        "was it? Please pick its steps",
    ),
    "tenet.other_turn": (
        "die Ansage nennt einen anderen Zug: {turn}",
        "the announcement names another turn: {turn}",
    ),
    # TENET (games/tenet/rules.py, games/tenet/check.py): a turn described
    "tenet.turn": ("{player} {where}", "{player} {where}"),
    "tenet.pasch": (
        "(Stein → {stone}; {player} würfelt noch einmal)",
        "(stone → {stone}; {player} rolls again)",
    ),
    "tenet.back_to_start": ("  [zurück zum Start: {fields}]", "  [back to start: {fields}]"),
    "tenet.may_take_back": (
        "  [ihre Besitzer dürfen zurücknehmen: {fields}]",
        "  [their owners may take back: {fields}]",
    ),
    "tenet.stone": ("(Stein → {stone})", "(stone → {stone})"),
    "tenet.kind": ("({kind})", "({kind})"),
    "tenet.step": ("{start} → {end}", "{start} → {end}"),
    "tenet.step_hit": (
        "{start} → {end}, {player} → {put}",
        "{start} → {end}, {player} → {put}",
    ),
    "tenet.steps": ("({steps})", "({steps})"),
    "tenet.wins": (
        "{where}  [{player} nimmt den Stein und gewinnt]",
        "{where}  [{player} takes the stone and wins]",
    ),
    "tenet.moves_on": ("{where}  [weiter mit {dice}]", "{where}  [moves on with {dice}]"),
    # TENET: rolls the position does not wait for (games/tenet/rules.py)
    "tenet.not_tenet": (
        "keine TENET-Stellung (Spiel {game})",
        "not a TENET position (game {game})",
    ),
    "tenet.roll_stone": (
        "die erste Runde endete ohne Pasch: einen Würfel für den Stein werfen (z. B. --roll 5)",
        "the first round ended without a Pasch: roll one die for the stone (e.g. --roll 5)",
    ),
    "tenet.one_die_only": (
        "ein einzelner Würfel wird nur für den Stein nach einer ersten Runde geworfen",
        "one die is rolled only for the stone after a first round",
    ),
    "tenet.pasch_mid_turn": (
        "{player} zieht schon einen Wurf; {roll} ist ein Pasch",
        "{player} is moving a roll already; {roll} is a Pasch",
    ),
    "tenet.spent_not_rolled": (
        "laut Stellung wurde in diesem Zug {value} gezogen, aber der Wurf {roll} zeigt "
        "keine {value}",
        "the position says {value} was moved this turn, but the roll {roll} shows no {value}",
    ),
    "tenet.no_pasch": ("{roll} ist kein Pasch", "{roll} is no Pasch"),
    "tenet.not_clearable": (
        "{field} liegt nicht auf Planet {other} ({planet}) oder seinem Kraftfeld K{other}: "
        "nur Kugeln dort gehen zurück zum Start",
        "{field} is not on planet {other} ({planet}) or its force field K{other}: only "
        "balls there go back to start",
    ),
    "tenet.no_ball_to_clear": (
        "keine Kugel auf {field}, die zum Start zurück könnte",
        "no ball on {field} to take back to start",
    ),
    # TENET: why a turn is not legal (games/tenet/check.py)
    "tenet.no_ball_to": (
        "die Ansage bringt keine Kugel nach {field}",
        "the announcement moves no ball to {field}",
    ),
    "tenet.no_ball_from": (
        "die Ansage zieht keine Kugel von {field}",
        "the announcement moves no ball from {field}",
    ),
    "tenet.stone_die": (
        "der Würfel für den Stein zeigt {value}: sag 'Stein auf {planet}'",
        "the die for the stone shows {value}: say 'Stein auf {planet}'",
    ),
    "tenet.is_pasch": (
        "{roll} ist ein Pasch: keine Kugel zieht, der Stein geht auf {planet} (die "
        "Pasch-Regel geht vor) und {player} würfelt noch einmal",
        "{roll} is a Pasch: no ball moves, the stone goes to {planet} (the Pasch rule "
        "comes first) and {player} rolls again",
    ),
    "tenet.pair_shows": (
        "{what} {named}, aber der Pasch zeigt {value} ({planets})",
        "{what} {named}, but the pair shows {value} ({planets})",
    ),
    "tenet.not_pasch": (
        "{roll} ist kein Pasch: der Stein bleibt, wo er ist",
        "{roll} is no Pasch: the stone stays where it is",
    ),
    "tenet.over_before": (
        "das Spiel war vor '{value} von …' schon aus: {player} steht auf dem Pott {pott} "
        "mit der {planet} ungezogen und nimmt den Stein",
        "the game was over before '{value} von …': {player} stands on the Pott {pott} with "
        "the {planet} unmoved and takes the stone",
    ),
    # the roll said once while none of it is moved (new-user trial s5: "9, 8, 6 des Wurfs 9,8,6")
    "tenet.not_rolled": (
        "{value} ist nicht unter den Würfeln des Wurfs ({roll})",
        "{value} is not among the dice of the roll ({roll})",
    ),
    "tenet.not_left": (
        "{value} ist nicht unter den Würfeln, die noch zu ziehen sind: {left} (gewürfelt: {roll})",
        "{value} is not among the dice left to move: {left} (rolled: {roll})",
    ),
    "tenet.none_left": ("keiner", "none"),
    "tenet.stuck_one": (
        "nach '{step}' kann die {unmoved} nicht mehr gezogen werden, aber ein anderer Weg "
        "zieht {count} Würfel (z. B. '{turn}'): jeder Würfel, der gezogen werden kann, muss "
        "gezogen werden",
        "after '{step}' the {unmoved} can no longer be moved, but another way moves "
        "{count} dice (e.g. '{turn}'): every die that can be moved must be",
    ),
    "tenet.stuck_all": (
        "nach '{step}' können die {unmoved} nicht mehr alle gezogen werden, aber ein "
        "anderer Weg zieht {count} Würfel (z. B. '{turn}'): jeder Würfel, der gezogen "
        "werden kann, muss gezogen werden",
        "after '{step}' the {unmoved} cannot all be moved then, but another way moves "
        "{count} dice (e.g. '{turn}'): every die that can be moved must be",
    ),
    "tenet.no_pass": (
        "kein Aussetzen: eine Kugel kann noch ziehen (z. B. '{turn}')",
        "no pass: a ball can still move (e.g. '{turn}')",
    ),
    "tenet.pott_none": ("keinen Pott", "no Pott"),
    "tenet.pott_many": ("mehr als einen Pott ({potts})", "more than one Pott ({potts})"),
    "tenet.which_pott": (
        "'{value} von {start} auf den Pott': {value} Felder von {start} erreichen {where}; "
        "den Planeten nennen ('auf den Pott von Merkur')",
        "'{value} von {start} auf den Pott': {value} fields from {start} reach {where}; "
        "name the planet ('auf den Pott von Merkur')",
    ),
    "tenet.whose_pott": (
        "'auf den Pott': von welchem Planeten? ('auf den Pott von Merkur')",
        "'auf den Pott': which planet's? name it ('auf den Pott von Merkur')",
    ),
    "tenet.none_waits": (
        "auf dem Startfeld wartet keine Kugel von {player}",
        "no {player} ball waits on the start field",
    ),
    "tenet.no_ball_on": (
        "keine Kugel von {player} auf {field}{whose}",
        "no {player} ball on {field}{whose}",
    ),
    "tenet.ball_there": (
        " (dort liegt eine Kugel von {player})",
        " (the ball there is {player})",
    ),
    "tenet.free_no_put": (
        "{field} ist frei: da ist keine Kugel zu versetzen",
        "{field} is free: there is no ball to put elsewhere",
    ),
    "tenet.say_put": (
        "auf {field} liegt eine Kugel von {player}: sag, wohin sie geht ('versetzt {word} nach …')",
        "{field} holds a {player} ball: say where it goes ('versetzt {word} nach …')",
    ),
    "tenet.other_ball": (
        "die Kugel auf {field} gehört {player}, nicht {said}",
        "the ball on {field} is {player}, not {said}",
    ),
    "tenet.blocked": (
        "der Weg {start} → {end} ist von {why} versperrt: nur eigene Kugeln dürfen "
        "übersprungen werden",
        "the way {start} → {end} is blocked by {why}: only own balls may be jumped",
    ),
    "tenet.over_start": (
        "keine Kugel zieht auf oder über das Startfeld: dorthin kommt sie nur versetzt zurück",
        "no ball moves onto or over the start field: it returns there only when displaced",
    ),
    "tenet.not_along": (
        "{end} ist nicht {value} Felder von {start} entlang eines Kreises entfernt (eine "
        "Kugel wechselt den Kreis nur, wo ihr Zug auf einer Kreuzung beginnt)",
        "{end} is not {value} fields from {start} along one circle (a ball changes "
        "circles only where its move starts on a crossing)",
    ),
    "tenet.put_not_free": (
        "{field} ist nicht frei: eine versetzte Kugel kommt auf ein leeres Feld",
        "{field} is not free: a displaced ball goes onto an empty field",
    ),
    "tenet.start_only_planet": (
        "nur eine auf einem Planetenkreis versetzte Kugel darf zum Start zurück (Regel e): {field}",
        "only a ball displaced on a planet circle may go back to start (rule e): {field}",
    ),
    "tenet.put_where": (
        "{field} ist weder ein freies Feld eines Kreises durch {end} (Regeln d-f) noch "
        "neben einer anderen Kugel von {player} (Regel g)",
        "{field} is neither a free field of a circle through {end} (rules d-f) nor next "
        "to another {player} ball (rule g)",
    ),
    "tenet.no_stone_yet": (
        "kein Stein der Weisen: der Stein ist noch nicht im Spiel (er wartet am Start)",
        "no Stein der Weisen: the stone is not in play yet (it waits on start)",
    ),
    "tenet.no_stone_die": (
        "kein Stein der Weisen: der Stein liegt auf {planet}, und kein ungezogener Würfel "
        "zeigt {value}",
        "no Stein der Weisen: the stone is on {planet}, and no unmoved die shows {value}",
    ),
    "tenet.no_stone_pott": (
        "kein Stein der Weisen: keine Kugel von {player} auf dem Pott {pott} von {planet}",
        "no Stein der Weisen: no {player} ball on the Pott {pott} of {planet}",
    ),
    # Learn: a turn spelled out part by part (games/tenet/teach.py), for a child to read
    "tenet.teach.die_of": ("{value} von {roll}", "{value} of {roll}"),
    "tenet.teach.die": (
        "der Würfel, mit dem du ziehst: die Kugel geht {value} Felder auf einem Kreis",
        "the die you move with: the ball walks {value} fields along one circle",
    ),
    "tenet.teach.from_start": (
        "von wo: die Kugel kommt vom Startfeld in der Mitte",
        "from where: the ball leaves the start field in the middle",
    ),
    "tenet.teach.from": (
        "von wo: die Kugel steht auf {field}",
        "from where: the ball stands on {field}",
    ),
    "tenet.teach.to": (
        "nach wo: die Kugel bleibt auf {field} stehen, {value} Felder weiter",
        "to where: the ball stops on {field}, {value} fields on",
    ),
    "tenet.teach.left": ("noch zu ziehen: {dice}", "still to move: {dice}"),
    "tenet.teach.none_left": ("kein Würfel mehr", "no die left"),
    "tenet.teach.put": (
        "dort stand eine Kugel von {hit}: sie wird von {field} nach {put} versetzt",
        "a ball of {hit} stood there: it is put from {field} on {put}",
    ),
    "tenet.teach.claim": (
        "die Kugel steht auf dem Pott des Planeten, auf dem der Stein liegt: {player} nimmt "
        "den Stein der Weisen und gewinnt",
        "the ball stands on the Pott of the stone's planet: {player} takes the Stein der "
        "Weisen and wins",
    ),
    "tenet.teach.pasch": (
        "zwei gleiche Würfel: keine Kugel zieht; der Stein geht zum Planeten {value}, "
        "{planet}, und {player} würfelt noch einmal",
        "two dice alike: no ball moves; the stone goes to planet {value}, {planet}, and "
        "{player} rolls again",
    ),
    "tenet.teach.stone": ("wohin der Stein kommt: {planet}", "where the stone goes: {planet}"),
    "tenet.teach.stone_die": (
        "nach der ersten Runde ohne Pasch sagt ein Würfel, wohin der Stein kommt: {planet}",
        "after a first round without a Pasch, one die says where the stone goes: {planet}",
    ),
    "tenet.teach.cleared": (
        "die eigenen Kugeln dort gehen zurück zum Start",
        "the own balls there go back to start",
    ),
    "tenet.teach.passt": (
        "keine Kugel von {player} kann mit diesem Wurf ziehen",
        "no ball of {player} can move with this roll",
    ),
    "tenet.too_many_turns": (
        "mehr als {limit} verschiedene Bretter nach {dice} Würfeln für {player}: bitte den "
        "angesagten Zug prüfen, statt alle aufzulisten",
        "more than {limit} different boards after {dice} dice for {player}: check the "
        "announced turn instead of listing them",
    ),
}
